import Foundation
import Testing
@testable import DynamicType

/// The system-font model (docs/system-font.md). Expected values are computed by hand in each test
/// from SF Pro's hhea (ascender 1950, descender −494, line gap 0, 2048 units per em), the formula
/// a(s) = clamp((1.6 s − 29.4) / 11, 0, 1), and the copies of the reference data in
/// Fixtures/reference (the HIG tables and capsize's weights), read here independently of the
/// Swift tables.
@Suite struct SystemFontTests {
    private func reference() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: sharedFile("reference/apple-dynamic-type.json")) as! [String: Any]
    }

    @Test func lineHeightAtEachBodySize() throws {
        // The 12 body sizes from the HIG table (xS … AX5), read from the fixture.
        let table = (try reference()["ios_dynamic_type"] as! [String: Any])["table"] as! [String: [String: [String: Any]]]
        let sizes = ContentSizeCategory.allCases.map { (table["body"]![$0.rawValue]!["size"] as! NSNumber).doubleValue }
        #expect(sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        for size in sizes {
            // (1950 + 494) / 2048 = 2444 / 2048 = 1.193359375 em.
            let expected = 2444 * size / 2048
            #expect(SystemFont.lineHeight(size: size) == expected, "body \(size) pt")
            #expect(close(SystemFont.ascender * size + SystemFont.descender * size, expected))
        }
        // 17 pt: 2444 × 17 / 2048 = 41548 / 2048.
        #expect(SystemFont.lineHeight(size: 17) == 20.287109375)
        #expect(SystemFont.lineHeight(size: 53) == 63.2480468750)
        #expect(SystemFont.ascender == 1950.0 / 2048 && SystemFont.descender == 494.0 / 2048)
    }

    @Test func lineMetricsMatchIOSObservations() throws {
        // UIFont values observed on iOS, quoted in the reference data (`line_metrics`,
        // `uifont_lineHeight.examples`): systemFont 20 ascender 19.04296875, descender −4.82421875,
        // leading 0; systemFont 15 lineHeight 17.900391.
        let examples = (((try reference()["line_metrics"] as! [String: Any])["uifont_lineHeight"] as! [String: Any])["examples"] as! [[String: Any]])
        let twenty = try #require(examples.first { $0["font"] as? String == "systemFont 20" })
        #expect(SystemFont.ascender * 20 == (twenty["ascender"] as! NSNumber).doubleValue)
        #expect(-SystemFont.descender * 20 == (twenty["descender"] as! NSNumber).doubleValue)
        let fifteen = try #require(examples.first { $0["font"] as? String == "systemFont 15" })
        #expect(abs(SystemFont.lineHeight(size: 15) - (fifteen["lineHeight"] as! NSNumber).doubleValue) < 0.0000005)
    }

    @Test func opticalBlendAtReferenceSizes() {
        // 12, 13, 17 pt: 1.6 s < 29.4 → 0.
        for size in [12.0, 13, 17, 18.375] { #expect(SystemFont.opticalBlend(size: size) == 0, "\(size) pt") }
        // 19 pt: (30.4 − 29.4) / 11; 20: 2.6 / 11; 22: 5.8 / 11; 24: 9 / 11.
        #expect(close(SystemFont.opticalBlend(size: 19), 1.0 / 11))
        #expect(close(SystemFont.opticalBlend(size: 20), 2.6 / 11))
        #expect(close(SystemFont.opticalBlend(size: 22), 5.8 / 11))
        #expect(close(SystemFont.opticalBlend(size: 24), 9.0 / 11))
        // 25.25 pt: (40.4 − 29.4) / 11 = 1; 28 and 34 pt clamp to 1.
        for size in [25.25, 28, 34, 53] { #expect(close(SystemFont.opticalBlend(size: size), 1), "\(size) pt") }
        // opsz of the stand-in: 14 at 17 pt, 14 + 18 × 2.6 / 11 at 20 pt, 32 from 25.25 pt.
        #expect(SystemFont.standInOpticalSize(size: 17) == 14)
        #expect(close(SystemFont.standInOpticalSize(size: 20), 14 + 18 * 2.6 / 11))
        #expect(SystemFont.standInOpticalSize(size: 28) == 32)
    }

    @Test func trackingTableIsTheHIGs() throws {
        let rows = (try reference()["sf_pro_tracking_ios"] as! [String: Any])["rows"] as! [[String: Any]]
        #expect(rows.count == SystemFont.trackingTable.count)
        for (row, swift) in zip(rows, SystemFont.trackingTable) {
            let size = (row["size_pt"] as! NSNumber).doubleValue, value = (row["tracking_1000em"] as! NSNumber).doubleValue
            #expect(swift.size == size && swift.milliEm == value, "row \(size) pt")
            #expect(SystemFont.trackingMilliEm(size: size) == value)
            #expect(close(SystemFont.tracking(size: size), value * 2.048))
        }
    }

    @Test func trackingAtReferenceSizes() {
        // What iOS applies (the reference: −52 units at 17 pt, −46 at 20, −24 at 22, +6 at 24,
        // +28 at 28, +23 at 34), within the 2 units the reference states, from the HIG column × 2.048.
        let ios: [(Double, Double)] = [(17, -52), (20, -46), (22, -24), (24, 6), (28, 28), (34, 23)]
        for (size, units) in ios { #expect(abs(SystemFont.tracking(size: size) - units) <= 2, "\(size) pt") }
        #expect(close(SystemFont.tracking(size: 17), -26 * 2.048))   // −53.248
        #expect(close(SystemFont.tracking(size: 24), 3 * 2.048))     // 6.144
        // Between rows, linear: 17.5 pt halfway between −26 and −25; 55 pt between 54 (6) and
        // 56 (6); 57 pt between 56 (6) and 58 (5); 74 pt between 72 (2) and 76 (1).
        #expect(close(SystemFont.trackingMilliEm(size: 17.5), -25.5))
        #expect(SystemFont.trackingMilliEm(size: 55) == 6)
        #expect(close(SystemFont.trackingMilliEm(size: 57), 5.5))
        #expect(close(SystemFont.trackingMilliEm(size: 74), 1.5))
        // Outside 6…96 pt, the end rows.
        #expect(SystemFont.trackingMilliEm(size: 4) == 41)
        #expect(SystemFont.trackingMilliEm(size: 120) == 0)
    }

    @Test func averageWidthMatchesReference() {
        // avg_SF(s) = (1 − a) × 0.4757 + a × 0.4162 + milliEm / 1000, by hand:
        // 11 pt: 0.4757 + 0.006; 17 pt: 0.4757 − 0.026; 20 pt: 0.4757 − (2.6/11) × 0.0595 − 0.023;
        // 28 pt: 0.4162 + 0.014; 53 pt: 0.4162 + 0.006.
        #expect(close(SystemFont.averageWidth(size: 11), 0.4817, 1e-12))
        #expect(close(SystemFont.averageWidth(size: 17), 0.4497, 1e-12))
        #expect(close(SystemFont.averageWidth(size: 20), 0.4757 - 2.6 / 11 * 0.0595 - 0.023, 1e-12))
        #expect(close(SystemFont.averageWidth(size: 28), 0.4302, 1e-12))
        #expect(close(SystemFont.averageWidth(size: 53), 0.4222, 1e-12))
        // The reference rounds 20 pt to 0.4386.
        #expect(abs(SystemFont.averageWidth(size: 20) - 0.4386) < 0.00005)
        // k(s) = avg_SF / the stand-in's average.
        #expect(close(SystemFont.widthFactor(size: 17, standInAverage: 0.4497 / 0.9), 0.9))
    }

    @Test func characterWeightsAreCapsizes() throws {
        let json = try JSONSerialization.jsonObject(with: sharedFile("reference/capsize-latin-weights.json")) as! [String: Any]
        let latin = json["latin"] as! [String: NSNumber]
        #expect(latin.count == EnglishCharacterFrequencies.latin.count)
        var seen = Set<Unicode.Scalar>()
        for (character, weight) in EnglishCharacterFrequencies.latin {
            #expect(seen.insert(character).inserted, "\(character) twice")
            #expect(latin[String(character)]?.doubleValue == weight, "weight of \(character)")
        }
    }

    @Test func errorBandPerSize() {
        let b = SystemFontMethod.interVariable
        // The reference's p99 table for method B at the sizes it measured.
        for (size, percent) in [(11.0, 2.5), (17, 2.1), (20, 2.0), (24, 2.2), (28, 2.5), (40, 2.5), (53, 2.5)] {
            #expect(b.errorBandPercent(size: size) == percent, "\(size) pt")
        }
        // Between measured sizes, the larger neighbour; outside 11…53 pt, 2.5.
        for (size, percent) in [(14.0, 2.5), (18, 2.1), (19, 2.1), (21, 2.2), (23, 2.2), (26, 2.5), (8, 2.5), (60, 2.5)] {
            #expect(b.errorBandPercent(size: size) == percent, "\(size) pt")
        }
        #expect(SystemFontMethod.sfPro.errorBandPercent(size: 17) == 0)
        #expect(SystemFontMethod.staticStandIn.errorBandPercent(size: 17) == 3.2)
        #expect(SystemFontMethod.staticStandIn.errorBandPercent(size: 20) == 4.2)
    }

    @Test func verdictInsideAtAndOutsideTheBand() {
        // L = 200 pt, δ = 2.5 %: the band is 200 × 0.975 = 195 … 200 × 1.025 = 205.
        let band = SystemFontErrorBand(percent: 2.5)
        #expect(band.verdict(width: 150, limit: 200) == .fits)
        #expect(band.verdict(width: 195, limit: 200) == .fits)          // at the lower edge
        #expect(band.verdict(width: 195.01, limit: 200) == .atRisk)
        #expect(band.verdict(width: 200, limit: 200) == .atRisk)        // exactly the limit
        #expect(band.verdict(width: 204.99, limit: 200) == .atRisk)
        #expect(band.verdict(width: 205, limit: 200) == .doesNotFit)    // at the upper edge
        #expect(band.verdict(width: 230, limit: 200) == .doesNotFit)
        // δ = 0 (SF Pro supplied): no at-risk range.
        let exact = SystemFontMethod.sfPro.errorBand(size: 17)
        #expect(exact.verdict(width: 200, limit: 200) == .fits)
        #expect(exact.verdict(width: 200.001, limit: 200) == .doesNotFit)
    }

    @Test func textStyleWeights() {
        #expect(SystemFontWeight.allCases.map(\.numericValue) == [400, 500, 600, 700, 800])
        #expect(SystemFontWeight(.semibold) == .semibold)
        #expect(SystemFontWeight(.light) == nil && SystemFontWeight(.black) == nil)
        // Every weight and emphasized weight the iOS text styles use is a system weight.
        for style in TextStyle.allCases {
            #expect(SystemFontWeight(style.weight) != nil, "\(style)")
            #expect(SystemFontWeight(style.emphasizedWeight) != nil, "\(style) emphasized")
        }
    }
}
