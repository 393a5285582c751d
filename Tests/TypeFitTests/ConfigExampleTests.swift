import DynamicType
import Foundation
import TestSupport
import Layout
import Testing
@testable import TypeFit

/// Shared helpers for the Config*Tests files.
enum ConfigFixtures {
    /// Parses `yaml` as `typefit.yml` with the package root as base folder (so `Fonts/…` paths exist).
    static func parse(_ yaml: String, file: String = "typefit.yml") throws -> TypeFitConfig {
        try TypeFitConfig.parse(yaml: yaml, file: file, baseDirectory: Repository.root)
    }

    /// The one-line description of the error `yaml` raises, or nil if it parses.
    static func error(_ yaml: String) -> String? {
        do {
            _ = try parse(yaml)
            return nil
        } catch let error as ConfigError {
            return error.description
        } catch {
            return "unexpected error type: \(error)"
        }
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = try temporaryDirectory("typefit-config")
        return url
    }
}

/// Examples/Contacts/typefit.yml parses, and the parsed values are the ones written in the file
/// (each expectation quotes the line of the file it checks).
@Suite struct ConfigExampleTests {
    let examplePath = Repository.root.appendingPathComponent("Examples/Contacts/typefit.yml").path

    @Test func contactsExampleParses() throws {
        let config = try TypeFitConfig.load(path: examplePath)
        #expect(config.file == examplePath)
        #expect(config.baseDirectory.path == Repository.root.appendingPathComponent("Examples/Contacts").path)
        #expect(config.version == 1)                                   // version: 1
        // fonts: text / semibold, files resolved against Examples/Contacts → <root>/Fonts/Inter/…
        #expect(config.fonts.map(\.id) == ["text", "semibold"])
        let fontsFolder = Repository.root.appendingPathComponent("Fonts/Inter")
        #expect(config.font("text")?.source == .file(fontsFolder.appendingPathComponent("Inter-Regular.otf")))
        #expect(config.font("semibold")?.source == .file(fontsFolder.appendingPathComponent("Inter-SemiBold.otf")))
        #expect(config.font("text")?.variations == [:])
        #expect(config.lineHeightRule == .hhea)                        // lineHeightRule: hhea
        #expect(config.typographyKit == nil)
        // styles, in file order
        #expect(config.styles.map(\.name) == ["headline", "subheadline", "footnote"])
        let headline = try #require(config.style("headline"))
        #expect(headline.font == "semibold")
        #expect(headline.model == .apple)
        #expect(headline.textStyle == .headline)
        #expect(headline.lineHeight == .font)
        let footnote = try #require(config.style("footnote"))
        #expect(footnote.model == .uifontmetrics)
        #expect(footnote.size == 13)                                   // size: 13
        #expect(footnote.algorithm == .leadingRatio)                   // algorithm: leading-ratio
        #expect(footnote.maximum == 40)                                // maximum: 40
        #expect(footnote.minimum == nil)
        // devices: ["iPhone SE (1st gen)", "iPhone 16"]
        #expect(config.devices.map(\.name) == ["iPhone SE (1st gen)", "iPhone 16"])
        #expect(config.devices[1].location.line == 29)                 // `grep -n devices:` → line 29
        #expect(config.customDevices.isEmpty)
        #expect(config.orientation == .portrait)
        #expect(config.categories == ContentSizeCategory.allCases)
        #expect(config.locales == nil)
        // screens
        #expect(config.screens.count == 1)
        let screen = config.screens[0]
        #expect(screen.name == "Contacts")
        #expect(screen.navigationBar == .largeTitle)
        #expect(screen.tabBar == true)
        #expect(screen.toolbar == false)                               // absent → default false
        #expect(screen.minimumRowsVisible == 3)
        let row = try #require(screen.rows.first)
        #expect(row.name == "contact")
        #expect(row.repeatCount == 8)
        #expect(row.height == .automatic)
        #expect(row.insets == ConfigRowInsets(top: 11, bottom: 11, leading: 16, trailing: 16))
        #expect(row.leadingImage == 40)
        #expect(row.accessory == 24)
        #expect(row.spacing == 2)
        #expect(row.pair == nil)
        #expect(row.labels.map(\.name) == ["name", "address", "detail"])
        #expect(row.labels.map(\.style) == ["headline", "subheadline", "footnote"])
        #expect(row.labels.map(\.lines) == [1, 2, 1])
        #expect(row.labels.map(\.lineBreak) == [.truncateTail, .wordWrap, .truncateTail])
        #expect(row.labels[0].content == .text("Alexandra Johnson-Whitfield"))
        #expect(row.labels[1].content == .text("1427 Rosewood Avenue, Apartment 5B, San Francisco, CA 94110"))
        #expect(row.labels[2].content == .text("Mobile · last called yesterday at 6:42 PM"))
        #expect(row.labels[0].autoshrink == nil)
        // The first label's "- name: name" is line 47 (`grep -n "name: name"`); its mapping starts at column 13
        // (10 spaces, "- ", then the key).
        #expect(row.labels[0].location.line == 47)
        #expect(row.labels[0].location.column == 13)
        #expect(row.labels[0].location.path == "screens[0].rows[0].labels[0]")
        #expect(config.checks.failOn == .error)
        #expect(config.checks.severity.isEmpty)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
    }

    /// The same document written as JSON parses to an equal config (same code path: YAML ⊃ JSON).
    @Test func jsonConfigEqualsYAMLConfig() throws {
        let yaml = """
        fonts:
          text: { file: Fonts/Inter/Inter-Regular.otf, features: "-kern" }
          var: { file: Fonts/Inter/Inter.var.ttf, variations: { wght: 600 } }
        fallbackFonts: { Arab: text }
        styles:
          body: { font: var, model: stepping, size: 17, step: 2, multiplier: 1 }
        customDevices:
          - { name: Kiosk, width: 400, height: 800, scale: 2, safeArea: { top: 20 }, statusBar: 20, homeIndicator: false }
        categories: "xS...AX3"
        locales: [en, de, ar]
        formatSamples: { "%@": "Alexandra", "%d": 12 }
        pseudoLocale: { enabled: true, expansion: 0.5 }
        screens:
          - name: S
            rows:
              - name: r
                pair:
                  title: { name: t, style: body, key: settings.title }
                  value: { name: v, style: body, text: "On" }
        checks: { severity: { text.truncated: warning }, disabled: [font.metrics], failOn: warning }
        """
        let json = """
        {"fonts": {"text": {"file": "Fonts/Inter/Inter-Regular.otf", "features": "-kern"},
                   "var": {"file": "Fonts/Inter/Inter.var.ttf", "variations": {"wght": 600}}},
         "fallbackFonts": {"Arab": "text"},
         "styles": {"body": {"font": "var", "model": "stepping", "size": 17, "step": 2, "multiplier": 1}},
         "customDevices": [{"name": "Kiosk", "width": 400, "height": 800, "scale": 2, "safeArea": {"top": 20},
                            "statusBar": 20, "homeIndicator": false}],
         "categories": "xS...AX3",
         "locales": ["en", "de", "ar"],
         "formatSamples": {"%@": "Alexandra", "%d": 12},
         "pseudoLocale": {"enabled": true, "expansion": 0.5},
         "screens": [{"name": "S", "rows": [{"name": "r", "pair": {
             "title": {"name": "t", "style": "body", "key": "settings.title"},
             "value": {"name": "v", "style": "body", "text": "On"}}}]}],
         "checks": {"severity": {"text.truncated": "warning"}, "disabled": ["font.metrics"], "failOn": "warning"}}
        """
        let fromYAML = try ConfigFixtures.parse(yaml)
        let fromJSON = try ConfigFixtures.parse(json, file: "typefit.yml")
        // Values agree; positions differ (different text), so compare with locations stripped.
        #expect(Self.stripped(fromYAML) == Self.stripped(fromJSON))
        // And the values are those written.
        #expect(fromJSON.font("var")?.variations == ["wght": 600])
        #expect(fromJSON.font("text")?.features == "-kern")
        #expect(fromJSON.fallbackFonts.map(\.script) == ["Arab"])
        #expect(fromJSON.style("body")?.step == 2)
        #expect(fromJSON.customDevices.first?.safeArea == ConfigEdgeInsets(top: 20, bottom: 0, left: 0, right: 0))
        #expect(fromJSON.customDevices.first?.scale == 2)
        #expect(fromJSON.categories.map(\.shortName) == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3"])
        #expect(fromJSON.locales == ["en", "de", "ar"])
        #expect(fromJSON.formatSamples == ["%@": "Alexandra", "%d": "12"])
        #expect(fromJSON.pseudoLocale?.id == "en-XA")                 // default id
        #expect(fromJSON.pseudoLocale?.expansion == 0.5)
        #expect(fromJSON.screens[0].rows[0].pair?.title.content == .key("settings.title"))
        #expect(fromJSON.screens[0].rows[0].pair?.stackAtAccessibilitySizes == true)   // default
        #expect(fromJSON.checks.severity == ["text.truncated": .warning])
        #expect(fromJSON.checks.disabled == ["font.metrics"])
        #expect(fromJSON.checks.failOn == .warning)
    }

    /// A JSON file loaded from disk with a .json extension goes through the same path.
    @Test func jsonFileLoads() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path
        let json = #"{"fonts": {"text": {"file": "\#(font)"}}, "styles": {"body": {"font": "text", "model": "fixed", "size": 17}}}"#
        let file = folder.appendingPathComponent("typefit.json")
        try Data(json.utf8).write(to: file)
        let config = try TypeFitConfig.load(path: file.path)
        #expect(config.style("body")?.size == 17)
        #expect(config.font("text")?.source == .file(URL(fileURLWithPath: font)))
    }

    /// Everything except source positions, for comparing configs read from different text.
    static func stripped(_ config: TypeFitConfig) -> TypeFitConfig {
        var copy = config
        copy.warnings = []
        let zero = ConfigLocation(file: "", line: 0, column: 0, path: "")
        copy.fonts = copy.fonts.map { var font = $0; font.location = zero; return font }
        copy.fallbackFonts = copy.fallbackFonts.map { var font = $0; font.location = zero; return font }
        copy.styles = copy.styles.map { var style = $0; style.location = zero; return style }
        copy.customDevices = copy.customDevices.map { var device = $0; device.location = zero; return device }
        copy.pseudoLocale?.location = zero
        copy.checks.idLocations = [:]
        copy.screens = copy.screens.map { screen in
            var screen = screen
            screen.location = zero
            screen.rows = screen.rows.map { row in
                var row = row
                row.location = zero
                row.pair?.location = zero
                row.pair?.title.location = zero
                row.pair?.value.location = zero
                row.labels = row.labels.map { var label = $0; label.location = zero; return label }
                return row
            }
            return screen
        }
        return copy
    }
}
