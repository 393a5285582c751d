import FontEngine
import Layout

/// `Layout.TextMeasuring` over a real font: HarfBuzz shaping (FontEngine.Shaper, script runs,
/// features chosen at init), the line-height rule chosen at init, and ICU line breaking
/// (FontEngine.LineBreaker). Not thread-safe: make one per thread (it owns a Shaper).
public final class EngineMeasurer: TextMeasuring {
    /// The face measured with.
    public let face: FontFace
    /// The rule `lineMetrics` follows.
    public let lineHeightRule: LineHeightRule
    /// Locale for line breaking (nil = root rules).
    public let breakLocale: String?
    private let shaper: Shaper

    /// Measures with `face`, HarfBuzz `features` ("-kern,+smcp"), `language` (shaping) and the
    /// line-height `rule`; line breaks use `breakLocale` (defaults to `language`).
    /// Throws `FontError.invalidFeature` for a bad feature string.
    public init(face: FontFace, lineHeightRule: LineHeightRule = .hhea, features: String = "",
                language: String? = nil, breakLocale: String? = nil) throws {
        self.face = face
        self.lineHeightRule = lineHeightRule
        self.breakLocale = breakLocale ?? language
        self.shaper = try Shaper(face: face, features: features, language: language)
        let m = face.info.verticalMetrics(lineHeightRule)
        self.lineMetrics = LineMetrics(ascender: Double(m.ascender), descender: Double(m.descender), lineGap: Double(m.lineGap))
        self.unitsPerEm = Double(face.info.unitsPerEm)
    }

    public let unitsPerEm: Double
    public let lineMetrics: LineMetrics

    public func advance(of text: Substring) -> Double { Double(shaper.advance(of: text)) }

    public func clusterCount(of text: Substring) -> Int { text.count }

    public func inkBox(of text: Substring) -> InkBox? {
        shaper.inkBox(of: text).map { InkBox(xMin: $0.xMin, yMin: $0.yMin, xMax: $0.xMax, yMax: $0.yMax) }
    }

    public func lineBreaks(in text: String) -> [LineBreakOpportunity] {
        LineBreaker.opportunities(in: text, locale: breakLocale).map { LineBreakOpportunity(offset: $0.offset, isHard: $0.isHard) }
    }
}
