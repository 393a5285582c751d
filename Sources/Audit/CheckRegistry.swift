import Reports
import TypeFitSupport

/// Every check TypeFit knows, in a stable order.
public enum CheckRegistry {
    /// All checks, sorted by id.
    public static let all: [any Check] = [
        FontAccentClearanceCheck(),
        FontLineGapCheck(),
        FontMetricsCheck(),
        FontVerticalSplitCheck(),
        FontWinClippingCheck(),
        FontWinMetricsCheck(),
        GlyphInkClippedCheck(),
        GlyphMissingCheck(),
        ScreenRowTooTallCheck(),
        ScreenRowsVisibleCheck(),
        StyleCappedCheck(),
        StyleNotScalingCheck(),
        StyleTooSmallCheck(),
        StringMissingKeyCheck(),
        StringUntranslatedCheck(),
        TextAutoshrinkCheck(),
        TextClippedCheck(),
        TextTruncatedCheck(),
        UIAutoshrinkCheck(),
        UICappedCheck(),
        UIFixedFontCheck(),
        UIFixedHeightCheck(),
        UIFixedRowHeightCheck(),
        UINotAdjustingCheck(),
        WebClippedCheck(),
        WebNotScalingCheck(),
        WebOverflowCheck(),
    ].sorted { $0.id < $1.id }

    /// The checks of a font's own tables (`typefit inspect` runs them), sorted by id.
    public static var fontChecks: [any FontCheck] { all.compactMap { $0 as? any FontCheck } }

    /// All check ids, sorted.
    public static var ids: [String] { all.map(\.id) }

    /// The check with `id`; throws `AuditError.unknownCheck` with the closest id as a suggestion.
    /// `origin` names where the id came from (e.g. "typefit.yml: checks.disabled"), for the error.
    public static func check(id: String, origin: String? = nil) throws -> any Check {
        if let check = all.first(where: { $0.id == id }) { return check }
        throw AuditError.unknownCheck(id: id, suggestion: suggestion(for: id), origin: origin)
    }

    /// The known id closest to `id` (edit distance ≤ max(3, a third of its length)), if any.
    public static func suggestion(for id: String) -> String? {
        let scored = ids.map { ($0, TypeFitSupport.editDistance(id.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(3, id.count / 3) ? best.0 : nil
    }

    /// docs/checks.md: every check with its title, id, default severity, rationale and the
    /// definition from its examples. AuditTests asserts the committed file equals this text.
    public static func markdown() -> String {
        var out = """
            # Checks

            Generated from `CheckRegistry.all` (Sources/Audit); `AuditTests` fails when this file is stale.
            Regenerate with `TYPEFIT_REGENERATE_DOCS=1 swift test --filter AuditTests`.

            Severities: `info` < `warning` < `error`. The config can override a check's severity or disable it
            (`AuditConfiguration`); `--fail-on` chooses the severity at or above which a new finding (one not in
            the baseline) fails the run with exit code 1. Thresholds (defaults): ink tolerance \(CheckContext.default.inkTolerance) pt,
            minimum point size \(CheckContext.default.minimumPointSize) pt at Large,
            metrics tolerance \(Int(CheckContext.default.metricsTolerance * 100)) %,
            length epsilon \(CheckContext.default.lengthEpsilon) pt.

            The `font.*` checks look at each font's own tables. Their findings say what the problem means at the
            largest size a style of the config sets the font (as its own font, or as the fallback for another
            script), e.g. "body at AX5 (53 pt)"; `typefit inspect FONT` quotes a HIG style instead (default body).
            Those with a fontbakery counterpart give its verdict there: no finding ↔ PASS (or SKIP), a finding ↔
            WARN or FAIL, as each check's section says.

            | id | title | default severity |
            |---|---|---|

            """
        for check in all {
            out += "| `\(check.id)` | \(check.title) | \(check.defaultSeverity.rawValue) |\n"
        }
        for check in all {
            out += "\n## `\(check.id)`: \(check.title)\n\nDefault severity: **\(check.defaultSeverity.rawValue)**.\n\n"
            out += check.rationale + "\n\n**When it reports.** " + check.definition
            if let font = check as? any FontCheck {
                out += "\n\n**fontbakery.** " + font.fontbakeryNote
            }
            out += "\n\nMessage codes:\n\n"
            for code in check.codes { out += "- `\(code.code)`: \(code.meaning)\n" }
            if !check.figures.isEmpty {
                out += "\nFigures (worse: ↑ when larger, ↓ when smaller, – no direction):\n\n| figure | unit | worse | meaning |\n|---|---|---|---|\n"
                for figure in check.figures {
                    let worse = switch figure.direction {
                    case .higherIsWorse: "↑"
                    case .lowerIsWorse: "↓"
                    case .neutral: "–"
                    }
                    out += "| `\(figure.name)` | \(figure.unit.rawValue) | \(worse) | \(figure.meaning) |\n"
                }
            }
            out += "\nExamples (each one is a test):\n\n"
            for example in check.examples {
                let count = example.expectedCount == 1 ? "1 finding" : "\(example.expectedCount) findings"
                out += "- \(example.description): \(count)"
                if !example.codes.isEmpty {
                    out += " (" + example.codes.map { "`\($0)`" }.joined(separator: ", ") + ")"
                }
                out += "\n"
            }
        }
        return out
    }
}
