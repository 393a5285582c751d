import Reports

/// `screen.rows-visible`: fewer fully visible rows than the screen's minimum.
///
/// The minimum is the screen's own `minimumRowsVisible`, else `CheckContext.minimumRowsVisible`,
/// else the check does not apply. A screen with fewer rows than the minimum must show all of them.
public struct ScreenRowsVisibleCheck: Check {
    public init() {}
    public let id = "screen.rows-visible"
    public let title = "Too few rows visible"
    public let rationale = """
        A list that shows one or two rows at large text sizes makes people scroll for every item and lose \
        their place; comparing items becomes impossible. \
        The minimum says how many rows the screen must keep in view for its purpose.
        """
    public let definition = """
        Reports a screen with fewer fully visible rows than its minimum: the screen's own `minimumRowsVisible`, else the run's default, else the check does not apply; a screen with fewer rows than the minimum must show all of them. Figures: rowsVisible, fullyVisibleRows, minimumRows.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("rowsVisible", .rows, .lowerIsWorse, "rows visible"),
        FigureSpec("fullyVisibleRows", .rows, .lowerIsWorse, "rows fully visible"),
        FigureSpec("minimumRows", .rows, .neutral, role: .minimumRowsVisible, "the minimum of fully visible rows"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("too-few-rows", "fewer rows are fully visible than the minimum"),
    ]
    public let readings: [FigureReading] = [
        FigureReading("rowsVisible", "minimumRows", "shows {0} rows, needs {1}"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.screens.compactMap { screen in
            guard let configured = screen.minimumRowsVisible ?? context.minimumRowsVisible else { return nil }
            let minimum = min(configured, screen.rowCount)
            guard screen.fullyVisibleRows < minimum else { return nil }
            let message = "Only \(screen.fullyVisibleRows) of \(screen.rowCount) rows of “\(screen.screen)” are fully visible "
                + "(\(String(format: "%.2f", screen.rowsVisible)) in view) "
                + Describe.place(category: screen.category, device: screen.device, locale: screen.locale)
                + "; the minimum is \(minimum)"
            return Finding(checkId: id, severity: defaultSeverity, message: message, screen: screen.screen,
                           device: screen.device, category: screen.category, locale: screen.locale, figures: [
                               "rowsVisible": screen.rowsVisible, "fullyVisibleRows": Double(screen.fullyVisibleRows),
                               "minimumRows": Double(minimum),
                           ], code: "too-few-rows", screenID: screen.id)
        }
    }

    public var examples: [CheckExample] {
        // 455 pt of content area and 166.5 pt rows: 455 / 166.5 = 2.73273 rows in view, 2 fully visible.
        let screen = ScreenObservation(screen: "Contacts", device: "iPhone SE (1st gen)",
                                       category: .accessibilityExtraExtraExtraLarge, locale: "en",
                                       contentHeight: 455, rowCount: 20, rowsVisible: 455 / 166.5, fullyVisibleRows: 2,
                                       tallestRow: "contact", tallestRowHeight: 166.5, minimumRowsVisible: 3)
        var short = screen
        short.rowCount = 2  // only two rows exist, both visible
        var noMinimum = screen
        noMinimum.minimumRowsVisible = nil
        return [
            CheckExample("2 of 20 rows visible, minimum 3", input: AuditInput(screens: [screen]), expectedCount: 1, codes: ["too-few-rows"],
                         figures: ["rowsVisible": 2.733, "fullyVisibleRows": 2, "minimumRows": 3]),
            CheckExample("a 2-row screen showing both rows", input: AuditInput(screens: [short]), expectedCount: 0),
            CheckExample("no minimum configured", input: AuditInput(screens: [noMinimum]), expectedCount: 0),
            CheckExample("default minimum from the context", input: AuditInput(screens: [noMinimum]),
                         context: CheckContext(minimumRowsVisible: 4), expectedCount: 1, codes: ["too-few-rows"]),
        ]
    }
}

extension ScreenRowsVisibleCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("shorten the rows: {-rowsVisible} rows visible, {minimumRows} needed") }
}
