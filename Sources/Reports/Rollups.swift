import DynamicType
import Foundation

/// How a check's findings are fixed, computed from a group's figures (the check declares which
/// figures mean what; the roll-ups' hints read the declaration, never a figure's name).
public enum FixHint: Sendable, Equatable {
    /// A label that needs more lines or width: the lines it needs (`lines`), its line limit
    /// (`limit`, 0: none), its single-line width (`needed`) and its width (`available`).
    /// "allow 3 lines (2 fit up to xxxL)", "or 37 pt more width at AX2" (a one-line label).
    case linesOrWidth(lines: String, limit: String, needed: String, available: String)
    /// A box that needs more height: "needs 12 pt more height at AX5 (or no fixed height)".
    /// Pairs of (needed, available) figures, the first pair present is read.
    case moreHeight([(needed: String, available: String)])
    /// A fixed point size: "use a text style instead of 15 pt".
    case textStyle(pointSize: String)
    /// A fixed height: "remove the fixed 44 pt height" (`what`: "height", "row height").
    case removeFixed(height: String, what: String)
    /// A sentence; `{name}` is replaced by the figure's largest worst value over the groups,
    /// `{-name}` by its smallest.
    case advice(String)

    public static func == (a: FixHint, b: FixHint) -> Bool {
        switch (a, b) {
        case let (.linesOrWidth(a1, a2, a3, a4), .linesOrWidth(b1, b2, b3, b4)): a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.moreHeight(x), .moreHeight(y)): x.map { [$0.needed, $0.available] } == y.map { [$0.needed, $0.available] }
        case let (.textStyle(x), .textStyle(y)): x == y
        case let (.removeFixed(x1, x2), .removeFixed(y1, y2)): x1 == y1 && x2 == y2
        case let (.advice(x), .advice(y)): x == y
        default: false
        }
    }

    /// The hint for `groups` (of one check, one element): their occurrences together.
    /// `categories` is the scope's categories in order.
    public func text(for groups: [FindingGroup], categories: [String]) -> String? {
        // Every occurrence with its category's scope position and its figures by name.
        let rank = Dictionary(categories.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var occurrences: [(category: Int, figures: [String: Double])] = []
        for g in groups {
            for o in g.occurrences {
                var f: [String: Double] = [:]
                for (name, value) in zip(g.figureNames, o.figures) { if let value, value.isFinite { f[name] = value } }
                let c = g.categories.indices.contains(o.category) ? (rank[g.categories[o.category]] ?? -1) : -1
                occurrences.append((c, f))
            }
        }
        func name(_ c: Int) -> String { categories.indices.contains(c) ? ContentSizeCategory.shortName(of: categories[c]) : "" }
        func at(_ c: Int) -> String { categories.indices.contains(c) ? " at " + name(c) : "" }
        let n = ReportText.number
        /// The largest `needed − available` and the category of the first occurrence that has it.
        func deficit(_ needed: String, _ available: String) -> (amount: Double, category: Int)? {
            var best: (Double, Int)?
            for o in occurrences {
                guard let a = o.figures[needed], let b = o.figures[available], a > b else { continue }
                if let x = best, x.0 > a - b || (x.0 == a - b && x.1 <= o.category) { continue }
                best = (a - b, o.category)
            }
            return best.map { (($0.0 * 10).rounded(.up) / 10, $0.1) }
        }
        switch self {
        case let .linesOrWidth(lines, limit, needed, available):
            var parts: [String] = []
            let limited = occurrences.filter { ($0.figures[limit] ?? 0) > 0 && ($0.figures[lines] ?? 0) > ($0.figures[limit] ?? 0) }
            if let most = limited.compactMap({ $0.figures[lines] }).max(),
               let least = limited.compactMap({ $0.figures[limit] }).min() {
                var s = "allow \(n(most.rounded(.up))) lines"
                // The categories each count of lines is enough up to: the most any occurrence at
                // that category needs, counted from the first category it happens at.
                var needs: [Int: Double] = [:]
                for o in limited where o.category >= 0 { needs[o.category] = max(needs[o.category] ?? 0, o.figures[lines] ?? 0) }
                let sorted = needs.keys.sorted()
                let next = least + 1
                if let first = sorted.first, next < most.rounded(.up) {
                    // Only a run of categories from the first one on counts.
                    var run = first - 1
                    for c in sorted { if c == run + 1 && (needs[c] ?? 0) <= next { run = c } else { break } }
                    if run >= first { s += " (\(n(next)) fit up to \(name(run)))" }
                }
                parts.append(s)
            }
            // One line: more width is the other fix.
            let single = occurrences.filter { ($0.figures[limit] ?? 0) == 1 || $0.figures[lines] == nil }
            var widths: [(amount: Double, category: Int)] = []
            for o in single {
                if let a = o.figures[needed], let b = o.figures[available], a > b { widths.append(((a - b), o.category)) }
            }
            if let w = widths.max(by: { $0.amount < $1.amount || ($0.amount == $1.amount && $0.category > $1.category) }) {
                let amount = (w.amount * 10).rounded(.up) / 10
                parts.append((parts.isEmpty ? "needs " : "or ") + "\(n(amount)) pt more width\(at(w.category))")
            }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        case let .moreHeight(pairs):
            for pair in pairs {
                if let d = deficit(pair.needed, pair.available) {
                    return "needs \(n(d.amount)) pt more height\(at(d.category)) (or no fixed height)"
                }
            }
            return nil
        case let .textStyle(pointSize):
            guard let size = occurrences.compactMap({ $0.figures[pointSize] }).max() else { return "use a text style instead of a fixed size" }
            return "use a text style instead of \(n(size)) pt"
        case let .removeFixed(height, what):
            guard let h = occurrences.compactMap({ $0.figures[height] }).min() else { return "remove the fixed \(what)" }
            return "remove the fixed \(n(h)) pt \(what)"
        case let .advice(sentence):
            var s = sentence
            while let open = s.range(of: "{"), let close = s[open.upperBound...].range(of: "}") {
                var figure = String(s[open.upperBound..<close.lowerBound])
                let smallest = figure.hasPrefix("-")
                if smallest { figure.removeFirst() }
                let values = groups.compactMap { $0.worst[figure] }.filter(\.isFinite)
                s.replaceSubrange(open.lowerBound..<close.upperBound, with: (smallest ? values.min() : values.max()).map(n) ?? "?")
            }
            return s
        }
    }
}

/// One place to change: the new groups (new or worse than the baseline) of one element — a
/// label (screen, row, label), a web element, a style, a font, a string key — with their checks,
/// locales, sizes and devices, and a fix hint per check computed from their figures. Every report
/// leads with the failing roll-ups (`ReportDocument.rollups`, worst first).
public struct Rollup: Codable, Sendable, Equatable {
    /// What to change, as a person names it: "Settings / offline / title", "Help / #prices", a
    /// style or font, a string key.
    public var element: String
    /// The line to change: the element's definition (a storyboard, a Swift file, the config) when
    /// the producer knows it, else the source its groups share; nil when they share none.
    public var source: SourceLocation?
    /// The highest severity of its groups.
    public var severity: Severity
    /// Whether any of its groups fails the run.
    public var failing: Bool
    /// How many groups and occurrences it rolls up.
    public var groups: Int
    public var occurrences: Int
    /// Its checks, the worst group's first.
    public var checks: [String]
    /// Locales, categories and devices it happens in, in scope order.
    public var locales: [String]
    public var categories: [String]
    public var devices: [String]
    /// One hint per check that gives one, in `checks` order: "allow 3 lines (2 fit up to xxxL)",
    /// "use a text style instead of 15 pt".
    public var hints: [String]

    public init(element: String, source: SourceLocation? = nil, severity: Severity, failing: Bool, groups: Int,
                occurrences: Int, checks: [String], locales: [String], categories: [String], devices: [String],
                hints: [String]) {
        self.element = element
        self.source = source
        self.severity = severity
        self.failing = failing
        self.groups = groups
        self.occurrences = occurrences
        self.checks = checks
        self.locales = locales
        self.categories = categories
        self.devices = devices
        self.hints = hints
    }

    /// Where it happens in words: "from xL to AX5 on iPhone SE and iPhone 16".
    public func sizesAndDevices(scope: [String]) -> String {
        let when = ReportText.categories(categories, scope: scope)
        let on = devices.isEmpty ? "" : "on " + ReportText.list(devices)
        return [when, on].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// "de, fr, ru and 15 more" (at most `shown` named).
    public func localeList(shown: Int = 4) -> String {
        guard locales.count > shown else { return ReportText.list(locales) }
        return locales.prefix(shown).joined(separator: ", ") + " and \(locales.count - shown) more"
    }
}

/// A label of a screen, the key the producer gives element sources by.
public struct ElementKey: Hashable, Sendable {
    public var screen: String
    public var row: String
    public var label: String
    public init(screen: String, row: String, label: String) {
        self.screen = screen
        self.row = row
        self.label = label
    }
}

extension ReportDocument {
    /// The document with its roll-ups made from its new groups (`rollups`): one per element, the
    /// failing ones first, then by their worst group (`worstFirst`). `elementSources` gives a
    /// label's definition (its storyboard, Swift or config line); the hints come from the checks'
    /// declarations (`CheckDescriptor.fix`). Normalized.
    public func rollingUp(elementSources: [ElementKey: SourceLocation] = [:]) -> ReportDocument {
        var doc = normalized()
        let order = ScopeOrder(doc.scope)
        let ranked = doc.newWorstFirst()
        struct Element: Hashable { var screen, row, label, selector, other: String? }
        var byElement: [Element: [Int]] = [:]
        var elements: [Element] = []
        for i in ranked {
            let k = doc.groups[i].key
            let e: Element
            if k.label != nil || k.selector != nil || k.row != nil {
                e = Element(screen: k.screen, row: k.row, label: k.label, selector: k.selector)
            } else {
                // A style, font, screen or string key: the subject without its locale.
                var bare = k
                bare.locale = nil
                e = Element(screen: k.screen, other: bare.subject)
            }
            if byElement[e] == nil { elements.append(e) }
            byElement[e, default: []].append(i)
        }
        let fixes = Dictionary(doc.checks.compactMap { c in c.fix.map { (c.id, $0) } }, uniquingKeysWith: { a, _ in a })
        var rollups: [Rollup] = []
        rollups.reserveCapacity(elements.count)
        for e in elements {
            let indices = byElement[e] ?? []
            let groups = indices.map { doc.groups[$0] }
            var checks: [String] = []
            for g in groups where !checks.contains(g.checkId) { checks.append(g.checkId) }
            var locales = Set<String>(), categories = Set<String>(), devices = Set<String>()
            for g in groups {
                if let l = g.key.locale { locales.insert(l) }
                for l in g.locales ?? [] { locales.insert(l) }
                categories.formUnion(g.categories)
                devices.formUnion(g.devices)
            }
            let element: String
            if let other = e.other { element = other }
            else { element = [e.screen, e.row, e.label, e.selector].compactMap { $0 }.joined(separator: " / ") }
            var source: SourceLocation?
            if let screen = e.screen, let row = e.row, let label = e.label {
                source = elementSources[ElementKey(screen: screen, row: row, label: label)]
            }
            if source == nil {
                let sources = Set(groups.compactMap(\.source))
                if sources.count == 1 { source = sources.first }
            }
            let hints = checks.compactMap { id in
                fixes[id]?.text(for: groups.filter { $0.checkId == id }, categories: doc.scope.categories)
            }
            let localeRank = order.locales
            rollups.append(Rollup(
                element: element, source: source, severity: groups.map(\.severity).max() ?? .info,
                failing: groups.contains(where: doc.isFailing), groups: groups.count,
                occurrences: groups.reduce(0) { $0 + $1.occurrences.count }, checks: checks,
                locales: locales.map { (ScopeOrder.rank($0, localeRank), $0) }.sorted { $0 < $1 }.map(\.1),
                categories: order.sortedCategories(categories), devices: order.sortedDevices(devices), hints: hints))
        }
        // Failing first (stable: the worst group's order within each).
        doc.rollups = rollups.filter(\.failing) + rollups.filter { !$0.failing }
        return doc
    }
}
