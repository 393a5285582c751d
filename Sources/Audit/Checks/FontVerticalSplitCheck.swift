import Reports

/// `font.vertical-split`: hhea and typo split the line differently (fontbakery `os2_metrics_match_hhea`).
///
/// fontbakery 1.1.0, Lib/fontbakery/checks/os2_metrics_match_hhea.py:40–57: FAIL when sTypoAscender ≠
/// hhea ascent, else sTypoDescender ≠ hhea descent, else sTypoLineGap ≠ hhea lineGap; not run on CJK
/// fonts (condition `not is_cjk_font`, line 8). The finding says where the first baseline moves.
public struct FontVerticalSplitCheck: FontCheck {
    public init() {}
    public let id = "font.vertical-split"
    public let title = "hhea and typo metrics place the baseline differently"
    public let rationale = """
        Apple platforms place text by the hhea ascender, descender and line gap; Windows (with USE_TYPO_METRICS) \
        and browsers that honour it use the OS/2 typo values. When the two differ, the first baseline and the \
        line height move between platforms even when the totals agree: a label that is vertically centred on iOS \
        sits higher or lower elsewhere. fontbakery fails such a font (os2_metrics_match_hhea).
        """
    public let definition = """
        Reports a font whose OS/2 sTypoAscender, sTypoDescender or sTypoLineGap differs from the hhea ascender, descender or lineGap (fontbakery `os2_metrics_match_hhea`, FAIL). Fonts with more than 150 CJK code points are left out, as fontbakery does. The message gives, at the largest size a style sets the font, how far the first baseline moves where typo metrics are used ((hhea ascender − typo ascender) / upem × size; where the line gap is split above and below, as on the web, half the typo line gap moves it back) and how much each line grows. One finding per font. Figures: hheaAscender, typoAscender, hheaDescender, typoDescender, hheaLineGap, typoLineGap (font units); with a style: pointSize, baselineShift and webBaselineShift (points, positive = higher than on iOS), lineHeightDelta (points).
        """
    public let defaultSeverity = Severity.info
    public let figures: [FigureSpec] = [
        FigureSpec("hheaAscender", .fontUnits, .neutral, "hhea ascender"),
        FigureSpec("hheaDescender", .fontUnits, .neutral, "hhea descender"),
        FigureSpec("hheaLineGap", .fontUnits, .neutral, "hhea lineGap"),
        FigureSpec("typoAscender", .fontUnits, .neutral, "OS/2 sTypoAscender"),
        FigureSpec("typoDescender", .fontUnits, .neutral, "OS/2 sTypoDescender"),
        FigureSpec("typoLineGap", .fontUnits, .neutral, "OS/2 sTypoLineGap"),
        FigureSpec("baselineShift", .points, .neutral, "first baseline, typo vs hhea, at the largest use"),
        FigureSpec("webBaselineShift", .points, .neutral, "first baseline in a browser (gap split) vs hhea"),
        FigureSpec("lineHeightDelta", .points, .neutral, "typo line height − hhea line height"),
        FigureSpec("pointSize", .points, .neutral, "the point size of the largest use"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("split-differs", "hhea and typo split the line differently"),
    ]
    public let fontbakeryCheck: String? = "os2_metrics_match_hhea"
    public let verdictWhenReported = FontVerdict.fail

    /// fontbakery's condition `not is_cjk_font`: a CJK font is not applicable (its SKIP).
    public func applies(to font: FontObservation) -> Bool { !font.isCJK }

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.fonts.compactMap { font in
            guard font.unitsPerEm > 0, !font.isCJK,
                  font.typoAscender != font.hheaAscender || font.typoDescender != font.hheaDescender
                  || font.typoLineGap != font.hheaLineGap
            else { return nil }
            func triple(_ a: Double, _ d: Double, _ g: Double) -> String {
                "\(FontDescribe.units(a)) / \(FontDescribe.signed(d)) / gap \(FontDescribe.units(g))"
            }
            var message = "\(font.font) splits its line differently in hhea (\(triple(font.hheaAscender, font.hheaDescender, font.hheaLineGap))) "
                + "and typo (\(triple(font.typoAscender, font.typoDescender, font.typoLineGap)))"
            var figures = ["hheaAscender": font.hheaAscender, "typoAscender": font.typoAscender,
                           "hheaDescender": font.hheaDescender, "typoDescender": font.typoDescender,
                           "hheaLineGap": font.hheaLineGap, "typoLineGap": font.typoLineGap]
            guard let use = FontUse.largest(of: font.font, in: input.styles) else {
                return font.finding(self, code: "split-differs", message: message + ": the first baseline moves between platforms", figures: figures)
            }
            // Positive: the baseline sits higher (nearer the line top) where typo metrics are used.
            let shift = use.points(font.hheaAscender - font.typoAscender, unitsPerEm: font.unitsPerEm)
            let webShift = use.points(font.hheaAscender - font.typoAscender - font.typoLineGap / 2, unitsPerEm: font.unitsPerEm)
            let lineDelta = (font.typoLineHeight - font.hheaLineHeight) * use.pointSize
            figures["pointSize"] = use.pointSize
            figures["baselineShift"] = shift
            figures["webBaselineShift"] = webShift
            figures["lineHeightDelta"] = lineDelta
            var clauses: [String] = []
            if FontDescribe.shows(shift) || FontDescribe.shows(webShift) {
                var clause = "the first baseline sits "
                let upTo = font.typoLineGap != 0 && shift * webShift > 0 && abs(webShift) < abs(shift)
                clause += (upTo ? "up to " : "") + FontDescribe.higher(shift) + " where typo metrics are used than on iOS"
                if font.typoLineGap != 0 {
                    clause += " (\(FontDescribe.higher(webShift)) where the line gap is split above and below, as on the web)"
                }
                clauses.append(clause)
            }
            if FontDescribe.shows(lineDelta) {
                clauses.append("each line is \(FontDescribe.taller(lineDelta)) there")
            }
            if clauses.isEmpty { clauses.append("the difference is below 0.1 pt") }
            message += "; \(use.place): " + clauses.joined(separator: " and ")
            return font.finding(self, code: "split-differs", message: message, figures: figures)
        }
    }

    public var examples: [CheckExample] {
        // Values: FontExamples (fontTools). Lato: (1974 − 1610) / 2000 × 53 = 9.646 pt higher; on the web
        // (1974 − 1610 − 400 / 2) / 2000 × 53 = 4.346 pt; both totals 2400, so the line height is the same.
        // Roboto: (1900 − 2146) / 2048 × 53 = −6.366 pt (lower); lines (2701 − 2400) / 2048 × 53 = 7.789 pt taller.
        [
            CheckExample("Lato: same totals, baseline 9.6 pt higher with typo metrics at AX5",
                         input: FontExamples.inBody(FontExamples.lato), expectedCount: 1, codes: ["split-differs"],
                         messageContains: ["Lato-Regular splits its line differently in hhea (1974 / −426 / gap 0) and typo (1610 / −390 / gap 400); body at AX5 (53 pt): the first baseline sits up to 9.6 pt higher where typo metrics are used than on iOS (4.3 pt higher where the line gap is split above and below, as on the web)"],
                         figures: ["baselineShift": 9.646, "webBaselineShift": 4.346, "lineHeightDelta": 0, "pointSize": 53]),
            CheckExample("Roboto: baseline lower and lines taller with typo metrics",
                         input: FontExamples.inBody(FontExamples.roboto), expectedCount: 1, codes: ["split-differs"],
                         messageContains: ["body at AX5 (53 pt): the first baseline sits 6.4 pt lower where typo metrics are used than on iOS and each line is 7.8 pt taller there"],
                         figures: ["baselineShift": -6.366, "lineHeightDelta": 7.79]),
            CheckExample("Inter: hhea equals typo", input: FontExamples.inBody(FontExamples.inter), expectedCount: 0),
            CheckExample("Noto Sans CJK: not checked (more than 150 CJK code points), as in fontbakery",
                         input: FontExamples.inBody(FontExamples.notoSansCJK), expectedCount: 0),
            CheckExample("Open Sans without a style that uses it", input: AuditInput(fonts: [FontExamples.openSans]),
                         expectedCount: 1, codes: ["split-differs"], messageContains: ["(2189 / −600 / gap 0) and typo (1567 / −492 / gap 132): the first baseline moves between platforms"]),
        ]
    }
}
