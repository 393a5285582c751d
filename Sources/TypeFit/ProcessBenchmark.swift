import FontEngine
import Foundation

/// `typefit bench`'s whole-process figure: what a user times. The executable itself is run as
/// `typefit measure FONT --text-file LINES --format json [--threads 1] > /dev/null` on a temporary
/// file of corpus lines, alternating with the C loop (`PlainHarfBuzzBaseline`, in this process,
/// one thread) on the same lines and with uharfbuzz (when installed), best of `repeats` runs each.
public enum ProcessBenchmark {
    /// Lines written to the temporary file (the first of the corpus), as in issue 14's measurement.
    public static let defaultLineCount = 20_000

    /// One font's figures (seconds; `cpu` = user + system time of the child process).
    public struct Row: Sendable {
        public var label: String
        /// The C loop's wall and CPU time (in this process, one thread).
        public var cLoop: Double
        public var cLoopCPU: Double
        public var oneThreadWall: Double
        public var oneThreadCPU: Double
        public var allThreadsWall: Double
        /// uharfbuzz lines/s (process CPU time of its shaping loop), nil when not installed.
        public var uharfbuzzRate: Double?
    }

    /// Runs the measurements and returns the table text. `executable` is this `typefit` binary.
    public static func run(executable: String, lines allLines: [String], fonts: [Benchmark.FontSpec], threads: Int, repeats: Int,
                           lineCount: Int = defaultLineCount, uharfbuzzScript: String?,
                           progress: (String) -> Void = { _ in }) throws -> String {
        let lines = Array(allLines.prefix(lineCount))
        let packed = PackedLines(lines)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-lines-\(getpid()).txt")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
        defer { try? FileManager.default.removeItem(at: file) }
        let threadCount = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        var rows: [Row] = []
        for spec in fonts {
            progress("bench: whole process, \(spec.label)")
            let baseline = try PlainHarfBuzzBaseline(path: spec.path, faceIndex: spec.faceIndex)
            var arguments = ["measure", spec.path, "--text-file", file.path, "--format", "json"]
            if spec.faceIndex != 0 { arguments += ["--face-index", String(spec.faceIndex)] }
            var c = Benchmark.Timing.worst, one = Benchmark.Timing.worst, all = Benchmark.Timing.worst
            for _ in 0..<repeats {
                c = c.best(Benchmark.Timing.measure { _ = baseline.shapeAll(packed) })
                one = one.best(try timeProcess(executable, arguments + ["--threads", "1"]))
                all = all.best(try timeProcess(executable, arguments + (threads > 0 ? ["--threads", String(threads)] : [])))
            }
            let uhb = uharfbuzzScript.flatMap { Benchmark.uharfbuzzRate(script: $0, font: spec, lines: lines, repeats: repeats) }
            rows.append(Row(label: spec.label, cLoop: c.wall, cLoopCPU: c.cpu, oneThreadWall: one.wall, oneThreadCPU: one.cpu, allThreadsWall: all.wall,
                            uharfbuzzRate: uhb))
        }
        return report(rows, lines: lines.count, threads: threadCount, defaultThreads: threads == 0,
                      command: "typefit measure FONT --text-file LINES --format json [--threads 1] > /dev/null")
    }

    /// The table, with geometric means of the ratios.
    static func report(_ rows: [Row], lines: Int, threads: Int, defaultThreads: Bool, command: String) -> String {
        let n = Double(lines)
        var table: [[String]] = rows.map { r in
            [r.label, String(format: "%.3f s", r.cLoopCPU), String(format: "%.3f s", r.oneThreadCPU), Benchmark.ratio(r.cLoopCPU / r.oneThreadCPU),
             String(format: "%.3f / %.3f s", r.cLoop, r.oneThreadWall), Benchmark.ratio(r.cLoop / r.oneThreadWall),
             String(format: "%.3f s", r.allThreadsWall), Benchmark.ratio(r.cLoop / r.allThreadsWall),
             r.uharfbuzzRate.map { Benchmark.ratio(n / r.oneThreadCPU / $0) + " (" + Benchmark.kilo($0) + ")" } ?? "n/a"]
        }
        func geometricMean(_ values: [Double]) -> Double { exp(values.map(log).reduce(0, +) / Double(max(1, values.count))) }
        if rows.count > 1 {
            let uhb = rows.compactMap { r in r.uharfbuzzRate.map { n / r.oneThreadCPU / $0 } }
            table.append(["geometric mean", "", "", Benchmark.ratio(geometricMean(rows.map { $0.cLoopCPU / $0.oneThreadCPU })),
                          "", Benchmark.ratio(geometricMean(rows.map { $0.cLoop / $0.oneThreadWall })),
                          "", Benchmark.ratio(geometricMean(rows.map { $0.cLoop / $0.allThreadsWall })),
                          uhb.count == rows.count ? Benchmark.ratio(geometricMean(uhb)) : "n/a"])
        }
        var out = "\nWhole process (what a user times): \(command), on the first \(lines) corpus lines;\n"
        out += "C loop = the C baseline in this process, one thread, same lines, alternating with the process runs, best of each. "
        out += "CPU = the process's user + system time (the C loop's: its own); on a shared machine compare CPU for one thread.\n"
        out += Benchmark.table(header: ["font", "C loop CPU", "--threads 1 CPU", "× C loop", "C loop / --threads 1 wall", "× C loop",
                                        defaultThreads ? "default (\(threads) threads) wall" : "--threads \(threads) wall", "× C loop wall",
                                        "1 thread × uharfbuzz (uhb lines/s)"], rows: table)
        return out
    }

    /// Runs `executable arguments…` with stdout to /dev/null; wall time and the child's CPU time.
    /// Throws when it exits non-zero (with its first stderr line).
    static func timeProcess(_ executable: String, _ arguments: [String]) throws -> Benchmark.Timing {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let err = Pipe()
        process.standardError = err
        let before = childCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard process.terminationStatus == 0 else {
            let line = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
            throw ProcessBenchmarkError(message: "\(executable) \(arguments.joined(separator: " ")): \(line)")
        }
        return Benchmark.Timing(wall: wall, cpu: childCPUSeconds() - before)
    }

    /// User + system seconds of all waited-for children (getrusage RUSAGE_CHILDREN).
    static func childCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// A whole-process run that failed (one line).
public struct ProcessBenchmarkError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
