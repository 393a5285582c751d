import Foundation
import TestSupport
import Testing
@testable import TypeFit
import TypeFitSupport

/// Every error class of the config parser, each with a config written here and the exact
/// `line:column` counted by hand from the literal (1-based; the comment above each expectation
/// shows the offending line and how the column was counted). Multi-line literals below lose the
/// indentation of their closing `"""`, so line 1 is the first line shown, starting at column 1.
@Suite struct ConfigErrorTests {
    /// A valid config; tests replace one line of it.
    ///  1 fonts:
    ///  2   text: { file: Fonts/Inter/Inter-Regular.otf }
    ///  3 styles:
    ///  4   body: { font: text, model: apple, textStyle: body }
    ///  5 screens:
    ///  6   - name: S
    ///  7     rows:
    ///  8       - name: r
    ///  9         labels:
    /// 10           - name: a
    /// 11             style: body
    /// 12             text: "Hello"
    static let valid = """
    fonts:
      text: { file: Fonts/Inter/Inter-Regular.otf }
    styles:
      body: { font: text, model: apple, textStyle: body }
    screens:
      - name: S
        rows:
          - name: r
            labels:
              - name: a
                style: body
                text: "Hello"
    """

    /// `valid` with line `number` (1-based) replaced by `text` (which may hold several lines).
    static func replacing(line number: Int, with text: String) -> String {
        var lines = valid.components(separatedBy: "\n")
        lines[number - 1] = text
        return lines.joined(separator: "\n")
    }

    @Test func validBaseParses() throws {
        let config = try ConfigFixtures.parse(Self.valid)
        #expect(config.screens[0].rows[0].labels[0].content == .text("Hello"))
        #expect(config.screens[0].rows[0].labels[0].lines == 1)               // default numberOfLines
        #expect(config.screens[0].rows[0].labels[0].lineBreak == .truncateTail) // default
        // Only the "no devices" warning, on the root mapping at 1:1.
        #expect(config.warnings.map(\.description)
                == ["typefit.yml:1:1: warning: no devices or customDevices listed; the runner's default devices will be used"])
    }

    /// `ui: layouts` takes a width or the container a view is a row of, one of them.
    @Test func uiLayouts() throws {
        // Line 13 "ui:", 14 "  layouts:", 15 the entry: its value starts at column 18 ("    SettingsRow: " is 17 characters).
        func yaml(_ entry: String) -> String { Self.valid + "\nui:\n  layouts:\n    SettingsRow: " + entry }
        let row = try ConfigFixtures.parse(yaml("{ row: listInsetGrouped }"))
        #expect(row.ui?.layouts["SettingsRow"]?.row == .listInsetGrouped && row.ui?.layouts["SettingsRow"]?.width == nil)
        #expect(try ConfigFixtures.parse(yaml("{ width: 280 }")).ui?.layouts["SettingsRow"]?.width == 280)
        // "    SettingsRow: { row: listInsetGroupd }": `row:`'s value at column 25.
        #expect(ConfigFixtures.error(yaml("{ row: listInsetGroupd }"))?.hasPrefix("typefit.yml:15:25: ") == true)
        #expect(ConfigFixtures.error(yaml("{ row: listInsetGroupd }"))?.hasSuffix(#"did you mean "listInsetGrouped"?"#) == true)
        #expect(ConfigFixtures.error(yaml("{ row: screen, width: 300 }")) == "typefit.yml:15:18: ui.layouts.SettingsRow: give width or row, not both")
        #expect(ConfigFixtures.error(yaml("{}")) == "typefit.yml:15:18: ui.layouts.SettingsRow: expected width: points or row: a container")
    }

    @Test func unknownKeySuggestsNearest() {
        // line 9 "        lable:" — 8 spaces, the key starts at column 9.
        let yaml = Self.replacing(line: 9, with: "        lable:")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:9:9: unknown key "lable" in screens[0].rows[0]; did you mean "labels"?"#)
    }

    @Test func unknownTopLevelKeyWithoutNearMatchListsKeys() throws {
        // line 1 "colors: red" — column 1. No key within distance 2, so the valid keys are listed.
        let message = try #require(ConfigFixtures.error("colors: red\n" + Self.valid))
        #expect(message.hasPrefix(#"typefit.yml:1:1: unknown key "colors" at the top level (valid keys: version, "#))
    }

    @Test func wrongTypeForLines() {
        // new line 13 "            lines: two" — 12 spaces, "lines: " is 7 characters: 13 + 7 = column 20.
        let yaml = Self.valid + "\n            lines: two"
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:20: screens[0].rows[0].labels[0].lines: expected a whole number ≥ 0, got "two""#)
    }

    @Test func quotedNumberIsAString() {
        // "lines: \"2\"" is a string in YAML, not a number: same column as above (20).
        let yaml = Self.valid + "\n            lines: \"2\""
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:20: screens[0].rows[0].labels[0].lines: expected a whole number ≥ 0, got "2""#)
    }

    @Test func nanSizeIsRejected() {
        // line 4 becomes three lines; line 6 "    size: .nan": 4 spaces + "size: " (6) → column 11.
        let yaml = Self.replacing(line: 4, with: "  body:\n    font: text\n    size: .nan\n    model: fixed")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:6:11: styles.body.size: expected a finite number > 0, got ".nan" (not finite)"#)
    }

    @Test func infiniteSizeIsRejected() {
        let yaml = Self.replacing(line: 4, with: "  body:\n    font: text\n    size: .inf\n    model: fixed")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:6:11: styles.body.size: expected a finite number > 0, got ".inf" (not finite)"#)
    }

    @Test func negativeSizeIsRejected() {
        // line 4 "  body: { font: text, model: fixed, size: -17 }":
        // "  body: { font: text, model: fixed, size: " is 2+6+2+12+14+6 = 42 characters → column 43.
        let line = "  body: { font: text, model: fixed, size: -17 }"
        #expect(line.distance(from: line.startIndex, to: line.range(of: "-17")!.lowerBound) + 1 == 43)
        #expect(ConfigFixtures.error(Self.replacing(line: 4, with: line))
                == #"typefit.yml:4:43: styles.body.size: expected a finite number > 0, got "-17""#)
    }

    @Test func negativeDeviceWidthIsRejected() {
        // appended line 13 "customDevices: [{ name: K, width: -320, height: 600, scale: 2 }]":
        // "customDevices: [{ name: K, width: " is 15 + 3 + 9 + 7 = 34 characters → column 35.
        let yaml = Self.valid + "\ncustomDevices: [{ name: K, width: -320, height: 600, scale: 2 }]"
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:35: customDevices[0].width: expected a finite number > 0, got "-320""#)
    }

    @Test func scaleMustBeOneTwoOrThree() {
        // "customDevices: [{ name: K, width: 320, height: 600, scale: 4 }]": the prefix up to
        // "scale: " is 34 + "320, " (5) + "height: 600, " (13) + "scale: " (7) = 59 characters → column 60.
        let yaml = Self.valid + "\ncustomDevices: [{ name: K, width: 320, height: 600, scale: 4 }]"
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:60: customDevices[0].scale: expected a scale of 1, 2 or 3, got "4""#)
    }

    @Test func autoshrinkMustBeInZeroOne() {
        // appended line 13 "            autoshrink: 1.5": 12 spaces + "autoshrink: " (12) → column 25.
        let yaml = Self.valid + "\n            autoshrink: 1.5"
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:25: screens[0].rows[0].labels[0].autoshrink: expected a finite number in (0, 1], got "1.5""#)
    }

    @Test func textAndKeyBothIsAnError() {
        // appended line 13 "            key: greeting": the second of the two keys, at column 13.
        let yaml = Self.valid + "\n            key: greeting"
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:13: screens[0].rows[0].labels[0]: a label has either "text" (literal) or "key" (string key), not both"#)
    }

    @Test func neitherTextNorKeyIsAnError() {
        // line 12 removed (replaced by a comment); the label mapping starts at line 10 column 13
        // ("          - " is 12 characters).
        let yaml = Self.replacing(line: 12, with: "            # no text")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:10:13: screens[0].rows[0].labels[0]: a label needs "text" (literal) or "key" (string key)"#)
    }

    @Test func undefinedStyleReference() {
        // line 11 "            style: bodyy": 12 spaces + "style: " (7) → column 20.
        let yaml = Self.replacing(line: 11, with: "            style: bodyy")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:11:20: screens[0].rows[0].labels[0].style: undefined style "bodyy"; did you mean "body"?"#)
    }

    @Test func undefinedFontReference() {
        // line 4 "  body: { font: serif, model: apple, textStyle: body }": "  body: { font: " is 16 → column 17.
        // No font id is within distance 2 of "serif", so the defined ids are listed.
        let yaml = Self.replacing(line: 4, with: "  body: { font: serif, model: apple, textStyle: body }")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:4:17: styles.body.font: undefined font "serif" (defined fonts: text)"#)
    }

    @Test func undefinedFallbackFont() {
        // appended line 13 "fallbackFonts: { Arab: arabic }": "fallbackFonts: { Arab: " is 23 → column 24.
        let yaml = Self.valid + "\nfallbackFonts: { Arab: arabic }"
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:24: fallbackFonts.Arab: undefined font "arabic" (defined fonts: text)"#)
    }

    @Test func missingFontFile() {
        // line 2 "  text: { file: Fonts/Inter/Nope.otf }": "  text: { file: " is 16 → column 17.
        let yaml = Self.replacing(line: 2, with: "  text: { file: Fonts/Inter/Nope.otf }")
        let expectedPath = Repository.root.appendingPathComponent("Fonts/Inter/Nope.otf").path
        #expect(ConfigFixtures.error(yaml)
                == "typefit.yml:2:17: fonts.text.file: font file \"Fonts/Inter/Nope.otf\" not found (looked for \(expectedPath))")
    }

    @Test func missingStringsFolder() {
        // appended line 13 "strings: ["l10n/{locale}.strings"]": "strings: [" is 10 → column 11
        // (quoted: in a flow sequence an unquoted "{" would open a mapping).
        let yaml = Self.valid + "\nstrings: [\"l10n/{locale}.strings\"]"
        let expectedPath = Repository.root.appendingPathComponent("l10n").path
        #expect(ConfigFixtures.error(yaml)
                == "typefit.yml:13:11: strings[0]: strings path \"l10n/{locale}.strings\" not found (looked for \(expectedPath))")
    }

    @Test func emptyRequiredField() {
        // line 6 "  - name: \"\"": "  - name: " is 10 → column 11.
        let yaml = Self.replacing(line: 6, with: "  - name: \"\"")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:6:11: screens[0].name: expected a screen name, got an empty string"#)
    }

    @Test func duplicateScreenName() {
        // The second screen starts at line 13; its name value at column 11 ("  - name: ").
        let yaml = Self.valid + "\n  - name: S\n    rows: [{ name: r, labels: [{ name: a, style: body, text: x }] }]"
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:13:11: screens[1].name: duplicate screen name "S""#)
    }

    @Test func duplicateYAMLKey() {
        // Yams rejects the repeated "style" key in the label mapping and marks the first one
        // (line 11 column 13); the error points at the repetition, line 13 column 13.
        let yaml = Self.valid + "\n            style: body"
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:13:13: duplicate key "style" in the same mapping (first at line 11)"#)
        // In a flow mapping: line 4 "  body: { font: text, model: apple, font: text }", the second
        // "font" at column 37.
        let flow = Self.replacing(line: 4, with: "  body: { font: text, model: apple, font: text }")
        #expect(ConfigFixtures.error(flow) == #"typefit.yml:4:37: duplicate key "font" in the same mapping (first at line 4)"#)
    }

    @Test func modelWithoutRequiredKey() {
        // line 4 "  body: { font: text, model: uifontmetrics, textStyle: body }" has no size;
        // the style mapping starts at the "{" in column 9.
        let yaml = Self.replacing(line: 4, with: "  body: { font: text, model: uifontmetrics, textStyle: body }")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:4:9: styles.body: missing required key "size" for the uifontmetrics model"#)
    }

    @Test func misspelledChoiceSuggests() {
        // line 4 "  body: { font: text, model: aple, textStyle: body }": "  body: { font: text, model: " is 29 → column 30.
        let yaml = Self.replacing(line: 4, with: "  body: { font: text, model: aple, textStyle: body }")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:4:30: styles.body.model: expected one of apple | uifontmetrics | stepping | interpolate | table | android | fixed, got "aple"; did you mean "apple"?"#)
    }

    @Test func ignoredKeyIsAWarning() throws {
        // line 4 "  body: { font: text, model: apple, textStyle: body, step: 2 }": "step" value at column 60.
        let line = "  body: { font: text, model: apple, textStyle: body, step: 2 }"
        let config = try ConfigFixtures.parse(Self.replacing(line: 4, with: line))
        #expect(config.style("body")?.step == 2)
        #expect(config.warnings.map(\.description).contains(
            "typefit.yml:4:60: warning: styles.body.step: ignored by the apple model (used by stepping)"))
    }

    @Test func yamlSyntaxError() {
        // line 2 starts with a tab, which YAML forbids in indentation; libyaml reports the scanner
        // error at the tab: line 2, column 1.
        let yaml = "fonts:\n\ttext: { file: a.otf }\n"
        #expect(ConfigFixtures.error(yaml) == "typefit.yml:2:1: YAML syntax error: a tab character; YAML indents with spaces only")
    }

    /// Common YAML mistakes, each in plain words at libyaml's position.
    @Test func yamlSyntaxErrorsInPlainWords() {
        let cases: [(String, String)] = [
            // An unquoted value with ": " inside: libyaml stops at the second ":" ("title: " is 7
            // characters, "Note" 8–11: column 12).
            ("title: Note: read me\n", "typefit.yml:1:12: YAML syntax error: unexpected ': ' — a value that contains ': ' must be in quotes, or this line is indented too far"),
            // "@" cannot start a plain value (reserved indicator).
            ("fonts: @inter\n", "typefit.yml:1:8: YAML syntax error: '@' cannot start a value here; put the value in quotes (\"…\")"),
            // A flow list never closed.
            ("locales: [en, de\nstrings: []\n", "typefit.yml:2:8: YAML syntax error: a [ … ] list is not closed with ']', or two of its items lack a ',' between them (':' here)"),
            // A double-quoted value never closed.
            ("title: \"Settings\n", "typefit.yml:2:1: YAML syntax error: a quoted value is not closed: its closing quote is missing"),
        ]
        for (yaml, expected) in cases {
            #expect(ConfigFixtures.error(yaml) == expected, "\(yaml)")
        }
    }

    @Test func emptyDocument() {
        #expect(ConfigFixtures.error("# nothing\n") == "typefit.yml:1:1: the config is empty")
    }

    @Test func rootMustBeMapping() {
        #expect(ConfigFixtures.error("- a\n- b\n")
                == #"typefit.yml:1:1: expected a mapping of settings at the top level, got a list"#)
    }

    @Test func missingFile() {
        #expect(throws: ConfigError(file: "/nonexistent/typefit.yml", message: "no such file")) {
            try TypeFitConfig.load(path: "/nonexistent/typefit.yml")
        }
        #expect(ConfigError(file: "/nonexistent/typefit.yml", message: "no such file").description
                == "/nonexistent/typefit.yml: no such file")
    }

    @Test func folderInsteadOfFile() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ConfigError(file: folder.path, message: "is a folder, expected a typefit.yml file")) {
            try TypeFitConfig.load(path: folder.path)
        }
    }

    @Test func nonUTF8Bytes() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("typefit.yml")
        // "version: 1\n" is 11 bytes (offsets 0–10); line 2 "name: " occupies offsets 11–16,
        // so the Latin-1 "é" (0xE9, not followed by continuation bytes) is at offset 17, line 2.
        try Data("version: 1\nname: ".utf8 + [0xE9] + Data("\n".utf8)).write(to: file)
        let expected = "\(file.path):2:7: not valid UTF-8 text (byte 0xE9)"
        do {
            _ = try TypeFitConfig.load(path: file.path)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(error.description == expected)
        }
    }

    @Test func byteOrderMarksAreAccepted() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "version: 1\nlineHeightRule: typo\n"
        // UTF-8 with a BOM (EF BB BF).
        let utf8 = folder.appendingPathComponent("utf8.yml")
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: utf8)
        #expect(try TypeFitConfig.load(path: utf8.path).lineHeightRule == .typo)
        // UTF-16 little-endian with a BOM (FF FE), as some Apple tools write.
        let utf16 = folder.appendingPathComponent("utf16.yml")
        try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: utf16)
        #expect(try TypeFitConfig.load(path: utf16.path).lineHeightRule == .typo)
    }

    @Test func lineHeightFontsOption() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ok = folder.appendingPathComponent("ok.yml")
        try Data("version: 1\nlineHeightFonts: labelFont\n".utf8).write(to: ok)
        #expect(try TypeFitConfig.load(path: ok.path).lineHeightFonts == .labelFont)
        let bad = folder.appendingPathComponent("bad.yml")
        try Data("version: 1\nlineHeightFonts: labelfonts\n".utf8).write(to: bad)
        do {
            _ = try TypeFitConfig.load(path: bad.path)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            // Column 18: after "lineHeightFonts: " (17 characters).
            #expect(error.description.hasSuffix(#"bad.yml:2:18: lineHeightFonts: expected one of fontsUsed | labelFont, got "labelfonts"; did you mean "labelFont"?"#))
        }
    }

    @Test func errorsAreOneLine() {
        let error = ConfigError(file: "a.yml", line: 1, column: 2, path: "x", message: "two\nlines")
        #expect(error.description == "a.yml:1:2: x: two lines")
    }

    @Test func editDistanceCountsTranspositions() {
        // "lable" → "labels": swap "le"→"el" (1) + insert "s" (1) = 2.
        #expect(editDistance("lable", "labels") == 2)
        // "kitten" → "sitting": the classic Levenshtein example, 3 edits.
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(nearest("lable", in: ["name", "labels", "pair"]) == "labels")
        #expect(nearest("zzz", in: ["name", "labels"]) == nil)
    }
}
