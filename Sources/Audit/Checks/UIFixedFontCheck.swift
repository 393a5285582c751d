import Reports

/// `ui.fixed-font`: text at a fixed point size, ignoring Dynamic Type.
///
/// Reports an element of the app's UI files whose font is a system or custom font at a point
/// size with no text style (`isFixedSize`). Figures: pointSize, bodyAX5 (what body reaches at AX5,
/// 53 pt).
public struct UIFixedFontCheck: Check {
    public init() {}
    public let id = "ui.fixed-font"
    public let title = "Text in a fixed size ignores Dynamic Type"
    public let rationale = """
        A font chosen at a point size (a system font at 17 pt, a custom font by name) keeps that size whatever \
        the user sets in Settings: at the largest accessibility size body text reaches 53 pt while this text \
        stays where it was. Interface Builder cannot scale a custom font; use a text style, or scale the font \
        in code with UIFontMetrics.
        """
    public let definition = """
        Reports an element whose font has a point size and no text style (`fontDescription` with `type`/`pointSize` or `name`/`pointSize`, attributed text's `NSFont`, `.system(size:)`, `.custom(_:fixedSize:)`), at the line that sets the font when the file names one (the `.font(…)` modifier). Figures: pointSize (the size it keeps), bodyAX5 (body at AX5: 53 pt, HIG).
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("pointSize", .points, .neutral, "the size the text keeps at every category"),
        FigureSpec("bodyAX5", .points, .neutral, "body at AX5 (53 pt, HIG)"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("fixed-point-size", "the font has a point size and no text style"),
    ]

    /// Body at AX5 (HIG, apple-dynamic-type.md table A).
    static let bodyAX5 = 53.0

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.ui.compactMap { e in
            guard e.isFixedSize, let size = e.pointSizes.first else { return nil }
            let message = "\(e.described) uses \(e.face) at a fixed \(Describe.pt(size)): it stays \(Describe.pt(size)) "
                + "at AX5, where body text reaches \(Describe.pt(Self.bodyAX5))"
            return e.finding(self, code: "fixed-point-size", message: message, figures: ["pointSize": size, "bodyAX5": Self.bodyAX5],
                             source: e.fontSource ?? e.source)
        }
    }

    public var examples: [CheckExample] {
        let fixed = UIElementObservation(
            screen: "Settings/Settings", row: "cell", element: "F9H-Kr-npj", text: "Open System Settings",
            source: SourceLocation(file: "iOS/Settings/Settings.storyboard", line: 30), face: "system",
            pointSizes: Array(repeating: 17, count: 12), lineHeights: Array(repeating: 20.3, count: 12),
            isFixedSize: true, adjustsForContentSizeCategory: false)
        // HIG body sizes xS…AX5 (apple-dynamic-type.md, table A).
        var styled = fixed
        styled.isFixedSize = false
        styled.textStyle = "body"
        styled.pointSizes = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        return [
            CheckExample("a system font at 17 pt", input: AuditInput(ui: [fixed]), expectedCount: 1,
                         codes: ["fixed-point-size"],
                         figures: ["pointSize": 17, "bodyAX5": 53]),
            CheckExample("a text style scales", input: AuditInput(ui: [styled]), expectedCount: 0),
        ]
    }
}

extension UIFixedFontCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .textStyle(pointSize: "pointSize") }
}
