import DynamicType
import Reports

/// `style.capped`: a style stops growing before the largest accessibility size.
///
/// Definition: with sizes s₀…s₁₁ (extraSmall…AX5), the style is capped when it grows somewhere
/// (not all equal — that is `style.not-scaling`) and its last step does not grow
/// (s₁₁ ≤ s₁₀ + lengthEpsilon). The cap starts at the first index p such that every size from p
/// to AX5 equals s₁₁ (within lengthEpsilon). Figures: pointSize (the capped size), capIndex (p),
/// sizeAtLarge, growth (s₁₁ / s_Large). When p ≤ 6 (xxxL or earlier) none of the five
/// accessibility sizes is larger than xxxL; the message says so.
public struct StyleCappedCheck: Check {
    public init() {}
    public let id = "style.capped"
    public let title = "Text style stops growing before the largest sizes"
    public let rationale = """
        The accessibility sizes (AX1–AX5) exist for people who need much larger text. \
        A maximum point size that stops a style early gives them the same size at every larger setting, \
        so the setting they chose has no effect. Raise or remove the maximum and let the layout wrap.
        """
    public let definition = """
        With sizes s0…s11 (extraSmall…AX5), reports a style that grows somewhere (not all equal: that is style.not-scaling) but whose last step does not grow (s11 ≤ s10 + lengthEpsilon). The cap starts at the first index p from which every size equals s11; the finding's category is that category. A maximum that only trims AX5 while AX4 < AX5 is not reported. Figures: pointSize (capped size), capIndex (p), sizeAtLarge, growth (s11 / sLarge).
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("pointSize", .points, .neutral, "the capped size"),
        FigureSpec("capIndex", .categoryIndex, .neutral, "the first category at the capped size"),
        FigureSpec("sizeAtLarge", .points, .neutral, "the size at Large"),
        FigureSpec("growth", .ratio, .lowerIsWorse, "size at AX5 / size at Large"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("capped-before-accessibility", "the cap starts at xxxL or earlier: no accessibility size is larger"),
        MessageCode("capped-in-accessibility", "the cap starts at an accessibility size"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.styles.compactMap { style in
            let s = style.pointSizes
            let all = ContentSizeCategory.allCases
            let last = all.count - 1
            guard s.count == all.count, let low = s.min(), let high = s.max(),
                  high - low > context.lengthEpsilon, s[last] <= s[last - 1] + context.lengthEpsilon else { return nil }
            var p = last
            while p > 0, abs(s[p - 1] - s[last]) <= context.lengthEpsilon { p -= 1 }
            let size = s[last]
            let large = s[ContentSizeCategory.large.position]
            let from = all[p]
            let reach = !from.isAccessibility
                ? "none of the accessibility sizes AX1–AX5 is larger"
                : "the larger sizes up to accessibilityExtraExtraExtraLarge are no larger"
            let maximum = style.maximumPointSize.map { " (maximum point size \(Describe.one($0)))" } ?? ""
            let message = "Style “\(style.style)” (\(style.font)) stops growing at \(Describe.pt(size)) from \(from.uikitName) on"
                + "\(maximum): \(reach)"
            return Finding(checkId: id, severity: defaultSeverity, message: message, category: from,
                           style: style.style, font: style.font, figures: [
                               "pointSize": size, "capIndex": Double(p), "sizeAtLarge": large,
                               "growth": large > 0 ? size / large : 0,
                           ], code: !from.isAccessibility ? "capped-before-accessibility" : "capped-in-accessibility")
        }
    }

    public var examples: [CheckExample] {
        // HIG body with a 23 pt maximum (TypographyKit maximum-point-size 23): the clamp min(size, 23)
        // of 14, 15, 16, 17, 19, 21, 23, 28, … gives 23 from extraExtraExtraLarge (index 6) on;
        // growth 23 / 17 = 1.35294.
        let hig: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let capped = StyleObservation(style: "body", font: "Inter-Regular", model: "uifontmetrics",
                                      pointSizes: hig.map { min($0, 23) }, maximumPointSize: 23)
        // A 40 pt maximum caps at AX3 (index 9): 40, 40, 40.
        let lateCap = StyleObservation(style: "body", font: "Inter-Regular", model: "uifontmetrics",
                                       pointSizes: hig.map { min($0, 40) }, maximumPointSize: 40)
        // A 50 pt maximum only trims AX5 (53 → 50): AX4 47 < 50, so it still grows at every step.
        let trimmed = StyleObservation(style: "body", font: "Inter-Regular", model: "uifontmetrics",
                                       pointSizes: hig.map { min($0, 50) }, maximumPointSize: 50)
        let flat = StyleObservation(style: "caption", font: "Inter-Regular", model: "disabled",
                                    pointSizes: Array(repeating: 12, count: 12))
        return [
            CheckExample("23 pt maximum stops body at xxxL", input: AuditInput(styles: [capped]), expectedCount: 1, codes: ["capped-before-accessibility"],
                         messageContains: ["stops growing at 23.0 pt from extraExtraExtraLarge on (maximum point size 23.0): none of the accessibility sizes"],
                         figures: ["pointSize": 23, "capIndex": 6, "sizeAtLarge": 17, "growth": 1.353]),
            CheckExample("40 pt maximum stops body at AX3", input: AuditInput(styles: [lateCap]), expectedCount: 1, codes: ["capped-in-accessibility"],
                         figures: ["capIndex": 9]),
            CheckExample("50 pt maximum still grows at every step", input: AuditInput(styles: [trimmed]), expectedCount: 0),
            CheckExample("HIG body is not capped", input: AuditInput(styles: [StyleObservation(
                style: "body", font: "Inter-Regular", model: "uifontmetrics", pointSizes: hig)]), expectedCount: 0),
            CheckExample("a flat style is style.not-scaling, not capped", input: AuditInput(styles: [flat]),
                         expectedCount: 0),
        ]
    }
}

extension StyleCappedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("let the style grow to AX5 (no maximum size)") }
}
