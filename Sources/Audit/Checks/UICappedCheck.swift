import AppUI
import DynamicType
import Reports

/// `ui.capped`: text whose allowed categories (SwiftUI's `.dynamicTypeSize(…)` range) end below
/// the accessibility sizes.
///
/// The verdict, the sentence and the figures are `UICapping`'s (AppUI), so every reader's elements
/// get the same; this check applies it to each element observation. The finding's category is
/// the first category given up. Figures: lastIndex, givenUp.
public struct UICappedCheck: Check {
    public init() {}
    public let id = "ui.capped"
    public let title = "Text stops growing below the accessibility sizes"
    public let rationale = """
        The accessibility sizes (AX1–AX5) exist for people who need much larger text. A dynamicTypeSize range \
        that ends below them draws the text at the range's largest size whatever the person chose, so their \
        setting has no effect here. Let the text grow and make the layout wrap instead.
        """
    public let definition = """
        Reports a text element whose allowed categories (SwiftUI's `.dynamicTypeSize(…)` range or single size) end \
        before accessibilityMedium (AX1), unless its font does not scale at all (that is ui.fixed-font), at the \
        element's line. The finding's category is the first category given up. Figures: lastIndex (the largest \
        category allowed, 0 = extraSmall), givenUp (how many of the 12 categories draw at that size instead).
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("lastIndex", .categoryIndex, .lowerIsWorse, "the largest category the text is drawn at"),
        FigureSpec("givenUp", .count, .higherIsWorse, "how many of the 12 categories draw at that size instead"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("range-below-accessibility", "the text's dynamicTypeSize range ends before AX1"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.ui.compactMap { e in
            guard let verdict = UICapping.verdict(categories: e.categories, fixedSize: e.isFixedSize) else { return nil }
            return e.finding(self, code: "range-below-accessibility",
                             message: "\(e.described): " + UICapping.message(last: verdict.last, givenUp: verdict.givenUp),
                             figures: UICapping.figures(last: verdict.last, givenUp: verdict.givenUp),
                             category: verdict.givenUp.first, source: e.categoriesSource)
        }
    }

    public var examples: [CheckExample] {
        // HIG body sizes xS…AX5 (apple-dynamic-type.md, table A).
        let body = [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let capped = UIElementObservation(
            screen: "SettingsView", row: "Form", element: "SettingsView#3", kind: "label", text: "Notifications",
            source: SourceLocation(file: "Sources/App/Settings/SettingsView.swift", line: 42), textStyle: "body",
            pointSizes: body, lineHeights: body.map { $0 * 1.2 }, isFixedSize: false,
            adjustsForContentSizeCategory: true, lines: 0, categories: .extraSmall ... .extraExtraExtraLarge,
            categoriesSource: SourceLocation(file: "Sources/App/Settings/SettingsView.swift", line: 45))
        var large = capped
        large.categories = .large ... .large
        var accessible = capped
        accessible.categories = .extraSmall ... .accessibilityLarge
        var open = capped
        open.categories = nil
        var fixed = capped
        fixed.isFixedSize = true
        fixed.textStyle = nil
        fixed.pointSizes = Array(repeating: 17, count: 12)
        return [
            // `...DynamicTypeSize.xxxLarge`: index 6 (xxxL), AX1–AX5 given up.
            CheckExample("a range ending at xxxLarge", input: AuditInput(ui: [capped]), expectedCount: 1,
                         codes: ["range-below-accessibility"], messageContains: ["AX1, AX2, AX3, AX4, AX5"],
                         figures: ["lastIndex": 6, "givenUp": 5]),
            // `.dynamicTypeSize(.large)`: index 3, xL … AX5 (8 categories) given up.
            CheckExample("one size, large", input: AuditInput(ui: [large]), expectedCount: 1,
                         codes: ["range-below-accessibility"], figures: ["lastIndex": 3, "givenUp": 8]),
            CheckExample("a range reaching AX2", input: AuditInput(ui: [accessible]), expectedCount: 0),
            CheckExample("no range", input: AuditInput(ui: [open]), expectedCount: 0),
            CheckExample("a fixed size is ui.fixed-font's", input: AuditInput(ui: [fixed]), expectedCount: 0),
        ]
    }
}

extension UICappedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("remove the size cap (maximumContentSizeCategory or a clamped size)") }
}
