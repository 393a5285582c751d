import Foundation
import TypeFitSupport

/// What a String Catalog reader checks beside the JSON: the cases of a variation Xcode shows, and
/// the lines of the catalog's keys (for messages and findings).
extension StringCatalogFile {
    /// The cases of a `variations.<kind>` object Xcode shows: for `plural`, the CLDR categories
    /// (`zero`, `one`, `two`, `few`, `many`, `other`), `other` required, as `.stringsdict` requires
    /// it (an error without it: the string has no form for most numbers); for `device`, the device
    /// names Xcode writes. A case of another name is not shown by Xcode (a warning: most likely a
    /// misspelling, e.g. `ohter`); so is a variation of a kind other than `plural` and `device`.
    static func knownCases(_ cases: [String: Any], kind: String, path: String, file: String, line: Int,
                           warnings: inout [LocalizationWarning]) throws(LocalizationError) -> [String] {
        let valid: [String]
        switch kind {
        case "plural": valid = StringsDictFile.pluralCategories
        case "device": valid = DeviceVariant.allCases.map(\.rawValue)
        default:
            warnings.append(LocalizationWarning(file: file, line: line, column: 1,
                                                message: "\(path): unknown kind of variation \"\(kind)\" (Xcode knows plural and device); ignored"))
            return []
        }
        var known: [String] = []
        for name in cases.keys.sorted() {
            if valid.contains(name) { known.append(name); continue }
            let near = nearest(name, in: valid).map { "; did you mean \"\($0)\"?" } ?? ""
            warnings.append(LocalizationWarning(file: file, line: line, column: 1,
                                                message: "\(path).\(name): unknown \(kind) case (known: \(valid.joined(separator: ", ")))\(near); ignored"))
        }
        if kind == "plural", !known.contains("other") {
            throw LocalizationError(file: file, line: line, column: 1, message: "\(path) has no 'other' plural form")
        }
        return known
    }

    /// A JSON value for a message: a string quoted, anything else as JSON writes it.
    static func shown(_ value: Any) -> String {
        if let string = value as? String { return "the string \"\(string)\"" }
        if let data = try? JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed]),
           let text = String(data: data, encoding: .utf8) { return String(text.dropFirst().dropLast()) }
        return "\(value)"
    }

    /// Lines of the keys of the top-level `"strings"` object, by a small scan of the JSON text
    /// (tracks nesting and string literals; keys are decoded with JSONSerialization when escaped).
    static func keyLines(_ data: Data) -> [String: Int] {
        let b = [UInt8](data)
        let n = b.count
        var lines: [String: Int] = [:]
        var line = 1
        var depth = 0
        var i = 0
        var level1Key: String? = nil     // most recent key at depth 1
        var inStrings = false            // inside the object value of "strings"
        var lastString: (text: String, line: Int)? = nil
        while i < n {
            let c = b[i]
            switch c {
            case 0x0A:
                line += 1
            case 0x22: // string literal
                let start = i + 1
                var j = start
                var escaped = false
                while j < n, b[j] != 0x22 {
                    if b[j] == 0x5C { escaped = true; j += 1 }
                    if j < n, b[j] == 0x0A { line += 1 }
                    j += 1
                }
                var text = String(decoding: b[start..<min(j, n)], as: UTF8.self)
                if escaped, let arr = try? JSONSerialization.jsonObject(with: Data(("[\"" + text + "\"]").utf8)) as? [String],
                   let s = arr.first {
                    text = s
                }
                lastString = (text, line)
                i = j + 1
                continue
            case 0x3A: // ':' — the last string was a key
                if let s = lastString {
                    if depth == 1 { level1Key = s.text }
                    if depth == 2, inStrings, lines[s.text] == nil { lines[s.text] = s.line }
                }
            case 0x7B, 0x5B:
                depth += 1
                if depth == 2, c == 0x7B, level1Key == "strings" { inStrings = true }
            case 0x7D, 0x5D:
                if depth == 2 { inStrings = false }
                depth -= 1
            default:
                break
            }
            if c != 0x20, c != 0x09, c != 0x0D, c != 0x0A, c != 0x3A { lastString = nil }
            i += 1
        }
        return lines
    }
}
