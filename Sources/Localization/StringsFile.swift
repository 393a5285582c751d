import Foundation
import TypeFitSupport

/// Reader for Apple `.strings` files (the "old-style" `"key" = "value";` format).
///
/// Encodings: UTF-8 (with or without BOM), UTF-16 with BOM (LE or BE), and UTF-16LE/BE without
/// BOM detected from the NUL-byte pattern of the first bytes. See docs/strings.md for the grammar,
/// escapes and error behaviour.
public enum StringsFile {
    /// Text encodings recognised by ``decode(_:file:)``.
    public enum Encoding: String, Sendable, Hashable {
        case utf8, utf16LE, utf16BE
    }

    /// Detects the encoding of `data` and returns its UTF-16 code units (BOM removed).
    /// Throws a ``LocalizationError`` when UTF-8 is invalid or UTF-16 has an odd byte count.
    public static func decode(_ data: Data, file: String) throws(LocalizationError) -> (units: [UInt16], encoding: Encoding) {
        let bytes = [UInt8](data)
        let n = bytes.count
        if n >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return (try utf16(bytes, from: 2, bigEndian: false, file: file), .utf16LE)
        }
        if n >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return (try utf16(bytes, from: 2, bigEndian: true, file: file), .utf16BE)
        }
        var start = 0
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            start = 3
        } else if n >= 2, n % 2 == 0 {
            // No BOM: ASCII-heavy UTF-16 has a NUL in every other byte.
            let sample = min(n, 512)
            var evenZeros = 0, oddZeros = 0
            var i = 0
            while i + 1 < sample {
                if bytes[i] == 0 { evenZeros += 1 }
                if bytes[i + 1] == 0 { oddZeros += 1 }
                i += 2
            }
            let pairs = sample / 2
            if oddZeros * 4 >= pairs, evenZeros * 4 < oddZeros {
                return (try utf16(bytes, from: 0, bigEndian: false, file: file), .utf16LE)
            }
            if evenZeros * 4 >= pairs, oddZeros * 4 < evenZeros {
                return (try utf16(bytes, from: 0, bigEndian: true, file: file), .utf16BE)
            }
        }
        let body = bytes[start...]
        guard let text = String(validating: body, as: UTF8.self) else {
            let offset = start + (TextPosition.firstInvalidUTF8(in: Data(body)) ?? 0)
            let position = TextPosition(byteOffset: offset, in: data)
            throw LocalizationError(file: file, line: position.line, column: position.column,
                                    message: "not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true))) and not UTF-16; "
                                        + "save the file as UTF-8 (a Latin-1 or Windows-1252 file must be converted)")
        }
        return (Array(text.utf16), .utf8)
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, file: String) throws(LocalizationError) -> [UInt16] {
        guard (bytes.count - start) % 2 == 0 else {
            throw LocalizationError(file: file, message: "UTF-16 data has an odd number of bytes (\(bytes.count))")
        }
        var units = [UInt16]()
        units.reserveCapacity((bytes.count - start) / 2)
        var i = start
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            i += 2
        }
        return units
    }

    /// Reads the `.strings` file at `url`. `locale` is stored in every entry (normalized).
    public static func load(contentsOf url: URL, locale: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        let data = try LocalizationError.read(url)
        return try parse(data, file: url.path, locale: locale, mode: mode)
    }

    /// Parses `.strings` bytes; `file` is only used in entries and messages. A file in property
    /// list form (binary `bplist0…`, or text whose first character past white space is `<`: an XML
    /// plist), which Xcode accepts too, is read by ``parsePropertyList(_:file:locale:mode:)``.
    public static func parse(_ data: Data, file: String, locale: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        if data.starts(with: Array("bplist0".utf8)) {
            return try parsePropertyList(data, file: file, locale: locale, mode: mode)
        }
        let decoded = try decode(data, file: file)
        if let first = decoded.units.first(where: { !StringsParser.isSpace($0) }), first == 0x3C /* < */ {
            return try parsePropertyList(data, file: file, locale: locale, mode: mode)
        }
        var parser = StringsParser(units: decoded.units, file: file, locale: LocaleID.normalize(locale), mode: mode)
        return try parser.run()
    }

    /// Parses a `.strings` file in property list form: a dictionary of string keys to string
    /// values (`<dict><key>…</key><string>…</string>…</dict>`), XML or binary, through
    /// `PropertyListSerialization` behind `PropertyListGuard`. Entries come in the order of
    /// their `<key>` lines (0 in a binary list); a value that is not a string is an error at its key
    /// (strict) or skipped with a warning (lenient).
    public static func parsePropertyList(_ data: Data, file: String, locale: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        if let problem = PropertyListGuard.problem(in: data) {
            throw LocalizationError(file: file, message: "not a valid .strings property list (\(problem))")
        }
        let plist: Any
        do { plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw LocalizationError(file: file, message: "not a valid property list (\(error.localizedDescription))")
        }
        guard let root = plist as? [String: Any] else {
            throw LocalizationError(file: file, message: "a .strings property list must be a dictionary of strings")
        }
        let lineOf = StringsDictFile.topLevelKeyLines(data)
        let locale = LocaleID.normalize(locale)
        var result = LoadResult()
        for key in root.keys.sorted(by: { (lineOf[$0] ?? 0, $0) < (lineOf[$1] ?? 0, $1) }) {
            let line = lineOf[key] ?? 0
            guard let value = root[key] as? String else {
                let message = "key \"\(key)\": the value is not a string"
                if mode == .strict { throw LocalizationError(file: file, line: line, column: line > 0 ? 1 : 0, message: message) }
                result.warnings.append(LocalizationWarning(file: file, line: line, column: line > 0 ? 1 : 0,
                                                           message: message + "; entry skipped"))
                continue
            }
            result.entries.append(LocalizedString(key: key, locale: locale, value: value, file: file, line: line))
        }
        return result
    }

    /// Parses `.strings` source text.
    public static func parse(text: String, file: String, locale: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
        var parser = StringsParser(units: Array(text.utf16), file: file, locale: LocaleID.normalize(locale), mode: mode)
        return try parser.run()
    }
}

/// Hand-written scanner over UTF-16 code units (fast: no `String.Index` walking).
struct StringsParser {
    let u: [UInt16]
    let file: String
    let locale: String
    let mode: ParseMode
    let lines: LineIndex
    var pos = 0
    var warnings: [LocalizationWarning] = []

    init(units: [UInt16], file: String, locale: String, mode: ParseMode) {
        self.u = units
        self.file = file
        self.locale = locale
        self.mode = mode
        self.lines = LineIndex(units)
    }

    /// Error raised while parsing one entry; `offset` is a UTF-16 offset.
    struct Failure: Error {
        var offset: Int
        var message: String
        /// In lenient mode, where to resume (nil: the line after `entryStart`).
        var resume: Int?
    }

    // Character constants.
    static let quote: UInt16 = 0x22, backslash: UInt16 = 0x5C, slash: UInt16 = 0x2F, star: UInt16 = 0x2A
    static let equals: UInt16 = 0x3D, semicolon: UInt16 = 0x3B, lf: UInt16 = 0x0A, cr: UInt16 = 0x0D

    static func isSpace(_ c: UInt16) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C || c == 0xA0 || c == 0xFEFF
            || c == 0x2028 || c == 0x2029
    }

    static func isBareChar(_ c: UInt16) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2E
    }

    func warning(_ offset: Int, _ message: String) -> LocalizationWarning {
        let lc = lines.lineColumn(of: offset)
        return LocalizationWarning(file: file, line: lc.line, column: lc.column, message: message)
    }

    func error(_ f: Failure) -> LocalizationError {
        let lc = lines.lineColumn(of: f.offset)
        return LocalizationError(file: file, line: lc.line, column: lc.column, message: f.message)
    }

    func describe(_ offset: Int) -> String {
        guard offset < u.count else { return "end of file" }
        let c = u[offset]
        if c == Self.lf || c == Self.cr { return "end of line" }
        return "'" + String(decoding: u[offset..<min(offset + 1 + ((0xD800...0xDBFF).contains(c) ? 1 : 0), u.count)], as: UTF16.self) + "'"
    }

    mutating func run() throws(LocalizationError) -> LoadResult {
        var entries: [LocalizedString] = []
        var removed: [Bool] = []
        var indexByKey: [String: Int] = [:]
        var pendingComment: String?
        var lastLineCommentLine = -1
        let n = u.count
        while true {
            // Whitespace and comments between entries.
            let comment: (text: String, isLine: Bool, line: Int)?
            do {
                comment = try skipTrivia()
            } catch {
                throw self.error(error)
            }
            if let c = comment {
                if c.isLine, lastLineCommentLine == c.line - 1, let p = pendingComment {
                    pendingComment = p + "\n" + c.text
                } else {
                    pendingComment = c.text
                }
                lastLineCommentLine = c.isLine ? c.line : -1
                continue
            }
            if pos >= n { break }
            let entryStart = pos
            do {
                let entry = try parseEntry()
                let line = lines.line(of: entry.keyOffset)
                let item = LocalizedString(key: entry.key, locale: locale, value: entry.value,
                                           comment: pendingComment, file: file, line: line)
                if let old = indexByKey[entry.key] {
                    removed[old] = true
                    warnings.append(warning(entry.keyOffset,
                        "duplicate key \"\(entry.key)\" (first on line \(entries[old].line)); the last value wins"))
                }
                indexByKey[entry.key] = entries.count
                entries.append(item)
                removed.append(false)
            } catch {
                if mode == .strict { throw self.error(error) }
                let e = self.error(error)
                warnings.append(LocalizationWarning(file: file, line: e.line, column: e.column,
                                                    message: e.message + "; entry skipped"))
                pos = error.resume ?? nextLineStart(after: entryStart)
            }
            pendingComment = nil
            lastLineCommentLine = -1
        }
        var result: [LocalizedString] = []
        result.reserveCapacity(entries.count)
        for (i, e) in entries.enumerated() where !removed[i] { result.append(e) }
        return LoadResult(entries: result, warnings: warnings)
    }

    func nextLineStart(after offset: Int) -> Int {
        var i = offset
        while i < u.count, u[i] != Self.lf, u[i] != Self.cr { i += 1 }
        return min(i + 1, u.count)
    }

    /// Skips whitespace; returns the first comment found (consumed), or nil at a token / EOF.
    mutating func skipTrivia() throws(Failure) -> (text: String, isLine: Bool, line: Int)? {
        let n = u.count
        while pos < n, Self.isSpace(u[pos]) { pos += 1 }
        guard pos + 1 < n, u[pos] == Self.slash else { return nil }
        let start = pos
        if u[pos + 1] == Self.slash {
            var i = pos + 2
            while i < n, u[i] == Self.slash { i += 1 }
            let textStart = i
            while i < n, u[i] != Self.lf, u[i] != Self.cr { i += 1 }
            pos = i
            return (trimmed(textStart, i), true, lines.line(of: start))
        }
        if u[pos + 1] == Self.star {
            var i = pos + 2
            while i + 1 < n, !(u[i] == Self.star && u[i + 1] == Self.slash) { i += 1 }
            guard i + 1 < n else {
                throw Failure(offset: start, message: "unterminated comment ('/*' without '*/')", resume: n)
            }
            pos = i + 2
            return (trimmed(start + 2, i), false, lines.line(of: start))
        }
        return nil
    }

    func trimmed(_ a: Int, _ b: Int) -> String {
        var a = a, b = b
        while a < b, Self.isSpace(u[a]) { a += 1 }
        while b > a, Self.isSpace(u[b - 1]) { b -= 1 }
        return utf16String(u[a..<b])
    }

    /// Skips whitespace and comments inside an entry (comments there are dropped).
    mutating func skipInner() throws(Failure) {
        while try skipTrivia() != nil {}
    }

    mutating func parseEntry() throws(Failure) -> (key: String, value: String, keyOffset: Int) {
        let keyOffset = pos
        let key = try parseToken(what: "key")
        try skipInner()
        if pos < u.count, u[pos] == Self.semicolon {
            // `"key";` — value equals key (old-style plist strings shorthand).
            pos += 1
            return (key, key, keyOffset)
        }
        guard pos < u.count, u[pos] == Self.equals else {
            throw Failure(offset: pos, message: "missing '=' after key \"\(key)\" (found \(describe(pos)))")
        }
        pos += 1
        try skipInner()
        let value = try parseToken(what: "value")
        let afterValue = pos
        try skipInner()
        guard pos < u.count, u[pos] == Self.semicolon else {
            let failure = Failure(offset: afterValue,
                                  message: "missing ';' after value of key \"\(key)\" (found \(describe(pos)))")
            if mode == .lenient {
                // Keep the entry; continue at the next token.
                let e = error(failure)
                warnings.append(LocalizationWarning(file: file, line: e.line, column: e.column, message: e.message + "; entry kept"))
                return (key, value, keyOffset)
            }
            throw failure
        }
        pos += 1
        return (key, value, keyOffset)
    }

    /// A quoted string or a bare token of `[A-Za-z0-9_.]`.
    mutating func parseToken(what: String) throws(Failure) -> String {
        guard pos < u.count else { throw Failure(offset: pos, message: "expected \(what), found end of file") }
        if u[pos] == Self.quote { return try parseQuoted(what: what) }
        let start = pos
        while pos < u.count, Self.isBareChar(u[pos]) { pos += 1 }
        guard pos > start else {
            throw Failure(offset: start, message: "expected quoted \(what), found \(describe(start))")
        }
        return utf16String(u[start..<pos])
    }

    static func hexValue(_ c: UInt16) -> UInt16? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// A high surrogate from a `\U` escape awaiting its low half.
    var pendingHigh: (unit: UInt16, offset: Int)? = nil

    mutating func flushPendingHigh(_ buffer: inout [UInt16]) {
        if let h = pendingHigh {
            buffer.append(0xFFFD)
            warnings.append(warning(h.offset, "unpaired surrogate \\U\(hex4(h.unit)) replaced by U+FFFD"))
            pendingHigh = nil
        }
    }

    func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    mutating func parseQuoted(what: String) throws(Failure) -> String {
        let open = pos
        pos += 1
        let n = u.count
        var segmentStart = pos
        var b: [UInt16] = []  // decoded text, used only once an escape occurs
        var escaped = false
        pendingHigh = nil

        while true {
            guard pos < n else {
                throw Failure(offset: open, message: "unterminated string (\(what) has no closing '\"')",
                              resume: nextLineStart(after: open))
            }
            let c = u[pos]
            if c == Self.quote {
                if escaped {
                    flushPendingHigh(&b)
                    b.append(contentsOf: u[segmentStart..<pos])
                    pos += 1
                    return utf16String(b)
                }
                let s = utf16String(u[segmentStart..<pos])
                pos += 1
                return s
            }
            if c != Self.backslash {
                if pendingHigh != nil {
                    // Raw text after a lone high surrogate escape.
                    flushPendingHigh(&b)
                }
                pos += 1
                continue
            }
            // Escape.
            escaped = true
            b.append(contentsOf: u[segmentStart..<pos])
            let escOffset = pos
            pos += 1
            guard pos < n else {
                throw Failure(offset: escOffset, message: "unterminated string (backslash at end of file)", resume: n)
            }
            let e = u[pos]
            pos += 1
            var produced: UInt16? = nil
            switch e {
            case 0x6E: produced = 0x0A  // \n
            case 0x74: produced = 0x09  // \t
            case 0x72: produced = 0x0D  // \r
            case 0x22: produced = 0x22  // \"
            case 0x5C: produced = 0x5C  // \\
            case 0x27: produced = 0x27  // \'
            case 0x61: produced = 0x07  // \a
            case 0x62: produced = 0x08  // \b
            case 0x66: produced = 0x0C  // \f
            case 0x76: produced = 0x0B  // \v
            case 0x0A: produced = 0x0A  // backslash-newline: a newline (as CoreFoundation does)
            case 0x0D:
                if pos < n, u[pos] == 0x0A { pos += 1 }
                produced = 0x0A
            case 0x30...0x37:  // octal, up to 3 digits
                var v = e - 0x30
                var digits = 1
                while digits < 3, pos < n, (0x30...0x37).contains(u[pos]) {
                    v = v * 8 + (u[pos] - 0x30)
                    pos += 1
                    digits += 1
                }
                produced = v
            case 0x55, 0x75:  // \U or \u: 1–4 hex digits
                var v: UInt16 = 0
                var digits = 0
                while digits < 4, pos < n, let h = Self.hexValue(u[pos]) {
                    v = v << 4 | h
                    pos += 1
                    digits += 1
                }
                guard digits > 0 else {
                    throw Failure(offset: escOffset, message: "invalid escape '\\\(e == 0x55 ? "U" : "u")' without hex digits",
                                  resume: nextLineStart(after: escOffset))
                }
                if (0xD800...0xDBFF).contains(v) {
                    flushPendingHigh(&b)
                    pendingHigh = (v, escOffset)
                    segmentStart = pos
                    continue
                }
                if (0xDC00...0xDFFF).contains(v) {
                    if let h = pendingHigh {
                        b.append(h.unit)
                        b.append(v)
                        pendingHigh = nil
                    } else {
                        b.append(0xFFFD)
                        warnings.append(warning(escOffset, "unpaired surrogate \\U\(hex4(v)) replaced by U+FFFD"))
                    }
                    segmentStart = pos
                    continue
                }
                produced = v
            default:
                // Unknown escape: CoreFoundation keeps the character; we do too, with a warning.
                var len = 1
                if (0xD800...0xDBFF).contains(e), pos < n, (0xDC00...0xDFFF).contains(u[pos]) { len = 2 }
                let ch = String(decoding: u[(pos - 1)..<(pos - 1 + len)], as: UTF16.self)
                warnings.append(warning(escOffset, "unknown escape '\\\(ch)' read as '\(ch)'"))
                flushPendingHigh(&b)
                b.append(contentsOf: u[(pos - 1)..<(pos - 1 + len)])
                pos += len - 1
                segmentStart = pos
                continue
            }
            flushPendingHigh(&b)
            if let p = produced { b.append(p) }
            segmentStart = pos
        }
    }
}

/// `String(decoding: units, as: UTF16.self)`, the same string (each lone surrogate becomes one
/// U+FFFD), without the generic decoder's per-unit cost on an `ArraySlice` (the bulk of loading a
/// whole app's strings with it): transcoded to UTF-8 here, into the string's own storage. Tested against the decoder in StringsParserTests.
func utf16String(_ units: ArraySlice<UInt16>) -> String {
    units.withUnsafeBufferPointer { u in
        String(unsafeUninitializedCapacity: u.count * 3) { out in
            var w = 0
            var i = 0
            let n = u.count
            while i < n {
                let c = UInt32(u[i])
                i += 1
                var scalar = c
                if c < 0x80 {
                    out[w] = UInt8(c)
                    w += 1
                    continue
                }
                if c & 0xF800 == 0xD800 {
                    // A surrogate: a high one followed by a low one is a pair; alone, U+FFFD.
                    if c < 0xDC00, i < n, u[i] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((c - 0xD800) << 10) + (UInt32(u[i]) - 0xDC00)
                        i += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                if scalar < 0x800 {
                    out[w] = UInt8(0xC0 | scalar >> 6)
                    out[w + 1] = UInt8(0x80 | scalar & 0x3F)
                    w += 2
                } else if scalar < 0x10000 {
                    out[w] = UInt8(0xE0 | scalar >> 12)
                    out[w + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[w + 2] = UInt8(0x80 | scalar & 0x3F)
                    w += 3
                } else {
                    out[w] = UInt8(0xF0 | scalar >> 18)
                    out[w + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    out[w + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[w + 3] = UInt8(0x80 | scalar & 0x3F)
                    w += 4
                }
            }
            return w
        }
    }
}

func utf16String(_ units: [UInt16]) -> String { utf16String(units[...]) }
