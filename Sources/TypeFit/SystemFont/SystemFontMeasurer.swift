import DynamicType
import FontEngine
import Layout
import TypeFitSupport

/// `Layout.TextMeasuring` for text in iOS's system font at one point size. Its em is SF Pro's
/// (2048 units) and its vertical metrics are iOS's for the system font (ascender 1950,
/// descender −494, no gap: 1.193359375 em) whatever measures the widths:
///
/// - SF Pro supplied (``init(sfPro:size:)``): the text is shaped with the Text and the Display cut
///   (HarfBuzz, kerning included); each glyph's advance is Text + a(s) × (Display − Text), and the
///   tracking T(s) is added once per grapheme cluster (as a 'trak' table is applied:
///   HarfBuzz src/hb-aat-layout-trak-table.hh, `foreach_grapheme`).
/// - The stand-in (``init(standIn:size:method:)``): the stand-in's shaped advance × k(s), where
///   k(s) = avg_SF(s) / the stand-in's average width (English character frequencies), taken at its
///   Regular weight at the same optical size, and applied to every weight.
///
/// Widths are estimates within ``errorBand`` of iOS's. Not thread-safe (it owns shapers).
public final class SystemFontMeasurer: TextMeasuring {
    /// The point size the widths are for.
    public let size: Double
    /// How the widths are measured, and so their error band.
    public let method: SystemFontMethod
    /// Line breaking locale (nil = root rules).
    public let breakLocale: String?

    public let unitsPerEm = SystemFont.unitsPerEm
    public let lineMetrics = LineMetrics(ascender: SystemFont.ascenderUnits, descender: SystemFont.descenderUnits,
                                         lineGap: SystemFont.lineGapUnits)

    private enum Widths {
        /// One face; advance × `factor` is in SF Pro's units.
        case scaled(Shaper, factor: Double)
        /// Text and Display cuts blended by `blend`, `tracking` per grapheme cluster (SF Pro units);
        /// `toSFUnits` converts the cuts' units to 2048/em.
        case blended(text: Shaper, display: Shaper, blend: Double, tracking: Double, toSFUnits: Double)
    }
    private let widths: Widths

    /// Measures with a stand-in `face` already at the instance for `size` (for Inter 4.1,
    /// ``SystemFontStandIn/face(path:size:weight:)``): its advances × k(s) × 2048 / its unitsPerEm.
    /// `regularFace` is the stand-in at the Regular weight and the same optical size, for k(s)
    /// (nil: `face` is Regular). Throws `LibraryUnavailable` when ICU (line breaking) cannot be loaded.
    public init(standIn face: FontFace, regularFace: FontFace? = nil, size: Double, method: SystemFontMethod = .interVariable,
                breakLocale: String? = nil) throws {
        try LineBreaker.requireICU()
        self.size = size
        self.method = method
        self.breakLocale = breakLocale
        let k = Self.widthFactor(standIn: regularFace ?? face, size: size)
        widths = .scaled(try Shaper(face: face), factor: k * SystemFont.unitsPerEm / Double(face.info.unitsPerEm))
    }

    /// Measures with the bundled stand-in at `size` and `weight` (Inter 4.1 variable at
    /// `opsz` = 14 + 18 × a(s)). Throws ``SystemFontError/standInNotFound(path:)`` or a `FontError`.
    public convenience init(standInAt size: Double, weight: SystemFontWeight = .regular, breakLocale: String? = nil,
                            fontsDirectory: String? = FontCatalog.bundledFontsDirectory()) throws {
        let path = try SystemFontStandIn.path(fontsDirectory: fontsDirectory)
        let face = try SystemFontStandIn.face(path: path, size: size, weight: weight)
        let regular = weight == .regular ? nil : try SystemFontStandIn.face(path: path, size: size, weight: .regular)
        try self.init(standIn: face, regularFace: regular, size: size, method: .interVariable, breakLocale: breakLocale)
    }

    /// Measures with SF Pro's Text and Display faces (``SFProCuts/open()``) as iOS does at `size`.
    public init(sfProText text: FontFace, display: FontFace, size: Double, breakLocale: String? = nil) throws {
        try LineBreaker.requireICU()
        self.size = size
        self.method = .sfPro
        self.breakLocale = breakLocale
        widths = .blended(text: try Shaper(face: text), display: try Shaper(face: display),
                          blend: SystemFont.opticalBlend(size: size), tracking: SystemFont.tracking(size: size),
                          toSFUnits: SystemFont.unitsPerEm / Double(text.info.unitsPerEm))
    }

    /// Measures with the SF Pro `cuts` a user supplied, at `size`.
    public convenience init(sfPro cuts: SFProCuts, size: Double, breakLocale: String? = nil) throws {
        let faces = try cuts.open()
        try self.init(sfProText: faces.text, display: faces.display, size: size, breakLocale: breakLocale)
    }

    /// k(s) for a stand-in face: avg_SF(s) / its average width with English character frequencies.
    public static func widthFactor(standIn face: FontFace, size: Double) -> Double {
        SystemFont.widthFactor(size: size, standInAverage: face.weightedAverageWidth(EnglishCharacterFrequencies.latin))
    }

    /// ±δ around a limit within which a verdict from these widths is "at risk".
    public var errorBand: SystemFontErrorBand { method.errorBand(size: size) }

    /// The width of `text` in points at ``size``.
    public func width(of text: Substring) -> Double { advance(of: text) * size / unitsPerEm }

    // MARK: TextMeasuring

    public func advance(of text: Substring) -> Double {
        switch widths {
        case .scaled(let shaper, let factor):
            return Double(shaper.advance(of: text)) * factor
        case .blended(let textShaper, let displayShaper, let a, let tracking, let toSFUnits):
            let textGlyphs = textShaper.glyphs(of: text), displayGlyphs = displayShaper.glyphs(of: text)
            var units = 0.0
            if textGlyphs.count == displayGlyphs.count {
                for (t, d) in zip(textGlyphs, displayGlyphs) {
                    units += Double(t.advance) + a * Double(d.advance - t.advance)
                }
            } else {
                // The cuts shaped the text into different glyphs (a ligature in one): blend the
                // lines' totals, which is what the per-glyph blend sums to.
                let t = textGlyphs.reduce(0) { $0 + $1.advance }, d = displayGlyphs.reduce(0) { $0 + $1.advance }
                units = Double(t) + a * Double(d - t)
            }
            return units * toSFUnits + tracking * Double(text.count)
        }
    }

    public func clusterCount(of text: Substring) -> Int { text.count }

    /// The ink box of the face that measures (the Text cut with SF Pro), in SF Pro's units, its x
    /// extent scaled as the widths are (× k(s) for a stand-in).
    public func inkBox(of text: Substring) -> InkBox? {
        let (shaper, xScale, yScale): (Shaper, Double, Double)
        switch widths {
        case .scaled(let s, let factor):
            (shaper, xScale, yScale) = (s, factor, SystemFont.unitsPerEm / Double(s.face.info.unitsPerEm))
        case .blended(let s, _, _, _, let toSFUnits):
            (shaper, xScale, yScale) = (s, toSFUnits, toSFUnits)
        }
        guard let box = shaper.measure(text).ink else { return nil }
        return InkBox(xMin: box.xMin * xScale, yMin: box.yMin * yScale, xMax: box.xMax * xScale, yMax: box.yMax * yScale)
    }

    public func lineBreaks(in text: String) -> [LineBreakOpportunity] {
        EngineMeasurer.lineBreaks(in: text, locale: breakLocale)
    }
}
