import DynamicType

/// Can the app claim App Store Connect's **Larger Text** accessibility nutrition label? Text that
/// can be enlarged to at least 200 % of its default size (Large), without truncated or clipped
/// text at the accessibility sizes (Apple: "Overview of Accessibility Nutrition Labels" and
/// "Larger Text evaluation criteria", App Store Connect Help). Built from the document's groups
/// (`ReportDocument.withLargerText()`) when the audit assembles the document; reporters only show it.
public struct LargerText: Codable, Sendable, Equatable {
    /// How far text must grow against its size at Large, in percent.
    public static let requiredPercent = 200.0
    /// Blockers report.md lists; it counts the rest.
    public static let markdownCap = 10

    /// "ready" when there is no blocker, else "not-ready".
    public var verdict: String
    /// Measured findings that stop the claim, worst first: fixed text (100 %), then capped text by
    /// the percentage it reaches, then truncated or clipped text by the first AX size it happens at.
    public var blockers: [LargerTextItem]
    /// The same kinds of findings whose certainty is estimated, unverified or at risk: listed
    /// apart, never blockers.
    public var uncertain: [LargerTextItem]
    /// Per screen with items (config order; project-wide items under "(app)").
    public var screens: [LargerTextScreen]

    public init(verdict: String, blockers: [LargerTextItem], uncertain: [LargerTextItem], screens: [LargerTextScreen]) {
        self.verdict = verdict
        self.blockers = blockers
        self.uncertain = uncertain
        self.screens = screens
    }

    public var isReady: Bool { verdict == "ready" }
}

/// One element that stops text reaching 200 %, or whose text is truncated or clipped at AX1–AX5.
public struct LargerTextItem: Codable, Sendable, Equatable {
    /// The screen (nil: a project-wide style or font).
    public var screen: String?
    /// The element: its label, else its style or font.
    public var element: String
    public var source: SourceLocation?
    public var checkId: String
    /// WCAG 2.2: "1.4.4" (Resize Text) for text fixed or capped below 200 %, "1.4.10" (Reflow)
    /// for text truncated or clipped at AX1–AX5.
    public var criterion: String
    /// The largest size the text reaches against its size at Large, in percent (1.4.4 items).
    public var percent: Double?
    /// The first accessibility size it is truncated or clipped at (1.4.10 items), UIKit name.
    public var category: String?
    public var certainty: Certainty

    public init(screen: String?, element: String, source: SourceLocation?, checkId: String, criterion: String,
                percent: Double?, category: String?, certainty: Certainty) {
        self.screen = screen
        self.element = element
        self.source = source
        self.checkId = checkId
        self.criterion = criterion
        self.percent = percent
        self.category = category
        self.certainty = certainty
    }

    /// As reports write it: "Home › title (App/Home.swift:12): 1.4.4, stays at 100 %".
    public var summary: String {
        var s = (screen.map { $0 + " › " } ?? "") + element
        if let source { s += " (\(source.file):\(source.line))" }
        s += ": \(criterion) "
        if let percent {
            s += percent <= 100 ? "Resize Text, stays at \(ReportText.number(percent)) %"
                : "Resize Text, capped at \(ReportText.number(percent)) %"
        } else {
            s += "Reflow, \(checkId == "text.truncated" ? "truncated" : "clipped") from \(category.map(ContentSizeCategory.shortName(of:)) ?? "AX")"
        }
        return s
    }
}

/// One screen's Larger Text figures.
public struct LargerTextScreen: Codable, Sendable, Equatable {
    public var screen: String
    /// The largest size the screen's least growing text reaches against its size at Large, in
    /// percent (nil: every text scales with its text style, body 17 → 53 pt at AX5, 312 %).
    public var percent: Double?
    /// Elements whose text stays fixed or is capped below 200 %.
    public var limited: [String]
    /// Elements truncated or clipped at AX1–AX5.
    public var truncated: [String]

    public init(screen: String, percent: Double?, limited: [String], truncated: [String]) {
        self.screen = screen
        self.percent = percent
        self.limited = limited
        self.truncated = truncated
    }
}

extension ReportDocument {
    /// The checks whose text stays fixed (100 %).
    static let fixedTextChecks: Set<String> = ["ui.fixed-font", "style.not-scaling", "web.not-scaling"]
    /// The checks whose text is cut at a size (1.4.10 when at AX1–AX5).
    static let cutTextChecks: Set<String> = ["text.truncated", "text.clipped", "web.clipped"]

    /// The document with `largerText` computed from its groups (every group, baselined or new:
    /// the label is about the app as it is), a label's source from `elementSources` when known.
    public func withLargerText() -> ReportDocument {
        var doc = self
        doc.largerText = LargerText.from(groups, scope: scope, elementSources: elementSources)
        return doc
    }
}

extension LargerText {
    /// The Larger Text section of `groups` (in canonical order). An element's groups (one per
    /// locale or string) make one item: measured when any of them is, at its worst figure.
    public static func from(_ groups: [FindingGroup], scope: Scope,
                            elementSources: [ElementKey: SourceLocation] = [:]) -> LargerText {
        let large = TextStyle.body.pointSize(at: .default)
        let accessibility = ContentSizeCategory.allCases.filter(\.isAccessibility).map(\.uikitName)
        let rank = Dictionary(accessibility.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        struct Element: Hashable { var screen, row, label, style, font, selector: String?; var checkId: String }
        var items: [LargerTextItem] = []
        var index: [Element: Int] = [:]
        for g in groups {
            let k = g.key
            var element = k.label ?? k.style ?? k.font ?? k.selector ?? k.row ?? g.checkId
            if let row = k.row, k.label != nil, row != k.label { element = row + " › " + element }
            var source = g.source
            if let screen = k.screen, let row = k.row, let label = k.label,
               let known = elementSources[ElementKey(screen: screen, row: row, label: label)] { source = known }
            let candidate: LargerTextItem
            func item(_ criterion: String, percent: Double?, category: String?) -> LargerTextItem {
                LargerTextItem(screen: k.screen, element: element, source: source, checkId: g.checkId,
                               criterion: criterion, percent: percent.map { ($0 * 10).rounded() / 10 },
                               category: category, certainty: g.certainty)
            }
            if ReportDocument.fixedTextChecks.contains(g.checkId) {
                candidate = item("1.4.4", percent: 100, category: nil)
            } else if g.checkId == "style.capped", let growth = g.worst["growth"], growth * 100 < requiredPercent {
                // growth: the style's size at AX5 over its size at Large.
                candidate = item("1.4.4", percent: growth * 100, category: nil)
            } else if g.checkId == "ui.capped", let last = g.worst["lastIndex"],
                      ContentSizeCategory.allCases.indices.contains(Int(last)),
                      case let growth = TextStyle.body.pointSize(at: ContentSizeCategory.allCases[Int(last)]) / large * 100,
                      growth < requiredPercent {
                // The text is drawn at most at category `lastIndex`: body's growth up to there (HIG).
                candidate = item("1.4.4", percent: growth, category: nil)
            } else if ReportDocument.cutTextChecks.contains(g.checkId),
                      let first = accessibility.first(where: g.categories.contains) {
                candidate = item("1.4.10", percent: nil, category: first)
            } else {
                continue
            }
            let e = Element(screen: k.screen, row: k.row, label: k.label, style: k.label == nil ? k.style : nil,
                            font: k.label == nil && k.style == nil ? k.font : nil, selector: k.selector, checkId: g.checkId)
            guard let i = index[e] else {
                index[e] = items.count
                items.append(candidate)
                continue
            }
            // Measured wins; then the lower percentage, or the earlier accessibility size.
            let old = items[i]
            let better = (candidate.certainty == .measured) != (old.certainty == .measured)
                ? candidate.certainty == .measured
                : (candidate.percent ?? 0, candidate.category.flatMap { rank[$0] } ?? 0)
                    < (old.percent ?? 0, old.category.flatMap { rank[$0] } ?? 0)
            if better { items[i] = candidate }
        }
        let screenRank = Dictionary(scope.screens.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func key(_ i: LargerTextItem) -> (Int, Double, Int, Int, String, String) {
            (i.criterion == "1.4.4" ? 0 : 1, i.percent ?? 0, i.category.flatMap { rank[$0] } ?? 0,
             i.screen.flatMap { screenRank[$0] } ?? -1, i.element, i.checkId)
        }
        items.sort { key($0) < key($1) }
        let blockers = items.filter { $0.certainty == .measured }
        let uncertain = items.filter { $0.certainty != .measured }
        // One pass: each screen's items in the order above, elements once each.
        let byScreen = Dictionary(grouping: items) { $0.screen ?? "(app)" }
        let names = byScreen.keys.sorted { (screenRank[$0] ?? -1, $0) < (screenRank[$1] ?? -1, $1) }
        let screens = names.map { name -> LargerTextScreen in
            let mine = byScreen[name]!
            func elements(_ keep: (LargerTextItem) -> Bool) -> [String] {
                var seen: Set<String> = []
                return mine.filter(keep).map(\.element).filter { seen.insert($0).inserted }
            }
            return LargerTextScreen(screen: name, percent: mine.compactMap(\.percent).min(),
                                    limited: elements { $0.criterion == "1.4.4" }, truncated: elements { $0.criterion != "1.4.4" })
        }
        return LargerText(verdict: blockers.isEmpty ? "ready" : "not-ready", blockers: blockers,
                          uncertain: uncertain, screens: screens)
    }

}
