import FontEngine
import Foundation
import TestSupport
import Layout
import Testing
@testable import TypeFit

/// One rule for missing characters: what HarfBuzz shapes to a real glyph is not
/// missing, in `typefit measure` (Shaper's .notdef count) and in the audit (`CascadeMeasurer.missingCharacters`,
/// which feeds glyph.missing).
///
/// Fonts/Noto/NotoSansHebrew-Regular.ttf lacks U+2011 NON-BREAKING HYPHEN but has U+2010 HYPHEN
/// (fontTools: `0x2011 in TTFont(...).getBestCmap()` is False, `0x2010` True). HarfBuzz 6.0.0
/// substitutes it: `hb-shape Fonts/Noto/NotoSansHebrew-Regular.ttf "א‑ב"` prints
/// `[uni05D1=2+572|uni2010=1+321|uni05D0=0+632]`, and `hb-shape … "日"` prints `[.notdef=0+600]`.
@Suite struct MissingGlyphRuleTests {
    func hebrew() throws -> EngineMeasurer {
        try EngineMeasurer(face: FontFace(path: Repository.font("Noto/NotoSansHebrew-Regular.ttf")))
    }

    @Test func harfBuzzSubstituteIsNotMissing() throws {
        let font = try hebrew()
        #expect(!font.face.covers("\u{2011}") && font.face.covers("\u{2010}"))
        #expect(font.hasGlyph(for: "\u{2011}"))
        #expect(!font.hasGlyph(for: "日"))
        // measure: the shaped line has no .notdef (glyph 49 = uni2010, advance 321).
        let shaped = try Shaper(face: font.face).measure("א‑ב")
        #expect(shaped.missingGlyphCount == 0 && shaped.advance == 632 + 321 + 572)
        // audit: the cascade agrees.
        let cascade = CascadeMeasurer(primary: .init(id: "hebrew", measurer: font))
        #expect(cascade.missingCharacters(in: "א‑ב").isEmpty)
        #expect(cascade.missingCharacters(in: "א‑日") == ["日"])
    }
}
