import Reports

/// `text.clipped`: content is taller than the height it is given.
///
/// Reports (a) a row with a fixed height whose content needs more (`clippedBy > lengthEpsilon`;
/// identity: screen, row, category, device, locale), and (b) a label with a height constraint
/// (`availableHeight`) whose text needs more (`height > availableHeight + lengthEpsilon`;
/// identity includes the label).
public struct TextClippedCheck: Check {
    public init() {}
    public let id = "text.clipped"
    public let title = "Text is clipped by a fixed height"
    public let rationale = """
        A fixed row or label height that fits the default text size cuts off the bottom of larger text: \
        whole lines disappear without an ellipsis, so nobody notices in review. \
        Let the row self-size (UITableView.automaticDimension) or remove the height constraint.
        """
    public let definition = """
        Reports a row with a fixed height whose content needs more (`clippedBy > lengthEpsilon`; figures height, contentHeight, clippedBy; the message names the row's labels with their string keys and files, and the finding's source is the first label's string), and a label with a height constraint whose text needs more (`height > availableHeight + lengthEpsilon`; figures height, availableHeight, clippedBy). Self-sizing rows and labels never report.
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("height", .points, .higherIsWorse, "the height the text or row content needs (a fixed row: the row’s height)"),
        FigureSpec("availableHeight", .points, .lowerIsWorse, "the label’s height"),
        FigureSpec("contentHeight", .points, .higherIsWorse, "the height the row’s content needs"),
        FigureSpec("clippedBy", .points, .higherIsWorse, "how much is clipped"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("row-clips-content", "a fixed-height row is shorter than its content"),
        MessageCode("label-clips-text", "a height-constrained label is shorter than its text"),
    ]
    public let readings: [FigureReading] = [
        FigureReading("height", "availableHeight", "needs {0} pt of height, has {1} pt"),
        FigureReading("contentHeight", "height", "needs {0} pt of height, has {1} pt", alsoUses: ["clippedBy"]),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        var findings: [Finding] = []
        for row in input.rows where row.clippedBy > context.lengthEpsilon {
            let fixed = row.fixedHeight ?? row.height
            // What to fix: the row's labels, with their strings' keys and files.
            let labels = input.labels.filter {
                $0.screen == row.screen && $0.row == row.row && $0.device == row.device && $0.category == row.category
                    && $0.locale == row.locale
            }
            var named: [String] = []
            for label in labels {
                let key = [label.stringKey.map { "key “\($0)”" }, label.source.map { "\($0.file):\($0.line)" }]
                    .compactMap { $0 }.joined(separator: ", ")
                let part = "“\(label.label)”" + (key.isEmpty ? "" : " (\(key))")
                if !named.contains(part) { named.append(part) }
            }
            let message = "Row “\(row.row)” has a fixed height of \(Describe.pt(fixed)) but its content needs "
                + "\(Describe.pt(row.contentHeight)): \(Describe.pt(row.clippedBy)) is clipped "
                + Describe.place(category: row.category, device: row.device, locale: row.locale)
                + (named.isEmpty ? "" : "; its labels: " + named.joined(separator: ", "))
            findings.append(Finding(
                checkId: id, severity: defaultSeverity, message: message, screen: row.screen, row: row.row,
                device: row.device, category: row.category, locale: row.locale,
                source: labels.lazy.compactMap(\.source).first,
                figures: ["height": fixed, "contentHeight": row.contentHeight, "clippedBy": row.clippedBy],
                code: "row-clips-content", rowID: row.id))
        }
        findings += input.labels.findings(where: { label in
            label.availableHeight.map { label.height > $0 + context.lengthEpsilon } ?? false
        }) { label in
            guard let available = label.availableHeight else { return nil }
            let message = "\(label.quotedText) needs \(Describe.pt(label.height)) of height but the label "
                + "has \(Describe.pt(available)): \(Describe.pt(label.height - available)) is clipped \(label.place)"
            return label.finding(self, code: "label-clips-text", message: message, figures: [
                "height": label.height, "availableHeight": available, "clippedBy": label.height - available,
            ])
        }
        return findings
    }

    public var examples: [CheckExample] {
        // A 44 pt fixed row (the classic default cell) holding a two-line subtitle at AX1:
        // content 61.3 pt → 61.3 − 44 = 17.3 pt clipped.
        let row = RowObservation(screen: "Contacts", row: "contact", device: "iPhone 13 mini",
                                 category: .accessibilityMedium, locale: "en", height: 44,
                                 fixedHeight: 44, contentHeight: 61.3, clippedBy: 17.3)
        var selfSizing = row
        selfSizing.fixedHeight = nil
        selfSizing.height = 61.3
        selfSizing.clippedBy = 0
        // A label pinned to 20 pt high holding one 28 pt body line at AX1: 34 pt (HIG AX1 body
        // leading) − 20 = 14 pt clipped.
        let label = LabelObservation(
            screen: "Contacts", row: "contact", label: "name", device: "iPhone 13 mini",
            category: .accessibilityMedium, locale: "en", style: "body", font: "Inter-Regular",
            text: "Ada Lovelace", neededWidth: 160, availableWidth: 300, height: 34, availableHeight: 20,
            pointSize: 28)
        var fittingLabel = label
        fittingLabel.availableHeight = 34
        // The fixed row's two labels, from strings files: the finding names their keys and files.
        let title = LabelObservation(
            screen: "Contacts", row: "contact", label: "name", device: "iPhone 13 mini", category: .accessibilityMedium,
            locale: "en", font: "Inter-Regular", stringKey: "contact.name",
            source: SourceLocation(file: "en.lproj/Localizable.strings", line: 3), text: "Ada Lovelace",
            neededWidth: 160, availableWidth: 300, height: 34, pointSize: 28)
        var subtitle = title
        subtitle.label = "phone"
        subtitle.stringKey = "contact.phone"
        subtitle.source = SourceLocation(file: "en.lproj/Localizable.strings", line: 4)
        return [
            CheckExample("a fixed row names its labels' keys and files", input: AuditInput(labels: [title, subtitle], rows: [row]),
                         expectedCount: 1, codes: ["row-clips-content"],
                         messageContains: ["its labels: “name” (key “contact.name”, en.lproj/Localizable.strings:3), "
                             + "“phone” (key “contact.phone”, en.lproj/Localizable.strings:4)"]),
            CheckExample("fixed 44 pt row with 61.3 pt of content", input: AuditInput(rows: [row]), expectedCount: 1, codes: ["row-clips-content"],
                         figures: ["height": 44, "contentHeight": 61.3, "clippedBy": 17.3]),
            CheckExample("self-sizing row grows instead", input: AuditInput(rows: [selfSizing]), expectedCount: 0),
            CheckExample("label pinned to 20 pt holding a 34 pt line", input: AuditInput(labels: [label]),
                         expectedCount: 1, codes: ["label-clips-text"], figures: ["height": 34, "availableHeight": 20, "clippedBy": 14]),
            CheckExample("label height equal to its constraint", input: AuditInput(labels: [fittingLabel]),
                         expectedCount: 0),
        ]
    }
}

extension TextClippedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .moreHeight([("height", "availableHeight"), ("contentHeight", "height")]) }
}
