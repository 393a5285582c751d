import ArgumentParser
import Audit
import Foundation
import Reports
import TypeFit
import TypeFitSupport

/// The report and baseline options `typefit audit` and `typefit merge` share, and their checks.
struct ReportOptions: ParsableArguments {
    @Option(help: "Comma-separated formats: terminal, json, markdown, html, junit, sarif, github. Default: all files in --output, plus terminal.")
    var format: String?

    @Option(help: "Baseline file: only finding groups not in it, or worse than it (more sizes or devices, more width or lines), fail the run. Default: typefit-baseline.json in the folder of the config (the one the parts name, for `merge`), when it exists.")
    var baseline: String?

    @Flag(help: "Write the baseline file (--baseline; default: typefit-baseline.json in the config's folder, created if needed) from this run's groups, after the reports. Never done otherwise.")
    var updateBaseline = false

    @Option(help: "Fail on new findings at or above this severity: error, warning or info.")
    var failOn: Severity?

    @Flag(help: "Put the current time in the reports (off by default so reports are deterministic).")
    var timestamp = false

    @Flag(help: "Compare with no baseline (every finding group is new), even when typefit-baseline.json exists.")
    var noBaseline = false

    @Flag(help: "The terminal summary with its tables (by check, by category) and every new group, not only what fits a screen.")
    var verbose = false

    /// The baseline to use: none with --no-baseline (refused beside --baseline or --update-baseline).
    func baselinePath(_ baseline: String?) throws -> String? {
        guard noBaseline else { return baseline }
        if self.baseline != nil { throw ValidationError("--no-baseline and --baseline: give one") }
        if updateBaseline { throw ValidationError("--no-baseline and --update-baseline: give one") }
        return nil
    }

    /// The baseline checks made before any work: `--update-baseline` needs a file to write, outside
    /// the output folder; a baseline to read must exist.
    func checkBaseline(_ baseline: String?, output: String?) throws {
        if updateBaseline && baseline == nil {
            throw ValidationError("--update-baseline needs --baseline FILE (the file to write)")
        }
        if let b = baseline, !updateBaseline, !FileManager.default.fileExists(atPath: b) {
            throw ValidationError("--baseline \(b): no such file (create it with --update-baseline)")
        }
        if updateBaseline, let b = baseline, let output { try AuditOutput.checkBaseline(b, outsideOf: output) }
    }

    /// The audit options these give: the baseline is read only when it is not being written.
    func auditOptions(baseline: String?) -> AuditOptions {
        AuditOptions(baselinePath: updateBaseline ? nil : baseline.map(displayPath), failOn: failOn,
                     timestamp: timestamp ? ISO8601DateFormatter().string(from: Date()) : nil)
    }

    /// The report formats asked for (checked before any work).
    func formats(output: String?) throws -> [ReportFormat] {
        try ReportOutput.parseFormats(format, hasOutput: output != nil)
    }

    /// Writes the reports, then the baseline when asked, of `result`.
    func finish(_ result: AuditRun, formats: [ReportFormat], baseline: String?, output: String?) throws {
        try ReportOutput.finish(result, formats: formats, output: output,
                                updateBaseline: updateBaseline ? baseline.map { ($0, displayPath($0)) } : nil, verbose: verbose)
    }
}
