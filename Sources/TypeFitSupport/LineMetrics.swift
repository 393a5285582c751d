/// Ascender, descender (negative below the baseline, as in hhea) and line gap in font units:
/// a font's by one of its rules (`FontInfo.verticalMetrics`), or a line's (`TextMeasuring`).
public struct LineMetrics: Sendable, Hashable, Codable {
    public var ascender: Double
    public var descender: Double
    public var lineGap: Double
    public init(ascender: Double, descender: Double, lineGap: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }
    /// ascender − descender + lineGap (CoreText's line height for the hhea rule).
    public var lineHeight: Double { ascender - descender + lineGap }
    /// The metrics of a line set in both fonts: the larger ascender, the lower descender and the
    /// larger line gap (CoreText's line ascent, descent and leading over its runs).
    public func union(_ other: LineMetrics) -> LineMetrics {
        LineMetrics(ascender: max(ascender, other.ascender), descender: min(descender, other.descender),
                    lineGap: max(lineGap, other.lineGap))
    }
    /// The metrics in another em: each value × `factor`.
    public func scaled(by factor: Double) -> LineMetrics {
        LineMetrics(ascender: ascender * factor, descender: descender * factor, lineGap: lineGap * factor)
    }
}
