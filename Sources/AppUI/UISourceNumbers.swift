/// The range a number read from an app's source (a storyboard attribute, a Swift literal) must be
/// in before a reader uses it (docs/robustness.md, "Limits"): finite and within ±1,000,000
/// points, so no sum or product of them overflows or reaches infinity; a font size within
/// 0 < size ≤ 10,000 (the bound of a size in typefit.yml); a line count within 0…10,000, and a
/// larger one is no limit (no text on a screen runs to more lines). A number outside is not used.
public enum UISourceNumbers {
    /// The largest magnitude of a length, constant or factor.
    public static let largest = 1_000_000.0
    /// The largest font size.
    public static let largestFontSize = 10_000.0
    /// The largest line count read as such; more is no limit (0).
    public static let mostLines = 10_000

    /// `value` when finite and within ±`largest`.
    public static func length(_ value: Double?) -> Double? {
        guard let value, value.isFinite, abs(value) <= largest else { return nil }
        return value
    }

    /// `value` when a font size: finite, above 0 and at most `largestFontSize`.
    public static func fontSize(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value > 0, value <= largestFontSize else { return nil }
        return value
    }

    /// A line count (0: no limit) from `value`: nil when negative or not finite; above `mostLines`, 0.
    public static func lines(_ value: Double?) -> Int? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value > Double(mostLines) ? 0 : Int(value)
    }
}
