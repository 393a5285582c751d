import Foundation
import TestSupport
import Testing
@testable import TypeFit

/// Hostile `typefit.yml` input: wrong types, unknown keys, `extends` (not a TypeFit key, so
/// no cycles can exist), negative/NaN/infinite sizes, missing and unreadable files, YAML alias bombs.
/// Each must end in exactly one `ConfigError` line naming the file, with line:column where the
/// column is counted by hand from the literal (shown next to each expectation).
@Suite struct HostileConfigTests {
    /// A valid style block; `size` is spliced in. Line 7 is "    size: <value>" (4 spaces, "size: " is 6
    /// characters), so a bad size is reported at line 7, column 4 + 6 + 1 = 11.
    static func fixedStyle(size: String) -> String {
        """
        fonts:
          text: { file: Fonts/Inter/Inter-Regular.otf }
        styles:
          caption:
            font: text
            model: fixed
            size: \(size)
        """
    }

    /// Lines 1–5 of a config with one font and a "body" style, up to "screens:" (screens follow).
    static let bodyPreamble = """
        fonts:
          text: { file: Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        screens:

        """

    func error(_ yaml: String, file: String = "typefit.yml") -> String? {
        ConfigFixtures.error(yaml)
    }

    @Test func negativeNaNAndInfiniteSizes() {
        // Each value is a YAML float/int (YAML 1.1 core schema: .nan, .inf, -.inf, 1e400 overflows to inf).
        #expect(error(Self.fixedStyle(size: "-3"))
                == #"typefit.yml:7:11: styles.caption.size: expected a finite number > 0, got "-3""#)
        #expect(error(Self.fixedStyle(size: ".nan"))
                == #"typefit.yml:7:11: styles.caption.size: expected a finite number > 0, got ".nan" (not finite)"#)
        #expect(error(Self.fixedStyle(size: ".inf"))
                == #"typefit.yml:7:11: styles.caption.size: expected a finite number > 0, got ".inf" (not finite)"#)
        #expect(error(Self.fixedStyle(size: "1e400"))
                == #"typefit.yml:7:11: styles.caption.size: expected a finite number > 0, got "1e400" (not finite)"#)
        #expect(error(Self.fixedStyle(size: "0"))
                == #"typefit.yml:7:11: styles.caption.size: expected a finite number > 0, got "0""#)
    }

    /// Regression: 1e308 passed validation and overflowed to infinity downstream
    /// (`EncodingError.invalidValue: inf` from layout and scale, "inf pt" in reports). Every number in
    /// a config is bounded by ±10,000 (ConfigCursor.largestFigure), with the key path and position.
    @Test func hugeFiguresAreRefusedAtValidation() {
        #expect(error(Self.fixedStyle(size: "1e308"))
                == #"typefit.yml:7:11: styles.caption.size: expected a finite number > 0, got "1e308" (numbers in a config are limited to ±10000)"#)
        #expect(error(Self.fixedStyle(size: "10000")) == nil)
        // A negative step: "    step: " is 10 characters, value at column 11 of line 8.
        let step = Self.fixedStyle(size: "17").replacingOccurrences(of: "model: fixed", with: "model: stepping") + "\n    step: -1e308"
        #expect(error(step)?.hasPrefix("typefit.yml:8:11: styles.caption.step: expected a finite number, got \"-1e308\" (numbers in a config are limited to ±10000)") == true)
        // Insets of a row: "        insets: {top: " is 22 characters, value at column 23 of line 9.
        let insets = Self.bodyPreamble + """
          - name: S
            rows:
              - name: r1
                insets: {top: 1e308}
                labels: [{name: a, style: body, text: Hello}]
        """
        #expect(error(insets) == #"typefit.yml:9:23: screens[0].rows[0].insets.top: expected a finite number ≥ 0, got "1e308" (numbers in a config are limited to ±10000)"#)
    }

    /// Regression: `pseudoLocale.expansion: 1e300` trapped (Double → Int) and `1e8` ran for
    /// minutes. The limit is PseudoLocale.maximumExpansion, 3. "pseudoLocale: {enabled: true, expansion: "
    /// is 41 characters, so the value is at column 42.
    @Test func pseudoLocaleExpansionIsLimited() {
        #expect(error("pseudoLocale: {enabled: true, expansion: 1e300}")
                == #"typefit.yml:1:42: pseudoLocale.expansion: expected a finite number in [0, 3], got "1e300""#)
        #expect(error("pseudoLocale: {enabled: true, expansion: 1e8}")?.hasPrefix("typefit.yml:1:42: pseudoLocale.expansion: expected a finite number in [0, 3]") == true)
        #expect(error("pseudoLocale: {enabled: true, expansion: 3}") == nil)
    }

    /// Regression: a legitimate config of 10,000 screens (2 rows × 2 labels each: about
    /// 25 entries per screen, 250,000 in all) was refused as an "alias bomb" by the fixed 100,000-entry
    /// budget. The budget is now twice the text's bytes when that is more; bombs stay refused.
    @Test func tenThousandScreenConfigIsNotAnAliasBomb() throws {
        var yaml = Self.bodyPreamble
        for i in 0..<10_000 {
            yaml += "  - {name: S\(i), rows: [{name: r1, labels: [{name: a, style: body, text: Hi}, {name: b, style: body, text: Yo}]}, "
                + "{name: r2, labels: [{name: a, style: body, text: Hi}, {name: b, style: body, text: Yo}]}]}\n"
        }
        let config = try ConfigFixtures.parse(yaml)
        #expect(config.screens.count == 10_000)
        #expect(config.screens[9_999].rows[1].labels.count == 2)
    }

    @Test func wrongTypes() {
        // "fonts: 3": the value starts at column 8 ("fonts: " is 7 characters).
        #expect(error("fonts: 3")?.hasPrefix("typefit.yml:1:8: fonts: expected ") == true)
        // "screens: {a: 1}": a mapping where a list is expected, column 10.
        #expect(error("screens: {a: 1}")?.hasPrefix("typefit.yml:1:10: screens: expected ") == true)
        // "version: [1]": column 10.
        #expect(error("version: [1]")?.hasPrefix("typefit.yml:1:10: version: expected ") == true)
    }

    @Test func unknownKeysSuggestTheNearest() {
        // "screen:" is one edit from "screens"; "extends:" is not a TypeFit key at all (no includes, hence no cycles).
        #expect(error("screen: []") == #"typefit.yml:1:1: unknown key "screen" at the top level; did you mean "screens"?"#)
        #expect(error("extends: base.yml")?.hasPrefix(#"typefit.yml:1:1: unknown key "extends" at the top level (valid keys: "#) == true)
    }

    @Test func emptyAndCommentOnlyConfigs() {
        #expect(error("") == "typefit.yml:1:1: the config is empty")
        #expect(error("# nothing here\n") == "typefit.yml:1:1: the config is empty")
    }

    @Test func deeplyNestedYAMLIsAnErrorOrAValue() {
        // 100 000 nested flow lists: libyaml must not overflow the stack; the config then has a wrong type.
        let yaml = "screens: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let message = error(yaml)
        #expect(message?.hasPrefix("typefit.yml:") == true)
        #expect(message?.contains("\n") == false)
    }

    @Test func mergeKeyBombIsRefusedQuickly() throws {
        // 512 bytes: a0 = {x: 1}; a(i) merges six copies of a(i-1), so a11 would expand to 6^11 ≈ 3.6e8
        // mappings. The parser charges every visited mapping entry to a 100 000-entry budget.
        var items = ["&a0 {x: 1}"]
        for i in 1...11 { items.append("&a\(i) {<<: [" + Array(repeating: "*a\(i - 1)", count: 6).joined(separator: ", ") + "]}") }
        let yaml = "<<: [\n  " + items.joined(separator: ",\n  ") + "]\n"
        let start = ContinuousClock.now
        let message = try #require(error(yaml))
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(message.hasPrefix("typefit.yml:"))
        #expect(message.contains("expands to more than 100000 entries through YAML aliases"))
    }

    @Test func listAliasBombIsRefused() throws {
        // 12 kB: 1000 screens × 1000 rows × 1000 labels through aliases = 10^9 labels if expanded.
        let yaml = """
        fonts:
          text: { file: Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        screens: [&s {name: S, rows: [&r {name: r, labels: [&l {name: a, style: body, text: Hello}, \
        \(Array(repeating: "*l", count: 999).joined(separator: ", "))]}, \
        \(Array(repeating: "*r", count: 999).joined(separator: ", "))]}, \
        \(Array(repeating: "*s", count: 999).joined(separator: ", "))]
        """
        // Identical aliased labels share a name, so the duplicate-name check stops it at labels[1]; the
        // position is that of the shared node, the anchored definition: "screens: [&s {name: S, rows: [&r {name: r, "
        // is 43 characters, "labels: [&l {name: " 19 more, so the value "a" is at column 63.
        let start = ContinuousClock.now
        #expect(error(yaml) == #"typefit.yml:5:63: screens[0].rows[0].labels[1].name: duplicate label name "a""#)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func modestAliasUseStillWorks() throws {
        // Aliases are legitimate: the insets of row r1 reused by row r2 parse to equal insets.
        let yaml = Self.bodyPreamble + """
          - name: S
            rows:
              - name: r1
                insets: &i {top: 1, bottom: 2, leading: 3, trailing: 4}
                labels: [{name: a, style: body, text: Hello}]
              - name: r2
                insets: *i
                labels: [{name: a, style: body, text: Hello}]
        """
        let config = try ConfigFixtures.parse(yaml)
        #expect(config.screens[0].rows.count == 2)
        #expect(config.screens[0].rows[1].insets == config.screens[0].rows[0].insets)
    }

    @Test func missingFolderAndUnreadableFiles() throws {
        let dir = try temporaryDirectory("hostile-config")
        defer { try? FileManager.default.removeItem(at: dir) }

        let missing = dir.appendingPathComponent("nope.yml").path
        #expect(loadError(missing) == "\(missing): no such file")
        #expect(loadError(dir.path) == "\(dir.path): is a folder, expected a typefit.yml file")

        // Invalid UTF-8: "a: " then 0xFF at byte offset 3.
        let bad = dir.appendingPathComponent("bad.yml")
        try Data([0x61, 0x3A, 0x20, 0xFF, 0x0A]).write(to: bad)
        let badMessage = try #require(loadError(bad.path))
        #expect(badMessage == "\(bad.path):1:4: not valid UTF-8 text (byte 0xFF)")

        // Zero bytes.
        let empty = dir.appendingPathComponent("empty.yml")
        try Data().write(to: empty)
        #expect(loadError(empty.path) == "\(empty.path):1:1: the config is empty")

        // Random bytes (deterministic): one line naming the file, never a crash.
        var state: UInt64 = 0x5EED
        for round in 0..<50 {
            let bytes = (0..<512).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407 // Knuth's MMIX LCG
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let url = dir.appendingPathComponent("random\(round).yml")
            try Data(bytes).write(to: url)
            if let message = loadError(url.path) {
                #expect(message.hasPrefix(url.path + ":"), "\(message)")
                #expect(!message.contains("\n"))
            }
        }
    }

    @Test func missingFontFileIsNamed() throws {
        // Line 2 "  text: { file: Fonts/Nope.otf }": the path starts at column 17 ("  text: { file: " is 16 characters).
        let message = try #require(error("fonts:\n  text: { file: Fonts/Nope.otf }\n"))
        #expect(message.hasPrefix("typefit.yml:2:17: fonts.text.file: "))
        #expect(message.contains("Fonts/Nope.otf"))
    }

    func loadError(_ path: String) -> String? {
        do {
            _ = try TypeFitConfig.load(path: path)
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
