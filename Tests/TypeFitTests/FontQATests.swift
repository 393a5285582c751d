import Audit
import FontEngine
import Foundation
import TestSupport
import Reports
import Testing
import TypeFit

/// The font checks against fontbakery 1.1.0's rules, on the bundled fonts and on four Debian fonts that are
/// not bundled (Lato, Liberation Sans, DejaVu Sans, Cantarell; with Inter, Roboto, Open Sans, Noto Sans,
/// Noto Sans Arabic and Noto Sans Thai, which are bundled, ten common fonts).
///
/// How the expectations were obtained, independently of TypeFit: `scripts/fontbakery-vmetrics.py` reads each
/// face with fontTools 4 (hhea, OS/2, head yMin/yMax, "À" yMax by fontTools' BoundsPen, the number of cmap
/// code points in fontbakery's CJK ranges) and applies the four rules as written in fontbakery 1.1.0's source
/// (`pip download fontbakery==1.1.0`):
/// - os2_metrics_match_hhea: Lib/fontbakery/checks/os2_metrics_match_hhea.py:40–57 (skipped for CJK, line 8);
/// - family/win_ascent_and_descent: Lib/fontbakery/checks/family/win_ascent_and_descent.py:69–98 with
///   utils.py:225 `get_bounding_box` (skipped for CJK, line 19);
/// - linegaps: Lib/fontbakery/checks/linegaps.py:33–38;
/// - typoascender_exceeds_Agrave: Lib/fontbakery/checks/typoascender_exceeds_Agrave.py:38–61.
/// Cross-check: fontbakery 1.1.0 itself (`fontbakery check-universal -c os2_metrics_match_hhea -c
/// family/win_ascent_and_descent -c linegaps -c typoascender_exceeds_Agrave FONT`, in a venv) gave the same
/// verdicts for the ten fonts of the issue and for Inter.var, Inter-Bold, Roboto-Bold, Noto Sans Hebrew,
/// Devanagari and the CJK collection (whose first face it read).
/// The script's output for these 19 faces is the table below (the Debian fonts: the table values only, so the tests
/// need nothing outside the repository). The Debian packages are those of Debian 12 (`apt-get download`);
/// the bundled files are byte-identical to the same packages' files.
@Suite struct FontQATests {
    enum Verdict { case pass, warn, fail, skip }

    struct Face {
        var name: String
        var path: String?
        var faceIndex = 0
        var debianPackage: String?
        var upem: Int, hhea: [Int], typo: [Int], win: [Int], useTypo: Bool, head: [Int], agrave: Double?, cjk: Int
        /// fontbakery's verdicts, in the order of `FontQATests.fontbakeryIds`.
        var fontbakery: [Verdict]

        init(_ name: String, path: String, faceIndex: Int, upem: Int, hhea: [Int], typo: [Int], win: [Int], useTypo: Bool,
             head: [Int], agrave: Double?, cjk: Int, fontbakery: [Verdict]) {
            self.init(name, debian: nil, upem: upem, hhea: hhea, typo: typo, win: win, useTypo: useTypo, head: head,
                      agrave: agrave, cjk: cjk, fontbakery: fontbakery)
            self.path = path
            self.faceIndex = faceIndex
        }

        init(_ name: String, debian: String?, upem: Int, hhea: [Int], typo: [Int], win: [Int], useTypo: Bool,
             head: [Int], agrave: Double?, cjk: Int, fontbakery: [Verdict]) {
            self.name = name
            debianPackage = debian
            self.upem = upem
            self.hhea = hhea
            self.typo = typo
            self.win = win
            self.useTypo = useTypo
            self.head = head
            self.agrave = agrave
            self.cjk = cjk
            self.fontbakery = fontbakery
        }

        /// The observation the audit would make of this face, from the fontTools values.
        var observation: FontObservation {
            FontObservation(font: name, unitsPerEm: Double(upem), hheaAscender: Double(hhea[0]),
                            hheaDescender: Double(hhea[1]), hheaLineGap: Double(hhea[2]), typoAscender: Double(typo[0]),
                            typoDescender: Double(typo[1]), typoLineGap: Double(typo[2]), winAscent: Double(win[0]),
                            winDescent: Double(win[1]), useTypoMetrics: useTypo, headYMin: Double(head[0]),
                            headYMax: Double(head[1]), agraveYMax: agrave, cjkCodepoints: cjk)
        }
    }

    static let fontbakeryIds = ["os2_metrics_match_hhea", "family/win_ascent_and_descent", "linegaps",
                                "typoascender_exceeds_Agrave"]

    /// Output of `scripts/fontbakery-vmetrics.py` (see above), one face per entry.
    static let faces: [Face] = [
        Face("Inter-Regular", path: "Fonts/Inter/Inter-Regular.otf", faceIndex: 0, upem: 2816, hhea: [2728, -680, 0], typo: [2728, -680, 0],
             win: [2728, 680], useTypo: true, head: [-900, 3072], agrave: 2720, cjk: 0,
             fontbakery: [.pass, .fail, .pass, .pass]),
        Face("Inter-SemiBold", path: "Fonts/Inter/Inter-SemiBold.otf", faceIndex: 0, upem: 2816, hhea: [2728, -680, 0], typo: [2728, -680, 0],
             win: [2728, 680], useTypo: true, head: [-900, 3113], agrave: 2707, cjk: 0,
             fontbakery: [.pass, .fail, .pass, .pass]),
        Face("Inter-Bold", path: "Fonts/Inter/Inter-Bold.otf", faceIndex: 0, upem: 2816, hhea: [2728, -680, 0], typo: [2728, -680, 0],
             win: [2728, 680], useTypo: true, head: [-900, 3135], agrave: 2701, cjk: 0,
             fontbakery: [.pass, .fail, .pass, .pass]),
        Face("Inter.var", path: "Fonts/Inter/Inter.var.ttf", faceIndex: 0, upem: 2816, hhea: [2728, -680, 0], typo: [2728, -680, 0],
             win: [2728, 680], useTypo: true, head: [-900, 3072], agrave: 2720, cjk: 0,
             fontbakery: [.pass, .fail, .pass, .pass]),
        Face("Roboto-Regular", path: "Fonts/Roboto/Roboto-Regular.ttf", faceIndex: 0, upem: 2048, hhea: [1900, -500, 0], typo: [2146, -555, 0],
             win: [2146, 555], useTypo: false, head: [-555, 2163], agrave: 1847, cjk: 0,
             fontbakery: [.fail, .fail, .pass, .pass]),
        Face("Roboto-Medium", path: "Fonts/Roboto/Roboto-Medium.ttf", faceIndex: 0, upem: 2048, hhea: [1900, -500, 0], typo: [2146, -555, 0],
             win: [2146, 555], useTypo: false, head: [-555, 2163], agrave: 1846, cjk: 0,
             fontbakery: [.fail, .fail, .pass, .pass]),
        Face("Roboto-Bold", path: "Fonts/Roboto/Roboto-Bold.ttf", faceIndex: 0, upem: 2048, hhea: [1900, -500, 0], typo: [2146, -555, 0],
             win: [2146, 555], useTypo: false, head: [-555, 2163], agrave: 1846, cjk: 0,
             fontbakery: [.fail, .fail, .pass, .pass]),
        Face("OpenSans-Regular", path: "Fonts/OpenSans/OpenSans-Regular.ttf", faceIndex: 0, upem: 2048, hhea: [2189, -600, 0], typo: [1567, -492, 132],
             win: [2189, 600], useTypo: false, head: [-555, 2146], agrave: 1907, cjk: 0,
             fontbakery: [.fail, .pass, .warn, .warn]),
        Face("NotoSans-Regular", path: "Fonts/Noto/NotoSans-Regular.ttf", faceIndex: 0, upem: 1000, hhea: [1069, -293, 0], typo: [1069, -293, 0],
             win: [1069, 293], useTypo: false, head: [-389, 1067], agrave: 944, cjk: 0,
             fontbakery: [.pass, .fail, .pass, .pass]),
        Face("NotoSansArabic-Regular", path: "Fonts/Noto/NotoSansArabic-Regular.ttf", faceIndex: 0, upem: 1000, hhea: [1374, -738, 0], typo: [1374, -738, 0],
             win: [1374, 738], useTypo: false, head: [-548, 1359], agrave: nil, cjk: 0,
             fontbakery: [.pass, .pass, .pass, .skip]),
        Face("NotoSansHebrew-Regular", path: "Fonts/Noto/NotoSansHebrew-Regular.ttf", faceIndex: 0, upem: 1000, hhea: [1068, -292, 0], typo: [1068, -292, 0],
             win: [1068, 292], useTypo: false, head: [-239, 820], agrave: nil, cjk: 0,
             fontbakery: [.pass, .pass, .pass, .skip]),
        Face("NotoSansThai-Regular", path: "Fonts/Noto/NotoSansThai-Regular.ttf", faceIndex: 0, upem: 1000, hhea: [1061, -450, 0], typo: [1061, -450, 0],
             win: [1061, 450], useTypo: false, head: [-433, 1009], agrave: nil, cjk: 0,
             fontbakery: [.pass, .pass, .pass, .skip]),
        Face("NotoSansDevanagari-Regular", path: "Fonts/Noto/NotoSansDevanagari-Regular.ttf", faceIndex: 0, upem: 1000, hhea: [896, -408, 0], typo: [896, -408, 0],
             win: [896, 408], useTypo: false, head: [-394, 1347], agrave: nil, cjk: 0,
             fontbakery: [.pass, .fail, .pass, .skip]),
        Face("NotoSansCJK-Subset#0", path: "Fonts/Noto/NotoSansCJK-Subset.ttc", faceIndex: 0, upem: 1000, hhea: [1160, -288, 0], typo: [880, -120, 0],
             win: [1160, 288], useTypo: false, head: [-1048, 1808], agrave: nil, cjk: 758,
             fontbakery: [.skip, .skip, .pass, .skip]),
        Face("NotoSansCJK-Subset#1", path: "Fonts/Noto/NotoSansCJK-Subset.ttc", faceIndex: 1, upem: 1000, hhea: [1160, -288, 0], typo: [880, -120, 0],
             win: [1160, 288], useTypo: false, head: [-1048, 1808], agrave: nil, cjk: 758,
             fontbakery: [.skip, .skip, .pass, .skip]),
        Face("Lato-Regular", debian: "fonts-lato 2.0-2.1", upem: 2000, hhea: [1974, -426, 0], typo: [1610, -390, 400],
             win: [1974, 426], useTypo: true, head: [-537, 2157], agrave: 1852, cjk: 0,
             fontbakery: [.fail, .fail, .warn, .warn]),
        Face("LiberationSans-Regular", debian: "fonts-liberation2 2.1.5-1", upem: 2048, hhea: [1854, -434, 67], typo: [1491, -431, 307],
             win: [1854, 434], useTypo: false, head: [-621, 2007], agrave: 1776, cjk: 0,
             fontbakery: [.fail, .fail, .warn, .warn]),
        Face("DejaVuSans", debian: "fonts-dejavu-core 2.37-6", upem: 2048, hhea: [1901, -483, 0], typo: [1556, -492, 410],
             win: [1901, 483], useTypo: false, head: [-948, 2524], agrave: 1899, cjk: 0,
             fontbakery: [.fail, .fail, .warn, .warn]),
        Face("Cantarell-Regular", debian: "fonts-cantarell 0.303.1-1", upem: 1000, hhea: [983, -217, 0], typo: [739, -217, 244],
             win: [983, 217], useTypo: false, head: [-256, 1099], agrave: 917, cjk: 0,
             fontbakery: [.fail, .fail, .warn, .warn]),
    ]

    /// PASS ↔ no finding; SKIP ↔ not applicable; WARN ↔ a `warn` finding; FAIL ↔ a `fail` finding.
    static func expected(_ verdict: Verdict) -> FontVerdict {
        switch verdict {
        case .pass: .pass
        case .skip: .notApplicable
        case .warn: .warn
        case .fail: .fail
        }
    }

    static func check(_ fontbakeryId: String) throws -> any FontCheck {
        try #require(CheckRegistry.fontChecks.first { $0.fontbakeryCheck == fontbakeryId })
    }

    @Test func everyFontbakeryRuleHasItsCheck() throws {
        #expect(Set(CheckRegistry.fontChecks.compactMap(\.fontbakeryCheck)) == Set(Self.fontbakeryIds))
        #expect(try Self.check("os2_metrics_match_hhea").id == "font.vertical-split")
        #expect(try Self.check("family/win_ascent_and_descent").id == "font.win-metrics")
        #expect(try Self.check("linegaps").id == "font.line-gap")
        #expect(try Self.check("typoascender_exceeds_Agrave").id == "font.accent-clearance")
    }

    /// On the fontTools table values of all 19 faces, every check's verdict is fontbakery's.
    @Test(arguments: faces.map(\.name))
    func verdictsAgreeWithFontbakeryOnTheTableValues(name: String) throws {
        let face = try #require(Self.faces.first { $0.name == name })
        for (i, id) in Self.fontbakeryIds.enumerated() {
            let got = try Self.check(id).verdict(for: face.observation).verdict
            #expect(got == Self.expected(face.fontbakery[i]), "\(name) \(id): fontbakery \(face.fontbakery[i]), TypeFit \(got)")
        }
    }

    /// The real engine reads the same values from the bundled files as fontTools does, and so reaches the
    /// same verdicts. "À" by FreeType's exact outline box equals BoundsPen's to the unit.
    @Test(arguments: faces.filter { $0.path != nil }.map(\.name))
    func realEngineReadsTheSameTablesAndAgrees(name: String) throws {
        let face = try #require(Self.faces.first { $0.name == name })
        let path = Repository.root.appendingPathComponent(try #require(face.path)).path
        let loaded = try FontFace(path: path, faceIndex: face.faceIndex)
        let seen = FontObservation(face: loaded, id: name, path: face.path)
        var expected = face.observation
        expected.path = face.path
        #expect(seen == expected)
        for (i, id) in Self.fontbakeryIds.enumerated() {
            #expect(try Self.check(id).verdict(for: seen).verdict == Self.expected(face.fontbakery[i]), "\(name) \(id)")
        }
    }

    /// Where the Debian packages install the four fonts that are not bundled, with the files' sizes in those
    /// packages (Debian 12: fonts-lato 2.0-2.1, fonts-liberation2 2.1.5-1, fonts-dejavu-core 2.37-6,
    /// fonts-cantarell 0.303.1-1).
    static let systemFiles: [(name: String, path: String, bytes: Int)] = [
        ("Lato-Regular", "/usr/share/fonts/truetype/lato/Lato-Regular.ttf", 661_592),
        ("LiberationSans-Regular", "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", 410_712),
        ("DejaVuSans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 759_720),
        ("Cantarell-Regular", "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", 103_040),
    ]

    /// The installed file when it is the very file the fixture was read from (same package, same size).
    /// `TYPEFIT_SYSTEM_FONTS_ROOT` prefixes the paths (e.g. a folder where the .deb files were unpacked with
    /// `dpkg-deb -x`), so the live test can run without installing the packages.
    static func installed(_ name: String) -> String? {
        let root = ProcessInfo.processInfo.environment["TYPEFIT_SYSTEM_FONTS_ROOT"] ?? ""
        guard let file = systemFiles.first(where: { $0.name == name }),
              let size = (try? FileManager.default.attributesOfItem(atPath: root + file.path))?[.size] as? NSNumber,
              size.intValue == file.bytes else { return nil }
        return root + file.path
    }

    static let anyInstalled = systemFiles.contains { installed($0.name) != nil }

    /// Live check on the system's copies of the Debian fonts: the real engine reads the fixture's values and
    /// reaches fontbakery's verdicts. Skipped when none is installed in the fixture's version (the tests must
    /// pass on any machine; the fixture above covers the rules); fonts absent here are left out.
    @Test(.enabled(if: anyInstalled, "none of the four Debian fonts is installed in the fixture's version"))
    func realEngineOnInstalledDebianFonts() throws {
        for file in Self.systemFiles {
            guard let path = Self.installed(file.name) else { continue }
            let face = try #require(Self.faces.first { $0.name == file.name })
            let seen = FontObservation(face: try FontFace(path: path), id: file.name, path: nil)
            #expect(seen == face.observation, "\(file.name)")
            for (i, id) in Self.fontbakeryIds.enumerated() {
                #expect(try Self.check(id).verdict(for: seen).verdict == Self.expected(face.fontbakery[i]), "\(file.name) \(id)")
            }
        }
    }

    /// The Debian fonts' figures at the HIG body size at AX5 (53 pt), by hand from the table values.
    @Test func debianFontsStateTheirConsequenceAtAX5() throws {
        let body = { (font: FontObservation) in
            StyleObservation(style: "body", font: font.font, model: "apple",
                             pointSizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        }
        func findings(_ name: String, _ check: any FontCheck) throws -> [Finding] {
            let font = try #require(Self.faces.first { $0.name == name }).observation
            return check.verdict(for: font, styles: [body(font)]).findings
        }
        // DejaVu Sans: hhea 1901 − 483 + 0 = 2384, typo 1556 + 492 + 410 = 2458 (units of 2048):
        // baseline (1901 − 1556) / 2048 × 53 = 8.928 pt higher; web (1901 − 1556 − 205) / 2048 × 53 = 3.623 pt;
        // lines (2458 − 2384) / 2048 × 53 = 1.915 pt taller.
        let dejaVu = try findings("DejaVuSans", FontVerticalSplitCheck())
        try #require(dejaVu.count == 1)
        #expect(dejaVu[0].message.hasSuffix("body at AX5 (53 pt): the first baseline sits up to 8.9 pt higher where typo metrics are used than on iOS (3.6 pt higher where the line gap is split above and below, as on the web) and each line is 1.9 pt taller there"))
        #expect(abs(dejaVu[0].figures["baselineShift"]! - 345.0 / 2048 * 53) < 1e-9)
        #expect(abs(dejaVu[0].figures["webBaselineShift"]! - 140.0 / 2048 * 53) < 1e-9)
        // Cantarell: head yMax 1099 > usWinAscent 983 → (1099 − 983) / 1000 × 53 = 6.148 pt clipped at the top;
        // yMin −256 vs usWinDescent 217 → 39 / 1000 × 53 = 2.067 pt at the bottom.
        let cantarell = try findings("Cantarell-Regular", FontWinMetricsCheck())
        try #require(cantarell.count == 1)
        #expect(cantarell[0].message.hasSuffix("body at AX5 (53 pt): Windows clips up to 6.1 pt at the top and 2.1 pt at the bottom of a glyph's ink"))
        // Liberation Sans: À yMax 1776 − sTypoAscender 1491 = 285 units → 285 / 2048 × 53 = 7.375 pt.
        let liberation = try findings("LiberationSans-Regular", FontAccentClearanceCheck())
        try #require(liberation.count == 1)
        #expect(abs(liberation[0].figures["overshoot"]! - 285.0 / 2048 * 53) < 1e-9)
        #expect(liberation[0].message.contains("reaches 1776 units, 285 above sTypoAscender 1491; body at AX5 (53 pt): the accent rises 7.4 pt above"))
    }

    /// End to end: an audit quotes the font findings at the config's own styles. Roboto set by body (AX5 53 pt)
    /// and title1 (AX5 58 pt, HIG table A): title1 at AX5 is the largest use. Roboto: hhea 1900 / −500 / 0,
    /// typo 2146 / −555 / 0 (units of 2048): lines (2701 − 2400) / 2048 × 58 = 8.524 pt taller off iOS; the
    /// baseline (1900 − 2146) / 2048 × 58 = −6.967 pt (lower); head yMax 2163 − usWinAscent 2146 = 17 units,
    /// 17 / 2048 × 58 = 0.481 pt clipped.
    @Test func auditQuotesTheConfigsLargestStyle() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-fontqa-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("strings"), withIntermediateDirectories: true)
        let roboto = Repository.root.appendingPathComponent("Fonts/Roboto/Roboto-Regular.ttf").path
        try """
            fonts:
              text: { file: \(roboto) }
            styles:
              body: { font: text, model: apple, textStyle: body }
              title: { font: text, model: apple, textStyle: title1 }
            devices: ["iPhone 16"]
            strings:
              - path: strings
            screens:
              - name: Home
                rows:
                  - name: row
                    labels:
                      - { name: heading, style: title, key: greeting }
                      - { name: detail, style: body, key: greeting }
            """.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        try "\"greeting\" = \"Hi\";\n".write(to: dir.appendingPathComponent("strings/en.strings"), atomically: true, encoding: .utf8)
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        func finding(_ id: String) throws -> Finding {
            try #require(run.document.findings.first { $0.checkId == id && $0.font == "text" })
        }
        let metrics = try finding("font.metrics")
        #expect(metrics.message.hasSuffix("title at AX5 (58 pt): each line 8.5 pt taller where typo or win metrics are used than on iOS"))
        #expect(abs(metrics.figures["typoLineDelta"]! - 8.524) < 0.001)
        let split = try finding("font.vertical-split")
        #expect(split.message.hasSuffix("title at AX5 (58 pt): the first baseline sits 7.0 pt lower where typo metrics are used than on iOS and each line is 8.5 pt taller there"))
        let win = try finding("font.win-metrics")
        #expect(abs(win.figures["clippedTop"]! - 17.0 / 2048 * 58) < 0.001)
        #expect(!run.document.findings.contains { $0.checkId == "font.line-gap" || $0.checkId == "font.accent-clearance" })
    }
}
