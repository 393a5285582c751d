import Foundation
import TypeFitSupport

/// Reader for Xcode 15+ string catalogs (`.xcstrings`, JSON).
///
/// Every localization of every key is read. A localization is a `stringUnit` (`state`, `value`),
/// or `variations` by `device` (`iphone`, `ipad`, `ipod`, `mac`, `applewatch`, `appletv`,
/// `applevision`, `other`) and/or `plural` (`zero`…`other`), nested in any order, plus
/// `substitutions` (`%#@name@` references with their own plural variations, whose texts use
/// `%arg` for the argument: it becomes `%<argNum>$<formatSpecifier>`, e.g. `%1$lld`).
/// One ``LocalizedString`` per variant, labelled like `[device=iphone][plural=one][files=other]`.
/// A key without a localization in the catalog's `sourceLanguage` gets the key itself as its
/// source value (as Xcode does), with state `nil`.
/// Lines: the line of the localization's `"value"` that holds the text (scanned; best effort: the
/// language's line for a text built from substitutions, the key's when the scan gave up).
public enum StringCatalogFile {
    /// Reading options.
    public struct Options: Sendable, Hashable {
        /// Drop string units whose state is `stale` (keys no longer found in code).
        public var skipStale: Bool
        /// Options; default keeps stale units.
        public init(skipStale: Bool = false) { self.skipStale = skipStale }
    }

    /// Reads the `.xcstrings` at `url`.
    public static func load(contentsOf url: URL, options: Options = Options(), mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        let data = try LocalizationError.read(url)
        return try parse(data, file: url.path, options: options, mode: mode)
    }

    /// Parses `.xcstrings` bytes; `file` is only used in entries and messages.
    public static func parse(_ data: Data, file: String, options: Options = Options(), mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        // Xcode reads a catalog as strict JSON: a trailing comma Foundation here would let pass is
        // an error there, so it is one here, at its line and column.
        if let failure = JSONSyntax.firstError(in: data, allowingTrailingCommas: false) {
            throw LocalizationError(file: file, line: failure.position.line, column: failure.position.column,
                                    message: "not valid JSON: \(failure.problem)")
        }
        // Key by key when the layout scan succeeds: Foundation's JSON tree of a whole catalog takes
        // about 30 times the file (a 66 MB catalog of 10,000 keys: 2 GB), one key's
        // tree a few kB. Anything the scan does not follow goes through the whole-document path.
        let members: [Member]
        let sourceLanguage: String?
        if let layout = catalogLayout(data), let root = try? JSONSerialization.jsonObject(with: layout.rootWithoutStrings) as? [String: Any] {
            let source = (root["sourceLanguage"] as? String).map(LocaleID.normalize)
            do throws(LocalizationError) {
                return try read(layout.members, sourceLanguage: source, file: file, options: options, mode: mode)
            } catch {
                // Bad JSON inside a key: the whole-document path names the exact line and column.
                if error.message.hasPrefix("not valid JSON in strings.") { _ = try wholeDocument(data, file: file) }
                throw error
            }
        } else {
            (members, sourceLanguage) = try wholeDocument(data, file: file)
        }
        return try read(members, sourceLanguage: sourceLanguage, file: file, options: options, mode: mode)
    }

    /// One key of the `"strings"` object: its line, and its value (parsed on demand).
    struct Member {
        var key: String
        var line: Int
        var value: Value
        /// The line the value starts on (scanned members).
        var valueLine: Int?
        /// Where its localizations' texts are (members of a whole document, scanned with it).
        var lines: ValueLines?

        /// Where its localizations' texts are, scanned from its bytes or with the whole document.
        var valueLines: ValueLines? {
            if let lines { return lines }
            guard case .bytes(let bytes) = value, let valueLine else { return nil }
            return ValueLines(bytes, firstLine: valueLine)
        }
        enum Value {
            case parsed(Any)
            case bytes(Data)
        }

        func entry(file: String) throws(LocalizationError) -> Any {
            switch value {
            case .parsed(let any): return any
            case .bytes(let data):
                do { return try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) } catch {
                    if let (depth, _) = nestingPastLimit(data) {
                        throw LocalizationError(file: file, line: line, column: 1,
                                                message: "strings.\"\(key)\": JSON nested too deeply (more than \(depth) levels of arrays and objects; the JSON reader's limit)")
                    }
                    throw LocalizationError(file: file, line: line, column: 1,
                                            message: "not valid JSON in strings.\"\(key)\" (\(error.localizedDescription))")
                }
            }
        }
    }

    /// The whole document parsed at once (the layout scan gave up: malformed or unusual JSON).
    static func wholeDocument(_ data: Data, file: String) throws(LocalizationError) -> ([Member], String?) {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            if let (depth, line) = nestingPastLimit(data) {
                throw LocalizationError(file: file, line: line, column: 1,
                                        message: "JSON nested too deeply (more than \(depth) levels of arrays and objects; the JSON reader's limit)")
            }
            if let failure = JSONSyntax.firstError(in: data) {
                throw LocalizationError(file: file, line: failure.position.line, column: failure.position.column,
                                        message: "not valid JSON: \(failure.problem)")
            }
            throw LocalizationError(file: file, message: "not valid JSON (\(error.localizedDescription))")
        }
        guard let root = json as? [String: Any] else {
            throw LocalizationError(file: file, message: "root of a string catalog must be a JSON object")
        }
        guard let strings = root["strings"] as? [String: Any] else {
            throw LocalizationError(file: file, message: "missing \"strings\" object")
        }
        let sourceLanguage = (root["sourceLanguage"] as? String).map(LocaleID.normalize)
        let lineOf = keyLines(data)
        let values = ValueLines.document(data)
        return (strings.map { Member(key: $0.key, line: lineOf[$0.key] ?? 0, value: .parsed($0.value), lines: values[$0.key]) },
                sourceLanguage)
    }

    static func read(_ members: [Member], sourceLanguage: String?, file: String, options: Options,
                     mode: ParseMode) throws(LocalizationError) -> LoadResult {
        var result = LoadResult()
        for member in members.sorted(by: { ($0.line, $0.key) < ($1.line, $1.key) }) {
            let key = member.key, line = member.line
            do throws(LocalizationError) {
                guard let entry = try member.entry(file: file) as? [String: Any] else {
                    throw LocalizationError(file: file, line: line, column: 1, message: "strings.\"\(key)\" is not an object")
                }
                let comment = entry["comment"] as? String
                let localizations = entry["localizations"] as? [String: Any] ?? [:]
                let valueLines = member.valueLines
                var sawSource = false
                for lang in localizations.keys.sorted() {
                    let locale = LocaleID.normalize(lang)
                    if locale == sourceLanguage { sawSource = true }
                    let path = "strings.\"\(key)\".localizations.\(lang)"
                    guard let node = localizations[lang] as? [String: Any] else {
                        throw LocalizationError(file: file, line: line, column: 1, message: "\(path) is not an object")
                    }
                    for v in try expandLocalization(node, path: path, file: file, line: line, warnings: &result.warnings) {
                        if options.skipStale, v.state == "stale" { continue }
                        var string = LocalizedString(key: key, variant: v.label.isEmpty ? nil : v.label,
                                                     locale: locale, value: v.value, comment: comment,
                                                     state: v.state, file: file,
                                                     line: valueLines?.line(language: lang, value: v.value) ?? line)
                        string.pluralCounts = StringsDictFile.pluralCounts(in: v.value, at: v.counts)
                        string.device = v.device
                        result.entries.append(string)
                    }
                }
                if !sawSource, let source = sourceLanguage, (entry["shouldTranslate"] as? Bool) != false || localizations.isEmpty {
                    result.entries.append(LocalizedString(key: key, locale: source, value: key, comment: comment,
                                                          file: file, line: line))
                }
            } catch {
                if mode == .strict { throw error }
                result.warnings.append(LocalizationWarning(file: file, line: error.line, column: error.column,
                                                           message: error.message + "; entry skipped"))
            }
        }
        return result
    }

    /// Where the members of the top-level `"strings"` object are, found by a scan that follows
    /// JSON's grammar at the top two levels (values below are skipped, strings and nesting
    /// tracked): each member's key, line and value bytes, and the document with `"strings": {}` for
    /// the other top-level keys. nil when the text is anything but a plain object with one
    /// `"strings"` object (then the whole document is parsed, with its errors).
    static func catalogLayout(_ data: Data) -> (members: [Member], rootWithoutStrings: Data)? {
        let b = [UInt8](data)
        let n = b.count
        var i = 0, line = 1
        func skipSpace() {
            while i < n {
                let c = b[i]
                if c == 0x0A { line += 1 } else if c != 0x20, c != 0x09, c != 0x0D { return }
                i += 1
            }
        }
        func skipString() -> Bool {  // at '"'; true when it ends on this line
            i += 1
            while i < n, b[i] != 0x22 {
                if b[i] == 0x0A { return false }
                i += b[i] == 0x5C ? 2 : 1
            }
            guard i < n else { return false }
            i += 1
            return true
        }
        func readKey() -> String? {
            guard i < n, b[i] == 0x22 else { return nil }
            let start = i
            guard skipString() else { return nil }
            let raw = b[(start + 1)..<(i - 1)]
            if !raw.contains(0x5C) { return String(decoding: raw, as: UTF8.self) }
            return (try? JSONSerialization.jsonObject(with: Data(b[start..<i]), options: .fragmentsAllowed)) as? String
        }
        func skipValue() -> Bool {  // up to the ',' or closing bracket that ends it
            var depth = 0
            while i < n {
                switch b[i] {
                case 0x22: if !skipString() { return false }; continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    if depth == 0 { return true }
                    depth -= 1
                case 0x2C: if depth == 0 { return true }
                case 0x0A: line += 1
                default: break
                }
                i += 1
            }
            return false
        }
        /// Members of the object at `i` ('{'); `body` sees each key before its value and returns
        /// whether it consumed the value itself.
        func object(_ body: (String, Int) -> Bool?) -> Bool {
            guard i < n, b[i] == 0x7B else { return false }
            i += 1
            skipSpace()
            if i < n, b[i] == 0x7D { i += 1; return true }
            while true {
                skipSpace()
                let keyLine = line
                guard let key = readKey() else { return false }
                skipSpace()
                guard i < n, b[i] == 0x3A else { return false }
                i += 1
                skipSpace()
                guard let consumed = body(key, keyLine) else { return false }
                if !consumed, !skipValue() { return false }
                skipSpace()
                guard i < n else { return false }
                if b[i] == 0x7D { i += 1; return true }
                guard b[i] == 0x2C else { return false }
                i += 1
            }
        }
        var members: [Member] = []
        var stringsRange: Range<Int>?
        skipSpace()
        let ok = object { key, _ in
            guard key == "strings" else { return false }
            guard stringsRange == nil, i < n, b[i] == 0x7B else { return nil }
            let start = i
            let inner = object { key, keyLine in
                let valueStart = i, valueLine = line
                guard skipValue() else { return nil }
                members.append(Member(key: key, line: keyLine, value: .bytes(Data(b[valueStart..<i])), valueLine: valueLine))
                return true
            }
            guard inner else { return nil }
            stringsRange = start..<i
            return true
        }
        skipSpace()
        guard ok, i == n, let range = stringsRange else { return nil }
        // Duplicate keys: the last value wins (as in the whole-document parse), at the first key's line.
        var seen: [String: Int] = [:]
        var unique: [Member] = []
        for m in members {
            if let k = seen[m.key] {
                unique[k].value = m.value
                unique[k].valueLine = m.valueLine
            } else {
                seen[m.key] = unique.count
                unique.append(m)
            }
        }
        return (unique, Data(b[..<range.lowerBound]) + Data("{}".utf8) + Data(b[range.upperBound...]))
    }

    /// Foundation's JSON reader refuses more than 512 nested arrays and objects with a generic
    /// "not in the correct format" error. When it fails, this scan (strings skipped) tells whether
    /// the nesting passed that depth: (512, line where it did) or nil.
    static func nestingPastLimit(_ data: Data, limit: Int = 512) -> (Int, Int)? {
        var depth = 0, line = 1, inString = false, escaped = false
        for byte in data {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth > limit { return (limit, line) }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return nil
    }

    struct Variant {
        var label: String
        var value: String
        var state: String?
        /// UTF-16 offsets in `value` of the specifiers that print plural counts, with the category
        /// of the form chosen for each.
        var counts: [(offset: Int, category: PluralCategory)] = []
        /// The device variation this variant is in (the outermost one), nil when none.
        var device: DeviceVariant?
    }

    static let deviceOrder = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "vision", "other"]

    static func order(_ kind: String) -> [String] {
        kind == "plural" ? StringsDictFile.pluralCategories : kind == "device" ? deviceOrder : []
    }

    static func sortedNames(_ names: some Collection<String>, kind: String) -> [String] {
        let ord = order(kind)
        return names.sorted { (ord.firstIndex(of: $0) ?? ord.count, $0) < (ord.firstIndex(of: $1) ?? ord.count, $1) }
    }

    /// A localization node: `stringUnit` or `variations`, then `substitutions` applied.
    static func expandLocalization(_ node: [String: Any], path: String, file: String, line: Int,
                                   warnings: inout [LocalizationWarning]) throws(LocalizationError) -> [Variant] {
        var variants = try expandNode(node, path: path, file: file, line: line, warnings: &warnings)
        guard let subs = node["substitutions"] as? [String: Any], !subs.isEmpty else { return variants }
        var table: [String: [Variant]] = [:]
        for (name, raw) in subs {
            let subPath = path + ".substitutions.\(name)"
            guard let sub = raw as? [String: Any] else {
                throw LocalizationError(file: file, line: line, column: 1, message: "\(subPath) is not an object")
            }
            var arg = "%"
            if let raw = sub["argNum"] {
                // Xcode decodes argNum as an integer: a string or a fraction makes the catalog unreadable.
                guard !(raw is String), let n = raw as? Int, n >= 1 else {
                    throw LocalizationError(file: file, line: line, column: 1,
                                            message: "\(subPath).argNum must be a whole number ≥ 1, got \(shown(raw))")
                }
                arg += "\(n)$"
            }
            if let raw = sub["formatSpecifier"] {
                guard let specifier = raw as? String else {
                    throw LocalizationError(file: file, line: line, column: 1,
                                            message: "\(subPath).formatSpecifier must be a string, got \(shown(raw))")
                }
                arg += specifier
            } else {
                arg += "@"
            }
            // The first "%arg" of a form starts where its replacement starts: a count recorded there
            // stays right.
            table[name] = try expandNode(sub, path: subPath, file: file, line: line, warnings: &warnings).map {
                Variant(label: $0.label, value: $0.value.replacingOccurrences(of: "%arg", with: arg), state: $0.state,
                        counts: $0.counts, device: $0.device)
            }
        }
        // Replace each %#@name@ by every variant of that substitution (depth-limited). Each pass's
        // count is checked before its texts are built: a 6.7 kB catalog can ask for 6⁸ variants.
        for _ in 0..<8 {
            var count = 0, total = 0
            for v in variants {
                let length = v.value.utf16.count
                if let ref = StringsDictFile.firstVariable(in: v.value), let subVariants = table[ref.name] {
                    count += subVariants.count
                    let refLength = v.value[ref.range].utf16.count
                    for s in subVariants { total += length - refLength + s.value.utf16.count }
                } else {
                    count += 1
                    total += length
                }
            }
            if count > StringsDictFile.maximumVariants {
                throw LocalizationError(file: file, line: line, column: 1, message: "\(path).substitutions expand to more than \(StringsDictFile.maximumVariants) variants (the limit; a real key has a few dozen)")
            }
            if total > StringsDictFile.maximumTotalLength {
                throw LocalizationError(file: file, line: line, column: 1, message: "\(path).substitutions make texts longer than \(StringsDictFile.maximumTotalLength) characters in all (the limit; a real key has a few thousand)")
            }
            var changed = false
            var next: [Variant] = []
            for v in variants {
                guard let ref = StringsDictFile.firstVariable(in: v.value), let subVariants = table[ref.name] else {
                    next.append(v)
                    continue
                }
                changed = true
                let start = v.value.utf16.distance(from: v.value.startIndex, to: ref.range.lowerBound)
                let length = v.value[ref.range].utf16.count
                for s in subVariants {
                    // "[plural=one]" of the substitution becomes "[name=one]".
                    let part = s.label.replacingOccurrences(of: "[plural=", with: "[\(ref.name)=")
                    let shift = s.value.utf16.count - length
                    guard v.value.utf16.count + shift <= StringsDictFile.maximumTextLength else {
                        throw LocalizationError(file: file, line: line, column: 1, message: "\(path).substitutions make a text longer than \(StringsDictFile.maximumTextLength) characters (the limit; a label shows a few hundred)")
                    }
                    let counts = v.counts.map { $0.offset > start ? (offset: $0.offset + shift, category: $0.category) : $0 }
                        + s.counts.map { (offset: start + $0.offset, category: $0.category) }
                    next.append(Variant(label: v.label + part,
                                        value: v.value.replacingCharacters(in: ref.range, with: s.value),
                                        state: v.state ?? s.state, counts: counts, device: v.device ?? s.device))
                }
            }
            variants = next
            if !changed { break }
        }
        return variants
    }

    static func expandNode(_ node: [String: Any], path: String, file: String, line: Int,
                           warnings: inout [LocalizationWarning]) throws(LocalizationError) -> [Variant] {
        if let variations = node["variations"] as? [String: Any] {
            var out: [Variant] = []
            for kind in variations.keys.sorted(by: { ($0 == "plural" ? 1 : 0, $0) < ($1 == "plural" ? 1 : 0, $1) }) {
                guard let cases = variations[kind] as? [String: Any] else {
                    throw LocalizationError(file: file, line: line, column: 1, message: "\(path).variations.\(kind) is not an object")
                }
                let known = try knownCases(cases, kind: kind, path: "\(path).variations.\(kind)", file: file, line: line,
                                           warnings: &warnings)
                for name in sortedNames(known, kind: kind) {
                    let childPath = "\(path).variations.\(kind).\(name)"
                    guard let child = cases[name] as? [String: Any] else {
                        throw LocalizationError(file: file, line: line, column: 1, message: "\(childPath) is not an object")
                    }
                    for var v in try expandNode(child, path: childPath, file: file, line: line, warnings: &warnings) {
                        // A plural form's count: its "%arg" (in a substitution) or its first integer specifier.
                        if kind == "plural", v.counts.isEmpty, let category = PluralCategory(rawValue: name) {
                            if let arg = v.value.range(of: "%arg") {
                                v.counts = [(v.value.utf16.distance(from: v.value.startIndex, to: arg.lowerBound), category)]
                            } else if let spec = StringsDictFile.countSpecifier(in: v.value, valueType: nil) {
                                v.counts = [(spec.utf16Offset, category)]
                            }
                        }
                        let device = kind == "device" ? DeviceVariant(rawValue: name) ?? v.device : v.device
                        out.append(Variant(label: "[\(kind)=\(name)]" + v.label, value: v.value, state: v.state, counts: v.counts,
                                           device: device))
                    }
                }
            }
            return out
        }
        if let unit = node["stringUnit"] as? [String: Any] {
            guard let value = unit["value"] as? String else {
                throw LocalizationError(file: file, line: line, column: 1, message: "\(path).stringUnit has no string \"value\"")
            }
            return [Variant(label: "", value: value, state: unit["state"] as? String)]
        }
        if node["substitutions"] != nil { return [] }
        throw LocalizationError(file: file, line: line, column: 1, message: "\(path) has neither stringUnit nor variations")
    }
}
