import Reports

/// `font.metrics`: the font's three line-height rules disagree.
///
/// Line height in em by each rule: hhea (ascender − descender + lineGap) / upem, used by Apple
/// platforms; typo (OS/2 sTypo…) used by Windows DirectWrite and browsers when USE_TYPO_METRICS is
/// set; win ((usWinAscent + usWinDescent) / upem) used by Windows GDI and browsers on Windows otherwise.
/// Reports when the spread largest / smallest − 1 exceeds `metricsTolerance` (10 %).
/// One finding per font (no screen, category or device).
public struct FontMetricsCheck: FontCheck {
    public init() {}
    public let id = "font.metrics"
    public let title = "Font line heights differ across platforms"
    public let rationale = """
        A font carries three sets of vertical metrics, and platforms pick different ones: Apple uses hhea, \
        Windows and the web use win or typo. When they disagree, the same text gets a different line height \
        on each platform, so a layout verified on iOS is taller or shorter elsewhere. \
        Fix the font's tables (the Google Fonts vertical-metrics guide) or account for it in the design.
        """
    public let definition = """
        Line height in em by each rule: hhea (ascender − descender + lineGap) / upem (Apple), typo (OS/2 sTypo values; Windows DirectWrite and browsers when USE_TYPO_METRICS is set), win ((usWinAscent + usWinDescent) / upem; Windows GDI and browsers on Windows otherwise). Reports a font when largest / smallest − 1 > `metricsTolerance` (10 %). One finding per font. Figures: hheaLineHeight, typoLineHeight, winLineHeight, spread.
        """
    public let defaultSeverity = Severity.info
    public let figures: [FigureSpec] = [
        FigureSpec("hheaLineHeight", .em, .neutral, "hhea line height"),
        FigureSpec("typoLineHeight", .em, .neutral, "typo line height"),
        FigureSpec("winLineHeight", .em, .neutral, "win line height"),
        FigureSpec("spread", .ratio, .higherIsWorse, "(largest − smallest) / smallest of the three"),
        FigureSpec("typoLineDelta", .points, .neutral, "typo line height − hhea line height at the largest use"),
        FigureSpec("winLineDelta", .points, .neutral, "win line height − hhea line height at the largest use"),
        FigureSpec("pointSize", .points, .neutral, "the point size of the largest use"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("line-heights-disagree", "the hhea, typo and win line heights differ by more than the tolerance"),
    ]
    /// fontbakery has no check of the three totals; `os2_metrics_match_hhea` (font.vertical-split)
    /// compares the values themselves.
    public let fontbakeryCheck: String? = nil
    public let verdictWhenReported = FontVerdict.warn

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.fonts.compactMap { font in
            guard font.unitsPerEm > 0 else { return nil }
            let heights = [font.hheaLineHeight, font.typoLineHeight, font.winLineHeight]
            guard let low = heights.min(), let high = heights.max(), low > 0 else { return nil }
            let spread = high / low - 1
            guard spread > context.metricsTolerance else { return nil }
            let otherRule = font.useTypoMetrics ? "typo (USE_TYPO_METRICS on)" : "win (USE_TYPO_METRICS off)"
            var message = "\(font.font) line heights disagree by \(Describe.percent(spread, decimals: 1)): "
                + "hhea \(em(font.hheaLineHeight)) (Apple), typo \(em(font.typoLineHeight)), "
                + "win \(em(font.winLineHeight)); Windows and the web use \(otherRule)"
            var figures = ["hheaLineHeight": font.hheaLineHeight, "typoLineHeight": font.typoLineHeight,
                           "winLineHeight": font.winLineHeight, "spread": spread]
            if let use = FontUse.largest(of: font.font, in: input.styles) {
                // Line height differences at the largest size the app sets this font, in points.
                let typo = (font.typoLineHeight - font.hheaLineHeight) * use.pointSize
                let win = (font.winLineHeight - font.hheaLineHeight) * use.pointSize
                figures["pointSize"] = use.pointSize
                figures["typoLineDelta"] = typo
                figures["winLineDelta"] = win
                let same = String(format: "%.1f", typo) == String(format: "%.1f", win)
                var clauses: [String] = []
                if same {
                    clauses.append("\(FontDescribe.taller(typo)) where typo or win metrics are used")
                } else {
                    if FontDescribe.shows(typo) { clauses.append("\(FontDescribe.taller(typo)) where typo metrics are used") }
                    if FontDescribe.shows(win) { clauses.append("\(FontDescribe.taller(win)) where win metrics are used") }
                }
                message += "; \(use.place): each line " + clauses.joined(separator: " and ") + " than on iOS"
            } else {
                message += ", so lines differ in height there"
            }
            return font.finding(self, code: "line-heights-disagree", message: message, figures: figures)
        }
    }

    private func em(_ value: Double) -> String { String(format: "%.3f em", value) }

    public var examples: [CheckExample] {
        // Table values read with fontTools (`ttx -t hhea -t OS/2`) from the bundled fonts; also in
        // shared/reference/font-notes.md.
        // Roboto-Regular: upem 2048, hhea 1900/−500/0 → 2400/2048 = 1.171875 em; typo 2146/−555/0 and
        // win 2146/555 → 2701/2048 = 1.318848 em; spread 2701/2400 − 1 = 0.125417.
        let roboto = FontObservation(font: "Roboto-Regular", unitsPerEm: 2048, hheaAscender: 1900, hheaDescender: -500,
                                     hheaLineGap: 0, typoAscender: 2146, typoDescender: -555, typoLineGap: 0,
                                     winAscent: 2146, winDescent: 555, useTypoMetrics: false)
        // OpenSans-Regular: hhea 2189/−600/0 → 2789; typo 1567/−492/132 → 2191; win 2189/600 → 2789;
        // spread 2789/2191 − 1 = 0.272935.
        let openSans = FontObservation(font: "OpenSans-Regular", unitsPerEm: 2048, hheaAscender: 2189,
                                       hheaDescender: -600, hheaLineGap: 0, typoAscender: 1567, typoDescender: -492,
                                       typoLineGap: 132, winAscent: 2189, winDescent: 600, useTypoMetrics: false)
        // Inter-Regular: upem 2816, all three rules 2728 + 680 = 3408 → 1.210227 em; spread 0.
        let inter = FontObservation(font: "Inter-Regular", unitsPerEm: 2816, hheaAscender: 2728, hheaDescender: -680,
                                    hheaLineGap: 0, typoAscender: 2728, typoDescender: -680, typoLineGap: 0,
                                    winAscent: 2728, winDescent: 680, useTypoMetrics: true)
        return [
            CheckExample("Roboto: hhea 1.172 em vs typo/win 1.319 em", input: AuditInput(fonts: [roboto]),
                         expectedCount: 1, codes: ["line-heights-disagree"],
                         messageContains: ["Roboto-Regular line heights disagree by 12.5 %: hhea 1.172 em (Apple), typo 1.319 em, win 1.319 em"],
                         figures: ["hheaLineHeight": 1.172, "typoLineHeight": 1.319, "winLineHeight": 1.319,
                                   "spread": 0.125]),
            // (2701 − 2400) / 2048 × 53 = 7.789 pt.
            CheckExample("Roboto set as body: 7.8 pt taller lines at AX5 off iOS",
                         input: AuditInput(styles: [FontExamples.body(roboto)], fonts: [roboto]), expectedCount: 1, codes: ["line-heights-disagree"],
                         messageContains: ["win 1.319 em; Windows and the web use win (USE_TYPO_METRICS off); body at AX5 (53 pt): each line 7.8 pt taller where typo or win metrics are used than on iOS"],
                         figures: ["typoLineDelta": 7.79, "winLineDelta": 7.79, "pointSize": 53]),
            // Open Sans: (2191 − 2789) / 2048 × 53 = −15.476 pt; win = hhea.
            CheckExample("Open Sans set as body: 15.5 pt shorter lines with typo metrics",
                         input: AuditInput(styles: [FontExamples.body(openSans)], fonts: [openSans]), expectedCount: 1, codes: ["line-heights-disagree"],
                         messageContains: ["body at AX5 (53 pt): each line 15.5 pt shorter where typo metrics are used than on iOS"],
                         figures: ["typoLineDelta": -15.476, "winLineDelta": 0]),
            CheckExample("Open Sans: typo 1.070 em vs hhea 1.362 em", input: AuditInput(fonts: [openSans]),
                         expectedCount: 1, codes: ["line-heights-disagree"], messageContains: ["disagree by 27.3 %"], figures: ["spread": 0.273]),
            CheckExample("Inter: equal metrics", input: AuditInput(fonts: [inter]), expectedCount: 0),
            CheckExample("Roboto under a 13 % tolerance", input: AuditInput(fonts: [roboto]),
                         context: CheckContext(metricsTolerance: 0.13), expectedCount: 0),
        ]
    }
}
