import Foundation
import TestSupport
import Testing

/// End-to-end: the built `.build/debug/typefit` (run `swift build` first).
@Suite struct ScaleCLITests {
    func typefit(_ args: [String]) throws -> ProcessOutput { try CLIRunner.run(args) }

    /// Every row of `scale --model apple --format json` against ios_dynamic_type.table of the reference JSON.
    @Test func appleJSONMatchesTheReference() throws {
        let run = try typefit(["scale", "--model", "apple", "--format", "json"])
        #expect(run.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rows = try #require(doc["rows"] as? [[String: Any]])
        let refData = try Data(contentsOf: Repository.url("Tests/DynamicTypeTests/Fixtures/reference/apple-dynamic-type.json"))
        let ref = try #require(try JSONSerialization.jsonObject(with: refData) as? [String: Any])
        let table = try #require((ref["ios_dynamic_type"] as? [String: Any])?["table"] as? [String: [String: [String: Any]]])
        let categories = try #require(ref["content_size_categories"] as? [[String: Any]]).compactMap { $0["uikit"] as? String }
        #expect(categories.count == 12)
        #expect(rows.count == table.count * 12) // 11 styles × 12 categories
        var seen = Set<String>()
        for row in rows {
            #expect(Set(row.keys) == ["style", "category", "pointSize", "lineHeight"])
            let style = try #require(row["style"] as? String)
            let category = try #require(row["category"] as? String)
            let cell = try #require(table[style]?[category], "\(style) \(category) not in the reference")
            #expect((row["pointSize"] as? NSNumber)?.doubleValue == (cell["size"] as? NSNumber)?.doubleValue, "\(style) \(category)")
            #expect((row["lineHeight"] as? NSNumber)?.doubleValue == (cell["leading"] as? NSNumber)?.doubleValue, "\(style) \(category)")
            seen.insert("\(style)/\(category)")
        }
        #expect(seen.count == 132)
        // Categories in order within each style (xS first), using the reference's category list.
        #expect(rows.prefix(12).compactMap { $0["category"] as? String } == categories)
    }

    @Test func typographyKitConfigAndClamps() throws {
        // paragraph (15 pt, clamps 11…30) at AX2: 15 × 40/22 = 27.273 → @3x 81.82 → 82/3 = 27.333; AX3: 32.7 → clamp 30.
        let run = try typefit(["scale", "--config", "Tests/DynamicTypeTests/Fixtures/typographykit/TypographyKit.json", "--style", "paragraph", "--format", "json"])
        #expect(run.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rows = try #require(doc["rows"] as? [[String: Any]])
        #expect(rows.count == 12)
        let sizes = rows.compactMap { ($0["pointSize"] as? NSNumber)?.doubleValue }
        #expect(abs(sizes[8] - 82.0 / 3) < 1e-9 && sizes[9] == 30)
        #expect(rows.allSatisfy { $0["lineHeight"] is NSNull }) // no font given → null
        #expect(run.stderr.contains("typography-kit.labels.line-break"))
        // Four-point, limited to ...AX2: (12, 17, 23, 40) → AX2 = 23 + 17 × 2/5 = 29.8 → 30, and AX3…AX5 stay 30.
        let four = try typefit(["scale", "--model", "interpolate", "--smallest", "12", "--normal", "17", "--maximum-normal", "23",
                                "--maximum-accessibility", "40", "--categories", "...AX2"])
        #expect(four.status == 0)
        #expect(four.stdout.contains("interpolate  12  14  15  17  19   21    23   26   30   30   30   30"))
    }

    @Test func badInputExitsTwoWithOneLine() throws {
        let dir = try temporaryDirectory("typefit-scale")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("TypographyKit.json")
        try Data(#"{"ui-font-text-styles": {"paragraph": {"point-size": "big"}}}"#.utf8).write(to: bad, options: .atomic)
        let run = try typefit(["scale", "--config", bad.path])
        #expect(run.status == 2)
        #expect(run.stderr == "typefit: error: \(bad.path): ui-font-text-styles.paragraph.point-size: expected a number, got \"big\"\n")
        let cycle = dir.appendingPathComponent("cycle.json")
        try Data(#"{"ui-font-text-styles": {"a": {"extends": "b"}, "b": {"extends": "a"}}}"#.utf8).write(to: cycle, options: .atomic)
        // TypographyKit reads a cycle and drops its styles (FontTextStyleParser's `.cyclicReference`): a warning.
        let c = try typefit(["scale", "--config", cycle.path])
        #expect(c.status == 0)
        #expect(c.stderr.contains("typefit: warning: \(cycle.path): ui-font-text-styles.a.extends: extends cycle: a → b → a; TypographyKit drops this style\n"))
        let cat = try typefit(["scale", "--categories", "XXL...AX9"])
        #expect(cat.status == 2)
        #expect(cat.stderr.contains("unknown content size category \"AX9\""))
        let missing = try typefit(["scale", "--model", "stepping"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--model stepping needs --size"))
    }
}
