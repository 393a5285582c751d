import Foundation
import TypeFitSupport

/// Reader for `.stringsdict` plural rules (XML or binary property lists via `PropertyListSerialization`).
///
/// Each top-level key's `NSStringLocalizedFormatKey` is expanded: every `%#@variable@` is replaced
/// by each of the variable's plural variants (`zero`, `one`, `two`, `few`, `many`, `other`, in that
/// order), giving one ``LocalizedString`` per combination. With one variable the variant label is
/// `[one]`; with several it is `[files=one][folders=other]`. Variables referenced inside a variant
/// text are expanded too (nesting depth ≤ 8). Lines come from scanning the XML text for the
/// top-level `<key>KEY</key>` (property lists do not keep positions); 0 for binary plists.
public enum StringsDictFile {
    /// Plural categories in CLDR order.
    public static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    /// The most variants one key may expand to (`.stringsdict` plural variables, `.xcstrings`
    /// substitutions). Real keys have a few dozen at most (two variables of six forms: 36; device ×
    /// plural: 48); six `%#@var@` of six forms make 46,656 from 686 bytes. The key is
    /// refused with an error naming it once its expansion passes this, before the texts are built.
    public static let maximumVariants = 1000

    /// The longest text a variable or substitution may expand to, in UTF-16 units (1 Mi): nested
    /// forms that repeat their variable grow a text geometrically, and a label shows a few hundred
    /// characters. A key past it is refused with an error naming it.
    public static let maximumTextLength = 1 << 20

    /// The most text one key's variants may hold together, in UTF-16 units (8 Mi): a thousand
    /// variants of a long text would otherwise take gigabytes.
    public static let maximumTotalLength = 8 << 20

    /// Reads the `.stringsdict` at `url`.
    public static func load(contentsOf url: URL, locale: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        let data = try LocalizationError.read(url)
        return try parse(data, file: url.path, locale: locale, mode: mode)
    }

    /// Parses `.stringsdict` bytes; `file` is only used in entries and messages.
    public static func parse(_ data: Data, file: String, locale: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        let plist: Any
        if let problem = PropertyListGuard.problem(in: data) {
            throw LocalizationError(file: file, message: "not a valid .stringsdict (\(problem))")
        }
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw LocalizationError(file: file, message: "not a valid property list (\(error.localizedDescription))")
        }
        guard let root = plist as? [String: Any] else {
            throw LocalizationError(file: file, message: "root of a .stringsdict must be a dictionary")
        }
        let lineOf = topLevelKeyLines(data)
        let locale = LocaleID.normalize(locale)
        var result = LoadResult()
        for key in root.keys.sorted(by: { (lineOf[$0] ?? 0, $0) < (lineOf[$1] ?? 0, $1) }) {
            let line = lineOf[key] ?? 0
            do throws(LocalizationError) {
                let variants = try expand(key: key, entry: root[key], file: file, line: line)
                for v in variants {
                    var entry = LocalizedString(key: key, variant: v.label.isEmpty ? nil : v.label,
                                                locale: locale, value: v.text, file: file, line: line)
                    entry.pluralCounts = v.counts
                    result.entries.append(entry)
                }
            } catch {
                if mode == .strict { throw error }
                result.warnings.append(LocalizationWarning(file: file, line: error.line, column: error.column,
                                                           message: error.message + "; entry skipped"))
            }
        }
        return result
    }

    private struct Variant {
        var label: String
        var text: String
        var counts: [PluralCount]
    }

    /// A plural variable: its forms and the specifier its count is printed with inside them
    /// (`NSStringFormatValueTypeKey`, e.g. `d`, `lld`).
    private struct Variable {
        var forms: [(category: String, text: String)]
        var valueType: String?
    }

    private static func expand(key: String, entry: Any?, file: String, line: Int) throws(LocalizationError) -> [Variant] {
        func fail(_ message: String) -> LocalizationError {
            LocalizationError(file: file, line: line, column: 1, message: "key \"\(key)\": \(message)")
        }
        guard let dict = entry as? [String: Any] else { throw fail("value is not a dictionary") }
        guard let format = dict["NSStringLocalizedFormatKey"] as? String else {
            throw fail("missing NSStringLocalizedFormatKey string")
        }
        var variables: [String: Variable] = [:]
        for (name, value) in dict where name != "NSStringLocalizedFormatKey" {
            guard let spec = value as? [String: Any] else { continue }
            if let type = spec["NSStringFormatSpecTypeKey"] as? String, type != "NSStringPluralRuleType" {
                throw fail("variable \"\(name)\" has unsupported NSStringFormatSpecTypeKey \(type)")
            }
            var forms: [(String, String)] = []
            for category in pluralCategories {
                if let text = spec[category] as? String { forms.append((category, text)) }
            }
            guard forms.contains(where: { $0.0 == "other" }) else {
                throw fail("variable \"\(name)\" has no 'other' plural form")
            }
            variables[name] = Variable(forms: forms, valueType: spec["NSStringFormatValueTypeKey"] as? String)
        }
        let multiple = variableNames(in: format).count > 1 || variables.count > 1
        var out: [Variant] = []
        var total = 0
        // Each leaf of the walk is a variant, and every inner node has at least one form ("other"),
        // so stopping at the limit bounds the whole walk (≤ 8 levels × maximumVariants nodes).
        // `counts`: UTF-16 offsets in `text` of the specifiers that print each variable's count,
        // with the category of the form chosen for it.
        func walk(_ text: String, _ label: String, _ counts: [(offset: Int, category: PluralCategory)], depth: Int) throws(LocalizationError) {
            guard let ref = firstVariable(in: text) else {
                guard out.count < maximumVariants else {
                    throw fail("its plural variables expand to more than \(maximumVariants) variants (the limit; a real key has a few dozen)")
                }
                total += text.utf16.count
                guard total <= maximumTotalLength else {
                    throw fail("its plural variables make texts longer than \(maximumTotalLength) characters in all (the limit; a real key has a few thousand)")
                }
                out.append(Variant(label: label, text: text, counts: pluralCounts(in: text, at: counts)))
                return
            }
            guard depth < 8 else { throw fail("variables nested deeper than 8 levels") }
            guard let variable = variables[ref.name] else {
                throw fail("format refers to %#@\(ref.name)@ but no such variable is defined")
            }
            let start = text.utf16.distance(from: text.startIndex, to: ref.range.lowerBound)
            let length = text[ref.range].utf16.count
            for form in variable.forms {
                guard text.utf16.count - length + form.text.utf16.count <= maximumTextLength else {
                    throw fail("its plural variables make a text longer than \(maximumTextLength) characters (the limit; a label shows a few hundred)")
                }
                let replaced = text.replacingCharacters(in: ref.range, with: form.text)
                let part = multiple ? "[\(ref.name)=\(form.category)]" : "[\(form.category)]"
                let shift = form.text.utf16.count - length
                var moved = counts.map { $0.offset > start ? (offset: $0.offset + shift, category: $0.category) : $0 }
                if let category = PluralCategory(rawValue: form.category),
                   let spec = countSpecifier(in: form.text, valueType: variable.valueType) {
                    moved.append((start + spec.utf16Offset, category))
                }
                try walk(replaced, label + part, moved, depth: depth + 1)
            }
        }
        try walk(format, "", [], depth: 0)
        return out
    }

    /// The specifier of a plural form's text that prints the count: the first whose length and
    /// conversion are the variable's `NSStringFormatValueTypeKey` (`lld`), else the first integer one.
    static func countSpecifier(in form: String, valueType: String?) -> FormatSpecifier? {
        let specs = FormatSpecifiers.parse(form).filter { $0.conversion != "%" }
        if let valueType, let exact = specs.first(where: { $0.length + String($0.conversion) == valueType }) { return exact }
        return specs.first { "diuDUoOxX".contains($0.conversion) }
    }

    /// `counts` (UTF-16 offsets of specifiers in `text`) as indices among the specifiers of `text`.
    static func pluralCounts(in text: String, at counts: [(offset: Int, category: PluralCategory)]) -> [PluralCount] {
        guard !counts.isEmpty else { return [] }
        let specs = FormatSpecifiers.parse(text)
        return counts.compactMap { count in
            specs.firstIndex { $0.utf16Offset == count.offset }.map { PluralCount(specifierIndex: $0, category: count.category) }
        }.sorted { $0.specifierIndex < $1.specifierIndex }
    }

    /// Names of `%#@name@` references in `text`, in order.
    static func variableNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let r = firstVariable(in: String(rest)) {
            names.append(r.name)
            rest = String(rest)[r.range.upperBound...]
        }
        return names
    }

    /// The first `%#@name@` (also `%1$#@name@`) in `text`.
    static func firstVariable(in text: String) -> (name: String, range: Range<String.Index>)? {
        var search = text.startIndex
        while let pct = text[search...].firstIndex(of: "%") {
            var i = text.index(after: pct)
            while i < text.endIndex, text[i].isASCII, text[i].isNumber { i = text.index(after: i) }
            if i < text.endIndex, text[i] == "$" { i = text.index(after: i) }
            if text[i...].hasPrefix("#@") {
                let nameStart = text.index(i, offsetBy: 2)
                if let close = text[nameStart...].firstIndex(of: "@") {
                    return (String(text[nameStart..<close]), pct..<text.index(after: close))
                }
            }
            search = text.index(after: pct)
        }
        return nil
    }

    /// 1-based lines of the root dictionary's `<key>` elements, by scanning the XML text.
    static func topLevelKeyLines(_ data: Data) -> [String: Int] {
        guard let text = String(data: data, encoding: .utf8) else { return [:] }
        var lines: [String: Int] = [:]
        var depth = 0
        var line = 1
        let chars = Array(text.utf8)
        var i = 0
        let n = chars.count
        func hasPrefix(_ p: [UInt8], at j: Int) -> Bool {
            guard j + p.count <= n else { return false }
            for k in 0..<p.count where chars[j + k] != p[k] { return false }
            return true
        }
        let openDict = Array("<dict>".utf8), closeDict = Array("</dict>".utf8)
        let openKey = Array("<key>".utf8), closeKey = Array("</key>".utf8)
        while i < n {
            let c = chars[i]
            if c == 0x0A { line += 1; i += 1; continue }
            if c != 0x3C { i += 1; continue }
            if hasPrefix(openDict, at: i) { depth += 1; i += openDict.count; continue }
            if hasPrefix(closeDict, at: i) { depth -= 1; i += closeDict.count; continue }
            if hasPrefix(openKey, at: i) {
                let start = i + openKey.count
                var j = start
                while j < n, !hasPrefix(closeKey, at: j) { j += 1 }
                if depth == 1 {
                    let raw = String(decoding: chars[start..<min(j, n)], as: UTF8.self)
                    let name = xmlUnescape(raw)
                    if lines[name] == nil { lines[name] = line }
                }
                for k in start..<min(j, n) where chars[k] == 0x0A { line += 1 }
                i = j + closeKey.count
                continue
            }
            i += 1
        }
        return lines
    }

    static func xmlUnescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

