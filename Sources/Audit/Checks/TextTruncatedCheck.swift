import DynamicType
import Reports

/// `text.truncated`: a label does not show all of its text.
///
/// A label is truncated when (a) it has a line limit and the text needs more lines
/// (`maxLines > 0 && lines > maxLines`), or (b) it is single-line and its natural width exceeds
/// the available width by more than `lengthEpsilon`, or (c) the layout engine says so
/// (`truncated`). One finding per label, category, device and locale.
public struct TextTruncatedCheck: Check {
    public init() {}
    public let id = "text.truncated"
    public let title = "Text is truncated"
    public let rationale = """
        A truncated label hides words the user needs to read, often the very words a translation made longer. \
        People who enlarge text lose the most, because every line holds fewer words. \
        Let the label wrap (numberOfLines = 0) or give it more room.
        """
    public let definition = """
        Reports a label when it has a line limit and the text needs more lines (`maxLines > 0` and `lines > maxLines`), when it is single-line (`maxLines == 1`) and `neededWidth > availableWidth + lengthEpsilon`, or when the layout engine marked it truncated. One finding per label, category, device and locale. Figures: neededWidth, availableWidth, lines, maxLines, pointSize. A finding is **at risk** (its own status, one severity below) when a stand-in measured the label's system text and the label would show all its text at its requested size were it (1 + δ) times as wide, δ the stand-in's error band at the size (docs/system-font.md). Never when a fallback font drew some of the text (δ is Latin text's): its message then ends \"(measured in fallback font X, unverified)\".
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("neededWidth", .points, .higherIsWorse, "the text’s single-line width"),
        FigureSpec("availableWidth", .points, .lowerIsWorse, "the label’s width"),
        FigureSpec("lines", .lines, .higherIsWorse, "lines the text needs"),
        FigureSpec("maxLines", .lines, .neutral, "the line limit (0: none)"),
        FigureSpec("pointSize", .points, .neutral, "the size drawn"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("wider-than-line", "a single-line text is wider than the label"),
        MessageCode("needs-more-lines", "the text needs more lines than the limit"),
        MessageCode("truncated-by-layout", "the layout truncated the text within its lines"),
    ]
    public let readings: [FigureReading] = [
        FigureReading("lines", "maxLines", "needs {0} lines, has {1}", when: .firstExceedsPositiveSecond),
        FigureReading("neededWidth", "availableWidth", "needs {0} pt, has {1} pt", when: .nothingBefore),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        func needsMoreLines(_ label: LabelObservation) -> Bool { label.maxLines > 0 && label.lines > label.maxLines }
        func needsMoreWidth(_ label: LabelObservation) -> Bool {
            label.maxLines == 1 && label.neededWidth > label.availableWidth + context.lengthEpsilon
        }
        return input.labels.findings(where: { needsMoreLines($0) || needsMoreWidth($0) || $0.truncated }) { label in
            let overLines = needsMoreLines(label)
            let singleLine = label.maxLines == 1 || (label.maxLines == 0 && label.lines <= 1)
            let verb = label.lineBreakMode == .clip ? "cut off" : "truncated"
            let figures: [String: Double] = [
                "neededWidth": label.neededWidth, "availableWidth": label.availableWidth,
                "lines": Double(label.lines), "maxLines": Double(label.maxLines), "pointSize": label.pointSize,
            ]
            // Built in place with room reserved once: one message per occurrence, the most
            // frequent finding of an audit.
            let quoted = label.quotedText
            var message = ""
            message.reserveCapacity(quoted.utf8.count + label.category.uikitName.utf8.count + label.device.utf8.count
                                        + label.locale.utf8.count + 80)
            message += quoted
            // "… needs X but the label has/shows Y: truncated …"
            func appendNeeds(_ needed: String, _ gives: String, _ available: String, _ tail: String) {
                message += " needs "
                message += needed
                message += gives
                message += available
                message += ": "
                message += verb
                message += tail
            }
            if singleLine {
                appendNeeds(Describe.pt(label.neededWidth), " but the label has ", Describe.pt(label.availableWidth), " to 1 line ")
            } else if overLines {
                appendNeeds(Describe.lines(label.lines), " but the label shows ", Describe.lines(label.maxLines), " ")
            } else {
                message += " is "
                message += verb
                message += " in "
                message += Describe.lines(label.lines)
                message += " "
            }
            Describe.appendPlace(to: &message, category: label.category, device: label.device, locale: label.locale)
            let code = singleLine ? "wider-than-line" : overLines ? "needs-more-lines" : "truncated-by-layout"
            return label.widthFinding(self, code: code, message: message, figures: figures)
        }
    }

    public var examples: [CheckExample] {
        // A German settings title in a single-line label on the 320 pt wide iPhone SE (1st gen):
        // 320 − 2 × 16 (layout margins) − 88 (accessory) = 200 pt available; the text needs 231.4 pt.
        let german = LabelObservation(
            screen: "Settings", row: "notifications", label: "title", device: "iPhone SE (1st gen)",
            category: .accessibilityExtraLarge, locale: "de", style: "body", font: "Inter-Regular",
            stringKey: "settings.notifications", text: "Einstellungen für Benachrichtigungen",
            neededWidth: 231.4, availableWidth: 200, lines: 2, maxLines: 1, pointSize: 17)
        var fits = german
        fits.neededWidth = 199.99  // within 0.01 pt of 200: rounding noise, not a truncation
        fits.lines = 1
        var wrapped = german
        wrapped.maxLines = 2  // needs 2 lines, may show 2
        var threeLines = german
        threeLines.maxLines = 2
        threeLines.lines = 3
        // Two lines needed and allowed, but the layout engine truncated the last one (e.g. a word
        // wider than the line): the engine's word.
        var engine = german
        engine.maxLines = 2
        engine.truncated = true
        var unlimited = german
        unlimited.maxLines = 0
        unlimited.lines = 5
        return [
            CheckExample("single-line German title 31.4 pt too wide", input: AuditInput(labels: [german]),
                         expectedCount: 1, codes: ["wider-than-line"],
                         messageContains: ["needs 231.4 pt but the label has 200.0 pt: truncated to 1 line at accessibilityExtraLarge on iPhone SE (1st gen) (de)"],
                         figures: ["neededWidth": 231.4, "availableWidth": 200, "lines": 2, "maxLines": 1]),
            CheckExample("0.01 pt short of the width is rounding noise", input: AuditInput(labels: [fits]),
                         expectedCount: 0),
            CheckExample("two lines needed, two allowed", input: AuditInput(labels: [wrapped]), expectedCount: 0),
            CheckExample("three lines needed, two allowed", input: AuditInput(labels: [threeLines]), expectedCount: 1, codes: ["needs-more-lines"],
                         figures: ["lines": 3, "maxLines": 2]),
            CheckExample("the layout engine truncated within the line limit", input: AuditInput(labels: [engine]),
                         expectedCount: 1, codes: ["truncated-by-layout"]),
            CheckExample("unlimited lines never truncate", input: AuditInput(labels: [unlimited]), expectedCount: 0),
        ]
    }
}

extension TextTruncatedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .linesOrWidth(lines: "lines", limit: "maxLines", needed: "neededWidth", available: "availableWidth") }
}
