import Foundation
import TestSupport
import Testing

/// End-to-end `typefit layout` on the bundled Contacts example (run `swift build` first).
///
/// Expected values are computed here by hand, independently of Layout:
/// * Inter's vertical metrics, dumped with fontTools (`TTFont(...)['hhea']`, `['head'].unitsPerEm`),
///   identical for Inter-Regular.otf and Inter-SemiBold.otf: unitsPerEm 2816, hhea ascender 2728,
///   descender −680, lineGap 0 → line height = (2728 + 680 + 0) / 2816 × size = 3408 / 2816 × size.
/// * Point sizes: Apple's HIG table (Tests/DynamicTypeTests/Fixtures/reference/apple-dynamic-type.json) — at Large,
///   headline 17, subheadline 15, footnote 13 (the footnote style is UIFontMetrics-scaled from 13 at
///   Large, so 13 at Large).
/// * docs/layout.md: label height = lines × line height rounded **up** to the device pixel
///   (1/scale); row = insetTop 11 + labels with `spacing` 2 between them + insetBottom 11; content
///   width = width − 2 × 16 (margins) − 40 (image) − 16 (image spacing) − 24 (accessory) − 16
///   (accessory spacing); content area = height − safe-area top − large-title bar 96 − tab bar 49 −
///   bottom safe area.
/// * Text widths: `hb-shape --output-format=json` summing `ax` (font units), × size / 2816.
@Suite struct LayoutCLITests {
    static let lineHeightPerPoint = (2728.0 + 680.0 + 0.0) / 2816.0

    /// `ceil(x × scale) / scale`: Layout's rounding of a label height to the device pixel.
    static func pixelCeil(_ x: Double, scale: Double) -> Double { (x * scale).rounded(.up) / scale }

    struct Result {
        var device: String
        var category: String
        var rowHeights: [Double]
        var rowsVisible: Double
        var fullyVisibleRows: Int
        var labels: [String: [String: Any]]
    }

    static func results(_ extra: [String] = []) throws -> [Result] {
        let run = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--format", "json"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(CLIRunner.object(run.stdout))
        #expect(Array(doc.keys) == ["results"])
        let results = try #require(doc["results"] as? [[String: Any]])
        return try results.map { r in
            #expect(Set(r.keys) == ["screen", "device", "category", "locale", "rowHeights", "rowsVisible",
                                    "fullyVisibleRows", "labels"])
            #expect(r["screen"] as? String == "Contacts")
            #expect(r["locale"] as? String == "en")
            var labels: [String: [String: Any]] = [:]
            for l in try #require(r["labels"] as? [[String: Any]]) {
                #expect(Set(l.keys) == ["row", "label", "lines", "height", "truncated", "clipped"])
                labels["\(l["row"] as? String ?? "")/\(l["label"] as? String ?? "")"] = l
            }
            return Result(device: try #require(r["device"] as? String), category: try #require(r["category"] as? String),
                          rowHeights: try #require(r["rowHeights"] as? [Double]),
                          rowsVisible: try #require((r["rowsVisible"] as? NSNumber)?.doubleValue),
                          fullyVisibleRows: try #require(r["fullyVisibleRows"] as? Int), labels: labels)
        }
    }

    @Test func contactsRowAtLargeOnIPhoneSEMatchesTheHandComputation() throws {
        let all = try Self.results()
        let se = try #require(all.first { $0.device == "iPhone SE (1st generation)" && $0.category == "large" })
        let scale = 2.0  // iPhone SE (1st gen) is @2x
        // name: headline 17 pt, 1 line: 3408/2816 × 17 = 20.574 → 21 (next half point).
        let name = Self.pixelCeil(Self.lineHeightPerPoint * 17, scale: scale)
        #expect(name == 21)
        // address: subheadline 15 pt, `lines: 2`. Content width on the 320 pt SE:
        // 320 − 32 − 40 − 16 − 24 − 16 = 192 pt; hb-shape: the address is 86296 units = 459.67 pt at
        // 15 pt > 2 × 192, so it fills both lines and is cut: 2 × 3408/2816 × 15 = 36.307 → 36.5.
        let margins: Double = 2 * 16, image: Double = 40 + 16, accessory: Double = 24 + 16
        let contentWidth: Double = 320 - margins - image - accessory
        #expect(86296.0 * 15 / 2816 > 2 * contentWidth)
        let address = Self.pixelCeil(2 * Self.lineHeightPerPoint * 15, scale: scale)
        #expect(address == 36.5)
        // detail: footnote 13 pt, 1 line: 15.733 → 16.
        let detail = Self.pixelCeil(Self.lineHeightPerPoint * 13, scale: scale)
        let labels: Double = name + address + detail
        let row: Double = 11 + labels + 2 * 2 + 11
        #expect(row == 99.5)
        #expect(se.rowHeights == Array(repeating: row, count: 8))  // `repeat: 8`
        // Content area: 568 − (20 status/safe area + 96 large title) − 49 tab bar = 403 pt → 403 / 99.5.
        let content: Double = 568 - (20 + 96) - 49
        #expect(abs(se.rowsVisible - content / row) < 0.0005)
        #expect(se.fullyVisibleRows == Int((content / row).rounded(.down)))  // 4
        let nameLabel = try #require(se.labels["contact/name"])
        let addressLabel = try #require(se.labels["contact/address"])
        let detailLabel = try #require(se.labels["contact/detail"])
        #expect((nameLabel["height"] as? NSNumber)?.doubleValue == name)
        #expect((addressLabel["height"] as? NSNumber)?.doubleValue == address)
        #expect((detailLabel["height"] as? NSNumber)?.doubleValue == detail)
        #expect(addressLabel["lines"] as? Int == 2)
        // Truncated: name 39779 units (SemiBold) = 240.14 pt at 17 > 192; address above; detail
        // 53932 units = 248.98 pt at 13 > 192. Automatic row height: nothing is clipped.
        #expect(39779.0 * 17 / 2816 > contentWidth && 53932.0 * 13 / 2816 > contentWidth)
        for label in [nameLabel, addressLabel, detailLabel] {
            #expect(label["truncated"] as? Bool == true)
            #expect(label["clipped"] as? Bool == false)
        }
        // Only the first copy of the repeated row lists labels.
        #expect(se.labels.count == 3)
    }

    @Test func contactsOnIPhone16AtLargeAndExtraLarge() throws {
        let all = try Self.results(["--device", "iPhone 16", "--category", "L", "--category", "xL"])
        #expect(all.map(\.category) == ["large", "extraLarge"])
        let large = try #require(all.first)
        let scale = 3.0  // iPhone 16 is @3x
        // 20.574 → 62/3, 36.307 → 109/3, 15.733 → 48/3: 11 + 20.667 + 2 + 36.333 + 2 + 16 + 11 = 99.
        let name: Double = Self.pixelCeil(Self.lineHeightPerPoint * 17, scale: scale)
        let address: Double = Self.pixelCeil(2 * Self.lineHeightPerPoint * 15, scale: scale)
        let detail: Double = Self.pixelCeil(Self.lineHeightPerPoint * 13, scale: scale)
        let row: Double = 11 + name + address + detail + 2 * 2 + 11
        #expect(abs(row - 99) < 1e-9)
        #expect(large.rowHeights.allSatisfy { abs($0 - row) < 0.0005 })
        // Content width 393 − 32 − 40 − 16 − 24 − 16 = 265 pt. The name (240.14 pt at 17) fits at
        // Large; at xL (headline 19 pt) it needs 39779 × 19 / 2816 = 268.39 pt and is truncated.
        let margins: Double = 2 * 16, image: Double = 40 + 16, accessory: Double = 24 + 16
        let contentWidth: Double = 393 - margins - image - accessory
        #expect(39779.0 * 17 / 2816 <= contentWidth && 39779.0 * 19 / 2816 > contentWidth)
        #expect(large.labels["contact/name"]?["truncated"] as? Bool == false)
        #expect(all[1].labels["contact/name"]?["truncated"] as? Bool == true)
        // The address wraps after "Apartment " (hb-shape: "1427 Rosewood Avenue, Apartment" = 252.68 pt,
        // with "5B," 279.97 pt > 265) and the rest "5B, San Francisco, CA 94110" = 202.78 pt fits: 2 lines.
        #expect(large.labels["contact/address"]?["lines"] as? Int == 2)
        #expect(large.labels["contact/address"]?["truncated"] as? Bool == false)
        // Content area: 852 − (59 safe area + 96) − (49 + 34) = 614 pt.
        #expect(abs(large.rowsVisible - 614 / row) < 0.0005)
    }

    @Test func rowsVisibleFallsFromExtraSmallToAX5() throws {
        let all = try Self.results()
        for device in ["iPhone SE (1st generation)", "iPhone 16"] {
            let series = all.filter { $0.device == device }
            #expect(series.map(\.category) == ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
                                               "extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
                                               "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                                               "accessibilityExtraExtraExtraLarge"])
            // Every HIG size grows (or stays) from one category to the next, so rows only get taller.
            for (a, b) in zip(series, series.dropFirst()) {
                #expect(b.rowsVisible <= a.rowsVisible, "\(device) \(a.category) → \(b.category)")
                #expect(b.rowHeights[0] >= a.rowHeights[0], "\(device) \(a.category) → \(b.category)")
            }
            let first = try #require(series.first), last = try #require(series.last)
            #expect(last.rowsVisible < first.rowsVisible / 2)
            // Every height is a whole number of device pixels.
            let scale = device == "iPhone 16" ? 3.0 : 2.0
            for r in series {
                for h in r.rowHeights { #expect(abs(h * scale - (h * scale).rounded()) < 0.01, "\(h) at @\(Int(scale))x") }
            }
        }
        // AX5 on the SE: headline 53, subheadline 49 (×2 lines), both @2x; the footnote is scaled by
        // UIFontMetrics (capped at 40), so only its lower bound is used: row > 11 + 64.5 + 2 + 119 + 2 + 11 (53 × 3408/2816 = 64.142 → 64.5; 2 × 49 × 3408/2816 = 118.602 → 119).
        let ax5 = try #require(all.first { $0.device == "iPhone SE (1st generation)" && $0.category == "accessibilityExtraExtraExtraLarge" })
        let name = Self.pixelCeil(Self.lineHeightPerPoint * 53, scale: 2), address = Self.pixelCeil(2 * Self.lineHeightPerPoint * 49, scale: 2)
        #expect(name == 64.5 && address == 119)
        #expect((ax5.labels["contact/name"]?["height"] as? NSNumber)?.doubleValue == name)
        #expect((ax5.labels["contact/address"]?["height"] as? NSNumber)?.doubleValue == address)
        let lowerBound: Double = 11 + name + address + 2 * 2 + 11
        #expect(ax5.rowHeights[0] > lowerBound)
    }

    @Test func textTableAndErrors() throws {
        let run = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--device", "iphone se 1st gen",
                                     "--category", "L", "--format", "text"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Contacts on iPhone SE (1st generation) (en)")
        #expect(lines.count == 3)
        // 403 / 99.5 = 4.0503 → "4.05"; 8 rows of 99.5 pt → "99.5×8".
        #expect(lines.last?.hasPrefix("L") == true)
        #expect(lines.last?.split(separator: " ").map(String.init) ==
                ["L", "4.05", "4", "99.5×8", "contact.name,", "contact.address,", "contact.detail"])

        let device = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--device", "iPhone 9"])
        #expect(device.status == 2)
        #expect(device.stdout.isEmpty)
        #expect(device.stderrLines.count == 1)
        #expect(device.stderr.hasPrefix("typefit: error: --device 'iPhone 9': not a device of Examples/Contacts/typefit.yml"))
        // A catalog device the config does not list is refused (exit 2, one line; docs/cli.md): the
        // audit lays out nothing on it. The config lists iPhone SE (1st gen) and iPhone 16.
        let notAudited = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--device", "iPhone 15",
                                            "--category", "L", "--format", "json"])
        #expect(notAudited.status == 2)
        #expect(notAudited.stdout.isEmpty)
        #expect(notAudited.stderr == "typefit: error: --device 'iPhone 15': not a device of Examples/Contacts/typefit.yml; "
                + "devices: iPhone SE (1st generation), iPhone 16\n")
        let category = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--category", "AX9"])
        #expect(category.status == 2)
        #expect(category.stderrLines.count == 1)
        #expect(category.stderr.hasPrefix("typefit: error: --category: unknown content size category \"AX9\""))
        let locale = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--locale", "de"])
        #expect(locale.status == 2)
        #expect(locale.stderr == "typefit: error: --locale de: not a locale of Examples/Contacts/typefit.yml; locales: en\n")
        let missing = try CLIRunner.run(["layout", "no-such.yml"])
        #expect(missing.status == 2)
        #expect(missing.stderrLines.count == 1 && missing.stderr.contains("no-such.yml"))
        let help = try CLIRunner.run(["layout", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("typefit layout Examples/Contacts/typefit.yml"))
    }

    /// README.md's "Example: a contacts list" table is this command's output (regenerate it with
    /// `typefit layout Examples/Contacts/typefit.yml --format text`).
    @Test func readmeTableIsCurrent() throws {
        let run = try CLIRunner.run(["layout", "Examples/Contacts/typefit.yml", "--format", "text"])
        #expect(run.status == 0)
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- BEGIN typefit layout Examples/Contacts/typefit.yml"))
        let open = try #require(readme.range(of: "```text\n", range: begin.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "```\n<!-- END typefit layout -->", range: open.upperBound..<readme.endIndex))
        #expect(String(readme[open.upperBound..<close.lowerBound]) == run.stdout)
    }
}
