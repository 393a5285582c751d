import Foundation
import TestSupport
import Testing
@testable import Localization

/// Hostile input for the `.strings`, `.stringsdict` and `.xcstrings` readers. Every input is
/// generated here. Each case ends in either a correct result (the value asserted is derived from the
/// generated input, as shown) or a `LocalizationError` whose description is one line naming the file.
@Suite struct HostileLocalizationTests {
    /// The error must be a single line that starts with the file name given to the reader.
    func expectOneLine(_ error: LocalizationError, file: String, containing needle: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let text = error.description
        #expect(!text.contains("\n") && !text.contains("\r"), "multi-line: \(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(text.hasPrefix(file + ":"), "does not name \(file): \(text)", sourceLocation: sourceLocation)
        if !needle.isEmpty {
            #expect(text.contains(needle), "expected \(needle.debugDescription) in: \(text)", sourceLocation: sourceLocation)
        }
    }

    // MARK: .strings

    @Test func zeroByteStringsFileIsAnEmptyTable() throws {
        // An empty .strings file is legitimate (Xcode writes them for untranslated tables).
        let result = try StringsFile.parse(Data(), file: "empty.strings", locale: "en")
        #expect(result.entries.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    @Test func invalidUTF8NamesTheFirstBadByte() {
        // "a" = "b"; then 0xC3 0x28 (a lead byte followed by "(", invalid) and "\n": 10 + 2 + 1 = 13
        // bytes, odd, so the UTF-16 detection (even lengths only) does not apply.
        let bytes = Array(#""a" = "b";"#.utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(bytes.count % 2 == 1)
        do {
            _ = try StringsFile.parse(Data(bytes), file: "bad.strings", locale: "en")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            // 10 bytes of `"a" = "b";` before the 0xC3: line 1, column 11.
            expectOneLine(error, file: "bad.strings", containing: "bad.strings:1:11: not valid UTF-8 (byte 0xC3)")
        }
    }

    @Test func oddLengthUTF16IsAnError() {
        // BOM FF FE + "a" as UTF-16LE + one stray byte: 5 bytes.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x41]
        do {
            _ = try StringsFile.parse(Data(bytes), file: "odd.strings", locale: "en")
            Issue.record("odd UTF-16 was accepted")
        } catch {
            expectOneLine(error, file: "odd.strings", containing: "odd number of bytes (5)")
        }
    }

    @Test func unpairedSurrogatesDoNotCrash() throws {
        // UTF-16LE with BOM: "k" = "<D800>x"; and "j" = "<DC00>"; — lone high and low surrogates.
        var units: [UInt16] = Array(#""k" = ""#.utf16) + [0xD800] + Array(#"x";"#.utf16) + [0x0A]
        units += Array(#""j" = ""#.utf16) + [0xDC00] + Array(#"";"#.utf16) + [0x0A]
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in units { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        do {
            let result = try StringsFile.parse(Data(bytes), file: "surrogates.strings", locale: "en")
            // Swift Strings cannot hold lone surrogates: each becomes U+FFFD REPLACEMENT CHARACTER.
            #expect(result.entries.map(\.key) == ["k", "j"])
            #expect(result.entries.map(\.value) == ["\u{FFFD}x", "\u{FFFD}"])
        } catch {
            expectOneLine(error, file: "surrogates.strings", containing: "surrogate")
        }
    }

    @Test func nulAndBidiControlsAreKeptVerbatim() throws {
        // A raw NUL byte and RLO…PDF / LRI…PDI controls inside a UTF-8 value are legitimate text.
        let value = "a\u{0}b \u{202E}evil\u{202C} \u{2066}x\u{2069}"
        let source = "\"k\" = \"\(value)\";\n"
        let result = try StringsFile.parse(Data(source.utf8), file: "controls.strings", locale: "en")
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.value.unicodeScalars.elementsEqual(value.unicodeScalars) == true)
    }

    @Test func oneMegabyteValue() throws {
        // 1 MiB of "é" (2 UTF-8 bytes each) = 524 288 characters.
        let value = String(repeating: "é", count: 1 << 19)
        let source = "\"big\" = \"\(value)\";\n"
        let result = try StringsFile.parse(Data(source.utf8), file: "big.strings", locale: "fr")
        #expect(result.entries.first?.value.utf8.count == 1 << 20)
        #expect(result.entries.first?.value.count == 1 << 19)
    }

    @Test func hundredThousandLineCatalog() throws {
        // 100 000 lines "kN" = "value N"; — keys are distinct, so 100 000 entries, the last on line 100 000.
        let source = (0..<100_000).map { "\"k\($0)\" = \"value \($0)\";" }.joined(separator: "\n")
        let start = ContinuousClock.now
        let result = try StringsFile.parse(Data(source.utf8), file: "huge.strings", locale: "en")
        let elapsed = ContinuousClock.now - start
        #expect(result.entries.count == 100_000)
        #expect(result.entries.last?.key == "k99999")
        #expect(result.entries.last?.line == 100_000)
        // Linear work: far below a minute even in a debug build on a loaded machine.
        #expect(elapsed < .seconds(60))
    }

    @Test func unterminatedStringIsPositioned() {
        // Line 2 opens a value that never closes.
        let source = "\"a\" = \"b\";\n\"c\" = \"never closed\n"
        do {
            _ = try StringsFile.parse(Data(source.utf8), file: "open.strings", locale: "en")
            Issue.record("unterminated string accepted")
        } catch {
            // Line 2 `"c" = "never closed`: the value's opening quote is column 7.
            expectOneLine(error, file: "open.strings", containing: "open.strings:2:7: unterminated string")
        }
    }

    @Test func keysWithNewlinesStayOnOneLine() {
        // Regression (found by scripts/fuzz, strings target): a quoted key may contain a raw newline, and
        // the error quoting it printed two lines. Line 2 `b" x`: '=' was expected at column 4, found 'x'.
        let source = "\"a\nb\" x"
        do {
            _ = try StringsFile.parse(Data(source.utf8), file: "nl.strings", locale: "en")
            Issue.record("missing '=' accepted")
        } catch {
            #expect(error.description == #"nl.strings:2:4: missing '=' after key "a\nb" (found 'x')"#)
        }
        // Warnings too (lenient mode): same input, same text after "warning: ".
        let lenient = try? StringsFile.parse(Data(source.utf8), file: "nl.strings", locale: "en", mode: .lenient)
        for warning in lenient?.warnings ?? [] {
            #expect(!warning.description.unicodeScalars.contains("\n"), "\(warning.description.debugDescription)")
        }
    }

    @Test func randomBytesNeverCrashAnyReader() {
        // 300 deterministic pseudo-random inputs (SplitMix64), 0…2047 bytes each, through all three readers
        // in both modes: each call returns entries or throws a one-line error naming the file.
        var rng = SplitMix64(seed: 0x7E57_F17)
        for round in 0..<300 {
            let count = Int(rng.next() % 2048)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let data = Data(bytes)
            for mode in [ParseMode.strict, .lenient] {
                do { _ = try StringsFile.parse(data, file: "r\(round).strings", locale: "en", mode: mode) } catch {
                    expectOneLine(error, file: "r\(round).strings", containing: "")
                }
                do { _ = try StringsDictFile.parse(data, file: "r\(round).stringsdict", locale: "en", mode: mode) } catch {
                    expectOneLine(error, file: "r\(round).stringsdict", containing: "")
                }
                do { _ = try StringCatalogFile.parse(data, file: "r\(round).xcstrings", mode: mode) } catch {
                    expectOneLine(error, file: "r\(round).xcstrings", containing: "")
                }
            }
        }
    }

    // MARK: format specifiers

    /// Regression: digits were parsed without an overflow check (`%99999999999999999999d` trapped) and
    /// `%99999999d` padded the sample to 10⁸ spaces. Widths cap at 1000 and precisions at 100
    /// (docs/strings.md); the sample for `%d` is "1,234" (5 characters), so a 1000-wide field holds
    /// 995 spaces then "1,234".
    @Test func hugeWidthsAndPrecisionsAreCapped() throws {
        let twentyNines = "%" + String(repeating: "9", count: 20) + "d"
        let specs = FormatSpecifiers.parse("a \(twentyNines) b")
        #expect(specs.count == 1)
        #expect(specs.first?.width == FormatSpecifiers.maximumWidth)
        #expect(FormatSpecifiers.maximumWidth == 1000 && FormatSpecifiers.maximumPrecision == 100)
        let sample = FormatSamples().substitute("[%99999999d]")
        #expect(sample.text == "[" + String(repeating: " ", count: 995) + "1,234]")
        // %.99999999999999999999f: precision capped at 100 → 1,234.5678 printed with 100 decimals.
        let float = FormatSamples().substitute("%.99999999999999999999f")
        let decimals = try #require(float.text.split(separator: ".").last)
        #expect(decimals.count == 100)
        #expect(float.text.hasPrefix("1,234.5678"))
        // A position past Int.max saturates instead of trapping.
        let positional = FormatSpecifiers.parse("%99999999999999999999$@")
        #expect(positional.first?.position == Int.max)
        // In a .strings value.
        let table = try StringsFile.parse(Data("\"k\" = \"\(twentyNines)\";".utf8), file: "w.strings", locale: "en")
        #expect(FormatSamples().substitute(table.entries[0].value).text == String(repeating: " ", count: 995) + "1,234")
    }

    // MARK: .stringsdict / .xcstrings

    @Test func truncatedStringsDict() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</str
        """
        do {
            _ = try StringsDictFile.parse(Data(xml.utf8), file: "cut.stringsdict", locale: "en")
            Issue.record("truncated plist accepted")
        } catch {
            expectOneLine(error, file: "cut.stringsdict", containing: "")
        }
    }

    @Test func binaryPlistWithASetIsRefused() {
        // Regression: this 44-byte file crashed the process inside Foundation.
        do {
            _ = try StringsDictFile.parse(binaryPlistWithSet(), file: "set.stringsdict", locale: "en")
            Issue.record("a set was accepted")
        } catch {
            #expect(error.description == "set.stringsdict: not a valid .stringsdict (the binary property list contains a set)")
        }
    }

    @Test func zeroByteStringsDictAndCatalog() {
        do {
            _ = try StringsDictFile.parse(Data(), file: "empty.stringsdict", locale: "en")
            Issue.record("empty stringsdict accepted")
        } catch {
            expectOneLine(error, file: "empty.stringsdict", containing: "")
        }
        do {
            _ = try StringCatalogFile.parse(Data(), file: "empty.xcstrings")
            Issue.record("empty catalog accepted")
        } catch {
            expectOneLine(error, file: "empty.xcstrings", containing: "")
        }
    }

    @Test func truncatedCatalogAndWrongTypes() {
        let cases: [(String, String)] = [
            (#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"tr"#, "cut"),
            (#"{"sourceLanguage":"en","strings":[]}"#, "list"),
            (#"[1,2,3]"#, "array"),
            (#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":42}}}}}}"#, "value"),
        ]
        for (json, name) in cases {
            do {
                _ = try StringCatalogFile.parse(Data(json.utf8), file: "\(name).xcstrings")
                Issue.record("\(name): malformed catalog accepted")
            } catch {
                expectOneLine(error, file: "\(name).xcstrings", containing: "")
            }
        }
    }

    @Test func wrongTypedSourceLanguageIsIgnored() throws {
        // "sourceLanguage" only marks which localization is the source; a number there is ignored, and an
        // empty "strings" object is a legitimate empty catalog.
        let result = try StringCatalogFile.parse(Data(#"{"sourceLanguage":7,"strings":{}}"#.utf8), file: "n.xcstrings")
        #expect(result.entries.isEmpty)
    }

    @Test func deeplyNestedCatalogVariations() {
        // 100 000 nested arrays: JSONSerialization must refuse (depth limit) rather than overflow the stack.
        let json = "{\"strings\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        do {
            _ = try StringCatalogFile.parse(Data(json.utf8), file: "deep.xcstrings")
            Issue.record("deeply nested catalog accepted")
        } catch {
            // Regression: said "not valid JSON" for JSON that is only too deep.
            expectOneLine(error, file: "deep.xcstrings", containing: "nested too deeply (more than 512 levels")
        }
    }

    // MARK: expansion limits

    /// Regression: a 686-byte .stringsdict with six `%#@var@` of six plural forms expanded to
    /// 6⁶ = 46,656 variants (past a minute, GBs). The limit is 1000 per key, reached before building
    /// the rest; two variables of six forms (36 variants) still expand in full.
    @Test func stringsDictVariantBombIsRefusedNamingTheKey() throws {
        func plist(variables: Int) -> Data {
            let forms = StringsDictFile.pluralCategories.map { "<key>\($0)</key><string>\($0)</string>" }.joined()
            let names = (0..<variables).map { "v\($0)" }
            let defs = names.map { "<key>\($0)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\(forms)</dict>" }.joined()
            let format = names.map { "%#@\($0)@" }.joined(separator: " ")
            return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>bomb</key><dict><key>NSStringLocalizedFormatKey</key><string>\(format)</string>\(defs)</dict></dict></plist>
            """.utf8)
        }
        let two = try StringsDictFile.parse(plist(variables: 2), file: "two.stringsdict", locale: "en")
        #expect(two.entries.count == 36)
        #expect(two.entries.first?.value == "zero zero" && two.entries.last?.value == "other other")
        do {
            _ = try StringsDictFile.parse(plist(variables: 6), file: "bomb.stringsdict", locale: "en")
            Issue.record("46,656 variants accepted")
        } catch {
            expectOneLine(error, file: "bomb.stringsdict", containing: "key \"bomb\": its plural variables expand to more than 1000 variants")
        }
        // Lenient mode skips the key with a warning instead.
        let lenient = try StringsDictFile.parse(plist(variables: 6), file: "bomb.stringsdict", locale: "en", mode: .lenient)
        #expect(lenient.entries.isEmpty && lenient.warnings.count == 1)
    }

    /// Regression: a 6.7 kB .xcstrings with eight substitutions of six plural forms each meant
    /// 6⁸ = 1,679,616 variants. Refused when a pass would pass 1000, before building its texts;
    /// three substitutions (6³ = 216) expand in full.
    @Test func catalogSubstitutionBombIsRefusedNamingThePath() throws {
        func catalog(substitutions: Int) -> Data {
            let names = (0..<substitutions).map { "s\($0)" }
            let plural = StringsDictFile.pluralCategories.map { "\"\($0)\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\($0)\"}}" }.joined(separator: ",")
            let subs = names.enumerated().map { "\"\($1)\":{\"argNum\":\($0 + 1),\"formatSpecifier\":\"lld\",\"variations\":{\"plural\":{\(plural)}}}" }.joined(separator: ",")
            let value = names.map { "%#@\($0)@" }.joined(separator: " ")
            return Data("{\"sourceLanguage\":\"en\",\"strings\":{\"bomb\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(value)\"},\"substitutions\":{\(subs)}}}}}}".utf8)
        }
        let three = try StringCatalogFile.parse(catalog(substitutions: 3), file: "three.xcstrings")
        #expect(three.entries.count == 216)
        do {
            _ = try StringCatalogFile.parse(catalog(substitutions: 8), file: "bomb.xcstrings")
            Issue.record("6⁸ variants accepted")
        } catch {
            expectOneLine(error, file: "bomb.xcstrings", containing: "strings.\"bomb\".localizations.en.substitutions expand to more than 1000 variants")
        }
    }

    /// Regression: a value with 200,000 combining marks on one letter (58 s to shape) is
    /// refused when a table is loaded, naming file, line and key; lenient mode skips it with a warning.
    @Test func overlongClusterInAValueIsRefusedNamingTheKey() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-cluster-\(UUID().uuidString)/de.lproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let file = dir.appendingPathComponent("Localizable.strings")
        let zalgo = "a" + String(repeating: "\u{301}", count: 200_000)
        try Data("\"ok\" = \"Gut\";\n\"zalgo\" = \"\(zalgo)\";\n".utf8).write(to: file)
        do {
            _ = try StringTable.load(contentsOf: file)
            Issue.record("200,000 marks on one letter accepted")
        } catch {
            expectOneLine(error, file: file.path, containing: ":2:1: key \"zalgo\": a character carries more than 1000 combining marks")
        }
        let lenient = try StringTable.load(contentsOf: file, options: .init(mode: .lenient))
        #expect(lenient.entries.map(\.key) == ["ok"])
        #expect(lenient.warnings.count == 1)
    }

    /// Regression: a 27 MB catalog of 10,000 keys took 3 GB, Foundation's JSON tree of the
    /// whole document. Catalogs are now read key by key (`catalogLayout`); the entries must equal the
    /// whole-document parse's, for escaped keys, duplicates, nested variations and odd spacing.
    /// (Memory is measured by the command in fuzz/README.md, not here.)
    @Test func keyByKeyReadingEqualsTheWholeDocument() throws {
        let json = #"""
        { "version" : "1.0",
          "strings":{
            "plain" : {"localizations":{"de":{"stringUnit":{"state":"translated","value":"Hallo, {\"Welt\"} [x]"}}}},
            "esc\"aped\u00e9" :{"comment":"c","localizations":{"en":{"stringUnit":{"state":"new","value":"x"}}}},
            "dup":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"first"}}}},
            "nested" : {"localizations":{"en":{"variations":{"device":{"iphone":{"variations":{"plural":{
                "one":{"stringUnit":{"state":"translated","value":"%lld file"}},
                "other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}},
                "other":{"stringUnit":{"state":"translated","value":"files"}}}}}}},
            "dup":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"second"}}}},
            "empty":{}
          }, "sourceLanguage" : "en" }
        """#
        let data = Data(json.utf8)
        let layout = try #require(StringCatalogFile.catalogLayout(data))
        #expect(layout.members.map(\.key) == ["plain", "esc\"aped\u{e9}", "dup", "nested", "empty"])
        #expect(layout.members.map(\.line) == [3, 4, 5, 6, 11])  // a duplicate keeps its first line, 5
        let fast = try StringCatalogFile.parse(data, file: "c.xcstrings")
        let (members, source) = try StringCatalogFile.wholeDocument(data, file: "c.xcstrings")
        #expect(source == "en")
        let whole = try StringCatalogFile.read(members, sourceLanguage: source, file: "c.xcstrings", options: .init(), mode: .strict)
        #expect(fast.entries == whole.entries)
        #expect(fast.entries.first { $0.key == "dup" }?.value == "second")
        // Its text's line is the second value's (line 10), where the text it measured is written.
        #expect(fast.entries.first { $0.key == "dup" }?.line == 10)
        // plain: de + an en copy of the key (no en localization); escaped: en; dup: en; nested: 3 variants;
        // empty: the en copy of the key. 2 + 1 + 1 + 3 + 1 = 8.
        #expect(fast.entries.count == 8)
    }

    /// Regression: `expansion: 1e300` trapped converting to Int and `1e8` ran for minutes. The ratio
    /// is clamped to PseudoLocale.maximumExpansion (3: four times as long) — "Settings" (8 characters)
    /// becomes at most 8 × 4 = 32 characters inside the brackets; NaN counts as 0.
    @Test func pseudoLocaleExpansionIsBounded() {
        #expect(PseudoLocale.maximumExpansion == 3)
        for ratio in [1e300, 1e8, .infinity] {
            let out = PseudoLocale(expansion: .fixed(ratio)).transform("Settings")
            #expect(out.count == 32 + 2, "\(ratio): \(out)")
        }
        #expect(PseudoLocale(expansion: .fixed(.nan)).transform("Settings") == "[Šéţţîñĝš]")
        #expect(PseudoLocale(expansion: .fixed(-5)).transform("Settings") == "[Šéţţîñĝš]")
    }

    /// Regression (found while bounding the pseudo-locale): each unclosed "{", "<" or "%#@" searched to
    /// the end of the text, quadratic in a long value. 200,000 characters of them now pass in one
    /// sweep. None is a letter, so the text stays as it is, and 40 % padding follows:
    /// 200,000 × 1.4 = 280,000 characters inside the brackets.
    @Test func unclosedPlaceholdersAreLinear() {
        // "%#@" × 66,666 is 199,998 characters: ⌈199,998 × 1.4⌉ = ⌈279,997.2⌉ = 279,998.
        for (unit, inside) in [("{", 280_000), ("<", 280_000), ("%#@", 279_998)] {
            let text = String(repeating: unit, count: 200_000 / unit.count)
            let out = PseudoLocale().transform(text)
            #expect(out.count == inside + 2)
            #expect(out.hasPrefix("[" + String(repeating: unit, count: 10)))
        }
    }
}
