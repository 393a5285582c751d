import Foundation
import TestSupport
import Testing
@testable import FontEngine
import TypeFitSupport

/// Expected values were dumped with fontTools 4.68 (`ttx -t head -t hhea -t OS/2 -t maxp`,
/// equivalently `TTFont(p)['hhea'].ascent` …) for every bundled font; they are not produced by
/// this code. Columns: upem, hhea asc/desc/gap, OS/2 typo asc/desc/gap, win asc/desc,
/// fsSelection bit 7, sxHeight, sCapHeight, maxp.numGlyphs, name ID 6, outline format.
struct TableRow: Sendable, CustomTestStringConvertible {
    var file: String
    var upem: Int
    var hhea: (Int, Int, Int)
    var typo: (Int, Int, Int)
    var win: (Int, Int)
    var useTypo: Bool
    var xHeight: Int
    var capHeight: Int
    var glyphs: Int
    var postScript: String
    var format: String
    var testDescription: String { file }
}

let tableRows: [TableRow] = [
    TableRow(file: "Inter/Inter-Regular.otf", upem: 2816, hhea: (2728, -680, 0), typo: (2728, -680, 0), win: (2728, 680), useTypo: true, xHeight: 1536, capHeight: 2048, glyphs: 2548, postScript: "Inter-Regular", format: "CFF"),
    TableRow(file: "Inter/Inter-SemiBold.otf", upem: 2816, hhea: (2728, -680, 0), typo: (2728, -680, 0), win: (2728, 680), useTypo: true, xHeight: 1536, capHeight: 2048, glyphs: 2548, postScript: "Inter-SemiBold", format: "CFF"),
    TableRow(file: "Inter/Inter-Bold.otf", upem: 2816, hhea: (2728, -680, 0), typo: (2728, -680, 0), win: (2728, 680), useTypo: true, xHeight: 1536, capHeight: 2048, glyphs: 2548, postScript: "Inter-Bold", format: "CFF"),
    TableRow(file: "Inter/Inter.var.ttf", upem: 2816, hhea: (2728, -680, 0), typo: (2728, -680, 0), win: (2728, 680), useTypo: true, xHeight: 1536, capHeight: 2048, glyphs: 2548, postScript: "Inter", format: "TrueType"),
    TableRow(file: "Roboto/Roboto-Regular.ttf", upem: 2048, hhea: (1900, -500, 0), typo: (2146, -555, 0), win: (2146, 555), useTypo: false, xHeight: 1082, capHeight: 1456, glyphs: 3359, postScript: "Roboto-Regular", format: "TrueType"),
    TableRow(file: "Roboto/Roboto-Medium.ttf", upem: 2048, hhea: (1900, -500, 0), typo: (2146, -555, 0), win: (2146, 555), useTypo: false, xHeight: 1082, capHeight: 1456, glyphs: 3359, postScript: "Roboto-Medium", format: "TrueType"),
    TableRow(file: "Roboto/Roboto-Bold.ttf", upem: 2048, hhea: (1900, -500, 0), typo: (2146, -555, 0), win: (2146, 555), useTypo: false, xHeight: 1082, capHeight: 1456, glyphs: 3359, postScript: "Roboto-Bold", format: "TrueType"),
    TableRow(file: "OpenSans/OpenSans-Regular.ttf", upem: 2048, hhea: (2189, -600, 0), typo: (1567, -492, 132), win: (2189, 600), useTypo: false, xHeight: 1096, capHeight: 1462, glyphs: 938, postScript: "OpenSans", format: "TrueType"),
    TableRow(file: "Noto/NotoSans-Regular.ttf", upem: 1000, hhea: (1069, -293, 0), typo: (1069, -293, 0), win: (1069, 293), useTypo: false, xHeight: 536, capHeight: 714, glyphs: 3317, postScript: "NotoSans-Regular", format: "TrueType"),
    TableRow(file: "Noto/NotoSansArabic-Regular.ttf", upem: 1000, hhea: (1374, -738, 0), typo: (1374, -738, 0), win: (1374, 738), useTypo: false, xHeight: 374, capHeight: 416, glyphs: 1648, postScript: "NotoSansArabic-Regular", format: "TrueType"),
    TableRow(file: "Noto/NotoSansHebrew-Regular.ttf", upem: 1000, hhea: (1068, -292, 0), typo: (1068, -292, 0), win: (1068, 292), useTypo: false, xHeight: 536, capHeight: 714, glyphs: 149, postScript: "NotoSansHebrew-Regular", format: "TrueType"),
    TableRow(file: "Noto/NotoSansThai-Regular.ttf", upem: 1000, hhea: (1061, -450, 0), typo: (1061, -450, 0), win: (1061, 450), useTypo: false, xHeight: 556, capHeight: 714, glyphs: 140, postScript: "NotoSansThai-Regular", format: "TrueType"),
    TableRow(file: "Noto/NotoSansDevanagari-Regular.ttf", upem: 1000, hhea: (896, -408, 0), typo: (896, -408, 0), win: (896, 408), useTypo: false, xHeight: 536, capHeight: 622, glyphs: 954, postScript: "NotoSansDevanagari-Regular", format: "TrueType"),
]

@Suite struct FontMetricsTests {
    @Test(arguments: tableRows)
    func tablesMatchFontTools(_ row: TableRow) throws {
        let face = try FontFace(path: Repository.font(row.file))
        let info = face.info
        #expect(info.unitsPerEm == row.upem)
        #expect(info.hhea == LineMetrics(ascender: Double(row.hhea.0), descender: Double(row.hhea.1), lineGap: Double(row.hhea.2)))
        let os2 = try #require(info.os2)
        #expect(os2.typoAscender == row.typo.0)
        #expect(os2.typoDescender == row.typo.1)
        #expect(os2.typoLineGap == row.typo.2)
        #expect(os2.winAscent == row.win.0)
        #expect(os2.winDescent == row.win.1)
        #expect(os2.useTypoMetrics == row.useTypo)
        #expect(os2.xHeight == row.xHeight)
        #expect(os2.capHeight == row.capHeight)
        #expect(info.glyphCount == row.glyphs)
        #expect(info.postScriptName == row.postScript)
        #expect(info.format == row.format)
        // Line heights by rule, computed by hand from the same table values.
        #expect(info.lineHeight(.hhea) == row.hhea.0 - row.hhea.1 + row.hhea.2)
        #expect(info.lineHeight(.typo) == row.typo.0 - row.typo.1 + row.typo.2)
        #expect(info.lineHeight(.win) == row.win.0 + row.win.1)
    }

    @Test func lineHeightInPointsIsUnitsTimesSizeOverUpem() throws {
        let info = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf")).info
        // hhea: (1900 + 500 + 0) × 17 / 2048 = 19.921875; typo: (2146 + 555) × 17 / 2048 = 22.42041015625
        #expect(info.lineHeight(.hhea, size: 17) == 2400.0 * 17 / 2048)
        #expect(info.lineHeight(.hhea, size: 17) == 19.921875)
        #expect(abs(info.lineHeight(.typo, size: 17) - 22.42041015625) < 1e-12)
        // Open Sans: hhea 2789 vs typo 1567 + 492 + 132 = 2191 (27 % apart, see font-notes.md).
        let openSans = try FontFace(path: Repository.font("OpenSans/OpenSans-Regular.ttf")).info
        #expect(openSans.lineHeight(.hhea) == 2789)
        #expect(openSans.lineHeight(.typo) == 2191)
        #expect(openSans.lineHeight(.win) == 2789)
        // A line gap counts: typo (1567 + 492 + 132) × 20 / 2048 = 21.396484375.
        #expect(openSans.lineHeight(.typo, size: 20) == 21.396484375)
    }

    @Test func namesAndFamily() throws {
        let info = try FontFace(path: Repository.font("OpenSans/OpenSans-Regular.ttf")).info
        #expect(info.family == "Open Sans")
        #expect(info.style == "Regular")
        #expect(info.isVariable == false)
        #expect(info.axes.isEmpty)
    }
}
