import Foundation
import Testing
@testable import DynamicType

/// Every cell of the HIG iOS table, two independent copies:
/// (1) the markdown table of /work/shared/reference/apple-dynamic-type.md, pasted below verbatim;
/// (2) apple-dynamic-type.json, loaded at test time from Tests/DynamicTypeTests/Fixtures/reference/.
@Suite struct TextStyleTests {
    static let markdown = """
    | largeTitle (regular/bold) | 31/38 | 32/39 | 33/40 | 34/41 | 36/43 | 38/46 | 40/48 | 44/52 | 48/57 | 52/61 | 56/66 | 60/70 |
    | title1 (regular/bold) | 25/31 | 26/32 | 27/33 | 28/34 | 30/37 | 32/39 | 34/41 | 38/46 | 43/51 | 48/57 | 53/62 | 58/68 |
    | title2 (regular/bold) | 19/24 | 20/25 | 21/26 | 22/28 | 24/30 | 26/32 | 28/34 | 34/41 | 39/47 | 44/52 | 50/59 | 56/66 |
    | title3 (regular/semibold) | 17/22 | 18/23 | 19/24 | 20/25 | 22/28 | 24/30 | 26/32 | 31/38 | 37/44 | 43/51 | 49/58 | 55/65 |
    | headline (semibold/semibold) | 14/19 | 15/20 | 16/21 | 17/22 | 19/24 | 21/26 | 23/29 | 28/34 | 33/40 | 40/48 | 47/56 | 53/62 |
    | body (regular/semibold) | 14/19 | 15/20 | 16/21 | 17/22 | 19/24 | 21/26 | 23/29 | 28/34 | 33/40 | 40/48 | 47/56 | 53/62 |
    | callout (regular/semibold) | 13/18 | 14/19 | 15/20 | 16/21 | 18/23 | 20/25 | 22/28 | 26/32 | 32/39 | 38/46 | 44/52 | 51/60 |
    | subheadline (regular/semibold) | 12/16 | 13/18 | 14/19 | 15/20 | 17/22 | 19/24 | 21/28 | 25/31 | 30/37 | 36/43 | 42/50 | 49/58 |
    | footnote (regular/semibold) | 12/16 | 12/16 | 12/16 | 13/18 | 15/20 | 17/22 | 19/24 | 23/29 | 27/33 | 33/40 | 38/46 | 44/52 |
    | caption1 (regular/semibold) | 11/13 | 11/13 | 11/13 | 12/16 | 14/19 | 16/21 | 18/23 | 22/28 | 26/32 | 32/39 | 37/44 | 43/51 |
    | caption2 (regular/semibold) | 11/13 | 11/13 | 11/13 | 11/13 | 13/18 | 15/20 | 17/22 | 20/25 | 24/30 | 29/35 | 34/41 | 40/48 |
    """

    @Test func everyCellMatchesTheMarkdownTable() throws {
        var checked = 0
        for line in Self.markdown.split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // "largeTitle (regular/bold)" → name, weight, emphasized weight
            let head = cells[0].split(separator: " ")
            let style = try TextStyle(parsing: String(head[0]))
            let weights = head[1].dropFirst().dropLast().split(separator: "/")
            #expect(style.weight.rawValue == String(weights[0]))
            #expect(style.emphasizedWeight.rawValue == String(weights[1]))
            #expect(cells.count == 13)
            for (i, cell) in cells.dropFirst().enumerated() {
                let parts = cell.split(separator: "/").compactMap { Double($0) }
                let m = style.metrics(at: ContentSizeCategory.allCases[i])
                #expect(m.pointSize == parts[0], "\(style) \(ContentSizeCategory.allCases[i]) size")
                #expect(m.leading == parts[1], "\(style) \(ContentSizeCategory.allCases[i]) leading")
                checked += 1
            }
        }
        #expect(checked == 11 * 12)
    }

    @Test func everyCellMatchesTheJSON() throws {
        let json = try JSONSerialization.jsonObject(with: try sharedFile("reference/apple-dynamic-type.json")) as? [String: Any]
        let table = try #require((json?["ios_dynamic_type"] as? [String: Any])?["table"] as? [String: [String: [String: Any]]])
        #expect(table.count == 11)
        var checked = 0
        for style in TextStyle.dynamicTypeStyles {
            let row = try #require(table[style.rawValue])
            for c in ContentSizeCategory.allCases {
                let cell = try #require(row[c.uikitName])
                #expect(style.pointSize(at: c) == (cell["size"] as? NSNumber)?.doubleValue)
                #expect(style.leading(at: c) == (cell["leading"] as? NSNumber)?.doubleValue)
                #expect(style.weight.rawValue == cell["weight"] as? String)
                #expect(style.emphasizedWeight.rawValue == cell["emphasized_weight"] as? String)
                checked += 1
            }
        }
        #expect(checked == 132)
    }

    @Test func styleNamesFromTheJSON() throws {
        // text_styles: id, swiftui, raw_value
        let json = try JSONSerialization.jsonObject(with: try sharedFile("reference/apple-dynamic-type.json")) as? [String: Any]
        let styles = try #require(json?["text_styles"] as? [[String: Any]])
        #expect(styles.count == 11)
        for entry in styles {
            let id = try #require(entry["id"] as? String)
            let style = try TextStyle(parsing: id)
            #expect(style.rawValue == id)
            #expect(style.swiftUIName == entry["swiftui"] as? String)
            #expect(style.rawConstant == entry["raw_value"] as? String)
            #expect(try TextStyle(parsing: try #require(entry["swiftui"] as? String)) == style)
            #expect(try TextStyle(parsing: try #require(entry["raw_value"] as? String)) == style)
        }
    }

    @Test func parsingAndExtraLargeTitles() throws {
        #expect(try TextStyle(parsing: "title") == .title1)          // SwiftUI name
        #expect(try TextStyle(parsing: "UICTFontTextStyleTitle0") == .largeTitle)
        #expect(try TextStyle(parsing: "Large Title") == .largeTitle) // HIG label
        #expect(try TextStyle(parsing: "subhead") == .subheadline)
        #expect(throws: DynamicTypeError.self) { try TextStyle(parsing: "headline2") }
        // extraLargeTitle 36 bold, extraLargeTitle2 28 bold (reference A), documented as not scaling.
        for c in ContentSizeCategory.allCases {
            #expect(TextStyle.extraLargeTitle.metrics(at: c) == StyleMetrics(pointSize: 36, leading: nil))
            #expect(TextStyle.extraLargeTitle2.metrics(at: c) == StyleMetrics(pointSize: 28, leading: nil))
        }
        #expect(TextStyle.extraLargeTitle.weight == .bold && TextStyle.extraLargeTitle2.weight == .bold)
        #expect(!TextStyle.extraLargeTitle.scalesWithDynamicType)
    }

    @Test func weightParsing() throws {
        #expect(try FontWeight(parsing: "semi-bold") == .semibold)
        #expect(try FontWeight(parsing: "ultra-light") == .ultraLight)
        #expect(try FontWeight(parsing: "ULTRALIGHT") == .ultraLight)
        #expect(throws: DynamicTypeError.self) { try FontWeight(parsing: "fat") }
    }
}
