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
}
