import DynamicType
import Reports

/// `ui.fixed-row-height`: a table's fixed row height that its cells' text outgrows.
///
/// Reports a row with a fixed height (a table's or cell's `rowHeight`, not automatic dimension)
/// when what its tallest text element needs plus the cell's insets exceeds it (by more than
/// `lengthEpsilon`) at some category; the finding names the first. Figures: rowHeight,
/// neededHeight (at that category), neededHeightAX5, firstCategoryIndex.
public struct UIFixedRowHeightCheck: Check {
    public init() {}
    public let id = "ui.fixed-row-height"
    public let title = "Fixed row height clips cells as text grows"
    public let rationale = """
        A table view with a fixed rowHeight gives every cell the same height whatever the text size: from some \
        size on the cells' text no longer fits and is cut off. Use automatic dimension (self-sizing cells).
        """
    public let definition = """
        Reports a table row with a fixed height when the tallest of its text elements (lines, at least one, × line height) plus the cell's top and bottom insets (11 pt each) exceeds it by more than `lengthEpsilon` at some category; the finding names the first. A lower bound: elements stacked in the cell need more. A row whose text needs the same at every category (fixed-size fonts) is not reported: its text does not grow. Figures: rowHeight, neededHeight (at that category), neededHeightAX5, firstCategoryIndex (0 = extraSmall … 11 = AX5).
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("rowHeight", .points, .lowerIsWorse, "the fixed row height"),
        FigureSpec("neededHeight", .points, .higherIsWorse, "what the row needs at the first category that is clipped"),
        FigureSpec("neededHeightAX5", .points, .higherIsWorse, "what the row needs at AX5"),
        FigureSpec("firstCategoryIndex", .categoryIndex, .lowerIsWorse, "the first category at which the row is clipped"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("row-height-clips-text", "a fixed row height is shorter than its cells' text at some category"),
    ]
    public let readings: [FigureReading] = [
        FigureReading("neededHeight", "rowHeight", "needs {0} pt of height, has {1} pt"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.uiRows.compactMap { r in
            // A row whose text does not grow (fixed-size fonts: the same need at every category) is
            // clipped, if at all, at its one size, as the design canvas shows it.
            guard r.neededHeights.count == ContentSizeCategory.allCases.count,
                  r.neededHeights.contains(where: { $0 != r.neededHeights[0] }),
                  let first = r.neededHeights.indices.first(where: { r.neededHeights[$0] > r.fixedHeight + context.lengthEpsilon })
            else { return nil }
            let needed = r.neededHeights[first], ax5 = r.neededHeights[ContentSizeCategory.allCases.count - 1]
            let category = ContentSizeCategory.allCases[first]
            let message = "Row “\(r.row)” has a fixed height of \(Describe.pt(r.fixedHeight)): its text (\(r.tallestElement)) "
                + "needs \(Describe.pt(needed)) from \(category) on (\(Describe.pt(ax5)) at AX5), so the cell is clipped; "
                + "use automatic dimension"
            return Finding(checkId: id, severity: defaultSeverity, message: message, screen: r.screen, row: r.row,
                           category: category, source: r.source,
                           figures: ["rowHeight": r.fixedHeight, "neededHeight": needed, "neededHeightAX5": ax5,
                                     "firstCategoryIndex": Double(first)],
                           code: "row-height-clips-text")
        }
    }

    public var examples: [CheckExample] {
        // A 44 pt row with one body line: HIG body leading xS…AX5 (apple-dynamic-type.md) + 2 × 11 pt insets
        // = 41, 42, 43, 44, 46, 48, 51, 56, 62, 70, 78, 84; 46 > 44 first at extraLarge (index 4).
        let needed = [19.0, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62].map { $0 + 22 }
        let row = UIRowObservation(screen: "Settings/Settings", row: "SettingsCell", fixedHeight: 44,
                                   source: SourceLocation(file: "iOS/Settings/Settings.storyboard", line: 17),
                                   neededHeights: needed, tallestElement: "F9H-Kr-npj")
        var tall = row
        tall.fixedHeight = 90
        // A fixed 17 pt system font: 17 × 1.193359375 + 22 = 42.3 pt at every category, in a 40 pt row.
        var fixed = row
        fixed.fixedHeight = 40
        fixed.neededHeights = Array(repeating: 17 * 1.193359375 + 22, count: 12)
        return [
            CheckExample("44 pt rows with body text", input: AuditInput(uiRows: [row]), expectedCount: 1,
                         codes: ["row-height-clips-text"],
                         figures: ["rowHeight": 44, "neededHeight": 46, "neededHeightAX5": 84, "firstCategoryIndex": 4]),
            CheckExample("90 pt rows fit even at AX5", input: AuditInput(uiRows: [tall]), expectedCount: 0),
            CheckExample("a fixed-size font does not grow", input: AuditInput(uiRows: [fixed]), expectedCount: 0),
        ]
    }
}

extension UIFixedRowHeightCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .removeFixed(height: "rowHeight", what: "row height") }
}
