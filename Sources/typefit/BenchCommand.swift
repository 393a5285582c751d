import ArgumentParser
import FontEngine
import Foundation
import TypeFit
import TypeFitSupport

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark measuring against plain HarfBuzz on a real strings corpus (build with -c release).",
        discussion: """
        Prints one table: the C baseline (hb_shape once per line, reused buffer), TypeFit's fast path \
        (lines/s, widths at all 12 sizes) on one thread and on all cores, the uharfbuzz ratio (when python3 \
        and uharfbuzz are installed), the full audit (labels × 11 text styles × 12 categories × 3 devices, \
        wrapping included), lines/s at 5k/10k/20k/all lines and peak memory. --verify instead compares the \
        fast path with whole-line shaping on every line in every bundled font and exits 1 on any difference.

        Then, when the corpus has a home-assistant-ios/ folder, the whole-app audit: a typefit.yml \
        written at run time (every key × every locale of that app, one label per row in 20-row \
        screens, headline 1 line / body unlimited / subheadline 2 lines / footnote 3 lines in the \
        bundled Inter with Noto fallbacks, iPhone SE (1st generation) and iPhone 16, all 12 \
        categories) audited by a child `typefit audit` into a temporary folder. It prints the wall \
        time against a C loop calling hb_shape once per translated text, the child's peak RSS, the \
        size of all reports, the terminal lines, and the audit's stages alone in process. \
        --whole-app runs only that part; --audit-with PATH runs another typefit for it.

        Before it, the whole-process table: `typefit measure FONT --text-file LINES --format json` \
        (--threads 1 and the default threads) as a child process on the first 20,000 corpus lines, \
        beside the C loop in this process and as its own process (typefit-hb-loop, built beside \
        typefit), and uharfbuzz in process and as a whole python3 process. --whole-process runs only \
        that table; --measure-with PATH measures another typefit (e.g. an older build) in it.

        --app DIR instead times what a user waits for in an app's repository: `typefit init` then \
        `typefit audit`, each a child process (wall, CPU, peak RSS), in a temporary copy (nothing is written \
        into DIR); with --ib-files N the copy is an app of N storyboards and XIBs made from DIR's iOS ones \
        (with their translations) copied into folders copy-1, copy-2, … (no Xcode project). No corpus needed.

        --whole-app --shards 2,4 instead times the whole-app audit split into shards (each shard and the unsharded run a child on one thread, one after another), the slowest shard and the merge (`typefit merge`), and compares the merged report.json with the unsharded one.

        The corpus is a folder of .strings/.stringsdict/.xcstrings files, read recursively: --corpus DIR, by \
        default ../shared/corpus (the project's reference corpus beside the checkout). Without one, bench \
        says so and exits 2; Examples/Wayfell/strings is a small corpus that ships with TypeFit.

        Examples:
          swift build -c release --scratch-path .build-release
          .build-release/release/typefit bench --corpus ../shared/corpus
          .build-release/release/typefit bench --corpus Examples/Wayfell/strings --verify
          .build-release/release/typefit bench --whole-process --corpus ../shared/corpus --threads 1
          .build-release/release/typefit bench --whole-app --corpus ../shared/corpus
          .build-release/release/typefit bench --whole-app --shards 2,4 --corpus ../shared/corpus
          .build-release/release/typefit bench --app ../shared/apps/netnewswire --ib-files 200 --threads 2
          .build-release/release/typefit bench --app ../shared/apps/home-assistant-ios --threads 2
        """
    )

    @Option(help: "Corpus folder: .strings/.stringsdict/.xcstrings files, read recursively (default: ../shared/corpus; e.g. --corpus Examples/Wayfell/strings).")
    var corpus: String?

    /// Where the corpus is looked for when --corpus is not given.
    static let defaultCorpus = "../shared/corpus"

    @Option(help: "Fonts to benchmark, comma-separated paths (default: bundled Inter-Regular.otf, Roboto-Regular.ttf, NotoSansArabic-Regular.ttf).")
    var fonts: String?

    @Option(help: "Threads for the parallel figures (default: every core the process may use).")
    var threads: Int = 0

    @Option(help: "Timed runs per figure; the best is kept.")
    var repeats: Int = 3

    @Option(name: .customLong("uharfbuzz-script"), help: "Python script for the uharfbuzz column (default: scripts/bench_uharfbuzz.py if present).")
    var uharfbuzzScript: String?

    @Flag(help: "Check the fast path against whole-line shaping on every corpus line in every bundled font.")
    var verify = false

    @Flag(help: "Run only the whole-app audit (needs CORPUS/home-assistant-ios).")
    var wholeApp = false

    @Flag(name: .customLong("whole-process"), help: "Run only the whole-process table (typefit measure as a process beside the C loop and uharfbuzz).")
    var wholeProcess = false

    @Option(name: .customLong("measure-with"), help: "The typefit executable the whole-process table runs (default: this one), e.g. an older build to compare with.")
    var measureWith: String?

    @Option(help: "The typefit executable the whole-app audit runs (default: this one), e.g. an older build to compare with.")
    var auditWith: String?

    @Option(help: "With --whole-app: instead, time the whole-app audit split into these shard counts (e.g. 2,4), each shard and the unsharded run on 1 thread, and the merge.")
    var shards: String?

    @Option(help: "Instead, time `typefit init` + `typefit audit` on a copy of this app repository (storyboards, XIBs, SwiftUI).")
    var app: String?

    @Option(name: .customLong("ib-files"), help: "With --app: audit an app of this many storyboards and XIBs made from the folder's iOS ones.")
    var ibFiles: Int?

    func run() throws {
        if let app {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: app, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw MeasureError(message: "\(app): no such folder (--app)")
            }
            if let ibFiles, ibFiles < 1 { throw MeasureError(message: "--ib-files must be ≥ 1") }
            let executable = auditWith ?? (executablePath() ?? CommandLine.arguments[0])
            let figures = try AppBenchmark.run(app: URL(fileURLWithPath: app).standardizedFileURL, ibFiles: ibFiles,
                                                 executable: executable, threads: threads > 0 ? threads : nil) {
                writeStderr($0 + "\n")
            }
            writeStdout(AppBenchmark.describe(figures), terminator: "")
            return
        }
        if ibFiles != nil { throw MeasureError(message: "--ib-files needs --app DIR") }
        let corpus = try Self.corpusFolder(corpus)
        guard threads >= 0, repeats >= 1 else { throw MeasureError(message: "--threads must be ≥ 0 and --repeats ≥ 1") }
        let fontsDirectory = FontCatalog.bundledFontsDirectory()
        let app = URL(fileURLWithPath: corpus).appendingPathComponent("home-assistant-ios")
        if wholeApp {
            guard FileManager.default.fileExists(atPath: app.path) else {
                throw MeasureError(message: "\(app.path): no such folder; --whole-app audits the strings of home-assistant-ios in the corpus (pass --corpus DIR)")
            }
            if let shards {
                let counts = shards.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !counts.isEmpty, counts.allSatisfy({ $0 >= 1 }) else { throw MeasureError(message: "--shards \(shards): expected counts like 2,4") }
                guard let fontsDirectory else { throw MeasureError(message: "Fonts/: bundled fonts folder not found (set TYPEFIT_FONTS)") }
                let executable = auditWith ?? (executablePath() ?? CommandLine.arguments[0])
                let figures = try ShardBenchmark.run(corpus: app, fonts: fontsDirectory, executable: executable,
                                                     shardCounts: counts) { writeStderr($0 + "\n") }
                writeStdout(ShardBenchmark.describe(figures), terminator: "")
                return
            }
            try runWholeApp(app, fonts: fontsDirectory)
            return
        }
        if verify {
            guard let fontsDirectory else { throw MeasureError(message: "Fonts/: bundled fonts folder not found (set TYPEFIT_FONTS)") }
            let lines = try Benchmark.corpusLines(at: URL(fileURLWithPath: corpus))
            let faces = Benchmark.bundledFaces(in: fontsDirectory)
            let result = try Benchmark.verify(lines: lines, fonts: faces, threads: threads)
            for m in result.mismatches.prefix(50) { writeStdout("\(m)") }
            writeStdout("verify: \(result.comparisons) comparisons (\(lines.count) lines × \(faces.count) faces), \(result.mismatches.count) differences")
            if !result.mismatches.isEmpty { throw ExitCode(1) }
            return
        }
        var specs: [Benchmark.FontSpec] = []
        if let fonts {
            for path in fonts.split(separator: ",").map(String.init) {
                guard FileManager.default.fileExists(atPath: path) else { throw MeasureError(message: "\(path): no such font file") }
                specs.append(.init(label: (path as NSString).lastPathComponent, path: path))
            }
        } else {
            guard let dir = fontsDirectory else { throw MeasureError(message: "Fonts/: bundled fonts folder not found (set TYPEFIT_FONTS)") }
            specs = [
                .init(label: "Inter Regular (CFF)", path: dir + "/Inter/Inter-Regular.otf"),
                .init(label: "Roboto Regular (TT, GPOS kern)", path: dir + "/Roboto/Roboto-Regular.ttf"),
                .init(label: "Noto Sans Arabic (script)", path: dir + "/Noto/NotoSansArabic-Regular.ttf"),
            ]
        }
        var script = uharfbuzzScript
        if script == nil, FileManager.default.fileExists(atPath: "scripts/bench_uharfbuzz.py") { script = "scripts/bench_uharfbuzz.py" }
        let options = Benchmark.Options(corpus: URL(fileURLWithPath: corpus), fonts: specs, threads: threads, repeats: repeats,
                                        uharfbuzzScript: script)
        if !wholeProcess {
            let output = try Benchmark.run(options) { writeStderr($0 + "\n") }
            writeStdout(output, terminator: "")
        }
        // The whole-process figures: `measure` on a lines file, beside the C loop and uharfbuzz.
        let this = (executablePath() ?? CommandLine.arguments[0])
        if let measureWith, !FileManager.default.isExecutableFile(atPath: measureWith) {
            throw MeasureError(message: "\(measureWith): no such executable (--measure-with)")
        }
        writeStdout(try ProcessBenchmark.run(executable: measureWith ?? this, cLoopProgram: ProcessBenchmark.cLoopProgram(besides: this),
                                       lines: Benchmark.corpusLines(at: options.corpus), fonts: specs, threads: threads,
                                       repeats: repeats, uharfbuzzScript: script) { writeStderr($0 + "\n") },
              terminator: "")
        if wholeProcess { return }
        if FileManager.default.fileExists(atPath: app.path) {
            writeStdout("")
            try runWholeApp(app, fonts: fontsDirectory)
        }
    }

    private func runWholeApp(_ app: URL, fonts: String?) throws {
        guard let fonts else { throw MeasureError(message: "Fonts/: bundled fonts folder not found (set TYPEFIT_FONTS)") }
        let executable = auditWith ?? (executablePath() ?? CommandLine.arguments[0])
        let figures = try WholeAppBenchmark.run(corpus: app, fonts: fonts, executable: executable,
                                                threads: threads > 0 ? threads : nil) {
            writeStderr($0 + "\n")
        }
        writeStdout(WholeAppBenchmark.describe(figures), terminator: "")
    }

    /// The corpus folder to read: `given` (from --corpus) or the default, with a one-line error that
    /// says what the benchmark needs when it is missing or holds no strings.
    static func corpusFolder(_ given: String?) throws -> String {
        let folder = given ?? defaultCorpus
        var isDirectory: ObjCBool = false
        let need = "a folder of .strings/.stringsdict/.xcstrings files (read recursively)"
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            if given == nil {
                throw MeasureError(message: "bench needs a strings corpus: \(folder) (the default) does not exist; pass --corpus DIR, \(need), e.g. --corpus Examples/Wayfell/strings")
            }
            throw MeasureError(message: "\(folder): no such corpus folder (--corpus needs \(need))")
        }
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        if !files.contains(where: { ["strings", "stringsdict", "xcstrings"].contains(($0 as NSString).pathExtension) }) {
            throw MeasureError(message: "\(folder): no strings found in the corpus folder (--corpus needs \(need))")
        }
        return folder
    }
}
