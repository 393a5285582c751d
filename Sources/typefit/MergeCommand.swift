import ArgumentParser
import Audit
import Foundation
import Reports
import TypeFit

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the parts of a sharded audit (`typefit audit --shard I/N`) into its reports.",
        discussion: """
        Checks that the parts belong together (one config digest and TypeFit version, every shard 1…N given once), loads the config the parts name (from the current folder, as the shards did; --config to give it elsewhere), groups the findings of all parts, runs the style, string and font checks once, applies the baseline once and writes the reports the unsharded `typefit audit` writes (report.json byte for byte). A missing, repeated or foreign part is an error (exit 2) and nothing is written.

        Exit codes:
          0  no new finding at or above --fail-on
          1  failing findings (new or worse finding groups at or above --fail-on)
          2  bad input or usage (a bad part set, a changed config, a bad option)

        Examples:
          typefit audit typefit.yml --shard 1/2 --output part-1 --threads 1
          typefit audit typefit.yml --shard 2/2 --output part-2 --threads 1
          typefit merge part-1 part-2 --output Reports --baseline typefit-baseline.json
          typefit merge parts/* --output Reports --baseline b.json --update-baseline
        """)

    @Argument(help: "The part folders (or their typefit-part.json) written by `typefit audit --shard`.")
    var parts: [String] = []

    @Option(help: "The config the parts were audited with. Default: the path the parts name.")
    var config: String?

    @Option(help: "Folder for report files (created if needed).")
    var output: String?

    @Option(help: "Comma-separated formats: terminal, json, markdown, html, junit, sarif, github. Default: all files in --output, plus terminal.")
    var format: String?

    @Option(help: "Baseline file: only finding groups not in it, or worse than it, fail the run.")
    var baseline: String?

    @Flag(help: "Write the baseline file (--baseline) from the merged run's groups, after the reports.")
    var updateBaseline = false

    @Option(help: "Fail on new findings at or above this severity: error, warning or info.")
    var failOn: Severity?

    @Flag(help: "Put the current time in the reports (off by default so reports are deterministic).")
    var timestamp = false

    func run() throws {
        guard !parts.isEmpty else { throw ValidationError("give the part folders to merge, e.g. typefit merge part-1 part-2 --output Reports") }
        if updateBaseline && baseline == nil {
            throw ValidationError("--update-baseline needs --baseline FILE (the file to write)")
        }
        if let b = baseline, !updateBaseline, !FileManager.default.fileExists(atPath: b) {
            throw ValidationError("--baseline \(b): no such file (create it with --update-baseline)")
        }
        if updateBaseline, let b = baseline, let output { try AuditOutput.checkBaseline(b, outsideOf: output) }
        let formats = try ReportOutput.parseFormats(format, hasOutput: output != nil)
        let options = AuditOptions(baselinePath: updateBaseline ? nil : baseline.map(displayPath), failOn: failOn,
                                   timestamp: timestamp ? ISO8601DateFormatter().string(from: Date()) : nil)
        let result = try TypeFit.merge(partPaths: parts, configPath: config, options: options)
        try ReportOutput.finish(result, formats: formats, output: output,
                                updateBaseline: updateBaseline ? baseline.map { ($0, displayPath($0)) } : nil)
    }
}
