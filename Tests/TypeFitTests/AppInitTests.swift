import AppUI
import Audit
import Foundation
import Reports
import Testing
@testable import TypeFit

/// `typefit init` and the audit of an app's storyboards, on copies of the fixtures in
/// Tests/Fixtures/AppUI (written here; each folder's NOTICE.md says what it holds).
@Suite("App init and UI audit")
struct AppInitTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AppUI")

    /// A writable copy of a fixture folder.
    func copy(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-init-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: dir)
        return dir
    }

    /// Every file under `dir` (relative), to check what init and audit write.
    func files(_ dir: URL) -> Set<String> {
        var out: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: dir.path)
        while let item = walker?.nextObject() as? String { out.insert(item) }
        return out
    }

    /// A folder with one storyboard and its German strings, no Xcode project: init writes typefit.yml
    /// (nothing else), its summary's counts add up, and the audit reports at the storyboard's lines with
    /// the German text.
    @Test func storyboardsAndStrings() throws {
        let dir = try copy("Localized")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Broken.storyboard"))
        let before = files(dir)
        let outcome = try AppInit.run(directory: dir.path, force: false)
        #expect(files(dir) == before.union(["typefit.yml"]))
        // A second init does not replace it.
        #expect(throws: ConfigError.self) { try AppInit.run(directory: dir.path, force: false) }

        let plan = try AuditPlan.load(path: outcome.configPath)
        let ui = plan.ui
        // 13 elements (the independent scan of Main.storyboard, AppSourcesTests): 2 navigation titles,
        // 2 cell labels, 9 in the Profile scene (2 segments).
        #expect(ui.accounts.count == 13)
        #expect(ui.laidOut + ui.bound + ui.runtimeData.count + ui.unresolved.count + ui.notLaidOut.count == ui.accounts.count)
        #expect(ui.unresolved.map(\.element.local) == ["lbl-02-005"])  // "Label": set in code TypeFit did not follow
        let notLaidOut = Dictionary(uniqueKeysWithValues: ui.notLaidOut.map { ($0.element.local, $0.status) })
        #expect(Set(notLaidOut.keys) == ["nav-01-001", "nav-02-001", "lbl-02-004", "lbl-02-006"])
        if case .notLaidOut(let reason) = notLaidOut["lbl-02-004"] { #expect(reason.contains("Avenir-Book")) }
        #expect(outcome.summary.contains("Elements: 13 found = 8 laid out + 0 run-time data + 1 unresolved + 4 not laid out"))
        // A font that is not found: the element's file and line (Main.storyboard line 72: lbl-02-004).
        #expect(outcome.summary.contains("\n    Base.lproj/Main.storyboard:72 lbl-02-004\n"))
        #expect(plan.locales == ["en", "de"])

        // The German text of the cell's label, at the storyboard's line.
        let settings = try #require(plan.screens.first { $0.name == "Main/Settings" })
        let label = try #require(settings.rows.first?.labels.first)
        let de = try #require(plan.locales.firstIndex(of: "de"))
        #expect(label.texts[de].first?.text == "Mitteilungen und Benachrichtigungseinstellungen")
        #expect(label.texts[de].first?.source == SourceLocation(file: "Base.lproj/Main.storyboard", line: 17))
        // Its `style="UICTFontTextStyleBody"` and the `type="system" pointSize="15"` label after it
        // (Main.storyboard lines 19 and 23) are iOS's system font: the font id `system`, measured with
        // the bundled stand-in (init writes no systemFont).
        let body = plan.style(label.style)
        #expect(plan.font(body.font).name == "system" && plan.font(body.font).system?.method == .interVariable)
        #expect(plan.styles.contains { $0.name == "system 15 pt" && plan.font($0.font).name == "system" })

        var options = AuditOptions(configDisplayPath: "typefit.yml")
        options.threads = 1
        let run = try AuditPipeline(plan: plan, options: options).run()
        let findings = run.findings
        func ids(_ check: String) -> Set<String> { Set(findings.filter { $0.checkId == check }.compactMap(\.label)) }
        #expect(ids("ui.fixed-font") == ["lbl-01-002", "lbl-02-004", "seg-02-001.segmentTitles[0]", "seg-02-001.segmentTitles[1]"])
        #expect(ids("ui.not-adjusting") == ["lbl-02-001", "btn-02-001"])
        #expect(ids("ui.autoshrink") == ["lbl-02-001"])
        #expect(ids("ui.fixed-height") == ["btn-02-001"])
        let row = try #require(findings.first { $0.checkId == "ui.fixed-row-height" })
        #expect(row.source == SourceLocation(file: "Base.lproj/Main.storyboard", line: 9))
        // The fixed height's finding sits at the constraint's line.
        #expect(findings.first { $0.checkId == "ui.fixed-height" }?.source == SourceLocation(file: "Base.lproj/Main.storyboard", line: 54))
        // The German label is truncated in one line somewhere, at its storyboard line.
        let truncated = findings.filter { $0.checkId == "text.truncated" && $0.label == "lbl-01-001" && $0.locale == "de" }
        #expect(!truncated.isEmpty)
        #expect(truncated.allSatisfy { $0.source == SourceLocation(file: "Base.lproj/Main.storyboard", line: 17) })
    }

    /// A locale without translations of a file shows the file's development texts: the screen is laid
    /// out once, in the development language, and its findings are not repeated as German groups.
    /// Controls.storyboard has German strings (de.lproj/Controls.strings), Banner.xib has none; its
    /// label ("Your free trial ends tomorrow", body, 180 pt wide, one line) truncates in English.
    @Test func untranslatedFilesAreLaidOutOnce() throws {
        let dir = try copy("Controls")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let plan = try AuditPlan.load(path: outcome.configPath)
        #expect(plan.locales == ["en", "de"])
        let banner = try #require(plan.screens.first { $0.name == "Banner" })
        let plans = try #require(plan.screens.first { $0.name == "Controls/Plans" })
        #expect(banner.repeatedLocales == [1: 0])
        #expect(plans.repeatedLocales.isEmpty)
        #expect(plan.ui.repeatedLocales == [UIPlan.RepeatedLocale(screen: "Banner", locale: "de", sameAs: "en")])
        #expect(outcome.summary.contains("Untranslated: 1 screen(s) show the same texts in de as in an earlier locale; laid out once (e.g. Banner: de as en)"))
        #expect(plan.units().filter { $0.screen == banner.id }.map(\.locale) == [0])

        var options = AuditOptions(configDisplayPath: "typefit.yml")
        options.threads = 1
        let findings = try AuditPipeline(plan: plan, options: options).run().findings
        let truncated = findings.filter { $0.checkId == "text.truncated" && $0.label == "lbl-04-001" }
        #expect(!truncated.isEmpty && truncated.allSatisfy { $0.locale == "en" })
        // The translated storyboard is laid out in German too: "Abonnieren" (headline, one line, 200 pt)
        // truncates at the largest sizes.
        #expect(findings.contains { $0.checkId == "text.truncated" && $0.label == "btn-03-002" && $0.locale == "de" })
        // Only the German locale of the screen is left out.
        #expect(!findings.contains { $0.screen == "Banner" && $0.locale == "de" })
        // "Follow" has three titles (normal, selected, disabled) in one fixed 17 pt font: one
        // ui.fixed-font, on the button, not one per state; each state's text is still laid out.
        #expect(Set(findings.filter { $0.checkId == "ui.fixed-font" && $0.label?.hasPrefix("btn-03-001") == true }.map(\.label))
                == ["btn-03-001"])
        #expect(plans.rows.flatMap(\.labels).filter { $0.name.hasPrefix("btn-03-001") }.count == 3)
    }

    /// The bench's large app: the iOS storyboards and XIBs of a folder (Localized: Main.storyboard and
    /// Broken.storyboard) copied into copy-1, copy-2, … with their translations, up to the count asked.
    @Test func benchAppOfManyFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try AppBenchmark.makeApp(from: Self.fixtures.appendingPathComponent("Localized"), files: 5, in: dir) == 5)
        let made = files(dir)
        #expect(made.filter { $0.hasSuffix(".storyboard") }.sorted() == [
            "copy-1/Base.lproj/Main.storyboard", "copy-1/Broken.storyboard", "copy-2/Base.lproj/Main.storyboard",
            "copy-2/Broken.storyboard", "copy-3/Base.lproj/Main.storyboard",
        ])
        #expect(made.filter { $0.hasSuffix(".strings") }.sorted() == ["copy-1/de.lproj/Main.strings", "copy-2/de.lproj/Main.strings",
                                                                      "copy-3/de.lproj/Main.strings"])
    }

    /// A binding gives an element set in code its text: it is laid out and counted as bound.
    @Test func binding() throws {
        let dir = try copy("Localized")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        var text = try String(contentsOfFile: outcome.configPath, encoding: .utf8)
        text = text.replacingOccurrences(of: "  bind: {}", with: "  bind: { \"lbl-02-005\": { text: \"Signed in as Alexandra\" } }")
        try text.write(toFile: outcome.configPath, atomically: true, encoding: .utf8)
        let plan = try AuditPlan.load(path: outcome.configPath)
        #expect(plan.ui.bound == 1 && plan.ui.unbound.isEmpty)
        let label = plan.screens.flatMap(\.rows).flatMap(\.labels).first { $0.name == "lbl-02-005" }
        #expect(label?.texts.first?.first?.text == "Signed in as Alexandra")
    }

    /// A copy of the Tidemark fixture (an Xcode project whose Info.plist is missing): init names the
    /// target and the missing Info.plist, and the audit right after it runs.
    @Test func tidemark() throws {
        let dir = try copy("Tidemark")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        #expect(outcome.summary.hasPrefix("Target: Tidemark-iOS (Tidemark.xcodeproj)"))
        #expect(outcome.summary.contains("iOS/Support/Info.plist: Info.plist not found"))
        let plan = try AuditPlan.load(path: outcome.configPath)
        #expect(plan.locales == ["en", "nl"])
        // The target's five iOS files (its synchronized iOS/ folder less iOS/Debug/DebugMenu.storyboard, a
        // membership exception), each with its elements as the XPath count of AppSourcesTests gives them
        // (`independentCount`'s comment: the same kinds, bar and tab items included).
        let files = plan.ui.interfaceBuilderFiles.sorted { $0.path < $1.path }
        #expect(files.map(\.path) == ["iOS/Base.lproj/Main.storyboard", "iOS/Preferences/PreferenceSwitchCell.xib",
                                      "iOS/Preferences/Preferences.storyboard", "iOS/Station/StationDetail.storyboard",
                                      "iOS/Stations/AddStation.storyboard"])
        #expect(files.allSatisfy { $0.outcome == .read })
        #expect(files.map(\.elements) == [19, 2, 12, 5, 14])
        // 52 = 19 + 2 + 12 + 5 + 14 elements in all.
        #expect(plan.ui.accounts.count == 52)
        #expect(plan.ui.laidOut + plan.ui.bound + plan.ui.runtimeData.count + plan.ui.unresolved.count + plan.ui.notLaidOut.count == 52)
        // Drawn by the bar, not laid out. `grep -n '<tabBarItem\|<barButtonItem'` over the five files gives
        // 11 items: the tab bar items "Tides" and "Logbook", "Edit", "Export" (Main), "Cancel", "Save"
        // (AddStation), "Done" (Preferences), less the icons and the space (`add`, `trash`, `flexibleSpace`)
        // and the untitled item Tm5-bb-004, whose custom view is the "Sort" button (Tm5-bt-002): 7 + 1 = 8.
        let bar = plan.ui.notLaidOut.filter { $0.status == .notLaidOut(reason: UISystemDrawn.bar) }.map(\.element.local)
        #expect(Set(bar) == ["Tm2-ti-001", "Tm4-ti-001", "Tm3-bb-001", "Tm5-bb-001", "As1-bb-001", "As1-bb-002",
                             "Pf1-bb-001", "Tm5-bt-002"])
        #expect(bar.count == 8)
        // Interface Builder's placeholders "Title", "Subtitle", "Detail" and "Button": set in code.
        #expect(Set(plan.ui.unresolved.map(\.element.local)) == ["Tm3-lb-004", "Tm3-lb-005", "As2-lb-002", "As2-lb-003", "As1-bt-002"])
        var options = AuditOptions(configDisplayPath: "typefit.yml")
        options.threads = 2
        let run = try AuditPipeline(plan: plan, options: options).run()
        #expect(run.findings.contains { $0.checkId.hasPrefix("ui.") && $0.source?.file.hasSuffix(".storyboard") == true })
    }

    /// A project.pbxproj that is not a property list: one line naming it, and the folder is walked;
    /// a truncated storyboard beside a good one: one line at its line and column, the rest audited.
    @Test func badProjectAndTruncatedStoryboard() throws {
        let dir = try copy("Localized")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        try Data("garbage {{{".utf8).write(to: dir.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let lines = outcome.summary.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("App.xcodeproj/project.pbxproj: not a property list (an Xcode project file is an old-style property list)"))
        #expect(lines.contains { $0.hasPrefix("Broken.storyboard:21:") && $0.contains("malformed XML") })
        #expect(lines.contains("Target: none (no Xcode project with an iOS application): files found by walking the folder"))
        let plan = try AuditPlan.load(path: outcome.configPath)
        #expect(plan.ui.laidOut > 0)
    }

    /// Nothing to audit: a folder whose only storyboard is not XML. One line, naming the file.
    @Test func nothingToAudit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("garbage".utf8).write(to: dir.appendingPathComponent("Main.storyboard"))
        do {
            _ = try AppInit.run(directory: dir.path, force: false)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(!String(describing: error).contains("\n"))
            #expect(String(describing: error).hasPrefix("Main.storyboard:1:"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("typefit.yml").path))
        // No UI file at all.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Main.storyboard"))
        #expect(throws: ConfigError.self) { try AppInit.run(directory: dir.path, force: false) }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("typefit.yml").path))
    }
}
