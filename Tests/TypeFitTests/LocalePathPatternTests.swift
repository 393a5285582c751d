import Foundation
import TestSupport
import Localization
import Testing
@testable import TypeFit

/// `{locale}` in any component of a strings path: the config validation and the
/// loader use the one expansion (`LocalePathPattern`), and an audited locale without a file falls back with one warning.
@Suite struct LocalePathPatternTests {
    /// A folder holding `files` (path → text) and a typefit.yml using the bundled Inter.
    static func project(_ files: [String: String]) throws -> URL {
        let folder = try ConfigFixtures.temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static func yaml(locales: String, path: String) -> String { yaml(locales: locales, paths: [path]) }

    /// A config with one strings source per path (the first on line 7, the next on line 8, …).
    static func yaml(locales: String, paths: [String]) -> String {
        """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        locales: \(locales)
        strings:
        \(paths.map { "  - path: \"\($0)\"" }.joined(separator: "\n"))
        screens:
          - name: Settings
            rows:
              - name: title
                labels:
                  - { name: title, style: body, key: settings.title }
        """
    }

    static let lproj = [
        "Resources/en.lproj/Localizable.strings": "\"settings.title\" = \"Settings\";\n",
        "Resources/de.lproj/Localizable.strings": "\"settings.title\" = \"Einstellungen\";\n",
        "Resources/Base.lproj/Main.storyboard": "<document/>\n",
    ]

    @Test func placeholderInAFolderName() throws {
        let folder = try Self.project(Self.lproj)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pattern = LocalePathPattern(folder.path + "/Resources/{locale}.lproj/Localizable.strings")
        #expect(pattern.fixedFolder.path == folder.path + "/Resources")
        // Base.lproj has no Localizable.strings: not a match.
        #expect(pattern.matches().map(\.locale) == ["de", "en"])
        #expect(pattern.matches().map(\.url.path) == ["de", "en"].map { folder.path + "/Resources/\($0).lproj/Localizable.strings" })
    }

    @Test func placeholderTwiceMeansTheSameLocale() throws {
        let folder = try Self.project([
            "de/App-de.strings": "\"a\" = \"A\";\n", "fr/App-fr.strings": "\"a\" = \"A\";\n",
            "fr/App-de.strings": "\"a\" = \"A\";\n",  // folder fr, file de: not a match
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let matches = LocalePathPattern(folder.path + "/{locale}/App-{locale}.strings").matches()
        #expect(matches.map(\.locale) == ["de", "fr"])
        #expect(matches.map(\.url.lastPathComponent) == ["App-de.strings", "App-fr.strings"])
        #expect(LocalePathPattern.locale(in: "pt_BR.lproj", matching: "{locale}.lproj") == "pt_BR")
        #expect(LocalePathPattern.locale(in: ".lproj", matching: "{locale}.lproj") == nil)
        #expect(LocalePathPattern.locale(in: "de-de", matching: "{locale}-{locale}") == "de")
        #expect(LocalePathPattern.locale(in: "de-fr", matching: "{locale}-{locale}") == nil)
    }

    /// The form docs/config.md shows loads each locale's own text: German is German.
    @Test func auditLoadsTheGermanFileOfTheLprojPattern() throws {
        let folder = try Self.project(Self.lproj)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try TypeFitConfig.parse(yaml: Self.yaml(locales: "[en, de]", path: "Resources/{locale}.lproj/Localizable.strings"),
                                             file: "typefit.yml", baseDirectory: folder)
        let plan = try AuditPlan(config: config)
        let texts = plan.screens[0].rows[0].labels[0].texts  // by locale: en, de
        #expect(plan.locales == ["en", "de"])
        #expect(texts[1].first?.text == "Einstellungen")
        #expect(texts[0].first?.text == "Settings")
        #expect(texts[1].first?.source?.file.hasSuffix("de.lproj/Localizable.strings") == true)
    }

    /// An audited locale the pattern has no file for falls back to the development language, as
    /// iOS does, with one warning at the pattern's position (line 7 is `  - path: "Resources/…"`,
    /// the quoted scalar starts at column 11); the fr text is the en one.
    @Test func auditedLocaleWithoutAFileFallsBackWithOneWarning() throws {
        let folder = try Self.project(Self.lproj)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try TypeFitConfig.parse(yaml: Self.yaml(locales: "[en, de, fr]", path: "Resources/{locale}.lproj/Localizable.strings"),
                                             file: "typefit.yml", baseDirectory: folder)
        let plan = try AuditPlan(config: config)
        #expect(plan.stringsFallbacks == [StringsFallback(path: "Resources/{locale}.lproj/Localizable.strings",
                                                          location: config.strings[0].location, missing: ["fr"], found: ["de", "en"])])
        #expect(plan.diagnostics.filter { $0.message.contains("has no file in") }.map(\.location) == ["typefit.yml:7:11"])
        #expect(plan.screens[0].rows[0].labels[0].texts[2].first?.text == "Settings")
        // de-CH falls back to de, as lookups do.
        let swiss = try TypeFitConfig.parse(yaml: Self.yaml(locales: "[en, de-CH]", path: "Resources/{locale}.lproj/Localizable.strings"),
                                            file: "typefit.yml", baseDirectory: folder)
        #expect(try AuditPlan(config: swiss).locales == ["en", "de-CH"])
    }
}

/// The strings files of a config are parsed on every core and added in the serial order, so the
/// table, and which error stops the audit, are what a one-file-at-a-time load gives.
@Suite struct ConcurrentStringsLoadTests {
    static func yaml(_ paths: [String]) -> String { LocalePathPatternTests.yaml(locales: "[de, en, fr]", paths: paths) }

    /// Three locales × two sources: the table equals the one `StringTable.load` builds file by
    /// file in the same order (later files win for the same key, locale and variant).
    @Test func tableEqualsTheSerialLoad() throws {
        var files: [String: String] = [:]
        for locale in ["de", "en", "fr"] {
            files["A/\(locale).lproj/Localizable.strings"] = (0..<200).map { "\"k\($0)\" = \"\(locale) a \($0)\";\n" }.joined()
            files["B/\(locale).strings"] = (100..<300).map { "\"k\($0)\" = \"\(locale) b \($0)\";\n" }.joined()
        }
        let folder = try LocalePathPatternTests.project(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try TypeFitConfig.parse(yaml: Self.yaml(["A/{locale}.lproj/Localizable.strings", "B/{locale}.strings"]),
                                             file: "typefit.yml", baseDirectory: folder)
        let loaded = try StringsSources.load(config.strings, auditedLocales: config.locales).table
        var serial = StringTable()
        for path in ["A/de.lproj/Localizable.strings", "A/en.lproj/Localizable.strings", "A/fr.lproj/Localizable.strings",
                     "B/de.strings", "B/en.strings", "B/fr.strings"] {
            try serial.load(contentsOf: folder.appendingPathComponent(path))
        }
        #expect(loaded.entries == serial.entries)
        #expect(loaded.entries.count == 3 * 300)  // k0…k299 in each locale
        // k150 is in both sources: B, read later, wins.
        #expect(loaded.lookup(key: "k150", locale: "fr")?.value == "fr b 150")
    }

    /// de and fr are both broken; de comes first in the load order (matches sorted by path), so
    /// its error stops the audit whichever thread parses first. A second source that is gone by
    /// the time the strings are read (the config checked it was there) is reported only when
    /// everything before it reads.
    @Test func theFirstBrokenFileInLoadOrderIsTheError() throws {
        let folder = try LocalePathPatternTests.project([
            "A/de.strings": "\"settings.title\" = \"Einstellungen\"\n",  // no ';'
            "A/en.strings": "\"settings.title\" = \"Settings\";\n",
            "A/fr.strings": "\"settings.title\" = Réglages;\n",  // unquoted value
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try TypeFitConfig.parse(yaml: Self.yaml(["A/{locale}.strings", "A/en.strings"]),
                                             file: "typefit.yml", baseDirectory: folder)
        for _ in 0..<20 {
            #expect(throws: ConfigError.self) { _ = try StringsSources.load(config.strings, auditedLocales: config.locales) }
            do { _ = try StringsSources.load(config.strings, auditedLocales: config.locales) } catch {
                let text = String(describing: error)
                #expect(text.hasPrefix("typefit.yml:7:11: strings[0].path: "))
                #expect(text.contains("A/de.strings"))
            }
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Gone"), withIntermediateDirectories: true)
        let missingSecond = try TypeFitConfig.parse(yaml: Self.yaml(["A/en.strings", "Gone"]), file: "typefit.yml", baseDirectory: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Gone"))
        do {
            _ = try StringsSources.load(missingSecond.strings, auditedLocales: ["en"])
            Issue.record("a missing source loaded")
        } catch {
            #expect(String(describing: error).hasPrefix("typefit.yml:8:11: strings[1].path: "))
            #expect(String(describing: error).contains("no such file or directory"))
        }
    }
}

/// Issue 11 point 5 through the config: the user's `formatSamples` as typefit.yml writes them.
@Suite struct FormatSamplesConfigTests {
    @Test func positionalSamplesFromTheConfigApplyOnlyToPositionalSpecifiers() throws {
        let folder = try LocalePathPatternTests.project(LocalePathPatternTests.lproj)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = LocalePathPatternTests.yaml(locales: "[en, de]", path: "Resources/{locale}.lproj/Localizable.strings")
            + "\nformatSamples: { \"%@\": \"Marin County\", \"%d\": 12, \"%1$@\": \"640 m\", \"%2$d\": 185 }\n"
        let project = try AuditPlan(config: try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder))
        #expect(project.formatSamples.substitute("%@ · %d km").text == "Marin County · 12 km")
        #expect(project.formatSamples.substitute("%lld review").text == "12 review")
        #expect(project.formatSamples.substitute("%2$d km · %1$@").text == "185 km · 640 m")
    }
}
