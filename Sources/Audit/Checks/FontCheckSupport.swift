import DynamicType
import Foundation
import Reports

/// fontbakery's result for a font-level check, as `typefit inspect` prints it.
public enum FontVerdict: String, Sendable, Codable, CaseIterable {
    case pass, warn, fail
    /// The check does not apply to the font (it lacks what the check measures, e.g. "À"):
    /// fontbakery's SKIP, not a pass.
    case notApplicable = "not applicable"
}

/// A check about a font's own tables that runs on one font alone (`typefit inspect` runs them all).
///
/// Each corresponds to a fontbakery check where one exists: no finding ↔ fontbakery PASS (or SKIP,
/// where its condition excludes the font); a finding ↔ fontbakery's `verdictWhenReported` (WARN or FAIL).
public protocol FontCheck: Check {
    /// The fontbakery 1.x check id it corresponds to, e.g. "os2_metrics_match_hhea"; nil when none.
    var fontbakeryCheck: String? { get }
    /// What a finding means in fontbakery's terms (`warn` or `fail`).
    var verdictWhenReported: FontVerdict { get }
    /// Whether the check applies to `font` (fontbakery's conditions and SKIPs); a font it does not
    /// apply to is `notApplicable`, never a pass. Default: every font.
    func applies(to font: FontObservation) -> Bool
}

extension FontCheck {
    public func applies(to font: FontObservation) -> Bool { true }

    /// One sentence naming the fontbakery check and how verdicts map (docs/checks.md, `typefit explain`).
    public var fontbakeryNote: String {
        let level = verdictWhenReported.rawValue.uppercased()
        return fontbakeryCheck.map { "Corresponds to fontbakery's `\($0)`: a finding is its \(level), no finding its PASS, a font the check does not apply to its SKIP (`typefit inspect`: not applicable)." }
            ?? "No fontbakery check corresponds; `typefit inspect` shows a finding as \(level)."
    }

    /// The verdict and findings for one font; `styles` are the styles that set it (for the sizes
    /// the messages quote).
    public func verdict(for font: FontObservation, styles: [StyleObservation] = [],
                        context: CheckContext = .default) -> (verdict: FontVerdict, findings: [Finding]) {
        guard applies(to: font) else { return (.notApplicable, []) }
        let findings = run(AuditInput(styles: styles, fonts: [font]), context: context)
        return (findings.isEmpty ? .pass : verdictWhenReported, findings)
    }
}

/// Where the app sets a font largest: the style and category with the largest point size among the
/// styles that use the font, as their own font or as a fallback for other scripts (from the audit's
/// style observations). Font findings quote their consequence at this size, e.g. "body at AX5 (53 pt)".
struct FontUse: Equatable {
    var style: String
    var categoryIndex: Int
    var pointSize: Double

    /// The largest use of `font` by `styles`; ties go to the style listed first, then to the smaller category.
    static func largest(of font: String, in styles: [StyleObservation]) -> FontUse? {
        var best: FontUse?
        for style in styles where style.font == font || style.fallbackFonts.contains(font) {
            for (index, size) in style.pointSizes.enumerated() where size > (best?.pointSize ?? 0) {
                best = FontUse(style: style.style, categoryIndex: index, pointSize: size)
            }
        }
        return best
    }

    /// "body at AX5 (53 pt)".
    var place: String {
        let category = index(categoryIndex).map { ContentSizeCategory.allCases[$0].shortName } ?? "category \(categoryIndex)"
        return "\(style) at \(category) (\(FontUse.size(pointSize)))"
    }

    /// `units` of a font with `unitsPerEm` in points at this size.
    func points(_ units: Double, unitsPerEm: Double) -> Double { units / unitsPerEm * pointSize }

    /// "53 pt", "20.5 pt".
    static func size(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f pt", value) : String(format: "%.1f pt", value)
    }

    private func index(_ i: Int) -> Int? { ContentSizeCategory.allCases.indices.contains(i) ? i : nil }
}

/// Message pieces shared by the font checks.
enum FontDescribe {
    /// A font-unit value, e.g. "1974"; fractional outline bounds keep one decimal.
    static func units(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
    /// A signed font-unit value with a true minus sign, e.g. "−426".
    static func signed(_ value: Double) -> String { value < 0 ? "−" + units(-value) : units(value) }
    /// "7.8 pt taller" / "7.8 pt shorter" for a positive / negative difference.
    static func taller(_ points: Double) -> String { Describe.pt(abs(points)) + (points >= 0 ? " taller" : " shorter") }
    /// "9.6 pt higher" / "6.4 pt lower".
    static func higher(_ points: Double) -> String { Describe.pt(abs(points)) + (points >= 0 ? " higher" : " lower") }
    /// Whether a length in points shows as non-zero with one decimal.
    static func shows(_ points: Double) -> Bool { abs(points) >= 0.05 }
}

extension FontObservation {
    /// fontbakery's `is_cjk_font` condition (Lib/fontbakery/checks/conditions.py:202–211 in 1.1.0):
    /// more than 150 code points in its CJK ranges.
    var isCJK: Bool { cjkCodepoints > 150 }

    /// A finding about this font with the check's default severity.
    func finding(_ check: some Check, code: String, message: String, figures: [String: Double]) -> Finding {
        Finding(checkId: check.id, severity: check.defaultSeverity, message: message, font: font, figures: figures,
                code: code)
    }
}

/// Real fonts' table values for the font checks' examples, read with fontTools 4 (`ttx -t hhea -t OS/2
/// -t head`; "À" by `BoundsPen` on the glyph set, as fontbakery does). Roboto, Open Sans, Inter and the
/// Noto fonts are bundled (Fonts/); Lato 2.0 and Liberation Sans 2.1.5 are the Debian 12 packages
/// fonts-lato and fonts-liberation2 (their values are also in Tests/AuditTests/Fixtures/debian-font-tables.json).
enum FontExamples {
    static let roboto = FontObservation(font: "Roboto-Regular", unitsPerEm: 2048, hheaAscender: 1900, hheaDescender: -500,
                                        hheaLineGap: 0, typoAscender: 2146, typoDescender: -555, typoLineGap: 0,
                                        winAscent: 2146, winDescent: 555, useTypoMetrics: false, headYMin: -555,
                                        headYMax: 2163, agraveYMax: 1847)
    static let openSans = FontObservation(font: "OpenSans-Regular", unitsPerEm: 2048, hheaAscender: 2189,
                                          hheaDescender: -600, hheaLineGap: 0, typoAscender: 1567, typoDescender: -492,
                                          typoLineGap: 132, winAscent: 2189, winDescent: 600, useTypoMetrics: false,
                                          headYMin: -555, headYMax: 2146, agraveYMax: 1907)
    static let inter = FontObservation(font: "Inter-Regular", unitsPerEm: 2816, hheaAscender: 2728, hheaDescender: -680,
                                       hheaLineGap: 0, typoAscender: 2728, typoDescender: -680, typoLineGap: 0,
                                       winAscent: 2728, winDescent: 680, useTypoMetrics: true, headYMin: -900,
                                       headYMax: 3072, agraveYMax: 2720)
    static let notoSansArabic = FontObservation(font: "NotoSansArabic-Regular", unitsPerEm: 1000, hheaAscender: 1374,
                                                hheaDescender: -738, hheaLineGap: 0, typoAscender: 1374,
                                                typoDescender: -738, typoLineGap: 0, winAscent: 1374, winDescent: 738,
                                                useTypoMetrics: false, headYMin: -548, headYMax: 1359, agraveYMax: nil)
    /// The bundled two-face CJK subset, face 0: 758 code points in fontbakery's CJK ranges.
    static let notoSansCJK = FontObservation(font: "NotoSansCJKjp-Regular", unitsPerEm: 1000, hheaAscender: 1160,
                                             hheaDescender: -288, hheaLineGap: 0, typoAscender: 880, typoDescender: -120,
                                             typoLineGap: 0, winAscent: 1160, winDescent: 288, useTypoMetrics: false,
                                             headYMin: -1048, headYMax: 1808, agraveYMax: nil, cjkCodepoints: 758)
    static let lato = FontObservation(font: "Lato-Regular", unitsPerEm: 2000, hheaAscender: 1974, hheaDescender: -426,
                                      hheaLineGap: 0, typoAscender: 1610, typoDescender: -390, typoLineGap: 400,
                                      winAscent: 1974, winDescent: 426, useTypoMetrics: true, headYMin: -537,
                                      headYMax: 2157, agraveYMax: 1852)
    static let liberationSans = FontObservation(font: "LiberationSans-Regular", unitsPerEm: 2048, hheaAscender: 1854,
                                                hheaDescender: -434, hheaLineGap: 67, typoAscender: 1491,
                                                typoDescender: -431, typoLineGap: 307, winAscent: 1854, winDescent: 434,
                                                useTypoMetrics: false, headYMin: -621, headYMax: 2007, agraveYMax: 1776)

    /// The HIG body style set in `font`: 14…53 pt over xS…AX5 (shared/reference/apple-dynamic-type.md, table A).
    static func body(_ font: FontObservation) -> StyleObservation {
        StyleObservation(style: "body", font: font.font, model: "uifontmetrics",
                         pointSizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    }

    /// An audit input of `font` set in the HIG body style.
    static func inBody(_ font: FontObservation) -> AuditInput { AuditInput(styles: [body(font)], fonts: [font]) }
}
