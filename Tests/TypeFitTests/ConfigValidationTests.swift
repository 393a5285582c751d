import Foundation
import Testing
@testable import TypeFit

/// Value and cross-reference validation beyond the basic error classes. Each test edits one line
/// of `ConfigErrorTests.valid` (12 lines, shown there) and expects the exact one-line error.
/// Columns are 1-based: the comment gives the prefix length, and `column(of:in:)` re-checks the
/// hand count against the literal line.
@Suite struct ConfigValidationTests {
    /// 1-based column where `token` first starts in `line`.
    static func column(of token: String, in line: String) -> Int? {
        line.range(of: token).map { line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: $0.lowerBound) + 1 }
    }

    static func replacing(_ number: Int, _ text: String) -> String { ConfigErrorTests.replacing(line: number, with: text) }
    static func appending(_ text: String) -> String { ConfigErrorTests.valid + "\n" + text }

    @Test func unsupportedVersion() {
        // "version: 2" prepended as line 1; "version: " is 9 characters → column 10.
        #expect(ConfigFixtures.error("version: 2\n" + ConfigErrorTests.valid)
                == "typefit.yml:1:10: version: unsupported version 2 (this TypeFit reads version 1)")
    }

    @Test func fontWithFileAndName() {
        // The font's flow mapping "{" follows "  text: " (8 characters) → column 9.
        #expect(ConfigFixtures.error(Self.replacing(2, "  text: { file: Fonts/Inter/Inter-Regular.otf, name: Inter }"))
                == #"typefit.yml:2:9: fonts.text: a font has either "file" or "name", not both"#)
    }

    @Test func fontWithVariationsAndInstance() {
        let line = "  text: { file: Fonts/Inter/Inter.var.ttf, variations: { wght: 600 }, instance: Bold }"
        // "Bold" follows an 80-character prefix → column 81.
        #expect(Self.column(of: "Bold", in: line) == 81)
        #expect(ConfigFixtures.error(Self.replacing(2, line))
                == #"typefit.yml:2:81: fonts.text.instance: give either "variations" or "instance", not both"#)
    }

    @Test func variationAxisTagMustBeFourCharacters() {
        let line = "  text: { file: Fonts/Inter/Inter-Regular.otf, variations: { weight: 600 } }"
        #expect(Self.column(of: "weight", in: line) == 62)   // 61-character prefix
        #expect(ConfigFixtures.error(Self.replacing(2, line))
                == #"typefit.yml:2:62: fonts.text.variations: variation axis tag "weight" must be 4 ASCII characters, e.g. wght"#)
    }

    @Test func fallbackKeyMustBeAScriptCode() {
        // appended line 13 "fallbackFonts: { arab: text }": "fallbackFonts: { " is 17 → column 18.
        #expect(Self.column(of: "arab", in: "fallbackFonts: { arab: text }") == 18)
        #expect(ConfigFixtures.error(Self.appending("fallbackFonts: { arab: text }"))
                == #"typefit.yml:13:18: fallbackFonts: "arab" is not an ISO 15924 script code (like Arab, Hebr, Thai, Hani)"#)
    }

    @Test func interpolateAnchorsMustNotDecrease() {
        // smallest 20 > size 17; reported at the style's "{" (column 9).
        let line = "  body: { font: text, model: interpolate, size: 17, smallest: 20, maximumNormal: 23, maximumAccessibility: 53 }"
        #expect(ConfigFixtures.error(Self.replacing(4, line))
                == "typefit.yml:4:9: styles.body: interpolate sizes must not decrease: smallest 20, size 17, maximumNormal 23, maximumAccessibility 53")
    }

    @Test func tableNeedsTwelveSizes() {
        let line = "  body: { font: text, model: table, sizes: { xS: 12, L: 17, AX5: 40 } }"
        #expect(Self.column(of: "{ xS", in: line) == 44)     // 43-character prefix
        #expect(ConfigFixtures.error(Self.replacing(4, line))
                == "typefit.yml:4:44: styles.body.sizes: expected a value for each of the 12 categories (xS … AX5), got 3")
    }

    @Test func higLineHeightNeedsATextStyle() {
        let line = "  body: { font: text, model: fixed, size: 17, lineHeight: hig }"
        #expect(Self.column(of: "hig", in: line) == 59)      // 58-character prefix
        #expect(ConfigFixtures.error(Self.replacing(4, line))
                == #"typefit.yml:4:59: styles.body.lineHeight: "hig" line height needs a textStyle (apple or uifontmetrics model)"#)
    }

    @Test func maximumBelowMinimum() {
        let line = "  body: { font: text, model: fixed, size: 17, minimum: 20, maximum: 12 }"
        #expect(Self.column(of: "12 }", in: line) == 69)     // 68-character prefix
        #expect(ConfigFixtures.error(Self.replacing(4, line))
                == "typefit.yml:4:69: styles.body.maximum: maximum 12 is below minimum 20")
    }

    @Test func unknownTextStyleSuggests() {
        let line = "  body: { font: text, model: apple, textStyle: headlin }"
        #expect(Self.column(of: "headlin", in: line) == 48)  // 47-character prefix
        #expect(ConfigFixtures.error(Self.replacing(4, line))
                == #"typefit.yml:4:48: styles.body.textStyle: unknown text style "headlin"; did you mean "headline"?"#)
    }

    @Test func boolExpected() {
        // line 7 "    tabBar: maybe": 4 spaces + "tabBar: " (8) → column 13.
        #expect(ConfigFixtures.error(Self.replacing(6, "  - name: S\n    tabBar: maybe"))
                == #"typefit.yml:7:13: screens[0].tabBar: expected true or false, got "maybe""#)
    }

    @Test func rowNeedsLabelsOrPair() {
        // The row mapping starts at line 8 column 9 ("      - " is 8 characters); its labels are gone.
        let yaml = ConfigErrorTests.valid.components(separatedBy: "\n").prefix(8).joined(separator: "\n")
            + "\n        height: 44"
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:8:9: screens[0].rows[0]: a row needs "labels" or a "pair""#)
    }

    @Test func duplicateLabelName() {
        // Second label at line 13: "          - name: " is 18 characters → its name value at column 19.
        let yaml = Self.appending("          - name: a\n            style: body\n            text: x")
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:13:19: screens[0].rows[0].labels[1].name: duplicate label name "a""#)
    }

    @Test func duplicateDeviceName() {
        #expect(Self.column(of: "A]", in: "devices: [A, A]") == 14)   // "devices: [A, " is 13
        #expect(ConfigFixtures.error(Self.appending("devices: [A, A]")) == #"typefit.yml:13:14: devices[1]: duplicate "A""#)
    }

    @Test func customDeviceNameClashesWithCatalogName() {
        // line 14 "  - { name: A, width: 1, height: 1, scale: 1 }": "  - { name: " is 12 → column 13.
        let yaml = Self.appending("devices: [A]\ncustomDevices:\n  - { name: A, width: 1, height: 1, scale: 1 }")
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:15:13: customDevices[0].name: duplicate device name "A""#)
    }

    @Test func typographyKitMustBeJSONOrPlist() {
        // "typefit.yml" base is the package root, where Package.swift exists; "typographyKit: " is 15 → column 16.
        #expect(ConfigFixtures.error(Self.appending("typographyKit: Package.swift"))
                == #"typefit.yml:13:16: typographyKit: expected a TypographyKit .json or .plist file, got "Package.swift""#)
    }

    @Test func formatSampleKeysAreSpecifiers() {
        #expect(Self.column(of: "name", in: "formatSamples: { name: x }") == 18)   // "formatSamples: { " is 17
        #expect(ConfigFixtures.error(Self.appending("formatSamples: { name: x }"))
                == #"typefit.yml:13:18: formatSamples: "name" is not a format specifier (like %@, %d, %lld)"#)
    }

    @Test func emptyCategoryList() {
        // "categories: " is 12 characters → the list starts at column 13.
        #expect(ConfigFixtures.error(Self.appending("categories: []"))
                == "typefit.yml:13:13: categories: expected at least one category")
    }

    @Test func stringsEntryNeedsPath() {
        // "strings: [" is 10 → the entry's "{" at column 11.
        #expect(ConfigFixtures.error(Self.appending("strings: [{ skipStale: true }]"))
                == #"typefit.yml:13:11: strings[0]: missing required key "path""#)
    }

    @Test func labelsMustBeAList() {
        // line 9 "        labels: name": 8 spaces + "labels: " (8) → column 17.
        let yaml = ConfigErrorTests.valid.components(separatedBy: "\n").prefix(8).joined(separator: "\n")
            + "\n        labels: name"
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:9:17: screens[0].rows[0].labels: expected a list of labels, got "name""#)
    }

    @Test func unusedFontWarns() throws {
        // Inserted as line 3: "  extra: { … }" — the font mapping "{" after "  extra: " (9) → column 10.
        let config = try ConfigFixtures.parse(Self.replacing(2, "  text: { file: Fonts/Inter/Inter-Regular.otf }\n  extra: { file: Fonts/Inter/Inter-Bold.otf }"))
        #expect(config.warnings.map(\.description).contains(
            #"typefit.yml:3:10: warning: fonts.extra: font "extra" is not used by any style, fallback or systemFont"#))
    }

    @Test func emptyLiteralTextIsAllowed() throws {
        let config = try ConfigFixtures.parse(Self.replacing(12, "            text: \"\""))
        #expect(config.screens[0].rows[0].labels[0].content == .text(""))
    }

    @Test func crlfLineEndingsKeepPositions() {
        // Same as ConfigErrorTests.wrongTypeForLines with CRLF line ends: still line 13, column 20.
        let yaml = (ConfigErrorTests.valid + "\n            lines: two").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:13:20: screens[0].rows[0].labels[0].lines: expected a whole number ≥ 0, got "two""#)
    }

    @Test func nonASCIIColumnsCountCharacters() {
        // Line 10 is a flow label with accented text before the bad value:
        // 10 spaces + "- { " (4) + "name: a, " (9) + "style: body, " (13) + "text: \"Ünïcödé\", " (17)
        // + "lines: " (7) = 60 characters → column 61 (in UTF-8 bytes it would be 65: Ü ï ö é take 2 each).
        let line = "          - { name: a, style: body, text: \"Ünïcödé\", lines: -1 }"
        #expect(Self.column(of: "-1", in: line) == 61)
        let yaml = ConfigErrorTests.valid.components(separatedBy: "\n").prefix(9).joined(separator: "\n") + "\n" + line
        #expect(ConfigFixtures.error(yaml)
                == #"typefit.yml:10:61: screens[0].rows[0].labels[0].lines: expected a whole number ≥ 0, got "-1""#)
    }

    @Test func keysWithSymbolsAreQuotedInPaths() {
        // formatSamples value must be a string, not a list: '"%@": [a]' — "formatSamples: { \"%@\": " is 23 → column 24.
        #expect(Self.column(of: "[a]", in: #"formatSamples: { "%@": [a] }"#) == 24)
        #expect(ConfigFixtures.error(Self.appending(#"formatSamples: { "%@": [a] }"#))
                == #"typefit.yml:13:24: formatSamples["%@"]: expected a string, got a list"#)
    }

    @Test func mergeKeysShareStyleSettings() throws {
        // YAML merge keys: "body" takes font and model from the anchored "base" and overrides size.
        let yaml = """
        fonts:
          text: { file: Fonts/Inter/Inter-Regular.otf }
        styles:
          base: &base { font: text, model: fixed, size: 12 }
          body: { <<: *base, size: 17 }
        """
        let config = try ConfigFixtures.parse(yaml)
        let body = try #require(config.style("body"))
        #expect(body.font == "text")
        #expect(body.model == .fixed)
        #expect(body.size == 17)            // the style's own key wins over the merged one
        #expect(config.style("base")?.size == 12)
    }

    @Test func mergedBadValueIsReportedWhereItIsWritten() {
        // The bad size is written in the anchored mapping on line 4:
        // "  base: &base { font: text, model: fixed, size: " is 2 + 6 + 6 + 2 + 12 + 14 + 6 = 48 → column 49.
        let line = "  base: &base { font: text, model: fixed, size: -1 }"
        #expect(Self.column(of: "-1", in: line) == 49)
        let yaml = "fonts:\n  text: { file: Fonts/Inter/Inter-Regular.otf }\nstyles:\n" + line + "\n"
        #expect(ConfigFixtures.error(yaml) == #"typefit.yml:4:49: styles.base.size: expected a finite number > 0, got "-1""#)
    }

    @Test func controlCharacterIsAReaderError() {
        // U+0001 at line 2, column 9 ("  text: " is 8 characters); libyaml's reader rejects it
        // and reports its byte offset (7 + 8 = 15), converted back to line:column.
        let yaml = "fonts:\n  text: \u{01}\n"
        #expect(ConfigFixtures.error(yaml) == "typefit.yml:2:9: unreadable text: control characters are not allowed")
    }
}
