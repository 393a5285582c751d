import Foundation
import Testing
@testable import Localization

private func parse(_ text: String, mode: ParseMode = .strict) throws(LocalizationError) -> LoadResult {
    try StringsFile.parse(text: text, file: "t.strings", locale: "en", mode: mode)
}

private func parseError(_ text: String) -> LocalizationError? {
    do throws(LocalizationError) {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

@Test func escapesAreResolved() throws {
    // Each escape written in the .strings source and the scalar it must produce (Apple's .strings rules).
    let source = #"""
    "a" = "line1\nline2\ttab\rcr \"q\" back\\slash \'apos\' \U00e9\u00E8 \U0041";
    "octal" = "\101\60";
    "bell" = "\a\b\f\v";
    "pair" = "\UD83D\UDE00!";
    """#
    let r = try parse(source)
    #expect(r.entries.map(\.key) == ["a", "octal", "bell", "pair"])
    #expect(r.entries[0].value == "line1\nline2\ttab\rcr \"q\" back\\slash 'apos' éè A")
    // Octal 101 = 65 = "A", 60 = 48 = "0".
    #expect(r.entries[1].value == "A0")
    #expect(r.entries[2].value == "\u{07}\u{08}\u{0C}\u{0B}")
    // U+1F600 = D83D DE00 in UTF-16.
    #expect(r.entries[3].value == "\u{1F600}!")
    #expect(r.warnings.isEmpty)
}

@Test func unpairedSurrogateBecomesReplacementWithWarning() throws {
    let r = try parse(#""k" = "a\UD83Db"; "k2" = "\UDE00";"#)
    #expect(r.entries[0].value == "a\u{FFFD}b")
    #expect(r.entries[1].value == "\u{FFFD}")
    #expect(r.warnings.count == 2)
    // Column of the backslash: `"k" = "a` is 8 characters, so the escape is at column 9.
    #expect(r.warnings[0].line == 1 && r.warnings[0].column == 9)
    #expect(r.warnings[0].message.contains("unpaired surrogate"))
}

@Test func commentsAttachToFollowingEntry() throws {
    let source = """
    /* Block
       comment */
    "a" = "A";

    // line one
    // line two
    "b" = "B"; // trailing goes to the next entry
    "c" = /* inside */ "C";
    /// triple
    "d"="D";
    "e" = "E";
    """
    let r = try parse(source)
    #expect(r.entries.map(\.comment) == ["Block\n   comment", "line one\nline two", "trailing goes to the next entry", "triple", nil])
    #expect(r.entries.map(\.line) == [3, 7, 8, 10, 11])
    #expect(r.entries.map(\.value) == ["A", "B", "C", "D", "E"])
}

@Test func whitespaceBareKeysAndShorthand() throws {
    let source = "\n  \"spaced key\"\t=\n\n   \"v\"\n ;\nbare.Key_1 = \"x\";\nname = value;\n\"same\";"
    let r = try parse(source)
    #expect(r.entries.map(\.key) == ["spaced key", "bare.Key_1", "name", "same"])
    #expect(r.entries.map(\.value) == ["v", "x", "value", "same"])
    #expect(r.entries.map(\.line) == [2, 6, 7, 8])
}

@Test func duplicateKeyLastWinsWithWarning() throws {
    let r = try parse("\"k\" = \"first\";\n\"other\" = \"o\";\n\"k\" = \"second\";\n")
    #expect(r.entries.map(\.key) == ["other", "k"])
    #expect(r.entries[1].value == "second")
    #expect(r.entries[1].line == 3)
    #expect(r.warnings.count == 1)
    #expect(r.warnings[0].description == "t.strings:3:1: warning: duplicate key \"k\" (first on line 1); the last value wins")
}

/// Broken inputs and the exact one-line error (line:column counted by hand, 1-based, in characters).
@Test func errorsCarryFileLineColumn() {
    // Unterminated string: the opening quote of the value is line 2, column 7.
    #expect(parseError("\"a\" = \"A\";\n\"b\" = \"B;\n")?.description
            == "t.strings:2:7: unterminated string (value has no closing '\"')")
    // Missing '=': after `"key" ` the next token `"v"` is at column 7.
    #expect(parseError("\"key\" \"v\";")?.description
            == "t.strings:1:7: missing '=' after key \"key\" (found '\"')")
    // Missing ';': reported right after the value, line 1 column 10; found the next key on line 2.
    #expect(parseError("\"a\" = \"A\"\n\"b\" = \"B\";")?.description
            == "t.strings:1:10: missing ';' after value of key \"a\" (found '\"')")
    // Invalid escape: \U without hex digits; backslash at column 9.
    #expect(parseError("\"a\" = \"x\\Uzz\";")?.description
            == "t.strings:1:9: invalid escape '\\U' without hex digits")
    // Unterminated comment at line 2 column 1.
    #expect(parseError("\"a\" = \"A\";\n/* open")?.description
            == "t.strings:2:1: unterminated comment ('/*' without '*/')")
    // Garbage token.
    #expect(parseError("= \"v\";")?.description == "t.strings:1:1: expected quoted key, found '='")
    // Non-ASCII text in the line shifts columns by characters, not bytes: "é" is one column.
    #expect(parseError("\"é\" \"v\";")?.description == "t.strings:1:5: missing '=' after key \"é\" (found '\"')")
}

@Test func lenientModeSkipsBadEntries() throws {
    let source = "\"a\" = \"A\";\n\"b\" \"B\";\n\"c\" = \"C\"\n\"d\" = \"D\";\n"
    let r = try parse(source, mode: .lenient)
    // b is skipped (missing '='); c is kept (missing ';' is recoverable); d parses.
    #expect(r.entries.map(\.key) == ["a", "c", "d"])
    #expect(r.warnings.map(\.description) == [
        "t.strings:2:5: warning: missing '=' after key \"b\" (found '\"'); entry skipped",
        "t.strings:3:10: warning: missing ';' after value of key \"c\" (found '\"'); entry kept",
    ])
}

@Test func utf16WithAndWithoutBOM() throws {
    let text = "/* c */\n\"ключ\" = \"значение ✓ \\U00e9\";\n\"b\" = \"😀\";\n"
    for bigEndian in [false, true] {
        for bom in [true, false] {
            let data = utf16Bytes(text, bigEndian: bigEndian, bom: bom)
            let decoded = try StringsFile.decode(data, file: "x")
            #expect(decoded.encoding == (bigEndian ? .utf16BE : .utf16LE))
            let r = try StringsFile.parse(data, file: "x.strings", locale: "ru")
            #expect(r.entries.map(\.key) == ["ключ", "b"])
            #expect(r.entries.map(\.value) == ["значение ✓ é", "😀"])
            #expect(r.entries.map(\.line) == [2, 3])
            #expect(r.entries[0].comment == "c")
        }
    }
    // UTF-8 with BOM.
    let r8 = try StringsFile.parse(Data([0xEF, 0xBB, 0xBF] + Array("\"a\" = \"é\";".utf8)), file: "x", locale: "fr")
    #expect(r8.entries.first?.value == "é")
    // Invalid UTF-8 (0xFF at offset 7 cannot start a sequence).
    #expect(throws: LocalizationError.self) {
        try StringsFile.parse(Data(Array("\"a\" = \"".utf8) + [0xFF, 0x22, 0x3B]), file: "bad.strings", locale: "en")
    }
    // Odd byte count after a UTF-16 BOM.
    #expect(throws: LocalizationError.self) {
        try StringsFile.parse(Data([0xFF, 0xFE, 0x22]), file: "odd.strings", locale: "en")
    }
}

@Test func hundredThousandEntriesParse() throws {
    var source = ""
    source.reserveCapacity(4_000_000)
    for i in 0..<100_000 {
        source += "/* Comment \(i) */\n\"key.\(i)\" = \"Value number \(i) with \\\"quotes\\\" and %@\";\n\n"
    }
    let r = try StringsFile.parse(Data(source.utf8), file: "big.strings", locale: "en")
    #expect(r.entries.count == 100_000)
    #expect(r.entries[99_999].key == "key.99999")
    // Each entry takes 3 lines and its key is on the 2nd: line = 3·i + 2.
    #expect(r.entries[99_999].line == 3 * 99_999 + 2)
    #expect(r.entries[12_345].value == "Value number 12345 with \"quotes\" and %@")
}

@Test func lenientUnterminatedStringAtEndOfFile() throws {
    // Strings may span lines, so an unclosed quote runs to the next '"' — here to the end of file:
    // the entry is skipped with the position of its opening quote (line 2, column 7).
    let r = try parse("\"a\" = \"A\";\n\"b\" = \"B;\n", mode: .lenient)
    #expect(r.entries.map(\.key) == ["a"])
    #expect(r.warnings.map(\.description) == ["t.strings:2:7: warning: unterminated string (value has no closing '\"'); entry skipped"])
}
