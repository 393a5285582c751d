import DynamicType
import Foundation
import Reports

/// A check: a pure function from observations to findings.
///
/// Each check lives in its own file under `Checks/` and documents itself: a stable `id`,
/// a `title`, a `rationale` for users, a `defaultSeverity`, the `figures` it attaches (name, unit,
/// direction), the message `codes` it gives, and `examples` that are also its tests (AuditTests
/// runs every example of every registered check). Reports and the baseline read the figures'
/// directions and readings from this declaration (`CheckDescriptor`), never from figure names.
public protocol Check: Sendable {
    /// Stable id, e.g. "text.truncated". Baselines and configs refer to it.
    var id: String { get }
    var title: String { get }
    /// Why it matters to users, 2–4 sentences.
    var rationale: String { get }
    /// Exactly when it reports, with thresholds and the figures it attaches (for docs/checks.md).
    var definition: String { get }
    var defaultSeverity: Severity { get }
    /// Every figure its findings carry, with unit and direction.
    var figures: [FigureSpec] { get }
    /// How a group's worst figures read in a summary, in order (none: name=value).
    var readings: [FigureReading] { get }
    /// The message codes its findings carry (`Finding.code`).
    var codes: [MessageCode] { get }
    /// How its findings are fixed, read from their figures (the roll-ups' hints; nil: no hint).
    var fix: FixHint? { get }
    /// Small inputs with the findings they must produce; run as tests.
    var examples: [CheckExample] { get }
    /// Findings for `input`, each with `defaultSeverity` (overrides are applied by `Auditor`).
    func run(_ input: AuditInput, context: CheckContext) -> [Finding]
}

extension Check {
    public var readings: [FigureReading] { [] }
    public var fix: FixHint? { nil }

    /// The report descriptor, with `severity` in force for this run (default: `defaultSeverity`).
    public func descriptor(severity: Severity? = nil) -> CheckDescriptor {
        CheckDescriptor(id: id, title: title, rationale: rationale, defaultSeverity: defaultSeverity,
                        severity: severity ?? defaultSeverity, figures: figures, readings: readings, codes: codes,
                        fix: fix)
    }
}

/// Thresholds the checks use; the defaults are documented in docs/checks.md.
public struct CheckContext: Sendable, Equatable {
    /// Ink may pass the label's box by this much (points) before `glyph.ink-clipped` reports it.
    public var inkTolerance: Double
    /// Smallest point size at the default category Large (`style.too-small`); HIG iOS minimum 11 pt.
    public var minimumPointSize: Double
    /// Relative spread of hhea/typo/win line heights that `font.metrics` tolerates (0.10 = 10 %).
    public var metricsTolerance: Double
    /// Fully visible rows every screen must show when it sets no minimum of its own (nil: no default).
    public var minimumRowsVisible: Int?
    /// Lengths closer than this (points) count as equal, so rounding noise never reports.
    public var lengthEpsilon: Double

    public init(inkTolerance: Double = 0.5, minimumPointSize: Double = 11, metricsTolerance: Double = 0.10,
                minimumRowsVisible: Int? = nil, lengthEpsilon: Double = 0.01) {
        self.inkTolerance = inkTolerance
        self.minimumPointSize = minimumPointSize
        self.metricsTolerance = metricsTolerance
        self.minimumRowsVisible = minimumRowsVisible
        self.lengthEpsilon = lengthEpsilon
    }

    public static let `default` = CheckContext()
}

/// One documented example of a check, run as a test.
public struct CheckExample: Sendable {
    public var description: String
    public var input: AuditInput
    public var context: CheckContext
    /// How many findings the check must produce.
    public var expectedCount: Int
    /// The message codes of the findings, in order (code i for finding i when there are as many
    /// codes as findings, else every finding has every code listed: one code for all of them).
    public var codes: [String]
    /// Fragments every finding's message must contain, only where the wording itself is the point
    /// (matched as `codes` are).
    public var messageContains: [String]
    /// Figures the first finding must carry (compared to 3 decimals).
    public var figures: [String: Double]
    /// The certainty every finding must have, when the example is about it.
    public var certainty: Certainty?

    public init(_ description: String, input: AuditInput, context: CheckContext = .default, expectedCount: Int,
                codes: [String] = [], messageContains: [String] = [], figures: [String: Double] = [:],
                certainty: Certainty? = nil) {
        self.description = description
        self.input = input
        self.context = context
        self.expectedCount = expectedCount
        self.codes = codes
        self.messageContains = messageContains
        self.figures = figures
        self.certainty = certainty
    }
}

/// Errors of the Audit module; `description` is one line naming the input and the problem.
public enum AuditError: Error, Equatable, CustomStringConvertible {
    case unknownCheck(id: String, suggestion: String?, origin: String?)
    case baselineMissing(path: String)
    case baselineUnreadable(path: String, reason: String)
    case baselineInvalid(path: String, reason: String)
    case baselineNewerSchema(path: String, found: Int, supported: Int)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownCheck(id, suggestion, origin):
            let prefix = origin.map { "\($0): " } ?? ""
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "\(prefix)unknown check id '\(id)'\(hint); `typefit checks` lists them"
        case let .baselineMissing(path):
            return "\(path): baseline file not found"
        case let .baselineUnreadable(path, reason):
            return "\(path): cannot read baseline: \(reason)"
        case let .baselineInvalid(path, reason):
            return "\(path): invalid baseline: \(reason)"
        case let .baselineNewerSchema(path, found, supported):
            return "\(path): baseline schema version \(found) is newer than this typefit supports (\(supported)); upgrade typefit"
        case let .writeFailed(path, reason):
            return "\(path): cannot write: \(reason)"
        }
    }
}

/// Message helpers shared by the checks.
enum Describe {
    /// A length in points with one decimal, e.g. "231.4 pt".
    static func pt(_ value: Double) -> String { oneDecimal(value) + " pt" }
    /// `String(format: "%.1f", value)` without Foundation's formatter (it is called for every
    /// finding): the exact value × 10 rounded to the nearest integer, ties to even, as printf
    /// rounds. `t = fl(10·v)` and its exact error `e = fma(10, v, −t)` give 10·v = t + e exactly;
    /// t's nearest integer r is the answer unless t lies halfway (|t − r| = 0.5), where the sign
    /// of e decides and e = 0 is a true tie (to even). Below 2⁴⁸, 10·v < 2⁵² so ulp(t) ≤ 0.5: far from halfway |t − r| ≤ 0.5 − ulp(t)
    /// and |e| ≤ ulp(t)/2, so e cannot move it. Not finite or ≥ 2⁴⁸: the formatter.
    static func oneDecimal(_ value: Double) -> String {
        let v = abs(value)
        guard v.isFinite, v < 0x1p48 else { return String(format: "%.1f", value) }
        let t = 10 * v
        let e = (-t).addingProduct(10, v)
        // Halfway, `rounded` chose the even neighbour: right for a true tie (e = 0).
        var r = t.rounded(.toNearestOrEven)
        if t - r == 0.5 && e > 0 { r += 1 } else if t - r == -0.5 && e < 0 { r -= 1 }
        let n = Int(r)
        return (value.sign == .minus ? "-" : "") + String(n / 10) + "." + String(n % 10)
    }
    /// A number with one decimal, e.g. "2.7".
    static func one(_ value: Double) -> String { oneDecimal(value) }
    /// A fraction as a whole percentage, e.g. 0.125 → "13 %"; with `decimals` 1 → "12.5 %".
    static func percent(_ fraction: Double, decimals: Int = 0) -> String {
        String(format: "%.\(decimals)f %%", fraction * 100)
    }
    /// A quoted text on one line (line breaks shown as "⏎"), shortened to 60 characters.
    static func quote(_ text: String) -> String {
        let limit = 60
        // Without a newline scalar (a newline is a grapheme of its own, so then no character is a
        // newline) nothing is split or joined, and only the first 61 characters are counted.
        if !text.unicodeScalars.contains(where: isNewlineScalar) {
            if text.utf8.count <= limit { return "“\(text)”" }
            // A long text whose first 61 bytes are ASCII (no newline among them, see above) has 61
            // characters there: no grapheme rule joins two ASCII scalars but CR LF, and none joins an
            // ASCII scalar to the one before it. So it is shortened, and its first 59 characters are
            // its first 59 bytes (the 60th byte, ASCII, starts a character of its own).
            if text.utf8.prefix(limit + 1).allSatisfy({ $0 < 0x80 }) {
                let utf8 = text.utf8
                return "“" + String(text[..<utf8.index(utf8.startIndex, offsetBy: limit - 1)]) + "…”"
            }
            if text.prefix(limit + 1).count <= limit { return "“\(text)”" }
            return "“\(text.prefix(limit - 1))…”"
        }
        let flat = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "⏎")
        let shown = flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
        return "“\(shown)”"
    }
    /// The scalars `Character.isNewline` is true for (LF, VT, FF, CR, NEL, LS, PS; CR LF is CR then LF).
    private static func isNewlineScalar(_ s: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(s.value) || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
    }
    /// "at <category> on <device> (<locale>)".
    static func place(category: ContentSizeCategory, device: String, locale: String) -> String {
        var s = ""
        appendPlace(to: &s, category: category, device: device, locale: locale)
        return s
    }
    /// Appends `place(category:device:locale:)` to `message` (in one allocation at most).
    static func appendPlace(to message: inout String, category: ContentSizeCategory, device: String, locale: String) {
        let name = category.uikitName
        message.reserveCapacity(message.utf8.count + name.utf8.count + device.utf8.count + locale.utf8.count + 9)
        message += "at "
        message += name
        message += " on "
        message += device
        message += " ("
        message += locale
        message += ")"
    }
    /// Lines as "1 line" / "3 lines".
    static func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
}

extension LabelObservation {
    /// A finding about this label, with its identity fields filled in. A label whose width (or
    /// text) is estimated (`estimate`) gives an `estimated` finding whose message ends with the
    /// reason: the auditor lowers its severity by one and it never fails a run. `layout` false: the
    /// finding does not rest on the layout (a glyph the font lacks), so no estimate touches it.
    func finding(_ check: some Check, code: String, message: String, figures: [String: Double],
                 layout: Bool = true) -> Finding {
        let estimate = layout ? estimate : nil
        var finding = Finding(checkId: check.id, severity: check.defaultSeverity,
                              message: estimate.map { message + " (\($0))" } ?? message, screen: screen, row: row,
                              label: label, device: device, category: category, locale: locale, style: style, font: font,
                              stringKey: stringKey, source: source, figures: figures, text: text, variant: variant, code: code,
                              labelID: labelID, literalText: literalText)
        if estimate != nil { finding.certainty = .estimated }
        return finding
    }
    /// A finding that the label's text does not fit its width (truncated, shrunk): at risk when a
    /// stand-in measured its system text and it would fit were the text δ narrower
    /// (`widthEstimate`); the auditor then lowers its severity by one. System text partly drawn by
    /// a fallback font is never at risk; its message says which font measured it, unverified.
    /// An estimated width or text says more than either: such a finding stays `estimated`.
    func widthFinding(_ check: some Check, code: String, message: String, figures: [String: Double]) -> Finding {
        let unverified = widthEstimate?.fallbackFont.map { " (measured in fallback font \($0), unverified)" } ?? ""
        var finding = finding(check, code: code, message: message + unverified, figures: figures)
        if finding.certainty == .estimated { return finding }
        if widthEstimate?.fallbackFont != nil { finding.certainty = .unverified }
        else if widthEstimate?.fitsWithinBand == true { finding.certainty = .atRisk }
        return finding
    }

    var place: String { Describe.place(category: category, device: device, locale: locale) }
}
