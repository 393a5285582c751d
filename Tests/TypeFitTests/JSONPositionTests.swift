import Foundation
import Testing
import TypeFitSupport

/// Line:column of JSON syntax errors and of invalid UTF-8. Every position is
/// counted by hand in the comment above it (lines and columns 1-based, columns in characters).
@Suite struct JSONPositionTests {
    func error(_ text: String) -> String? {
        JSONSyntax.firstError(in: Data(text.utf8)).map { "\($0.position): \($0.problem)" }
    }

    @Test func validJSONHasNoError() {
        // (Each of these is also accepted by JSONSerialization.)
        for text in [#"{"a": [1, -2.5e+3, true, false, null, "x\n\u00e9"], "b": {}}"#, "[]", " 0 ", #""\/""#, "\u{FEFF}{}"] {
            #expect(error(text) == nil, "\(text)")
        }
    }

    @Test func positionsOfCommonMistakes() {
        // Line 3 `  "b": x`: the x is the 8th character.
        #expect(error("{\n  \"a\": 1,\n  \"b\": x\n}") == "3:8: expected a value, found 'x'")
        // A missing comma: line 2 `  "a": 1` then line 3 `  "b": 2`: the `"` of "b" at 3:3.
        #expect(error("{\n  \"a\": 1\n  \"b\": 2\n}") == "3:3: expected ',' or '}' after a value, found '\"'")
        // Two commas: `[1,,2]` — the second is character 4. (A trailing comma, `[1, 2,]`, is accepted,
        // as Foundation's JSONSerialization accepts it.)
        #expect(error("[1,,2]") == "1:4: expected a value, found ','")
        #expect(error("[1, 2,]") == nil && error(#"{"a": 1,}"#) == nil)
        // A leading zero: `[01]` — the "1" is character 3 (Foundation: "Number with leading zero around character 2").
        #expect(error("[01]") == "1:3: expected ',' or ']' after a value, found '1'")
        // Not closed: the end of `{"a": 1` (7 characters) is column 8.
        #expect(error("{\"a\": 1") == "1:8: expected ',' or '}', found the end of the text")
        // A single-quoted key: `{'a': 1}` — the `'` is character 2.
        #expect(error("{'a': 1}") == "1:2: expected a key in double quotes, found '''")
        // Columns count characters, not bytes: `{"é": tru}` — "tru" starts at character 7 (é is 2 bytes).
        #expect(error("{\"é\": tru}") == "1:7: expected a value (true, false, null, a number, a string, an array or an object), found 't'")
        // An unknown escape: `["\q"]` — the backslash is character 3.
        #expect(error(#"["\q"]"#) == #"1:3: invalid escape '\q' in a string"#)
        // A raw line break inside a string: line 1 `["a`, the break is character 4.
        #expect(error("[\"a\nb\"]") == "1:4: a line break inside a string (write it as an escape such as \\n)")
        // Text after the value: `{} x` — the x is character 4.
        #expect(error("{} x") == "1:4: unexpected 'x' after the end of the JSON value")
        // An unterminated string is reported where it starts: `{"a": "b` — the `"` of "b" is character 7.
        #expect(error("{\"a\": \"b") == "1:7: string not closed (no '\"' before the end of the text)")
        // CR LF line ends count once: line 2 `x`.
        #expect(error("[1,\r\nx]") == "2:1: expected a value, found 'x'")
        #expect(error("") == "1:1: expected a value, found the end of the text")
    }

    @Test func deepNestingDoesNotExhaustTheStack() {
        // 100,000 open brackets, never closed: the end of the text is column 100,001.
        let text = String(repeating: "[", count: 100_000)
        #expect(error(text) == "1:100001: expected a value, found the end of the text")
    }

    @Test func invalidUTF8() {
        // "ab\n" then "c" and a Latin-1 é (0xE9): byte offset 4, line 2, column 2.
        let data = Data("ab\nc".utf8) + Data([0xE9, 0x0A])
        #expect(TextPosition.firstInvalidUTF8(in: data) == 4)
        #expect(TextPosition(byteOffset: 4, in: data) == TextPosition(line: 2, column: 2))
        #expect(JSONSyntax.firstError(in: data)?.problem == "not UTF-8 (byte 0xE9)")
        #expect(TextPosition.firstInvalidUTF8(in: Data("héllo".utf8)) == nil)
        // Multi-byte characters count one column: "日本" is 6 bytes; byte 6 is column 3.
        #expect(TextPosition(byteOffset: 6, in: Data("日本x".utf8)) == TextPosition(line: 1, column: 3))
    }
}
