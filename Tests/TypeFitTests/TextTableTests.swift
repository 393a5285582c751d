import Testing
import TypeFit

/// `TextTable`, with every expected line written out by hand: widths are the widest cell of each
/// column in characters, columns are two spaces apart, left-aligned columns are padded on the
/// right except in a row's last cell, the others on the left.
@Suite struct TextTableTests {
    @Test func firstColumnLeftOthersRight() {
        let table = TextTable.render([["style", "xS", "AX5"], ["body", "14", "53"], ["caption1", "11", "40/47.7"]])
        // Widths: 8 ("caption1"), 2, 7 ("40/47.7").
        #expect(table == """
        style     xS      AX5
        body      14       53
        caption1  11  40/47.7

        """)
    }

    @Test func leftLastCellIsNotPadded() {
        let lines = TextTable.lines([["id", "severity", "title"], ["text.truncated", "error", "Text is cut off"]],
                                    leftAligned: [0, 1, 2])
        #expect(lines == ["id              severity  title", "text.truncated  error     Text is cut off"])
    }

    /// A short row ends at its last cell; a right-aligned last column is still padded on the left.
    @Test func raggedRows() {
        let table = TextTable.render([["a", "bb", "ccc"], ["dddd"], ["e", "f"]], leftAligned: [0])
        #expect(table == "a     bb  ccc\ndddd\ne      f\n")
    }

    /// Widths count characters, not bytes or UTF-16 units: "é" written as e + U+0301 and "🇩🇪" are one each.
    @Test func widthsCountCharacters() {
        let table = TextTable.render([["e\u{301}", "1"], ["🇩🇪x", "22"], ["abc", "3"]])
        #expect(table == "e\u{301}     1\n🇩🇪x   22\nabc   3\n")
    }

    @Test func noRowsIsEmpty() {
        #expect(TextTable.render([]).isEmpty)
        #expect(TextTable.lines([]).isEmpty)
    }
}
