import Reports

/// `font.win-metrics`: usWinAscent / usWinDescent do not match the font's bounding box
/// (fontbakery `family/win_ascent_and_descent`).
///
/// fontbakery 1.1.0, Lib/fontbakery/checks/family/win_ascent_and_descent.py:69–98, with yMax / yMin from
/// `get_bounding_box` (utils.py:225, starting from 0): FAIL when usWinAscent < yMax or > 2 × yMax, or
/// usWinDescent < |yMin| or > 2 × |yMin|; not run on CJK fonts (line 19). TypeFit reads yMin / yMax from the
/// head table, which the OpenType spec defines as the box of all glyphs; fontbakery reads the same head
/// values for CFF fonts and takes the glyf headers' extremes for TrueType ones (equal to head in all 19
/// faces compared, see FontCheckTests). It runs on one font, as `fontbakery check-universal FONT` does.
public struct FontWinMetricsCheck: FontCheck {
    public init() {}
    public let id = "font.win-metrics"
    public let title = "Windows metrics do not match the glyphs' extent"
    public let rationale = """
        Windows clips every glyph above usWinAscent and below usWinDescent, so win metrics smaller than the \
        font's bounding box cut off the tops of tall accents and the tails of deep marks there; win metrics more \
        than twice the box make lines far too loose where Windows sets the line height by them. fontbakery fails \
        both (family/win_ascent_and_descent). `font.win-clipping` reports the ink of the app's own strings.
        """
    public let definition = """
        With yMax = max(0, head.yMax) and yMin = min(0, head.yMin), reports a font when usWinAscent < yMax, usWinAscent > 2 × yMax, usWinDescent < |yMin| or usWinDescent > 2 × |yMin| (fontbakery `family/win_ascent_and_descent`, FAIL). Fonts with more than 150 CJK code points are left out, as fontbakery does. The message gives, at the largest size a style sets the font, how much ink Windows can clip ((yMax − usWinAscent) / upem × size) or how much empty space the win metrics add. One finding per font. Figures: winAscent, winDescent, yMax, yMin (font units); with a style: pointSize, clippedTop, clippedBottom (points, 0 when none).
        """
    public let defaultSeverity = Severity.info
    public let figures: [FigureSpec] = [
        FigureSpec("winAscent", .fontUnits, .neutral, "OS/2 usWinAscent"),
        FigureSpec("winDescent", .fontUnits, .neutral, "OS/2 usWinDescent"),
        FigureSpec("yMax", .fontUnits, .neutral, "head yMax"),
        FigureSpec("yMin", .fontUnits, .neutral, "head yMin"),
        FigureSpec("clippedTop", .points, .neutral, "glyph height above usWinAscent at the largest use"),
        FigureSpec("clippedBottom", .points, .neutral, "glyph depth below usWinDescent at the largest use"),
        FigureSpec("pointSize", .points, .neutral, "the point size of the largest use"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("win-clips-glyphs", "usWinAscent or usWinDescent is inside the head bounding box"),
        MessageCode("win-too-loose", "usWinAscent or usWinDescent is more than twice the head bounding box"),
    ]
    public let fontbakeryCheck: String? = "family/win_ascent_and_descent"
    public let verdictWhenReported = FontVerdict.fail

    /// fontbakery's condition `not is_cjk_font`: a CJK font is not applicable (its SKIP).
    public func applies(to font: FontObservation) -> Bool { !font.isCJK && font.headYMax != nil && font.headYMin != nil }

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.fonts.compactMap { font in
            guard font.unitsPerEm > 0, !font.isCJK, let headYMax = font.headYMax, let headYMin = font.headYMin else {
                return nil
            }
            let yMax = max(0, headYMax), depth = -min(0, headYMin)
            let clipsTop = font.winAscent < yMax, clipsBottom = font.winDescent < depth
            let tooTall = font.winAscent > 2 * yMax, tooDeep = font.winDescent > 2 * depth
            guard clipsTop || clipsBottom || tooTall || tooDeep else { return nil }
            let u = FontDescribe.units
            var problems: [String] = []
            if clipsTop { problems.append("usWinAscent \(u(font.winAscent)) is below the tallest glyph (\(u(yMax)))") }
            if tooTall { problems.append("usWinAscent \(u(font.winAscent)) is more than twice the tallest glyph (\(u(yMax)))") }
            if clipsBottom { problems.append("usWinDescent \(u(font.winDescent)) is less than the deepest glyph (\(u(depth)))") }
            if tooDeep { problems.append("usWinDescent \(u(font.winDescent)) is more than twice the deepest glyph (\(u(depth)))") }
            var message = "\(font.font): " + problems.joined(separator: ", ") + " (head bounding box)"
            var figures = ["winAscent": font.winAscent, "winDescent": font.winDescent, "yMax": yMax, "yMin": -depth]
            guard let use = FontUse.largest(of: font.font, in: input.styles) else {
                message += clipsTop || clipsBottom ? ": Windows clips the glyphs beyond them" : ": lines are too loose where they set the line height"
                return font.finding(self, code: clipsTop || clipsBottom ? "win-clips-glyphs" : "win-too-loose", message: message, figures: figures)
            }
            let top = clipsTop ? use.points(yMax - font.winAscent, unitsPerEm: font.unitsPerEm) : 0
            let bottom = clipsBottom ? use.points(depth - font.winDescent, unitsPerEm: font.unitsPerEm) : 0
            figures["pointSize"] = use.pointSize
            figures["clippedTop"] = top
            figures["clippedBottom"] = bottom
            var clauses: [String] = []
            if clipsTop || clipsBottom {
                let parts = [clipsTop ? "\(Describe.pt(top)) at the top" : nil,
                             clipsBottom ? "\(Describe.pt(bottom)) at the bottom" : nil].compactMap { $0 }
                clauses.append("Windows clips up to " + parts.joined(separator: " and ") + " of a glyph's ink")
            }
            if tooTall || tooDeep {
                let extra = use.points((tooTall ? font.winAscent - yMax : 0) + (tooDeep ? font.winDescent - depth : 0),
                                       unitsPerEm: font.unitsPerEm)
                let whereUsed = font.useTypoMetrics ? "where win metrics set the line height (not on Windows here: USE_TYPO_METRICS is on)"
                    : "where win metrics set the line height (Windows, USE_TYPO_METRICS off)"
                clauses.append("each line gets \(Describe.pt(extra)) of space beyond every glyph \(whereUsed)")
            }
            message += "; \(use.place): " + clauses.joined(separator: "; ")
            return font.finding(self, code: clipsTop || clipsBottom ? "win-clips-glyphs" : "win-too-loose", message: message, figures: figures)
        }
    }

    public var examples: [CheckExample] {
        // Values: FontExamples (fontTools). Inter: (3072 − 2728) / 2816 × 53 = 6.474 pt over the top,
        // (900 − 680) / 2816 × 53 = 4.141 pt under the bottom. Roboto: (2163 − 2146) / 2048 × 53 = 0.440 pt.
        var loose = FontExamples.notoSansArabic
        loose.winAscent = 2800  // > 2 × 1359
        return [
            CheckExample("Inter: the head box passes both win metrics",
                         input: FontExamples.inBody(FontExamples.inter), expectedCount: 1, codes: ["win-clips-glyphs"],
                         messageContains: ["Inter-Regular: usWinAscent 2728 is below the tallest glyph (3072), usWinDescent 680 is less than the deepest glyph (900) (head bounding box); body at AX5 (53 pt): Windows clips up to 6.5 pt at the top and 4.1 pt at the bottom of a glyph's ink"],
                         figures: ["clippedTop": 6.474, "clippedBottom": 4.141, "yMax": 3072, "yMin": -900]),
            CheckExample("Roboto: the tallest glyph is 17 units over usWinAscent",
                         input: FontExamples.inBody(FontExamples.roboto), expectedCount: 1, codes: ["win-clips-glyphs"],
                         messageContains: ["usWinAscent 2146 is below the tallest glyph (2163)"],
                         figures: ["clippedTop": 0.44, "clippedBottom": 0]),
            CheckExample("Open Sans: win metrics cover the box", input: FontExamples.inBody(FontExamples.openSans),
                         expectedCount: 0),
            CheckExample("Noto Sans Arabic: win metrics cover the box", input: FontExamples.inBody(FontExamples.notoSansArabic),
                         expectedCount: 0),
            CheckExample("usWinAscent more than twice the box", input: FontExamples.inBody(loose), expectedCount: 1, codes: ["win-too-loose"],
                         messageContains: ["usWinAscent 2800 is more than twice the tallest glyph (1359)"]),
            CheckExample("Noto Sans CJK: not checked (more than 150 CJK code points), as in fontbakery",
                         input: FontExamples.inBody(FontExamples.notoSansCJK), expectedCount: 0),
        ]
    }
}
