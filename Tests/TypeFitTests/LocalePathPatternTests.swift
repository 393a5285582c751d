import Foundation
import Localization
import Testing
@testable import TypeFit

/// `{locale}` in any component of a strings path (issue 11, point 2): the config validation and the
/// loader use the one expansion (`LocalePathPattern`), and an audited locale without a file is an error.
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

    static func yaml(locales: String, path: String) -> String {
        """
        fonts:
          text: { file: \(ConfigFixtures.packageRoot.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        locales: \(locales)
        strings:
          - path: "\(path)"
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
        let project = try AuditProject(config: config)
        #expect(project.strings.lookup(key: "settings.title", locale: "de")?.value == "Einstellungen")
        #expect(project.strings.lookup(key: "settings.title", locale: "en")?.value == "Settings")
        #expect(project.strings.lookup(key: "settings.title", locale: "de")?.file.hasSuffix("de.lproj/Localizable.strings") == true)
    }

    /// An audited locale the pattern has no file for stops the audit at the pattern's position:
    /// line 7 is `  - path: "Resources/…"`, the quoted scalar starts at column 11.
    @Test func auditedLocaleWithoutAFileIsAnError() throws {
        let folder = try Self.project(Self.lproj)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try TypeFitConfig.parse(yaml: Self.yaml(locales: "[en, de, fr]", path: "Resources/{locale}.lproj/Localizable.strings"),
                                             file: "typefit.yml", baseDirectory: folder)
        #expect(throws: ConfigError.self) { _ = try AuditProject(config: config) }
        do { _ = try AuditProject(config: config) } catch {
            #expect(String(describing: error) == #"typefit.yml:7:11: strings[0].path: no file for locale "fr" matches the pattern "Resources/{locale}.lproj/Localizable.strings" (it matches de, en)"#)
        }
        // de-CH falls back to de, as lookups do.
        let swiss = try TypeFitConfig.parse(yaml: Self.yaml(locales: "[en, de-CH]", path: "Resources/{locale}.lproj/Localizable.strings"),
                                            file: "typefit.yml", baseDirectory: folder)
        #expect(try AuditProject(config: swiss).locales == ["en", "de-CH"])
    }
}

/// Issue 11 point 5 through the config: the user's `formatSamples` as typefit.yml writes them.
@Suite struct FormatSamplesConfigTests {
    @Test func positionalSamplesFromTheConfigApplyOnlyToPositionalSpecifiers() throws {
        let folder = try LocalePathPatternTests.project(LocalePathPatternTests.lproj)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = LocalePathPatternTests.yaml(locales: "[en, de]", path: "Resources/{locale}.lproj/Localizable.strings")
            + "\nformatSamples: { \"%@\": \"Marin County\", \"%d\": 12, \"%1$@\": \"640 m\", \"%2$d\": 185 }\n"
        let project = try AuditProject(config: try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder))
        #expect(project.formatSamples.substitute("%@ · %d km").text == "Marin County · 12 km")
        #expect(project.formatSamples.substitute("%lld review").text == "12 review")
        #expect(project.formatSamples.substitute("%2$d km · %1$@").text == "185 km · 640 m")
    }
}
