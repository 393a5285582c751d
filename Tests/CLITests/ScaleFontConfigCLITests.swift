import Foundation
import Testing

/// End-to-end `typefit scale --font` and `typefit scale --config typefit.yml` (run `swift build` first).
///
/// Font metrics were dumped with fontTools (`TTFont(path)['head'].unitsPerEm`, `['hhea']`, `['OS/2']`):
/// * Inter-Regular.otf / Inter-SemiBold.otf: unitsPerEm 2816, hhea 2728 / −680 / 0 → 3408 units.
/// * Roboto-Regular.ttf: unitsPerEm 2048, hhea 1900 / −500 / 0 → 2400 units; OS/2 typo 2146 / −555 / 0
///   → 2701 units; win 2146 + 555 = 2701 units.
/// HIG body sizes xS…AX5 (Tests/DynamicTypeTests/Fixtures/reference/apple-dynamic-type.json): 14 15 16 17 19 21 23 28 33 40 47 53.
@Suite struct ScaleFontConfigCLITests {
    static let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

    static func rows(_ args: [String]) throws -> [[String: Any]] {
        let run = try CLIRunner.run(["scale", "--format", "json"] + args)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(CLIRunner.object(run.stdout)?["rows"] as? [[String: Any]])
    }

    static func number(_ row: [String: Any], _ key: String) -> Double? { (row[key] as? NSNumber)?.doubleValue }

    @Test func fontLineHeightsReplaceTheHIGLeading() throws {
        let rows = try Self.rows(["--model", "apple", "--style", "body", "--font", "Fonts/Inter/Inter-Regular.otf"])
        #expect(rows.count == 12)
        for (row, size) in zip(rows, Self.bodySizes) {
            #expect(Self.number(row, "pointSize") == size)
            // hhea: (2728 + 680 + 0) × size / 2816, e.g. 17 pt → 57936 / 2816 = 20.574 pt.
            let expected = 3408 * size / 2816
            #expect(abs((Self.number(row, "lineHeight") ?? 0) - expected) < 1e-9, "\(size) pt")
        }
        #expect(abs((Self.number(rows[3], "lineHeight") ?? 0) - 20.5738636) < 1e-6)

        // Roboto with the typo rule: 2701 × size / 2048 (hhea would be 2400 × size / 2048).
        let typo = try Self.rows(["--model", "apple", "--style", "body", "--font", "Fonts/Roboto/Roboto-Regular.ttf",
                                  "--line-height-rule", "typo"])
        for (row, size) in zip(typo, Self.bodySizes) {
            #expect(abs((Self.number(row, "lineHeight") ?? 0) - 2701 * size / 2048) < 1e-9, "\(size) pt")
        }
        let hhea = try Self.rows(["--model", "apple", "--style", "body", "--font", "Fonts/Roboto/Roboto-Regular.ttf"])
        #expect(abs((Self.number(hhea[3], "lineHeight") ?? 0) - 2400 * 17 / 2048) < 1e-9)
    }

    @Test func typefitConfigListsTheTypographyKitStyles() throws {
        let rows = try Self.rows(["--config", "Examples/Wayfell/typefit.yml"])
        // Examples/Wayfell/TypographyKit.json's ui-font-text-styles, sorted (the typefit.yml adds none).
        let styles = rows.compactMap { $0["style"] as? String }
        var unique: [String] = []
        for s in styles where unique.last != s { unique.append(s) }
        #expect(unique ==
                ["action", "cell-subtitle", "cell-title", "cell-value", "fine-print", "group-header", "screen-title"])
        #expect(rows.count == 7 * 12)
        func row(_ style: String, _ category: String) -> [String: Any]? {
            rows.first { $0["style"] as? String == style && $0["category"] as? String == category }
        }
        // cell-title: point-size 17, global scaling-mode uifontmetrics-with-fallback → 17 at Large;
        // font-name System: iOS's line height of the system font, SF Pro's hhea (1950 + 494) × 17 / 2048.
        let title = try #require(row("cell-title", "large"))
        #expect(Self.number(title, "pointSize") == 17)
        #expect(abs((Self.number(title, "lineHeight") ?? 0) - 2444.0 * 17 / 2048) < 1e-9)
        // group-header: stepping, 13 + point-step-size 2 × multiplier 1 × index (xS = −3 … AX5 = 8),
        // at least minimum-point-size 12 (TypographyKit's stepping rule); System-Semibold: the same
        // line height per point as every weight of the system font.
        let categories = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
                          "extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
                          "accessibilityExtraLarge", "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]
        for (i, category) in categories.enumerated() {
            let expected = max(12, 13 + 2 * 1 * Double(i - 3))
            let r = try #require(row("group-header", category))
            #expect(Self.number(r, "pointSize") == expected, "\(category)")
            #expect(abs((Self.number(r, "lineHeight") ?? 0) - 2444 * expected / 2048) < 1e-9, "\(category)")
            // fine-print: scaling-mode disabled → 10 pt everywhere.
            #expect(Self.number(try #require(row("fine-print", category)), "pointSize") == 10)
        }
        // --style picks styles; an unknown one is a one-line error naming the file.
        let picked = try Self.rows(["--config", "Examples/Wayfell/typefit.yml", "--style", "group-header"])
        #expect(picked.count == 12)
        let bad = try CLIRunner.run(["scale", "--config", "Examples/Wayfell/typefit.yml", "--style", "nope"])
        #expect(bad.status == 2)
        #expect(bad.stderrLines.last?.hasPrefix("typefit: error: Examples/Wayfell/typefit.yml: --style nope: no such style") == true)
    }

    @Test func contactsConfigUsesEachStylesModel() throws {
        let rows = try Self.rows(["--config", "Examples/Contacts/typefit.yml", "--style", "headline"])
        // headline: model apple, lineHeight font (Inter-SemiBold hhea): HIG sizes, 3408 × size / 2816.
        let headline: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        for (row, size) in zip(rows, headline) {
            #expect(Self.number(row, "pointSize") == size)
            #expect(abs((Self.number(row, "lineHeight") ?? 0) - 3408 * size / 2816) < 1e-9)
        }
        let missingFont = try CLIRunner.run(["scale", "--model", "apple", "--font", "Fonts/NoSuch.otf"])
        #expect(missingFont.status == 2)
        #expect(missingFont.stderrLines.count == 1 && missingFont.stderr.contains("Fonts/NoSuch.otf"))
    }
}
