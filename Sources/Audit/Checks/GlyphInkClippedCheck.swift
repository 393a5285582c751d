import Reports

/// `glyph.ink-clipped`: glyph ink goes beyond the label's box by more than `inkTolerance`.
///
/// UILabel draws inside its bounds; ink above the ascender (stacked Vietnamese marks, Thai
/// vowels and tone marks) or below the descender is cut off. Reports the side with the largest
/// overflow and carries all four sides as figures (inkTop, inkBottom, inkLeft, inkRight).
public struct GlyphInkClippedCheck: Check {
    public init() {}
    public let id = "glyph.ink-clipped"
    public let title = "Glyph ink is clipped"
    public let rationale = """
        Marks that stack above capitals (Vietnamese “Ồ”) or hang below the line (Thai, Devanagari) can reach past \
        the font's ascender and descender, and UILabel cuts off whatever falls outside its box. \
        The text stays legible to the developer but loses the accents that change its meaning. \
        Give the label vertical padding or a line height that covers the ink.
        """
    public let definition = """
        Reports a label whose glyph ink passes its box on any side by more than `inkTolerance` (0.5 pt). The message names the worst side, the overflow to 0.001 pt (so it never reads as the tolerance itself), the character(s) whose ink reaches furthest on that side (with the fallback font that drew them, when not the label's font) and the line they are on. It is **unverified** when a stand-in's outlines drew the system font's text (Inter for San Francisco) or the label is a SwiftUI `Text`, which is not clipped to its frame; its message then says why. Figures inkTop, inkBottom, inkLeft, inkRight (points), pointSize, tolerance, line.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("inkTop", .points, .higherIsWorse, "ink above the box"),
        FigureSpec("inkBottom", .points, .higherIsWorse, "ink below the box"),
        FigureSpec("inkLeft", .points, .higherIsWorse, "ink left of the box"),
        FigureSpec("inkRight", .points, .higherIsWorse, "ink right of the box"),
        FigureSpec("pointSize", .points, .neutral, "the point size drawn"),
        FigureSpec("tolerance", .points, .neutral, "the ink tolerance"),
        FigureSpec("line", .lineNumber, .neutral, "the displayed line the furthest ink is on"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("ink-outside-box", "glyph ink passes the label’s box"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.labels.findings(where: { $0.inkOverflow.maximum > context.inkTolerance }) { label in
            let ink = label.inkOverflow
            let sides: [(String, Double)] = [("above", ink.top), ("below", ink.bottom), ("left of", ink.left),
                                             ("right of", ink.right)]
            let worst = sides.max { $0.1 < $1.1 } ?? sides[0]
            var what = "it is clipped"
            var figures = ["inkTop": ink.top, "inkBottom": ink.bottom, "inkLeft": ink.left, "inkRight": ink.right,
                           "pointSize": label.pointSize, "tolerance": context.inkTolerance]
            if let source = ink.source {
                let characters = source.characters.map { "“\($0)”" }.joined(separator: ", ")
                // A fallback font's glyphs are named with their font: the ink is that font's.
                let drawn = source.fonts.isEmpty ? "" : " drawn in \(source.fonts.joined(separator: ", "))"
                what = "\(characters.isEmpty ? "the ink" : characters)\(drawn) on line \(source.line) (\(Describe.quote(source.lineText))) "
                    + (source.characters.count > 1 ? "are clipped" : "is clipped")
                figures["line"] = Double(source.line)
            }
            let message = "Ink of \(label.quotedText) reaches \(Self.points(worst.1)) \(worst.0) the label's box "
                + "(tolerance \(Self.points(context.inkTolerance))) at \(Describe.pt(label.pointSize)): \(what) "
                + label.place
            guard let why = label.inkUnverified else {
                return label.finding(self, code: "ink-outside-box", message: message, figures: figures)
            }
            var finding = label.finding(self, code: "ink-outside-box", message: message + " (unverified: \(why))", figures: figures)
            finding.certainty = .unverified
            return finding
        }
    }

    /// Points to 0.001, trailing zeros dropped: 0.521 → "0.521 pt", 0.5 → "0.5 pt", 1.17578 → "1.176 pt".
    /// One decimal would print an overflow of 0.521 pt as "0.5 pt", the tolerance it exceeds.
    static func points(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " pt"
    }

    public var examples: [CheckExample] {
        // Roboto-Regular "Ồ" (uni1ED2): ink yMax 1986 units (fontTools BoundsPen), hhea ascender 1900,
        // upem 2048. A one-line label whose top is at the ascender overflows by (1986 − 1900) × size / 2048:
        // at 28 pt (body, AX1): 86 × 28 / 2048 = 1.17578 pt; at 11 pt: 86 × 11 / 2048 = 0.46191 pt.
        let vietnamese = LabelObservation(
            screen: "Contacts", row: "contact", label: "name", device: "iPhone 16", category: .accessibilityMedium,
            locale: "vi", style: "body", font: "Roboto-Regular", text: "Ồ",
            neededWidth: 20, availableWidth: 300, pointSize: 28, inkOverflow: InkOverflow(top: 86.0 * 28 / 2048))
        var small = vietnamese
        small.pointSize = 11
        small.inkOverflow = InkOverflow(top: 86.0 * 11 / 2048)
        // French "jusqu’à" starting the second line: the "j" descender's ink reaches left of the box
        // by 0.521 pt (a value the old one-decimal message printed as "0.5 pt", the tolerance).
        var wrapped = vietnamese
        wrapped.locale = "fr"
        wrapped.text = "Les données sont conservées jusqu’à la fin"
        wrapped.inkOverflow = InkOverflow(left: 0.521)
        wrapped.inkOverflow.source = .init(line: 2, lineText: "jusqu’à la fin", characters: ["j"])
        var standIn = vietnamese
        standIn.font = "InterVariable"
        standIn.inkUnverified = "measured with the outlines of InterVariable, a stand-in for San Francisco"
        return [
            CheckExample("system text drawn with the Inter stand-in's outlines: unverified", input: AuditInput(labels: [standIn]),
                         expectedCount: 1, codes: ["ink-outside-box"], messageContains: ["(unverified: measured with the outlines of InterVariable"]),
            CheckExample("Vietnamese stacked marks 1.2 pt above the box at 28 pt", input: AuditInput(labels: [vietnamese]),
                         expectedCount: 1, codes: ["ink-outside-box"], figures: ["inkTop": 1.176, "inkBottom": 0]),
            CheckExample("a “j” starting line 2 reaches 0.521 pt left of the box", input: AuditInput(labels: [wrapped]),
                         expectedCount: 1, codes: ["ink-outside-box"],
                         messageContains: ["reaches 0.521 pt left of the label's box (tolerance 0.5 pt)",
                                           "“j” on line 2 (“jusqu’à la fin”) is clipped"],
                         figures: ["inkLeft": 0.521, "line": 2]),
            CheckExample("0.46 pt at 11 pt is within the 0.5 pt tolerance", input: AuditInput(labels: [small]),
                         expectedCount: 0),
        ]
    }
}

extension GlyphInkClippedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("leave room for the ink ({inkTop} pt above, {inkBottom} pt below): a taller box or line height") }
}
