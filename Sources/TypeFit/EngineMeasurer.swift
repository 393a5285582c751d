import FontEngine
import Layout
import TypeFitSupport

/// `Layout.TextMeasuring` over a real font: HarfBuzz shaping (FontEngine.Shaper, script runs,
/// features chosen at init), the line-height rule chosen at init, and ICU line breaking
/// (FontEngine.LineBreaker). Advances and ink boxes use FontEngine.FastMeasurer (cached words,
/// identical to whole-line shaping; a cache of about 1.5 MB per measurer). Not thread-safe: make one per
/// thread (it owns a Shaper and a FastMeasurer).
public final class EngineMeasurer: TextMeasuring {
    /// The face measured with.
    public let face: FontFace
    /// The rule `lineMetrics` follows.
    public let lineHeightRule: LineHeightRule
    /// Locale for line breaking (nil = root rules).
    public let breakLocale: String?
    private let shaper: Shaper
    /// Advances come from the cached fast path (identical to `shaper`, see FastMeasurer).
    private let fast: FastMeasurer

    /// The fast path's cache by default: 16,384 words and lines, 512 KiB of text (memory is
    /// touched only as it fills).
    public static let defaultCacheLimits = FastMeasurer.CacheLimits(entries: 1 << 14, bytes: 512 << 10)

    /// Measures with `face`, HarfBuzz `features` ("-kern,+smcp"), `language` (shaping) and the
    /// line-height `rule`; line breaks use `breakLocale` (defaults to `language`); the fast path
    /// keeps `cacheLimits` of shaped words and lines. Throws `FontError.invalidFeature` for a bad
    /// feature string, and `LibraryUnavailable` when the system ICU (line breaking) cannot be loaded.
    public convenience init(face: FontFace, lineHeightRule: LineHeightRule = .hhea, features: String = "",
                language: String? = nil, breakLocale: String? = nil,
                cacheLimits: FastMeasurer.CacheLimits = EngineMeasurer.defaultCacheLimits) throws {
        try self.init(face: face, calibration: nil, lineHeightRule: lineHeightRule, features: features, language: language,
                      breakLocale: breakLocale, cacheLimits: cacheLimits)
    }

    /// Measures with `face` whose widths are `calibration`'s (system text at one point size:
    /// `SystemFontInstance`); its vertical metrics are the calibration's whatever the rule.
    public init(face: FontFace, calibration: WidthCalibration?, lineHeightRule: LineHeightRule = .hhea,
                features: String = "", language: String? = nil, breakLocale: String? = nil,
                cacheLimits: FastMeasurer.CacheLimits = EngineMeasurer.defaultCacheLimits) throws {
        try LineBreaker.requireICU()
        self.face = face
        self.lineHeightRule = lineHeightRule
        self.breakLocale = breakLocale ?? language
        self.shaper = try Shaper(face: face, features: features, language: language)
        self.fast = try FastMeasurer(font: ShapingFont(face: face), features: features, language: language,
                                     computesInk: true, cacheLimits: cacheLimits)
        self.lineMetrics = calibration?.lineMetrics ?? face.info.verticalMetrics(lineHeightRule)
        self.unitsPerEm = Double(face.info.unitsPerEm)
        self.calibration = calibration
        self.blendWith = try calibration?.blend.map {
            (try FastMeasurer(font: ShapingFont(face: $0.face), features: features, language: language,
                              computesInk: false, cacheLimits: cacheLimits), $0.amount)
        }
    }

    /// The same faces measured with another `calibration` (the system font at another point size
    /// with the same ``SystemFontSource/facesKey(size:)``): it shares this measurer's shapers and
    /// caches (words are shaped once for every such size), so it is used on this one's thread.
    /// `calibration` blends in this measurer's blend face, if it has one.
    public func recalibrated(_ calibration: WidthCalibration) -> EngineMeasurer {
        EngineMeasurer(sharing: self, calibration: calibration)
    }

    private init(sharing base: EngineMeasurer, calibration: WidthCalibration) {
        precondition((base.blendWith == nil) == (calibration.blend == nil), "a recalibration keeps the blend face")
        face = base.face
        lineHeightRule = base.lineHeightRule
        breakLocale = base.breakLocale
        shaper = base.shaper
        fast = base.fast
        lineMetrics = calibration.lineMetrics
        unitsPerEm = base.unitsPerEm
        self.calibration = calibration
        blendWith = base.blendWith.map { ($0.0, calibration.blend?.amount ?? 0) }
    }

    public let unitsPerEm: Double
    public let lineMetrics: LineMetrics
    /// How this measurer's widths differ from the face's own (nil: they do not).
    public let calibration: WidthCalibration?
    /// The second face whose advances are blended in, and by how much.
    private let blendWith: (FastMeasurer, Double)?

    public func advance(of text: Substring) -> Double {
        let own = Double(fast.advance(of: text))
        guard let calibration else { return own }
        var units = own
        if let (other, amount) = blendWith {
            // Σ (t + a × (d − t)) over the glyphs is Σt + a × (Σd − Σt): the totals blend exactly.
            units += amount * (Double(other.advance(of: text)) - own)
        }
        // Counting grapheme clusters walks the text: only when there is tracking to add.
        return calibration.tracking == 0 ? units * calibration.scale
            : units * calibration.scale + calibration.tracking * Double(text.count)
    }

    public func clusterCount(of text: Substring) -> Int { text.count }

    public func inkBox(of text: Substring) -> InkBox? {
        guard let box = fast.measure(text).ink else { return nil }
        let x = calibration?.scale ?? 1
        return InkBox(xMin: box.xMin * x, yMin: box.yMin, xMax: box.xMax * x, yMax: box.yMax)
    }

    /// Whether HarfBuzz draws `scalar` with a real glyph of this font: the cmap maps it, or shaping
    /// it gives no .notdef (HarfBuzz's normalizer substitutes some characters, e.g. U+2011
    /// NON-BREAKING HYPHEN → U+2010 HYPHEN when the font lacks U+2011). The one "missing" rule:
    /// `typefit measure` counts .notdef glyphs of the same shaping. Cached per scalar.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        if face.covers(scalar) { return true }
        if let known = shapedGlyphs[scalar] { return known }
        let shaped = shaper.measure(Substring(String(Character(scalar)))).missingGlyphCount == 0
        shapedGlyphs[scalar] = shaped
        return shaped
    }
    private var shapedGlyphs: [Unicode.Scalar: Bool] = [:]

    public func lineBreaks(in text: String) -> [LineBreakOpportunity] { Self.lineBreaks(in: text, locale: breakLocale) }

    /// ICU's UAX #14 opportunities of `text` by `locale`'s rules (nil = root rules), as Layout takes them.
    static func lineBreaks(in text: String, locale: String?) -> [LineBreakOpportunity] {
        LineBreaker.opportunities(in: text, locale: locale).map { LineBreakOpportunity(offset: $0.offset, isHard: $0.isHard) }
    }
}

/// Widths of a face adjusted to another font's (system text at one point size: the stand-in's
/// advances × k(s), or SF Pro's Text cut blended with its Display cut plus the tracking T(s);
/// `SystemFontInstance`). All values are in the face's units.
public struct WidthCalibration {
    /// A second face (same units per em) blended in: advance = own + amount × (its − own).
    public struct Blend {
        public var face: FontFace
        public var amount: Double
        public init(face: FontFace, amount: Double) {
            self.face = face
            self.amount = amount
        }
    }

    /// Every advance (after the blend) × this; ink boxes' x extent too.
    public var scale: Double
    public var blend: Blend?
    /// Added per grapheme cluster, in the face's units.
    public var tracking: Double
    /// The vertical metrics lines are laid out with, in the face's units.
    public var lineMetrics: LineMetrics

    public init(scale: Double = 1, blend: Blend? = nil, tracking: Double = 0, lineMetrics: LineMetrics) {
        self.scale = scale
        self.blend = blend
        self.tracking = tracking
        self.lineMetrics = lineMetrics
    }
}

/// The line breaks of texts by one locale's rules (ICU, `EngineMeasurer.lineBreaks`), kept for
/// every measurer on one thread that breaks lines by that locale: an audit measures system text
/// with a cascade per point size, and each would otherwise run ICU on the same text again.
/// Holds at most `capacity` texts (then starts over). Not thread-safe.
public final class LineBreakMemo {
    public let locale: String?
    public let capacity: Int
    private var known: [String: [LineBreakOpportunity]] = [:]

    public init(locale: String?, capacity: Int = 16_384) {
        self.locale = locale
        self.capacity = max(1, capacity)
    }

    public func breaks(in text: String) -> [LineBreakOpportunity] {
        if let found = known[text] { return found }
        let found = EngineMeasurer.lineBreaks(in: text, locale: locale)
        if known.count >= capacity { known.removeAll(keepingCapacity: true) }
        known[text] = found
        return found
    }
}
