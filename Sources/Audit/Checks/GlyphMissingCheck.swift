import Reports

/// `glyph.missing`: the label's font lacks characters of its text.
///
/// Missing characters do not depend on the size category or the device, so this check reports
/// once per screen, row, label, locale and font (category and device are left empty); the
/// first observation in input order supplies the text and fallback.
public struct GlyphMissingCheck: Check {
    public init() {}
    public let id = "glyph.missing"
    public let title = "Characters missing from the font"
    public let rationale = """
        When the app's font lacks a character, iOS draws it with a fallback font whose size, weight and \
        metrics differ, or as an empty box when no font has it. \
        Measurements made with the app's font are then wrong, and the text can look broken. \
        Pick a font that covers the locale or set the fallback explicitly.
        """
    public let definition = """
        Reports characters of the text that the label's font has no glyph for, as U+XXXX, with the fallback font that has them (or none). The rule is HarfBuzz's, the same as typefit measure's: a character HarfBuzz draws with a real glyph is not missing, even when the font's cmap lacks it (U+2011 is drawn as U+2010). Missing characters do not depend on size or device, so it reports once per screen, row, label, locale and font, with no category or device. Text in the system font is never reported: iOS cascades San Francisco to fonts for every script (SF Arabic, PingFang, Hiragino, Apple SD Gothic Neo, Apple Color Emoji…), so the audit gives such labels no missing characters and marks their width findings unverified instead. Figure: missingCount.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("missingCount", .count, .higherIsWorse, "characters the font lacks"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("missing-characters", "the font lacks characters of the text"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        var seen = Set<[String]>()
        return input.labels.findings(where: { !$0.missingCharacters.isEmpty }) { label in
            let key = [label.screen, label.row, label.label, label.locale, label.font, label.stringKey ?? "",
                       label.variant ?? ""]
            guard seen.insert(key).inserted else { return nil }
            let list = label.missingCharacters.joined(separator: ", ")
            let fallback = label.fallbackFont.map { "; fallback draws them with \($0)" }
                ?? "; no installed font has them, so they show as empty boxes"
            let message = "\(label.font) lacks \(list) used in \(label.quotedText) (\(label.locale))\(fallback)"
            var finding = label.finding(self, code: "missing-characters", message: message, figures: [
                "missingCount": Double(label.missingCharacters.count),
            ], layout: false)
            finding.category = nil
            finding.device = nil
            return finding
        }
    }

    public var examples: [CheckExample] {
        // Inter-Regular has no Thai: U+0E2A (ส) and U+0E27 (ว) are not in its cmap (fontTools getBestCmap).
        let thai = LabelObservation(
            screen: "Settings", row: "greeting", label: "title", device: "iPhone 16", category: .large,
            locale: "th", style: "body", font: "Inter-Regular", text: "สวัสดี",
            neededWidth: 40, availableWidth: 300, pointSize: 17, missingCharacters: ["U+0E2A", "U+0E27", "U+0E31", "U+0E14", "U+0E35"],
            fallbackFont: "Noto Sans Thai")
        var atAX5 = thai
        atAX5.category = .accessibilityExtraExtraExtraLarge
        var tofu = thai
        tofu.label = "emoji"
        tofu.text = "🦜"
        tofu.missingCharacters = ["U+1F99C"]
        tofu.fallbackFont = nil
        var covered = thai
        covered.font = "NotoSansThai-Regular"
        covered.missingCharacters = []
        covered.fallbackFont = nil
        return [
            CheckExample("Thai in Inter, same label at two categories → one finding",
                         input: AuditInput(labels: [thai, atAX5]), expectedCount: 1, codes: ["missing-characters"],
                         figures: ["missingCount": 5]),
            CheckExample("no font has the emoji", input: AuditInput(labels: [tofu]), expectedCount: 1, codes: ["missing-characters"],
                         messageContains: ["no installed font has them"]),
            CheckExample("Noto Sans Thai covers Thai", input: AuditInput(labels: [covered]), expectedCount: 0),
        ]
    }
}

extension GlyphMissingCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("add a fallback font with the {missingCount} missing characters") }
}
