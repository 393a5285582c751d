import Reports

/// `font.accent-clearance`: the typo ascender is below the top of "À" (fontbakery `typoascender_exceeds_Agrave`).
///
/// fontbakery 1.1.0, Lib/fontbakery/checks/typoascender_exceeds_Agrave.py:38–61: the glyph named "Agrave"
/// (or "uni00C0") drawn into fontTools' BoundsPen; WARN when sTypoAscender < its yMax; SKIP when the font
/// has no such glyph (fonttools/fontbakery Lib/fontbakery/checks/typoascender_exceeds_Agrave.py:39–44 at
/// commit 9689c8d: `yield SKIP, Message("lacks-Agrave", …)`), which `typefit inspect` shows as not
/// applicable (`applies(to:)`), not as a pass. TypeFit finds the glyph through the cmap (U+00C0) and measures its exact outline
/// bounds with FreeType (`FontFace.qaTables()`), which matches BoundsPen.
public struct FontAccentClearanceCheck: FontCheck {
    public init() {}
    public let id = "font.accent-clearance"
    public let title = "Accented capitals rise above the typo ascender"
    public let rationale = """
        Where typo metrics set the line box (Windows and browsers with USE_TYPO_METRICS), the typo ascender is \
        the top of the line. Capitals with accents such as "À" that rise above it reach into the line above, or \
        are cut off in a container that clips; fontbakery also notes that macOS then ignores the typo ascender \
        and uses a very tall line height. fontbakery warns about it (typoascender_exceeds_Agrave).
        """
    public let definition = """
        Reports a font whose OS/2 sTypoAscender is less than the top of "À" (U+00C0, exact outline bounds; fontbakery `typoascender_exceeds_Agrave`, WARN). Fonts without "À" are not applicable (fontbakery's SKIP; `typefit inspect` says so rather than pass). The message gives, at the largest size a style sets the font, how far the accent rises above the line box where typo metrics are used ((yMax − sTypoAscender) / upem × size). One finding per font. Figures: agraveYMax, typoAscender (font units); with a style: pointSize, overshoot (points).
        """
    public let defaultSeverity = Severity.info
    public let figures: [FigureSpec] = [
        FigureSpec("agraveYMax", .fontUnits, .neutral, "top of “À” (U+00C0)"),
        FigureSpec("typoAscender", .fontUnits, .neutral, "OS/2 sTypoAscender"),
        FigureSpec("overshoot", .points, .neutral, "how far the accent rises above the line box at the largest use"),
        FigureSpec("pointSize", .points, .neutral, "the point size of the largest use"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("accent-above-ascender", "the top of “À” is above sTypoAscender"),
    ]
    public let fontbakeryCheck: String? = "typoascender_exceeds_Agrave"
    public let verdictWhenReported = FontVerdict.warn

    public func applies(to font: FontObservation) -> Bool { font.agraveYMax != nil }

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.fonts.compactMap { font in
            guard font.unitsPerEm > 0, let top = font.agraveYMax, font.typoAscender < top else { return nil }
            let u = FontDescribe.units
            var message = "“À” in \(font.font) reaches \(u(top)) units, \(u(top - font.typoAscender)) above "
                + "sTypoAscender \(u(font.typoAscender))"
            var figures = ["agraveYMax": top, "typoAscender": font.typoAscender]
            guard let use = FontUse.largest(of: font.font, in: input.styles) else {
                message += ": the accent rises above the line box where typo metrics are used"
                return font.finding(self, code: "accent-above-ascender", message: message, figures: figures)
            }
            let overshoot = use.points(top - font.typoAscender, unitsPerEm: font.unitsPerEm)
            figures["pointSize"] = use.pointSize
            figures["overshoot"] = overshoot
            let whereUsed = font.useTypoMetrics ? "where typo metrics are used (Windows and browsers: USE_TYPO_METRICS is on)"
                : "where typo metrics are used"
            message += "; \(use.place): the accent rises \(Describe.pt(overshoot)) above the line box \(whereUsed), "
                + "into the line above or out of a clipping container"
            return font.finding(self, code: "accent-above-ascender", message: message, figures: figures)
        }
    }

    public var examples: [CheckExample] {
        // Values: FontExamples (fontTools BoundsPen). Open Sans: À yMax 1907 − 1567 = 340 units,
        // 340 / 2048 × 53 = 8.799 pt. Lato: 1852 − 1610 = 242 units, 242 / 2000 × 53 = 6.413 pt.
        [
            CheckExample("Open Sans: À rises 340 units above the typo ascender",
                         input: FontExamples.inBody(FontExamples.openSans), expectedCount: 1, codes: ["accent-above-ascender"],
                         messageContains: ["“À” in OpenSans-Regular reaches 1907 units, 340 above sTypoAscender 1567; body at AX5 (53 pt): the accent rises 8.8 pt above the line box"],
                         figures: ["agraveYMax": 1907, "overshoot": 8.799]),
            CheckExample("Lato (USE_TYPO_METRICS on): 6.4 pt at AX5", input: FontExamples.inBody(FontExamples.lato),
                         expectedCount: 1, codes: ["accent-above-ascender"], messageContains: ["the accent rises 6.4 pt above the line box where typo metrics are used (Windows and browsers: USE_TYPO_METRICS is on)"],
                         figures: ["overshoot": 6.413]),
            CheckExample("Roboto: À (1847) under sTypoAscender 2146", input: FontExamples.inBody(FontExamples.roboto),
                         expectedCount: 0),
            CheckExample("Noto Sans Arabic: no À, not checked (fontbakery skips)",
                         input: FontExamples.inBody(FontExamples.notoSansArabic), expectedCount: 0),
        ]
    }
}
