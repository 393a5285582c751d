import Audit
import DynamicType
import Reports
import Testing

/// A label observation with the fields the tests vary; the rest are plausible constants.
func label(text: String = "Einstellungen für Benachrichtigungen", neededWidth: Double = 231.4,
           availableWidth: Double = 200, lines: Int = 2, maxLines: Int = 1, category: ContentSizeCategory = .accessibilityExtraLarge,
           pointSize: Double = 17, requested: Double? = nil, large: Double? = nil,
           ink: InkOverflow = InkOverflow()) -> LabelObservation {
    LabelObservation(screen: "Settings", row: "notifications", label: "title", device: "iPhone SE (1st gen)",
                     category: category, locale: "de",
                     style: "body", font: "Inter-Regular", stringKey: "settings.notifications",
                     source: SourceLocation(file: "de.lproj/Localizable.strings", line: 12), text: text,
                     neededWidth: neededWidth, availableWidth: availableWidth, lines: lines, maxLines: maxLines,
                     pointSize: pointSize, requestedPointSize: requested, largePointSize: large, inkOverflow: ink)
}

@Suite struct LayoutCheckTests {
    /// neededWidth 231.4 vs 200 available in a single-line label → one error with those figures.
    @Test func truncatedGermanLabel() throws {
        let findings = TextTruncatedCheck().run(AuditInput(labels: [label()]), context: .default)
        try #require(findings.count == 1)
        let f = findings[0]
        #expect(f.severity == .error)
        #expect(f.message == "“Einstellungen für Benachrichtigungen” needs 231.4 pt but the label has 200.0 pt: truncated to 1 line at accessibilityExtraLarge on iPhone SE (1st gen) (de)")
        #expect(f.figures["neededWidth"] == 231.4)
        #expect(f.figures["availableWidth"] == 200)
        #expect(f.figures["lines"] == 2)
        #expect(f.figures["maxLines"] == 1)
        // Identity fields come from the observation.
        #expect(f.screen == "Settings" && f.row == "notifications" && f.label == "title")
        #expect(f.stringKey == "settings.notifications" && f.locale == "de")
        #expect(f.category == .accessibilityExtraLarge && f.device == "iPhone SE (1st gen)")
        #expect(f.source == SourceLocation(file: "de.lproj/Localizable.strings", line: 12))
        #expect(f.text == "Einstellungen für Benachrichtigungen")
    }

    @Test func truncationThresholdIsTheEpsilon() {
        // 200.005 pt needed in 200 pt: within the 0.01 pt epsilon; 200.02 pt: over it.
        #expect(TextTruncatedCheck().run(AuditInput(labels: [label(neededWidth: 200.005, lines: 1)]), context: .default).isEmpty)
        #expect(TextTruncatedCheck().run(AuditInput(labels: [label(neededWidth: 200.02, lines: 2)]), context: .default).count == 1)
    }

    @Test func clipModeSaysCutOff() throws {
        var clipped = label()
        clipped.lineBreakMode = .clip
        let findings = TextTruncatedCheck().run(AuditInput(labels: [clipped]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message.contains(": cut off to 1 line"))
    }

    @Test func layoutEngineTruncationFlagIsTrusted() throws {
        // A wrapping label (maxLines 0) the engine still truncated, e.g. by a height limit.
        var flagged = label(lines: 4, maxLines: 0)
        flagged.truncated = true
        let findings = TextTruncatedCheck().run(AuditInput(labels: [flagged]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message.contains("is truncated in 4 lines"))
    }

    /// Roboto "Ồ": ink yMax 1986 units vs hhea ascender 1900 (fontTools). At 28 pt the ink goes
    /// 86 × 28 / 2048 = 1.17578 pt above a box whose top is the ascender: over the 0.5 pt tolerance.
    @Test func inkOverflowOverTolerance() throws {
        let overflow = 86.0 * 28 / 2048
        let obs = label(text: "Ồ", neededWidth: 20, availableWidth: 300, lines: 1, pointSize: 28,
                        ink: InkOverflow(top: overflow, bottom: 0.1))
        let findings = GlyphInkClippedCheck().run(AuditInput(labels: [obs]), context: .default)
        try #require(findings.count == 1)
        // 1.17578 printed to 0.001 pt.
        #expect(findings[0].message == "Ink of “Ồ” reaches 1.176 pt above the label's box (tolerance 0.5 pt) at 28.0 pt: it is clipped at accessibilityExtraLarge on iPhone SE (1st gen) (de)")
        #expect(findings[0].figures["inkTop"] == overflow)
        #expect(findings[0].figures["inkBottom"] == 0.1)
        #expect(findings[0].severity == .warning)
        // A 1.2 pt tolerance accepts 1.17578 pt.
        #expect(GlyphInkClippedCheck().run(AuditInput(labels: [obs]), context: CheckContext(inkTolerance: 1.2)).isEmpty)
    }

    @Test func inkOverflowOnTheRightIsNamed() throws {
        // An italic overhang of 0.8 pt on the trailing side.
        let obs = label(text: "f", neededWidth: 5, availableWidth: 5, lines: 1, ink: InkOverflow(right: 0.8))
        let findings = GlyphInkClippedCheck().run(AuditInput(labels: [obs]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message.contains("reaches 0.8 pt right of the label's box"))
    }

    @Test func missingGlyphsReportedOncePerLabelAndLocale() throws {
        var a = label(text: "ok 🦜", lines: 1)
        a.missingCharacters = ["U+1F99C"]
        a.fallbackFont = "Noto Color Emoji"
        var b = a
        b.category = .large
        b.device = "iPhone 16"
        var c = a
        c.locale = "fr"
        let findings = GlyphMissingCheck().run(AuditInput(labels: [a, b, c]), context: .default)
        // a and b differ only in category and device → one finding; c is another locale.
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.category == nil && $0.device == nil })
        #expect(findings[0].message == "Inter-Regular lacks U+1F99C used in “ok 🦜” (de); fallback draws them with Noto Color Emoji")
    }

    @Test func clippedFixedRow() throws {
        // 44 pt fixed row, content 2 × 28.0 pt lines + 2 × 11 pt insets = 78 pt → 34 pt clipped.
        let row = RowObservation(screen: "Contacts", row: "contact", device: "iPhone 16", category: .accessibilityMedium,
                                 locale: "en", height: 44, fixedHeight: 44,
                                 contentHeight: 2 * 28 + 2 * 11, clippedBy: 2 * 28 + 2 * 11 - 44)
        let findings = TextClippedCheck().run(AuditInput(rows: [row]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message == "Row “contact” has a fixed height of 44.0 pt but its content needs 78.0 pt: 34.0 pt is clipped at accessibilityMedium on iPhone 16 (en)")
        #expect(findings[0].figures == ["height": 44, "contentHeight": 78, "clippedBy": 34])
        #expect(findings[0].label == nil && findings[0].row == "contact")
    }

    /// Autoshrink: body asks for 33 pt at AX2 (HIG), Large is 17 pt; drawn at 25 pt.
    /// shrinkFactor 25 / 33 = 0.757576; lostGrowth (33 − 25) / (33 − 17) = 8 / 16 = 0.5 → "50 %".
    @Test func autoshrinkGivesBackHalf() throws {
        let obs = label(text: "Benachrichtigungen", lines: 1, category: .accessibilityLarge, pointSize: 25,
                        requested: 33, large: 17)
        let findings = TextAutoshrinkCheck().run(AuditInput(labels: [obs]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message == "Autoshrink draws “Benachrichtigungen” at 25.0 pt instead of the 33.0 pt asked for at accessibilityLarge on iPhone SE (1st gen) (de) (large: 17.0 pt): 50 % of the enlargement is lost")
        #expect(findings[0].figures["shrinkFactor"] == 25.0 / 33)
        #expect(findings[0].figures["lostGrowth"] == 0.5)
    }

    @Test func rowTallerThanScreenAndTooFewRows() throws {
        // iPhone SE (1st gen) 568 pt − 20 status − 44 nav − 49 tab = 455 pt; one row of 600 pt.
        let screen = ScreenObservation(screen: "Contact", device: "iPhone SE (1st gen)",
                                       category: .accessibilityExtraExtraExtraLarge, locale: "en",
                                       contentHeight: 455, rowCount: 4, rowsVisible: 455.0 / 600, fullyVisibleRows: 0,
                                       tallestRow: "notes", tallestRowHeight: 600, minimumRowsVisible: 1)
        let tall = ScreenRowTooTallCheck().run(AuditInput(screens: [screen]), context: .default)
        try #require(tall.count == 1)
        #expect(tall[0].message == "Row “notes” of “Contact” is 600.0 pt tall but only 455.0 pt of the screen shows rows at accessibilityExtraExtraExtraLarge on iPhone SE (1st gen) (en)")
        #expect(screen.rowTallerThanVisible)
        let few = ScreenRowsVisibleCheck().run(AuditInput(screens: [screen]), context: .default)
        try #require(few.count == 1)
        // 455 / 600 = 0.758333 → "0.76 in view".
        #expect(few[0].message == "Only 0 of 4 rows of “Contact” are fully visible (0.76 in view) at accessibilityExtraExtraExtraLarge on iPhone SE (1st gen) (en); the minimum is 1")
        #expect(few[0].figures["minimumRows"] == 1)
    }
}

@Suite struct StyleCheckTests {
    /// HIG body sizes (apple-dynamic-type.md table A) capped at 28 pt: 14…23, then 28 at AX1 and after.
    @Test func cappedAtAX1() throws {
        let sizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53].map { min($0, 28) }
        let style = StyleObservation(style: "body", font: "Inter-Regular", model: "uifontmetrics", pointSizes: sizes,
                                     maximumPointSize: 28)
        let findings = StyleCappedCheck().run(AuditInput(styles: [style]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].category == .accessibilityMedium)
        #expect(findings[0].figures["capIndex"] == 7)
        // growth 28 / 17 = 1.647059.
        #expect(findings[0].figures["growth"] == 28.0 / 17)
        #expect(findings[0].message == "Style “body” (Inter-Regular) stops growing at 28.0 pt from accessibilityMedium on (maximum point size 28.0): the larger sizes up to accessibilityExtraExtraExtraLarge are no larger")
    }

    /// TypographyKit stepping with a maximum below Large: point-size 17, step 2 → 11, 13, 15, 17, …;
    /// maximum 16 → 11, 13, 15, 16, 16, …: capped from Large (index 3) and never above 16.
    @Test func cappedBelowLarge() throws {
        let sizes = (0..<12).map { min(17 + 2 * Double($0 - 3), 16) }
        #expect(sizes == [11, 13, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16])
        let style = StyleObservation(style: "body", font: "Inter-Regular", model: "stepping", pointSizes: sizes,
                                     maximumPointSize: 16)
        let findings = StyleCappedCheck().run(AuditInput(styles: [style]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].figures["capIndex"] == 3)
        #expect(findings[0].message.contains("from large on"))
        #expect(StyleNotScalingCheck().run(AuditInput(styles: [style]), context: .default).isEmpty)
        #expect(StyleTooSmallCheck().run(AuditInput(styles: [style]), context: .default).isEmpty)
    }

    @Test func notScalingAndTooSmall() throws {
        let fixed = StyleObservation(style: "fine-print", font: "Roboto-Regular", model: "disabled",
                                     pointSizes: Array(repeating: 9, count: 12))
        let input = AuditInput(styles: [fixed])
        let notScaling = StyleNotScalingCheck().run(input, context: .default)
        try #require(notScaling.count == 1)
        #expect(notScaling[0].message == "Style “fine-print” (Roboto-Regular, model disabled) stays at 9.0 pt at all 12 content size categories: it does not follow Dynamic Type")
        let small = StyleTooSmallCheck().run(input, context: .default)
        try #require(small.count == 1)
        #expect(small[0].message == "Style “fine-print” (Roboto-Regular) is 9.0 pt at the default size large, below the 11.0 pt minimum")
        #expect(small[0].category == .large)
        // A flat style is not reported as capped (style.not-scaling covers it).
        #expect(StyleCappedCheck().run(input, context: .default).isEmpty)
    }

    @Test func wrongNumberOfSizesIsIgnored() {
        let broken = StyleObservation(style: "x", font: "Inter-Regular", model: "disabled", pointSizes: [9, 9, 9])
        let input = AuditInput(styles: [broken])
        #expect(StyleNotScalingCheck().run(input, context: .default).isEmpty)
        #expect(StyleTooSmallCheck().run(input, context: .default).isEmpty)
        #expect(StyleCappedCheck().run(input, context: .default).isEmpty)
    }
}

@Suite struct MessageTests {
    @Test func multiLineTextsStayOnOneLineAndLongOnesAreShortened() throws {
        let text = "Erste Zeile\nzweite Zeile mit einem sehr langen Text, der nicht in die Meldung passt"
        let findings = TextTruncatedCheck().run(AuditInput(labels: [label(text: text)]), context: .default)
        try #require(findings.count == 1)
        #expect(!findings[0].message.contains("\n"))
        // 59 characters of the flattened text, then "…".
        let flat = "Erste Zeile⏎zweite Zeile mit einem sehr langen Text, der nicht in die Meldung passt"
        #expect(findings[0].message.hasPrefix("“" + String(flat.prefix(59)) + "…” needs 231.4 pt"))
        // The finding keeps the full text.
        #expect(findings[0].text == text)
    }
}

/// The observations of one label at several categories share one `LabelSubject`: a field changed
/// on one observation changes only that one, and the findings read the shared text.
@Suite struct LabelSubjectTests {
    @Test func sharedSubjectIsCopiedOnChange() throws {
        let subject = LabelSubject(screen: "Settings", row: "notifications", label: "title", locale: "de",
                                   style: "body", font: "Inter-Regular", stringKey: "settings.notifications",
                                   source: SourceLocation(file: "de.lproj/Localizable.strings", line: 12),
                                   text: "Einstellungen für Benachrichtigungen")
        // Two layouts of the label: AX3 (index 9) and AX5 (index 11), both 231.4 pt in a 200 pt label.
        let ax3 = LabelObservation(subject: subject, device: "iPhone SE (1st gen)", category: .accessibilityExtraLarge,
                                   neededWidth: 231.4, availableWidth: 200, lines: 2, pointSize: 17)
        var ax5 = LabelObservation(subject: subject, device: "iPhone SE (1st gen)",
                                   category: .accessibilityExtraExtraExtraLarge,                                    neededWidth: 231.4, availableWidth: 200, lines: 2, pointSize: 17)
        #expect(ax3.subject === ax5.subject)
        // The same fields through the memberwise initializer: equal, though not the same subject.
        #expect(ax3 == label())
        ax5.text = "Mitteilungen"
        #expect(ax5.subject !== subject)
        #expect(ax3.text == "Einstellungen für Benachrichtigungen")
        #expect(ax5.text == "Mitteilungen")
        #expect(ax5.stringKey == "settings.notifications")
        let findings = TextTruncatedCheck().run(AuditInput(labels: [ax3, ax5]), context: .default)
        try #require(findings.count == 2)
        #expect(findings[0].message.hasPrefix("“Einstellungen für Benachrichtigungen” needs 231.4 pt"))
        #expect(findings[1].message.hasPrefix("“Mitteilungen” needs 231.4 pt"))
        #expect(findings[1].category == .accessibilityExtraExtraExtraLarge)
    }
}
