import DynamicType
import Reports

/// `ui.not-adjusting`: a text style without `adjustsFontForContentSizeCategory`.
///
/// Reports an element with a text style whose `adjustsForContentSizeCategory` is false. Figures:
/// largePointSize, ax5PointSize.
public struct UINotAdjustingCheck: Check {
    public init() {}
    public let id = "ui.not-adjusting"
    public let title = "Text style does not follow a change of text size"
    public let rationale = """
        A label, text field or text view with a text style but without adjustsFontForContentSizeCategory takes \
        its size when the screen is built and keeps it: a person who enlarges text in Control Center or Settings \
        sees no change until the screen is rebuilt. Turn on "Automatically Adjusts Font" (or set the property in code).
        """
    public let definition = """
        Reports an element whose font is a text style and whose `adjustsFontForContentSizeCategory` is off. Figures: largePointSize (the style at Large), ax5PointSize (at AX5).
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("largePointSize", .points, .neutral, "the style's size at Large"),
        FigureSpec("ax5PointSize", .points, .neutral, "the style's size at AX5"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("style-not-adjusting", "a text style without adjustsFontForContentSizeCategory"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.ui.compactMap { e in
            guard !e.isFixedSize, !e.adjustsForContentSizeCategory, let style = e.textStyle,
                  e.pointSizes.count == ContentSizeCategory.allCases.count else { return nil }
            let large = e.pointSizes[ContentSizeCategory.large.position]
            let ax5 = e.pointSizes[ContentSizeCategory.allCases.count - 1]
            let message = "\(e.described) uses text style \(style) without adjustsFontForContentSizeCategory: it stays at "
                + "the size it had when the screen was built (\(Describe.pt(large)) at Large) until the screen is rebuilt, "
                + "though the style reaches \(Describe.pt(ax5)) at AX5"
            return e.finding(self, code: "style-not-adjusting", message: message, figures: ["largePointSize": large, "ax5PointSize": ax5])
        }
    }

    public var examples: [CheckExample] {
        // HIG body sizes xS…AX5 (apple-dynamic-type.md, table A).
        let body = [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let stuck = UIElementObservation(
            screen: "Account/Account", element: "dgD-uX-vcx", kind: "button", text: "How to Optimize iCloud Syncing",
            source: SourceLocation(file: "iOS/Account/Account.storyboard", line: 41), textStyle: "body",
            pointSizes: body, lineHeights: body.map { $0 * 1.2 }, isFixedSize: false, adjustsForContentSizeCategory: false)
        var adjusting = stuck
        adjusting.adjustsForContentSizeCategory = true
        var fixed = stuck
        fixed.textStyle = nil
        fixed.isFixedSize = true
        return [
            CheckExample("body without adjustsFontForContentSizeCategory", input: AuditInput(ui: [stuck]), expectedCount: 1,
                         codes: ["style-not-adjusting"],
                         figures: ["largePointSize": 17, "ax5PointSize": 53]),
            CheckExample("adjusting", input: AuditInput(ui: [adjusting]), expectedCount: 0),
            CheckExample("a fixed size is ui.fixed-font's", input: AuditInput(ui: [fixed]), expectedCount: 0),
        ]
    }
}

extension UINotAdjustingCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("set adjustsFontForContentSizeCategory") }
}
