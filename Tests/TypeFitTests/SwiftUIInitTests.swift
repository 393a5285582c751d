import Audit
import Foundation
import Reports
import Testing
@testable import TypeFit

/// `typefit init` and the audit of an app's SwiftUI views, on a copy of Tests/Fixtures/AppUI/SwiftUIApp
/// (written for these tests; no Xcode project, so init walks the folder).
@Suite("SwiftUI init and audit")
struct SwiftUIInitTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AppUI/SwiftUIApp")
    static let view = "App/SettingsView.swift"

    func copy() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-swiftui-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixture, to: dir)
        return dir
    }

    /// The number of the first line of SettingsView.swift that starts with `fragment` after its
    /// indentation, or is `fragment` when `whole` (read here, not by the reader).
    func line(_ fragment: String, whole: Bool = false) throws -> Int {
        let text = try String(contentsOf: Self.fixture.appendingPathComponent(Self.view), encoding: .utf8)
        let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return try #require(lines.firstIndex { whole ? $0 == fragment : $0.hasPrefix(fragment) }) + 1
    }

    @Test func initAndAudit() throws {
        let dir = try copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        // SettingsView's elements by hand: the navigation title, Text × 4, the Toggle = 6. Text views:
        // 3 localized (two literals and `Strings.about`, a constant of App/Strings.swift) + 1 unresolved
        // (`userName`, the view's `let userName: String`, which its creator passes); all 3 keys are in
        // en.lproj/Localizable.strings: 3 of 4 = 75.0 %.
        #expect(outcome.summary.contains("Text views: 4 = 3 localized + 0 verbatim + 0 run-time data + 1 unresolved; 3 (75.0 %) have a key"))
        #expect(outcome.summary.contains("Elements: 6 found = 4 laid out + 0 run-time data + 1 unresolved + 1 not laid out"))
        #expect(outcome.summary.contains("elements: 6 = 6 with a font + 0 font unknown"))
        let plan = try AuditPlan.load(path: outcome.configPath)
        let ui = plan.ui
        #expect(ui.accounts.count == 6)
        #expect(ui.laidOut + ui.bound + ui.runtimeData.count + ui.unresolved.count + ui.notLaidOut.count == 6)
        #expect(ui.unresolved.map(\.position.line) == [try line("Text(userName)")])
        #expect(plan.locales == ["en", "de"])

        var options = AuditOptions(configDisplayPath: "typefit.yml")
        options.threads = 1
        let findings = try AuditPipeline(plan: plan, options: options).run().findings
        func lines(_ check: String) -> Set<Int> {
            Set(findings.filter { $0.checkId == check && $0.source?.file == Self.view }.compactMap(\.source?.line))
        }
        // ui.fixed-font at the `.font(` line of `.system(size: 13)` — not the Text's line, and not the
        // SF Symbol's `.font(.system(size: 40))`.
        #expect(findings.filter { $0.checkId == "ui.fixed-font" }.count == 1)
        #expect(lines("ui.fixed-font") == [try line(".font(", whole: true)])
        // ui.capped at its `.dynamicTypeSize(` line, below the Text.
        #expect(lines("ui.capped") == [try line(".dynamicTypeSize(")])
        #expect(lines("ui.autoshrink") == [try line("Text(userName)")])
        let capped = try #require(findings.first { $0.checkId == "ui.capped" })
        #expect(capped.category == .accessibilityMedium)

        // The German text of the one-line row, read from de.lproj here, is truncated at its Swift line.
        let german = try String(contentsOf: Self.fixture.appendingPathComponent("App/de.lproj/Localizable.strings"), encoding: .utf8)
        #expect(german.contains("\"settings.notifications\" = \"Mitteilungen und Benachrichtigungseinstellungen\";"))
        let truncated = findings.filter { $0.checkId == "text.truncated" && $0.locale == "de" }
        let row = try #require(truncated.first { $0.text == "Mitteilungen und Benachrichtigungseinstellungen" })
        #expect(row.source == SourceLocation(file: Self.view, line: try line("Text(\"settings.notifications\")")))
    }

    /// A `List` row's width on an iPad: the inset-grouped list's 32 pt each side on an iPhone, 40 pt
    /// on an iPad (docs/ui-sources.md, Widths: a 16/20 pt section inset plus the 16/20 pt cell margin
    /// of compact/regular width).
    @Test func listRowsTakeTheirIPadInsetsOnAnIPad() throws {
        let dir = try copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let plan = try AuditPlan.load(path: outcome.configPath)
        let screen = try #require(plan.screens.first { $0.name == "SettingsView" })
        let notifications = { (screen: PlannedScreen) in
            screen.rows.flatMap(\.labels).first { $0.texts[0].first?.key == "Localizable.settings.notifications" }?.width
        }
        #expect(notifications(screen) == .share(1, leading: 32, trailing: 32))
        #expect(notifications(screen.shown(on: .iphone, locale: 0)) == .share(1, leading: 32, trailing: 32))
        #expect(notifications(screen.shown(on: .ipad, locale: 0)) == .share(1, leading: 40, trailing: 40))
    }

    /// A literal key that no strings file has shows the same text in every locale, so its findings
    /// form one group, not one per locale (the view is laid out in both locales: its other text
    /// has a German translation).
    @Test func aKeyNoStringsFileHasGroupsAcrossLocales() throws {
        let dir = try copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("""
            import SwiftUI

            struct BannerView: View {
                var body: some View {
                    VStack {
                        Text("A sentence that no strings file has, far too long for one line of a phone")
                            .lineLimit(1)
                        Text("settings.notifications")
                    }
                }
            }

            """.utf8).write(to: dir.appendingPathComponent("App/BannerView.swift"))
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let plan = try AuditPlan.load(path: outcome.configPath)
        var options = AuditOptions(configDisplayPath: "typefit.yml")
        options.threads = 1
        let truncated = try AuditPipeline(plan: plan, options: options).run().findings
            .filter { $0.checkId == "text.truncated" && $0.screen == "BannerView" && $0.text?.hasPrefix("A sentence") == true }
        #expect(Set(truncated.compactMap(\.locale)) == ["en", "de"])
        #expect(Set(truncated.map(\.groupKey)).count == 1)
    }

    /// A file that does not parse, one that is not UTF-8 and a 5 MB generated file beside the app: one
    /// warning each, naming the file, and the app's views are still audited.
    @Test func badInputIsNamedAndTheRestAudited() throws {
        let dir = try copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("App")
        try Data("struct Broken: View {\n    var body: some View {\n        Text(\"x\"\n    }\n".utf8)
            .write(to: app.appendingPathComponent("Broken.swift"))
        try Data([0x73, 0x74, 0x72, 0x75, 0x63, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(to: app.appendingPathComponent("Latin1.swift"))
        let line = "let value\(String(repeating: "0", count: 20)) = \"\(String(repeating: "x", count: 60))\"\n"
        try Data(String(repeating: line, count: 5_000_000 / line.utf8.count + 1).utf8).write(to: app.appendingPathComponent("Generated.swift"))
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let warnings = outcome.summary.split(separator: "\n")
        #expect(warnings.contains { $0.contains("App/Broken.swift:") && $0.contains("does not parse") })
        #expect(warnings.contains { $0.contains("App/Latin1.swift") && $0.contains("not UTF-8") })
        #expect(warnings.contains { $0.contains("App/Generated.swift") && $0.contains("larger than 2 MB") })
        let plan = try AuditPlan.load(path: outcome.configPath)
        #expect(plan.diagnostics.contains { $0.message.contains("App/Generated.swift") })
        #expect(plan.screens.contains { $0.name == "SettingsView" })
    }
}
