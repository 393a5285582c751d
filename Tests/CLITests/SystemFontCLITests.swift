import Foundation
import Testing

/// `typefit measure system` and `typefit inspect system` (docs/system-font.md). Expected widths:
/// `hb-shape --variations=opsz=…,wght=400 --output-format=json --no-glyph-names
/// Fonts/InterVariable/InterVariable.ttf` (HarfBuzz 6.0.0) summed, × k(s) × size / 2048, with
/// k(s) = avg_SF(s) / the fontTools average of the instance (see SystemFontMeasurerTests).
@Suite struct SystemFontCLITests {
    @Test func measureSystemJSON() throws {
        let r = try CLIRunner.run(["measure", "system", "--text-file", "-", "--sizes", "17,28", "--format", "json"],
                                  stdin: "Settings\nCancel\n")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let settings = try #require(CLIRunner.object(lines[0]))
        #expect(settings["text"] as? String == "Settings")
        let widths = try #require(settings["widths"] as? [String: Double])
        // 17 pt, opsz 14: 7891 units × (0.4497 / 0.47737031249999995) × 17 / 2048 = 61.7048… → 61.705.
        #expect(widths["17"] == 61.705)
        let band = try #require(settings["errorBand"] as? [String: Double])
        #expect(band["17"] == 2.1 && band["28"] == 2.5)
        // 28 pt, opsz 32: "Cancel" 6250 units × (0.4302 / 0.4356439453125001) × 28 / 2048 = 84.3810… → 84.381.
        let cancel = try #require(CLIRunner.object(lines[1]))
        #expect((cancel["widths"] as? [String: Double])?["28"] == 84.381)
    }

    @Test func measureSystemTextHeader() throws {
        let r = try CLIRunner.run(["measure", "system", "--text-file", "-", "--sizes", "11,17", "--format", "text"], stdin: "Settings\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("system text: Inter 4.1 calibrated to San Francisco (regular), ±2.5 % at 11 pt, ±2.1 % at 17 pt\n"))
    }

    @Test func inspectSystemLineHeights() throws {
        let r = try CLIRunner.run(["inspect", "system", "--sizes", "17,53", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(CLIRunner.object(r.stdout))
        #expect(json["font"] as? String == "system" && json["lineHeightEm"] as? Double == 1.193359375)
        let sizes = try #require(json["sizes"] as? [String: [String: Any]])
        // 2444 × 17 / 2048 = 20.287109375 → 20.287; 2444 × 53 / 2048 = 63.248046875 → 63.248.
        #expect(sizes["17"]?["lineHeight"] as? Double == 20.287)
        #expect(sizes["53"]?["lineHeight"] as? Double == 63.248)
        // T(17) = −26 × 2.048; opsz 14 at 17 pt, 32 at 53 pt.
        #expect(sizes["17"]?["trackingUnits"] as? Double == -53.248)
        #expect(sizes["17"]?["standInOpticalSize"] as? Double == 14 && sizes["53"]?["standInOpticalSize"] as? Double == 32)
    }

    @Test func scaleWithSystemLineHeights() throws {
        let r = try CLIRunner.run(["scale", "--model", "apple", "--style", "body", "--font", "system", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(CLIRunner.object(r.stdout))
        let rows = try #require(json["rows"] as? [[String: Any]])
        // The 12 HIG body sizes, each with iOS's line height 2444 × size / 2048.
        let sizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        #expect(rows.map { ($0["pointSize"] as? NSNumber)?.doubleValue } == sizes)
        #expect(rows.map { ($0["lineHeight"] as? NSNumber)?.doubleValue } == sizes.map { 2444 * $0 / 2048 })
    }

    @Test func systemFontErrors() throws {
        let light = try CLIRunner.run(["measure", "system", "--instance", "Light", "--text-file", "-"], stdin: "x\n")
        #expect(light.status != 0)
        #expect(light.stderr.contains("system: --instance Light: not a weight of the system font (valid: regular, medium, semibold, bold, heavy)"))
        var environment = ProcessInfo.processInfo.environment
        environment["TYPEFIT_SYSTEM_FONTS"] = "/nonexistent-sf-pro"
        let missing = try CLIRunner.run(["inspect", "system"], environment: environment)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/nonexistent-sf-pro: no such folder (the SF Pro folder holds SF-Pro-Text-*.otf and SF-Pro-Display-*.otf, or the variable SF-Pro.ttf)"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
