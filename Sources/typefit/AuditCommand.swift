import ArgumentParser
import Audit
import Foundation
import Reports
import TypeFit
import TypeFitSupport

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit text styles, fonts, screens and localized strings at every Dynamic Type size.",
        discussion: """
        Lays out every screen of the config on every device, locale and content size category with \
        the real fonts and strings, runs the checks (`typefit checks`) and writes reports.

        `typefit audit CONFIG` writes the reports into Reports and compares with typefit-baseline.json \
        (when that file exists; the first --update-baseline creates it), both in CONFIG's folder: what \
        `typefit audit` run in that folder does. With no CONFIG it audits ./typefit.yml (or ./typefit.yaml, \
        ./typefit.json) that way. Where there is none it exits 2 (`typefit init` writes one), except in \
        TypeFit's own checkout, where it audits the bundled example (Examples/Wayfell/typefit.yml) into its \
        Reports/ against the committed baseline. --bundled-example audits the example from any folder: \
        outside the checkout to the terminal only, writing nothing into it.

        HTML pages listed under `webViews:` are rendered in one headless Chromium (on PATH, or the \
        executable in TYPEFIT_CHROMIUM) at every device width and category (docs/web.md).

        Exit codes:
          0  no new finding at or above --fail-on (default: checks.failOn, else error)
          1  failing findings (new or worse finding groups at or above --fail-on)
          2  bad input or usage (unreadable config, font or strings; bad option)

        Examples:
          typefit audit                 # ./typefit.yml into ./Reports, against ./typefit-baseline.json
          typefit audit app/typefit.yml # the same as `cd app && typefit audit`
          typefit audit --update-baseline   # accept today's findings: writes ./typefit-baseline.json
          typefit audit typefit.yml --output reports --format html,sarif,junit
          typefit audit Examples/Web/typefit.yml --output /tmp/web --format html

        Sharded across a CI matrix (`typefit merge` joins the parts into the same reports):
          typefit audit typefit.yml --shard 1/3 --output part-1 --threads 1
          typefit merge part-1 part-2 part-3 --output Reports --baseline typefit-baseline.json
        """)

    @Argument(help: "The typefit.yml (or .json) to audit. Default: ./typefit.yml (.yaml, .json); in TypeFit's checkout, the bundled example.")
    var config: String?

    @Flag(help: "Audit the bundled example (Examples/Wayfell) of the checkout holding this executable, from any folder.")
    var bundledExample = false

    @Option(help: "Folder for report files (created if needed). Default: Reports in CONFIG's folder (see above).")
    var output: String?

    @OptionGroup var report: ReportOptions

    @Flag(help: "No progress bar.")
    var noProgress = false

    @Option(help: "Threads to lay out with (default: every core the process may use). Reports do not depend on it.")
    var threads: Int?

    @Option(help: ArgumentHelp("Audit only share I of N of the units (screen × locale, dealt by estimated cost) and write a part to --output for `typefit merge`. No baseline or reports here.", valueName: "I/N"))
    var shard: String?

    func run() throws {
        // `typefit audit CONFIG` is `typefit audit` in CONFIG's folder: its Reports and baseline.
        if bundledExample, config != nil { throw ValidationError("--bundled-example audits the bundled example: give no CONFIG with it") }
        let target = try config.map { DefaultAuditTarget.beside(config: $0) } ?? DefaultAuditTarget.resolve(bundledExample: bundledExample)
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let shardText = shard {
            // A part: only what the command line says (no default reports or baseline).
            try runShard(shardText, configPath: displayPath(target.config))
            return
        }
        if report.updateBaseline && report.baseline == nil && !target.baselineWritable {
            throw ValidationError("--update-baseline would write into the bundled example in the tool's checkout; pass --baseline FILE")
        }
        let configPath = displayPath(target.config)
        // What the command line does not name is written and read inside the repository only (the
        // config's folder): a `Reports` or baseline link committed to lead elsewhere is not followed.
        let configFolder = (target.config as NSString).deletingLastPathComponent
        let boundary = RepositoryBoundary(root: target.repository ?? (configFolder.isEmpty ? "." : configFolder))
        if self.output == nil, let folder = target.output, let escape = boundary.writeEscape(folder) {
            throw CLIError(message: "\(quotedInput(displayPath(folder))): \(escape.writeDescription); pass --output DIR to write the reports there")
        }
        let output = output ?? target.output
        var baseline = try report.baselinePath(target.baseline(given: report.baseline, updating: report.updateBaseline))
        if report.baseline == nil, let path = baseline {
            if report.updateBaseline, let escape = boundary.writeEscape(path) {
                throw CLIError(message: "\(quotedInput(displayPath(path))): \(escape.writeDescription); pass --baseline FILE to write it there")
            }
            if let escape = boundary.escape(path) {
                writeMessage("\(displayPath(path)): \(escape); audited without a baseline")
                baseline = nil
            }
        }
        let note = target.note
        let formats = try report.formats(output: output)
        let progress = ProgressBar.make(enabled: !noProgress)
        var options = report.auditOptions(baseline: baseline)
        options.configDisplayPath = displayPath(configPath)
        options.threads = threads
        if let progress {
            options.progress = { done, total in progress.update(done, total) }
        }
        try report.checkBaseline(baseline, output: output)
        if let note { writeMessage("\(note)") }  // after the option checks: an error stays one line
        let result = try TypeFit.audit(configPath: configPath, options: options)
        progress?.finish()
        try report.finish(result, formats: formats, baseline: baseline, output: output)
    }

    /// `--shard I/N`: audits the shard's units and writes its part.
    private func runShard(_ text: String, configPath: String) throws {
        guard let shard = Shard(parsing: text) else {
            throw ValidationError("--shard \(quotedInput(text)): expected I/N with 1 ≤ I ≤ N ≤ \(Shard.maxCount), e.g. --shard 2/4")
        }
        guard let output = self.output else { throw ValidationError("--shard needs --output DIR (the folder the part is written to)") }
        if report.baseline != nil || report.updateBaseline || report.noBaseline || report.format != nil || report.timestamp || report.failOn != nil {
            throw ValidationError("--shard writes a part, not reports: give --baseline, --update-baseline, --format, --fail-on and --timestamp to `typefit merge`")
        }
        let progress = ProgressBar.make(enabled: !noProgress)
        var options = AuditOptions(configDisplayPath: displayPath(configPath), threads: threads)
        if let progress { options.progress = { done, total in progress.update(done, total) } }
        let pipeline = try AuditPipeline(plan: AuditPlan.load(path: configPath), options: options)
        let part = try pipeline.runShard(shard)
        progress?.finish()
        for diagnostic in pipeline.plan.diagnostics { writeMessage("\(diagnostic)") }
        let file = try part.write(to: output)
        writeMessage("shard \(shard): \(part.units.count) of \(part.unitCount) units (estimated cost \(part.cost)) in \(file)")
    }
}

/// What `audit` and `merge` do with a run: the baseline update, the report set, the terminal and
/// GitHub output, the exit code. One path for both.
enum ReportOutput {
    /// - Parameter updateBaseline: (path to write, path reports show) when the run's groups become the baseline.
    static func finish(_ run: AuditRun, formats: [ReportFormat], output: String?,
                       updateBaseline: (path: String, display: String)?, verbose: Bool = false) throws {
        var result = run
        // --update-baseline: the run's groups become the baseline; the reports show the run against it.
        // The baseline is written only after the reports were.
        var newBaseline: (Baseline, path: String)?
        if let b = updateBaseline {
            let made = Baseline(groups: result.document.groups, toolVersion: TypeFitVersion.string)
            result.document = ReportAssembler.applying((made, path: b.display), to: result.document)
            result.exitCode = result.document.exitCode
            newBaseline = (made, path: b.path)
        }
        for warning in result.warnings { writeMessage("\(warning)") }
        // Normalized once here for every writer (each would otherwise normalize it again).
        let document = result.document.normalized()
        // The terminal summary is rendered while the report files are written (it is printed after
        // them, as before): on a large audit it was a serial step of its own at the end.
        let colors = TerminalStyle.shouldUseColors(environment: ProcessInfo.processInfo.environment,
                                                   isTTY: isatty(STDOUT_FILENO) != 0)
        let fontData = result.fontData, baseline = newBaseline
        let terminal = try WorkerPool(threads: 2).map(2) { _, job -> String? in
            if job == 1 { return formats.contains(.terminal) ? TerminalReporter.render(document, colors: colors, verbose: verbose, normalized: true) : nil }
            try AuditOutput.write(document, formats: Set(formats), to: output, fontData: fontData, baseline: baseline, normalized: true)
            return nil
        }[1]
        if let (made, path) = newBaseline {
            writeMessage("wrote \(made.groups.count) groups to the baseline \(path)")
        }
        if let terminal { writeStdout(terminal, terminator: "") }
        let env = ProcessInfo.processInfo.environment
        if formats.contains(.github) || GitHubAnnotations.isRunningInActions(environment: env) {
            writeStdout(GitHubAnnotations.render(document), terminator: "")
        }
        if let output, formats.contains(where: { $0.fileName != nil }) {
            writeMessage("reports in \(output)")
        }
        // The process ends next: the run's groups, occurrences and strings (hundreds of thousands
        // of objects on a large audit) are kept rather than freed one by one on the way out.
        keptUntilExit = (result, document)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    /// The last run written (see the end of `finish`).
    nonisolated(unsafe) private static var keptUntilExit: (AuditRun, ReportDocument)?

    static func parseFormats(_ text: String?, hasOutput: Bool) throws -> [ReportFormat] {
        guard let text else {
            return hasOutput ? ReportFormat.allCases.filter { $0 != .github } : [.terminal]
        }
        return try text.split(separator: ",").map { part in
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let f = ReportFormat(rawValue: name) else {
                throw ValidationError("--format: unknown format '\(name)'; valid: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if f.fileName != nil && !hasOutput {
                throw ValidationError("--format \(name) writes a file: give --output DIR")
            }
            return f
        }
    }
}

extension Severity: ExpressibleByArgument {}

/// A progress bar on stderr, only on a terminal and only once a run has taken a second.
final class ProgressBar: @unchecked Sendable {
    private let start = Date()
    private var shown = false
    private var lastDraw = Date.distantPast

    static func make(enabled: Bool) -> ProgressBar? {
        guard enabled, isatty(STDERR_FILENO) != 0, ProcessInfo.processInfo.environment["CI"] == nil else { return nil }
        return ProgressBar()
    }

    func update(_ done: Int, _ total: Int) {
        let now = Date()
        guard now.timeIntervalSince(start) > 1, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        shown = true
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        writeStderr("\r\(bar) \(done)/\(total) layouts")
    }

    func finish() {
        if shown { writeStderr("\r\u{1B}[K") }
    }
}
