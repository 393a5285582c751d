import Foundation
import Testing
@testable import Layout
import TypeFitSupport

// All expectations are hand computations with FakeFont (FakeFont.swift): at 10 pt one cluster
// is 500 × 10 / 1000 = 5 pt wide and a line is 1000 × 10 / 1000 = 10 pt high.

private func style(_ size: Double = 10, lines: Int = 0, mode: LineBreakMode = .wordWrap,
                   font: FakeFont = FakeFont()) -> LabelStyle {
    LabelStyle(font: font, pointSize: size, numberOfLines: lines, lineBreakMode: mode)
}

@Test func wrapsGreedilyAndTrailingSpaceHangs() {
    // "aaa bbb ccc" at width 35: "aaa bbb" = 7 clusters × 5 = 35 ≤ 35 (its trailing space would
    // make 40 but hangs); adding "ccc" needs 11 × 5 = 55 > 35.
    let r = style().layout("aaa bbb ccc", width: 35)
    #expect(r.lines.map(\.text) == ["aaa bbb", "ccc"])
    #expect(r.lines.map(\.width) == [35, 15])
    #expect(r.lines.map(\.range) == [TextRange(start: 0, end: 8), TextRange(start: 8, end: 11)])
    #expect(r.height == 20)          // 2 lines × 10 pt
    #expect(r.neededWidth == 55)     // 11 clusters × 5
    #expect(r.truncation == nil)
    #expect(r.shrinkFactor == 1 && r.pointSize == 10)
}

@Test func hardBreaksEndLines() {
    // "ab\ncdef": two paragraphs; the widest is "cdef" = 4 × 5 = 20 pt.
    let r = style().layout("ab\ncdef", width: 100)
    #expect(r.lines.map(\.text) == ["ab", "cdef"])
    #expect(r.lines.map(\.range) == [TextRange(start: 0, end: 3), TextRange(start: 3, end: 7)])
    #expect(r.neededWidth == 20)
    #expect(r.height == 20)
}

@Test func emptyTextHasNoLines() {
    let r = style().layout("", width: 100)
    #expect(r.lines.isEmpty && r.height == 0 && r.neededWidth == 0)
}

@Test func longWordBreaksByCharactersInWordWrap() {
    // "abcdefghij" = 50 pt at width 22: 4 clusters = 20 ≤ 22, 5 = 25 > 22 → 4, 4, 2.
    let r = style().layout("abcdefghij", width: 22)
    #expect(r.lines.map(\.text) == ["abcd", "efgh", "ij"])
    #expect(r.height == 30)
}

@Test func charWrapFillsEveryLine() {
    // width 30 = 6 clusters: charWrap takes "aaa bb" (6 × 5 = 30), then "bb";
    // wordWrap keeps words: "aaa" then "bbbb" (20).
    #expect(style(mode: .charWrap).layout("aaa bbbb", width: 30).lines.map(\.text) == ["aaa bb", "bb"])
    #expect(style(mode: .wordWrap).layout("aaa bbbb", width: 30).lines.map(\.text) == ["aaa", "bbbb"])
}

@Test func neverBreaksInsideACharacter() {
    // "e" + U+0301 is one Character (2 UTF-16 units) of 5 pt; width 12 holds 2 clusters (10).
    let text = String(repeating: "e\u{301}", count: 5)
    let r = style().layout(text, width: 12)
    #expect(r.lines.map(\.range) == [TextRange(start: 0, end: 4), TextRange(start: 4, end: 8),
                                     TextRange(start: 8, end: 10)])
}

@Test func realLineWidthDecidesAtTheBoundary() {
    // Kerning "-V" = −500 units (−5 pt). Segments "xxA-" (20 pt) and "Vxx" (15 pt): their sum
    // 35 > 30, but the line shaped together is 7 × 5 − 5 = 30 ≤ 30 → one line.
    let tight = FakeFont(kerning: ["-V": -500])
    let r1 = style(font: tight).layout("xxA-Vxx", width: 30)
    #expect(r1.lines.map(\.text) == ["xxA-Vxx"])
    #expect(r1.lines[0].width == 30)
    // Kerning "-W" = +1000 (+10 pt): the sum 20 + 15 = 35 fits 35, the real line 45 does not.
    let loose = FakeFont(kerning: ["-W": 1000])
    let r2 = style(font: loose).layout("xxA-Wxx", width: 35)
    #expect(r2.lines.map(\.text) == ["xxA-", "Wxx"])
}

@Test func truncateTailOnTheLastAllowedLine() {
    // width 30 = 6 clusters. Line 1 "aaa" ("aaa bbb" = 35 > 30). Line 2 is the last allowed:
    // "…" is 1 cluster = 5 pt, so the text gets 25 pt = 5 clusters "bbb c" → "bbb c…" (30 pt).
    // Removed: UTF-16 offsets 9 ("aaa bbb c" is 9 units) to 15 (end).
    let r = style(lines: 2, mode: .truncateTail).layout("aaa bbb ccc ddd", width: 30)
    #expect(r.lines.map(\.text) == ["aaa", "bbb c\u{2026}"])
    #expect(r.lines[1].width == 30)
    #expect(r.truncation == LabelLayout.Truncation(mode: .truncateTail, removed: TextRange(start: 9, end: 15),
                                                     ellipsis: true))
    #expect(r.truncated && r.height == 20)
}

@Test func truncateTailDropsSpaceBeforeEllipsis() {
    // width 25: "…" 5 pt leaves 20 pt = 4 clusters "aaa " → the space is trimmed: "aaa…" (20 pt).
    let r = style(lines: 1, mode: .truncateTail).layout("aaa bbb", width: 25)
    #expect(r.lines.map(\.text) == ["aaa\u{2026}"])
    #expect(r.lines[0].width == 20)
    #expect(r.truncation?.removed == TextRange(start: 3, end: 7))
}

@Test func truncateHead() {
    // width 30, "…" 5 pt → tail ≤ 25 pt = last 5 clusters "b ccc"; removed [0, 6).
    let r = style(lines: 1, mode: .truncateHead).layout("aaa bbb ccc", width: 30)
    #expect(r.lines.map(\.text) == ["\u{2026}b ccc"])
    #expect(r.lines[0].width == 30)
    #expect(r.truncation?.removed == TextRange(start: 0, end: 6))
}

@Test func truncateMiddle() {
    // 12 clusters (60 pt) into 30: 25 pt for text = 5 clusters → head ⌈5/2⌉ = 3 "abc",
    // tail ⌊5/2⌋ = 2 "kl" → "abc…kl" (30 pt); removed [3, 10).
    let r = style(lines: 1, mode: .truncateMiddle).layout("abcdefghijkl", width: 30)
    #expect(r.lines.map(\.text) == ["abc\u{2026}kl"])
    #expect(r.lines[0].width == 30)
    #expect(r.truncation?.removed == TextRange(start: 3, end: 10))
}

@Test func clipAndWrapModesCutWithoutEllipsis() {
    // width 20: "aaa bbb" (35) does not fit; line "aaa", removed "bbb" = [4, 7).
    for mode in [LineBreakMode.clip, .wordWrap, .charWrap] {
        let r = style(lines: 1, mode: mode).layout("aaa bbb", width: 20)
        #expect(r.lines.map(\.text) == ["aaa"])
        #expect(r.truncation == LabelLayout.Truncation(mode: mode, removed: TextRange(start: 4, end: 7),
                                                         ellipsis: false))
    }
}

@Test func noTruncationWhenOnlyTrailingSpaceRemains() {
    let r = style(lines: 1, mode: .truncateTail).layout("aaa   ", width: 15)
    #expect(r.lines.map(\.text) == ["aaa"] && r.truncation == nil)
    // Trailing empty paragraphs after the last allowed line neither add lines nor truncate.
    let t = style(lines: 1, mode: .truncateTail).layout("abc\n\n", width: 100)
    #expect(t.lines.map(\.text) == ["abc"] && t.truncation == nil && t.height == 10)
}

@Test func autoshrinkSingleLine() {
    // "abcdefghij" = 50 pt at 10 pt into 40: factor 40 / 50 = 0.8 → 8 pt, fits, no truncation.
    var s = style(lines: 1, mode: .truncateTail)
    s.adjustsFontSizeToFitWidth = true
    s.minimumScaleFactor = 0.5
    let r = s.layout("abcdefghij", width: 40)
    #expect(close(r.shrinkFactor, 0.8) && close(r.pointSize, 8))
    #expect(r.truncation == nil)
    #expect(close(r.lines[0].width, 40))
    #expect(r.height == 10)   // height keeps the requested size's line height (docs/layout.md)
    // With minimumScaleFactor 0.9: 9 pt, clusters 4.5 pt, "…" 4.5 → text ≤ 35.5 → 7 clusters (31.5).
    s.minimumScaleFactor = 0.9
    let t = s.layout("abcdefghij", width: 40)
    #expect(close(t.shrinkFactor, 0.9) && close(t.pointSize, 9))
    #expect(t.lines.map(\.text) == ["abcdefg\u{2026}"])
    #expect(close(t.lines[0].width, 36))
}

@Test func autoshrinkMultiLineFindsLargestFittingFactor() {
    // "aaaa bbbb cccc" (3 words of 4), 2 lines, width 40: at 10 pt one line holds "aaaa"
    // ("aaaa bbbb" = 45 > 40) → 3 lines → truncated. Two lines need "aaaa bbbb" (9 clusters) on
    // one line: 9 × f × 5 ≤ 40 → f ≤ 8/9 = 0.888…; the search converges there.
    var s = style(lines: 2, mode: .truncateTail)
    s.adjustsFontSizeToFitWidth = true
    s.minimumScaleFactor = 0.5
    let r = s.layout("aaaa bbbb cccc", width: 40)
    #expect(r.truncation == nil)
    #expect(r.lines.map(\.text) == ["aaaa bbbb", "cccc"])
    #expect(abs(r.shrinkFactor - 8.0 / 9.0) < 1e-6 && r.shrinkFactor <= 8.0 / 9.0 + 1e-12)
    // numberOfLines 0 never shrinks.
    s.numberOfLines = 0
    #expect(s.layout("aaaa bbbb cccc", width: 40).shrinkFactor == 1)
}

@Test func letterSpacingAddsPerCluster() {
    // 1 pt per cluster: each cluster 5 + 1 = 6 pt. "aaa bbb" = 42 > 40 → "aaa", "bbb", "ccc".
    var s = style()
    s.letterSpacing = 1
    let r = s.layout("aaa bbb ccc", width: 40)
    #expect(r.lines.map(\.text) == ["aaa", "bbb", "ccc"])
    #expect(r.lines.map(\.width) == [18, 18, 18])
    #expect(r.neededWidth == 66)   // 11 × 6
    #expect(r.height == 30)
}

@Test func heightRoundsUpToPixelOrPoint() {
    // lineHeight 10.1 × 3 lines = 30.3 pt: @2x → ⌈60.6⌉ / 2 = 30.5; @3x → ⌈90.9⌉ / 3 = 91/3;
    // by point → 31.
    var s = style()
    s.lineHeight = 10.1
    #expect(s.layout("a\nb\nc", width: 100, scale: 2).height == 30.5)
    #expect(s.layout("a\nb\nc", width: 100, scale: 3).height == 91.0 / 3.0)
    s.heightRounding = .point
    #expect(s.layout("a\nb\nc", width: 100, scale: 2).height == 31)
    // An exact value is not bumped by a pixel: 10 × 3 = 30 → 90 pixels @3x → 30.
    s.lineHeight = 10
    s.heightRounding = .pixel
    #expect(s.layout("a\nb\nc", width: 100, scale: 3).height == 30)
}

@Test func paragraphLineHeightRules() {
    var s = style()
    s.lineHeightMultiple = 1.5          // 10 × 1.5 = 15
    #expect(s.layout("a\nb", width: 100).height == 30)
    s.minimumLineHeight = 18            // max(15, 18) = 18
    #expect(s.layout("a\nb", width: 100).lineHeight == 18)
    s.maximumLineHeight = 12            // min(18, 12) = 12
    #expect(s.layout("a\nb", width: 100).lineHeight == 12)
}

@Test func inkOverflow() {
    // Default line height (10): baseline = 8; ink y from 8 − 7.5 = 0.5 to 8 + 1.5 = 9.5 → inside.
    #expect(!style().layout("abc", width: 100).inkOverflow.overflows)
    // maximumLineHeight 8: extra leading 8 − 10 = −2 goes above the glyphs → baseline 6,
    // ink top 6 − 7.5 = −1.5 → 1.5 pt above the box; bottom 6 + 1.5 = 7.5 ≤ 8.
    var s = style()
    s.maximumLineHeight = 8
    let r = s.layout("abc", width: 100)
    #expect([r.inkOverflow.top, r.inkOverflow.bottom, r.inkOverflow.left, r.inkOverflow.right] == [1.5, 0, 0, 0])
    // Every cluster's ink reaches y = 750: all three are named, on line 1.
    #expect(r.inkOverflow.source == .init(line: 1, lineText: "abc", characters: ["a", "b", "c"]))
    // A "j" first: ink xMin −100 units = −1 pt → 1 pt to the left.
    #expect(style().layout("jab", width: 100).inkOverflow.left == 1)
    // "ab jab" in 15 pt (3 clusters of 5 pt): "ab" / "jab"; the "j" starting line 2 is what reaches left
    // (its own ink from −100 units; "a" at x 500 from 550 units, "b" at 1000 from 1050).
    let wrapped = style().layout("ab jab", width: 15)
    #expect(wrapped.lines.map(\.text) == ["ab", "jab"])
    #expect(wrapped.inkOverflow.left == 1)
    #expect(wrapped.inkOverflow.source == .init(line: 2, lineText: "jab", characters: ["j"]))
    #expect(style().layout("abc", width: 100).inkOverflow.source == nil)
    // A single cluster (5 pt) in a 3 pt box: ink xMax 450 units = 4.5 pt → 1.5 pt to the right.
    #expect(style().layout("a", width: 3).inkOverflow.right == 1.5)
    // Line height 14 > font's 10: extra 4 above → baseline 4 + 8 = 12, ink bottom 13.5 ≤ 14.
    var t = style()
    t.lineHeight = 14
    #expect(!t.layout("abc", width: 100).inkOverflow.overflows)
}

@Test func layoutIsCodable() throws {
    let r = style(lines: 1, mode: .truncateMiddle).layout("abcdefghijkl", width: 30)
    let data = try JSONEncoder().encode(r)
    #expect(try JSONDecoder().decode(LabelLayout.self, from: data) == r)
}

/// Records every substring measured, to check that one label layout measures each at most once.
private final class CountingFont: TextMeasuring {
    let fixed = FakeFont()
    var advanced: [String] = []
    var unitsPerEm: Double { fixed.unitsPerEm }
    var lineMetrics: LineMetrics { fixed.lineMetrics }
    func advance(of text: Substring) -> Double {
        advanced.append(String(text))
        return fixed.advance(of: text)
    }
    func clusterCount(of text: Substring) -> Int { fixed.clusterCount(of: text) }
    func inkBox(of text: Substring) -> InkBox? { fixed.inkBox(of: text) }
    func lineBreaks(in text: String) -> [LineBreakOpportunity] { fixed.lineBreaks(in: text) }
}

@Test func eachSubstringIsMeasuredOnce() {
    // Repeated words make equal substrings at different offsets: those are distinct ranges and may be
    // measured again; the same range never is. With all-distinct words, no text repeats at all.
    let font = CountingFont()
    var s = LabelStyle(font: font, pointSize: 10, numberOfLines: 2, lineBreakMode: .truncateTail)
    s.adjustsFontSizeToFitWidth = true
    s.minimumScaleFactor = 0.5
    _ = s.layout("alpha bravo charlie delta echo foxtrot golf hotel india juliet", width: 60)
    #expect(!font.advanced.isEmpty)
    #expect(Set(font.advanced).count == font.advanced.count)
}

/// With a `LayoutCache`, laying the same text out at the 12 body sizes of the HIG (14…53 pt) and
/// at three widths measures each range once in all: advances are in font units, so they serve
/// every size and width; the results equal layouts without the cache.
@Test func cacheReusesMeasurementsAcrossSizesAndWidths() {
    let text = "alpha bravo charlie delta echo foxtrot golf hotel india juliet"
    let cached = CountingFont()
    let cache = LayoutCache()
    let plain = CountingFont()
    for size in [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53] {
        for width in [288.0, 361, 408] {
            var a = LabelStyle(font: cached, pointSize: size, numberOfLines: 3, lineBreakMode: .truncateTail)
            a.cache = cache
            let b = LabelStyle(font: plain, pointSize: size, numberOfLines: 3, lineBreakMode: .truncateTail)
            #expect(a.layout(text, width: width) == b.layout(text, width: width))
        }
    }
    #expect(Set(cached.advanced).count == cached.advanced.count)
    #expect(cached.advanced.count < plain.advanced.count)
    #expect(cache.count == 1)
}
