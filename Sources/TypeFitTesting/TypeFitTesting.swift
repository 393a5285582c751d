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

    /// Audits `config` and throws `NewFindingsError` when a group of findings not in `baseline` has a
    /// severity at or above `failOn` (default: the config's `checks.failOn`, else `error`) — the
    /// groups that make `typefit audit` exit with 1.
    public static func requireNoNewFindings(config: String, baseline: String? = nil, failOn: Severity? = nil) throws {
        let (document, configFailOn) = try audit(config: config, baseline: baseline)
        let threshold = failOn ?? configFailOn
        let error = NewFindingsError(config: config, baseline: baseline, failOn: threshold, document: document)
        if !error.groups.isEmpty { throw error }
    }

    private static func run(config: String, baseline: String?) throws -> (findings: [Finding], failOn: Severity) {
        let (document, failOn) = try audit(config: config, baseline: baseline)
        return (document.findings, failOn)
    }

    private static func audit(config: String, baseline: String?) throws -> (document: ReportDocument, failOn: Severity) {
        let plan = try AuditPlan.load(path: config)
        let result = try AuditPipeline(plan: plan, options: AuditOptions(baselinePath: baseline)).run()
        return (result.document, plan.checks.failOn)
    }
}

/// New groups of findings at or above the failing severity, worst first. `description` starts with
/// a one-line summary, then one line per group with that group's own figures: check id, where
/// (screen/row/label), string key's file:line, where it happens on each device and its worst
/// figures (as the terminal report says them), and its worst occurrence's message.
public struct NewFindingsError: Error, CustomStringConvertible, Sendable {
    public let config: String
    public let baseline: String?
    public let failOn: Severity
    /// The failing groups, worst first.
    public let groups: [FindingGroup]
    /// Each group's summary sentence (`ReportDocument.summary`), in `groups` order.
    public let summaries: [String]

    /// The groups of `document` that are new (or worse) and at or above `failOn`.
    public init(config: String, baseline: String?, failOn: Severity, document: ReportDocument) {
        self.config = config
        self.baseline = baseline
        self.failOn = failOn
        var doc = document.normalized()
        doc.failOn = failOn
        groups = doc.worstFirst(doc.groups.filter(doc.isFailing))
        summaries = groups.map(doc.summary)
    }

    /// Every occurrence of the failing groups, as findings.
    public var findings: [Finding] { groups.flatMap(\.findings) }

    public var description: String {
        let count = groups.count == 1 ? "1 new group" : "\(groups.count) new groups"
        let occurrences = groups.reduce(0) { $0 + $1.occurrences.count }
        let against = baseline.map { "not in the baseline \($0)" } ?? "(no baseline)"
        var lines = ["\(config): \(count) of findings (\(occurrences) occurrence\(occurrences == 1 ? "" : "s")) "
            + "at or above \(failOn.rawValue) \(against):"]
        for (g, summary) in zip(groups, summaries) {
            var parts = ["[\(g.severity.rawValue)\(g.status == .worse ? ", worse" : "")] \(g.checkId)"]
            if g.key.stringKey != nil, !g.key.place.isEmpty { parts.append(g.key.place) }
            if let source = g.source { parts.append("\(source.file):\(source.line)") }
            let message = g.message.replacingOccurrences(of: "\n", with: " ")
            lines.append("  - " + parts.joined(separator: ", ") + ": " + summary.replacingOccurrences(of: "\n", with: " ")
                + (message.isEmpty ? "" : " — worst: " + message))
        }
        return lines.joined(separator: "\n")
    }
}
