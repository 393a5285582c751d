import Reports

/// `screen.row-too-tall`: a single row is taller than the area rows are shown in.
///
/// Reports the tallest row of a screen when `tallestRowHeight > contentHeight + lengthEpsilon`.
/// Identity: screen, row, category, device, locale.
public struct ScreenRowTooTallCheck: Check {
    public init() {}
    public let id = "screen.row-too-tall"
    public let title = "A row is taller than the screen"
    public let rationale = """
        A row taller than the visible area can never be seen whole: the user scrolls through one item \
        and loses its beginning before reaching its end, and swipe actions or accessories may be off screen. \
        Shorten the row's content at large sizes or move details to another screen.
        """
    public let definition = """
        Reports the tallest row of a screen when it is taller than the area rows are shown in (`tallestRowHeight > contentHeight + lengthEpsilon`). Figures: height, availableHeight.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("height", .points, .higherIsWorse, "the tallest row’s height"),
        FigureSpec("availableHeight", .points, .lowerIsWorse, "the height rows are shown in"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("row-taller-than-screen", "a row is taller than the area rows are shown in"),
    ]
    public let readings: [FigureReading] = [
        FigureReading("height", "availableHeight", "needs {0} pt of height, has {1} pt"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.screens.compactMap { screen in
            guard screen.tallestRowHeight > screen.contentHeight + context.lengthEpsilon else { return nil }
            let name = screen.tallestRow ?? "?"
            let message = "Row “\(name)” of “\(screen.screen)” is \(Describe.pt(screen.tallestRowHeight)) tall but only "
                + "\(Describe.pt(screen.contentHeight)) of the screen shows rows "
                + Describe.place(category: screen.category, device: screen.device, locale: screen.locale)
            return Finding(checkId: id, severity: defaultSeverity, message: message, screen: screen.screen,
                           row: screen.tallestRow, device: screen.device, category: screen.category,
                           locale: screen.locale, figures: [
                               "height": screen.tallestRowHeight, "availableHeight": screen.contentHeight,
                           ], code: "row-taller-than-screen", screenID: screen.id,
                           rowID: screen.tallestRowID)
        }
    }

    public var examples: [CheckExample] {
        // iPhone SE (1st gen): 568 pt tall − 20 status − 44 navigation bar − 49 tab bar = 455 pt for rows.
        let screen = ScreenObservation(screen: "Contact", device: "iPhone SE (1st gen)",
                                       category: .accessibilityExtraExtraExtraLarge, locale: "en",
                                       contentHeight: 568 - 20 - 44 - 49, rowCount: 3, rowsVisible: 0.8,
                                       fullyVisibleRows: 0, tallestRow: "address", tallestRowHeight: 520.5)
        var fits = screen
        fits.tallestRowHeight = 455
        return [
            CheckExample("520.5 pt address row on a 455 pt content area", input: AuditInput(screens: [screen]),
                         expectedCount: 1, codes: ["row-taller-than-screen"],
                         figures: ["height": 520.5, "availableHeight": 455]),
            CheckExample("a row exactly as tall as the area fits", input: AuditInput(screens: [fits]), expectedCount: 0),
        ]
    }
}

extension ScreenRowTooTallCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("shorten the row to {-availableHeight} pt (it needs {height} pt) or let it scroll") }
}
