import Foundation
import Testing
@testable import TypeFit

/// `typefit init` and the audit on the strings tables real apps have: a table only some locales
/// have, a `.strings` in property-list form, one whose locale cannot be told, one that does not
/// parse. Each app is the Localized fixture (a storyboard and its German strings) with strings
/// files written here.
@Suite("App init: strings tables")
struct AppInitStringsTests {
    /// A copy of Tests/Fixtures/AppUI/Localized (without its broken storyboard) plus `files`.
    func app(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-init-strings-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: AppInitTests.fixtures.appendingPathComponent("Localized"), to: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Broken.storyboard"))
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    static let infoPlistXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>CFBundleDisplayName</key>
        <string>Garden</string>
        </dict>
        </plist>

        """

    /// The tables of an app localized in en, de and fr: Localizable.strings in all three,
    /// InfoPlist.strings (an XML property list) only in en, and a Shared.strings outside any .lproj.
    var partial: [String: String] {
        [
            "en.lproj/Localizable.strings": "\"beds\" = \"Beds\";\n",
            "de.lproj/Localizable.strings": "\"beds\" = \"Beete\";\n",
            "fr.lproj/Localizable.strings": "\"beds\" = \"Plates-bandes\";\n",
            "en.lproj/InfoPlist.strings": Self.infoPlistXML,
            "Resources/Shared.strings": "\"ok\" = \"OK\";\n",
        ]
    }

    @Test func aTableSomeLocalesLackFallsBackWithOneLineAndTheAuditLoadsWhatInitWrote() throws {
        let dir = try app(partial)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let config = try String(contentsOf: URL(fileURLWithPath: outcome.configPath), encoding: .utf8)
        #expect(config.contains("  - \"{locale}.lproj/InfoPlist.strings\"\n"))
        #expect(config.contains("  - \"{locale}.lproj/Localizable.strings\"\n"))
        #expect(!config.contains("Shared.strings"))
        // The locales: English (no project: the development language), then the .lproj folders.
        #expect(config.contains("locales: [\"en\", \"de\", \"fr\"]"))
        // InfoPlist.strings is in 1 of the 3 .lproj folders written above: de and fr lack it.
        #expect(outcome.summary.contains(
            "\n  {locale}.lproj/InfoPlist.strings has no file in 2 of 3 locales (de, fr): measured in en there, as iOS falls back\n"))
        #expect(outcome.summary.contains(
            "\n  left out Resources/Shared.strings: cannot tell the locale (not in an xx.lproj folder, file name is not a locale)\n"))

        // The audit plans the config init wrote, with one warning for the table, not one per key or locale.
        let plan = try AuditPlan.load(path: outcome.configPath)
        #expect(plan.stringsFallbacks.map(\.missing) == [["de", "fr"]])
        let warnings = plan.diagnostics.filter { $0.message.contains("has no file in") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("measured in the development language (en) there, as iOS falls back") == true)
    }

    @Test func requiredMakesAMissingLocaleAnErrorAtThePattern() throws {
        let dir = try app(partial)
        defer { try? FileManager.default.removeItem(at: dir) }
        let yaml = """
            locales: [en, de, fr]
            strings:
              - { path: "{locale}.lproj/InfoPlist.strings", required: true }
            """
        let path = dir.appendingPathComponent("typefit.yml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try AuditPlan.load(path: path)
            Issue.record("a required table missing in de was accepted")
        } catch {
            // The value of `path:` on line 3 starts at column 13 of `  - { path: "{locale}…`.
            #expect(String(describing: error) == path + #":3:13: strings[0].path: no file for locale "de" matches the pattern "{locale}.lproj/InfoPlist.strings" (it matches en; it is `required: true`)"#)
        }
        // Without `required` the same config plans, the XML property list read as a strings table.
        try Data(yaml.replacingOccurrences(of: ", required: true", with: "").utf8).write(to: URL(fileURLWithPath: path))
        let plan = try AuditPlan.load(path: path)
        #expect(plan.stringsFallbacks.first?.found == ["en"])
    }

    @Test func aStringsFileThatDoesNotParseIsLeftOutNamingItself() throws {
        var files = partial
        files["de.lproj/Broken.strings"] = "\"a\" = \"b\"\n\"c\" = \"d\";\n"  // no `;` after the first entry
        let dir = try app(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let line = try #require(outcome.summary.split(separator: "\n").first { $0.contains("left out {locale}.lproj/Broken.strings") })
        // The reason names the real file and its line (the missing `;` is after line 1's value), never
        // the typefit.yml that was being planned.
        #expect(line.contains("de.lproj/Broken.strings:"))
        #expect(!line.contains("typefit.yml"))
        let config = try String(contentsOf: URL(fileURLWithPath: outcome.configPath), encoding: .utf8)
        #expect(!config.contains("Broken.strings"))
        _ = try AuditPlan.load(path: outcome.configPath)
    }

    @Test func aFolderSourceLeavesOutAFileWithoutALocaleWithAWarning() throws {
        let dir = try app(partial)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("typefit.yml").path
        try Data("locales: [en, de]\nstrings: [Resources, de.lproj/Localizable.strings]\n".utf8).write(to: URL(fileURLWithPath: path))
        let plan = try AuditPlan.load(path: path)
        let left = plan.diagnostics.filter { $0.message.hasPrefix("left out:") }
        #expect(left.map(\.message) == ["left out: cannot tell the locale (not in an xx.lproj folder, file name is not a locale)"])
        #expect(left.first?.location?.hasSuffix("Resources/Shared.strings") == true)
    }
}
