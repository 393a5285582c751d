import Foundation
import Testing
@testable import Layout

/// The unit loop's fast paths in Layout (the audit's wall time), each with the case it
/// must not take. FakeFont (FakeFont.swift): 500 units per cluster, upem 1000, so at 10 pt a
/// cluster is 5 pt wide; it breaks after spaces and hyphens.
@Suite struct UnitLoopFastPathTests {
    /// A truncated label counts the lines it needs from where its fill stopped, not from the
    /// start. "aa bb cc dd ee ff gg hh" in 27 pt at 10 pt: "aa bb" is 5 clusters = 25 pt (≤ 27),
    /// "aa bb cc" 8 = 40 pt, so two words a line: 4 lines needed, whatever the limit.
    @Test func linesNeededCountOnFromTheLastFilledLine() {
        let text = "aa bb cc dd ee ff gg hh"
        let font = FakeFont()
        for mode in [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle, .wordWrap, .clip] {
            for limit in [1, 2, 3] {
                var fast = LabelStyle(font: font, pointSize: 10, numberOfLines: limit, lineBreakMode: mode)
                fast.cache = LayoutCache()
                var slow = fast
                slow.cache = nil
                slow.fastPaths = false
                let a = fast.layout(text, width: 27)
                #expect(a.truncated, "\(mode), \(limit) lines")
                #expect(a.neededLineCount == 4, "\(mode), \(limit) lines")
                #expect(a == slow.layout(text, width: 27), "\(mode), \(limit) lines")
            }
        }
        // The unlimited layout agrees: 4 lines.
        #expect(LabelStyle(font: font, pointSize: 10, numberOfLines: 0).layout(text, width: 27).lineCount == 4)
    }

    /// The counter-example: after autoshrink the fill that stopped was at a smaller size, where
    /// lines break elsewhere, so counting on from it would be wrong. With a minimum scale factor
    /// of 0.5 a cluster is 2.5 pt: "aa bb cc" = 8 clusters = 20 pt fits 27 pt and "aa bb cc dd"
    /// = 27.5 pt does not, so three words a line: 3 lines, still more than 2, and the label stays
    /// truncated at the minimum. That fill's last line ("dd ee ff ") ends before "gg hh";
    /// counting on from there at 10 pt would give 2 + 1 = 3. The lines needed at the requested
    /// size are 4 (two words a line, as above).
    @Test func linesNeededAfterAutoshrinkAreCountedFromTheStart() {
        let text = "aa bb cc dd ee ff gg hh"
        var style = LabelStyle(font: FakeFont(), pointSize: 10, numberOfLines: 2, lineBreakMode: .truncateTail,
                               adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5)
        style.cache = LayoutCache()
        let r = style.layout(text, width: 27)
        #expect(r.shrinkFactor == 0.5)
        #expect(r.truncated)
        #expect(r.lines.first?.text == "aa bb cc")
        #expect(r.neededLineCount == 4)
    }

    /// A text prepared once in a `LayoutCache` lays out as the text itself does, on every
    /// size and width the audit sweeps.
    @Test func preparedTextLaysOutAsTheText() {
        let font = FakeFont()
        let cache = LayoutCache()
        for text in ["Hello world", "aa bb cc dd ee ff gg hh", "a\nb", "", "jump"] {
            let prepared = cache.prepare(text, font: font)
            #expect(prepared.text == text)
            for size in [10.0, 17, 23] {
                for width in [9.0, 27, 60, 300] {
                    var style = LabelStyle(font: font, pointSize: size, numberOfLines: 2)
                    style.cache = cache
                    var plain = style
                    plain.cache = nil
                    #expect(style.layout(prepared, width: width) == plain.layout(text, width: width), "\(text) \(size) \(width)")
                }
            }
        }
    }

    /// The counter-example: a text prepared with a font of another `measurementIdentity` (here
    /// FakeFont without kerning) is not measured with that font's measurements. With " c" kerned
    /// by −1200 units, "ab c" is 800 units = 8 pt at 10 pt and fits 9 pt on one line; unkerned it
    /// is 2000 units = 20 pt and wraps to "ab" / "c" in 10 pt.
    @Test func textPreparedForAnotherFontIsLaidOutWithTheLabelsFont() {
        let cache = LayoutCache()
        let prepared = cache.prepare("ab c", font: FakeFont())
        var kerned = LabelStyle(font: FakeFont(kerning: [" c": -1200]), pointSize: 10, lineBreakMode: .wordWrap)
        kerned.cache = cache
        var unkerned = LabelStyle(font: FakeFont(), pointSize: 10, lineBreakMode: .wordWrap)
        unkerned.cache = cache
        #expect(kerned.layout(prepared, width: 10).lines.map(\.text) == ["ab c"])
        #expect(kerned.layout(prepared, width: 10).lines.first?.width == 8)
        #expect(unkerned.layout(prepared, width: 10).lines.map(\.text) == ["ab", "c"])
    }

    /// `RangeTable` (TextModel's caches) answers as a `Dictionary` does: every key inserted is
    /// found with its last value, no other key is, through growth and colliding slots (keys that
    /// differ only in their high bits, as `a << 32 | b` keys do).
    @Test func rangeTableAnswersAsADictionary() {
        var table = RangeTable<Double>()
        var reference: [Int: Double] = [:]
        var generator = SystemRandomNumberGenerator()
        var keys = [0, 1, 1 << 32, (1 << 32) | 1, (7 << 32) | 9]
        for _ in 0..<3000 { keys.append(Int(generator.next() % 5000) << 32 | Int(generator.next() % 5000)) }
        for (i, key) in keys.enumerated() {
            table.insert(Double(i), for: key)
            reference[key] = Double(i)
        }
        #expect(table.count == reference.count)
        for key in reference.keys { #expect(table[key] == reference[key]) }
        for key in [2, 3 << 32, Int.max] where reference[key] == nil { #expect(table[key] == nil) }
        // Optional values (the ink cache keeps "no ink"): a stored nil is found as nil, not missing.
        var ink = RangeTable<InkBox?>()
        ink.insert(nil, for: 5)
        #expect(ink[5] != nil)
        #expect(ink[5]! == nil)
        #expect(ink[6] == nil)
    }
}
