import Foundation
import Reports

/// Builds the `ReportDocument` of a run, normalized for deterministic output.
public enum ReportAssembler {
    /// The document for one run.
    ///
    /// Normalization: checks sorted by id; findings in `FindingOrder`; screens by screen name, then
    /// device, category and locale in scope order; fonts by id; every Double in findings and screens
    /// rounded to 3 decimals. Labels in the screens get `hasFindings` from the findings that name
    /// them (same screen, row, label, device, category, locale).
    public static func assemble(tool: ToolInfo, config: String, scope: Scope, checks: [CheckDescriptor],
                                findings: [Finding], screens: [ScreenSnapshot], fonts: [FontInfo],
                                baseline: String?, failOn: Severity, generatedAt: String? = nil) -> ReportDocument {
        let findings = FindingOrder.sorted(findings).map(rounded)
        let flagged = Set(findings.compactMap { f -> String? in
            guard let screen = f.screen, let row = f.row, let label = f.label, let device = f.device,
                  let category = f.category, let locale = f.locale else { return nil }
            return [screen, row, label, device, category, locale].joined(separator: "|")
        })
        func position(_ value: String, in list: [String]) -> Int { list.firstIndex(of: value) ?? list.count }
        let sortedScreens = screens.sorted { a, b in
            let ka = [position(a.device, in: scope.devices), position(a.category, in: scope.categories),
                      position(a.locale, in: scope.locales)]
            let kb = [position(b.device, in: scope.devices), position(b.category, in: scope.categories),
                      position(b.locale, in: scope.locales)]
            if a.screen != b.screen { return a.screen < b.screen }
            if ka != kb { return ka.lexicographicallyPrecedes(kb) }
            return (a.device, a.category, a.locale) < (b.device, b.category, b.locale)
        }.map { snapshot in
            rounded(snapshot, flagged: flagged)
        }
        return ReportDocument(tool: tool, generatedAt: generatedAt, config: config, scope: scope,
                              checks: checks.sorted { $0.id < $1.id }, findings: findings, screens: sortedScreens,
                              fonts: fonts.sorted { $0.id < $1.id }, baseline: baseline, failOn: failOn)
    }

    /// `value` rounded to 3 decimals (half away from zero), with −0 normalized to 0.
    public static func round3(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        let r = (value * 1000).rounded() / 1000
        return r == 0 ? 0 : r
    }

    static func rounded(_ finding: Finding) -> Finding {
        var finding = finding
        finding.figures = finding.figures.mapValues(round3)
        return finding
    }

    static func rounded(_ s: ScreenSnapshot, flagged: Set<String>) -> ScreenSnapshot {
        var s = s
        s.width = round3(s.width)
        s.height = round3(s.height)
        s.scale = round3(s.scale)
        s.contentTop = round3(s.contentTop)
        s.contentHeight = round3(s.contentHeight)
        s.rowsVisible = round3(s.rowsVisible)
        let (screen, device, category, locale) = (s.screen, s.device, s.category, s.locale)
        s.rows = s.rows.map { row in
            var row = row
            row.height = round3(row.height)
            row.clippedBy = round3(row.clippedBy)
            row.labels = row.labels.map { label in
                var label = label
                label.x = round3(label.x)
                label.y = round3(label.y)
                label.width = round3(label.width)
                label.height = round3(label.height)
                label.pointSize = round3(label.pointSize)
                label.lineHeight = round3(label.lineHeight)
                label.baselineOffset = round3(label.baselineOffset)
                label.lineBaselines = label.lineBaselines?.map(round3)
                label.lineHeights = label.lineHeights?.map(round3)
                label.lineWidths = label.lineWidths.map(round3)
                label.inkOverflow = round3(label.inkOverflow)
                let key = [screen, row.name, label.name, device, category, locale].joined(separator: "|")
                label.hasFindings = label.hasFindings || flagged.contains(key)
                return label
            }
            return row
        }
        return s
    }
}
