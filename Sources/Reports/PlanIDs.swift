// The audit is a pipeline of typed stages:
//
//   TypeFitConfig (parsed once) → AuditPlan (TypeFit/Audit/AuditPlan.swift: resolved once,
//   Sendable) → FontSet (per thread: faces and measurers) → UnitLayout (one screen × locale laid
//   out) → UnitObservation (pure) → checks → AuditCollector (compact findings, figures, capped
//   snapshots) → report document.
//
// Nothing is joined through strings: screens, rows, labels, fonts and styles have typed ids (here,
// so observations and findings carry them from the plan to the check settings and the grouper),
// and a row repeated N times is one planned row with a count. Names are spelled only at the edges.

/// A screen of the plan: its position in the config's `screens`.
public struct ScreenID: Hashable, Comparable, Sendable, Codable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: ScreenID, b: ScreenID) -> Bool { a.index < b.index }
}

/// A row of a screen: its position in the screen's `rows` (a repeated row is one row).
public struct RowID: Hashable, Comparable, Sendable, Codable {
    public var screen: ScreenID
    public var index: Int
    public init(screen: ScreenID, index: Int) {
        self.screen = screen
        self.index = index
    }
    public static func < (a: RowID, b: RowID) -> Bool { (a.screen.index, a.index) < (b.screen.index, b.index) }
}

/// A label of a row: its position among the row's labels (stacked labels, then the pair's title
/// and value).
public struct LabelID: Hashable, Comparable, Sendable, Codable {
    public var row: RowID
    public var index: Int
    public init(row: RowID, index: Int) {
        self.row = row
        self.index = index
    }
    public static func < (a: LabelID, b: LabelID) -> Bool { (a.row, a.index) < (b.row, b.index) }
}

/// A font of the plan: its position in `AuditPlan.fonts`.
public struct FontID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: FontID, b: FontID) -> Bool { a.index < b.index }
}

/// A style of the plan: its position in `AuditPlan.styles` (sorted by name).
public struct StyleID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: StyleID, b: StyleID) -> Bool { a.index < b.index }
}
