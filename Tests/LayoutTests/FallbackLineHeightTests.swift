import FontEngine
import Foundation
import TestSupport
import Testing
import TypeFit
@testable import Layout
import TypeFitSupport

/// A line's height by the fonts actually used on it (docs/layout.md, "Fallback fonts
/// and line height"). CoreText and TextKit give a line the largest ascent and descent of the runs on it,
/// so a line drawn in a taller fallback font is taller; `LineHeightFonts.labelFont` is the old rule.
@Suite struct FallbackLineHeightTests {
    /// FakeFont (FakeFont.swift): own font 800/−200/0 per 1000 (1 em); fallback for U+3000 and up
    /// 1100/−350/0 (1.45 em). At 10 pt a cluster is 5 pt, so a 10 pt box holds two clusters per line.
    let fake = FakeFont(fallback: LineMetrics(ascender: 1100, descender: -350, lineGap: 0))

    func style(_ rule: LineHeightFonts = .fontsUsed, multiple: Double? = nil, lineHeight: Double? = nil) -> LabelStyle {
        LabelStyle(font: fake, pointSize: 10, lineHeight: lineHeight, lineBreakMode: .wordWrap,
                   lineHeightMultiple: multiple, lineHeightFonts: rule)
    }

    @Test func fakeFontLinesTakeTheirFontsHeights() {
        // "ab " | "日本": line 1 own font → 1000 × 10/1000 = 10 pt; line 2 fallback only → 1450 × 10/1000 = 14.5 pt.
        let r = style().layout("ab 日本", width: 10, scale: 2)
        #expect(r.lines.map(\.text) == ["ab", "日本"])
        #expect(r.lines.map(\.height) == [10, 14.5])
        #expect(r.height == 24.5) // 49 px @2x, exact
        #expect(r.lineHeight == 10) // the label font's
        // Baselines: line 1 at its ascender 8; line 2 at 10 + 1100 × 10/1000 = 21.
        #expect(r.lines.map(\.baseline) == [8, 21])
        // The old rule: both lines 10 pt.
        let old = style(.labelFont).layout("ab 日本", width: 10, scale: 2)
        #expect(old.lines.map(\.height) == [10, 10] && old.height == 20 && old.lines.map(\.baseline) == [8, 18])
    }

    @Test func fakeFontMixedLineTakesTheUnion() {
        // "a日" on one line: ascender max(800, 1100), descender min(−200, −350) → 1450 units → 14.5 pt; baseline 11.
        let r = style().layout("a日", width: 10, scale: 2)
        #expect(r.lines.count == 1 && r.lines[0].height == 14.5 && r.lines[0].baseline == 11)
    }

    @Test func fakeFontParagraphRulesApplyPerLine() {
        // lineHeightMultiple 1.5: 15 and 21.75 pt; extra leading above the glyphs:
        // baseline 1 = (15 − 10) + 8 = 13; baseline 2 = 15 + (21.75 − 14.5) + 11 = 33.25; 36.75 → @2x ⌈73.5⌉/2 = 37.
        let m = style(multiple: 1.5).layout("ab 日本", width: 10, scale: 2)
        #expect(m.lines.map(\.height) == [15, 21.75] && m.lines.map(\.baseline) == [13, 33.25] && m.height == 37)
        // A fixed line height (12 pt) is fixed whatever the fonts: 24; baseline 2 = 12 + (12 − 14.5) + 11 = 20.5.
        let f = style(lineHeight: 12).layout("ab 日本", width: 10, scale: 2)
        #expect(f.lines.map(\.height) == [12, 12] && f.height == 24 && f.lines[1].baseline == 20.5)
    }

    // MARK: Real engine

    /// Inter Regular with Noto Sans CJK JP (Fonts/Noto/NotoSansCJK-Subset.ttc, face 0) as the Japanese
    /// fallback. hhea values from fontTools (`TTFont(...)['hhea']`, `['head'].unitsPerEm`):
    /// Inter 2728/−680/0 per 2816; Noto Sans CJK JP 1160/−288/0 per 1000.
    func cascade() throws -> CascadeMeasurer {
        let root = Repository.root
        let inter = try EngineMeasurer(face: FontFace(path: root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path))
        let cjk = try EngineMeasurer(face: FontFace(path: root.appendingPathComponent("Fonts/Noto/NotoSansCJK-Subset.ttc").path, faceIndex: 0),
                                     language: "ja")
        return CascadeMeasurer(primary: .init(id: "inter", measurer: inter), fallbacks: ["Jpan": .init(id: "cjk", measurer: cjk)])
    }

    @Test func japaneseInInterWithNotoCJKFallback() throws {
        let font = try cascade()
        // Noto CJK's metrics in Inter's units: 1160 × 2816/1000 = 3266.56, −288 × 2.816 = −811.008.
        let m = font.lineMetrics(of: "日本語")
        #expect(close(m.ascender, 3266.56, 1e-9) && close(m.descender, -811.008, 1e-9) && m.lineGap == 0)
        #expect(font.lineMetrics(of: "Hello") == LineMetrics(ascender: 2728, descender: -680, lineGap: 0))
        let s = LabelStyle(font: font, pointSize: 17, lineBreakMode: .wordWrap)
        // "Hello" | "日本語": 3408 × 17/2816 = 20.573864 pt; 1448 × 17/1000 = 24.616 pt (1.448 em, not Inter's 1.21).
        let r = s.layout("Hello\n日本語", width: 300, scale: 2)
        #expect(r.lines.map(\.text) == ["Hello", "日本語"])
        #expect(close(r.lines[0].height, 3408 * 17 / 2816.0, 1e-9) && close(r.lines[1].height, 24.616, 1e-9))
        // 45.189864 → @2x ⌈90.380⌉/2 = 45.5; the old rule: 41.147727 → ⌈82.295⌉/2 = 41.5.
        #expect(r.height == 45.5)
        #expect(LabelStyle(font: font, pointSize: 17, lineBreakMode: .wordWrap, lineHeightFonts: .labelFont)
            .layout("Hello\n日本語", width: 300, scale: 2).height == 41.5)
        // Baseline of the Japanese line: 20.573864 + 1160 × 17/1000 = 40.293864.
        #expect(close(r.lines[1].baseline, 3408 * 17 / 2816.0 + 19.72, 1e-9))
        // Mixed on one line: ascender max(16.469, 19.72), descender min(−4.105, −4.896) → 24.616 pt.
        #expect(close(s.layout("Hi 日本", width: 300).lines[0].height, 24.616, 1e-9))
    }
}
