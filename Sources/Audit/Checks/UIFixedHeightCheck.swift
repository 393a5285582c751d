import DynamicType
import Reports

/// `ui.fixed-height`: a required height constraint on text that its text outgrows.
///
/// Reports an element with a required height constraint (`=` or `≤`) whose lines × line height
/// exceed the constant (by more than `lengthEpsilon`) at some category: the first such category
/// is the finding's. A fixed-size font does not grow, so it is not reported (what it loses at its
/// one size is its line box's leading, seen on the design canvas). A height that does not clip (a
/// SwiftUI frame without `.clipped()`) lets the text draw past it: reported `unverified`, as
/// whether it overlaps anything depends on what is around it. The line box is centred in the
/// height, so what it loses on each side cuts the letters only past the font's clearance (the
/// smaller of ascender − cap height and the descender): less is `unverified` too — only the
/// line's empty space, descenders and accents. Figures: heightConstraint,
/// neededHeight (at that category), neededHeightAX5, firstCategoryIndex.
public struct UIFixedHeightCheck: Check {
    public init() {}
    public let id = "ui.fixed-height"
    public let title = "Fixed height clips text as it grows"
    public let rationale = """
        A required height constraint on a label or button does not grow with its text: from some text size on, \
        the text is cut off at the top and bottom. Let the height follow the content (a minimum height with \
        ≥, or a lower priority).
        """
    public let definition = """
        Reports an element whose font grows with the text size (a text style) and that has a required (priority 1000) height constraint with relation `=` or `≤` when the height its text needs (lines, at least one, × the font's line height at the category's size) exceeds the constant by more than `lengthEpsilon` at some category; the finding names the first. A fixed-size font is not reported: its height does not change with the text size. The line box is centred in the height: while what it loses on each side, (needed − height) / 2, is at most the font's clearance × its size (the smaller of ascender − cap height and the descender, plus half the line gap; SF: 494/2048 em), it cuts only the line's empty space, descenders and accents — `unverified` (code height-cuts-line-space); past it, capitals or the baseline are cut (height-clips-text), from the category the finding names. A SwiftUI `.frame(height:)` not followed by `.clipped()`, `.clipShape(…)`, `.cornerRadius(…)` or `.mask(…)` does not cut its text, which draws past the frame: that finding is `unverified` (code text-draws-past-frame) and never fails a run. Figures: heightConstraint, neededHeight (at that category), neededHeightAX5, firstCategoryIndex (0 = extraSmall … 11 = AX5).
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("heightConstraint", .points, .lowerIsWorse, "the required height"),
        FigureSpec("neededHeight", .points, .higherIsWorse, "the height the text needs at the first category that is clipped"),
        FigureSpec("neededHeightAX5", .points, .higherIsWorse, "the height the text needs at AX5"),
        FigureSpec("firstCategoryIndex", .categoryIndex, .lowerIsWorse, "the first category at which the text is clipped"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("height-clips-text", "a required height is shorter than the element's text at some category"),
        MessageCode("height-cuts-line-space", "a required height is shorter than the element's line box, but only by the line's empty space above the capitals and below the baseline"),
        MessageCode("text-draws-past-frame", "a SwiftUI frame that does not clip is shorter than its text at some category"),
    ]
    public let readings: [FigureReading] = [
        FigureReading("neededHeight", "heightConstraint", "needs {0} pt of height, has {1} pt"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.ui.compactMap { e in
            guard let constant = e.heightConstant, e.heightRequired, e.heightRelation != "≥", !e.isFixedSize,
                  e.lineHeights.count == ContentSizeCategory.allCases.count, e.pointSizes.count == e.lineHeights.count,
                  let boxOver = e.lineHeights.indices.first(where: { e.neededHeight(at: $0) > constant + context.lengthEpsilon })
            else { return nil }
            // The line box is centred in the height: what it loses on each side cuts letters only
            // past the font's clearance (docs/layout.md, "Heights that clip").
            let lettersCut = e.clearance.map { clearance in
                e.lineHeights.indices.first { (e.neededHeight(at: $0) - constant) / 2 > clearance * e.pointSizes[$0] + context.lengthEpsilon }
            } ?? boxOver
            let first = lettersCut ?? boxOver
            let needed = e.neededHeight(at: first), ax5 = e.neededHeight(at: ContentSizeCategory.allCases.count - 1)
            let category = ContentSizeCategory.allCases[first]
            let certain = e.heightClipsText && lettersCut != nil
            var message = "\(e.described) has a required height of \(Describe.pt(constant)) (\(e.heightRelation ?? "=")): "
                + "its \(Describe.lines(max(1, e.lines))) need \(Describe.pt(needed)) from \(category) on "
                + "(\(Describe.pt(ax5)) at AX5), "
            if !e.heightClipsText {
                message += "so the text draws past the frame, which does not clip it (unverified: it overlaps what is around it, if anything)"
            } else if lettersCut == nil {
                message += "so the line loses the empty space above its capitals and below its baseline "
                    + "(unverified: only descenders and accents are cut, if the text has them)"
            } else {
                message += "so the text is clipped"
            }
            let code = !e.heightClipsText ? "text-draws-past-frame" : lettersCut == nil ? "height-cuts-line-space" : "height-clips-text"
            var finding = e.finding(self, code: code, message: message,
                                    figures: ["heightConstraint": constant, "neededHeight": needed, "neededHeightAX5": ax5,
                                              "firstCategoryIndex": Double(first)],
                                    category: category, source: e.heightSource)
            if !certain { finding.certainty = .unverified }
            return finding
        }
    }

    public var examples: [CheckExample] {
        // Body sizes xS…AX5 (HIG table A) with the HIG leading of body at each category
        // (apple-dynamic-type.md): 19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62 pt.
        let body = [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let leading = [19.0, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
        let button = UIElementObservation(
            screen: "Account/Account", row: "credentials", element: "TYD-py-8IF", kind: "button", text: "Credentials",
            source: SourceLocation(file: "iOS/Account/Account.storyboard", line: 80), textStyle: "body",
            pointSizes: body, lineHeights: leading, isFixedSize: false, adjustsForContentSizeCategory: true,
            heightConstant: 44, heightRelation: "=", heightSource: SourceLocation(file: "iOS/Account/Account.storyboard", line: 82),
            clearance: 0.2412109375)
        // The clearance of the system font: min(ascender 1950 − cap height 1443, descender 494) / 2048
        // = 494 / 2048 em per side (SF Pro's hhea and OS/2, docs/system-font.md).
        var minimum = button
        minimum.heightRelation = "≥"
        var optional = button
        optional.heightRequired = false
        var twoLines = button
        twoLines.lines = 2  // 2 × 24 = 48 > 44 at extraLarge (index 4): its line boxes first
        // A fixed 17 pt font: 17 × 1.193359375 (the system font's line height, SystemFont.lineHeight)
        // = 20.3 pt at every category, over a 20 pt height at every one; it never grows.
        var fixed = button
        fixed.textStyle = nil
        fixed.isFixedSize = true
        fixed.pointSizes = Array(repeating: 17, count: 12)
        fixed.lineHeights = Array(repeating: 17 * 1.193359375, count: 12)
        fixed.heightConstant = 20
        // SwiftUI: `.frame(height: 44)` with no clip after it.
        var frame = button
        frame.source = SourceLocation(file: "App/AccountView.swift", line: 12)
        frame.heightSource = SourceLocation(file: "App/AccountView.swift", line: 14)
        frame.heightClipsText = false
        var compact = button
        compact.heightConstant = 30
        // What the line box loses per side, (needed − height) / 2, against the clearance × size:
        // 44 pt, one line: AX3 (48 − 44) / 2 = 2 < 0.2412 × 40 = 9.65; AX5 (62 − 44) / 2 = 9 < 12.78 —
        //   only the line's empty space; unverified.
        // 30 pt, one line: AX3 (48 − 30) / 2 = 9 < 9.65; AX4 (56 − 30) / 2 = 13 > 0.2412 × 47 = 11.34 — cut.
        // 44 pt, two lines: xL (48 − 44) / 2 = 2 < 4.58; xxxL (58 − 44) / 2 = 7 > 0.2412 × 23 = 5.55 — cut.
        return [
            CheckExample("44 pt button: from AX3 its line box is taller, but it loses only empty space", input: AuditInput(ui: [button]),
                         expectedCount: 1, codes: ["height-cuts-line-space"],
                         figures: ["heightConstraint": 44, "neededHeight": 48, "neededHeightAX5": 62, "firstCategoryIndex": 9],
                         certainty: .unverified),
            CheckExample("30 pt button: the capitals are cut from AX4", input: AuditInput(ui: [compact]), expectedCount: 1,
                         codes: ["height-clips-text"],
                         figures: ["heightConstraint": 30, "neededHeight": 56, "firstCategoryIndex": 10], certainty: .measured),
            CheckExample("two lines in 44 pt: cut from extraExtraExtraLarge", input: AuditInput(ui: [twoLines]), expectedCount: 1,
                         codes: ["height-clips-text"], figures: ["neededHeight": 58, "firstCategoryIndex": 6], certainty: .measured),
            CheckExample("a minimum height (≥) grows", input: AuditInput(ui: [minimum]), expectedCount: 0),
            CheckExample("a fixed-size font does not grow", input: AuditInput(ui: [fixed]), expectedCount: 0),
            CheckExample("a SwiftUI frame that does not clip: the text draws past it from AX3, unverified",
                         input: AuditInput(ui: [frame]), expectedCount: 1, codes: ["text-draws-past-frame"],
                         figures: ["heightConstraint": 44, "neededHeight": 48, "firstCategoryIndex": 9],
                         certainty: .unverified),
            CheckExample("a height below required priority gives way", input: AuditInput(ui: [optional]), expectedCount: 0),
        ]
    }
}

extension UIFixedHeightCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .removeFixed(height: "heightConstraint", what: "height") }
}
