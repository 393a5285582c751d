import Foundation

/// What a check declares about the figures it attaches to its findings: each figure's name, unit
/// and whether a larger value is worse, and how a group's worst figures read in a summary. The
/// checks (Sources/Audit/Checks) declare them next to their logic; the grouper's worst figures,
/// the baseline's "worse" and the reporters' summaries read the declaration, never a figure's name.

/// Whether a larger value of a figure means a worse problem.
public enum FigureDirection: Sendable, Equatable {
    case higherIsWorse, lowerIsWorse, neutral

    /// True when `a` is worse than `b` by more than `tolerance`.
    public func isWorse(_ a: Double, than b: Double, tolerance: Double = 0) -> Bool {
        switch self {
        case .higherIsWorse: a > b + tolerance
        case .lowerIsWorse: a < b - tolerance
        case .neutral: false
        }
    }
}

/// The unit of a figure, as docs/checks.md shows it.
public enum FigureUnit: String, Sendable, Equatable {
    case points = "pt"
    case lines
    case rows
    case cssPixels = "CSS px"
    case fontUnits = "font units"
    case em
    case ratio
    case count
    case categoryIndex = "category index (0 = xS … 11 = AX5)"
    case lineNumber = "line number"
}

/// One figure a check attaches: its name in `Finding.figures`, its unit and its direction.
///
/// Needed sizes, lines, overflows and counts are worse when larger; what is available (width,
/// height, rows visible, growth) is worse when smaller; limits, reference values and point sizes
/// (a point size follows the category, so a group that spreads to a smaller size would look
/// "worse") have no direction.
public struct FigureSpec: Sendable, Equatable {
    /// What else a figure means to a reporter.
    public enum Role: Sendable, Equatable {
        case plain
        /// The fewest rows a screen must show (the HTML rows-visible chart draws it as a line).
        case minimumRowsVisible
    }

    public var name: String
    public var unit: FigureUnit
    public var direction: FigureDirection
    public var role: Role
    /// What the figure is, for docs/checks.md.
    public var meaning: String

    public init(_ name: String, _ unit: FigureUnit, _ direction: FigureDirection, role: Role = .plain,
                _ meaning: String) {
        self.name = name
        self.unit = unit
        self.direction = direction
        self.role = role
        self.meaning = meaning
    }
}

/// How two of a group's worst figures read in a summary, e.g. "needs 3 lines, has 1".
///
/// A summary reads a check's readings in order: a reading whose two figures are both among the
/// worst figures (and not used by an earlier reading) gives its phrase, `{0}` and `{1}` replaced by
/// the two values, when its `condition` holds; its figures (and `alsoUses`) are then used. When no
/// reading gave a phrase, the summary lists every figure as name=value, sorted by name.
public struct FigureReading: Sendable, Equatable {
    public enum Condition: Sendable, Equatable {
        case always
        /// Only when the second figure is positive and the first exceeds it (a line limit).
        case firstExceedsPositiveSecond
        /// Only when no earlier reading gave a phrase.
        case nothingBefore
    }

    public var first: String
    public var second: String
    public var phrase: String
    public var condition: Condition
    /// Figures the reading also accounts for (not listed on their own).
    public var alsoUses: [String]

    public init(_ first: String, _ second: String, _ phrase: String, when condition: Condition = .always,
                alsoUses: [String] = []) {
        self.first = first
        self.second = second
        self.phrase = phrase
        self.condition = condition
        self.alsoUses = alsoUses
    }

    /// `figures` in words by `readings` (see the type's description).
    public static func summary(_ figures: [String: Double], readings: [FigureReading]) -> String {
        var rest = figures
        var parts: [String] = []
        for reading in readings {
            guard let a = rest[reading.first], let b = rest[reading.second] else { continue }
            let holds: Bool
            switch reading.condition {
            case .always: holds = true
            case .firstExceedsPositiveSecond: holds = b > 0 && a > b
            case .nothingBefore: holds = parts.isEmpty
            }
            if holds {
                parts.append(reading.phrase.replacingOccurrences(of: "{0}", with: ReportText.number(a))
                    .replacingOccurrences(of: "{1}", with: ReportText.number(b)))
            }
            for name in [reading.first, reading.second] + reading.alsoUses { rest[name] = nil }
        }
        if parts.isEmpty {
            for key in rest.keys.sorted() { parts.append("\(key)=\(ReportText.number(rest[key] ?? 0))") }
        }
        return parts.joined(separator: ", ")
    }
}

/// A message code a check gives its findings (as fontbakery's `Message(code, …)`): stable, so
/// tools and tests can tell findings apart without reading their wording.
public struct MessageCode: Sendable, Equatable {
    public var code: String
    /// When the check gives it, for docs/checks.md.
    public var meaning: String
    public init(_ code: String, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}
