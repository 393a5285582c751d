import DynamicType
import FontEngine
import Foundation
import Layout
import TypeFitSupport
import Testing
@testable import TypeFit

/// System text measured with the bundled stand-in (Fonts/InterVariable/InterVariable.ttf, Inter
/// 4.1, 2048 units per em) and with Text/Display cuts. Expected advances: `hb-shape
/// --variations=opsz=…,wght=… --output-format=json --no-glyph-names` (HarfBuzz 6.0.0), summed.
/// Expected stand-in averages: fontTools 4 (`varLib.instancer.instantiateVariableFont(font,
/// {"opsz": o, "wght": 400})`, then Σ hmtx advance of cmap[c] × capsize weight(c) / 2048 over
/// capsize-latin-weights.json).
@Suite struct SystemFontMeasurerTests {
    static let fonts: String = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Fonts").path
    }()
    static func font(_ relative: String) -> String { fonts + "/" + relative }

    /// fontTools averages of the stand-in at opsz 14 (11 and 17 pt), 14 + 18 × 2.6 / 11 (20 pt) and
    /// 32 (28 and 53 pt).
    static let standInAverage: [Double: Double] = [
        11: 0.47737031249999995, 17: 0.47737031249999995, 20: 0.467510693359375, 28: 0.4356439453125001, 53: 0.4356439453125001,
    ]

    /// avg_SF(s) by hand (see SystemFontTests): 0.4817, 0.4497, 0.4757 − (2.6/11) × 0.0595 − 0.023, 0.4302, 0.4222.
    static let systemAverage: [Double: Double] = [11: 0.4817, 17: 0.4497, 20: 0.4757 - 2.6 / 11 * 0.0595 - 0.023, 28: 0.4302, 53: 0.4222]

    @Test func widthFactorFromCapsizeWeights() throws {
        let path = try SystemFontStandIn.path(fontsDirectory: Self.fonts)
        for size in [11.0, 17, 20, 28, 53] {
            let face = try SystemFontStandIn.face(path: path, size: size, weight: .regular)
            // At 20 pt (opsz 18.25, between masters) fontTools' rounded instance and hb-shape of
            // each character at that opsz give the same sum.
            #expect(abs(face.weightedAverageWidth(EnglishCharacterFrequencies.latin) - Self.standInAverage[size]!) <= 1e-12, "\(size) pt")
            let k = SystemFontMeasurer.widthFactor(standIn: face, size: size)
            #expect(abs(k - Self.systemAverage[size]! / Self.standInAverage[size]!) <= 1e-12, "k(\(size))")
        }
        // 17 pt: k = 0.4497 / 0.47737031249999995 = 0.94204 (Inter is 6 % wider than SF at body size).
        let body = try SystemFontStandIn.face(path: path, size: 17, weight: .regular)
        #expect(abs(SystemFontMeasurer.widthFactor(standIn: body, size: 17) - 0.9420359587191548) < 1e-12)
    }

    @Test func standInWidthsByHand() throws {
        // (size, text, hb-shape advance at opsz = 14 + 18 × a(size), wght = 400)
        let lines: [(Double, String, Double)] = [
            (11, "Last updated 5 minutes ago", 26815),  // opsz 14
            (17, "Settings", 7891),                      // opsz 14: 1314+1194+670+670+496+1210+1256+1081
            (28, "Cancel", 6250),                        // opsz 32: 1479+1060+1120+1071+1098+422
            (53, "Wi-Fi & Bluetooth", 15640),            // opsz 32
        ]
        for (size, text, advance) in lines {
            let m = try SystemFontMeasurer(standInAt: size, fontsDirectory: Self.fonts)
            let k = Self.systemAverage[size]! / Self.standInAverage[size]!
            let expected = advance * k * size / 2048
            #expect(abs(m.width(of: Substring(text)) - expected) < 1e-9, "\(text) at \(size) pt")
            #expect(m.method == .interVariable && m.errorBand.percent == SystemFontMethod.interVariable.errorBandPercent(size: size))
        }
        // 20 pt, opsz 14 + 18 × 2.6 / 11 = 18.254545…: 19427 units for "Turn on notifications".
        let m20 = try SystemFontMeasurer(standInAt: 20, fontsDirectory: Self.fonts)
        let expected20 = 19427 * (Self.systemAverage[20]! / Self.standInAverage[20]!) * 20 / 2048
        #expect(abs(m20.width(of: "Turn on notifications") - expected20) < 1e-9)
        // Bold at 17 pt: hb-shape at wght=700 gives 8310 units for "Settings"; the factor is the
        // Regular instance's k(17).
        let bold = try SystemFontMeasurer(standInAt: 17, weight: .bold, fontsDirectory: Self.fonts)
        #expect(abs(bold.width(of: "Settings") - 8310 * (0.4497 / 0.47737031249999995) * 17 / 2048) < 1e-9)
    }

    @Test func verticalMetricsAreIOSs() throws {
        let m = try SystemFontMeasurer(standInAt: 17, fontsDirectory: Self.fonts)
        #expect(m.unitsPerEm == 2048)
        #expect(m.lineMetrics == LineMetrics(ascender: 1950, descender: -494, lineGap: 0))
        // 2444 × 17 / 2048, not Inter's own (1984 + 494) × 17 / 2048 = 20.574.
        #expect(m.lineMetrics.lineHeight * 17 / m.unitsPerEm == 20.287109375)
        #expect(m.clusterCount(of: "e\u{301}a") == 2)
    }

    @Test func textAndDisplayBlendPerGlyph() throws {
        // Two real cuts standing for SF Pro Text and Display (Inter 3.019 Regular and Bold, 2816
        // units per em), shaped as "AV Wave, Inc." (13 glyphs, kerning on):
        //   Regular: 1712 1904 792 2528 1532 1512 1640 788 792 744 1648 1572 776 = 17940
        //   Bold:    1852 2106 653 2751 1578 1599 1683 757 653 790 1751 1654 838 = 18665
        // At 20 pt a = 2.6 / 11 and T = −23 × 2.048 = −47.104 units (2048/em) per grapheme (13).
        let text = try FontFace(path: Self.font("Inter/Inter-Regular.otf"))
        let display = try FontFace(path: Self.font("Inter/Inter-Bold.otf"))
        let regular: [Double] = [1712, 1904, 792, 2528, 1532, 1512, 1640, 788, 792, 744, 1648, 1572, 776]
        let bold: [Double] = [1852, 2106, 653, 2751, 1578, 1599, 1683, 757, 653, 790, 1751, 1654, 838]
        for (size, a, milliEm) in [(20.0, 2.6 / 11, -23.0), (17, 0, -26), (28, 1, 14)] {
            let blended = zip(regular, bold).reduce(0.0) { $0 + $1.0 + a * ($1.1 - $1.0) }
            let units = blended * 2048 / 2816 + milliEm * 2.048 * 13
            let m = try SystemFontMeasurer(sfProText: text, display: display, size: size)
            #expect(m.method == .sfPro && m.errorBand.percent == 0)
            #expect(abs(m.advance(of: "AV Wave, Inc.") - units) < 1e-9, "\(size) pt")
            #expect(abs(m.width(of: "AV Wave, Inc.") - units * size / 2048) < 1e-9)
        }
    }

    /// The audit measures every size whose faces are the same with one pair of shapers: a measurer
    /// recalibrated to another size measures as the hand values above say for that size.
    @Test func sizesWithTheSameFacesShareThem() throws {
        let path = try SystemFontStandIn.path(fontsDirectory: Self.fonts)
        let source = SystemFontSource(widths: .standIn(path: path), weight: .regular)
        // opsz = 14 + 18 × a(s): 14 up to 18.375 pt, 32 from 25.25 pt.
        #expect(source.facesKey(size: 11) == 14 && source.facesKey(size: 17) == 14)
        #expect(source.facesKey(size: 28) == 32 && source.facesKey(size: 53) == 32)
        let opsz20: Double = 14 + 18 * 2.6 / 11
        #expect(abs(source.facesKey(size: 20) - opsz20) < 1e-12)
        #expect(source.facesServeManySizes(17) && source.facesServeManySizes(53) && !source.facesServeManySizes(20))
        let faces = try source.faces(size: 11)
        let at11 = try EngineMeasurer(face: faces.face, calibration: source.calibration(size: 11, faces: faces))
        let at17 = at11.recalibrated(source.calibration(size: 17, faces: faces))
        // Face units (2048/em): hb-shape's advance × k(s) (standInWidthsByHand).
        #expect(abs(at17.advance(of: "Settings") - 7891 * Self.systemAverage[17]! / Self.standInAverage[17]!) < 1e-9)
        #expect(abs(at11.advance(of: "Last updated 5 minutes ago") - 26815 * Self.systemAverage[11]! / Self.standInAverage[11]!) < 1e-9)

        // SF Pro's cuts serve every size: 17 pt (a = 0, −26/1000 em) recalibrated to 20 pt blends
        // as textAndDisplayBlendPerGlyph's hand sums say, in the cut's 2816 units per em.
        let cuts = SystemFontSource.Faces(face: try FontFace(path: Self.font("Inter/Inter-Regular.otf")),
                                          display: try FontFace(path: Self.font("Inter/Inter-Bold.otf")), standInAverage: nil)
        let at17SF = try EngineMeasurer(face: cuts.face, calibration: source.calibration(size: 17, faces: cuts))
        let at20SF = at17SF.recalibrated(source.calibration(size: 20, faces: cuts))
        #expect(abs(at17SF.advance(of: "AV Wave, Inc.") - (17940 - 26 * 2.816 * 13)) < 1e-9)
        #expect(abs(at20SF.advance(of: "AV Wave, Inc.") - (17940 + 2.6 / 11 * (18665 - 17940) - 23 * 2.816 * 13)) < 1e-9)
    }

    // MARK: SF Pro folders

    private func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-sfpro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, source) in files { try FileManager.default.copyItem(atPath: Self.font(source), toPath: dir.appendingPathComponent(name).path) }
        return dir.path
    }

    private func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return "\(error)" }
        return nil
    }

    @Test func badSFProFolders() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-no-such-folder").path
        #expect(message { _ = try SFProCuts.find(in: missing, weight: .regular) }
            == "\(missing): no such folder (the SF Pro folder holds SF-Pro-Text-*.otf and SF-Pro-Display-*.otf, or the variable SF-Pro.ttf)")

        let empty = try folder([:])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(message { _ = try SFProCuts.find(in: empty, weight: .semibold) }
            == "\(empty): no SF-Pro-Text-Semibold.otf for semibold system text (the folder needs SF-Pro-Text-<Weight>.otf and SF-Pro-Display-<Weight>.otf, or the variable SF-Pro.ttf)")

        let textOnly = try folder(["SF-Pro-Text-Regular.otf": "Inter/Inter-Regular.otf"])
        defer { try? FileManager.default.removeItem(atPath: textOnly) }
        #expect(message { _ = try SFProCuts.find(in: textOnly, weight: .regular) }?.hasPrefix("\(textOnly): no SF-Pro-Display-Regular.otf for regular system text") == true)

        let impostor = try folder(["SF-Pro-Text-Bold.otf": "Inter/Inter-Bold.otf", "SF-Pro-Display-Bold.otf": "Inter/Inter-Bold.otf"])
        defer { try? FileManager.default.removeItem(atPath: impostor) }
        #expect(message { _ = try SFProCuts.find(in: impostor, weight: .bold) }
            == "\(impostor)/SF-Pro-Text-Bold.otf: the font's family is 'Inter', not 'SF Pro Text' (another font under SF Pro's file name)")

        // Inter 3.019's variable font has wght and slnt, no opsz.
        let noOpsz = try folder(["SF-Pro.ttf": "Inter/Inter.var.ttf"])
        defer { try? FileManager.default.removeItem(atPath: noOpsz) }
        #expect(message { _ = try SFProCuts.find(in: noOpsz, weight: .regular) }
            == "\(noOpsz)/SF-Pro.ttf: variable SF Pro without an 'opsz' axis (axes: wght, slnt); iOS's optical sizes need it")

        // Inter 4.1 has opsz and wght, but is not SF Pro.
        let variable = try folder(["SF-Pro.ttf": "InterVariable/InterVariable.ttf"])
        defer { try? FileManager.default.removeItem(atPath: variable) }
        #expect(message { _ = try SFProCuts.find(in: variable, weight: .regular) }
            == "\(variable)/SF-Pro.ttf: the font's family is 'Inter', not 'SF Pro' (another font under SF Pro's file name)")

        // Not a font at all: FontFace's own one-line error.
        let garbage = try folder(["SF-Pro-Text-Regular.otf": "README.md", "SF-Pro-Display-Regular.otf": "README.md"])
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        #expect(message { _ = try SFProCuts.find(in: garbage, weight: .regular) }?.hasPrefix("\(garbage)/SF-Pro-Text-Regular.otf: not a usable font") == true)
    }

    @Test func standInMissing() {
        let dir = FileManager.default.temporaryDirectory.path
        #expect(message { _ = try SystemFontMeasurer(standInAt: 17, fontsDirectory: dir) }
            == "\(dir)/InterVariable/InterVariable.ttf: no such font file; the system font's stand-in is Fonts/InterVariable/InterVariable.ttf")
        #expect(message { _ = try SystemFontMeasurer(standInAt: 17, fontsDirectory: nil) }
            == "no Fonts/ folder found (set TYPEFIT_FONTS); the system font's stand-in is Fonts/InterVariable/InterVariable.ttf")
    }
}
