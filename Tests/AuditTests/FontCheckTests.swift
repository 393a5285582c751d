import Audit
import Reports
import Testing

@Suite struct FontCheckTests {
    /// Values from `ttx -t hhea -t OS/2 -t head Fonts/Roboto/Roboto-Regular.ttf` (fontTools 4):
    /// upem 2048, hhea 1900/−500/0, typo 2146/−555/0, win 2146/555, fsSelection bit 7 off,
    /// head yMin −555, yMax 2163. The same as shared/reference/font-notes.md.
    @Test func robotoTablesAsDocumented() throws {
        let t = try FontTables(relativePath: "Fonts/Roboto/Roboto-Regular.ttf")
        #expect([t.unitsPerEm, t.hheaAscender, t.hheaDescender, t.hheaLineGap] == [2048, 1900, -500, 0])
        #expect([t.typoAscender, t.typoDescender, t.typoLineGap, t.winAscent, t.winDescent] == [2146, -555, 0, 2146, 555])
        #expect(!t.useTypoMetrics)
        #expect([t.headYMin, t.headYMax] == [-555, 2163])
    }

    @Test func robotoLineHeightsDisagreeByTwelvePointFivePercent() throws {
        let roboto = try FontTables(relativePath: "Fonts/Roboto/Roboto-Regular.ttf").observation(id: "Roboto-Regular")
        let findings = FontMetricsCheck().run(AuditInput(fonts: [roboto]), context: .default)
        try #require(findings.count == 1)
        let f = findings[0]
        // hhea: (1900 + 500 + 0) / 2048 = 1.171875 em; typo: (2146 + 555 + 0) / 2048 = 1.318848 em;
        // win: (2146 + 555) / 2048 = 1.318848 em; spread 2701 / 2400 − 1 = 0.1254167 (> 0.10).
        #expect(f.figures["hheaLineHeight"] == 2400.0 / 2048)
        #expect(f.figures["typoLineHeight"] == 2701.0 / 2048)
        #expect(f.figures["winLineHeight"] == 2701.0 / 2048)
        #expect(abs((f.figures["spread"] ?? 0) - (2701.0 / 2400 - 1)) < 1e-12)
        #expect(f.font == "Roboto-Regular")
        #expect(f.severity == .info)
        #expect(f.message == "Roboto-Regular line heights disagree by 12.5 %: hhea 1.172 em (Apple), typo 1.319 em, win 1.319 em; Windows and the web use win (USE_TYPO_METRICS off), so lines differ in height there")
    }

    /// Inter-Regular.otf: upem 2816, hhea = typo = 2728/−680/0, win 2728/680, USE_TYPO_METRICS on
    /// (ttx; font-notes.md). All three rules give 3408 / 2816 em: no finding.
    @Test func interEqualMetricsGiveNoFinding() throws {
        let t = try FontTables(relativePath: "Fonts/Inter/Inter-Regular.otf")
        #expect([t.unitsPerEm, t.hheaAscender, t.hheaDescender, t.typoAscender, t.typoDescender, t.winAscent, t.winDescent]
                == [2816, 2728, -680, 2728, -680, 2728, 680])
        #expect(t.useTypoMetrics)
        let inter = t.observation(id: "Inter-Regular")
        #expect(inter.hheaLineHeight == inter.typoLineHeight && inter.typoLineHeight == inter.winLineHeight)
        #expect(FontMetricsCheck().run(AuditInput(fonts: [inter]), context: .default).isEmpty)
    }

    /// Open Sans: hhea 2789, typo 1567 + 492 + 132 = 2191, win 2789 (units of 2048); 2789 / 2191 − 1 = 27.3 %.
    @Test func openSansDisagreesMore() throws {
        let openSans = try FontTables(relativePath: "Fonts/OpenSans/OpenSans-Regular.ttf").observation(id: "OpenSans-Regular")
        let findings = FontMetricsCheck().run(AuditInput(fonts: [openSans]), context: .default)
        try #require(findings.count == 1)
        #expect(abs((findings[0].figures["spread"] ?? 0) - (2789.0 / 2191 - 1)) < 1e-12)
        // Under a 30 % tolerance it passes.
        #expect(FontMetricsCheck().run(AuditInput(fonts: [openSans]), context: CheckContext(metricsTolerance: 0.30)).isEmpty)
    }

    /// Roboto's head bounding box reaches 2163, 17 units over usWinAscent 2146; its descent −555 equals
    /// usWinDescent 555, so nothing is clipped below.
    @Test func robotoHeadBoxPassesWinAscent() throws {
        let t = try FontTables(relativePath: "Fonts/Roboto/Roboto-Regular.ttf")
        let font = t.observation(id: "Roboto-Regular", inkYMax: Double(t.headYMax), inkYMin: Double(t.headYMin),
                                 inkSource: .headTable)
        let findings = FontWinClippingCheck().run(AuditInput(fonts: [font]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message == "Glyph ink (head bounding box) in Roboto-Regular reaches 2163 units above the baseline, 17 units over usWinAscent 2146 units: Windows clips it")
        #expect(findings[0].figures["inkYMax"] == 2163)
        #expect(findings[0].figures["inkYMin"] == -555)
    }

    /// Inter's "Ồ" (uni1ED2) ink box is (168, −28, 1976, 2844) by fontTools' BoundsPen: 2844 − 2728 = 116
    /// units over usWinAscent; −28 is well inside usWinDescent 680.
    @Test func interVietnameseOverWinAscent() throws {
        let font = try FontTables(relativePath: "Fonts/Inter/Inter-Regular.otf")
            .observation(id: "Inter-Regular", inkYMax: 2844, inkYMin: -28)
        let findings = FontWinClippingCheck().run(AuditInput(fonts: [font]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message == "The ink of the audited text in Inter-Regular reaches 2844 units above the baseline, 116 units over usWinAscent 2728 units: Windows clips it")
    }

    @Test func inkBelowWinDescentIsReportedToo() throws {
        // Thai-like ink 500 units below the baseline against usWinDescent 450 (Noto Sans Thai's is 450):
        // 500 − 450 = 50 units under.
        let font = FontObservation(font: "NotoSansThai-Regular", unitsPerEm: 1000, hheaAscender: 1061,
                                   hheaDescender: -450, hheaLineGap: 0, typoAscender: 1061, typoDescender: -450,
                                   typoLineGap: 0, winAscent: 1061, winDescent: 450, useTypoMetrics: false,
                                   inkYMax: 900, inkYMin: -500)
        let findings = FontWinClippingCheck().run(AuditInput(fonts: [font]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message.contains("reaches 500 units below it, 50 units under usWinDescent 450 units"))
        #expect(!findings[0].message.contains("over usWinAscent"))
    }

    /// The HIG sizes xS…AX5 of three styles (shared/reference/apple-dynamic-type.md, table A).
    static let caption1: [Double] = [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
    static let largeTitle: [Double] = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
    static let body: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

    /// The consequence is quoted at the largest size any style of the config sets the font: with caption1
    /// and largeTitle in Lato, largeTitle at AX5 (60 pt); a body style in another font does not count.
    /// Lato (Debian fonts-lato 2.0, ttx): hhea ascender 1974, typo 1610 / −390 / gap 400, upem 2000:
    /// (1974 − 1610) / 2000 × 60 = 10.92 pt; web (1974 − 1610 − 200) / 2000 × 60 = 4.92 pt.
    @Test func consequenceUsesTheLargestSizeOfTheStylesThatUseTheFont() throws {
        let lato = FontObservation(font: "Lato-Regular", unitsPerEm: 2000, hheaAscender: 1974, hheaDescender: -426,
                                   hheaLineGap: 0, typoAscender: 1610, typoDescender: -390, typoLineGap: 400,
                                   winAscent: 1974, winDescent: 426, useTypoMetrics: true)
        let styles = [
            StyleObservation(style: "caption1", font: "Lato-Regular", model: "apple", pointSizes: Self.caption1),
            StyleObservation(style: "largeTitle", font: "Lato-Regular", model: "apple", pointSizes: Self.largeTitle),
            StyleObservation(style: "display", font: "Inter-Regular", model: "apple", pointSizes: Self.body.map { $0 * 2 }),
        ]
        let findings = FontVerticalSplitCheck().run(AuditInput(styles: styles, fonts: [lato]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message.hasSuffix("largeTitle at AX5 (60 pt): the first baseline sits up to 10.9 pt higher where typo metrics are used than on iOS (4.9 pt higher where the line gap is split above and below, as on the web)"))
        #expect(findings[0].figures["pointSize"] == 60)
        #expect(abs(findings[0].figures["baselineShift"]! - 10.92) < 1e-9)
        #expect(abs(findings[0].figures["webBaselineShift"]! - 4.92) < 1e-9)
        // Without a style that sets it, the message stays in font units.
        let bare = FontVerticalSplitCheck().run(AuditInput(styles: [styles[2]], fonts: [lato]), context: .default)
        #expect(bare.first?.message.hasSuffix("the first baseline moves between platforms") == true)
        #expect(bare.first?.figures["pointSize"] == nil)
    }

    /// Roboto read by this file's own sfnt reader: head yMax 2163 > usWinAscent 2146 (fontbakery
    /// family/win_ascent_and_descent.py:69 FAILs it); 17 / 2048 × 53 = 0.43994 pt clipped at body AX5.
    @Test func robotoWinMetricsFromItsOwnTables() throws {
        let roboto = try FontTables(relativePath: "Fonts/Roboto/Roboto-Regular.ttf").observation(id: "Roboto-Regular")
        let styles = [StyleObservation(style: "body", font: "Roboto-Regular", model: "apple", pointSizes: Self.body)]
        let findings = FontWinMetricsCheck().run(AuditInput(styles: styles, fonts: [roboto]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message == "Roboto-Regular: usWinAscent 2146 is below the tallest glyph (2163) (head bounding box); body at AX5 (53 pt): Windows clips up to 0.4 pt at the top of a glyph's ink")
        #expect(abs(findings[0].figures["clippedTop"]! - 17.0 / 2048 * 53) < 1e-12)
        #expect(findings[0].figures["clippedBottom"] == 0)
        // Open Sans: usWinAscent 2189 ≥ head yMax 2146 and ≤ 2 × 2146; usWinDescent 600 ≥ 555 and ≤ 1110: PASS.
        let openSans = try FontTables(relativePath: "Fonts/OpenSans/OpenSans-Regular.ttf").observation(id: "OpenSans-Regular")
        #expect(FontWinMetricsCheck().run(AuditInput(fonts: [openSans]), context: .default).isEmpty)
    }

    /// A fallback font is quoted at the sizes of the styles it sets other scripts for: Noto Sans Devanagari
    /// (ttx: upem 1000, usWinAscent 896, head yMax 1347) as the Deva fallback of body: (1347 − 896) / 1000 × 53
    /// = 23.903 pt of a glyph's ink clipped at AX5.
    @Test func fallbackFontsAreQuotedAtTheStylesTheyServe() throws {
        let devanagari = FontObservation(font: "devanagari", unitsPerEm: 1000, hheaAscender: 896, hheaDescender: -408,
                                         hheaLineGap: 0, typoAscender: 896, typoDescender: -408, typoLineGap: 0,
                                         winAscent: 896, winDescent: 408, useTypoMetrics: false, headYMin: -394,
                                         headYMax: 1347)
        let body = StyleObservation(style: "body", font: "regular", model: "apple", pointSizes: Self.body,
                                    fallbackFonts: ["devanagari"])
        let findings = FontWinMetricsCheck().run(AuditInput(styles: [body], fonts: [devanagari]), context: .default)
        try #require(findings.count == 1)
        #expect(findings[0].message.hasSuffix("body at AX5 (53 pt): Windows clips up to 23.9 pt at the top of a glyph's ink"))
        #expect(abs(findings[0].figures["clippedTop"]! - 451.0 / 1000 * 53) < 1e-9)
    }
}
