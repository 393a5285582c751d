import Foundation
import Testing
@testable import Layout
import TypeFitSupport

/// FakeFont (FakeFont.swift) that counts the characters it is asked to measure: the work a layout
/// does, counted instead of timed.
private final class CountingFont: TextMeasuring, @unchecked Sendable {
    let base = FakeFont()
    private(set) var measured = 0
    var unitsPerEm: Double { base.unitsPerEm }
    var lineMetrics: LineMetrics { base.lineMetrics }
    func advance(of text: Substring) -> Double {
        measured += text.count
        return base.advance(of: text)
    }
    func clusterCount(of text: Substring) -> Int { base.clusterCount(of: text) }
    func inkBox(of text: Substring) -> InkBox? {
        measured += text.count
        return base.inkBox(of: text)
    }
    func lineBreaks(in text: String) -> [LineBreakOpportunity] { base.lineBreaks(in: text) }
}

/// A text with no break opportunity is broken by clusters in time about linear in its length.
@Suite struct LongWordTests {
    /// At 10 pt a FakeFont cluster is 5 pt; width 100 holds 20 clusters, so a word of n clusters
    /// needs ⌈n / 20⌉ lines, every one of them full but the last.
    @Test(arguments: [LineBreakMode.wordWrap, .charWrap, .truncateTail, .truncateMiddle, .truncateHead, .clip])
    func longWordIsBrokenWithLinearWork(mode: LineBreakMode) {
        let n = 20_000
        let font = CountingFont()
        let label = LabelStyle(font: font, pointSize: 10, numberOfLines: 0, lineBreakMode: mode)
        let r = label.layout(String(repeating: "w", count: n), width: 100)
        #expect(r.lines.count == n / 20)
        #expect(r.lines.allSatisfy { $0.width == 100 })
        // Measuring every line's whole rest would be Σ (n − 20k) ≈ n² / 40 = 10,000,000
        // characters; doubling prefixes from 64 clusters measure at most about 3 × 64 per line and
        // the whole text a few times (its width, its ink).
        #expect(font.measured < 20 * n, "measured \(font.measured) characters for \(n)")
    }

    /// The same word in a label limited to 3 lines: truncated, and the lines it needs counted.
    @Test func truncatedLongWordCountsItsLines() {
        let n = 10_000
        let font = CountingFont()
        let label = LabelStyle(font: font, pointSize: 10, numberOfLines: 3, lineBreakMode: .truncateTail)
        let r = label.layout(String(repeating: "w", count: n), width: 100)
        #expect(r.lines.count == 3)
        #expect(r.truncation != nil)
        #expect(r.neededLineCount == n / 20)
        #expect(font.measured < 20 * n, "measured \(font.measured) characters for \(n)")
    }

    /// Below the doubling threshold the lines are those found before: "abcdefghij" at width 22
    /// (4 clusters = 20 ≤ 22) → 4, 4, 2 (as LabelTests.longWordBreaksByCharactersInWordWrap), and a
    /// 200-cluster word with a space before it: the space's line, then lines of 4.
    @Test func shortWordsBreakAsBefore() {
        let label = LabelStyle(font: FakeFont(), pointSize: 10, numberOfLines: 0, lineBreakMode: .wordWrap)
        #expect(label.layout("abcdefghij", width: 22).lines.map(\.text) == ["abcd", "efgh", "ij"])
        let r = label.layout("ab " + String(repeating: "x", count: 200), width: 22)
        #expect(r.lines.first?.text == "ab")
        #expect(r.lines.dropFirst().allSatisfy { $0.text == "xxxx" })
        #expect(r.lines.count == 1 + 50)
    }
}
