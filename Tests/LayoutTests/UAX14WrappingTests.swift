import FontEngine
import Testing
@testable import Layout
import TypeFitSupport

/// FakeFont's fixed advances (500 units per grapheme cluster: 5 pt at 10 pt) with REAL break
/// opportunities from ICU (FontEngine.LineBreaker). Expected break positions come from the
/// ICU 72 table in shared/reference/platform-notes.md §3 ("|" = opportunity); the lines
/// follow by greedy filling, counted by hand in each comment.
final class ICUFixedFont: TextMeasuring, Sendable {
    let fixed = FakeFont()
    var unitsPerEm: Double { fixed.unitsPerEm }
    var lineMetrics: LineMetrics { fixed.lineMetrics }
    func advance(of text: Substring) -> Double { fixed.advance(of: text) }
    func clusterCount(of text: Substring) -> Int { fixed.clusterCount(of: text) }
    func inkBox(of text: Substring) -> InkBox? { fixed.inkBox(of: text) }
    func lineBreaks(in text: String) -> [LineBreakOpportunity] {
        LineBreaker.opportunities(in: text).map { LineBreakOpportunity(offset: $0.offset, isHard: $0.isHard) }
    }
}

private func lines(_ text: String, clusters: Int) -> [String] {
    LabelStyle(font: ICUFixedFont(), pointSize: 10, lineBreakMode: .wordWrap)
        .layout(text, width: Double(clusters) * 5).lines.map(\.text)
}

@Test func englishFollowsUAX14() {
    // Hello, |world! |The |quick |(brown) |fox|—|jumps |over |co-|op |e.g. |3.14 |$100.
    // 10 clusters per line: "Hello, world!" = 13 > 10; "world! The" = 10; "quick (brown)" = 13;
    // "(brown) fox" = 11; "fox—jumps" = 9 ("fox—jumps over" = 14); "over co-op" = 10;
    // "e.g. 3.14" = 9 ("e.g. 3.14 $100." = 15); "$100.".
    #expect(lines("Hello, world! The quick (brown) fox—jumps over co-op e.g. 3.14 $100.", clusters: 10)
        == ["Hello,", "world! The", "quick", "(brown)", "fox—jumps", "over co-op", "e.g. 3.14", "$100."])
    // line one⏎‖line two: the hard break ends the line even though 17 clusters would fit.
    #expect(lines("line one\nline two", clusters: 20) == ["line one", "line two"])
}

@Test func germanCompounds() {
    // UAX #14 breaks after the hyphen only: "Datenschutz-" (12 clusters) | "Grundverordnung" (15);
    // 16 per line: 12 + 15 = 27 > 16 → two lines.
    #expect(lines("Datenschutz-Grundverordnung", clusters: 16) == ["Datenschutz-", "Grundverordnung"])
    // No opportunity inside a compound (39 letters): broken by clusters, 16 + 16 + 7.
    #expect(lines("Rechtsschutzversicherungsgesellschaften", clusters: 16)
        == ["Rechtsschutzvers", "icherungsgesells", "chaften"])
}

@Test func japaneseBreaksBetweenCharactersButNotBeforePunctuation() {
    // 日|本|語|の|テ|キ|ス|ト、|改|行。 — 3 per line: 日本語 / のテキ / スト、 / 改行。
    #expect(lines("日本語のテキスト、改行。", clusters: 3) == ["日本語", "のテキ", "スト、", "改行。"])
    // 2 per line: "ト、" and "行。" cannot be split, so "ス" and "改" stand alone.
    #expect(lines("日本語のテキスト、改行。", clusters: 2) == ["日本", "語の", "テキ", "ス", "ト、", "改", "行。"])
}

@Test func thaiBreaksByDictionaryWords() {
    // สวัสดี|ครับ |ยินดี|ต้อนรับ. Grapheme clusters (Swift Characters, marks attach to their base):
    // สวัสดี = ส วั ส ดี = 4, ครับ = ค รั บ = 3, ยินดี = ยิ น ดี = 3, ต้อนรับ = ต้ อ น รั บ = 5.
    // 5 clusters per line: any two neighbours need ≥ 4 + 3 = 7 > 5 → one word per line.
    #expect("สวัสดี".count == 4 && "ครับ".count == 3 && "ยินดี".count == 3 && "ต้อนรับ".count == 5)
    #expect(lines("สวัสดีครับ ยินดีต้อนรับ", clusters: 5) == ["สวัสดี", "ครับ", "ยินดี", "ต้อนรับ"])
}

@Test func emojiSequencesStayWhole() {
    // Family |👩‍👩‍👧 |flags |🇯🇵|🇺🇸 |and |👍🏽 |ok — each emoji sequence is one cluster.
    // 8 per line: "Family 👩‍👩‍👧" = 6 + 1 + 1 = 8; "flags 🇯🇵🇺🇸" = 5 + 1 + 2 = 8; "and 👍🏽 ok" = 8.
    let text = "Family 👩‍👩‍👧 flags 🇯🇵🇺🇸 and 👍🏽 ok"
    #expect(lines(text, clusters: 8) == ["Family 👩‍👩‍👧", "flags 🇯🇵🇺🇸", "and 👍🏽 ok"])
    // 7 per line: "Family 👩‍👩‍👧" = 8 > 7; "👩‍👩‍👧 flags" = 7 ("+🇯🇵" = 8); "🇯🇵🇺🇸 and" = 6
    // ("+ 👍🏽" = 8); "👍🏽 ok" = 4.
    #expect(lines(text, clusters: 7) == ["Family", "👩‍👩‍👧 flags", "🇯🇵🇺🇸 and", "👍🏽 ok"])
    // The flags split between 🇯🇵 and 🇺🇸 (an ICU opportunity), never inside one:
    // "flags 🇯🇵" = 7 ≤ 7, "flags 🇯🇵🇺🇸" = 8 > 7.
    #expect(lines("flags 🇯🇵🇺🇸", clusters: 7) == ["flags 🇯🇵", "🇺🇸"])
}
