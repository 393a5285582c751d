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

/// The grapheme-cluster structure of one text, built once per label layout, plus a cache of
/// measurements in font units (size independent, so autoshrink iterations reuse them).
final class TextModel {
    let text: String
    /// UTF-16 offset of every cluster boundary: cluster starts plus the end of the text.
    let boundaries: [Int]
    /// `String.Index` of each boundary.
    let indices: [String.Index]
    /// Whether cluster i (between boundaries i and i+1) is whitespace (including line breaks).
    let isWhitespace: [Bool]
    /// The font, as `TextMeasuring.specialized(for:)` narrowed it for this text.
    let font: any TextMeasuring
    private var advanceCache: [Int: Double] = [:]
    private var lineMetricsCache: [Int: LineMetrics] = [:]
    /// Break opportunities in cluster indices and paragraphs, by wrap mode (0 word, 1 char).
    private var breakPlans: [BreakPlan?] = [nil, nil]
    /// Visible extents of the prefixes ending at each opportunity, by wrap mode (see
    /// `LineFiller.fitsOnOneLine`); computed the first time the whole text fits a line.
    private var prefixLists: [[PrefixExtent]?] = [nil, nil]
    private var clusterCache: [Int: Int] = [:]
    private var inkCache: [Int: InkBox?] = [:]
    /// Advance and ink of "…", measured only when a line is truncated.
    private(set) lazy var ellipsisAdvance: Double = font.advance(of: TextModel.ellipsis[...])
    private(set) lazy var ellipsisInk: InkBox? = font.inkBox(of: TextModel.ellipsis[...])
    /// UAX #14 break opportunities of the text (size and width independent).
    private(set) lazy var breaks: [LineBreakOpportunity] = font.lineBreaks(in: text)
    static let ellipsis = "\u{2026}"

    /// `specializing`: measure with `font.specialized(for: text)` (false only to test that it
    /// changes nothing).
    init(text: String, font: any TextMeasuring, specializing: Bool = true) {
        self.text = text
        self.font = specializing ? font.specialized(for: text) : font
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

    private func key(_ a: Int, _ b: Int) -> Int { (a << 32) | b }

    /// The vertical metrics of the fonts that draw clusters [a, b) (`TextMeasuring.lineMetrics(of:)`,
    /// cached: a line's range recurs at other sizes and widths).
    func lineMetrics(_ a: Int, _ b: Int) -> LineMetrics {
        let k = key(a, b)
        if let v = lineMetricsCache[k] { return v }
        let v = font.lineMetrics(of: substring(a, b))
        lineMetricsCache[k] = v
        return v
    }

    /// Opportunities and paragraphs of the text for a wrap mode (size and width independent;
    /// built once per text, not once per layout).
    func breakPlan(charWrap: Bool) -> BreakPlan {
        let slot = charWrap ? 1 : 0
        if let plan = breakPlans[slot] { return plan }
        let plan = BreakPlan(model: self, charWrap: charWrap)
        breakPlans[slot] = plan
        return plan
    }

    /// The advance and letter-spacing clusters of the visible part (trailing whitespace trimmed)
    /// of [0, o) for every opportunity o of `plan`, in order; nil when the text has a hard break
    /// before its end (then it never is one line).
    func prefixExtents(_ plan: BreakPlan, charWrap: Bool) -> [PrefixExtent]? {
        guard plan.isOneParagraph else { return nil }
        let slot = charWrap ? 1 : 0
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
        advanceCache[k] = v
        return v
    }

    /// Letter-spacing clusters of [a, b) (cached).
    func clusters(_ a: Int, _ b: Int) -> Int {
        if a >= b { return 0 }
        let k = key(a, b)
        if let v = clusterCache[k] { return v }
        let v = font.clusterCount(of: substring(a, b))
        clusterCache[k] = v
        return v
    }

    /// Ink box of [a, b) in font units (cached).
    func ink(_ a: Int, _ b: Int) -> InkBox? {
        if a >= b { return nil }
        let k = key(a, b)
        if let v = inkCache[k] { return v }
        let v = font.inkBox(of: substring(a, b))
        inkCache[k] = v
        return v
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
/// (size independent). Give labels one (`LabelStyle.cache`) when the same text is laid out many
/// times, as an audit does at 12 categories on several devices. Not thread-safe: one per thread.
/// Bounded: emptied when it holds `capacity` texts.
public final class LayoutCache {
    private struct Key: Hashable {
        var font: ObjectIdentifier
        var text: String
    }
    private var models: [Key: TextModel] = [:]
    public let capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// Number of texts held.
    public var count: Int { models.count }

    func model(for text: String, font: any TextMeasuring) -> TextModel {
        let key = Key(font: ObjectIdentifier(font), text: text)
        if let model = models[key] { return model }
        if models.count >= capacity { models.removeAll(keepingCapacity: true) }
        let model = TextModel(text: text, font: font)
        models[key] = model
        return model
    }
}
