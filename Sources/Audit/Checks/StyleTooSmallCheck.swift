import DynamicType
import Reports

/// `style.too-small`: a style's size at the default category Large is below `minimumPointSize`
/// (11 pt, the HIG minimum on iOS). One finding per style, with category "large".
public struct StyleTooSmallCheck: Check {
    public init() {}
    public let id = "style.too-small"
    public let title = "Text style is below the minimum size"
    public let rationale = """
        Apple's Human Interface Guidelines set 11 pt as the smallest text size on iOS at the default setting. \
        Smaller text is hard to read for many people who never change the Dynamic Type setting, \
        and stays below the minimum at the smaller settings too.
        """
    public let definition = """
        Reports a style whose size at the default category Large is below `minimumPointSize` (11 pt, the HIG minimum on iOS). Category: large. Figures: pointSize, minimumPointSize.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("pointSize", .points, .neutral, "the size at Large"),
        FigureSpec("minimumPointSize", .points, .neutral, "the minimum"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("below-minimum", "smaller than the minimum at Large"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.styles.compactMap { style in
            guard style.pointSizes.count == ContentSizeCategory.allCases.count else { return nil }
            let size = style.pointSizes[ContentSizeCategory.large.position]
            guard size < context.minimumPointSize else { return nil }
            let message = "Style “\(style.style)” (\(style.font)) is \(Describe.pt(size)) at the default size large, "
                + "below the \(Describe.pt(context.minimumPointSize)) minimum"
            return Finding(checkId: id, severity: defaultSeverity, message: message,
                           category: .large, style: style.style,
                           font: style.font, figures: ["pointSize": size, "minimumPointSize": context.minimumPointSize],
                           code: "below-minimum")
        }
    }

    public var examples: [CheckExample] {
        // TypographyKit stepping: point-size 10, step 2 → 4, 6, 8, 10, 12, … (Large = index 3 = 10 pt).
        let stepped = StyleObservation(style: "legal", font: "Inter-Regular", model: "stepping",
                                       pointSizes: (0..<12).map { 10 + 2 * Double($0 - 3) })
        // HIG caption2: 11 pt at Large — exactly the minimum, not below it.
        let caption2 = StyleObservation(style: "caption2", font: "Inter-Regular", model: "uifontmetrics",
                                        pointSizes: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40])
        return [
            CheckExample("10 pt at Large", input: AuditInput(styles: [stepped]), expectedCount: 1, codes: ["below-minimum"],
                         figures: ["pointSize": 10, "minimumPointSize": 11]),
            CheckExample("HIG caption2 is exactly 11 pt", input: AuditInput(styles: [caption2]), expectedCount: 0),
            CheckExample("caption2 fails a 12 pt project minimum", input: AuditInput(styles: [caption2]),
                         context: CheckContext(minimumPointSize: 12), expectedCount: 1, codes: ["below-minimum"]),
        ]
    }
}

extension StyleTooSmallCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("make the style at least {minimumPointSize} pt at Large") }
}
