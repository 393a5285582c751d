import TestSupport
import Testing
@testable import FontEngine

/// `Shaper.glyphs(of:)`, `FontFace.nominalAdvance(of:)` and `weightedAverageWidth`. Expected
/// values: `hb-shape --output-format=json --no-glyph-names` (HarfBuzz 6.0.0) and fontTools 4
/// (`varLib.instancer.instantiateVariableFont(font, {"opsz": o, "wght": 400})`, then hmtx).
@Suite struct GlyphAdvancesTests {
    @Test func glyphsAreHBShapes() throws {
        let shaper = try Shaper(face: FontFace(path: Repository.font("Inter/Inter-Regular.otf")))
        // hb-shape Fonts/Inter/Inter-Regular.otf "AV Wave, Inc.": (glyph, cluster, x advance);
        // A–V kerned (1904 with kerning after A's 1712).
        let expected: [(UInt32, Int, Int)] = [
            (2, 0, 1712), (453, 1, 1904), (1682, 2, 792), (456, 3, 2528), (504, 4, 1532), (933, 5, 1512), (612, 6, 1640),
            (1404, 7, 788), (1682, 8, 792), (197, 9, 744), (759, 10, 1648), (582, 11, 1572), (1405, 12, 776),
        ]
        let glyphs = shaper.glyphs(of: "AV Wave, Inc.")
        #expect(glyphs.map { [Int($0.glyph), $0.cluster, $0.advance] } == expected.map { [Int($0.0), $0.1, $0.2] })
        #expect(glyphs.reduce(0) { $0 + $1.advance } == shaper.advance(of: "AV Wave, Inc."))
        #expect(shaper.glyphs(of: "").isEmpty)
    }

    @Test func nominalAdvancesAtTheOpticalSize() throws {
        let path = Repository.font("InterVariable/InterVariable.ttf")
        // fontTools hmtx of the instances: A 1413 / 1338, space 576 / 512, e 1194 / 1098 at opsz 14 / 32;
        // .notdef 1344 at both (U+0E01 THAI KO KAI is not in Inter).
        for (opsz, a, space, e) in [(14.0, 1413, 576, 1194), (32, 1338, 512, 1098)] {
            let face = try FontFace(path: path, variations: [VariationSetting(tag: "opsz", value: opsz), VariationSetting(tag: "wght", value: 400)])
            #expect(face.nominalAdvance(of: "A") == a && face.nominalAdvance(of: " ") == space && face.nominalAdvance(of: "e") == e, "opsz \(opsz)")
            #expect(face.nominalAdvance(of: "\u{0E01}") == 1344)
            // Two characters weighted 0.25 and 0.5: (1413 × 0.25 + 576 × 0.5) / 2048 at opsz 14.
            #expect(face.weightedAverageWidth([("A", 0.25), (" ", 0.5)]) == (Double(a) * 0.25 + Double(space) * 0.5) / 2048)
        }
    }
}
