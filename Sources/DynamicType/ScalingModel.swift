import Foundation

/// A point size (and optional line height) produced by a scaling model at one category.
public struct ScaledSize: Equatable, Sendable, Codable {
    /// The font size in points.
    public var pointSize: Double
    /// The line height in points when the model defines one (e.g. the HIG leading), else nil.
    public var lineHeight: Double?
    public init(pointSize: Double, lineHeight: Double? = nil) {
        self.pointSize = pointSize
        self.lineHeight = lineHeight
    }
}

/// A rule that gives a size for every content size category. See docs/scaling-models.md.
public protocol ScalingModel: Sendable {
    /// The size at a category.
    func size(at category: ContentSizeCategory) -> ScaledSize
}

extension ScalingModel {
    /// Sizes at all 12 categories, smallest first.
    public func allSizes() -> [ScaledSize] { ContentSizeCategory.allCases.map { size(at: $0) } }

    /// This model with point sizes clamped to `[minimum, maximum]` and/or limited to a category range.
    public func limited(minimum: Double? = nil, maximum: Double? = nil, categories: CategoryRange = .all) -> Limited<Self> {
        Limited(self, minimum: minimum, maximum: maximum, categories: categories)
    }
}

/// `apple`: a system text style's HIG size and leading (reference section A).
public struct AppleScaling: ScalingModel, Equatable {
    public let style: TextStyle
    public init(style: TextStyle) { self.style = style }
    public func size(at category: ContentSizeCategory) -> ScaledSize {
        let m = style.metrics(at: category)
        return ScaledSize(pointSize: m.pointSize, lineHeight: m.leading)
    }
}

/// Rounds `value` to the nearest multiple of `1/scale` (a device pixel at `scale`×), halves away from zero.
public func roundToPixel(_ value: Double, scale: Double) -> Double {
    guard scale > 0 else { return value }
    return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}

/// `uifontmetrics`: a custom size given at Large, scaled along a text style's curve, like
/// `UIFontMetrics(forTextStyle:).scaledFont(for:maximumPointSize:)`.
///
/// Apple does not document the curve (reference section B: uncertain), so the algorithm is explicit:
/// - `.leadingRatioPixelRounded(scale:)` (DEFAULT, scale 3): `roundToPixel(v × leading(style, c) / leading(style, L), scale)`.
///   The reference's hypothesis; it reproduces both published observations (body 17 → 16.333 at M @3x,
///   → 48 at AX5), which is why it is the default.
/// - `.sizeRatio`: `v × size(style, c) / size(style, L)`, unrounded (predicts 16 and 53: contradicted by
///   the observations, kept for comparison and for tools that use it, e.g. Flutter's textScaleFactor).
/// Styles without a curve (`extraLargeTitle`, `extraLargeTitle2`) do not scale.
/// `maximumPointSize` clamps the result. The model gives no line height (it depends on the font).
public struct UIFontMetricsScaling: ScalingModel, Equatable {
    public enum Algorithm: Equatable, Sendable {
        case sizeRatio
        case leadingRatioPixelRounded(scale: Double)
        /// The default: leading ratio rounded to the pixel at @3x.
        public static let `default` = Algorithm.leadingRatioPixelRounded(scale: 3)
    }
    public let style: TextStyle
    public let pointSize: Double
    public let maximumPointSize: Double?
    public let algorithm: Algorithm

    public init(pointSize: Double, style: TextStyle = .body, maximumPointSize: Double? = nil, algorithm: Algorithm = .default) {
        self.pointSize = pointSize
        self.style = style
        self.maximumPointSize = maximumPointSize
        self.algorithm = algorithm
    }

    /// The multiplier applied at a category (before rounding and clamping).
    public func factor(at category: ContentSizeCategory) -> Double {
        guard style.scalesWithDynamicType else { return 1 }
        switch algorithm {
        case .sizeRatio:
            return style.pointSize(at: category) / style.pointSize(at: .large)
        case .leadingRatioPixelRounded:
            guard let l = style.leading(at: category), let l0 = style.leading(at: .large) else { return 1 }
            return l / l0
        }
    }

    public func size(at category: ContentSizeCategory) -> ScaledSize {
        var v = pointSize * factor(at: category)
        if case .leadingRatioPixelRounded(let scale) = algorithm { v = roundToPixel(v, scale: scale) }
        if let maximumPointSize, v > maximumPointSize { v = maximumPointSize }
        return ScaledSize(pointSize: v)
    }
}

/// `stepping` (TypographyKit `scaleUsingStepping`): `pointSize + step × multiplier × index(c)`
/// (index −3…+8), then raised to `minimum` if below it, then lowered to `maximum` if above it
/// (so the maximum wins when minimum > maximum). Not rounded.
public struct SteppingScaling: ScalingModel, Equatable {
    public let pointSize: Double
    public let stepSize: Double
    public let multiplier: Double
    public let minimum: Double?
    public let maximum: Double?
    /// Defaults are TypographyKit's: step 2, multiplier 1, no clamps.
    public init(pointSize: Double, stepSize: Double = 2, multiplier: Double = 1, minimum: Double? = nil, maximum: Double? = nil) {
        self.pointSize = pointSize
        self.stepSize = stepSize
        self.multiplier = multiplier
        self.minimum = minimum
        self.maximum = maximum
    }
    public func size(at category: ContentSizeCategory) -> ScaledSize {
        var v = pointSize + stepSize * multiplier * Double(category.typographyKitIndex)
        if let minimum, v < minimum { v = minimum }
        if let maximum, v > maximum { v = maximum }
        return ScaledSize(pointSize: v)
    }
}

/// `interpolate` (four-point): xS = smallest, L = normal, xxxL = maximumNormal,
/// AX5 = maximumAccessibility; S and M at 1/3 and 2/3 from smallest to normal, xL and xxL at 1/3
/// and 2/3 from normal to maximumNormal, AX1…AX4 at 1/5…4/5 from maximumNormal to
/// maximumAccessibility; every value rounded half away from zero to whole points.
public struct FourPointScaling: ScalingModel, Equatable {
    public let smallest: Double
    public let normal: Double
    public let maximumNormal: Double
    public let maximumAccessibility: Double
    public init(smallest: Double, normal: Double, maximumNormal: Double, maximumAccessibility: Double) {
        self.smallest = smallest
        self.normal = normal
        self.maximumNormal = maximumNormal
        self.maximumAccessibility = maximumAccessibility
    }
    /// The unrounded value at a category.
    public func exactSize(at category: ContentSizeCategory) -> Double {
        let p = category.position
        // a + (b − a) × k / n, multiplying before dividing so that e.g. 10 + 1.5 × 1 / 3 is exactly 10.5.
        func lerp(_ a: Double, _ b: Double, _ k: Int, _ n: Int) -> Double { a + (b - a) * Double(k) / Double(n) }
        switch p {
        case 0...3: return lerp(smallest, normal, p, 3)
        case 4...6: return lerp(normal, maximumNormal, p - 3, 3)
        default: return lerp(maximumNormal, maximumAccessibility, p - 6, 5)
        }
    }
    public func size(at category: ContentSizeCategory) -> ScaledSize {
        ScaledSize(pointSize: exactSize(at: category).rounded(.toNearestOrAwayFromZero))
    }
}

/// `table`: an explicit size (and optional line height) for each of the 12 categories.
public struct TableScaling: ScalingModel, Equatable {
    public let sizes: [ScaledSize]
    /// `sizes` has exactly 12 entries, xS first.
    public init(sizes: [ScaledSize]) throws(DynamicTypeError) {
        guard sizes.count == ContentSizeCategory.allCases.count else {
            throw DynamicTypeError("a size table needs 12 entries (xS…AX5), got \(sizes.count)")
        }
        self.sizes = sizes
    }
    /// Every category must be present.
    public init(_ entries: [ContentSizeCategory: ScaledSize]) throws(DynamicTypeError) {
        let missing = ContentSizeCategory.allCases.filter { entries[$0] == nil }
        guard missing.isEmpty else {
            throw DynamicTypeError("a size table is missing categories: \(missing.map(\.shortName).joined(separator: ", "))")
        }
        self.sizes = ContentSizeCategory.allCases.compactMap { entries[$0] }
    }
    public func size(at category: ContentSizeCategory) -> ScaledSize { sizes[category.position] }
}

/// Wraps any model: outside `categories` the size is that of the nearest end of the range; the
/// point size is then raised to `minimum` and lowered to `maximum` (maximum wins if min > max).
/// A line height is scaled by the same factor as the point size when clamping changes it.
public struct Limited<Base: ScalingModel>: ScalingModel {
    public let base: Base
    public let minimum: Double?
    public let maximum: Double?
    public let categories: CategoryRange
    public init(_ base: Base, minimum: Double? = nil, maximum: Double? = nil, categories: CategoryRange = .all) {
        self.base = base
        self.minimum = minimum
        self.maximum = maximum
        self.categories = categories
    }
    public func size(at category: ContentSizeCategory) -> ScaledSize {
        var s = base.size(at: categories.clamp(category))
        var v = s.pointSize
        if let minimum, v < minimum { v = minimum }
        if let maximum, v > maximum { v = maximum }
        if v != s.pointSize {
            if let lh = s.lineHeight, s.pointSize > 0 { s.lineHeight = lh * v / s.pointSize }
            s.pointSize = v
        }
        return s
    }
}

/// A type-erased scaling model.
public struct AnyScalingModel: ScalingModel {
    private let sizeAt: @Sendable (ContentSizeCategory) -> ScaledSize
    public init(_ model: any ScalingModel) { sizeAt = { model.size(at: $0) } }
    public func size(at category: ContentSizeCategory) -> ScaledSize { sizeAt(category) }
}
