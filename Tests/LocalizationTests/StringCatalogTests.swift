import Foundation
import Testing
@testable import Localization

/// Shaped like Xcode 15's output (`" : "` separators, 2-space indent, sorted keys).
/// Line numbers below are counted in this literal (line 1 = `{`), listed with a python scan of the
/// literal for lines matching `^    "` (4 spaces: keys of "strings"): 4, 7, 61, 71; for lines holding
/// `"value"`: 17, 23, 38, 44, 53, 66, 76, 87, 93; and for the languages' keys (`^        "(de|en)" :`):
/// 11, 29, 63, 73.
let xcstringsFixture = """
{
  "sourceLanguage" : "en",
  "strings" : {
    "Implicit source" : {

    },
    "items.count" : {
      "comment" : "Number of items in the cart",
      "extractionState" : "manual",
      "localizations" : {
        "de" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld Artikel"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "needs_review",
                  "value" : "%lld Artikel insgesamt"
                }
              }
            }
          }
        },
        "en" : {
          "variations" : {
            "device" : {
              "iphone" : {
                "variations" : {
                  "plural" : {
                    "one" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%lld item"
                      }
                    },
                    "other" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%lld items"
                      }
                    }
                  }
                }
              },
              "mac" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld items in your cart"
                }
              }
            }
          }
        }
      }
    },
    "Old \\"quoted\\" key" : {
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "stale",
            "value" : "Old"
          }
        }
      }
    },
    "photos_in_albums" : {
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "%#@photos@ in %lld albums"
          },
          "substitutions" : {
            "photos" : {
              "argNum" : 1,
              "formatSpecifier" : "lld",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg photo"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "new",
                      "value" : "%arg photos"
                    }
                  }
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

@Test func xcstringsVariantsAndLines() throws {
    let r = try StringCatalogFile.parse(Data(xcstringsFixture.utf8), file: "Localizable.xcstrings")
    let labels = r.entries.map { "\($0.locale) \($0.label) @\($0.line)" }
    #expect(labels == [
        // Key without localizations: the key is its own source (en) value.
        "en Implicit source @4",
        // Each text at the line of the "value" that holds it, not at its key's line.
        "de items.count[plural=one] @17",
        "de items.count[plural=other] @23",
        "en items.count[device=iphone][plural=one] @38",
        "en items.count[device=iphone][plural=other] @44",
        "en items.count[device=mac] @53",
        // The JSON key is written with \\" escapes; its decoded name is matched.
        "en Old \"quoted\" key @66",
        // A text built from substitutions is written by no one "value": the language's line.
        "en photos_in_albums[photos=one] @73",
        "en photos_in_albums[photos=other] @73",
    ])
    let mac = try #require(r.entries.first { $0.variant == "[device=mac]" })
    #expect(mac.value == "%lld items in your cart")
    #expect(mac.comment == "Number of items in the cart")
    #expect(mac.state == "translated")
    #expect(r.entries.first { $0.locale == "de" && $0.variant == "[plural=other]" }?.state == "needs_review")
    // %arg becomes %<argNum>$<formatSpecifier>.
    #expect(r.entries.filter { $0.key == "photos_in_albums" }.map(\.value)
            == ["%1$lld photo in %lld albums", "%1$lld photos in %lld albums"])
    #expect(r.entries.first { $0.key.hasPrefix("Old") }?.state == "stale")
}

@Test func xcstringsSkipStale() throws {
    let r = try StringCatalogFile.parse(Data(xcstringsFixture.utf8), file: "L.xcstrings", options: .init(skipStale: true))
    #expect(!r.entries.contains { $0.key.hasPrefix("Old") })
    #expect(r.entries.count == 8)
}

@Test func xcstringsErrors() {
    #expect(throws: LocalizationError.self) {
        try StringCatalogFile.parse(Data("{".utf8), file: "bad.xcstrings")
    }
    // A missing comma between two keys, as a hand-edited catalog has it: line 4
    // `    "b" : {}` — its `"` is the 5th character; Foundation alone said only "not valid JSON".
    let missingComma = "{\n  \"strings\" : {\n    \"a\" : {}\n    \"b\" : {}\n  }\n}\n"
    do {
        _ = try StringCatalogFile.parse(Data(missingComma.utf8), file: "Localizable.xcstrings")
        Issue.record("expected an error")
    } catch {
        #expect(error.description == "Localizable.xcstrings:4:5: not valid JSON: expected ',' or '}' after a value, found '\"'")
    }
    let noValue = """
    {"sourceLanguage":"en","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"new"}}}}},"version":"1.0"}
    """
    do {
        _ = try StringCatalogFile.parse(Data(noValue.utf8), file: "b.xcstrings")
        Issue.record("expected an error")
    } catch {
        #expect(error.description == "b.xcstrings:1:1: strings.\"k\".localizations.fr.stringUnit has no string \"value\"")
    }
}
