import Reports

/// `text.autoshrink`: autoshrink takes back size the user asked for.
///
/// Reports a label at a category where the style asks for more than its Large size
/// (`requestedPointSize > largePointSize + lengthEpsilon`) and autoshrink draws it smaller than
/// requested (`pointSize < requestedPointSize − lengthEpsilon`). Figures: requestedPointSize,
/// pointSize, largePointSize, shrinkFactor (pointSize / requested) and lostGrowth
/// ((requested − pointSize) / (requested − large): 1 = all the enlargement is lost).
public struct TextAutoshrinkCheck: Check {
    public init() {}
    public let id = "text.autoshrink"
    public let title = "Autoshrink undoes Dynamic Type"
    public let rationale = """
        adjustsFontSizeToFitWidth shrinks text until it fits, so at large Dynamic Type sizes it hands back \
        the size the user asked for, sometimes all of it. \
        The label looks fine in screenshots while the person who needs large text gets small text. \
        Let the label wrap instead of shrinking.
        """
    public let definition = """
        Reports a label at a category where the style asks for more than its Large size (`requestedPointSize > largePointSize + lengthEpsilon`) and autoshrink draws it smaller than asked (`pointSize < requestedPointSize − lengthEpsilon`). Figures: requestedPointSize, pointSize, largePointSize, shrinkFactor (pointSize / requested), lostGrowth ((requested − pointSize) / (requested − large); 1 or more = all of the enlargement lost). A finding is **at risk** (its own status, one severity below) when a stand-in measured the label's system text and the label would show all its text at its requested size were it (1 + δ) times as wide, δ the stand-in's error band at the size (docs/system-font.md). Never when a fallback font drew some of the text (δ is Latin text's): its message then ends \"(measured in fallback font X, unverified)\".
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("pointSize", .points, .neutral, "the size drawn"),
        FigureSpec("requestedPointSize", .points, .neutral, "the size the style asks for"),
        FigureSpec("largePointSize", .points, .neutral, "the size at Large"),
        FigureSpec("shrinkFactor", .ratio, .neutral, "drawn / requested"),
        FigureSpec("lostGrowth", .ratio, .neutral, "the share of the growth since Large that autoshrink takes back"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("shrinks-below-style", "autoshrink draws the text smaller than its style"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.labels.findings(where: {
            $0.requestedPointSize > $0.largePointSize + context.lengthEpsilon
                && $0.pointSize < $0.requestedPointSize - context.lengthEpsilon
        }) { label in
            let requested = label.requestedPointSize
            let large = label.largePointSize
            let lost = (requested - label.pointSize) / (requested - large)
            let how = label.pointSize <= large + context.lengthEpsilon
                ? "all of the enlargement is lost"
                : "\(Describe.percent(lost)) of the enlargement is lost"
            let message = "Autoshrink draws \(label.quotedText) at \(Describe.pt(label.pointSize)) instead of "
                + "the \(Describe.pt(requested)) asked for \(label.place) (large: \(Describe.pt(large))): \(how)"
            return label.widthFinding(self, code: "shrinks-below-style", message: message, figures: [
                "requestedPointSize": requested, "pointSize": label.pointSize, "largePointSize": large,
                "shrinkFactor": label.pointSize / requested, "lostGrowth": lost,
            ])
        }
    }

    public var examples: [CheckExample] {
        // Body at AX1 asks for 28 pt (HIG); autoshrink fits the text at 18.4 pt. Large is 17 pt.
        // shrinkFactor 18.4 / 28 = 0.657143; lostGrowth (28 − 18.4) / (28 − 17) = 9.6 / 11 = 0.872727.
        let shrunk = LabelObservation(
            screen: "Contacts", row: "contact", label: "name", device: "iPhone SE (1st gen)",
            category: .accessibilityMedium, locale: "de", style: "body", font: "Inter-Regular",
            text: "Benachrichtigungseinstellungen", neededWidth: 288, availableWidth: 288, pointSize: 18.4,
            requestedPointSize: 28, largePointSize: 17)
        var belowLarge = shrunk
        belowLarge.pointSize = 15  // smaller than at the default size: everything is lost
        var atLarge = shrunk
        atLarge.category = .large
        atLarge.requestedPointSize = 17
        atLarge.pointSize = 14  // shrinking at the default size is not the user's enlargement
        var unshrunk = shrunk
        unshrunk.pointSize = 28
        return [
            CheckExample("AX1 body shrunk from 28 to 18.4 pt", input: AuditInput(labels: [shrunk]), expectedCount: 1, codes: ["shrinks-below-style"],
                         figures: ["requestedPointSize": 28, "pointSize": 18.4, "largePointSize": 17,
                                   "shrinkFactor": 0.657, "lostGrowth": 0.873]),
            CheckExample("shrunk below the Large size", input: AuditInput(labels: [belowLarge]), expectedCount: 1, codes: ["shrinks-below-style"]),
            CheckExample("shrinking at Large is not reported", input: AuditInput(labels: [atLarge]), expectedCount: 0),
            CheckExample("no shrink", input: AuditInput(labels: [unshrunk]), expectedCount: 0),
        ]
    }
}

extension TextAutoshrinkCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("let the text wrap instead of shrinking it (no minimumScaleFactor)") }
}
