import DynamicType
import Foundation
import Testing
@testable import Reports

/// Reports grow with groups, not occurrences. A document of the whole-app audit's shape
/// (2,766 keys × 10 locales, one label per row in 20-row screens, four text styles in turn —
/// headline 1 line, body unlimited, subheadline 2, footnote 3 —, 2 devices, 12 categories, 106,375
/// text.truncated occurrences) is built here, scaled by `TYPEFIT_REPORT_SCALE` (default 0.1): the labels
/// with a line limit that a long translation overflows — every other label-locale, 13,830 at scale 1 —
/// are groups, truncated on both devices from a category up to AX5: 2 × (1…8) occurrences, 9 on average,
/// 124,470 at scale 1 (more than the app had). With `TYPEFIT_REPORT_SHAPE=worst` every label-locale is a
/// group of 1…7 occurrences (27,660 groups, the most that many occurrences can make). Every part of
/// every report file is per group or per occurrence, or capped (mockups, HTML rows, Markdown rows), so
/// sizes scale linearly; the budget is 50 MB at scale 1 for the report files.
@Suite struct ReportSizeTests {
    static func document(scale: Double, worst: Bool = false) -> ReportDocument {
        let keys = Int(2766 * scale)
        let locales = ["de", "fr", "es", "it", "ja", "ko", "nl", "pt-BR", "ru", "zh-Hans"]
        let devices = ["iPhone SE (1st generation)", "iPhone 16"]
        var grouper = FindingGrouper()
        var i = 0
        for k in 0..<keys {
            for locale in locales {
                defer { i += 1 }
                guard worst || i % 2 == 0 else { continue }
                let count = worst ? 1 + i % 7 : 2 * (1 + (i / 2) % 8)
                for o in 0..<count {
                    let category = Fixture.categories[11 - o / 2]
                    grouper.add(Finding(
                        checkId: "text.truncated", severity: .error,
                        message: "“Einstellungen für Benachrichtigungen \(k)” needs 412.5 pt but the label has 288 pt",
                        screen: "List \(k / 20)", row: "row \(k % 20)", label: "title", device: devices[o % 2],
                        category: ContentSizeCategory(rawValue: category), locale: locale, style: "headline", font: "Inter-SemiBold",
                        stringKey: "settings.key.\(k)", source: SourceLocation(file: "Resources/\(locale).lproj/Localizable.strings", line: 3 * k + 1),
                        figures: ["neededWidth": 300 + Double(o) * 17.25, "availableWidth": o % 2 == 0 ? 288 : 361,
                                  "lines": 1, "maxLines": 1, "pointSize": 17 + Double(o)],
                        text: "Einstellungen für Benachrichtigungen \(k)"))
                }
            }
        }
        let scope = Scope(screens: (0..<(keys + 19) / 20).map { "List \($0)" }, categories: Fixture.categories,
                          devices: devices, locales: locales)
        let base = Fixture.document()
        var screens: [ScreenSnapshot] = []
        for s in 0..<40 {
            var snap = base.screens[s % base.screens.count]
            snap.screen = "List \(s % max(1, keys / 20))"
            screens.append(snap)
        }
        return ReportDocument(tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: scope, checks: Fixture.checks,
                              groups: grouper.groups(scope: scope, checks: Fixture.checks), screens: screens, fonts: [], failOn: .error)
    }

    @Test func reportsStayWithinBudget() throws {
        let scale = Double(ProcessInfo.processInfo.environment["TYPEFIT_REPORT_SCALE"] ?? "") ?? 0.1
        let worst = ProcessInfo.processInfo.environment["TYPEFIT_REPORT_SHAPE"] == "worst"
        let doc = Self.document(scale: scale, worst: worst)
        let occurrences = doc.groups.reduce(0) { $0 + $1.occurrences.count }
        var total = 0
        var sizes: [String] = []
        for format in ReportFormat.allCases {
            let bytes = format.render(doc).count
            if format.fileName != nil { total += bytes }
            sizes.append("\(format.rawValue) \(bytes)")
        }
        print("report sizes at scale \(scale)\(worst ? " (worst shape)" : "") (\(doc.groups.count) groups, \(occurrences) occurrences): "
              + sizes.joined(separator: ", ") + "; report files \(total) bytes")
        if !worst {
            #expect(Double(total) <= 50_000_000 * max(scale, 0.01), "report files total \(total) bytes")
        }
        // The terminal summary fits a screen at any scale.
        #expect(TerminalReporter.render(doc, colors: false).split(separator: "\n").count <= 300)
    }
}
