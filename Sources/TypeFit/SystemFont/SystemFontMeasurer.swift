import DynamicType
import FontEngine
import Layout
import TypeFitSupport

/// `Layout.TextMeasuring` for text in iOS's system font at one point size. Its em is SF Pro's
/// (2048 units) and its vertical metrics are iOS's for the system font (ascender 1950,
/// descender −494, no gap: 1.193359375 em) whatever measures the widths. It measures through the
/// `EngineMeasurer` a ``SystemFontSource`` makes at the size (the audit's measurer of system text):
///
/// - SF Pro supplied: the text is shaped with the Text and the Display cut (HarfBuzz, kerning
///   included); the advances blend as Text + a(s) × (Display − Text), and the tracking T(s) is
///   added once per grapheme cluster (as a 'trak' table is applied: HarfBuzz
///   src/hb-aat-layout-trak-table.hh, `foreach_grapheme`).
/// - A stand-in: its shaped advance × k(s), where k(s) = avg_SF(s) / the stand-in's average width
///   (English character frequencies), taken at its Regular weight at the same optical size, and
///   applied to every weight.
///
/// Widths are estimates within ``errorBand`` of iOS's. Not thread-safe (it owns shapers).
public final class SystemFontMeasurer: TextMeasuring {
    /// The point size the widths are for.
    public let size: Double
    /// How the widths are measured, and so their error band.
    public let method: SystemFontMethod
    /// Line breaking locale (nil = root rules).
    public var breakLocale: String? { engine.breakLocale }

    public let unitsPerEm = SystemFont.unitsPerEm
    public let lineMetrics = LineMetrics(ascender: SystemFont.ascenderUnits, descender: SystemFont.descenderUnits,
                                         lineGap: SystemFont.lineGapUnits)

    /// The measurer in the face's units, and the factor to SF Pro's.
    private let engine: EngineMeasurer
    private let toSFUnits: Double

    /// Measures with `face` and its `calibration` (``SystemFontSource/instance(size:)``).
    init(face: FontFace, calibration: WidthCalibration, size: Double, method: SystemFontMethod, breakLocale: String?) throws {
        self.size = size
        self.method = method
        engine = try EngineMeasurer(face: face, calibration: calibration, breakLocale: breakLocale)
        toSFUnits = SystemFont.unitsPerEm / engine.unitsPerEm
    }

    /// Measures system text of `source` at `size`.
    public convenience init(_ source: SystemFontSource, size: Double, breakLocale: String? = nil) throws {
        let (face, calibration) = try source.instance(size: size)
        try self.init(face: face, calibration: calibration, size: size, method: source.method, breakLocale: breakLocale)
    }

    /// Measures with a stand-in `face` already at the instance for `size` (for Inter 4.1,
    /// ``SystemFontStandIn/face(path:size:weight:)``): its advances × k(s) × 2048 / its unitsPerEm.
    /// `regularFace` is the stand-in at the Regular weight and the same optical size, for k(s)
    /// (nil: `face` is Regular). Throws `LibraryUnavailable` when ICU (line breaking) cannot be loaded.
    public convenience init(standIn face: FontFace, regularFace: FontFace? = nil, size: Double,
                            method: SystemFontMethod = .interVariable, breakLocale: String? = nil) throws {
        try self.init(face: face, calibration: SystemFontSource.scaled(face, regular: regularFace ?? face, size: size),
                      size: size, method: method, breakLocale: breakLocale)
    }

    /// Measures with the bundled stand-in at `size` and `weight` (Inter 4.1 variable at
    /// `opsz` = 14 + 18 × a(s)). Throws ``SystemFontError/standInNotFound(path:)`` or a `FontError`.
    public convenience init(standInAt size: Double, weight: SystemFontWeight = .regular, breakLocale: String? = nil,
                            fontsDirectory: String? = FontCatalog.bundledFontsDirectory()) throws {
        let path = try SystemFontStandIn.path(fontsDirectory: fontsDirectory)
        try self.init(SystemFontSource(widths: .standIn(path: path), weight: weight), size: size, breakLocale: breakLocale)
    }

    /// Measures with SF Pro's Text and Display faces (``SFProCuts/open()``) as iOS does at `size`.
    public convenience init(sfProText text: FontFace, display: FontFace, size: Double, breakLocale: String? = nil) throws {
        let toFace = Double(text.info.unitsPerEm) / SystemFont.unitsPerEm
        let calibration = WidthCalibration(
            scale: 1, blend: WidthCalibration.Blend(face: display, amount: SystemFont.opticalBlend(size: size)),
            tracking: SystemFont.tracking(size: size) * toFace,
            lineMetrics: SystemFontSource.lineMetrics(unitsPerEm: text.info.unitsPerEm))
        try self.init(face: text, calibration: calibration, size: size, method: .sfPro, breakLocale: breakLocale)
    }

    /// Measures with the SF Pro `cuts` a user supplied, at `size`.
    public convenience init(sfPro cuts: SFProCuts, size: Double, breakLocale: String? = nil) throws {
        try self.init(SystemFontSource(widths: .sfPro(cuts), weight: cuts.weight), size: size, breakLocale: breakLocale)
    }

    /// k(s) for a stand-in face: avg_SF(s) / its average width with English character frequencies.
    public static func widthFactor(standIn face: FontFace, size: Double) -> Double {
        SystemFontSource.scaled(face, regular: face, size: size).scale
    }

    /// ±δ around a limit within which a verdict from these widths is "at risk".
    public var errorBand: SystemFontErrorBand { method.errorBand(size: size) }

    /// The width of `text` in points at ``size``.
    public func width(of text: Substring) -> Double { advance(of: text) * size / unitsPerEm }

    // MARK: TextMeasuring

    public func advance(of text: Substring) -> Double { engine.advance(of: text) * toSFUnits }

    public func clusterCount(of text: Substring) -> Int { text.count }

    /// The ink box of the face that measures (the Text cut with SF Pro), in SF Pro's units, its x
    /// extent scaled as the widths are (× k(s) for a stand-in).
    public func inkBox(of text: Substring) -> InkBox? {
        guard let box = engine.inkBox(of: text) else { return nil }
        return InkBox(xMin: box.xMin * toSFUnits, yMin: box.yMin * toSFUnits, xMax: box.xMax * toSFUnits,
                      yMax: box.yMax * toSFUnits)
    }

    public func lineBreaks(in text: String) -> [LineBreakOpportunity] { engine.lineBreaks(in: text) }
}
