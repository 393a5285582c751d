import DynamicType
import Reports

/// `style.not-scaling`: a text style has the same point size at every category.
///
/// Reports a style whose 12 point sizes differ by no more than `lengthEpsilon`
/// (e.g. TypographyKit `scaling-mode: disabled`, or a fixed `UIFont(name:size:)`).
public struct StyleNotScalingCheck: Check {
    public init() {}
    public let id = "style.not-scaling"
    public let title = "Text style ignores Dynamic Type"
    public let rationale = """
        A style that keeps one size at every Dynamic Type setting ignores the user's choice in Settings: \
        people with low vision get no larger text at all. \
        Scale it with UIFontMetrics (or a scaling mode other than disabled).
        """
    public let definition = """
        Reports a style of the config or TypographyKit whose 12 point sizes (extraSmall…AX5) differ by no more than `lengthEpsilon`. A font of the app's storyboards or SwiftUI views is `ui.fixed-font`'s, reported at the element's line. Figure: pointSize.
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("pointSize", .points, .neutral, "the one size"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("constant-size", "the same size at every category"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        // A font of the app's UI files is judged by `ui.fixed-font`, at the element's line.
        input.styles.compactMap { style in
            guard !style.fromAppUI, let low = style.pointSizes.min(), let high = style.pointSizes.max(),
                  style.pointSizes.count == ContentSizeCategory.allCases.count, high - low <= context.lengthEpsilon else { return nil }
            let message = "Style “\(style.style)” (\(style.font), model \(style.model)) stays at \(Describe.pt(low)) "
                + "at all 12 content size categories: it does not follow Dynamic Type"
            return Finding(checkId: id, severity: defaultSeverity, message: message, style: style.style,
                           font: style.font, figures: ["pointSize": low], code: "constant-size")
        }
    }

    public var examples: [CheckExample] {
        let fixed = StyleObservation(style: "caption", font: "Inter-Regular", model: "disabled",
                                     pointSizes: Array(repeating: 12, count: 12))
        var appUI = fixed
        appUI.style = "system 12"
        appUI.model = "fixed"
        appUI.fromAppUI = true
        // HIG body sizes xS…AX5 (apple-dynamic-type.md, table A).
        let body = StyleObservation(style: "body", font: "Inter-Regular", model: "uifontmetrics",
                                    pointSizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        return [
            CheckExample("disabled scaling: 12 pt everywhere", input: AuditInput(styles: [fixed]), expectedCount: 1, codes: ["constant-size"],
                         figures: ["pointSize": 12]),
            CheckExample("HIG body curve scales", input: AuditInput(styles: [body]), expectedCount: 0),
            CheckExample("a storyboard's fixed 12 pt font: ui.fixed-font reports it at its line, not this check",
                         input: AuditInput(styles: [appUI]), expectedCount: 0),
        ]
    }
}

extension StyleNotScalingCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("scale the style with Dynamic Type (a text style or UIFontMetrics)") }
}
