/// How TypeFit measured text drawn in the system font, which sets how far its widths may be from
/// iOS's (docs/system-font.md, "Error bands").
public enum SystemFontMethod: String, CaseIterable, Sendable, Codable, Hashable {
    /// SF Pro Text and Display files the user supplied, blended by a(s) per glyph with the tracking
    /// T(s) added: iOS's own widths for Latin text (within 0.36 % of iOS on its reference strings),
    /// so no band.
    case sfPro
    /// The bundled stand-in, Inter 4.1 variable at `opsz` = 14 + 18 × a(s), widths × k(s)
    /// (the reference's method B).
    case interVariable
    /// A static stand-in (Inter 3.19) with widths × k(s) (the reference's method A).
    case staticStandIn

    /// δ(s) in percent: the method's 99th percentile of |error| per line against iOS's widths
    /// (2,737 English lines) at `size` points.
    ///
    /// - sfPro: 0.
    /// - interVariable: measured 2.5 at 11 pt, 2.1 at 17, 2.0 at 20, 2.2 at 24, 2.4–2.5 from 28 to
    ///   53 pt (2.5 is used for that range). Between two measured sizes δ is the larger of their
    ///   two values (12–16 pt 2.5, 18–19 pt 2.1, 21–23 pt 2.2, 25–27 pt 2.5); below 11 pt and above
    ///   53 pt, which were not measured, 2.5, the largest measured value.
    /// - staticStandIn: 3.2 up to 17 pt, 4.2 above (the largest p99 of each range: 2.8–3.2 at
    ///   11–17 pt, 3.3–4.2 at 20–53 pt).
    public func errorBandPercent(size: Double) -> Double {
        switch self {
        case .sfPro: return 0
        case .staticStandIn: return size <= 17 ? 3.2 : 4.2
        case .interVariable:
            let points = Self.interVariableBand
            guard let first = points.first, let last = points.last, size > first.size, size < last.size else { return 2.5 }
            var high = 1
            while points[high].size < size { high += 1 }
            if points[high].size == size { return points[high].percent }
            return max(points[high - 1].percent, points[high].percent)
        }
    }

    /// Method B's measured p99 |error| (percent) at the sizes the reference measured; 28–53 pt
    /// measured 2.4–2.5, held at 2.5.
    static let interVariableBand: [(size: Double, percent: Double)] = [
        (11, 2.5), (17, 2.1), (20, 2.0), (24, 2.2), (28, 2.5), (53, 2.5),
    ]

    /// The band as a ``SystemFontErrorBand`` at `size`.
    public func errorBand(size: Double) -> SystemFontErrorBand {
        SystemFontErrorBand(percent: errorBandPercent(size: size))
    }
}

/// Whether a measured width fits its limit, given how sure the measurement is.
public enum FitVerdict: String, CaseIterable, Sendable, Codable, Hashable {
    /// W ≤ L × (1 − δ): fits even if the estimate is δ too narrow.
    case fits
    /// Within ±δ of the limit: the estimate cannot tell.
    case atRisk
    /// W ≥ L × (1 + δ): does not fit even if the estimate is δ too wide.
    case doesNotFit
}

/// ±δ around a limit, in percent of the limit.
public struct SystemFontErrorBand: Sendable, Hashable, Codable {
    /// δ in percent (2.5 means ±2.5 %).
    public var percent: Double

    public init(percent: Double) { self.percent = percent }

    /// The verdict for `width` against `limit` (same unit, e.g. points): fits if
    /// W ≤ L × (1 − δ), does not fit if W ≥ L × (1 + δ), otherwise at risk. With δ = 0 there is no
    /// at-risk range: W ≤ L fits, a wider W does not.
    public func verdict(width: Double, limit: Double) -> FitVerdict {
        if width <= limit * (100 - percent) / 100 { return .fits }
        if width >= limit * (100 + percent) / 100 { return .doesNotFit }
        return .atRisk
    }
}
