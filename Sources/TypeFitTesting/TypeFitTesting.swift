import Audit
import Foundation
import Reports
import TypeFit

/// Assertions for a project's own test target: audit a typefit.yml and fail the test when it has
/// new findings (findings not in the baseline).
///
/// Works with XCTest and Swift Testing alike: call `requireNoNewFindings` with `try` inside a test;
/// the thrown `NewFindingsError` fails the test and its description lists every failing finding.
///
/// ```swift
/// import Testing
/// import TypeFitTesting
///
/// @Test func textFits() throws {
///     try TypeFitAssertions.requireNoNewFindings(config: "typefit.yml", baseline: "typefit-baseline.json")
/// }
/// ```
///
/// Relative paths are resolved against the current folder (for `swift test`, the package root).
public enum TypeFitAssertions {
    /// Every finding of an audit of `config` that is not in `baseline` (all of them without a
    /// baseline), in report order, whatever its severity.
    ///
    /// Throws the audit's one-line error for a bad config, font, strings or baseline file.
    public static func newFindings(config: String, baseline: String? = nil) throws -> [Finding] {
        try run(config: config, baseline: baseline).findings.filter(\.isNew)
    }

    /// Audits `config` and throws `NewFindingsError` when a finding not in `baseline` has a
    /// severity at or above `failOn` (default: the config's `checks.failOn`, else `error`) — the
    /// findings that make `typefit audit` exit with 1.
    public static func requireNoNewFindings(config: String, baseline: String? = nil, failOn: Severity? = nil) throws {
        let (findings, configFailOn) = try run(config: config, baseline: baseline)
        let threshold = failOn ?? configFailOn
        let failing = findings.filter { $0.isNew && $0.severity >= threshold }
        if !failing.isEmpty {
            throw NewFindingsError(config: config, baseline: baseline, failOn: threshold, findings: failing)
        }
    }

    private static func run(config: String, baseline: String?) throws -> (findings: [Finding], failOn: Severity) {
        let plan = try AuditPlan.load(path: config)
        let result = try AuditPipeline(plan: plan, options: AuditOptions(baselinePath: baseline)).run()
        return (result.document.findings, plan.checks.failOn)
    }
}

/// New findings at or above the failing severity. `description` starts with a one-line summary,
/// then one line per finding: check id, where (screen/row/label), string key and its file:line,
/// category, device, locale, and the finding's message.
public struct NewFindingsError: Error, CustomStringConvertible, Sendable {
    public let config: String
    public let baseline: String?
    public let failOn: Severity
    public let findings: [Finding]

    public init(config: String, baseline: String?, failOn: Severity, findings: [Finding]) {
        self.config = config
        self.baseline = baseline
        self.failOn = failOn
        self.findings = findings
    }

    public var description: String {
        let count = findings.count == 1 ? "1 new finding" : "\(findings.count) new findings"
        let against = baseline.map { "not in the baseline \($0)" } ?? "(no baseline)"
        var lines = ["\(config): \(count) at or above \(failOn.rawValue) \(against):"]
        for f in findings {
            var parts = ["[\(f.severity.rawValue)] \(f.checkId)"]
            let place = [f.screen, f.row, f.label].compactMap { $0 }.joined(separator: "/")
            if !place.isEmpty { parts.append(place) }
            if let key = f.stringKey { parts.append("key \"\(key)\"") }
            if let source = f.source { parts.append("\(source.file):\(source.line)") }
            if let category = f.category { parts.append("category \(category)") }
            if let device = f.device { parts.append("device \(device)") }
            if let locale = f.locale { parts.append("locale \(locale)") }
            lines.append("  - " + parts.joined(separator: ", ") + ": " + f.message)
        }
        return lines.joined(separator: "\n")
    }
}
