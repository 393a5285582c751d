import Foundation

/// A font weight, named as in UIKit (`UIFont.Weight`) and TypographyKit.
public enum FontWeight: String, CaseIterable, Sendable, Codable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS/OpenType `usWeightClass`-style number (100…900) conventionally matching the name.
    public var numericValue: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// Parses a weight name case-insensitively; also accepts `semi-bold` and `ultra-light`
    /// (TypographyKit's aliases).
    public init(parsing text: String) throws(DynamicTypeError) {
        let key = text.lowercased().replacingOccurrences(of: "-", with: "")
        guard let w = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else {
            throw DynamicTypeError("unknown font weight \"\(text)\"; valid: \(Self.allCases.map(\.rawValue).joined(separator: ", ")), semi-bold, ultra-light")
        }
        self = w
    }
}

/// Size and leading (recommended line height) of a text style at one category, in points.
public struct StyleMetrics: Equatable, Sendable {
    public let pointSize: Double
    /// The HIG "leading" (recommended line height); nil where the HIG gives none.
    public let leading: Double?
    public init(pointSize: Double, leading: Double?) {
        self.pointSize = pointSize
        self.leading = leading
    }
}

/// The iOS text styles (`UIFont.TextStyle`).
///
/// The 11 Dynamic Type styles scale per the HIG table (reference section A; L is the default).
/// `extraLargeTitle` (36 pt bold) and `extraLargeTitle2` (28 pt bold, iOS 17) are known only at
/// the default size, so TypeFit treats them as NOT scaling: the same size at every category, with
/// no HIG leading (`leading == nil`). See docs/scaling-models.md.
public enum TextStyle: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
    case extraLargeTitle, extraLargeTitle2

    /// The 11 styles that scale with Dynamic Type, in HIG order.
    public static let dynamicTypeStyles: [TextStyle] = [
        .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2,
    ]

    public var description: String { rawValue }

    /// True for the 11 styles with a HIG row; false for `extraLargeTitle`/`extraLargeTitle2`.
    public var scalesWithDynamicType: Bool { Self.dynamicTypeStyles.contains(self) }

    /// The SwiftUI `Font.TextStyle` name (`title` for title1, `caption` for caption1).
    public var swiftUIName: String {
        switch self {
        case .title1: "title"
        case .caption1: "caption"
        default: rawValue
        }
    }

    /// The raw UIKit constant, e.g. `UICTFontTextStyleTitle0` for largeTitle; nil for the two
    /// extra-large titles (their raw constants are not in the reference).
    public var rawConstant: String? {
        switch self {
        case .largeTitle: "UICTFontTextStyleTitle0"
        case .title1: "UICTFontTextStyleTitle1"
        case .title2: "UICTFontTextStyleTitle2"
        case .title3: "UICTFontTextStyleTitle3"
        case .headline: "UICTFontTextStyleHeadline"
        case .body: "UICTFontTextStyleBody"
        case .callout: "UICTFontTextStyleCallout"
        case .subheadline: "UICTFontTextStyleSubhead"
        case .footnote: "UICTFontTextStyleFootnote"
        case .caption1: "UICTFontTextStyleCaption1"
        case .caption2: "UICTFontTextStyleCaption2"
        case .extraLargeTitle, .extraLargeTitle2: nil
        }
    }

    /// The HIG weight.
    public var weight: FontWeight {
        switch self {
        case .headline: .semibold
        case .extraLargeTitle, .extraLargeTitle2: .bold
        default: .regular
        }
    }

    /// The HIG emphasized weight (bold for the titles 1–2 and largeTitle, semibold otherwise).
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title1, .title2, .extraLargeTitle, .extraLargeTitle2: .bold
        default: .semibold
        }
    }

    /// Size and HIG leading at a category.
    public func metrics(at category: ContentSizeCategory) -> StyleMetrics {
        guard let row = Self.higTable[self] else {
            // extraLargeTitle / extraLargeTitle2: default size at every category, no leading.
            return StyleMetrics(pointSize: self == .extraLargeTitle ? 36 : 28, leading: nil)
        }
        let cell = row[category.position]
        return StyleMetrics(pointSize: cell.0, leading: cell.1)
    }

    /// The point size at a category.
    public func pointSize(at category: ContentSizeCategory) -> Double { metrics(at: category).pointSize }

    /// The HIG leading at a category (nil for the extra-large titles).
    public func leading(at category: ContentSizeCategory) -> Double? { metrics(at: category).leading }

    /// Parses a style from its UIKit name (`title1`), SwiftUI name (`title`, `caption`), raw
    /// constant (`UICTFontTextStyleTitle0`) or HIG label (`Large Title`, `Subhead`), case-insensitively.
    public init(parsing text: String) throws(DynamicTypeError) {
        var key = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "")
        if key.hasPrefix(".") { key.removeFirst() }
        for s in Self.allCases {
            var names = [s.rawValue, s.swiftUIName].map { $0.lowercased() }
            if let raw = s.rawConstant { names.append(raw.lowercased()) }
            if s == .subheadline { names.append("subhead") }
            if s == .caption1 { names.append("caption") }
            if names.contains(key) { self = s; return }
        }
        throw DynamicTypeError("unknown text style \"\(text)\"; valid: \(Self.allCases.map(\.rawValue).joined(separator: ", ")) (also SwiftUI names such as title, caption, and raw constants such as UICTFontTextStyleTitle0)")
    }

    /// HIG iOS table (reference section A), size/leading from xS to AX5.
    static let higTable: [TextStyle: [(Double, Double)]] = [
        .largeTitle: [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        .title1: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        .headline: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        .subheadline: [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)],
        .footnote: [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)],
        .caption1: [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)],
        .caption2: [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)],
    ]
}
