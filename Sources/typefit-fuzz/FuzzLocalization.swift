import Foundation
import Localization

/// `.strings` (UTF-8 / UTF-16 detection, escapes, comments), strict and lenient.
func fuzzStrings(_ data: Data) {
    for mode in [ParseMode.strict, .lenient] {
        do {
            let result = try StringsFile.parse(data, file: "fuzz.strings", locale: "en", mode: mode)
            _ = result.entries.reduce(0) { $0 + $1.value.unicodeScalars.count }
        } catch {
            requireOneLine(error, .strings)
        }
    }
}

/// `.stringsdict` (property lists: XML, binary, OpenStep) with plural rules, strict and lenient.
func fuzzStringsDict(_ data: Data) {
    for mode in [ParseMode.strict, .lenient] {
        do {
            let result = try StringsDictFile.parse(data, file: "fuzz.stringsdict", locale: "en", mode: mode)
            _ = result.entries.count
        } catch {
            requireOneLine(error, .stringsdict)
        }
    }
}

/// `.xcstrings` (JSON string catalogs with plural/device variations), strict and lenient.
func fuzzStringCatalog(_ data: Data) {
    for mode in [ParseMode.strict, .lenient] {
        for skipStale in [false, true] {
            do {
                let result = try StringCatalogFile.parse(data, file: "fuzz.xcstrings", options: .init(skipStale: skipStale), mode: mode)
                _ = result.entries.count
            } catch {
                requireOneLine(error, .xcstrings)
            }
        }
    }
}
