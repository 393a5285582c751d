import TypeFitSupport

/// The only way Layout sees a font. The real engine (FontEngine, adapted in the TypeFit
/// module) and the fixed-advance fake in the tests both conform.
///
/// All lengths are in font units (unhinted, unscaled); Layout scales them linearly:
/// points = units × pointSize / unitsPerEm.
public protocol TextMeasuring: AnyObject {
    /// Units per em of the font (e.g. 1000, 2048, 2816).
    var unitsPerEm: Double { get }
    /// Vertical metrics used for line height (by the configured rule: hhea, typo or win).
    var lineMetrics: LineMetrics { get }
    /// Shaped advance of `text` in font units (HarfBuzz, default features, script runs),
    /// without letter-spacing.
    func advance(of text: Substring) -> Double
    /// Number of grapheme clusters that letter-spacing applies to.
    func clusterCount(of text: Substring) -> Int
    /// Ink bounds of the shaped text in font units (y up, baseline at 0), nil when it has no ink.
    func inkBox(of text: Substring) -> InkBox?
    /// Line break opportunities (UAX #14) of `text`, in increasing order; the end of the
    /// text is included.
    func lineBreaks(in text: String) -> [LineBreakOpportunity]
    /// Vertical metrics of the fonts that draw `text` (a font with fallbacks may draw some runs in
    /// another font), in this font's units: the largest ascender, the lowest descender and the
    /// largest line gap among them (`LineMetrics.union`). Empty text: `lineMetrics`. The default is
    /// `lineMetrics` (one font draws everything).
    func lineMetrics(of text: Substring) -> LineMetrics
    /// A measurer that answers every question above but `lineBreaks(in:)` exactly as this one
    /// does for `text`, its grapheme-cluster-aligned substrings, "…" and those substrings joined
    /// with "…" (what a label layout of `text` asks), possibly faster: e.g. a font cascade whose
    /// primary font draws all of `text` answers with the primary font alone. Layout asks once per
    /// text it lays out (and caches the text); line breaks it always asks of the measurer the
    /// label was given. The default is `self`.
    func specialized(for text: String) -> any TextMeasuring
    /// An object shared by measurers that answer every question but `lineBreaks(in:)` identically
    /// (the same fonts, features and shaping language; line breaking may follow another locale),
    /// e.g. one font's measurers for the locales of an audit. A `LayoutCache` keeps one text's
    /// measurements, and its layouts where the line breaks agree, for all of them. The default
    /// is `self` (shared with no other measurer).
    var measurementIdentity: AnyObject { get }
    /// The font that draws `cluster` (one grapheme cluster) when another font than this one does
    /// (a fallback of a font cascade), by its id; nil when this font draws it. The default is nil.
    func fallbackFont(of cluster: Substring) -> String?
}

extension TextMeasuring {
    public func fallbackFont(of cluster: Substring) -> String? { nil }
    public func lineMetrics(of text: Substring) -> LineMetrics { lineMetrics }
    public func specialized(for text: String) -> any TextMeasuring { self }
    public var measurementIdentity: AnyObject { self }
}

/// An ink box in font units, y up from the baseline.
public struct InkBox: Sendable, Hashable, Codable {
    public var xMin: Double
    public var yMin: Double
    public var xMax: Double
    public var yMax: Double
    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }
}

/// A place where a new line may start: `offset` is a UTF-16 offset into the text;
/// `isHard` marks a mandatory break (after a line separator).
public struct LineBreakOpportunity: Sendable, Hashable, Codable {
    public var offset: Int
    public var isHard: Bool
    public init(offset: Int, isHard: Bool) {
        self.offset = offset
        self.isHard = isHard
    }
}
