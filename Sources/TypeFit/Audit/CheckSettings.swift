import Audit
import Reports

/// The config's check settings, resolved once: the project-wide `Auditor` (enabled checks and
/// severities), the run's `failOn`, and the per-screen, per-row and per-label settings by typed id.
public struct CheckSettings: Sendable {
    public var auditor: Auditor
    public var failOn: Severity
    var screens: [ScreenID: ConfigCheckScope] = [:]
    var rows: [RowID: ConfigCheckScope] = [:]
    var labels: [LabelID: ConfigCheckScope] = [:]

    /// Validates every check id the config names (unknown ids fail with did-you-mean at their position).
    init(config: TypeFitConfig) throws {
        func validate(_ ids: [String], _ locations: [String: ConfigLocation]) throws {
            for id in ids {
                let origin = locations[id].map { "\($0)" + ($0.path.isEmpty ? "" : ": \($0.path)") } ?? config.file
                _ = try CheckRegistry.check(id: id, origin: origin)
            }
        }
        let project = config.checks
        try validate(project.severity.keys.sorted() + project.disabled.sorted(), project.idLocations)
        auditor = try Auditor(configuration: AuditConfiguration(
            severityOverrides: project.severity, disabledChecks: Set(project.disabled)), origin: config.file)
        failOn = project.failOn
        for (s, screen) in config.screens.enumerated() {
            let screenID = ScreenID(s)
            if let scope = screen.checks {
                try validate(scope.severity.keys.sorted() + scope.disabled.sorted(), scope.idLocations)
                screens[screenID] = scope
            }
            for (r, row) in screen.rows.enumerated() {
                let rowID = RowID(screen: screenID, index: r)
                if let scope = row.checks {
                    try validate(scope.severity.keys.sorted() + scope.disabled.sorted(), scope.idLocations)
                    rows[rowID] = scope
                }
                let all = row.labels + (row.pair.map { [$0.title, $0.value] } ?? [])
                for (l, label) in all.enumerated() {
                    let labelID = LabelID(row: rowID, index: l)
                    if let scope = label.checks {
                        try validate(scope.severity.keys.sorted() + scope.disabled.sorted(), scope.idLocations)
                        labels[labelID] = scope
                    }
                }
            }
        }
    }

    /// Whether any screen, row or label has settings of its own.
    public var hasScopes: Bool { !screens.isEmpty || !rows.isEmpty || !labels.isEmpty }

    /// The findings with the innermost scope's settings applied: for each finding, the label's
    /// settings, then its row's, then its screen's; the first that names the check decides
    /// (disabled: the finding is dropped; a severity: it replaces the project's).
    public func apply(_ findings: [Finding]) -> [Finding] {
        guard hasScopes else { return findings }
        return findings.compactMap { finding in
            var finding = finding
            for scope in scopes(of: finding) {
                if scope.disabled.contains(finding.checkId) { return nil }
                if let severity = scope.severity[finding.checkId] {
                    finding.severity = severity
                    break
                }
            }
            return finding
        }
    }

    /// The settings that apply to a finding, innermost first, by the plan ids it carries.
    private func scopes(of finding: Finding) -> [ConfigCheckScope] {
        var result: [ConfigCheckScope] = []
        if let id = finding.labelID, let scope = labels[id] { result.append(scope) }
        if let id = finding.rowID, let scope = rows[id] { result.append(scope) }
        if let id = finding.screenID, let scope = screens[id] { result.append(scope) }
        return result
    }
}
