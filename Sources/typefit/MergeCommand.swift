import ArgumentParser
import Audit
import Foundation
import Reports
import TypeFit
import TypeFitSupport

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the parts of a sharded audit (`typefit audit --shard I/N`) into its reports.",
        discussion: """
        Checks that the parts belong together (one config digest and TypeFit version, every shard 1…N given once), loads the config the parts name (from the current folder, else from the folder the shards ran in; --config to give it elsewhere), groups the findings of all parts, runs the style, string and font checks once, applies the baseline once (--baseline, else typefit-baseline.json beside the config when it exists, as `typefit audit CONFIG` does; a --baseline that does not exist yet is a first run: one line says so and every group is new) and writes the reports the unsharded `typefit audit` writes (report.json byte for byte), from any folder: paths are shown from the folder the shards ran in. A missing, repeated or foreign part is an error (exit 2) and nothing is written.

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

    @Option(help: "The config the parts were audited with. Default: the path the parts name (from the current folder, else the shards' folder).")
    var config: String?

    @Option(help: "Folder for report files (created if needed).")
    var output: String?

    @OptionGroup var report: ReportOptions

    func run() throws {
        guard !parts.isEmpty else { throw ValidationError("give the part folders to merge, e.g. typefit merge part-1 part-2 --output Reports") }
        let formats = try report.formats(output: output)
        let input = try MergeInput.read(partPaths: parts, configPath: config)
        // As `typefit audit CONFIG`: the baseline beside the config unless --baseline gives one
        // (none with --no-baseline).
        var baseline = try report.baselinePath(report.baseline)
        if report.noBaseline {
            baseline = nil
        } else if baseline == nil {
            let beside = input.defaultBaseline
            if report.updateBaseline || FileManager.default.fileExists(atPath: beside) { baseline = displayPath(beside) }
        } else if let given = baseline, !report.updateBaseline, !FileManager.default.fileExists(atPath: given) {
            // A first run: there is no baseline yet, so every group is new (not an error).
            writeMessage("--baseline \(given): no such file yet; every group is new (write it with --update-baseline)")
            baseline = nil
        }
        try report.checkBaseline(baseline, output: output)
        let result = try TypeFit.merge(input, options: report.auditOptions(baseline: baseline))
        try report.finish(result, formats: formats, baseline: baseline, output: output)
    }
}
