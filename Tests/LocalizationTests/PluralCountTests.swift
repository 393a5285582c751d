import Foundation
import Testing
@testable import Localization

/// Each plural form is measured with a count that selects it in its locale, and a sample given
/// for one specifier never replaces another's.
@Suite struct PluralCountTests {
    /// stringsdictFixture (StringsDictTests.swift): photos.count's forms are "Keine Fotos",
    /// "Ein Foto", "%d Fotos"; "files & folders" combines "%lld Datei(en)" and "einem Ordner" /
    /// "%lld Ordnern".
    @Test func stringsdictFormsKnowWhichSpecifierCounts() throws {
        let r = try StringsDictFile.parse(Data(stringsdictFixture.utf8), file: "de.lproj/Localizable.stringsdict", locale: "de")
        let photos = r.entries.filter { $0.key == "photos.count" }
        // zero and one have no specifier; other's "%d" (specifier 0) prints the count.
        #expect(photos.map(\.pluralCounts) == [[], [], [PluralCount(specifierIndex: 0, category: .other)]])
        let files = r.entries.filter { $0.key == "files & folders" }
        // "[files=one][folders=other]" = "%lld Datei in %lld Ordnern": specifier 0 counts files
        // (one), specifier 1 counts folders (other).
        #expect(files[1].value == "%lld Datei in %lld Ordnern")
        #expect(files[1].pluralCounts == [PluralCount(specifierIndex: 0, category: .one),
                                          PluralCount(specifierIndex: 1, category: .other)])
        // "[files=one][folders=one]" = "%lld Datei in einem Ordner": only the files count is printed.
        #expect(files[0].pluralCounts == [PluralCount(specifierIndex: 0, category: .one)])
    }

    /// A form whose variable is nested inside another's text, and a count written after the
    /// nested variable: offsets move as the texts are replaced.
    @Test func nestedVariablesKeepTheirCounts() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>k</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@outer@</string>
        <key>outer</key><dict>
          <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key><string>d</string>
          <key>one</key><string>%#@inner@ and %d thing</string>
          <key>other</key><string>%#@inner@ and %d things</string>
        </dict>
        <key>inner</key><dict>
          <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key><string>ld</string>
          <key>one</key><string>%ld page</string>
          <key>other</key><string>%ld pages</string>
        </dict>
        </dict></dict></plist>
        """
        let r = try StringsDictFile.parse(Data(plist.utf8), file: "en.lproj/L.stringsdict", locale: "en")
        let one = try #require(r.entries.first { $0.variant == "[outer=one][inner=other]" })
        #expect(one.value == "%ld pages and %d thing")
        #expect(one.pluralCounts == [PluralCount(specifierIndex: 0, category: .other),
                                     PluralCount(specifierIndex: 1, category: .one)])
        let samples = FormatSamples(byConversion: ["d": "45", "ld": "45"])
        #expect(samples.substitute(one.value, counts: one.pluralCounts, rules: PluralRules(locale: "en")).text
                == "45 pages and 1 thing")
    }

    /// The defect: with samples `%d` = 1 and `%lld` = 45, `%d` was measured as 45 and the English
    /// `[one]` form "%lld new episode" as "45 new episode".
    @Test func samplesPerSpecifierAndFormsWithSelectingCounts() {
        let samples = FormatSamples(byConversion: ["d": "1", "lld": "45"])
        #expect(samples.substitute("%d item").text == "1 item")
        #expect(samples.substitute("%lld new episodes").text == "45 new episodes")
        #expect(samples.substitute("%ld left").text == "1 left")      // no "ld" sample: the "d" one serves
        let en = PluralRules(locale: "en")
        let one = [PluralCount(specifierIndex: 0, category: .one)]
        let other = [PluralCount(specifierIndex: 0, category: .other)]
        #expect(samples.substitute("%lld new episode", counts: one, rules: en).text == "1 new episode")
        #expect(samples.substitute("%lld new episodes", counts: other, rules: en).text == "45 new episodes")
        // Russian: 45 is many; the nearest few at or below is 44, the nearest one 41 (CLDR: one =
        // i % 10 = 1 and i % 100 ≠ 11; few = i % 10 = 2..4 and i % 100 ∉ 12..14).
        let ru = PluralRules(locale: "ru")
        #expect(samples.substitute("%lld новый выпуск", counts: one, rules: ru).text == "41 новый выпуск")
        #expect(samples.substitute("%lld новых выпуска", counts: [PluralCount(specifierIndex: 0, category: .few)],
                                   rules: ru).text == "44 новых выпуска")
        // The default integer sample is "1,234" (grouped), itself few in Russian (4; 34 ∉ 12..14);
        // the nearest one at or below is 1,231 (1; 31 ≠ 11), written grouped like the sample.
        #expect(FormatSamples().substitute("%d", counts: [PluralCount(specifierIndex: 0, category: .few)], rules: ru).text
                == "1,234")
        #expect(FormatSamples().substitute("%d", counts: one, rules: ru).text == "1,231")
    }
}

/// String Catalogs: a plural variation's count is its first integer specifier; a substitution's
/// is its `%arg`, wherever the substitution lands in the text.
@Suite struct CatalogPluralCountTests {
    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "episodes" : {
          "localizations" : {
            "ru" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld новый выпуск" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld новых выпуска" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld новых выпусков" } }
                }
              }
            }
          }
        },
        "summary" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%@ has %#@files@" },
              "substitutions" : {
                "files" : {
                  "argNum" : 2,
                  "formatSpecifier" : "lld",
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } }
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    @Test func countsOfVariationsAndSubstitutions() throws {
        let r = try StringCatalogFile.parse(Data(Self.catalog.utf8), file: "L.xcstrings")
        let ru = r.entries.filter { $0.key == "episodes" && $0.locale == "ru" }
        #expect(ru.map(\.variant) == ["[plural=one]", "[plural=few]", "[plural=other]"])
        #expect(ru.map(\.pluralCounts) == [[PluralCount(specifierIndex: 0, category: .one)],
                                           [PluralCount(specifierIndex: 0, category: .few)],
                                           [PluralCount(specifierIndex: 0, category: .other)]])
        let summary = r.entries.filter { $0.key == "summary" }
        // "%@ has %2$lld file": specifier 0 is the name, 1 the count.
        #expect(summary.map(\.value) == ["%@ has %2$lld file", "%@ has %2$lld files"])
        #expect(summary.map(\.pluralCounts) == [[PluralCount(specifierIndex: 1, category: .one)],
                                                [PluralCount(specifierIndex: 1, category: .other)]])
        let samples = FormatSamples(byPosition: [2: "45"])
        let en = PluralRules(locale: "en")
        #expect(samples.substitute(summary[0].value, counts: summary[0].pluralCounts, rules: en).text
                == "Alexandra Johnson has 1 file")
        #expect(samples.substitute(summary[1].value, counts: summary[1].pluralCounts, rules: en).text
                == "Alexandra Johnson has 45 files")
    }

    /// A substitution whose forms repeat it grows the text at each of its 8 passes (600,000
    /// characters, then 1,200,000 > 1,048,576 = 1 Mi): refused with an error once a text would pass
    /// the limit, instead of growing without end.
    @Test func growingSubstitutionsAreRefused() {
        let form = String(repeating: "x", count: 600_000) + " %#@s@ %#@s@"
        let catalog = """
        {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{
          "stringUnit":{"state":"translated","value":"%#@s@"},
          "substitutions":{"s":{"formatSpecifier":"lld","variations":{"plural":{
            "other":{"stringUnit":{"state":"translated","value":"\(form)"}}}}}}}}}},"version":"1.0"}
        """
        let error = #expect(throws: LocalizationError.self) {
            try StringCatalogFile.parse(Data(catalog.utf8), file: "G.xcstrings")
        }
        #expect(error?.message.contains("longer than 1048576 characters") == true)
    }
}
