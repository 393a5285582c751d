import DynamicType
import Foundation
import TestSupport
import Layout
import Testing
@testable import TypeFit

/// The YAML examples in docs/config.md parse, and the full example's values are those written
/// in the document (so the documentation cannot drift from the parser).
@Suite struct ConfigDocsTests {
    /// The ```yaml blocks of docs/config.md, in order.
    static func yamlBlocks() throws -> [String] {
        let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in docs.components(separatedBy: "\n") {
            if var block = current {
                if line == "```" {
                    blocks.append(block.joined(separator: "\n"))
                    current = nil
                } else {
                    block.append(line)
                    current = block
                }
            } else if line == "```yaml" {
                current = []
            }
        }
        return blocks
    }

    /// A folder laid out like the project the docs describe: `Fonts/` (a link to the bundled
    /// fonts), `strings/en.strings`, `strings/de.strings` and `TypographyKit.json` (a link to the
    /// TypographyKit config under Tests/DynamicTypeTests/Fixtures/typographykit).
    static func projectFolder() throws -> URL {
        let folder = try ConfigFixtures.temporaryFolder()
        let manager = FileManager.default
        try manager.createSymbolicLink(at: folder.appendingPathComponent("Fonts"),
                                       withDestinationURL: Repository.root.appendingPathComponent("Fonts"))
        try manager.createSymbolicLink(
            at: folder.appendingPathComponent("TypographyKit.json"),
            withDestinationURL: Repository.root.appendingPathComponent("Tests/DynamicTypeTests/Fixtures/typographykit/TypographyKit.json"))
        let strings = folder.appendingPathComponent("strings")
        try manager.createDirectory(at: strings, withIntermediateDirectories: true)
        // `systemFont: { directory: sf-pro }` names a folder that must exist (its files are read
        // only when system text is measured).
        try manager.createDirectory(at: folder.appendingPathComponent("sf-pro"), withIntermediateDirectories: true)
        try Data("\"contact.detail\" = \"Mobile\";\n".utf8).write(to: strings.appendingPathComponent("en.strings"))
        try Data("\"contact.detail\" = \"Mobiltelefon\";\n".utf8).write(to: strings.appendingPathComponent("de.strings"))
        return folder
    }

    @Test func docsHaveThreeExamples() throws {
        #expect(try Self.yamlBlocks().count == 3)
    }

    /// The `ui:` example parses into the values it writes.
    @Test func uiExampleParses() throws {
        let folder = try Self.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = try #require(try Self.yamlBlocks().first { $0.hasPrefix("ui:") })
        let config = try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder)
        let ui = try #require(config.ui)
        #expect(ui.project == .auto && ui.target == "MyApp" && ui.interfaceBuilder == .auto && ui.swift == .auto)
        #expect(ui.bind == ["XYZ-ab-123": .key("settings.title"), "QRS-tu-456": .text("Alexandra Johnson-Whitfield")])
        #expect(ui.exclude.map(\.pattern) == ["**/Mac/**", "**/*Tests*/**"])
    }

    @Test func fullExampleParses() throws {
        let folder = try Self.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = try #require(try Self.yamlBlocks().first)
        let config = try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(config.version == 1)
        #expect(config.fontDirectories.map(\.lastPathComponent) == ["Noto"])
        #expect(config.fonts.map(\.id) == ["text", "semibold", "display", "android", "arabic", "hebrew"])
        #expect(config.font("display")?.variations == ["wght": 700])
        #expect(config.font("android")?.features == "-kern")
        #expect(config.font("android")?.language == "vi")
        #expect(config.font("arabic")?.source == .name("Noto Sans Arabic"))
        #expect(config.font("hebrew")?.faceIndex == 0)
        #expect(config.fallbackFonts.map { "\($0.script)→\($0.font)" } == ["Arab→arabic", "Hebr→hebrew"])
        #expect(config.lineHeightRule == .hhea)
        #expect(config.lineHeightFonts == .fontsUsed)
        guard case .directory(let sfPro, let location)? = config.systemFont else {
            Issue.record("systemFont: \(String(describing: config.systemFont))")
            return
        }
        #expect(sfPro.lastPathComponent == "sf-pro" && location.path == "systemFont.directory")
        #expect(config.styles.map(\.name) == ["title", "headline", "button", "body", "stepped", "lerped", "tabular", "droid", "caption"])
        #expect(config.style("title")?.lineHeight == .hig)
        #expect(config.style("headline")?.categories == CategoryRange(.extraSmall, .accessibilityExtraLarge))
        // `font: system, weight: semibold` is the font id systemSemibold.
        #expect(config.style("button")?.font == "systemSemibold")
        #expect(config.style("body")?.algorithm == .sizeRatio)
        #expect(config.style("body")?.minimum == 11)
        #expect(config.style("stepped")?.step == 2)
        #expect(config.style("lerped")?.maximumAccessibility == 53)
        #expect(config.style("tabular")?.sizes?.count == 12)
        #expect(config.style("tabular")?.sizes?[.accessibilityExtraExtraExtraLarge] == 53)
        #expect(config.style("droid")?.androidConversion == .nonlinear)
        let caption = try #require(config.style("caption"))
        #expect(caption.lineHeight == .points(16))
        #expect(caption.lineHeightMultiple == 1.1)
        #expect(caption.minimumLineHeight == 14)
        #expect(caption.maximumLineHeight == 30)
        #expect(caption.letterCase == .upper)
        #expect(caption.letterSpacing == 0.5)
        #expect(config.devices.map(\.name) == ["iPhone SE (1st gen)", "iPhone 16"])
        #expect(config.customDevices == [ConfigCustomDevice(
            name: "Kiosk", width: 400, height: 800, scale: 2,
            safeArea: ConfigEdgeInsets(top: 20, bottom: 0, left: 0, right: 0), statusBar: 20, homeIndicator: false,
            location: config.customDevices[0].location)])
        #expect(config.orientation == .both)
        #expect(config.categories == [.extraSmall, .large, .accessibilityExtraExtraExtraLarge])
        #expect(config.locales == ["en", "de"])
        #expect(config.strings.map(\.path) == ["strings/{locale}.strings", "strings"])
        #expect(config.strings[0].resolved.path == folder.standardizedFileURL.appendingPathComponent("strings/{locale}.strings").path)
        #expect(config.formatSamples == ["%@": "Alexandra", "%d": "12", "%lld": "1234"])
        #expect(config.pseudoLocale?.enabled == true)
        #expect(config.pseudoLocale?.expansion == 0.4)
        #expect(config.screens.map(\.name) == ["Contacts", "Settings"])
        let detail = config.screens[0].rows[0].labels[1]
        #expect(detail.content == .key("contact.detail"))
        #expect(detail.lines == 0)
        #expect(detail.lineBreak == .wordWrap)
        #expect(detail.autoshrink == 0.5)
        #expect(detail.checks?.disabled == ["glyph.missing"])
        #expect(config.screens[0].devices == nil && config.screens[0].width == nil)   // defaults: every device, its width
        #expect(config.screens[1].devices?.map(\.name) == ["iPhone SE (1st gen)"])
        #expect(config.screens[1].width == 320)
        #expect(config.screens[1].checks?.disabled == ["screen.row-too-tall"])
        #expect(config.screens[1].rows[0].checks?.severity == ["text.truncated": .warning])
        let setting = config.screens[1].rows[0]
        #expect(setting.height == .points(44))
        #expect(setting.labels.isEmpty)
        #expect(setting.pair?.value.content == .text("Automatic"))
        #expect(config.screens[1].navigationBar == .standard)               // default
        #expect(config.checks.severity == ["text.truncated": .error, "style.capped": .info])
        #expect(config.checks.disabled == ["font.metrics"])
        #expect(config.checks.failOn == .warning)
    }

    @Test func typographyKitExampleParses() throws {
        let folder = try Self.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = try #require(try Self.yamlBlocks().last)
        let config = try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder)
        #expect(config.typographyKit?.lastPathComponent == "TypographyKit.json")
        #expect(config.ignoredTypographyKitWarnings == [.unlimitedLines])
        let paragraph = try #require(config.style("paragraph"))
        #expect(paragraph.maximum == 30)
        #expect(paragraph.font == nil)
        #expect(paragraph.model == nil)
        // "heading" is not in `styles`: allowed, it comes from the TypographyKit file.
        #expect(config.screens[0].rows[0].labels.map(\.style) == ["paragraph", "heading"])
    }

    @Test func localePatternWithoutMatchesIsAnError() throws {
        let folder = try Self.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // line 3 "  - \"strings/{locale}.stringsdict\"": the scalar starts at column 5 ("  - ").
        let yaml = "fonts: {}\nstrings:\n  - \"strings/{locale}.stringsdict\"\n"
        #expect(throws: ConfigError.self) { try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder) }
        do {
            _ = try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: folder)
        } catch {
            #expect(String(describing: error) == #"typefit.yml:3:5: strings[0]: no file matches the pattern "strings/{locale}.stringsdict" for any locale (looked in \#(folder.appendingPathComponent("strings").path))"#)
        }
    }
}
