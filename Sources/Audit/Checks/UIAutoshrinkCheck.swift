import Reports

/// `ui.autoshrink`: `adjustsFontSizeToFit` on text that scales with Dynamic Type.
///
/// Reports an element with a text style (or scaled size) and a minimum scale factor below 1.
/// Figures: minimumScaleFactor, ax5PointSize, smallestAX5PointSize (ax5 × factor).
public struct UIAutoshrinkCheck: Check {
    public init() {}
    public let id = "ui.autoshrink"
    public let title = "Autoshrink on text that scales"
    public let rationale = """
        adjustsFontSizeToFitWidth shrinks text until it fits its width: on text that grows with Dynamic Type it \
        takes back the size the user asked for, most at the largest sizes, where it matters most. Let the text \
        wrap (more lines) instead.
        """
    public let definition = """
        Reports an element whose font scales (a text style) and that autoshrinks (`adjustsFontSizeToFit` with a minimum scale factor, or minimum font size, below 1). Figures: minimumScaleFactor, ax5PointSize, smallestAX5PointSize (ax5PointSize × minimumScaleFactor).
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("minimumScaleFactor", .ratio, .lowerIsWorse, "autoshrink's smallest scale"),
        FigureSpec("ax5PointSize", .points, .neutral, "the style's size at AX5"),
        FigureSpec("smallestAX5PointSize", .points, .neutral, "the smallest size autoshrink may draw at AX5"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("shrinks-scaling-text", "autoshrink may take back the size a text style asks for"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.ui.compactMap { e in
            guard !e.isFixedSize, let factor = e.minimumScaleFactor, factor < 1, let ax5 = e.pointSizes.last else { return nil }
            let smallest = ax5 * factor
            let message = "\(e.described) autoshrinks (adjustsFontSizeToFit, down to \(Describe.percent(factor))) text that "
                + "scales with Dynamic Type: at AX5 it may draw at \(Describe.pt(smallest)) instead of \(Describe.pt(ax5))"
            return e.finding(self, code: "shrinks-scaling-text", message: message, figures: ["minimumScaleFactor": factor, "ax5PointSize": ax5,
                                                               "smallestAX5PointSize": smallest])
        }
    }

    public var examples: [CheckExample] {
        // HIG headline sizes xS…AX5 (apple-dynamic-type.md, table A); 0.5 × 53 = 26.5.
        let headline = [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let shrinking = UIElementObservation(
            screen: "Main/Timeline", row: "timelineCell", element: "Q2e-nZ-5UY", text: "Feed name",
            source: SourceLocation(file: "iOS/Base.lproj/Main.storyboard", line: 120), textStyle: "headline",
            pointSizes: headline, lineHeights: headline.map { $0 * 1.2 }, isFixedSize: false,
            adjustsForContentSizeCategory: true, minimumScaleFactor: 0.5)
        var fixed = shrinking
        fixed.isFixedSize = true
        fixed.textStyle = nil
        var none = shrinking
        none.minimumScaleFactor = nil
        return [
            CheckExample("headline shrinking to 50 %", input: AuditInput(ui: [shrinking]), expectedCount: 1,
                         codes: ["shrinks-scaling-text"],
                         figures: ["minimumScaleFactor": 0.5, "ax5PointSize": 53, "smallestAX5PointSize": 26.5]),
            CheckExample("autoshrink on a fixed size is not reported", input: AuditInput(ui: [fixed]), expectedCount: 0),
            CheckExample("no autoshrink", input: AuditInput(ui: [none]), expectedCount: 0),
        ]
    }
}

extension UIAutoshrinkCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("remove adjustsFontSizeToFitWidth and let the text wrap") }
}
