import FontEngine
import Foundation
import TestSupport
import Testing
import TypeFit
@testable import Layout

/// The glyph an ink finding names on a right-to-left line is the one on screen where the ink
/// overflows: lines are read in visual order.
@Suite("Right-to-left ink")
struct RightToLeftInkTests {
    func arabic() throws -> EngineMeasurer {
        try EngineMeasurer(face: FontFace(path: Repository.root.appendingPathComponent("Fonts/Noto/NotoSansArabic-Regular.ttf").path))
    }

    /// "خبز" (bread) in Noto Sans Arabic. `hb-shape --show-extents` gives the glyphs in visual
    /// order, left to right:
    ///   [uniFEB0=2+396<-25,553,471,-785>|uniFE92=1+343<0,283,393,-474>|uniFEA7=0+589<0,554,549,-559>]
    /// so ز (cluster 2, the last letter) is drawn leftmost, its ink 25 units left of the pen
    /// (x_bearing −25), and خ (cluster 0) rightmost, with no left bearing. At 17 pt (upem 1000):
    /// 25 × 17 / 1000 = 0.425 pt left of the box. hhea 1374 / −738 holds the vertical ink
    /// (خ 554 high, ز 785 − 553 = 232 deep), so left is the only side that overflows.
    @Test func leftmostGlyphOfAnArabicWordIsNamed() throws {
        let s = LabelStyle(font: try arabic(), pointSize: 17, lineBreakMode: .wordWrap)
        let r = s.layout("خبز", width: 200, scale: 3)
        #expect(abs(r.inkOverflow.left - 25.0 * 17 / 1000) < 1e-9)
        #expect(r.inkOverflow.top == 0 && r.inkOverflow.bottom == 0 && r.inkOverflow.right == 0)
        #expect(r.inkOverflow.source?.characters == ["ز"])
    }

    /// Visual order of clusters: a right-to-left run reversed, a left-to-right run kept, digits
    /// and spaces in the run around them.
    @Test func visualOrderOfRuns() throws {
        let model = TextModel(text: "ab خبز 12", font: try arabic())
        // Clusters: a b ␠ خ ب ز ␠ 1 2 (0…8): "ab" and " " LTR; "خبز 12" one RTL run.
        #expect(LabelStyle.visualOrder(model: model, 0, 9) == [0, 1, 2, 8, 7, 6, 5, 4, 3])
        // Neutrals before the first letter join its run: "«خبز»" is one right-to-left run.
        let quoted = TextModel(text: "«خبز»", font: try arabic())
        #expect(LabelStyle.visualOrder(model: quoted, 0, 5) == [4, 3, 2, 1, 0])
    }
}
