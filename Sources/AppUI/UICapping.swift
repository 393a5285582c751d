import DynamicType

/// `ui.capped`: a text whose `.dynamicTypeSize(…)` range stops below the accessibility sizes.
///
/// The logic of the check (Sources/Audit/Checks/UICappedCheck.swift holds its id, rationale and
/// examples) as a pure function of what a reader records, so any reader's elements (SwiftUI's
/// `.dynamicTypeSize`, a maximum content size category set in code) get the same verdict, words
/// and figures.
public struct UICapping: Sendable, Hashable {
    /// The element that is capped.
    public var element: UIElementID
    /// Where the range is written (the `.dynamicTypeSize(…)` modifier; the element's position when
    /// the reader has no better): the line a developer changes.
    public var position: UISourcePosition
    /// The largest category the text is drawn at.
    public var lastCategory: ContentSizeCategory
    /// The categories the text gives up (drawn at `lastCategory` instead), smallest first.
    public var givenUp: [ContentSizeCategory]

    /// One sentence a person reads.
    public var message: String { Self.message(last: lastCategory, givenUp: givenUp) }

    /// The sentence for a verdict: where the text stops and which categories it gives up.
    public static func message(last: ContentSizeCategory, givenUp: [ContentSizeCategory]) -> String {
        let first = givenUp.first.map(\.rawValue) ?? ""
        return "Text stops growing at \(last.rawValue): its dynamicTypeSize range gives up "
            + "\(givenUp.count) categories from \(first) on (\(givenUp.map(\.shortName).joined(separator: ", "))), "
            + "all five accessibility sizes among them"
    }

    /// The figures a finding carries.
    public var figures: [String: Double] { Self.figures(last: lastCategory, givenUp: givenUp) }

    /// The figures of a verdict: lastIndex (0 = extraSmall) and givenUp (a count).
    public static func figures(last: ContentSizeCategory, givenUp: [ContentSizeCategory]) -> [String: Double] {
        ["lastIndex": Double(last.position), "givenUp": Double(givenUp.count)]
    }

    /// The verdict for one element: nil when it may grow into the accessibility sizes, has no
    /// range, or has a font that never scales.
    public init?(_ element: UIElement) {
        let fixed: Bool = if case .font(_, .fixed) = element.font { true } else { false }
        guard let verdict = Self.verdict(categories: element.categories, fixedSize: fixed) else { return nil }
        self.element = element.id
        self.position = element.categoriesPosition ?? element.position
        self.lastCategory = verdict.last
        self.givenUp = verdict.givenUp
    }

    /// The verdict on what a reader recorded of an element (its allowed categories, whether its
    /// font has a fixed size): the largest category it is drawn at and the categories it gives
    /// up; nil when it may grow into the accessibility sizes, has no range, or never scales.
    public static func verdict(categories: ClosedRange<ContentSizeCategory>?, fixedSize: Bool)
        -> (last: ContentSizeCategory, givenUp: [ContentSizeCategory])? {
        guard let range = categories, range.upperBound < .accessibilityMedium, !fixedSize else { return nil }
        return (range.upperBound, ContentSizeCategory.allCases.filter { $0 > range.upperBound })
    }
}
