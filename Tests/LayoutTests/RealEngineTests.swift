import FontEngine
import Foundation
import TestSupport
import Testing
import TypeFit
@testable import Layout

// Real-engine label and row tests: Inter and Roboto from Fonts/, measured by TypeFit.EngineMeasurer
// (HarfBuzz + ICU). Expectations are hand computations from values dumped independently:
// - hhea (ttx -t hhea -t head):
//   Inter-Regular/SemiBold: unitsPerEm 2816, ascent 2728, descent −680, lineGap 0 → line height
//   3408/2816 × size; Roboto-Regular: 2048, 1900, −500, 0 → 2400/2048 × size.
// - advances (hb-shape --output-format=json, sum of "ax"), in font units:
//   Inter-Regular: "Hello" 6740, "world" 7380, "Hello world" 14912, "Last seen" 12860,
//   "yesterday" 13120, "Last seen yesterday" 26772;
//   Inter-SemiBold: "Johnny" 10017, "Appleseed" 14618, "Johnny Appleseed" 25334;
//   Roboto-Regular: "Hello" 4711, "Hello world" 10273.

private func measurer(_ relative: String) throws -> EngineMeasurer {
    try EngineMeasurer(face: FontFace(path: Repository.root.appendingPathComponent(relative).path))
}

@Test func interLabelHeightsFromHhea() throws {
    let inter = try measurer("Fonts/Inter/Inter-Regular.otf")
    let s = LabelStyle(font: inter, pointSize: 17, lineBreakMode: .wordWrap)
    // One line: 3408 × 17 / 2816 = 20.5739 pt → @2x ⌈41.148⌉/2 = 21; @3x ⌈61.722⌉/3 = 62/3.
    #expect(s.layout("Hello", width: 200, scale: 2).height == 21)
    #expect(s.layout("Hello", width: 200, scale: 3).height == 62.0 / 3.0)
    // Three lines: 61.7216 → @2x ⌈123.443⌉/2 = 62.
    #expect(s.layout("a\nb\nc", width: 200, scale: 2).height == 62)
    // "Hello world" = 14912 × 17/2816 = 90.02 pt > 60 → "Hello" (6740 → 40.689 pt) / "world" (7380 → 44.553).
    let r = s.layout("Hello world", width: 60)
    #expect(r.lines.map(\.text) == ["Hello", "world"])
    #expect(abs(r.lines[0].width - 6740.0 * 17 / 2816) < 1e-9)
    #expect(abs(r.lines[1].width - 7380.0 * 17 / 2816) < 1e-9)
    #expect(abs(r.neededWidth - 14912.0 * 17 / 2816) < 1e-9)
}

@Test func robotoLabel() throws {
    let roboto = try measurer("Fonts/Roboto/Roboto-Regular.ttf")
    let s = LabelStyle(font: roboto, pointSize: 20, lineBreakMode: .wordWrap)
    // 2400 × 20 / 2048 = 23.4375 pt → @2x ⌈46.875⌉/2 = 23.5; @3x ⌈70.3125⌉/3 = 71/3.
    #expect(s.layout("Hello", width: 300, scale: 2).height == 23.5)
    #expect(s.layout("Hello", width: 300, scale: 3).height == 71.0 / 3.0)
    // "Hello world" = 10273 × 20/2048 = 100.32 pt: fits 101, not 100.
    #expect(s.layout("Hello world", width: 101).lineCount == 1)
    #expect(s.layout("Hello world", width: 100).lines.map(\.text) == ["Hello", "world"])
}

/// Contact row (headline name Inter SemiBold, subheadline details Inter Regular, font line heights)
/// on an iPhone SE (1st gen), standard navigation bar: content 568 − 64 = 504 pt, width 288 pt.
@Test func interContactRowsOnIPhoneSE() throws {
    let semibold = try measurer("Fonts/Inter/Inter-SemiBold.otf")
    let regular = try measurer("Fonts/Inter/Inter-Regular.otf")
    let screen = Screen(device: try Device.named("iphone-se-1"))
    func rows(_ head: Double, _ sub: Double) -> [Row] {
        let name = RowLabel(id: "name", text: "Johnny Appleseed",
                            style: LabelStyle(font: semibold, pointSize: head, lineBreakMode: .wordWrap))
        let details = RowLabel(id: "details", text: "Last seen yesterday",
                               style: LabelStyle(font: regular, pointSize: sub, lineBreakMode: .wordWrap))
        return Array(repeating: Row(items: [.label(name), .label(details)]), count: 12)
    }
    // Large (17 / 15): name 25334 × 17/2816 = 152.9 ≤ 288, 1 line of 20.5739 → 21;
    // details 26772 × 15/2816 = 142.6, 1 line of 3408 × 15/2816 = 18.1534 → ⌈36.307⌉/2 = 18.5.
    // Row 11 + 21 + 18.5 + 11 = 61.5; 504 / 61.5 = 8.195 → 8 full rows.
    let large = screen.layout(rows: rows(17, 15))
    #expect(large.rowHeights[0] == 61.5)
    #expect(large.fullyVisibleRows == 8 && abs(large.visibleRows - 504.0 / 61.5) < 1e-9)
    // AX5 (53 / 49): name 25334 × 53/2816 = 476.8 > 288 → "Johnny" (188.5) / "Appleseed" (275.1);
    // 2 × 3408 × 53/2816 = 128.284 → ⌈256.57⌉/2 = 128.5. Details 465.9 > 288 → "Last seen" (223.8) /
    // "yesterday" (228.3); 2 × 59.3011 = 118.602 → ⌈237.2⌉/2 = 119. Row 11 + 128.5 + 119 + 11 = 269.5;
    // 1 full row + (504 − 269.5)/269.5.
    let ax5 = screen.layout(rows: rows(53, 49), isAccessibilityCategory: true)
    #expect(ax5.rows[0].labels.map { $0.label.lines.map(\.text) } == [["Johnny", "Appleseed"], ["Last seen", "yesterday"]])
    #expect(ax5.rowHeights[0] == 269.5)
    #expect(ax5.fullyVisibleRows == 1 && abs(ax5.visibleRows - (1 + 234.5 / 269.5)) < 1e-9)
}

@Test func realWrappingGermanCompound() throws {
    // Break positions: ICU (platform-notes §3); widths only need to separate the cases.
    let inter = try measurer("Fonts/Inter/Inter-Regular.otf")
    let s = LabelStyle(font: inter, pointSize: 17, lineBreakMode: .wordWrap)
    // "Datenschutz-" 18096 × 17/2816 = 109.24, "Grundverordnung" 23400 → 141.26; sum 250.5 > 200.
    #expect(s.layout("Datenschutz-Grundverordnung", width: 200).lines.map(\.text) == ["Datenschutz-", "Grundverordnung"])
}

/// Japanese with Noto Sans CJK JP (Fonts/Noto/NotoSansCJK-Subset.ttc, face 0; upem 1000,
/// hhea 1160/−288/0 per NotoSansCJK-Subset.md and ttx). hb-shape advances of
/// "日本語のテキスト、改行。": 1000 ×5, キ 970, ス 1000, ト 980, then 1000 ×4. At 10 pt: units / 100 pt.
/// ICU: 日|本|語|の|テ|キ|ス|ト、|改|行。
@Test func realJapaneseWrapping() throws {
    let face = try FontFace(path: Repository.root.appendingPathComponent("Fonts/Noto/NotoSansCJK-Subset.ttc").path, faceIndex: 0)
    let s = LabelStyle(font: try EngineMeasurer(face: face), pointSize: 10, lineBreakMode: .wordWrap)
    // 30 pt: 日本語 30; のテキ 29.7; スト、 29.8; 改行。 30.
    #expect(s.layout("日本語のテキスト、改行。", width: 30).lines.map(\.text) == ["日本語", "のテキ", "スト、", "改行。"])
    // 20 pt: テキ 19.7 (+ス 29.7); ス alone (スト、 29.8); ト、 19.8 (+改 29.8); 改 (改行。 30); 行。.
    let r = s.layout("日本語のテキスト、改行。", width: 20)
    #expect(r.lines.map(\.text) == ["日本", "語の", "テキ", "ス", "ト、", "改", "行。"])
    // 7 lines × 1448 × 10/1000 = 101.36 → @2x ⌈202.72⌉/2 = 101.5.
    #expect(r.height == 101.5)
}

/// Thai with Noto Sans Thai (upem 1000; ttx). hb-shape advances: สวัสดี 2252, ครับ 1706, ยินดี 1823,
/// ต้อนรับ 2915, สวัสดีครับ 3958, ครับ ยินดี 3789, ยินดีต้อนรับ 4738. At 20 pt: units / 50 pt.
/// ICU (dictionary): สวัสดี|ครับ |ยินดี|ต้อนรับ
@Test func realThaiWrapping() throws {
    let s = LabelStyle(font: try measurer("Fonts/Noto/NotoSansThai-Regular.ttf"), pointSize: 20, lineBreakMode: .wordWrap)
    // 60 pt: every word fits (widest ต้อนรับ 58.3), no two neighbours do (narrowest pair 75.78).
    #expect(s.layout("สวัสดีครับ ยินดีต้อนรับ", width: 60).lines.map(\.text) == ["สวัสดี", "ครับ", "ยินดี", "ต้อนรับ"])
    // 80 pt: สวัสดีครับ 79.16 fits; ยินดีต้อนรับ 94.76 does not.
    #expect(s.layout("สวัสดีครับ ยินดีต้อนรับ", width: 80).lines.map(\.text) == ["สวัสดีครับ", "ยินดี", "ต้อนรับ"])
}

/// Issue 11 point 10: the ink finding names what clips. Roboto-Regular "j" (fontTools BoundsPen on
/// glyph "j": xMin −66, yMin −437; upem 2048) starting a wrapped line reaches 66 × 17 / 2048 =
/// 0.5479 pt left of the box at 17 pt. Widths (hb-shape, sum of ax): "Conservées" 10695 → 88.78 pt,
/// "Conservées jusqu’à" 17646 → 146.47 pt, "jusqu’à la fin" 11337 → 94.11 pt: in 120 pt the text
/// wraps as "Conservées" / "jusqu’à la fin". Nothing else overflows (hhea 1900/−500 contains the rest).
@Test func inkOverflowNamesTheCharacterAndLine() throws {
    let roboto = try measurer("Fonts/Roboto/Roboto-Regular.ttf")
    let s = LabelStyle(font: roboto, pointSize: 17, lineBreakMode: .wordWrap)
    let r = s.layout("Conservées jusqu’à la fin", width: 120, scale: 3)
    #expect(r.lines.map(\.text) == ["Conservées", "jusqu’à la fin"])
    #expect(abs(r.inkOverflow.left - 66.0 * 17 / 2048) < 1e-9)
    #expect(r.inkOverflow.top == 0 && r.inkOverflow.bottom == 0 && r.inkOverflow.right == 0)
    #expect(r.inkOverflow.source == .init(line: 2, lineText: "jusqu’à la fin", characters: ["j"]))
}
