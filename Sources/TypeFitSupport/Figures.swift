/// The one bound on figures a user writes — point sizes, line heights, insets, steps, letter
/// spacing, device dimensions — in `typefit.yml` and on the command line. Ten times
/// the largest screen dimension in points, yet small enough that nothing computed from such figures
/// (sizes × multipliers × steps, widths × scales) overflows to infinity, so reports never show
/// "inf pt" and JSON output never fails to encode.
public enum Figures {
    /// ±10,000.
    public static let largestMagnitude = 10_000.0

    /// nil when `value` is finite and within ±``largestMagnitude``, else why not (for an error:
    /// "--size: 1e+308 is out of range (figures are limited to ±10000)").
    public static func problem(with value: Double) -> String? {
        if !value.isFinite { return "\(value) is not a finite number" }
        if abs(value) > largestMagnitude { return "\(value) is out of range (figures are limited to ±10000)" }
        return nil
    }
}
