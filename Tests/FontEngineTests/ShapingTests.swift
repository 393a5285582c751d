import Foundation
import TestSupport
import Testing
@testable import FontEngine

/// Expected advances: `hb-shape --no-glyph-names --output-format=json FONT TEXT` (HarfBuzz 6.0.0),
/// summing "ax"; `kernOff` with `--features=-kern`. Expected ink: fontTools 4.68 `BoundsPen`
/// and `ControlBoundsPen` (identical for these strings) of each glyph drawn at hb-shape's
/// positions (pen x + dx, dy), unioned; a Python script run by hand, values pasted here.
struct ShapeCase: Sendable, CustomTestStringConvertible {
    var file: String
    var text: String
    var advance: Int
    var kernOff: Int
    var glyphs: Int
    var ink: (Double, Double, Double, Double)
    var testDescription: String { "\(file): \(text)" }
}

let shapeCases: [ShapeCase] = [
    ShapeCase(file: "Inter/Inter-Regular.otf", text: "AV Wave Office fi Ồ", advance: 25880, kernOff: 26328, glyphs: 19, ink: (72, -36, 25712, 2844)),
    ShapeCase(file: "Inter/Inter-Bold.otf", text: "AV Wave Office fi Ồ", advance: 26712, kernOff: 27239, glyphs: 19, ink: (67, -30, 26570, 2760)),
    ShapeCase(file: "Inter/Inter-SemiBold.otf", text: "AV Wave Office fi Ồ", advance: 26428, kernOff: 26929, glyphs: 19, ink: (69, -31, 26278, 2788)),
    ShapeCase(file: "Inter/Inter.var.ttf", text: "AV Wave Office fi Ồ", advance: 25880, kernOff: 26328, glyphs: 19, ink: (72, -36, 25712, 2844)),
    ShapeCase(file: "Roboto/Roboto-Regular.ttf", text: "AV Wave Office fi Ồ", advance: 17392, kernOff: 17540, glyphs: 16, ink: (29, -20, 17273, 1986)),
    ShapeCase(file: "Roboto/Roboto-Medium.ttf", text: "AV Wave Office fi Ồ", advance: 17636, kernOff: 17774, glyphs: 16, ink: (18, -20, 17533, 1967)),
    ShapeCase(file: "Roboto/Roboto-Bold.ttf", text: "AV Wave Office fi Ồ", advance: 17805, kernOff: 17943, glyphs: 16, ink: (8, -20, 17718, 1940)),
    ShapeCase(file: "OpenSans/OpenSans-Regular.ttf", text: "AV Wave Office fi Ồ", advance: 18165, kernOff: 18288, glyphs: 16, ink: (0, -20, 18040, 2001)),
    // Sentences written for these tests, in Vietnamese, Arabic, Hebrew, Thai and Hindi ("we help you keep
    // your routes", "keep every walk/route in one place"). hb-shape 6.0.0 --show-extents (and
    // --features=-kern for kernOff); ink is the union of the glyph boxes placed at their pen positions.
    ShapeCase(file: "Noto/NotoSans-Regular.ttf", text: "Chúng tôi giúp bạn lưu lộ trình", advance: 14466, kernOff: 14466, glyphs: 31, ink: (61, -240, 14385, 766)),
    ShapeCase(file: "Noto/NotoSansArabic-Regular.ttf", text: "احفظ كل نزهة في مكان واحد", advance: 11278, kernOff: 11318, glyphs: 25, ink: (35, -421, 11213, 730)),
    ShapeCase(file: "Noto/NotoSansHebrew-Regular.ttf", text: "שמירת כל מסלול במקום אחד", advance: 12260, kernOff: 12338, glyphs: 24, ink: (38, -191, 12195, 760)),
    ShapeCase(file: "Noto/NotoSansThai-Regular.ttf", text: "เก็บทุกเส้นทางไว้ในที่เดียว", advance: 10008, kernOff: 10044, glyphs: 27, ink: (96, -261, 9945, 1009)),
    ShapeCase(file: "Noto/NotoSansDevanagari-Regular.ttf", text: "हर मार्ग को एक ही जगह पर सहेजें", advance: 12068, kernOff: 12068, glyphs: 29, ink: (0, -184, 12083, 896)),
]

@Suite struct ShapingTests {
    @Test(arguments: shapeCases)
    func advanceAndInkMatchHbShapeAndFontTools(_ c: ShapeCase) throws {
        let face = try FontFace(path: Repository.font(c.file))
        let shaper = try Shaper(face: face)
        let m = shaper.measure(Substring(c.text))
        #expect(m.advance == c.advance)
        #expect(shaper.advance(of: Substring(c.text)) == c.advance)
        #expect(m.missingGlyphCount == 0)
        let ink = try #require(m.ink)
        #expect(ink == GlyphBox(xMin: c.ink.0, yMin: c.ink.1, xMax: c.ink.2, yMax: c.ink.3))
        let noKern = try Shaper(face: face, features: "-kern")
        #expect(noKern.advance(of: Substring(c.text)) == c.kernOff)
        #expect(m.clusterCount == c.text.count)
    }

    /// HarfBuzz's glyph extents (used for ink) against FreeType (FT_LOAD_NO_SCALE|NO_HINTING):
    /// equal to the control box (FT_Outline_Get_CBox) glyph by glyph, CFF and glyf alike, and
    /// holding the exact bounds (FT_Outline_Get_BBox) within 3 % of the em.
    @Test(arguments: ["Inter/Inter-Regular.otf", "Roboto/Roboto-Regular.ttf", "Noto/NotoSansArabic-Regular.ttf", "Noto/NotoSansDevanagari-Regular.ttf"])
    func harfBuzzExtentsAgreeWithFreeType(_ file: String) throws {
        let face = try FontFace(path: Repository.font(file))
        var compared = 0
        for glyph in stride(from: 1, to: UInt32(face.info.glyphCount), by: 7) {
            let ft = face.outlineBounds(glyph: glyph)
            let hb = face.glyphExtents(glyph: glyph)
            #expect(ft == hb, "glyph \(glyph)")
            if let hb, let exact = face.outlineBounds(glyph: glyph, exact: true) {
                let slack = 0.03 * Double(face.info.unitsPerEm)
                #expect(hb.xMin <= exact.xMin && hb.yMin <= exact.yMin && hb.xMax >= exact.xMax && hb.yMax >= exact.yMax)
                #expect(exact.xMin - hb.xMin <= slack && exact.yMin - hb.yMin <= slack
                        && hb.xMax - exact.xMax <= slack && hb.yMax - exact.yMax <= slack, "glyph \(glyph)")
            }
            if ft != nil { compared += 1 }
        }
        #expect(compared > 50)
    }

    @Test func variableFontAtWeight600MatchesHbShapeAndFreeType() throws {
        // hb-shape --variations=wght=600 Fonts/Inter/Inter.var.ttf "AV Wave Office fi Ồ" → ax sum 26428.
        let face = try FontFace(path: Repository.font("Inter/Inter.var.ttf"), variations: [VariationSetting(tag: "wght", value: 600)])
        #expect(try Shaper(face: face).advance(of: "AV Wave Office fi Ồ") == 26428)
        // fvar (ttx -t fvar): wght 100…400…900, slnt −10…0…0.
        #expect(face.info.axes.map(\.tag) == ["wght", "slnt"])
        #expect(face.info.axes[0].minimum == 100 && face.info.axes[0].defaultValue == 400 && face.info.axes[0].maximum == 900)
        #expect(face.info.axes[1].minimum == -10 && face.info.axes[1].maximum == 0)
        #expect(face.coordinates == [600, 0])
        // FreeType got the same coordinates: its outline bounds equal HarfBuzz's varied extents.
        let glyph = try #require(face.glyph(for: "W"))
        let regular = try FontFace(path: Repository.font("Inter/Inter.var.ttf"))
        #expect(face.outlineBounds(glyph: glyph) == face.glyphExtents(glyph: glyph))
        #expect(face.outlineBounds(glyph: glyph) != regular.outlineBounds(glyph: glyph))
    }

    @Test func namedInstance() throws {
        // fvar instance "Semi Bold" (name ID from ttx -t fvar -t name) has wght=600.
        let face = try FontFace(path: Repository.font("Inter/Inter.var.ttf"), instance: "SemiBold")
        #expect(face.info.instance == "Semi Bold")
        #expect(face.coordinates == [600, 0])
        #expect(try Shaper(face: face).advance(of: "AV Wave Office fi Ồ") == 26428)
        #expect(throws: FontError.self) { try FontFace(path: Repository.font("Inter/Inter.var.ttf"), instance: "Ultra") }
        #expect(throws: FontError.self) {
            try FontFace(path: Repository.font("Inter/Inter.var.ttf"), variations: [VariationSetting(tag: "wght", value: 2000)])
        }
        #expect(throws: FontError.self) {
            try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"), variations: [VariationSetting(tag: "wght", value: 600)])
        }
    }

    @Test func missingCharactersAreReportedInTextOrder() throws {
        let face = try FontFace(path: Repository.font("Noto/NotoSans-Regular.ttf"))
        // Noto Sans has no Hebrew and no emoji (cmap checked with fontTools: 0x5E9, 0x1F600 absent).
        let m = try Shaper(face: face).measure("Hi 😀 שלום")
        #expect(m.missingGlyphCount == 5)
        #expect(m.missingCharacters.map(\.value) == [0x1F600, 0x5E9, 0x5DC, 0x5D5, 0x5DD])
    }

    @Test func emptyAndSpaceHaveNoInk() throws {
        let shaper = try Shaper(face: FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf")))
        #expect(shaper.measure("").ink == nil)
        #expect(shaper.measure("").advance == 0)
        #expect(shaper.measure("   ").ink == nil)
        // hb-shape Roboto-Regular.ttf "   " → [5=0+508|5=1+508|5=2+508] = 1524.
        #expect(shaper.measure("   ").advance == 1524)
    }

    @Test func badFeatureIsAnError() throws {
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        #expect(throws: FontError.invalidFeature(feature: "kern=x=y")) { try Shaper(face: face, features: "kern=x=y") }
        // "+smcp" is valid even where the font lacks it.
        _ = try Shaper(face: face, features: "-kern,+smcp")
    }
}

@Suite struct ItemizationTests {
    @Test func mixedLineIsSplitIntoScriptRuns() throws {
        let shaper = try Shaper(face: FontFace(path: Repository.font("Noto/NotoSansThai-Regular.ttf")))
        // A Thai line with a Latin name inside ("%@ made by Lantern, a small team"): the leading "%@ "
        // joins the first (Thai) run.
        let text = "%@ สร้างโดย Lantern ทีมเล็ก"
        let runs = shaper.scriptRuns(of: Substring(text))
        #expect(runs.map(\.script) == ["Thai", "Latn", "Thai"])
        #expect(runs.first?.start == 0)
        #expect(runs.last?.end == text.utf8.count)
        let arabic = try Shaper(face: FontFace(path: Repository.font("Noto/NotoSansArabic-Regular.ttf")))
        let ar = arabic.scriptRuns(of: "(abc) مرحبا (نص) 123")
        #expect(ar.map(\.script) == ["Latn", "Arab"])
        #expect(ar.map(\.isRightToLeft) == [false, true])
        // The closing bracket after Arabic text stays in the Arabic run.
        #expect(ar[0].end == 6)
    }

    /// Mixed lines against `hb-shape` run per script run with --script/--direction and the
    /// line's text before/after as context: the sums must agree to the font unit.
    @Test func mixedLinesMatchHbShapePerRun() throws {
        let cases: [(String, String)] = [
            // Lines written for this test, each with a Latin name inside.
            ("Noto/NotoSansThai-Regular.ttf", "%@ สร้างโดย Lantern เราช่วยเก็บทุกเส้นทางไว้ในที่เดียว"),
            ("Noto/NotoSansArabic-Regular.ttf", "\u{200F}%@ من صنع Lantern. نساعدك على حفظ كل نزهة في مكان واحد."),
            ("Noto/NotoSansHebrew-Regular.ttf", "\u{200F}%@ נבנה על־ידי Lantern. כל מסלול במקום אחד"),
            ("Noto/NotoSansDevanagari-Regular.ttf", "%@ Lantern द्वारा बनाया गया है."),
        ]
        for (file, text) in cases {
            let shaper = try Shaper(face: FontFace(path: Repository.font(file)))
            let runs = shaper.scriptRuns(of: Substring(text))
            #expect(runs.count >= 2, "\(text)")
            var expected = 0
            let bytes = Array(text.utf8)
            for run in runs {
                let runText = String(decoding: bytes[run.start..<run.end], as: UTF8.self)
                let before = String(decoding: bytes[..<run.start], as: UTF8.self)
                let after = String(decoding: bytes[run.end...], as: UTF8.self)
                guard let out = runTool("hb-shape", ["--no-glyph-names", "--output-format=json", "--script=\(run.script)",
                                                     "--direction=\(run.isRightToLeft ? "rtl" : "ltr")",
                                                     "--text-before=\(before)", "--text-after=\(after)", Repository.font(file), runText])
                else { return }  // hb-shape not installed
                expected += hbShapeAdvances(out).reduce(0, +)
            }
            #expect(shaper.advance(of: Substring(text)) == expected, "\(file): \(text)")
        }
    }
}
