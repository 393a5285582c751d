import Testing
@testable import DynamicType

/// Names from reference section A ("Category names" table) and the TypographyKit index table (section F).
@Suite struct CategoryTests {
    // Transcribed from the reference .md: UIKit | SwiftUI | short | raw | TypographyKit index.
    static let rows: [(String, String, String, String, Int)] = [
        ("extraSmall", "xSmall", "xS", "UICTContentSizeCategoryXS", -3),
        ("small", "small", "S", "UICTContentSizeCategoryS", -2),
        ("medium", "medium", "M", "UICTContentSizeCategoryM", -1),
        ("large", "large", "L", "UICTContentSizeCategoryL", 0),
        ("extraLarge", "xLarge", "xL", "UICTContentSizeCategoryXL", 1),
        ("extraExtraLarge", "xxLarge", "xxL", "UICTContentSizeCategoryXXL", 2),
        ("extraExtraExtraLarge", "xxxLarge", "xxxL", "UICTContentSizeCategoryXXXL", 3),
        ("accessibilityMedium", "accessibility1", "AX1", "UICTContentSizeCategoryAccessibilityM", 4),
        ("accessibilityLarge", "accessibility2", "AX2", "UICTContentSizeCategoryAccessibilityL", 5),
        ("accessibilityExtraLarge", "accessibility3", "AX3", "UICTContentSizeCategoryAccessibilityXL", 6),
        ("accessibilityExtraExtraLarge", "accessibility4", "AX4", "UICTContentSizeCategoryAccessibilityXXL", 7),
        ("accessibilityExtraExtraExtraLarge", "accessibility5", "AX5", "UICTContentSizeCategoryAccessibilityXXXL", 8),
    ]

    @Test func namesOrderAndIndex() throws {
        #expect(ContentSizeCategory.allCases.count == 12)
        for (i, row) in Self.rows.enumerated() {
            let c = ContentSizeCategory.allCases[i]
            #expect(c.uikitName == row.0)
            #expect(c.swiftUIName == row.1)
            #expect(c.shortName == row.2)
            #expect(c.rawConstant == row.3)
            #expect(c.typographyKitIndex == row.4)
            #expect(c.isAccessibility == (i >= 7)) // AX1…AX5 are the last five
            for spelling in [row.0, row.1, row.2, row.3, row.0.uppercased(), row.2.lowercased(), "." + row.0] {
                #expect(try ContentSizeCategory(parsing: spelling) == c)
            }
        }
        #expect(ContentSizeCategory.default == .large)
        #expect(ContentSizeCategory.small < .accessibilityMedium)
    }

    @Test func parseErrorListsValidNames() {
        do {
            _ = try ContentSizeCategory(parsing: "huge")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("unknown content size category \"huge\"; valid: xS (extraSmall, xSmall), S (small, small)"))
            #expect(error.message.hasSuffix("AX5 (accessibilityExtraExtraExtraLarge, accessibility5)"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func ranges() throws {
        let r = try CategoryRange(parsing: "xS...AX2")
        #expect(r.lowerBound == .extraSmall && r.upperBound == .accessibilityLarge)
        #expect(r.categories.count == 9) // xS,S,M,L,xL,xxL,xxxL,AX1,AX2
        let upTo = try CategoryRange(parsing: "...xxxL")
        #expect(upTo.lowerBound == .extraSmall && upTo.upperBound == .extraExtraExtraLarge)
        let from = try CategoryRange(parsing: "L...")
        #expect(from.lowerBound == .large && from.upperBound == .accessibilityExtraExtraExtraLarge)
        #expect(from.categories.map(\.shortName) == ["L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        let single = try CategoryRange(parsing: "medium")
        #expect(single.categories == [.medium])
        #expect(try CategoryRange(parsing: "xSmall...accessibility1") == CategoryRange(.extraSmall, .accessibilityMedium))
        #expect(upTo.clamp(.accessibilityExtraLarge) == .extraExtraExtraLarge)
        #expect(from.clamp(.small) == .large)
        #expect(throws: DynamicTypeError.self) { try CategoryRange(parsing: "AX2...S") }
        #expect(throws: DynamicTypeError.self) { try CategoryRange(parsing: "...") }
        #expect(throws: DynamicTypeError.self) { try CategoryRange(parsing: "S...XXXXL") }
        #expect(r.description == "xS...AX2")
    }
}
