import TypeFitSupport

/// A half-open range of UTF-16 offsets into a label's text.
public struct TextRange: Sendable, Hashable, Codable {
    /// First UTF-16 offset (inclusive).
    public var start: Int
    /// Last UTF-16 offset (exclusive).
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
    /// Number of UTF-16 code units covered.
    public var length: Int { end - start }
}

/// The grapheme-cluster structure of one text, built once per text and font (`LayoutCache`),
/// plus a cache of measurements in font units (size independent, so every size, width and
/// autoshrink iteration reuses them), the text's line breaks by the measurers that were asked, and
/// (in a `LayoutCache`) its finished layouts.
final class TextModel {
    let text: String
    /// The `measurementIdentity` of the measurers this model measures for (kept alive, so its
    /// `ObjectIdentifier` in a `LayoutCache` key is never another object's).
    let identity: AnyObject
    /// UTF-16 offset of every cluster boundary: cluster starts plus the end of the text.
    let boundaries: [Int]
    /// `String.Index` of each boundary.
    let indices: [String.Index]
    /// Whether cluster i (between boundaries i and i+1) is whitespace (including line breaks).
    let isWhitespace: [Bool]
    /// The font, as `TextMeasuring.specialized(for:)` narrowed it for this text.
    let font: any TextMeasuring
    // `@exclusivity(unchecked)` on the mutable state: a model is used by one thread (a
    // `LayoutCache` is per thread) and no method re-enters another while it holds one of these
    // (the measurer calls out to never reach back into the model), so the runtime's dynamic
    // exclusivity checks, made on every cached measurement, can never fire.
    @exclusivity(unchecked) private var advanceCache = RangeTable<Double>()
    @exclusivity(unchecked) private var lineMetricsCache = RangeTable<LineMetrics>()
    /// The distinct UAX #14 break opportunity lists of the text (size and width independent):
    /// measurers that break it alike (e.g. locales with the same rules) share one.
    @exclusivity(unchecked) private var breakSets: [[LineBreakOpportunity]] = []
    /// Each measurer asked (`breakSet(of:)`, kept alive) and its index in `breakSets`.
    @exclusivity(unchecked) private var breakSources: [(font: any TextMeasuring, set: Int)] = []
    /// Break opportunities in cluster indices and paragraphs, by break set × 2 + wrap mode (0 word, 1 char).
    @exclusivity(unchecked) private var breakPlans: [Int: BreakPlan] = [:]
    /// Visible extents of the prefixes ending at each opportunity, by the same key (see
    /// `LineFiller.fitsOnOneLine`); computed the first time the whole text fits a line.
    @exclusivity(unchecked) private var prefixLists: [Int: [PrefixExtent]] = [:]
    /// Finished layouts (`LabelStyle.layout` with a `LayoutCache`), by everything else they depend on.
    @exclusivity(unchecked) var layouts: [LayoutKey: LabelLayout] = [:]
    @exclusivity(unchecked) private var clusterCache = RangeTable<Int>()
    @exclusivity(unchecked) private var inkCache = RangeTable<InkBox?>()
    /// Advance and ink of "…", measured only when a line is truncated.
    private(set) lazy var ellipsisAdvance: Double = font.advance(of: TextModel.ellipsis[...])
    private(set) lazy var ellipsisInk: InkBox? = font.inkBox(of: TextModel.ellipsis[...])
    static let ellipsis = "\u{2026}"

    /// `specializing`: measure with `font.specialized(for: text)` (false only to test that it
    /// changes nothing). `clusters`: the text's clusters, when another model of it has them.
    init(text: String, font: any TextMeasuring, specializing: Bool = true, clusters: TextClusters? = nil) {
        self.text = text
        self.identity = font.measurementIdentity
        self.font = specializing ? font.specialized(for: text) : font
        let clusters = clusters ?? TextClusters(text)
        boundaries = clusters.boundaries
        indices = clusters.indices
        isWhitespace = clusters.isWhitespace
    }

    /// Number of clusters.
    var count: Int { isWhitespace.count }
    /// UTF-16 length of the text.
    var utf16Length: Int { boundaries[boundaries.count - 1] }

    /// Cluster boundary index of a UTF-16 offset, or nil when the offset is inside a cluster.
    func boundaryIndex(ofOffset offset: Int) -> Int? {
        var lo = 0, hi = boundaries.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if boundaries[mid] == offset { return mid }
            if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// The first boundary index at or after `offset`.
    func boundaryIndex(atOrAfter offset: Int) -> Int {
        var lo = 0, hi = boundaries.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func substring(_ a: Int, _ b: Int) -> Substring { text[indices[a]..<indices[b]] }

    /// Trims trailing whitespace clusters of [a, b): the new end boundary index (≥ a).
    func trimEnd(_ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a && isWhitespace[e - 1] { e -= 1 }
        return e
    }

    /// Skips leading whitespace clusters of [a, b).
    func trimStart(_ a: Int, _ b: Int) -> Int {
        var s = a
        while s < b && isWhitespace[s] { s += 1 }
        return s
    }

    /// The key of clusters [a, b) with a < b (so never 0, `RangeTable`'s empty slot).
    private func key(_ a: Int, _ b: Int) -> Int { (a << 32) | b }

    /// The vertical metrics of the fonts that draw clusters [a, b) (`TextMeasuring.lineMetrics(of:)`,
    /// cached: a line's range recurs at other sizes and widths).
    func lineMetrics(_ a: Int, _ b: Int) -> LineMetrics {
        let k = key(a, b)
        if let v = lineMetricsCache[k] { return v }
        let v = font.lineMetrics(of: substring(a, b))
        lineMetricsCache.insert(v, for: k)
        return v
    }

    /// The index of `font.lineBreaks(in: text)` among the text's distinct break lists: asked of
    /// each measurer once (the measurer a label was given, not the specialized one: line breaks
    /// follow the label's locale).
    func breakSet(of font: any TextMeasuring) -> Int {
        for source in breakSources where source.font === font { return source.set }
        let breaks = font.lineBreaks(in: text)
        let set: Int
        if let known = breakSets.firstIndex(of: breaks) {
            set = known
        } else {
            set = breakSets.count
            breakSets.append(breaks)
        }
        breakSources.append((font, set))
        return set
    }

    /// Opportunities and paragraphs of the text for a break set and wrap mode (size and width
    /// independent; built once per text, not once per layout).
    func breakPlan(set: Int, charWrap: Bool) -> BreakPlan {
        let slot = set * 2 + (charWrap ? 1 : 0)
        if let plan = breakPlans[slot] { return plan }
        let plan = BreakPlan(model: self, breaks: breakSets[set], charWrap: charWrap)
        breakPlans[slot] = plan
        return plan
    }

    /// The advance and letter-spacing clusters of the visible part (trailing whitespace trimmed)
    /// of [0, o) for every opportunity o of `plan` (break set `set`), in order; nil when the text
    /// has a hard break before its end (then it never is one line).
    func prefixExtents(_ plan: BreakPlan, set: Int, charWrap: Bool) -> [PrefixExtent]? {
        guard plan.isOneParagraph else { return nil }
        let slot = set * 2 + (charWrap ? 1 : 0)
        if let known = prefixLists[slot] { return known }
        let list = plan.opportunities.map { o -> PrefixExtent in
            let e = trimEnd(0, o.index)
            return PrefixExtent(end: e, advance: advance(0, e), clusters: clusters(0, e))
        }
        prefixLists[slot] = list
        return list
    }

    /// Shaped advance of clusters [a, b) in font units (cached).
    func advance(_ a: Int, _ b: Int) -> Double {
        if a >= b { return 0 }
        let k = key(a, b)
        if let v = advanceCache[k] { return v }
        let v = font.advance(of: substring(a, b))
        advanceCache.insert(v, for: k)
        return v
    }

    /// Letter-spacing clusters of [a, b) (cached).
    func clusters(_ a: Int, _ b: Int) -> Int {
        if a >= b { return 0 }
        let k = key(a, b)
        if let v = clusterCache[k] { return v }
        let v = font.clusterCount(of: substring(a, b))
        clusterCache.insert(v, for: k)
        return v
    }

    /// Ink box of [a, b) in font units (cached).
    func ink(_ a: Int, _ b: Int) -> InkBox? {
        if a >= b { return nil }
        let k = key(a, b)
        if let v = inkCache[k] { return v }
        let v = font.inkBox(of: substring(a, b))
        inkCache.insert(v, for: k)
        return v
    }
}

/// A text's grapheme clusters as Layout walks them (font independent): every `TextModel` of
/// the text in one `LayoutCache` shares them (the system font has a model per point size).
final class TextClusters {
    /// UTF-16 offset of every cluster boundary: cluster starts plus the end of the text.
    let boundaries: [Int]
    /// `String.Index` of each boundary.
    let indices: [String.Index]
    /// Whether cluster i (between boundaries i and i+1) is whitespace (including line breaks).
    let isWhitespace: [Bool]

    init(_ text: String) {
        var b: [Int] = []
        var idx: [String.Index] = []
        var ws: [Bool] = []
        var offset = 0
        var i = text.startIndex
        while i < text.endIndex {
            let ch = text[i]
            b.append(offset)
            idx.append(i)
            ws.append(ch.isWhitespace)
            offset += ch.utf16.count
            i = text.index(after: i)
        }
        b.append(offset)
        idx.append(text.endIndex)
        boundaries = b
        indices = idx
        isWhitespace = ws
    }
}

/// The visible part of a text's prefix in font units: its shaped advance and its letter-spacing
/// clusters (a width at any size is `advance × scale + letterSpacing × clusters`).
struct PrefixExtent {
    /// The end boundary of the visible part (0: the prefix is all whitespace).
    var end: Int
    var advance: Double
    var clusters: Int
}

/// Converts font units to points for one point size, with letter-spacing.
struct Metrics {
    let model: TextModel
    /// Points per font unit (pointSize / unitsPerEm).
    let scale: Double
    /// Letter-spacing in points added after every grapheme cluster (as UIKit's `.kern`).
    let letterSpacing: Double

    /// Width in points of clusters [a, b) as shaped together, letter-spacing included.
    func width(_ a: Int, _ b: Int) -> Double {
        if a >= b { return 0 }
        // Without letter-spacing the clusters are not counted: a count is never negative, so
        // `letterSpacing × count` is then `letterSpacing` itself (±0), the same sum bit for bit.
        if letterSpacing == 0 { return model.advance(a, b) * scale + letterSpacing }
        return model.advance(a, b) * scale + letterSpacing * Double(model.clusters(a, b))
    }

    /// Width of the visible part of [a, b): trailing whitespace hangs and does not count.
    func visibleWidth(_ a: Int, _ b: Int) -> Double { width(a, model.trimEnd(a, b)) }

    /// Width of the ellipsis "…" in points (one cluster of letter-spacing).
    var ellipsisWidth: Double { model.ellipsisAdvance * scale + letterSpacing }
}

/// Measurements a label layout reuses across point sizes, widths and devices: the text's cluster
/// structure, break opportunities and the advances and ink boxes of its ranges, all in font units
/// (size independent), and the finished layouts of the text. Give labels one (`LabelStyle.cache`)
/// when the same text is laid out many times, as an audit does at 12 categories on several devices
/// and in several locales: a text is kept once for every measurer of one `measurementIdentity`, so
/// an untranslated text shown in ten locales is measured once, and laid out once per size and
/// width wherever its locales break it alike. Not thread-safe: one per thread. Bounded: emptied
/// when it holds `capacity` texts or `layoutCapacity` layouts.
public final class LayoutCache {
    private struct Key: Hashable {
        var font: ObjectIdentifier
        var text: String
    }
    // One thread, no re-entry (see `TextModel`): no dynamic exclusivity checks.
    @exclusivity(unchecked) private var models: [Key: TextModel] = [:]
    /// The clusters of the texts of `models`, by text.
    @exclusivity(unchecked) private var clusters: [String: TextClusters] = [:]
    public let capacity: Int
    /// The most finished layouts kept (about half a kilobyte each).
    public let layoutCapacity: Int
    @exclusivity(unchecked) private var layoutCount = 0

    public init(capacity: Int = 4096, layoutCapacity: Int = 16_384) {
        self.capacity = max(1, capacity)
        self.layoutCapacity = max(1, layoutCapacity)
    }

    /// Number of texts held.
    public var count: Int { models.count }

    func model(for text: String, font: any TextMeasuring) -> TextModel {
        let identity = font.measurementIdentity
        let key = Key(font: ObjectIdentifier(identity), text: text)
        if let model = models[key], model.identity === identity { return model }
        if models.count >= capacity { empty() }
        let shared: TextClusters
        if let known = clusters[text] {
            shared = known
        } else {
            shared = TextClusters(text)
            clusters[text] = shared
        }
        let model = TextModel(text: text, font: font, clusters: shared)
        models[key] = model
        return model
    }

    /// `text` prepared for layouts with `font` (or any measurer of its `measurementIdentity`):
    /// the text looked up once, for a caller that lays the same text out many times (an audit
    /// lays a label out at 12 categories on each device) and would otherwise hash it each time.
    public func prepare(_ text: String, font: any TextMeasuring) -> PreparedText {
        PreparedText(model: model(for: text, font: font))
    }

    /// Keeps `layout` in `model` under `key`.
    func remember(_ layout: LabelLayout, _ key: LayoutKey, in model: TextModel) {
        if layoutCount >= layoutCapacity { empty() }
        if model.layouts.updateValue(layout, forKey: key) == nil { layoutCount += 1 }
    }

    private func empty() {
        models.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        layoutCount = 0
    }
}

/// A text and its measurements in one `LayoutCache` (`LayoutCache.prepare`), for
/// `LabelStyle.layout(_:width:scale:)` and `RowLabel.prepared`. It stays valid when the cache
/// is emptied (it keeps its own measurements).
public struct PreparedText {
    let model: TextModel
    /// The text.
    public var text: String { model.text }
}

/// Everything a label layout depends on besides its text and its font's measurements: the
/// label's properties, the width, the device scale and the text's break set
/// (`TextModel.breakSet(of:)`). Doubles by bit pattern (a −0 is not a +0).
struct LayoutKey: Hashable {
    var pointSize: UInt64
    var lineHeight: UInt64?
    var letterSpacing: UInt64
    var lineHeightMultiple: UInt64?
    var minimumLineHeight: UInt64?
    var maximumLineHeight: UInt64?
    var minimumScaleFactor: UInt64
    var width: UInt64
    var scale: UInt64
    var numberOfLines: Int
    var breakSet: Int
    var lineBreakMode: LineBreakMode
    var heightRounding: HeightRounding
    var lineHeightFonts: LineHeightFonts
    var adjustsFontSizeToFitWidth: Bool

    init(_ style: LabelStyle, width: Double, scale: Double, breakSet: Int) {
        pointSize = style.pointSize.bitPattern
        lineHeight = style.lineHeight?.bitPattern
        letterSpacing = style.letterSpacing.bitPattern
        lineHeightMultiple = style.lineHeightMultiple?.bitPattern
        minimumLineHeight = style.minimumLineHeight?.bitPattern
        maximumLineHeight = style.maximumLineHeight?.bitPattern
        minimumScaleFactor = style.minimumScaleFactor.bitPattern
        self.width = width.bitPattern
        self.scale = scale.bitPattern
        numberOfLines = style.numberOfLines
        self.breakSet = breakSet
        lineBreakMode = style.lineBreakMode
        heightRounding = style.heightRounding
        lineHeightFonts = style.lineHeightFonts
        adjustsFontSizeToFitWidth = style.adjustsFontSizeToFitWidth
    }

    /// The fields that tell one text's layouts apart in an audit (size, width, scale, lines and
    /// break set), mixed into one word: hashing all fifteen fields one by one cost more than a
    /// lookup saves. Equality still compares every field.
    func hash(into hasher: inout Hasher) {
        var h = pointSize
        h = (h ^ width) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ scale) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(truncatingIfNeeded: numberOfLines &* 31 &+ breakSet)
        hasher.combine(h)
    }
}

/// A table from non-negative `Int` keys to values, for `TextModel`'s measurement caches (keys
/// `a << 32 | b` of cluster ranges), looked up once or more for every measured range of every
/// layout. A `Dictionary` hashes each key with the seeded SipHash, which costs more than the
/// lookup saves; this table hashes by one multiplication (Fibonacci hashing) and probes linearly,
/// kept at most half full. No removal; one thread.
struct RangeTable<Value> {
    /// Keys by slot, −1 for an empty slot.
    private var keys: [Int] = []
    private var values: [Value?] = []
    private(set) var count = 0
    /// 64 − log2(slots): the top bits of the product pick the slot.
    private var shift: UInt64 = 63

    subscript(key: Int) -> Value? {
        guard count > 0 else { return nil }
        let mask = keys.count - 1
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k < 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Sets the value of `key` (≥ 0).
    mutating func insert(_ value: Value, for key: Int) {
        precondition(key >= 0, "RangeTable keys are non-negative")
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = slot(key)
        while keys[i] >= 0 && keys[i] != key { i = (i + 1) & mask }
        if keys[i] < 0 { count += 1 }
        keys[i] = key
        values[i] = value
    }

    private func slot(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let slots = max(16, keys.count * 2)
        keys = Array(repeating: -1, count: slots)
        values = Array(repeating: nil, count: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
        count = 0
        for (i, k) in oldKeys.enumerated() where k >= 0 { insert(oldValues[i]!, for: k) }
    }
}
