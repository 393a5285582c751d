import Foundation

/// An error in Dynamic Type input (a category, style, model parameter or configuration value).
///
/// `description` is one line naming what was wrong and, where relevant, the valid choices.
public struct DynamicTypeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line message.
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The 12 iOS content size categories (Dynamic Type sizes), smallest first.
///
/// The raw value is the UIKit name (`UIContentSizeCategory`), e.g. `extraSmall`.
public enum ContentSizeCategory: String, CaseIterable, Sendable, Codable, Comparable, CustomStringConvertible {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// The system default category.
    public static let `default`: ContentSizeCategory = .large

    /// Position 0…11 in `allCases`.
    public var position: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The UIKit name, e.g. `extraExtraLarge`.
    public var uikitName: String { rawValue }

    /// The SwiftUI `DynamicTypeSize` name, e.g. `xxLarge`, `accessibility3`.
    public var swiftUIName: String {
        ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
         "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"][position]
    }

    /// The short name used in tables and ranges: `xS`, `S`, `M`, `L`, `xL`, `xxL`, `xxxL`, `AX1`…`AX5`.
    public var shortName: String {
        ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][position]
    }

    /// The short name of the category whose UIKit name is `uikitName` (reports hold categories by
    /// that name); a name that is not a category is returned as is.
    public static func shortName(of uikitName: String) -> String {
        ContentSizeCategory(rawValue: uikitName)?.shortName ?? uikitName
    }

    /// The raw UIKit constant, e.g. `UICTContentSizeCategoryAccessibilityM`.
    public var rawConstant: String {
        let suffix = ["XS", "S", "M", "L", "XL", "XXL", "XXXL",
                      "AccessibilityM", "AccessibilityL", "AccessibilityXL", "AccessibilityXXL", "AccessibilityXXXL"][position]
        return "UICTContentSizeCategory" + suffix
    }

    /// True for the five accessibility sizes AX1…AX5.
    public var isAccessibility: Bool { position >= 7 }

    /// TypographyKit's stepping index: −3 (xS) … 0 (L) … +8 (AX5).
    public var typographyKitIndex: Int { position - 3 }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.position < rhs.position }

    /// Every accepted spelling of every category, for error messages.
    public static var validSpellings: String {
        allCases.map { "\($0.shortName) (\($0.uikitName), \($0.swiftUIName))" }.joined(separator: ", ")
    }

    /// Parses a category from its UIKit, SwiftUI, short or raw-constant name, case-insensitively
    /// (a leading `.` is ignored, so `.extraLarge` works).
    public init(parsing text: String) throws(DynamicTypeError) {
        var key = text.trimmingCharacters(in: .whitespaces).lowercased()
        if key.hasPrefix(".") { key.removeFirst() }
        for c in Self.allCases {
            let names = [c.uikitName, c.swiftUIName, c.shortName, c.rawConstant].map { $0.lowercased() }
            if names.contains(key) { self = c; return }
        }
        throw DynamicTypeError("unknown content size category \"\(text)\"; valid: \(Self.validSpellings)")
    }
}

/// A contiguous range of categories, like SwiftUI's `.dynamicTypeSize(...range)`.
public struct CategoryRange: Equatable, Sendable, CustomStringConvertible {
    public let lowerBound: ContentSizeCategory
    public let upperBound: ContentSizeCategory

    /// All 12 categories.
    public static let all = CategoryRange(.extraSmall, .accessibilityExtraExtraExtraLarge)

    /// A closed range between two categories (given in either order).
    public init(_ lowerBound: ContentSizeCategory, _ upperBound: ContentSizeCategory) {
        self.lowerBound = min(lowerBound, upperBound)
        self.upperBound = max(lowerBound, upperBound)
    }

    /// Parses `"xS...AX2"`, `"...xxxL"` (from xS), `"L..."` (to AX5) or a single category (`"M"`).
    /// Any category spelling accepted by `ContentSizeCategory(parsing:)` works on either side.
    public init(parsing text: String) throws(DynamicTypeError) {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let r = t.range(of: "...") else {
            let c = try ContentSizeCategory(parsing: t)
            self.init(c, c)
            return
        }
        let lo = String(t[..<r.lowerBound]).trimmingCharacters(in: .whitespaces)
        let hi = String(t[r.upperBound...]).trimmingCharacters(in: .whitespaces)
        if lo.isEmpty && hi.isEmpty {
            throw DynamicTypeError("category range \"\(text)\" needs at least one bound, e.g. \"xS...AX2\", \"...xxxL\" or \"L...\"")
        }
        let lower = lo.isEmpty ? ContentSizeCategory.extraSmall : try ContentSizeCategory(parsing: lo)
        let upper = hi.isEmpty ? ContentSizeCategory.accessibilityExtraExtraExtraLarge : try ContentSizeCategory(parsing: hi)
        if lower > upper {
            throw DynamicTypeError("category range \"\(text)\" is empty: \(lower.shortName) is larger than \(upper.shortName)")
        }
        self.init(lower, upper)
    }

    /// The categories in the range, smallest first.
    public var categories: [ContentSizeCategory] {
        ContentSizeCategory.allCases.filter { contains($0) }
    }

    public func contains(_ c: ContentSizeCategory) -> Bool { c >= lowerBound && c <= upperBound }

    /// The category itself when inside, else the nearest end of the range.
    public func clamp(_ c: ContentSizeCategory) -> ContentSizeCategory { min(max(c, lowerBound), upperBound) }

    public var description: String { "\(lowerBound.shortName)...\(upperBound.shortName)" }
}
