import Reports

/// `font.win-clipping`: glyph ink reaches beyond usWinAscent / usWinDescent.
///
/// Windows (GDI, and browsers on Windows) clip glyphs outside the win metrics. Compares the font's
/// ink bounds (`inkYMax`, `inkYMin`; of the audited text, or the head table's font-wide box — the
/// message says which) with winAscent and −winDescent, in font units. One finding per font.
public struct FontWinClippingCheck: Check {
    public init() {}
    public let id = "font.win-clipping"
    public let title = "Ink beyond the Windows metrics"
    public let rationale = """
        Windows cuts off every part of a glyph above usWinAscent or below usWinDescent. \
        Text that looks complete on iOS loses the tops of accented capitals or the tails of descenders \
        when the same font is used on Windows or on the web there. \
        The font's win metrics must cover the ink of the text it sets.
        """
    public let definition = """
        Reports a font whose ink (of the audited text, or the head table's font-wide box; the message says which) reaches above usWinAscent or below −usWinDescent, in font units. `font.win-metrics` is the font-wide rule fontbakery applies; this check is about the app's own strings, so `typefit inspect` (which has none) leaves it out. With a style that sets the font, the message gives the ink cut off at its largest size. One finding per font. Figures: inkYMax, inkYMin, winAscent, winDescent, unitsPerEm; with a style: pointSize, clipped (points).
        """
    public let defaultSeverity = Severity.info
    public let figures: [FigureSpec] = [
        FigureSpec("winAscent", .fontUnits, .neutral, "OS/2 usWinAscent"),
        FigureSpec("winDescent", .fontUnits, .neutral, "OS/2 usWinDescent"),
        FigureSpec("unitsPerEm", .fontUnits, .neutral, "head unitsPerEm"),
        FigureSpec("inkYMax", .fontUnits, .higherIsWorse, "highest ink"),
        FigureSpec("inkYMin", .fontUnits, .lowerIsWorse, "lowest ink"),
        FigureSpec("clipped", .points, .neutral, "ink cut off at the largest use"),
        FigureSpec("pointSize", .points, .neutral, "the point size of the largest use"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("ink-beyond-win-metrics", "ink reaches above usWinAscent or below −usWinDescent"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.fonts.compactMap { font in
            let above = font.inkYMax.map { $0 - font.winAscent } ?? 0
            let below = font.inkYMin.map { -$0 - font.winDescent } ?? 0
            guard above > 0 || below > 0 else { return nil }
            var parts: [String] = []
            if above > 0, let top = font.inkYMax {
                parts.append("reaches \(units(top)) above the baseline, \(units(above)) over usWinAscent \(units(font.winAscent))")
            }
            if below > 0, let bottom = font.inkYMin {
                parts.append("reaches \(units(-bottom)) below it, \(units(below)) under usWinDescent \(units(font.winDescent))")
            }
            let source = font.inkSource == .auditedText ? "The ink of the audited text" : "Glyph ink (head bounding box)"
            var message = "\(source) in \(font.font) " + parts.joined(separator: " and ") + ": Windows clips it"
            var figures: [String: Double] = ["winAscent": font.winAscent, "winDescent": font.winDescent,
                                             "unitsPerEm": font.unitsPerEm]
            if let use = FontUse.largest(of: font.font, in: input.styles) {
                // The ink cut off at the largest size the app sets this font.
                let cut = use.points(max(above, below), unitsPerEm: font.unitsPerEm)
                figures["pointSize"] = use.pointSize
                figures["clipped"] = cut
                message += "; \(use.place): up to \(Describe.pt(cut)) of ink cut off"
            }
            if let top = font.inkYMax { figures["inkYMax"] = top }
            if let bottom = font.inkYMin { figures["inkYMin"] = bottom }
            return Finding(checkId: id, severity: defaultSeverity, message: message, font: font.font, figures: figures,
                           code: "ink-beyond-win-metrics")
        }
    }

    private func units(_ value: Double) -> String { String(format: "%.0f units", value) }

    public var examples: [CheckExample] {
        // Roboto-Regular: head yMax 2163, yMin −555; usWinAscent 2146, usWinDescent 555 (fontTools).
        // 2163 − 2146 = 17 units over; −(−555) − 555 = 0 below.
        let robotoHead = FontObservation(font: "Roboto-Regular", unitsPerEm: 2048, hheaAscender: 1900,
                                         hheaDescender: -500, hheaLineGap: 0, typoAscender: 2146, typoDescender: -555,
                                         typoLineGap: 0, winAscent: 2146, winDescent: 555, useTypoMetrics: false,
                                         inkYMax: 2163, inkYMin: -555, inkSource: .headTable)
        // Roboto "Ồ" (uni1ED2) ink 1986 / −20 (fontTools BoundsPen): inside 2146 / 555.
        var robotoText = robotoHead
        robotoText.inkYMax = 1986
        robotoText.inkYMin = -20
        robotoText.inkSource = .auditedText
        // Inter-Regular "Ồ" ink yMax 2844 (BoundsPen) vs usWinAscent 2728: 116 units over.
        let interText = FontObservation(font: "Inter-Regular", unitsPerEm: 2816, hheaAscender: 2728,
                                        hheaDescender: -680, hheaLineGap: 0, typoAscender: 2728, typoDescender: -680,
                                        typoLineGap: 0, winAscent: 2728, winDescent: 680, useTypoMetrics: true,
                                        inkYMax: 2844, inkYMin: -28)
        return [
            CheckExample("Roboto's tallest glyph is 17 units over winAscent", input: AuditInput(fonts: [robotoHead]),
                         expectedCount: 1, codes: ["ink-beyond-win-metrics"],
                         messageContains: ["Glyph ink (head bounding box) in Roboto-Regular reaches 2163 units above the baseline, 17 units over usWinAscent 2146 units: Windows clips it"],
                         figures: ["inkYMax": 2163, "winAscent": 2146]),
            CheckExample("Vietnamese in Roboto fits the win metrics", input: AuditInput(fonts: [robotoText]),
                         expectedCount: 0),
            CheckExample("Vietnamese in Inter is 116 units over winAscent", input: AuditInput(fonts: [interText]),
                         expectedCount: 1, codes: ["ink-beyond-win-metrics"], messageContains: ["116 units over usWinAscent 2728 units"]),
            // 116 / 2816 × 53 = 2.183 pt.
            CheckExample("Vietnamese in Inter set as body: 2.2 pt cut off at AX5",
                         input: AuditInput(styles: [FontExamples.body(interText)], fonts: [interText]), expectedCount: 1, codes: ["ink-beyond-win-metrics"],
                         messageContains: ["Windows clips it; body at AX5 (53 pt): up to 2.2 pt of ink cut off"],
                         figures: ["clipped": 2.183, "pointSize": 53]),
        ]
    }
}
