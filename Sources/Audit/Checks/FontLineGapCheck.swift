import Reports

/// `font.line-gap`: a non-zero hhea or typo line gap (fontbakery `linegaps`).
///
/// fontbakery 1.1.0, Lib/fontbakery/checks/linegaps.py:33–38: WARN when hhea lineGap ≠ 0, else when
/// OS/2 sTypoLineGap ≠ 0.
public struct FontLineGapCheck: FontCheck {
    public init() {}
    public let id = "font.line-gap"
    public let title = "Line gap placed differently by each platform"
    public let rationale = """
        The line gap is extra space between lines, and every environment puts it somewhere else: most desktop apps \
        add it above the text, browsers split it above and below, and Windows ignores it when USE_TYPO_METRICS is \
        off. A font with a line gap therefore moves its first line and changes its line height from one platform \
        to the next. fontbakery warns about it (linegaps); put the spacing in the ascender and descender instead.
        """
    public let definition = """
        Reports a font whose hhea lineGap or OS/2 sTypoLineGap is not 0 (fontbakery `linegaps`, WARN). The message gives each gap in points at the largest size a style sets the font (gap / upem × size). One finding per font. Figures: hheaLineGap, typoLineGap (font units); with a style: pointSize, hheaGap, typoGap (points).
        """
    public let defaultSeverity = Severity.info
    public let figures: [FigureSpec] = [
        FigureSpec("hheaLineGap", .fontUnits, .neutral, "hhea lineGap"),
        FigureSpec("typoLineGap", .fontUnits, .neutral, "OS/2 sTypoLineGap"),
        FigureSpec("hheaGap", .points, .neutral, "the hhea gap at the largest use"),
        FigureSpec("typoGap", .points, .neutral, "the typo gap at the largest use"),
        FigureSpec("pointSize", .points, .neutral, "the point size of the largest use"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("nonzero-line-gap", "hhea or typo line gap is not 0"),
    ]
    public let fontbakeryCheck: String? = "linegaps"
    public let verdictWhenReported = FontVerdict.warn

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.fonts.compactMap { font in
            guard font.unitsPerEm > 0, font.hheaLineGap != 0 || font.typoLineGap != 0 else { return nil }
            let u = FontDescribe.units
            var message = "\(font.font) has a line gap (hhea \(u(font.hheaLineGap)), typo \(u(font.typoLineGap)) units)"
            var figures = ["hheaLineGap": font.hheaLineGap, "typoLineGap": font.typoLineGap]
            guard let use = FontUse.largest(of: font.font, in: input.styles) else {
                message += ", which each platform places differently"
                return font.finding(self, code: "nonzero-line-gap", message: message, figures: figures)
            }
            let hhea = use.points(font.hheaLineGap, unitsPerEm: font.unitsPerEm)
            let typo = use.points(font.typoLineGap, unitsPerEm: font.unitsPerEm)
            figures["pointSize"] = use.pointSize
            figures["hheaGap"] = hhea
            figures["typoGap"] = typo
            var amounts: [String] = []
            if font.hheaLineGap != 0 { amounts.append("\(Describe.pt(hhea)) per line on iOS (hhea)") }
            if font.typoLineGap != 0 { amounts.append("\(Describe.pt(typo)) where typo metrics are used") }
            let largest = max(abs(hhea), abs(typo))
            message += "; \(use.place): " + amounts.joined(separator: " and ")
                + ", added above the text by most desktop apps, split above and below by browsers and ignored by Windows "
                + "when USE_TYPO_METRICS is off, so the first line moves by up to \(Describe.pt(largest)) between them"
            return font.finding(self, code: "nonzero-line-gap", message: message, figures: figures)
        }
    }

    public var examples: [CheckExample] {
        // Values: FontExamples (fontTools). Liberation Sans: 67 / 2048 × 53 = 1.734 pt, 307 / 2048 × 53 = 7.945 pt.
        // Lato: hhea 0, typo 400 / 2000 × 53 = 10.6 pt.
        [
            CheckExample("Liberation Sans: both gaps set", input: FontExamples.inBody(FontExamples.liberationSans),
                         expectedCount: 1, codes: ["nonzero-line-gap"],
                         messageContains: ["LiberationSans-Regular has a line gap (hhea 67, typo 307 units); body at AX5 (53 pt): 1.7 pt per line on iOS (hhea) and 7.9 pt where typo metrics are used, added above the text by most desktop apps, split above and below by browsers and ignored by Windows when USE_TYPO_METRICS is off, so the first line moves by up to 7.9 pt between them"],
                         figures: ["hheaGap": 1.734, "typoGap": 7.945]),
            CheckExample("Lato: a typo line gap only", input: FontExamples.inBody(FontExamples.lato), expectedCount: 1, codes: ["nonzero-line-gap"],
                         messageContains: ["(hhea 0, typo 400 units); body at AX5 (53 pt): 10.6 pt where typo metrics are used"],
                         figures: ["hheaGap": 0, "typoGap": 10.6]),
            CheckExample("Roboto: no line gaps", input: FontExamples.inBody(FontExamples.roboto), expectedCount: 0),
        ]
    }
}
