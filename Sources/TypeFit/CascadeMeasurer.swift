import FontEngine
import Layout
import Localization
import Reports
import TypeFitSupport

/// A label's font with per-script fallback fonts, the way CoreText cascades: each grapheme
/// cluster is measured with the label's own font when that font has glyphs for all of the
/// cluster's visible scalars, otherwise with the fallback font configured for the cluster's
/// script (`fallbackFonts` in typefit.yml) when that font has them, otherwise with the label's
/// own font (the characters are then reported missing). A font "has" a character when HarfBuzz
/// draws it with a real glyph (`EngineMeasurer.hasGlyph`: the cmap, or a normalizer substitute such
/// as U+2010 for U+2011), the same rule `typefit measure` counts missing glyphs by. Digits, punctuation, spaces and marks
/// (Unicode Common/Inherited) stay in the font of the run around them, so an Arabic sentence
/// with spaces is shaped as one run.
///
/// `lineMetrics` is the primary font's, line breaks follow `breakLocale`; `lineMetrics(of:)` unites the metrics of
/// the fonts a text actually uses (each converted to the primary's em), which Layout uses for each
/// line's height (docs/layout.md, "Fallback fonts and line height"). Runs in different fonts are
/// shaped separately and their advances summed; ink boxes are united at their pen positions.
public final class CascadeMeasurer: TextMeasuring {
    /// One font of the cascade with its id (the config's font id).
    public struct Member {
        public var id: String
        public var measurer: EngineMeasurer
        /// The plan's font this member measures with (nil outside an audit plan).
        public var font: FontID?
        public init(id: String, measurer: EngineMeasurer, font: FontID? = nil) {
            self.id = id
            self.measurer = measurer
            self.font = font
        }
    }

    public let primary: Member
    /// Fallbacks by ISO 15924 script code ("Arab", "Hebr", "Thai", "Deva", "Jpan", "Hani", …).
    public let fallbacks: [String: Member]

    /// Locale whose rules break lines (nil = root rules): the primary's `breakLocale`, or the one
    /// given to `breakingLines(as:)`.
    public let breakLocale: String?
    /// Shared by this cascade and every `breakingLines(as:)` variant of it: they measure with the
    /// same member measurers, so they answer everything but `lineBreaks(in:)` alike.
    public let measurementIdentity: AnyObject
    private final class Identity {}

    public init(primary: Member, fallbacks: [String: Member] = [:]) {
        self.primary = primary
        self.fallbacks = fallbacks
        self.unitsPerEm = primary.measurer.unitsPerEm
        self.lineMetrics = primary.measurer.lineMetrics
        self.breakLocale = primary.measurer.breakLocale
        self.breaks = nil
        self.measurementIdentity = Identity()
    }

    private init(_ cascade: CascadeMeasurer, breakLocale: String?, breaks: LineBreakMemo?) {
        primary = cascade.primary
        fallbacks = cascade.fallbacks
        unitsPerEm = cascade.unitsPerEm
        lineMetrics = cascade.lineMetrics
        self.breakLocale = breakLocale
        self.breaks = breaks
        measurementIdentity = cascade.measurementIdentity
    }

    /// This cascade breaking lines by `locale`'s rules (nil = root rules): the same member
    /// measurers (their shaping language is the font's, whatever the text's locale), so the same
    /// measurements and the same `measurementIdentity` — an audit measures a text shown in several
    /// locales once. With `breaks` (the locale's, on this thread), the line breaks of a text are
    /// found once for every measurer that shares it.
    public func breakingLines(as locale: String?, breaks: LineBreakMemo? = nil) -> CascadeMeasurer {
        precondition(breaks == nil || breaks?.locale == locale, "a line-break memo of another locale")
        return CascadeMeasurer(self, breakLocale: locale, breaks: breaks)
    }

    /// Line breaks found before by `breakLocale`'s rules, shared with other measurers.
    private var breaks: LineBreakMemo?

    public let unitsPerEm: Double
    public let lineMetrics: LineMetrics

    /// A run of text measured with one member; `member` is nil for the primary font.
    struct Run {
        var range: Range<String.Index>
        var member: Member
    }

    /// The last text split by `runs` and its runs: Layout asks for the advance, the ink and the
    /// line metrics of the same line one after the other. Reused only for the same range of the
    /// same string (the runs' indices are into it).
    private var lastRuns: (text: Substring, runs: [Run])?

    /// Splits `text` into runs by font. With no fallbacks (or text the primary covers) it is one run.
    func runs(of text: Substring) -> [Run] {
        if fallbacks.isEmpty || text.isEmpty { return [Run(range: text.startIndex..<text.endIndex, member: primary)] }
        if let last = lastRuns, last.text.startIndex == text.startIndex, last.text.endIndex == text.endIndex,
           last.text.base == text.base {
            return last.runs
        }
        let result = table(of: text.base).flatMap { $0.runs(of: text, members: members) } ?? splitRuns(of: text)
        lastRuns = (text, result)
        return result
    }

    /// Primary then fallbacks, one per font id (runs are merged by id; scripts sharing a font id
    /// measure alike), in a fixed order: `ClusterTable`'s member numbers.
    private lazy var members: [Member] = {
        var seen: Set<String> = [primary.id]
        return [primary] + fallbacks.sorted { $0.key < $1.key }.map(\.value).filter { seen.insert($0.id).inserted }
    }()
    /// The cluster tables of texts `specialized(for:)` kept the cascade for (at most `tableLimit`).
    private var tables: [String: ClusterTable] = [:]
    /// The text whose table was looked up last and its table: Layout measures the ranges of one
    /// text one after the other, and comparing the same string is cheaper than hashing it.
    private var lastTable: (text: String, table: ClusterTable?)?

    private func table(of text: String) -> ClusterTable? {
        if let last = lastTable, last.text == text { return last.table }
        let table = tables[text]
        lastTable = (text, table)
        return table
    }

    /// What `splitRuns` decides for each grapheme cluster of one text, computed once so that the
    /// runs of its cluster-aligned substrings (the ranges Layout measures) are a walk over small
    /// integers: each cluster's font without context (the primary when it covers the cluster,
    /// else the configured fallback that covers it, else the primary), whether it is neutral,
    /// and which fonts cover it. A neutral cluster stays in the font of the run before it when
    /// that font covers it, exactly as `splitRuns` walks; grapheme boundaries of a substring cut
    /// at the text's cluster boundaries are the text's (the rules look back only within a
    /// cluster, and regional-indicator pairs restart at a cluster boundary).
    struct ClusterTable {
        /// UTF-8 offset of each cluster start, and the end of the text.
        var starts: [Int] = []
        /// For each UTF-8 offset (and the end), the cluster starting there, −1 inside a cluster.
        var clusterAt: [Int32] = []
        var contextFree: [UInt8] = []
        var neutral: [Bool] = []
        /// For a neutral cluster, the members that cover it (bit k: `members[k]`); 0 for the
        /// others, whose font never depends on the run before them.
        var covering: [UInt32] = []

        /// The runs of `text` (a substring of the text the table was made for), nil when it is
        /// not cut at the text's cluster boundaries.
        func runs(of text: Substring, members: [Member]) -> [Run]? {
            let base = text.base
            let a = base.utf8.distance(from: base.startIndex, to: text.startIndex)
            let b = base.utf8.distance(from: base.startIndex, to: text.endIndex)
            guard let first = index(of: a), let last = index(of: b) else { return nil }
            var runs: [Run] = []
            var current: Int?
            var runStart = a
            for c in first..<last {
                var m = Int(contextFree[c])
                if let cur = current, neutral[c], covering[c] & (1 << UInt32(cur)) != 0 { m = cur }
                if m != current {
                    if let cur = current { runs.append(run(runStart, starts[c], members[cur], base)) }
                    current = m
                    runStart = starts[c]
                }
            }
            if let cur = current { runs.append(run(runStart, b, members[cur], base)) }
            return runs
        }

        private func run(_ a: Int, _ b: Int, _ member: Member, _ base: String) -> Run {
            let utf8 = base.utf8
            return Run(range: utf8.index(utf8.startIndex, offsetBy: a)..<utf8.index(utf8.startIndex, offsetBy: b), member: member)
        }

        /// The cluster starting at UTF-8 `offset` (the count at the end), nil inside a cluster.
        private func index(of offset: Int) -> Int? {
            guard offset >= 0, offset < clusterAt.count, clusterAt[offset] >= 0 else { return nil }
            return Int(clusterAt[offset])
        }
    }

    private func table(for text: String) -> ClusterTable? {
        guard members.count <= 32, text.utf8.count < Int(Int32.max) else { return nil }
        var table = ClusterTable()
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            let next = text.index(after: index)
            let cluster = text[index..<next]
            let neutral = isNeutral(cluster)
            // Which members cover the cluster matters only for a neutral one (it may stay in the
            // run before it); any other needs only the primary and its script's fallback.
            var mask: UInt32 = 0
            if neutral {
                for (k, m) in members.enumerated() where covers(m, cluster) { mask |= 1 << UInt32(k) }
            }
            var free = 0
            if !(neutral ? mask & 1 != 0 : covers(primary, cluster)), let fallback = fallback(for: cluster),
               let k = members.firstIndex(where: { $0.id == fallback.id }),
               neutral ? mask & (1 << UInt32(k)) != 0 : covers(members[k], cluster) {
                free = k
            }
            table.starts.append(offset)
            table.contextFree.append(UInt8(free))
            table.neutral.append(neutral)
            table.covering.append(neutral ? mask : 0)
            offset += cluster.utf8.count
            index = next
        }
        table.starts.append(offset)
        table.clusterAt = Array(repeating: -1, count: offset + 1)
        for (c, start) in table.starts.enumerated() { table.clusterAt[start] = Int32(c) }
        return table
    }

    private func splitRuns(of text: Substring) -> [Run] {
        // Text the primary font covers entirely is one primary run (what the cluster walk below
        // gives), found without grapheme segmentation: the common case, measured on every advance.
        if coveredByPrimary(text) {
            return [Run(range: text.startIndex..<text.endIndex, member: primary)]
        }
        var runs: [Run] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let cluster = text[index..<next]
            let member: Member
            if let current = runs.last, isNeutral(cluster), covers(current.member, cluster) {
                member = current.member
            } else if covers(primary, cluster) {
                member = primary
            } else if let fallback = fallback(for: cluster), covers(fallback, cluster) {
                member = fallback
            } else {
                member = primary
            }
            if let last = runs.last, last.member.id == member.id {
                runs[runs.count - 1].range = last.range.lowerBound..<next
            } else {
                runs.append(Run(range: index..<next, member: member))
            }
            index = next
        }
        return runs
    }

    /// The shaped advance in the primary font's units (each run's advance is converted from
    /// its own font's units per em).
    public func advance(of text: Substring) -> Double {
        runs(of: text).reduce(0) {
            $0 + $1.member.measurer.advance(of: text[$1.range]) * unitsPerEm / $1.member.measurer.unitsPerEm
        }
    }

    public func clusterCount(of text: Substring) -> Int { text.count }

    public func inkBox(of text: Substring) -> InkBox? {
        var pen = 0.0
        var box: InkBox?
        for run in runs(of: text) {
            let piece = text[run.range]
            if var ink = run.member.measurer.inkBox(of: piece) {
                // Each run's ink is in its own font units; scale to the primary's em.
                let k = unitsPerEm / run.member.measurer.unitsPerEm
                ink = InkBox(xMin: pen + ink.xMin * k, yMin: ink.yMin * k, xMax: pen + ink.xMax * k, yMax: ink.yMax * k)
                box = box.map { InkBox(xMin: min($0.xMin, ink.xMin), yMin: min($0.yMin, ink.yMin),
                                       xMax: max($0.xMax, ink.xMax), yMax: max($0.yMax, ink.yMax)) } ?? ink
            }
            pen += run.member.measurer.advance(of: piece) * unitsPerEm / run.member.measurer.unitsPerEm
        }
        return box
    }

    /// The ink of `text` by the font that draws it: for each member used (in order of first
    /// use), the union of its runs' ink in its own font units (what its own metrics, e.g. its win
    /// metrics, are compared with), x from the start of the text. A fallback's glyphs are never
    /// counted as the primary's ink.
    public func inkByFont(of text: Substring) -> [(member: Member, ink: InkBox)] {
        var pen = 0.0  // in the primary's units
        var result: [(member: Member, ink: InkBox)] = []
        for run in runs(of: text) {
            let piece = text[run.range]
            let own = run.member.measurer.unitsPerEm
            if var ink = run.member.measurer.inkBox(of: piece) {
                let x = pen * own / unitsPerEm
                ink = InkBox(xMin: x + ink.xMin, yMin: ink.yMin, xMax: x + ink.xMax, yMax: ink.yMax)
                if let i = result.firstIndex(where: { $0.member.id == run.member.id }) {
                    let b = result[i].ink
                    result[i].ink = InkBox(xMin: min(b.xMin, ink.xMin), yMin: min(b.yMin, ink.yMin),
                                           xMax: max(b.xMax, ink.xMax), yMax: max(b.yMax, ink.yMax))
                } else {
                    result.append((run.member, ink))
                }
            }
            pen += run.member.measurer.advance(of: piece) * unitsPerEm / own
        }
        return result
    }

    public func lineBreaks(in text: String) -> [LineBreakOpportunity] {
        breaks?.breaks(in: text) ?? EngineMeasurer.lineBreaks(in: text, locale: breakLocale)
    }

    /// The primary font's own measurer when `runs` puts all of `text` and "…" in the primary font,
    /// else `self`.
    ///
    /// Safe: `runs` gives a cluster the primary font whatever comes before it when the primary
    /// covers the cluster, and also when no font covers it; the only context-dependent choice,
    /// a neutral cluster (digits, punctuation, spaces) staying in the run before it, keeps the
    /// font of that run. So if every cluster of `text` is in the primary font, every cluster of a
    /// substring cut at cluster boundaries is too, and with "…" in the primary font alone, so is
    /// every such substring joined with "…". One run in the primary font is exactly what the
    /// primary's measurer answers: advance × upem / upem and an ink box offset by a pen at 0 are
    /// the same numbers (advances and ink are whole font units), `lineMetrics(of:)` is the
    /// primary's `lineMetrics`, and line breaks and cluster counts are the primary's already.
    /// Counter-example: "Shalom שלום" in Inter with a Hebrew fallback: its second word is drawn by
    /// the fallback, so the cascade stays (with a `ClusterTable` for the text). Tested in
    /// LayoutFastPathTests.
    public func specialized(for text: String) -> any TextMeasuring {
        if fallbacks.isEmpty { return primary.measurer }
        let primaryOnly = { (runs: [Run]) in runs.allSatisfy { $0.member.id == self.primary.id } }
        let ellipsisInPrimary = primaryOnly(runs(of: Self.ellipsis[...]))
        // A text the primary covers is one primary run (`splitRuns`' first test); any other is
        // split by its cluster table, built once and kept when the text keeps the cascade (the
        // table's runs are the walk's, CascadeClusterTableTests).
        if ellipsisInPrimary && coveredByPrimary(text[...]) { return primary.measurer }
        let table = tables[text] ?? table(for: text)
        let textRuns = table.flatMap { $0.runs(of: text[...], members: members) } ?? runs(of: text[...])
        if ellipsisInPrimary && primaryOnly(textRuns) { return primary.measurer }
        // A text with runs in other fonts keeps the cascade, with its clusters' fonts decided once.
        if tables[text] == nil, let table {
            if tables.count >= Self.tableLimit { tables.removeAll(keepingCapacity: true) }
            tables[text] = table
            lastTable = nil
        }
        return self
    }

    /// Whether the primary font has every visible scalar of `text`.
    private func coveredByPrimary(_ text: Substring) -> Bool {
        text.unicodeScalars.allSatisfy { !isVisible($0) || primary.measurer.face.covers($0) }
    }
    private static let ellipsis = "\u{2026}"
    /// The most cluster tables kept (about a kilobyte each), emptied when full. An audit prepares
    /// a unit's texts before laying them out 24 times; at 256 the tables were emptied every dozen
    /// units of a right-to-left or CJK locale, often in the middle of one, whose texts were then
    /// split by the slower walk at every layout.
    static let tableLimit = 1024

    /// The union of the vertical metrics (each font's own line-height rule, converted to the primary
    /// font's units) of the fonts that draw `text`; the primary's for empty text or no fallbacks.
    public func lineMetrics(of text: Substring) -> LineMetrics {
        if fallbacks.isEmpty || text.isEmpty { return lineMetrics }
        var used: LineMetrics?
        var seen: [String] = []
        for run in runs(of: text) where !seen.contains(run.member.id) {
            seen.append(run.member.id)
            let m = run.member.measurer.lineMetrics.scaled(by: unitsPerEm / run.member.measurer.unitsPerEm)
            used = used.map { $0.union(m) } ?? m
        }
        return used ?? lineMetrics
    }

    /// Characters no font of the cascade has a glyph for, in text order, without repeats.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        var missing: [Unicode.Scalar] = []
        for run in runs(of: text[...]) {
            for scalar in text[run.range].unicodeScalars where isVisible(scalar) && !run.member.measurer.hasGlyph(for: scalar) {
                if seen.insert(scalar).inserted { missing.append(scalar) }
            }
        }
        return missing
    }

    /// The fallback that draws `cluster`, nil when the primary font does (or nothing covers it).
    public func fallbackFont(of cluster: Substring) -> String? {
        runs(of: cluster).first { $0.member.id != primary.id }?.member.id
    }

    /// The ids of the fonts that measure `text`, primary first when used.
    public func fontsUsed(in text: String) -> [String] {
        var ids: [String] = []
        for run in runs(of: text[...]) where !ids.contains(run.member.id) { ids.append(run.member.id) }
        return ids
    }

    /// The fallback configured for the first scalar of `cluster` that has a script.
    private func fallback(for cluster: Substring) -> Member? {
        for scalar in cluster.unicodeScalars {
            let script = Script.of(scalar)
            for code in Self.isoCodes(script) {
                if let m = fallbacks[code] { return m }
            }
        }
        return nil
    }

    private func covers(_ member: Member, _ cluster: Substring) -> Bool {
        cluster.unicodeScalars.allSatisfy { !isVisible($0) || member.measurer.hasGlyph(for: $0) }
    }

    private func isNeutral(_ cluster: Substring) -> Bool {
        cluster.unicodeScalars.allSatisfy { let s = Script.of($0); return s == .common || s == .inherited }
    }

    /// Default-ignorable code points (joiners, bidi controls, variation selectors) and controls
    /// have no glyph in any font; HarfBuzz hides them. They never count as missing.
    private func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without a property lookup: printable (U+0020…U+007E) is visible, controls are not.
        if scalar.value < 0x80 { return scalar.value >= 0x20 && scalar.value != 0x7F }
        let p = scalar.properties
        if p.isDefaultIgnorableCodePoint { return false }
        switch p.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    /// ISO 15924 codes a fallback may be configured under for a script, most specific first.
    static func isoCodes(_ script: Script) -> [String] {
        switch script {
        case .latin: ["Latn"]
        case .greek: ["Grek"]
        case .cyrillic: ["Cyrl"]
        case .armenian: ["Armn"]
        case .hebrew: ["Hebr"]
        case .arabic: ["Arab"]
        case .syriac: ["Syrc"]
        case .thaana: ["Thaa"]
        case .devanagari: ["Deva"]
        case .bengali: ["Beng"]
        case .gurmukhi: ["Guru"]
        case .gujarati: ["Gujr"]
        case .oriya: ["Orya"]
        case .tamil: ["Taml"]
        case .telugu: ["Telu"]
        case .kannada: ["Knda"]
        case .malayalam: ["Mlym"]
        case .sinhala: ["Sinh"]
        case .thai: ["Thai"]
        case .lao: ["Laoo"]
        case .tibetan: ["Tibt"]
        case .myanmar: ["Mymr"]
        case .georgian: ["Geor"]
        case .hangul: ["Hang", "Kore"]
        case .ethiopic: ["Ethi"]
        case .khmer: ["Khmr"]
        case .mongolian: ["Mong"]
        case .hiragana: ["Hira", "Jpan"]
        case .katakana: ["Kana", "Jpan"]
        case .bopomofo: ["Bopo", "Hant"]
        case .han: ["Hani", "Jpan", "Hans", "Hant", "Kore"]
        case .common, .inherited: []
        }
    }
}
