import DynamicType
import Reports

// Observations of the app's own UI as read from its files (storyboards, XIBs, SwiftUI): one per
// text element and one per table row with a fixed height. The `ui.*` checks read them; they need
// no text and no layout, only what the files say about fonts, sizes and constraints.

/// One text element of the app's UI files.
public struct UIElementObservation: Sendable, Equatable {
    public var screen: String
    /// The row (cell) the element is in, nil for a screen's own element.
    public var row: String?
    /// The element's id (Interface Builder object id, or SwiftUI `View#n`).
    public var element: String
    /// label, button, textField, textView, segment, navigationTitle, …
    public var kind: String
    /// The development-language text when the file has it.
    public var text: String?
    /// Where the element is written.
    public var source: SourceLocation?
    /// The text style when the font is one (nil for a fixed size).
    public var textStyle: String?
    /// A description of the face: "system", "system semibold", "Avenir-Book".
    public var face: String
    /// Point sizes at the 12 categories (`ContentSizeCategory.allCases` order): a text style's curve, or
    /// the same size 12 times for a fixed font.
    public var pointSizes: [Double]
    /// Line heights at the 12 categories, in points (the font's line height at each size).
    public var lineHeights: [Double]
    /// Whether the size ignores Dynamic Type (no text style).
    public var isFixedSize: Bool
    /// `adjustsFontForContentSizeCategory`.
    public var adjustsForContentSizeCategory: Bool
    /// Lines (0 = unlimited).
    public var lines: Int
    /// Autoshrink's smallest scale (`adjustsFontSizeToFit`), nil without autoshrink.
    public var minimumScaleFactor: Double?
    /// A height constraint on the element: constant, relation (`=`, `≤`, `≥`), required or not, and where.
    public var heightConstant: Double?
    public var heightRelation: String?
    public var heightRequired: Bool
    public var heightSource: SourceLocation?
    /// Whether the height cuts off text beyond it (`UISizeConstraint.clipsText`): UIKit's does; a
    /// SwiftUI frame lets the text draw past it unless clipped.
    public var heightClipsText: Bool
    /// How much of its line box, in em per side, a line loses before its capitals' tops or its
    /// baseline are cut (nil when the font's cap height is unknown): a height that takes less
    /// cuts only the line's empty space, descenders and accents.
    public var clearance: Double?
    /// Where the font is set (the `.font(…)` modifier, `fontDescription`), when the file says:
    /// what a developer changes for `ui.fixed-font`.
    public var fontSource: SourceLocation?
    /// The categories the element allows (SwiftUI's `.dynamicTypeSize(…)` range); nil = all 12.
    public var categories: ClosedRange<ContentSizeCategory>?
    /// Where the range is set (the `.dynamicTypeSize(…)` modifier): what a developer changes for
    /// `ui.capped`.
    public var categoriesSource: SourceLocation?

    public init(screen: String, row: String? = nil, element: String, kind: String = "label", text: String? = nil,
                source: SourceLocation? = nil, textStyle: String? = nil, face: String = "system",
                pointSizes: [Double], lineHeights: [Double], isFixedSize: Bool, adjustsForContentSizeCategory: Bool,
                lines: Int = 1, minimumScaleFactor: Double? = nil, heightConstant: Double? = nil,
                heightRelation: String? = nil, heightRequired: Bool = true, heightSource: SourceLocation? = nil,
                heightClipsText: Bool = true, clearance: Double? = nil, fontSource: SourceLocation? = nil, categories: ClosedRange<ContentSizeCategory>? = nil,
                categoriesSource: SourceLocation? = nil) {
        self.screen = screen
        self.row = row
        self.element = element
        self.kind = kind
        self.text = text
        self.source = source
        self.textStyle = textStyle
        self.face = face
        self.pointSizes = pointSizes
        self.lineHeights = lineHeights
        self.isFixedSize = isFixedSize
        self.adjustsForContentSizeCategory = adjustsForContentSizeCategory
        self.lines = lines
        self.minimumScaleFactor = minimumScaleFactor
        self.heightConstant = heightConstant
        self.heightRelation = heightRelation
        self.heightRequired = heightRequired
        self.heightSource = heightSource
        self.heightClipsText = heightClipsText
        self.clearance = clearance
        self.fontSource = fontSource
        self.categories = categories
        self.categoriesSource = categoriesSource
    }

    /// The height the element's text needs at category index `i`: its lines (at least one) × line height.
    public func neededHeight(at i: Int) -> Double { Double(max(1, lines)) * lineHeights[i] }

    /// "label “Open Settings” (F9H-Kr-npj)".
    var described: String {
        var s = kind
        if let text, !text.isEmpty { s += " " + Describe.quote(text) }
        return s + " (\(element))"
    }

    func finding(_ check: some Check, code: String, message: String, figures: [String: Double],
                 category: ContentSizeCategory? = nil, source: SourceLocation? = nil) -> Finding {
        Finding(checkId: check.id, severity: check.defaultSeverity, message: message, screen: screen, row: row,
                label: element, category: category, style: textStyle, font: face, source: source ?? self.source,
                figures: figures, text: text, code: code)
    }
}

/// A table row (cell) whose height the file fixes, with what its text needs.
public struct UIRowObservation: Sendable, Equatable {
    public var screen: String
    public var row: String
    /// The fixed row height in points, and where it is set (the table's or the cell's `rowHeight`).
    public var fixedHeight: Double
    public var source: SourceLocation?
    /// At the 12 categories, the height the row's tallest text element needs (lines × line
    /// height) plus the cell's content insets: what the row needs at least.
    public var neededHeights: [Double]
    /// The element that needs the most at AX5.
    public var tallestElement: String

    public init(screen: String, row: String, fixedHeight: Double, source: SourceLocation? = nil,
                neededHeights: [Double], tallestElement: String) {
        self.screen = screen
        self.row = row
        self.fixedHeight = fixedHeight
        self.source = source
        self.neededHeights = neededHeights
        self.tallestElement = tallestElement
    }
}
