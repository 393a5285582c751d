import Foundation
import TestSupport
import Layout
import Testing
import FontEngine
@testable import TypeFit
import TypeFitSupport

/// EngineMeasurer over the bundled fonts. Expected values: fontTools table dumps and
/// `hb-shape --no-glyph-names --output-format=json` sums (HarfBuzz 6.0.0).
@Suite struct EngineMeasurerTests {
    @Test func robotoByRule() throws {
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let hhea = try EngineMeasurer(face: face)
        #expect(hhea.unitsPerEm == 2048)
        // hhea 1900 / −500 / 0 (ttx -t hhea)
        #expect(hhea.lineMetrics == LineMetrics(ascender: 1900, descender: -500, lineGap: 0))
        #expect(hhea.lineMetrics.lineHeight == 2400)
        // OS/2 typo 2146 / −555 / 0; win 2146 / 555
        let typo = try EngineMeasurer(face: face, lineHeightRule: .typo)
        #expect(typo.lineMetrics.lineHeight == 2701)
        let win = try EngineMeasurer(face: face, lineHeightRule: .win)
        #expect(win.lineMetrics == LineMetrics(ascender: 2146, descender: -555, lineGap: 0))
    }

    @Test func advancesFeaturesAndInk() throws {
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let m = try EngineMeasurer(face: face)
        // hb-shape: 17392 kerned, 17540 with --features=-kern
        #expect(m.advance(of: "AV Wave Office fi Ồ") == 17392)
        #expect(try EngineMeasurer(face: face, features: "-kern").advance(of: "AV Wave Office fi Ồ") == 17540)
        #expect(m.clusterCount(of: "e\u{301}👍🏽") == 2)  // 2 grapheme clusters
        // fontTools BoundsPen at hb-shape positions
        #expect(m.inkBox(of: "AV Wave Office fi Ồ") == InkBox(xMin: 29, yMin: -20, xMax: 17273, yMax: 1986))
        #expect(m.inkBox(of: " ") == nil)
        // A substring is measured on its own: "Wave" inside a longer string.
        let text = "AV Wave Office"
        let start = text.index(text.startIndex, offsetBy: 3), end = text.index(start, offsetBy: 4)
        #expect(m.advance(of: text[start..<end]) == m.advance(of: "Wave"))
    }

    @Test func lineBreaksComeFromICU() throws {
        let m = try EngineMeasurer(face: FontFace(path: Repository.font("Noto/NotoSans-Regular.ttf")))
        // UAX #14: breaks after each space, and at the end (UTF-16 offsets).
        #expect(m.lineBreaks(in: "Save all files") == [
            LineBreakOpportunity(offset: 5, isHard: false), LineBreakOpportunity(offset: 9, isHard: false),
            LineBreakOpportunity(offset: 14, isHard: false),
        ])
    }
}
