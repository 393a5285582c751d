import Foundation

/// Android 14 non-linear font scaling (`FontScaleConverter`), reference section D.
public enum AndroidFontScaling {
    /// The sp sizes every table maps from.
    public static let commonSpSizes: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// Published tables: font scale → dp at `commonSpSizes`.
    public static let tables: [(scale: Double, dp: [Double])] = [
        (1.05, [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
        (1.1, [8.8, 11.0, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.2, [9.6, 12.0, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// Which implementation of the non-linear curve to follow.
    public enum Variant: String, CaseIterable, Sendable {
        /// AOSP (the default): frameworks/base `FontScaleConverterFactory`, tables 1.15, 1.3, 1.5, 1.8
        /// and 2.0 only. Early Android 14 gives no curve for `fontScale <= 1`; later AOSP gives curves from
        /// the first key − 0.02 (1.13). No table lies below 1.15 either way, so scales below 1.15 get a
        /// linear table `{1 → scale}`: both rules give the same sizes.
        case aosp
        /// A vendor build (Samsung's frameworks/base): adds tables 1.05, 1.1 and 1.2, curves from the
        /// first key − 0.01 (1.03 in binary32).
        case vendor
        /// androidx Compose: tables 1.15…2.0; curves from 1.03, interpolating from the identity
        /// table between 1.0 and 1.15.
        case androidx

        var tableScales: [Double] {
            switch self {
            case .vendor: AndroidFontScaling.tables.map(\.scale)
            case .aosp, .androidx: [1.15, 1.3, 1.5, 1.8, 2.0]
            }
        }
        /// Curves apply when fontScale ≥ this (computed in Float as Java does): AOSP = the first
        /// table's key / 100 − 0.02; the vendor build − 0.01; androidx = `MinScaleForNonLinear` 1.03.
        var threshold: Float {
            switch self {
            case .aosp: Float(AndroidFontScaling.key(tableScales[0])) / 100 - 0.02
            case .vendor: Float(AndroidFontScaling.key(tableScales[0])) / 100 - 0.01
            case .androidx: 1.03
            }
        }
    }

    /// Converts through one table: exact sp → table dp; between points → linear; below the first
    /// point → from (0, 0); above the last → × the last pair's ratio; sign preserved.
    public static func convert(_ sp: Double, from: [Double], to: [Double]) -> Double {
        let a = abs(sp)
        let sign: Double = sp < 0 ? -1 : 1
        guard let last = from.indices.last else { return sp }
        if a >= from[last] { return sign * a * (to[last] / from[last]) }
        var lo = (x: 0.0, y: 0.0)
        for i in from.indices {
            if a == from[i] { return sign * to[i] }
            if a < from[i] {
                let t = (a - lo.x) / (from[i] - lo.x)
                return sign * (lo.y + (to[i] - lo.y) * t)
            }
            lo = (from[i], to[i])
        }
        return sign * a
    }

    /// The lookup key `(int)(100f × fontScale)`, computed in binary32 like the Java/Kotlin code
    /// (so 1.05 has key 104).
    public static func key(_ fontScale: Double) -> Int { Int(Float(100) * Float(fontScale)) }

    /// The dp table (at `commonSpSizes`) in effect for a font scale, or nil when scaling is linear.
    public static func effectiveTable(fontScale: Double, variant: Variant) -> [Double]? {
        let f = Float(fontScale)
        guard f >= variant.threshold else { return nil }
        let keyOf = key
        let key = keyOf(fontScale)
        let available = tables.filter { variant.tableScales.contains($0.scale) }
        if let exact = available.first(where: { keyOf($0.scale) == key }) { return exact.dp }
        let higher = available.firstIndex(where: { keyOf($0.scale) > key })
        guard let hi = higher else { return nil } // above the largest table: linear
        let start: (scale: Double, dp: [Double])
        if hi == 0 {
            guard variant == .androidx else { return nil } // platform: linear below the first table
            start = (1.0, commonSpSizes)
        } else {
            start = available[hi - 1]
        }
        let end = available[hi]
        // androidx/platform use the key-derived scales (key / 100) as the interpolation ends.
        let s0 = Double(keyOf(start.scale)) / 100, s1 = Double(keyOf(end.scale)) / 100
        let t = min(max((fontScale - s0) / (s1 - s0), 0), 1)
        return zip(start.dp, end.dp).map { $0 + ($1 - $0) * t }
    }

    /// sp → dp at a font scale, non-linearly per the variant (linear where the variant is linear).
    public static func nonlinear(_ sp: Double, fontScale: Double, variant: Variant) -> Double {
        guard let table = effectiveTable(fontScale: fontScale, variant: variant) else { return sp * fontScale }
        return convert(sp, from: commonSpSizes, to: table)
    }
}

/// Maps each iOS category to an Android font scale.
public struct AndroidFontScaleMapping: Equatable, Sendable {
    /// Font scale per category, xS first (12 entries).
    public let scales: [Double]
    public init(scales: [Double]) throws(DynamicTypeError) {
        guard scales.count == 12, scales.allSatisfy({ $0 > 0 }) else {
            throw DynamicTypeError("an Android font-scale mapping needs 12 positive scales (xS…AX5), got \(scales.count)")
        }
        self.scales = scales
    }
    private init(unchecked: [Double]) { scales = unchecked }

    /// Android 14's Settings presets.
    public static let android14Presets: [Double] = [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0]

    /// DEFAULT: each category gets the Android 14 preset nearest to the iOS body ratio
    /// body(c)/17 (ties to the smaller preset): xS 0.85, S 0.85, M 1.0, L 1.0, xL 1.15, xxL 1.3,
    /// xxxL 1.3, AX1 1.5, AX2…AX5 2.0.
    public static let nearestAndroid14Preset = AndroidFontScaleMapping(unchecked: ContentSizeCategory.allCases.map { c in
        let ratio = TextStyle.body.pointSize(at: c) / 17
        return android14Presets.min { abs($0 - ratio) < abs($1 - ratio) } ?? 1
    })

    /// Each category at exactly the iOS body ratio body(c)/17 (0.8235 … 3.1176).
    public static let iosBodyRatio = AndroidFontScaleMapping(unchecked: ContentSizeCategory.allCases.map {
        TextStyle.body.pointSize(at: $0) / 17
    })

    public func scale(at category: ContentSizeCategory) -> Double { scales[category.position] }
}

/// `android`: a size in sp converted to dp at the category's Android font scale.
public struct AndroidScaling: ScalingModel, Equatable {
    public enum Conversion: Equatable, Sendable {
        /// dp = sp × fontScale.
        case linear
        /// Android 14 `FontScaleConverter` tables (AOSP's by default).
        case nonlinear(AndroidFontScaling.Variant)
    }
    public let spSize: Double
    public let mapping: AndroidFontScaleMapping
    public let conversion: Conversion
    public init(spSize: Double, mapping: AndroidFontScaleMapping = .nearestAndroid14Preset, conversion: Conversion = .nonlinear(.aosp)) {
        self.spSize = spSize
        self.mapping = mapping
        self.conversion = conversion
    }
    public func size(at category: ContentSizeCategory) -> ScaledSize {
        let s = mapping.scale(at: category)
        switch conversion {
        case .linear: return ScaledSize(pointSize: spSize * s)
        case .nonlinear(let v): return ScaledSize(pointSize: AndroidFontScaling.nonlinear(spSize, fontScale: s, variant: v))
        }
    }
}
