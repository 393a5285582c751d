import Foundation
import TestSupport
import Testing
@testable import FontEngine

/// `FastMeasurer.measure` names the missing characters itself (no second, whole-line shaping):
/// the same `LineMeasurement` as `Shaper.measure` (whole-line shaping, checked against `hb-shape`
/// by ShapingTests), on every line of the repository's corpus, and on lines whose values are
/// read off `hb-shape` by hand.
@Suite(.serialized) struct MissingCharactersTests {
    /// Latin fonts (the corpus's Arabic, Hebrew, Thai, Devanagari, CJK lines have missing glyphs;
    /// Open Sans also lacks U+2010 and U+2011), and RTL fonts that lack Latin (missing characters
    /// inside right-to-left runs, in HarfBuzz's reversed glyph order).
    static let fonts = ["Inter/Inter-Regular.otf", "Roboto/Roboto-Regular.ttf", "OpenSans/OpenSans-Regular.ttf",
                        "Noto/NotoSansHebrew-Regular.ttf", "Noto/NotoSansArabic-Regular.ttf"]

    @Test(arguments: fonts)
    func sameAsWholeLineShapingOnTheCorpus(_ file: String) throws {
        let face = try FontFace(path: Repository.font(file))
        let shaper = try Shaper(face: face)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        var withMissing = 0, differences: [String] = []
        // Twice: the second pass answers from the line cache and the cached pieces.
        for pass in 0..<2 {
            for line in FastPathExactnessTests.lines {
                let expected = shaper.measure(Substring(line))
                if pass == 0, expected.missingGlyphCount > 0 { withMissing += 1 }
                let m = fast.measure(Substring(line))
                if m != expected, differences.count < 5 { differences.append("\(line): \(m.missingCharacters) vs \(expected.missingCharacters)") }
            }
        }
        #expect(differences.isEmpty)
        #expect(withMissing > 100)  // the comparison covers lines with missing glyphs
    }

    /// Each piece with a missing glyph is cached with its characters, then reused in another line.
    @Test func cachedPiecesKeepTheirCharacters() throws {
        // hb-shape 6.0.0 Fonts/Noto/NotoSansHebrew-Regular.ttf "a‑b ‑ 日本 日" (U+2011 between a and b):
        // [.notdef=0+600|uni2010=1+321|.notdef=2+600|space=3+270|uni2010=4+321|space=5+270|.notdef=6+600|
        //  .notdef=7+600|space=8+270|.notdef=9+600]: 5 .notdef; U+2011 is drawn with U+2010's glyph, so it
        // is not missing; advance 600+321+600+270+321+270+600+600+270+600 = 4452.
        let face = try FontFace(path: Repository.font("Noto/NotoSansHebrew-Regular.ttf"))
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        let line = "a\u{2011}b \u{2011} 日本 日"
        for _ in 0..<2 {
            let m = fast.measure(Substring(line))
            #expect(m.advance == 4452 && m.missingGlyphCount == 5)
            #expect(m.missingCharacters == ["a", "b", "日", "本"])
        }
        // "日本 " and "日" are cached pieces now; another line reuses them.
        let other = fast.measure("本 日本 x")
        #expect(other.missingCharacters == ["本", "日", "x"])
        #expect(other.missingGlyphCount == 4)
    }

    /// A font without U+2010 or U+2011: the non-breaking hyphen is missing.
    @Test func hyphenMissingWhereTheFontHasNeither() throws {
        // hb-shape 6.0.0 Fonts/OpenSans/OpenSans-Regular.ttf "x‑y 日本 日" --no-glyph-names:
        // [91=0+1073|0=1+1229|92=2+1032|3=3+532|0=4+1229|0=5+1229|3=6+532|0=7+1229]:
        // 4 .notdef, advance 1073+1229+1032+532+1229+1229+532+1229 = 8085.
        let face = try FontFace(path: Repository.font("OpenSans/OpenSans-Regular.ttf"))
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        let m = fast.measure("x\u{2011}y 日本 日")
        #expect(m.advance == 8085 && m.missingGlyphCount == 4)
        #expect(m.missingCharacters == ["\u{2011}", "日", "本"])
    }
}
