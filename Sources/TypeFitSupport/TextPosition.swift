import Foundation

/// Line and column of a point in a text file, for one-line `file:line:column: problem` errors.
///
/// Lines are 1-based and end at LF (a CR LF pair or a lone CR also ends a line); columns are
/// 1-based and count Unicode scalars, as the config errors (libyaml) do. Bytes that are not valid
/// UTF-8 count one column each, except stray continuation bytes (0x80–0xBF), which count none.
public struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// The position of UTF-8 byte `offset` (0-based; clamped to the data) of `data`.
    public init(byteOffset offset: Int, in data: Data) {
        var line = 1, column = 1
        var previous: UInt8 = 0
        var index = data.startIndex
        let end = data.index(data.startIndex, offsetBy: min(max(offset, 0), data.count))
        while index < end {
            let byte = data[index]
            if byte == 0x0A {
                if previous != 0x0D { line += 1 }
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // A lead byte starts a column; continuation bytes (10xxxxxx) do not.
                column += 1
            }
            previous = byte
            index = data.index(after: index)
        }
        self.line = line
        self.column = column
    }

    /// The 0-based offset of the first byte of `data` that is not valid UTF-8, or nil when all of it is.
    public static func firstInvalidUTF8(in data: Data) -> Int? {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// Where a JSON text stops being JSON (RFC 8259), in plain words.
///
/// Foundation's `JSONSerialization` on Linux reports only "around character N" in a debug string,
/// and `JSONDecoder` no position at all; readers call ``JSONSyntax/firstError(in:)`` after Foundation
/// has rejected a file, to name the line and column. It checks syntax only (it builds no values),
/// iteratively, so deep nesting cannot exhaust the stack. Like Foundation it accepts a trailing
/// comma (`[1, 2,]`), so that it never points at something Foundation did not object to, unless
/// asked to hold a file to RFC 8259 (`allowingTrailingCommas: false`: a reader whose files
/// another tool reads strictly, as Xcode reads String Catalogs).
public enum JSONSyntax {
    /// The first syntax error: where (0-based byte offset, and line:column) and what.
    public struct Failure: Sendable, Hashable {
        public var offset: Int
        public var position: TextPosition
        /// What is wrong, e.g. `expected ',' or '}' after a value, found '"'`.
        public var problem: String
    }

    /// The first syntax error of `data` (UTF-8, an optional BOM), or nil when it is valid JSON or is
    /// not UTF-8 at all (UTF-16/32 JSON: no position is given).
    public static func firstError(in data: Data, allowingTrailingCommas: Bool = true) -> Failure? {
        let bytes = [UInt8](data)
        if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 { return nil }  // UTF-16/32
        if let bad = TextPosition.firstInvalidUTF8(in: data) {
            return failure(bad, "not UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))", data)
        }
        var scanner = Scanner(bytes: bytes)
        scanner.allowsTrailingCommas = allowingTrailingCommas
        guard let (offset, problem) = scanner.run() else { return nil }
        return failure(offset, problem, data)
    }

    private static func failure(_ offset: Int, _ problem: String, _ data: Data) -> Failure {
        Failure(offset: offset, position: TextPosition(byteOffset: offset, in: data), problem: problem)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var allowsTrailingCommas = true

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        enum Container { case array, object }

        /// The character at `at` for a message: `'x'`, or "the end of the text".
        func found(_ at: Int) -> String {
            guard at < bytes.count else { return "the end of the text" }
            let b = bytes[at]
            if b == 0x0A { return "a line break" }
            if b < 0x20 { return "control character 0x\(String(b, radix: 16, uppercase: true))" }
            var end = at + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'" + String(decoding: bytes[at..<end], as: UTF8.self) + "'"
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        /// Scans the whole text; the first error (offset, problem) or nil.
        mutating func run() -> (Int, String)? {
            var stack: [Container] = []
            var expectValue = true
            while true {
                skipSpace()
                if expectValue {
                    guard i < bytes.count else { return (i, "expected a value, found the end of the text") }
                    switch bytes[i] {
                    case UInt8(ascii: "{"):
                        i += 1
                        skipSpace()
                        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                            i += 1
                            expectValue = false
                        } else {
                            stack.append(.object)
                            if let error = key() { return error }
                        }
                        continue
                    case UInt8(ascii: "["):
                        i += 1
                        skipSpace()
                        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                            i += 1
                            expectValue = false
                        } else {
                            stack.append(.array)
                        }
                        continue
                    case UInt8(ascii: "\""):
                        if let error = string() { return error }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if let error = number() { return error }
                    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                        if let error = literal() { return error }
                    default:
                        return (i, "expected a value, found \(found(i))")
                    }
                    expectValue = false
                    continue
                }
                // After a value.
                guard let top = stack.last else {
                    return i < bytes.count ? (i, "unexpected \(found(i)) after the end of the JSON value") : nil
                }
                let close = top == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
                guard i < bytes.count else {
                    return (i, "expected ',' or '\(Character(Unicode.Scalar(close)))', found the end of the text")
                }
                if bytes[i] == UInt8(ascii: ",") {
                    let comma = i
                    i += 1
                    skipSpace()
                    if i < bytes.count, bytes[i] == close {
                        if !allowsTrailingCommas {
                            return (comma, "a comma before '\(Character(Unicode.Scalar(close)))' (a trailing comma is not JSON)")
                        }
                        // A trailing comma: Foundation's JSONSerialization accepts it, so it is not
                        // where a file it rejected went wrong.
                        i += 1
                        stack.removeLast()
                        continue
                    }
                    if top == .object, let error = key() { return error }
                    expectValue = true
                } else if bytes[i] == close {
                    i += 1
                    stack.removeLast()
                } else {
                    return (i, "expected ',' or '\(Character(Unicode.Scalar(close)))' after a value, found \(found(i))")
                }
            }
        }

        /// `"key" :` of an object member.
        mutating func key() -> (Int, String)? {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                return (i, "expected a key in double quotes, found \(found(i))")
            }
            if let error = string() { return error }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                return (i, "expected ':' after the key, found \(found(i))")
            }
            i += 1
            return nil
        }

        mutating func string() -> (Int, String)? {
            let start = i
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\""):
                    i += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard i + 1 < bytes.count else { break }
                    let e = bytes[i + 1]
                    if e == UInt8(ascii: "u") {
                        let hex = bytes[min(i + 2, bytes.count)..<min(i + 6, bytes.count)]
                        guard hex.count == 4, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
                            return (i, "invalid escape: \\u needs four hex digits")
                        }
                        i += 6
                    } else if Array("\"\\/bfnrt".utf8).contains(e) {
                        i += 2
                    } else {
                        return (i, "invalid escape '\\\(String(decoding: [e], as: UTF8.self))' in a string")
                    }
                case 0..<0x20:
                    return (i, "\(found(i)) inside a string (write it as an escape such as \\n)")
                default:
                    i += 1
                }
            }
            return (start, "string not closed (no '\"' before the end of the text)")
        }

        mutating func number() -> (Int, String)? {
            let start = i
            func digits() -> Int {
                let from = i
                while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
                return i - from
            }
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "0") {
                i += 1
            } else if digits() == 0 {
                return (start, "invalid number: '-' must be followed by a digit")
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                if digits() == 0 { return (i, "invalid number: a digit must follow '.'") }
            }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                if digits() == 0 { return (i, "invalid number: the exponent needs digits") }
            }
            return nil
        }

        mutating func literal() -> (Int, String)? {
            for word in ["true", "false", "null"] {
                let w = Array(word.utf8)
                if bytes[i...].starts(with: w) {
                    i += w.count
                    return nil
                }
            }
            return (i, "expected a value (true, false, null, a number, a string, an array or an object), found \(found(i))")
        }
    }
}
