import Foundation

extension StringCatalogFile {
    /// Where one key's localizations are in the catalog's text: for each language of its
    /// `"localizations"` object, the line of the language's key and the line of each `"value"`
    /// string below it (by the text it holds; the first of equal texts), so a finding points at
    /// the text it measured, not at the key.
    struct ValueLines {
        var languages: [String: (line: Int, values: [String: Int])] = [:]

        init() {}

        /// The line of `value` in `language`; the language's line when no `"value"` holds that text
        /// as written (a text built from substitutions); nil when the language is not found.
        func line(language: String, value: String) -> Int? {
            guard let entry = languages[language] else { return nil }
            return entry.values[value] ?? entry.line
        }

        /// Scans `bytes`, one key's JSON value (its object) starting on line `firstLine`. Best
        /// effort: text the scan does not follow leaves what was found so far.
        init(_ bytes: Data, firstLine: Int) {
            self = Self.scan([UInt8](bytes), firstLine: firstLine, keyLevel: nil)[""] ?? ValueLines()
        }

        /// Every key of a whole catalog's `"strings"` object, by key.
        static func document(_ data: Data) -> [String: ValueLines] {
            scan([UInt8](data), firstLine: 1, keyLevel: 2)
        }

        /// `keyLevel`: where a key's name is among the keys leading from the scanned value to its
        /// object (2 in a whole catalog: root, `"strings"`, the key); nil when the scanned value is
        /// one key's object (found under "").
        private static func scan(_ b: [UInt8], firstLine: Int, keyLevel: Int?) -> [String: ValueLines] {
            let n = b.count, k = keyLevel ?? 0
            var i = 0, line = firstLine
            var found: [String: ValueLines] = [:]
            // The keys leading to the current value, one per open object (nil inside arrays).
            var path: [String?] = []
            var pendingKey: String?
            var containers: [UInt8] = []
            /// A string token at `i` ('"'): its bytes with the quotes, or nil if it does not end.
            func stringToken() -> Range<Int>? {
                let start = i
                i += 1
                while i < n {
                    switch b[i] {
                    case 0x5C: i += 2
                    case 0x22: i += 1; return start..<i
                    case 0x0A: line += 1; i += 1
                    default: i += 1
                    }
                }
                return nil
            }
            func decode(_ r: Range<Int>) -> String? {
                try? JSONSerialization.jsonObject(with: Data(b[r]), options: .fragmentsAllowed) as? String
            }
            /// The key whose object the path is in (nil outside the catalog's keys).
            func keyName() -> String? {
                guard let level = keyLevel else { return "" }
                guard path.count > level, path[1] == "strings" else { return nil }
                return path[level]
            }
            while i < n {
                let c = b[i]
                switch c {
                case 0x0A: line += 1; i += 1
                case 0x7B, 0x5B:  // { [
                    containers.append(c)
                    path.append(c == 0x7B ? pendingKey : nil)
                    pendingKey = nil
                    i += 1
                case 0x7D, 0x5D:  // } ]
                    containers.removeLast(min(1, containers.count))
                    path.removeLast(min(1, path.count))
                    i += 1
                case 0x22:
                    let tokenLine = line
                    guard let r = stringToken() else { return found }
                    var j = i
                    while j < n, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0D || b[j] == 0x0A { j += 1 }
                    let isKey = containers.last == 0x7B && pendingKey == nil && j < n && b[j] == 0x3A
                    guard let text = decode(r) else { continue }
                    if isKey {
                        pendingKey = text
                        // A language: a key of the object under the key's "localizations".
                        if path.count == k + 2, path[k + 1] == "localizations", let key = keyName() {
                            found[key, default: ValueLines()].languages[text] = (tokenLine, [:])
                        }
                    } else {
                        // A string value: a "value" below a language.
                        if pendingKey == "value", path.count >= k + 3, path[k + 1] == "localizations",
                           let language = path[k + 2], let key = keyName(),
                           found[key]?.languages[language]?.values[text] == nil {
                            found[key]?.languages[language]?.values[text] = tokenLine
                        }
                        pendingKey = nil
                    }
                case 0x2C:  // ,
                    pendingKey = nil
                    i += 1
                default:
                    i += 1
                }
            }
            return found
        }
    }
}
