import Foundation
import Testing
import TypeFitSupport

/// `JSONBytes` against Foundation's `JSONEncoder` with the settings TypeFit's JSON outputs use
/// ([.sortedKeys, .withoutEscapingSlashes]): the expected bytes are whatever `JSONEncoder`
/// produces on this platform, so any difference in escaping or number formatting fails here.
@Suite struct JSONBytesTests {
    static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    static func written(_ body: (inout JSONBytes) -> Void) -> String {
        var json = JSONBytes()
        body(&json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }

    /// Hostile strings. Lone surrogates cannot be tested: a Swift `String` always holds valid
    /// Unicode (a lone surrogate cannot be a `Unicode.Scalar`), so neither encoder ever sees one.
    static let hostileStrings: [String] = [
        "", "plain", "\"quoted\"", "back\\slash\\", "a/b//c </script>", "\\\"\\\"",
        "\u{0}\u{1}\u{2}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{E}\u{1B}\u{1F}", "\u{7F}\u{80}\u{9F}\u{A0}",
        "line\u{2028}sep\u{2029}para", "😀 👩‍👩‍👧 🇩🇪 e\u{301}", "\u{FEFF}bom", "\u{202E}AV\u{202C}", "\u{10FFFF}\u{FFFD}\u{FFFF}",
        "Привет, мир", "مرحبا بالعالم", "こんにちは", "\r\n", "%@ %1$@ %%d \\n",
    ]

    @Test func stringsAsJSONEncoderWritesThem() throws {
        for s in Self.hostileStrings {
            #expect(Self.written { $0.beginArray(); $0.string(s); $0.endArray() } == (try Self.encoded([s])), "\(s.debugDescription)")
            // Substrings take the same path as strings.
            let sub = s.dropFirst()
            #expect(Self.written { $0.beginArray(); $0.string(sub); $0.endArray() } == (try Self.encoded([String(sub)])))
        }
        // Every scalar U+0000…U+00FF alone and in a run, plus a sample above.
        let scalars = (0...0xFF).compactMap(Unicode.Scalar.init) + [0x2028, 0x2029, 0xD7FF, 0xE000, 0x1F600].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let s = "x" + String(Character(scalar)) + "y"
            #expect(Self.written { $0.beginArray(); $0.string(s); $0.endArray() } == (try Self.encoded([s])), "U+\(String(scalar.value, radix: 16))")
        }
        let all = String(String.UnicodeScalarView(scalars))
        #expect(Self.written { $0.beginArray(); $0.string(all); $0.endArray() } == (try Self.encoded([all])))
    }

    static let numbers: [Double] = [
        0, -0.0, 1, -1, 12, -36, 2844, 0.5, 0.1, -0.1, 1.5, 156.236, 487.088, 9.5, 17.125, 1.0 / 3,
        12345678.9, 1e15, 1e15 + 1, 9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e16, 1e17, 1.234e20,
        1e21, 1e22, 1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e-3, 1e-4, 1e-5, 1.234e-5, 2.5e-7, .leastNormalMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        Double(Int32.max), Double(Int32.min), Double(Int.max), Double(Int.min),
    ]

    @Test func numbersAsJSONEncoderWritesThem() throws {
        for x in Self.numbers {
            #expect(Self.written { $0.beginArray(); $0.double(x); $0.endArray() } == (try Self.encoded([x])), "\(x)")
        }
        // Widths as `measure` computes them: advances × size / unitsPerEm, rounded to 1/1000.
        var widths: [Double] = []
        for advance in stride(from: -3000, through: 400_000, by: 997) {
            for (size, upem) in [(17.0, 2816.0), (53.0, 2048.0), (11.5, 1000.0), (100.0, 2000.0)] {
                widths.append((Double(advance) * size / upem * 1000).rounded() / 1000)
            }
        }
        let mine = Self.written { json in
            json.beginArray()
            for w in widths { json.double(w) }
            json.endArray()
        }
        #expect(mine == (try Self.encoded(widths)))
        // Digits are written two at a time: every digit count and both parities, around each power of ten.
        var powers: [Int] = []
        for e in 0...18 {
            let p = (0..<e).reduce(1) { r, _ in r * 10 }
            powers += [p - 1, p, p + 1, -p, -(p - 1), p + p / 2]
        }
        for i in [0, 1, -1, 7, -10, 1234567890, Int.max, Int.min, Int.max - 1, Int.min + 1] + powers {
            #expect(Self.written { $0.beginArray(); $0.int(i); $0.endArray() } == (try Self.encoded([i])))
        }
        #expect(Self.written { $0.beginArray(); $0.bool(true); $0.bool(false); $0.null(); $0.endArray() } == "[true,false,null]")
    }

    struct Nested: Encodable {
        var b: [String: [Int]]
        var a: [Double?]
        var empty: [String: Int]
        var c: [[String]]
    }

    @Test func containersCommasAndSortedKeys() throws {
        let value = Nested(b: ["9": [1], "100": [], "14": [2, 3], "B": [4], "a": [5], "é": [6], "a10": [7], "a2": [8]],
                           a: [1, nil, 2.5], empty: [:], c: [[], ["x"], ["y", "z"]])
        let mine = Self.written { json in
            json.beginObject()
            json.key("a")
            json.beginArray(); json.double(1); json.null(); json.double(2.5); json.endArray()
            json.key("b")
            json.beginObject()
            for key in JSONBytes.sortedKeys(Array(value.b.keys)) {
                json.key(string: key)
                json.beginArray()
                for v in value.b[key]! { json.int(v) }
                json.endArray()
            }
            json.endObject()
            json.key("c")
            json.beginArray()
            for row in value.c {
                json.beginArray()
                for s in row { json.string(s) }
                json.endArray()
            }
            json.endArray()
            json.key("empty")
            json.beginObject(); json.endObject()
            json.endObject()
            json.newline()
        }
        #expect(mine == (try Self.encoded(value)) + "\n")
        // Keys are escaped like strings.
        let hostileKeys = Dictionary(uniqueKeysWithValues: Self.hostileStrings.enumerated().map { ($1, $0) })
        let keys = Self.written { json in
            json.beginObject()
            for key in JSONBytes.sortedKeys(Array(hostileKeys.keys)) {
                json.key(string: key)
                json.int(hostileKeys[key]!)
            }
            json.endObject()
        }
        #expect(keys == (try Self.encoded(hostileKeys)))
        // `.sortedKeys` orders by UTF-8 bytes (not numerically, not case-insensitively).
        #expect(JSONBytes.sortedKeys(["9", "100", "14", "B", "a", "é", "a10", "a2"]) == ["100", "14", "9", "B", "a", "a10", "a2", "é"])
    }

    /// A copy is a value: writing to one leaves the other as it was; growing past the first
    /// room (64 bytes) keeps what was written; `withBytes` sees the same bytes as `bytes`.
    @Test func copiesAreIndependentAndGrowthKeepsBytes() throws {
        var a = JSONBytes(capacity: 0)
        a.beginArray()
        a.int(1)
        var b = a
        b.int(2)
        a.endArray()
        b.endArray()
        #expect(String(decoding: a.bytes, as: UTF8.self) == "[1]")
        #expect(String(decoding: b.bytes, as: UTF8.self) == "[1,2]")
        var long = JSONBytes()
        let text = String(repeating: "ab\"/", count: 100)  // 400 characters, 500 bytes escaped
        long.string(text)
        #expect(long.bytes == Array(try Self.encoded(text).utf8))
        #expect(long.withBytes { Array($0) } == long.bytes && long.count == 502)
        long.removeAll()
        long.bool(true)
        #expect(String(decoding: long.bytes, as: UTF8.self) == "true")
    }
}
