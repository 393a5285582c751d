import AppUI
import Audit
import Foundation
import Reports
import Testing
@testable import TypeFit

/// A group's identity is what the source says, never where it is (docs/ui-sources.md, "From the
/// views to the audit"): edits that leave a view's elements as they are leave the baseline
/// matching, and a new element makes only its own groups new. An app written here into a
/// temporary folder: two SwiftUI views in one file, English strings long enough that a one-line
/// text truncates on every iPhone at every size.
@Suite("Stable subjects")
struct StableSubjectTests {
    /// 90 letters "W" and more: wider than any iPhone's row at xS (a "W" is over 9 pt at 12 pt+).
    static let strings = """
    "settings.offline" = "Download every article for offline reading WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW";
    "settings.sync" = "Synchronise bookmarks with every device WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW";
    "settings.new" = "A setting added later WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW";
    "about.licence" = "Licensed under the terms of a licence WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW";

    """

    static let settings = """
    struct SettingsView: View {
        var body: some View {
            List {
                Text("settings.offline")
                    .lineLimit(1)
                Text("settings.sync")
                    .lineLimit(1)
            }
        }
    }

    """

    static let about = """
    struct AboutView: View {
        var body: some View {
            List {
                Text("about.licence")
                    .lineLimit(1)
            }
        }
    }

    """

    static func source(_ parts: String...) -> String { "import SwiftUI\n\n" + parts.joined(separator: "\n") }

    func app() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-subjects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App/en.lproj"), withIntermediateDirectories: true)
        try Self.strings.write(to: dir.appendingPathComponent("App/en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try write(Self.source(Self.settings, Self.about), in: dir)
        return dir
    }

    func write(_ source: String, in dir: URL) throws {
        try source.write(to: dir.appendingPathComponent("App/Views.swift"), atomically: true, encoding: .utf8)
    }

    func audit(_ config: String, baseline: String? = nil) throws -> AuditRun {
        var options = AuditOptions(configDisplayPath: "typefit.yml", baselinePath: baseline)
        options.threads = 1
        return try AuditPipeline(plan: try AuditPlan.load(path: config), options: options).run()
    }

    /// The ids: view type, kind and key, as the source spells them; rows after their first element.
    @Test func idsComeFromTheSource() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try AppInit.run(directory: dir.path, force: false).configPath
        let plan = try AuditPlan.load(path: config)
        let names = plan.screens.flatMap { s in s.rows.flatMap { r in r.labels.map { "\(r.name) / \($0.name)" } } }
        #expect(Set(names) == [
            "SettingsView row label(settings.offline) / SettingsView.label(settings.offline)",
            "SettingsView row label(settings.sync) / SettingsView.label(settings.sync)",
            "AboutView row label(about.licence) / AboutView.label(about.licence)",
        ])
    }

    /// A comment line above the views, the views in the other order, and a new `Text`: the first
    /// two leave every group baselined; the third makes exactly the new text's groups new.
    @Test func onlyANewElementMakesNewGroups() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try AppInit.run(directory: dir.path, force: false).configPath
        let first = try audit(config)
        let truncated = first.document.groups.filter { $0.checkId == "text.truncated" }
        #expect(Set(truncated.compactMap(\.key.label)) == ["SettingsView.label(settings.offline)", "SettingsView.label(settings.sync)",
                                                          "AboutView.label(about.licence)"])
        let baseline = dir.appendingPathComponent("typefit-baseline.json").path
        try Baseline(groups: first.document.groups, toolVersion: "test").write(to: baseline)

        func changed(_ run: AuditRun) -> (new: [String], fixed: Int) {
            (run.document.groups.filter { $0.status != .baselined }.map { "\($0.checkId) \($0.key.label ?? $0.key.row ?? "")" },
             run.document.fixed.count)
        }
        try write("// A comment line added at the top.\n" + Self.source(Self.settings, Self.about), in: dir)
        let commented = changed(try audit(config, baseline: baseline))
        #expect(commented.new.isEmpty)
        #expect(commented.fixed == 0)

        try write(Self.source(Self.about, Self.settings), in: dir)
        let moved = changed(try audit(config, baseline: baseline))
        #expect(moved.new.isEmpty)
        #expect(moved.fixed == 0)

        let added = Self.settings.replacingOccurrences(of: "        List {\n",
                                                       with: "        List {\n            Text(\"settings.new\")\n                .lineLimit(1)\n")
        #expect(added != Self.settings)
        try write(Self.source(added, Self.about), in: dir)
        let run = try audit(config, baseline: baseline)
        let grown = changed(run)
        #expect(!grown.new.isEmpty)
        #expect(grown.new.allSatisfy { $0.hasSuffix("SettingsView.label(settings.new)") }, "\(grown.new)")
        #expect(grown.fixed == 0)
        #expect(run.exitCode == 1)
    }

    /// Two texts of one kind and key: the second gets an ordinal, the first keeps its id.
    @Test func aRepeatedTextGetsAnOrdinal() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let twice = Self.settings.replacingOccurrences(of: "Text(\"settings.sync\")", with: "Text(\"settings.offline\")")
        try write(Self.source(twice), in: dir)
        let plan = try AuditPlan.load(path: try AppInit.run(directory: dir.path, force: false).configPath)
        let labels = plan.screens.flatMap { $0.rows.flatMap(\.labels) }.map(\.name)
        #expect(labels.sorted() == ["SettingsView.label(settings.offline)", "SettingsView.label(settings.offline)#2"])
    }

    /// `ui.bind` takes `FILE:ID`; an entry that names no element is one warning at its line with the
    /// nearest id.
    @Test func bindingsByFileAndUnknownIDs() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runtime = Self.about.replacingOccurrences(of: "Text(\"about.licence\")", with: "Text(userName)")
            .replacingOccurrences(of: "struct AboutView: View {\n", with: "struct AboutView: View {\n    let userName: String\n")
        try write(Self.source(Self.settings, runtime), in: dir)
        let config = try AppInit.run(directory: dir.path, force: false).configPath
        var text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.contains("  bind: {}"))
        text = text.replacingOccurrences(of: "  bind: {}", with: """
          bind:
            "App/Views.swift:AboutView.label(userName)": { text: "Alexandra" }
            "AboutView.label(userNam)": { text: "Typo" }
        """)
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let plan = try AuditPlan.load(path: config)
        #expect(plan.ui.bound == 1)
        let about = try #require(plan.screens.first { $0.name == "AboutView" })
        #expect(about.rows.flatMap(\.labels).first?.texts[0].first?.text == "Alexandra")
        let warnings = plan.diagnostics.map(\.message).filter { $0.contains("ui.bind") }
        #expect(warnings.count == 1)
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("userNam)") }) + 1
        #expect(warnings.first?.hasPrefix("\(config):\(line):") == true, "\(warnings)")
        #expect(warnings.first?.hasSuffix("did you mean AboutView.label(userName)?") == true, "\(warnings)")
    }
}
