import DynamicType
import Foundation
import TestSupport
@testable import Reports

/// A realistic report document, built the way the audit builds one, from a small hand-checkable model:
///
/// - Categories: the 12 UIKit categories. Body point size / leading per category, HIG table
///   (Tests/DynamicTypeTests/Fixtures/reference/apple-dynamic-type.json, ios_dynamic_type.table.body):
///   14/19 15/20 16/21 17/22 19/24 21/26 23/29 28/34 33/40 40/48 47/56 53/62.
/// - Devices: "iPhone SE" 375×667 @2x, content area y 64 (status 20 + navigation bar 44), height
///   667 − 64 − 49 (tab bar) = 554; "iPhone 15 Pro" 393×852 @3x, content y 103 (status 59 + nav 44),
///   height 852 − 103 − 34 (home indicator) − 49 (tab bar) = 666.
/// - Text widths are HarfBuzz advances (`hb-shape --output-format=json`, summing "ax") over units per em
///   (fontTools `head.unitsPerEm`: Inter 2816, Noto Sans Arabic 1000):
///   "Grace Hopper-Lovelace Johnson" Inter-Regular 43740/2816 = 15.533 em; "Ada Byron" 13760/2816 = 4.886 em;
///   "Mobile" 8908/2816 = 3.163 em; "Notifications and Sounds" 33376/2816 = 11.852 em;
///   "الإشعارات والأصوات" Noto Sans Arabic 8122/1000 = 8.122 em.
/// - Screen "Contacts" (en only): 12 self-sizing rows, each a one-line "name" label (first row the long
///   name, key contact.name, the others "Ada Byron") over a one-line "detail" label ("Mobile");
///   row height = 2 × leading + 22. Name width available = device width − 32 (343 / 361).
/// - Screen "Settings" (en and ar): 10 rows of fixed height 44, a one-line "title" label
///   (key settings.notifications) with a switch: available width = device width − 72 (303 / 321).
///   A row is clipped by (leading + 22 − 44) when that is positive.
/// - Findings: text.truncated (error) where a one-line label's text is wider than available;
///   text.clipped (warning) per clipped Settings first row; rows.minimumVisible (warning) where
///   rowsVisible < 4; one text.inkOverflow (info) by hand. Baseline: the en clipped findings and the
///   Contacts / iPhone SE / AX5 truncation are in it (isNew false); a group is new when any of its
///   findings is, so only the en clipped group is baselined.
enum Fixture {
    static let categories = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
                             "extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
                             "accessibilityExtraLarge", "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]
    static let bodySize: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    static let bodyLeading: [Double] = [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]

    struct Device {
        var name: String, width: Double, height: Double, scale: Double, contentTop: Double, contentHeight: Double
    }
    static let devices = [
        Device(name: "iPhone SE", width: 375, height: 667, scale: 2, contentTop: 64, contentHeight: 554),
        Device(name: "iPhone 15 Pro", width: 393, height: 852, scale: 3, contentTop: 103, contentHeight: 666),
    ]
    static let config = "Examples/ContactsApp/typefit.yml"
    static let enStrings = "Examples/ContactsApp/en.lproj/Localizable.strings"
    static let arStrings = "Examples/ContactsApp/ar.lproj/Localizable.strings"

    /// The figures of `text.truncated` as Sources/Audit/Checks/TextTruncatedCheck.swift declares them.
    static let truncatedFigures = [
        FigureSpec("neededWidth", .points, .higherIsWorse, "the text's single-line width"),
        FigureSpec("availableWidth", .points, .lowerIsWorse, "the label's width"),
        FigureSpec("lines", .lines, .higherIsWorse, "lines the text needs"),
        FigureSpec("maxLines", .lines, .neutral, "the line limit"),
        FigureSpec("pointSize", .points, .neutral, "the size drawn"),
    ]

    static let checks = [
        CheckDescriptor(id: "text.truncated", title: "Text is truncated",
                        rationale: "A truncated label hides words the user needs; at large text sizes allow wrapping.",
                        defaultSeverity: .error, severity: .error, figures: truncatedFigures, readings: [
                            FigureReading("lines", "maxLines", "needs {0} lines, has {1}", when: .firstExceedsPositiveSecond),
                            FigureReading("neededWidth", "availableWidth", "needs {0} pt, has {1} pt", when: .nothingBefore),
                        ]),
        CheckDescriptor(id: "text.clipped", title: "Row clips its content",
                        rationale: "A fixed-height row cuts off text when the text grows.",
                        defaultSeverity: .warning, severity: .warning, figures: [
                            FigureSpec("height", .points, .higherIsWorse, "needed height"),
                            FigureSpec("availableHeight", .points, .lowerIsWorse, "the label's height"),
                            FigureSpec("contentHeight", .points, .higherIsWorse, "the content's height"),
                            FigureSpec("clippedBy", .points, .higherIsWorse, "how much is clipped"),
                        ], readings: [
                            FigureReading("height", "availableHeight", "needs {0} pt of height, has {1} pt"),
                            FigureReading("contentHeight", "height", "needs {0} pt of height, has {1} pt", alsoUses: ["clippedBy"]),
                        ]),
        CheckDescriptor(id: "rows.minimumVisible", title: "Too few rows visible",
                        rationale: "With fewer than the configured rows on screen, a list becomes hard to scan.",
                        defaultSeverity: .warning, severity: .warning, figures: [
                            FigureSpec("rowsVisible", .rows, .lowerIsWorse, "rows visible"),
                            FigureSpec("fullyVisibleRows", .rows, .lowerIsWorse, "rows fully visible"),
                            FigureSpec("minimumRows", .rows, .neutral, role: .minimumRowsVisible, "the minimum"),
                        ], readings: [FigureReading("rowsVisible", "minimumRows", "shows {0} rows, needs {1}")]),
        CheckDescriptor(id: "text.inkOverflow", title: "Glyph ink outside the label",
                        rationale: "Tall scripts can draw outside the label box and collide with neighbours.",
                        defaultSeverity: .info, severity: .info),
        CheckDescriptor(id: "text.autoshrink", title: "Text shrinks below its style",
                        rationale: "Autoshrink defeats Dynamic Type.", defaultSeverity: .warning, severity: .warning),
    ]

    /// Inter hhea ascent/descent 2728/−680 over 2816; Noto Sans Arabic 1374/−738 over 1000 (fontTools).
    static func baselineOffset(leading: Double, size: Double, ascent: Double, descent: Double) -> Double {
        (leading - size * (ascent + descent)) / 2 + size * ascent
    }

    /// The displayed line: the whole text when it fits, else the share of characters that fits, then "…"
    /// (an approximation used for drawing only; no test asserts these strings).
    static func displayed(_ text: String, needed: Double, available: Double) -> String {
        guard needed > available else { return text }
        let keep = max(1, Int(Double(text.count) * available / needed) - 1)
        return String(text.prefix(keep)) + "…"
    }

    static func label(name: String, text: String, em: Double, font: String, size: Double, leading: Double,
                      x: Double, y: Double, available: Double, rtl: Bool, ascent: Double, descent: Double,
                      clipped: Bool = false, ink: Double = 0, hasFindings: Bool) -> LabelSnapshot {
        let needed = em * size
        let truncated = needed > available
        return LabelSnapshot(name: name, x: x, y: y, width: available, height: leading, font: font, pointSize: size,
                             lineHeight: leading,
                             baselineOffset: baselineOffset(leading: leading, size: size, ascent: ascent, descent: descent),
                             lines: [displayed(text, needed: needed, available: available)],
                             lineWidths: [min(needed, available)], rightToLeft: rtl, truncated: truncated,
                             clipped: clipped, inkOverflow: ink, hasFindings: hasFindings)
    }

    static func document(baseline: Bool = true) -> ReportDocument {
        var screens: [ScreenSnapshot] = []
        var findings: [Finding] = []
        let interA = 2728.0 / 2816, interD = 680.0 / 2816, arA = 1.374, arD = 0.738

        for d in devices {
            for (i, c) in categories.enumerated() {
                let size = bodySize[i], leading = bodyLeading[i]
                // Contacts.
                let nameAvailable = d.width - 32
                let rowHeight = 2 * leading + 22
                var rows: [RowSnapshot] = []
                for r in 0..<12 {
                    let long = r == 0
                    let nameLabel = label(name: "name", text: long ? "Grace Hopper-Lovelace Johnson" : "Ada Byron",
                                          em: long ? 15.533 : 4.886, font: "Inter-Regular", size: size, leading: leading,
                                          x: 16, y: 11, available: nameAvailable, rtl: false, ascent: interA, descent: interD,
                                          hasFindings: long && 15.533 * size > nameAvailable)
                    let detail = label(name: "detail", text: "Mobile", em: 3.163, font: "Inter-Regular", size: size,
                                       leading: leading, x: 16, y: 11 + leading, available: nameAvailable, rtl: false,
                                       ascent: interA, descent: interD, hasFindings: false)
                    rows.append(RowSnapshot(name: "contact-\(r + 1)", height: rowHeight, clippedBy: 0, labels: [nameLabel, detail]))
                }
                let visible = min(12, d.contentHeight / rowHeight)
                screens.append(ScreenSnapshot(screen: "Contacts", device: d.name, category: c, locale: "en",
                                              width: d.width, height: d.height, scale: d.scale, contentTop: d.contentTop,
                                              contentHeight: d.contentHeight, rows: rows, rowsVisible: visible,
                                              fullyVisibleRows: Int(visible.rounded(.down))))
                let needed = 15.533 * size
                if needed > nameAvailable {
                    findings.append(Finding(
                        checkId: "text.truncated", severity: .error,
                        message: "“Grace Hopper-Lovelace Johnson” needs \(ReportText.number(needed)) pt but the label has \(ReportText.number(nameAvailable)) pt.",
                        screen: "Contacts", row: "contact-1", label: "name", device: d.name, category: ContentSizeCategory(rawValue: c), locale: "en",
                        style: "body", font: "Inter-Regular", stringKey: "contact.name",
                        source: SourceLocation(file: enStrings, line: 12),
                        figures: ["neededWidth": needed, "availableWidth": nameAvailable, "lines": 1, "maxLines": 1],
                        text: "Grace Hopper-Lovelace Johnson",
                        isNew: !(baseline && d.name == "iPhone SE" && c == "accessibilityExtraExtraExtraLarge")))
                }
                if visible < 4 {
                    findings.append(Finding(
                        checkId: "rows.minimumVisible", severity: .warning,
                        message: "Only \(ReportText.number(visible)) rows are visible; at least 4 are required.",
                        screen: "Contacts", device: d.name, category: ContentSizeCategory(rawValue: c), locale: "en",
                        figures: ["rowsVisible": visible, "minimumRows": 4]))
                }

                // Settings, en and ar.
                for locale in ["en", "ar"] {
                    let rtl = locale == "ar"
                    let available = d.width - 72
                    let clippedBy = max(0, leading + 22 - 44)
                    let titleText = rtl ? "الإشعارات والأصوات" : "Notifications and Sounds"
                    let em = rtl ? 8.122 : 11.852
                    let font = rtl ? "NotoSansArabic-Regular" : "Inter-Regular"
                    let ink = (rtl && d.name == "iPhone SE" && c == "accessibilityExtraExtraExtraLarge") ? 1.5 : 0
                    var srows: [RowSnapshot] = []
                    for r in 0..<10 {
                        let title = label(name: "title", text: titleText, em: em, font: font, size: size, leading: leading,
                                          x: rtl ? 56 : 16, y: 11, available: available, rtl: rtl,
                                          ascent: rtl ? arA : interA, descent: rtl ? arD : interD,
                                          clipped: clippedBy > 0, ink: r == 0 ? ink : 0, hasFindings: r == 0)
                        srows.append(RowSnapshot(name: r == 0 ? "notifications" : "setting-\(r + 1)", height: 44,
                                                 clippedBy: clippedBy, labels: [title]))
                    }
                    let sVisible = min(10, d.contentHeight / 44)
                    screens.append(ScreenSnapshot(screen: "Settings", device: d.name, category: c, locale: locale,
                                                  width: d.width, height: d.height, scale: d.scale, contentTop: d.contentTop,
                                                  contentHeight: d.contentHeight, rows: srows, rowsVisible: sVisible,
                                                  fullyVisibleRows: Int(sVisible.rounded(.down))))
                    let source = SourceLocation(file: rtl ? arStrings : enStrings, line: 7)
                    let needed = em * size
                    if needed > available {
                        findings.append(Finding(
                            checkId: "text.truncated", severity: .error,
                            message: "“\(titleText)” needs \(ReportText.number(needed)) pt but the label has \(ReportText.number(available)) pt.",
                            screen: "Settings", row: "notifications", label: "title", device: d.name, category: ContentSizeCategory(rawValue: c),
                            locale: locale, style: "body", font: font, stringKey: "settings.notifications", source: source,
                            figures: ["neededWidth": needed, "availableWidth": available, "lines": 1, "maxLines": 1],
                            text: titleText))
                    }
                    if clippedBy > 0 {
                        findings.append(Finding(
                            checkId: "text.clipped", severity: .warning,
                            message: "Row “notifications” is 44 pt high but its content needs \(ReportText.number(leading + 22)) pt.",
                            screen: "Settings", row: "notifications", label: "title", device: d.name, category: ContentSizeCategory(rawValue: c),
                            locale: locale, style: "body", font: font, stringKey: "settings.notifications", source: source,
                            figures: ["height": leading + 22, "availableHeight": 44], text: titleText,
                            isNew: !(baseline && locale == "en")))
                    }
                    if ink > 0 {
                        findings.append(Finding(
                            checkId: "text.inkOverflow", severity: .info,
                            message: "Glyph ink leaves the label by 1.5 pt (3%), above the row: check line spacing, please.",
                            screen: "Settings", row: "notifications", label: "title", device: d.name, category: ContentSizeCategory(rawValue: c),
                            locale: locale, style: "body", font: font, stringKey: "settings.notifications", source: source,
                            figures: ["inkOverflow": ink], text: titleText))
                    }
                }
            }
        }
        return ReportDocument(
            tool: ToolInfo(version: "0.1.0"), config: config,
            // Config order: Settings before Contacts (reports keep it; alphabetical would swap them).
            scope: Scope(screens: ["Settings", "Contacts"], categories: categories, devices: devices.map(\.name),
                         locales: ["en", "ar"], lists: ["Settings", "Contacts"]),
            checks: checks, findings: findings.reversed(), screens: screens.reversed(),
            fonts: [FontInfo(id: "NotoSansArabic-Regular", family: "Noto Sans Arabic", style: "Regular",
                             path: "Fonts/Noto/NotoSansArabic-Regular.ttf"),
                    FontInfo(id: "Inter-Regular", family: "Inter", style: "Regular", path: "Fonts/Inter/Inter-Regular.otf")],
            baseline: baseline ? "typefit-baseline.json" : nil, failOn: .error)
    }

    /// The fonts' bytes keyed by id, read from the bundled Fonts/ folder.
    static func fontData() throws -> [String: Data] {
        var out: [String: Data] = [:]
        for font in document().fonts {
            out[font.id] = try Data(contentsOf: Repository.url(font.path))
        }
        return out
    }
}

/// Runs `arguments[0]`, found on PATH, with the other arguments (tests only).
enum Run {
    static func run(_ arguments: [String], input: Data? = nil) throws -> ProcessOutput {
        try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, stdin: input)
    }
}
