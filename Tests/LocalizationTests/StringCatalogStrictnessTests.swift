import Foundation
import Testing
@testable import Localization

/// String Catalogs are read as strictly as Xcode reads them: errors (file:line:column) for what
/// makes Xcode reject the catalog, warnings for what it shows nothing of.
@Suite("String Catalog strictness")
struct StringCatalogStrictnessTests {
    func parse(_ text: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        try StringCatalogFile.parse(Data(text.utf8), file: "Localizable.xcstrings", mode: mode)
    }

    /// A trailing comma after the last member (line 6, column 77: counted in the literal by a python
    /// `rindex(",") + 1` on the dedented line). RFC 8259 has no trailing comma; Xcode's reader rejects it.
    @Test func trailingCommaIsAnError() {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Hi" } },
              }
            }
          },
          "version" : "1.0"
        }
        """
        #expect {
            _ = try parse(text)
        } throws: { error in
            let e = error as! LocalizationError
            return e.line == 6 && e.column == 77 && e.message.contains("trailing comma")
        }
    }

    /// `ohter` for `other`: no form for most numbers (an error, as `.stringsdict` without `other`
    /// is) and a warning naming the misspelt case with its likely meaning.
    static let misspeltPlural = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "episodes" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld new episode" } },
              "ohter" : { "stringUnit" : { "state" : "translated", "value" : "%lld new episodes" } }
            } } }
          }
        }
      },
      "version" : "1.0"
    }
    """

    @Test func pluralWithoutOtherIsAnError() throws {
        #expect {
            _ = try parse(Self.misspeltPlural)
        } throws: { error in
            let e = error as! LocalizationError
            return e.line == 4 && e.message.contains("has no 'other' plural form")
        }
        // Lenient: the key is skipped with the error as a warning, the misspelling warned about.
        let lenient = try parse(Self.misspeltPlural, mode: .lenient)
        #expect(lenient.entries.isEmpty)
        #expect(lenient.warnings.contains { $0.message.contains("ohter: unknown plural case") && $0.message.contains("did you mean \"other\"") })
    }

    /// A misspelt case beside a real `other`: the catalog is read, the case ignored with a warning.
    @Test func misspeltCaseBesideOtherIsAWarning() throws {
        let text = Self.misspeltPlural.replacingOccurrences(
            of: "\"ohter\"", with: "\"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld new episodes\" } },\n          \"fwe\"")
        let result = try parse(text)
        #expect(result.entries.map(\.variant) == ["[plural=one]", "[plural=other]"])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("fwe: unknown plural case") == true)
    }

    /// `"argNum": "1"`: Xcode decodes argNum as an integer, so a string is an error.
    @Test func argNumAsStringIsAnError() {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "files" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@files@" },
                  "substitutions" : { "files" : {
                    "argNum" : "1",
                    "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } }
                    } }
                  } }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        #expect {
            _ = try parse(text)
        } throws: { error in
            let e = error as! LocalizationError
            return e.line == 4 && e.message.contains("argNum must be a whole number ≥ 1, got the string \"1\"")
        }
        // The same catalog with a number reads.
        #expect(throws: Never.self) { _ = try parse(text.replacingOccurrences(of: "\"argNum\" : \"1\"", with: "\"argNum\" : 1")) }
    }
}
