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
        Reports a label whose glyph ink passes its box on any side by more than `inkTolerance` (0.5 pt). The message names the worst side; figures inkTop, inkBottom, inkLeft, inkRight (points), pointSize, tolerance.
        """
    public let defaultSeverity = Severity.warning

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.labels.compactMap { label in
            let ink = label.inkOverflow
            guard ink.maximum > context.inkTolerance else { return nil }
            let sides: [(String, Double)] = [("above", ink.top), ("below", ink.bottom), ("left of", ink.left),
                                             ("right of", ink.right)]
            let worst = sides.max { $0.1 < $1.1 } ?? sides[0]
            let message = "Ink of \(Describe.quote(label.text)) reaches \(Describe.pt(worst.1)) \(worst.0) the label's box "
                + "(tolerance \(Describe.pt(context.inkTolerance))) at \(Describe.pt(label.pointSize)): it is clipped "
                + label.place
            return label.finding(self, message: message, figures: [
                "inkTop": ink.top, "inkBottom": ink.bottom, "inkLeft": ink.left, "inkRight": ink.right,
                "pointSize": label.pointSize, "tolerance": context.inkTolerance,
            ])
        }
    }

    public var examples: [CheckExample] {
        // Roboto-Regular "Ồ" (uni1ED2): ink yMax 1986 units (fontTools BoundsPen), hhea ascender 1900,
        // upem 2048. A one-line label whose top is at the ascender overflows by (1986 − 1900) × size / 2048:
        // at 28 pt (body, AX1): 86 × 28 / 2048 = 1.17578 pt; at 11 pt: 86 × 11 / 2048 = 0.46191 pt.
        let vietnamese = LabelObservation(
            screen: "Contacts", row: "contact", label: "name", device: "iPhone 16", category: "accessibilityMedium",
            categoryIndex: 7, locale: "vi", style: "body", font: "Roboto-Regular", text: "Ồ",
            neededWidth: 20, availableWidth: 300, pointSize: 28, inkOverflow: InkOverflow(top: 86.0 * 28 / 2048))
        var small = vietnamese
        small.pointSize = 11
        small.inkOverflow = InkOverflow(top: 86.0 * 11 / 2048)
        return [
            CheckExample("Vietnamese stacked marks 1.2 pt above the box at 28 pt", input: AuditInput(labels: [vietnamese]),
                         expectedCount: 1, messageContains: ["reaches 1.2 pt above the label's box (tolerance 0.5 pt)"],
                         figures: ["inkTop": 1.176, "inkBottom": 0]),
            CheckExample("0.46 pt at 11 pt is within the 0.5 pt tolerance", input: AuditInput(labels: [small]),
                         expectedCount: 0),
        ]
    }
}
