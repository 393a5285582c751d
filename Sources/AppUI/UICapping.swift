import DynamicType

/// `ui.capped`: a text whose `.dynamicTypeSize(…)` range stops below the accessibility sizes.
///
/// The logic of the check as a pure function of one element, so any reader's elements (SwiftUI's
/// `.dynamicTypeSize`, a maximum content size category set in code and bound in typefit.yml) get
/// the same verdict. The audit turns each `UICapping` into a finding at `position`.
public struct UICapping: Sendable, Hashable {
    public static let checkID = "ui.capped"
    public static let title = "Text stops growing below the accessibility sizes"
    public static let rationale = """
        The accessibility sizes (AX1–AX5) exist for people who need much larger text. \
        A dynamicTypeSize range that ends below them draws the text at the range's largest size whatever \
        the person chose, so their setting has no effect here. Let the text grow and make the layout wrap instead.
        """
    public static let definition = """
        Reports a text element whose allowed categories (SwiftUI's .dynamicTypeSize(…) range) end before \
        accessibilityMedium (AX1), unless its font does not scale at all (that is ui.fixed-font). The finding's \
        category is the first category given up; figures: lastIndex (the largest category allowed, 0 = extraSmall) \
        and givenUp (how many of the 12 categories draw at that size instead).
        """

    /// The element that is capped.
    public var element: UIElementID
    /// Where the range is written (the element's position when the reader has no better).
    public var position: UISourcePosition
    /// The largest category the text is drawn at.
    public var lastCategory: ContentSizeCategory
    /// The categories the text gives up (drawn at `lastCategory` instead), smallest first.
    public var givenUp: [ContentSizeCategory]

    /// One sentence a person reads.
    public var message: String {
        let first = givenUp.first.map(\.rawValue) ?? ""
        return "Text stops growing at \(lastCategory.rawValue): its dynamicTypeSize range gives up "
            + "\(givenUp.count) categories from \(first) on, all five accessibility sizes among them"
    }

    /// The figures a finding carries.
    public var figures: [String: Double] {
        ["lastIndex": Double(ContentSizeCategory.allCases.firstIndex(of: lastCategory) ?? 0),
         "givenUp": Double(givenUp.count)]
    }

    /// The verdict for one element: nil when it may grow into the accessibility sizes, has no
    /// range, or has a font that never scales.
    public init?(_ element: UIElement) {
        guard let range = element.categories, range.upperBound < .accessibilityMedium else { return nil }
        if case .font(_, .fixed) = element.font { return nil }
        self.element = element.id
        self.position = element.position
        self.lastCategory = range.upperBound
        self.givenUp = ContentSizeCategory.allCases.filter { $0 > range.upperBound }
    }
}
