/// iOS's system font (San Francisco, drawn from SF Pro Text and SF Pro Display) as iOS lays it
/// out: its line height, the optical-size blend between the Text and Display cuts, the tracking
/// iOS adds at each point size, and its average glyph width. Pure numbers, no font files: the
/// facts are those of docs/system-font.md (measured against iOS's own metrics and widths).
///
/// Units: "em" values are fractions of the point size; tracking is in SF Pro's font units
/// (2048 per em).
public enum SystemFont {
    /// SF Pro's unitsPerEm.
    public static let unitsPerEm = 2048.0
    /// SF Pro Text's and Display's hhea ascender, descender (negative) and line gap, in font units:
    /// what iOS's `UIFont.lineHeight` of the system font is made of at every size.
    public static let ascenderUnits = 1950.0
    public static let descenderUnits = -494.0
    public static let lineGapUnits = 0.0
    /// SF Pro's OS/2 cap height in font units (the reference's table of the system font).
    public static let capHeightUnits = 1443.0

    /// Ascender in em: 1950 / 2048.
    public static let ascender = 0.9521484375
    /// Descender below the baseline in em (positive): 494 / 2048.
    public static let descender = 0.2412109375
    /// Line height in em: (1950 + 494) / 2048, leading 0.
    public static let lineHeight = 1.193359375

    /// iOS's line height of the system font at `size` points (17 pt → 20.287109375 pt). Never a
    /// stand-in's own metrics: those are 3.6 % shorter to 19 % taller.
    public static func lineHeight(size: Double) -> Double { lineHeight * size }

    // MARK: Optical size

    /// How far iOS has moved from SF Pro Text (0) to SF Pro Display (1) at `size` points:
    /// a(s) = clamp((1.6 s − 29.4) / 11, 0, 1); 0 up to 18.375 pt, 1 from 25.25 pt. (It fits the
    /// 95 ASCII glyphs of iOS's system font with no residual at 12–34 pt; the designers' rule
    /// "Text below 20 pt, Display from 20 pt" is not what iOS draws.)
    public static func opticalBlend(size: Double) -> Double {
        // (16 s − 294) / 110: the same line in numbers binary floating point holds exactly, so
        // the ends are exactly 18.375 and 25.25 pt.
        min(max((16 * size - 294) / 110, 0), 1)
    }

    /// The `opsz` value at which a stand-in with an optical-size axis of 14…32 (Inter 4) follows
    /// SF's blend: 14 + 18 × a(s).
    public static func standInOpticalSize(size: Double) -> Double {
        14 + 18 * opticalBlend(size: size)
    }

    // MARK: Tracking

    /// One row of the HIG's SF Pro tracking table for iOS: a point size and the tracking iOS adds
    /// to every glyph's advance at that size, in 1/1000 em.
    public struct TrackingRow: Sendable, Hashable {
        public let size: Double
        public let milliEm: Double
    }

    /// The HIG's SF Pro tracking table for iOS (Human Interface Guidelines → Typography →
    /// Specifications, "Tracking values (iOS, iPadOS, visionOS)",
    /// https://developer.apple.com/design/human-interface-guidelines/typography), the column in
    /// 1/1000 em, copied row by row from the reference data `apple-dynamic-type.json`
    /// (`sf_pro_tracking_ios`; a copy is Tests/DynamicTypeTests/Fixtures/reference, and
    /// SystemFontTests compares every row with it). 6–54 pt by 1 pt, then even sizes to 72 pt,
    /// then every 4 pt to 96 pt.
    public static let trackingTable: [TrackingRow] = trackingRows.map { TrackingRow(size: $0.size, milliEm: $0.milliEm) }
    private static let trackingRows: [(size: Double, milliEm: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6),
        (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12), (35, 11),
        (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8), (45, 8),
        (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6), (56, 6),
        (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0),
        (84, 0), (88, 0), (92, 0), (96, 0),
    ]

    /// The tracking iOS adds to each glyph of the system font at `size`, in 1/1000 em. At a size
    /// of the table, its value. Between two rows (a fractional size, or 55, 57, … 95 pt), the
    /// linear interpolation between them, and outside 6…96 pt the end row's value: the rule of the
    /// tracking ('trak') table the values come from (Apple's TrueType Reference Manual, 'trak':
    /// values between stored sizes are interpolated; HarfBuzz's reading of the table,
    /// src/hb-aat-layout-trak-table.hh `TrackTableEntry::get_value`, interpolates linearly
    /// between neighbours and keeps the end values beyond the first and last size).
    public static func trackingMilliEm(size: Double) -> Double {
        let rows = trackingTable
        guard let first = rows.first, let last = rows.last else { return 0 }
        if !(size > first.size) { return first.milliEm }
        if size >= last.size { return last.milliEm }
        // The first row at or above `size` (rows are sorted by size).
        var high = 1
        while rows[high].size < size { high += 1 }
        let upper = rows[high], lower = rows[high - 1]
        if upper.size == size { return upper.milliEm }
        let t = (size - lower.size) / (upper.size - lower.size)
        return lower.milliEm + t * (upper.milliEm - lower.milliEm)
    }

    /// T(s): the tracking at `size` in SF Pro's font units (2048/em): 1/1000 em × 2.048
    /// (17 pt: −26 → −53.248 units; iOS applies within 2 units of this).
    public static func tracking(size: Double) -> Double {
        trackingMilliEm(size: size) * unitsPerEm / 1000
    }

    // MARK: Average width

    /// Average glyph width of SF Pro Text and of SF Pro Display (Regular), in em, weighted with
    /// English character frequencies (`EnglishCharacterFrequencies`, capsize's weights).
    public static let textAverageWidth = 0.4757
    public static let displayAverageWidth = 0.4162

    /// The system font's effective average glyph width at `size`, in em:
    /// avg_SF(s) = (1 − a) × 0.4757 + a × 0.4162 + T(s) / 2048
    /// (11 pt 0.4817, 17 pt 0.4497, 20 pt 0.4386, 28 pt 0.4302, 53 pt 0.4222).
    public static func averageWidth(size: Double) -> Double {
        let a = opticalBlend(size: size)
        return (1 - a) * textAverageWidth + a * displayAverageWidth + tracking(size: size) / unitsPerEm
    }

    /// k(s): the factor that brings a stand-in's widths at `size` to the system font's on average:
    /// avg_SF(s) / `standInAverage`, where `standInAverage` is the stand-in's average width in em,
    /// weighted the same way and measured at the instance used at that size (e.g. Inter at
    /// `opsz` = ``standInOpticalSize(size:)``).
    public static func widthFactor(size: Double, standInAverage: Double) -> Double {
        averageWidth(size: size) / standInAverage
    }
}

/// The weights system text is measured in. The HIG's iOS text styles use regular, semibold
/// (headline, emphasized text) and bold (emphasized titles); medium and heavy are the other
/// weights Apple's styles use (the HIG's macOS table: caption 2, emphasized headline) and that
/// apps name with `systemFont(ofSize:weight:)`.
public enum SystemFontWeight: String, CaseIterable, Sendable, Codable, Hashable {
    case regular, medium, semibold, bold, heavy

    /// The general weight of the same name.
    public var fontWeight: FontWeight {
        switch self {
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        }
    }

    /// The OpenType weight (usWeightClass, `wght` axis value): 400, 500, 600, 700, 800.
    public var numericValue: Int { fontWeight.numericValue }

    /// The system weight for a general weight; nil for those no text style uses (ultraLight,
    /// thin, light, black).
    public init?(_ weight: FontWeight) {
        guard let match = Self.allCases.first(where: { $0.fontWeight == weight }) else { return nil }
        self = match
    }

    /// The measured weight nearest to `weight`: the lighter weights (ultraLight, thin, light) are
    /// measured as regular, black as heavy.
    public init(nearest weight: FontWeight) {
        if let exact = Self(weight) { self = exact; return }
        self = weight.numericValue < 400 ? .regular : .heavy
    }

    /// The font id of system text in this weight, usable in typefit.yml without being declared:
    /// `system`, `systemMedium`, `systemSemibold`, `systemBold`, `systemHeavy`.
    public var fontID: String {
        self == .regular ? "system" : "system" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The weight whose ``fontID`` is `id`; nil for any other id.
    public init?(fontID id: String) {
        guard let match = Self.allCases.first(where: { $0.fontID == id }) else { return nil }
        self = match
    }
}
