import FontEngine
import Foundation
import TypeFitSupport

/// `typefit bench`'s whole-process figures: what a user times. A `typefit` executable is run as
/// `typefit measure FONT --text-file LINES --format json [--threads 1] > /dev/null` on a temporary
/// file of corpus lines, alternating with the C loop and uharfbuzz on the same lines, best of
/// `repeats` runs each. The C loop and uharfbuzz are timed two ways: in process (the C loop in
/// the bench's own process, `PlainHarfBuzzBaseline`; uharfbuzz's shaping loop timed inside
/// python), without any startup, and as whole processes like `typefit measure` (the C loop as
/// the `typefit-hb-loop` C program built beside `typefit`; `python3 scripts/bench_uharfbuzz.py`
/// with one repeat: interpreter start, import, reading the lines, the loop).
public enum ProcessBenchmark {
    /// Lines written to the temporary file (the first of the corpus), as the whole-process table measures them.
    public static let defaultLineCount = 20_000

    /// One font's figures (seconds; CPU = user + system time; nil = not measured: no
    /// `typefit-hb-loop` beside the executable, or no python3 with uharfbuzz).
    public struct Row: Sendable {
        public var label: String
        /// The C loop in the bench's process, one thread.
        public var cLoopWall: Double
        public var cLoopCPU: Double
        /// The C loop as its own process (`typefit-hb-loop`).
        public var cLoopProcessWall: Double?
        public var cLoopProcessCPU: Double?
        /// `typefit measure --threads 1`.
        public var oneThreadWall: Double
        public var oneThreadCPU: Double
        /// `typefit measure` with the default (or --threads) threads.
        public var allThreadsWall: Double
        public var allThreadsCPU: Double
        /// uharfbuzz lines/s (CPU time of its shaping loop inside python).
        public var uharfbuzzRate: Double?
        /// uharfbuzz as a whole `python3` process (CPU).
        public var uharfbuzzProcessCPU: Double?

        public init(label: String, cLoopWall: Double, cLoopCPU: Double, cLoopProcessWall: Double?, cLoopProcessCPU: Double?,
                    oneThreadWall: Double, oneThreadCPU: Double, allThreadsWall: Double, allThreadsCPU: Double,
                    uharfbuzzRate: Double?, uharfbuzzProcessCPU: Double?) {
            self.label = label
            self.cLoopWall = cLoopWall
            self.cLoopCPU = cLoopCPU
            self.cLoopProcessWall = cLoopProcessWall
            self.cLoopProcessCPU = cLoopProcessCPU
            self.oneThreadWall = oneThreadWall
            self.oneThreadCPU = oneThreadCPU
            self.allThreadsWall = allThreadsWall
            self.allThreadsCPU = allThreadsCPU
            self.uharfbuzzRate = uharfbuzzRate
            self.uharfbuzzProcessCPU = uharfbuzzProcessCPU
        }
    }

    /// The `typefit-hb-loop` program built beside `executable` (same build folder), if any.
    public static func cLoopProgram(besides executable: String) -> String? {
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("typefit-hb-loop").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs the measurements and returns the tables' text. `executable` is the `typefit` binary
    /// measured; `cLoopProgram` the C loop program (nil: that column reads n/a).
    public static func run(executable: String, cLoopProgram: String?, lines allLines: [String], fonts: [Benchmark.FontSpec], threads: Int,
                           repeats: Int, lineCount: Int = defaultLineCount, uharfbuzzScript: String?,
                           progress: (String) -> Void = { _ in }) throws -> String {
        let lines = Array(allLines.prefix(lineCount))
        let packed = PackedLines(lines)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-lines-\(getpid()).txt")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
        defer { try? FileManager.default.removeItem(at: file) }
        let threadCount = threads > 0 ? threads : Processors.available
        var rows: [Row] = []
        for spec in fonts {
            progress("bench: whole process, \(spec.label)")
            let baseline = try PlainHarfBuzzBaseline(path: spec.path, faceIndex: spec.faceIndex)
            let expected = baseline.shapeAll(packed)
            var arguments = ["measure", spec.path, "--text-file", file.path, "--format", "json"]
            if spec.faceIndex != 0 { arguments += ["--face-index", String(spec.faceIndex)] }
            let loopArguments = [spec.path, String(spec.faceIndex), file.path]
            let uhbArguments = uharfbuzzScript.map { [$0, spec.path, String(spec.faceIndex), file.path, "1"] }
            var c = Benchmark.Timing.worst, cProcess = Benchmark.Timing.worst, uhbProcess = Benchmark.Timing.worst
            var one = Benchmark.Timing.worst, all = Benchmark.Timing.worst
            var uhbRuns = uhbArguments != nil
            for _ in 0..<repeats {
                c = c.best(Benchmark.Timing.measure { _ = baseline.shapeAll(packed) })
                if let cLoopProgram {
                    let (t, out) = try timeProcess(cLoopProgram, loopArguments, output: true)
                    // The same loop over the same lines: the same sum of advances, or the file was read differently.
                    guard Int64(out.trimmingCharacters(in: .whitespacesAndNewlines)) == expected else {
                        throw ProcessBenchmarkError(message: "\(cLoopProgram): advance sum \(out.trimmingCharacters(in: .whitespacesAndNewlines)), the in-process loop's is \(expected)")
                    }
                    cProcess = cProcess.best(t)
                }
                one = one.best(try timeProcess(executable, arguments + ["--threads", "1"]).timing)
                all = all.best(try timeProcess(executable, arguments + (threads > 0 ? ["--threads", String(threads)] : [])).timing)
                if uhbRuns, let uhbArguments {
                    if let t = try? timeProcess("/usr/bin/env", ["python3"] + uhbArguments).timing { uhbProcess = uhbProcess.best(t) } else { uhbRuns = false }
                }
            }
            let uhb = uharfbuzzScript.flatMap { Benchmark.uharfbuzzRate(script: $0, font: spec, lines: lines, repeats: repeats) }
            rows.append(Row(label: spec.label, cLoopWall: c.wall, cLoopCPU: c.cpu,
                            cLoopProcessWall: cLoopProgram == nil ? nil : cProcess.wall, cLoopProcessCPU: cLoopProgram == nil ? nil : cProcess.cpu,
                            oneThreadWall: one.wall, oneThreadCPU: one.cpu, allThreadsWall: all.wall, allThreadsCPU: all.cpu,
                            uharfbuzzRate: uhb, uharfbuzzProcessCPU: uhbRuns ? uhbProcess.cpu : nil))
        }
        return report(rows, lines: lines.count, threads: threadCount, defaultThreads: threads == 0,
                      command: "typefit measure FONT --text-file LINES --format json [--threads 1] > /dev/null")
    }

    /// The two tables (seconds, then ratios with their geometric means).
    static func report(_ rows: [Row], lines: Int, threads: Int, defaultThreads: Bool, command: String) -> String {
        let n = Double(lines)
        func seconds(_ s: Double?) -> String { s.map { String(format: "%.3f", $0) } ?? "n/a" }
        func geometricMean(_ values: [Double]) -> Double { exp(values.map(log).reduce(0, +) / Double(max(1, values.count))) }
        let many = defaultThreads ? "default (\(threads) threads)" : "--threads \(threads)"
        let times: [[String]] = rows.map { r in
            [r.label, seconds(r.cLoopCPU), seconds(r.cLoopProcessCPU) + " / " + seconds(r.cLoopProcessWall),
             seconds(r.uharfbuzzRate.map { n / $0 }), seconds(r.uharfbuzzProcessCPU),
             seconds(r.oneThreadCPU) + " / " + seconds(r.oneThreadWall), seconds(r.allThreadsCPU) + " / " + seconds(r.allThreadsWall)]
        }
        // typefit's speed ÷ theirs: their time ÷ typefit's (CPU for one thread, wall for several).
        let ratios: [(String, (Row) -> Double?)] = [
            ("1 thread × C loop in process (CPU)", { $0.cLoopCPU / $0.oneThreadCPU }),
            ("1 thread × C loop process (CPU)", { r in r.cLoopProcessCPU.map { $0 / r.oneThreadCPU } }),
            ("\(many) × C loop in process (wall)", { $0.cLoopWall / $0.allThreadsWall }),
            ("\(many) × C loop process (wall)", { r in r.cLoopProcessWall.map { $0 / r.allThreadsWall } }),
            ("1 thread × uharfbuzz in process (CPU)", { r in r.uharfbuzzRate.map { n / $0 / r.oneThreadCPU } }),
            ("1 thread × uharfbuzz process (CPU)", { r in r.uharfbuzzProcessCPU.map { $0 / r.oneThreadCPU } }),
        ]
        var ratioRows: [[String]] = rows.map { r in [r.label] + ratios.map { $0.1(r).map(Benchmark.ratio) ?? "n/a" } }
        if rows.count > 1 {
            ratioRows.append(["geometric mean"] + ratios.map { column in
                let values = rows.compactMap(column.1)
                return values.count == rows.count ? Benchmark.ratio(geometricMean(values)) : "n/a"
            })
        }
        var out = "\nWhole process (what a user times): \(command), on the first \(lines) corpus lines, best of each, alternating.\n"
        out += "C loop in process = the C baseline in this process (no startup); C loop process = the same loop as the typefit-hb-loop "
        out += "program reading the same file; uharfbuzz in process = its shaping loop timed inside python; uharfbuzz process = "
        out += "python3 scripts/bench_uharfbuzz.py … 1 as a whole. CPU = user + system time; on a shared machine compare CPU for one thread.\n"
        out += "Seconds (CPU / wall):\n"
        out += Benchmark.table(header: ["font", "C loop in process CPU", "C loop process", "uharfbuzz in process CPU", "uharfbuzz process CPU",
                                        "typefit --threads 1", "typefit \(many)"], rows: times)
        out += "typefit's speed ÷ theirs (targets: ≥ 1.5× the C loop on 1 thread, ≥ 2.7× with the default threads on 2 cores, "
        out += "≥ 1.5× uharfbuzz on 1 thread; judged on the in-process columns, the stricter ones):\n"
        out += Benchmark.table(header: ["font"] + ratios.map(\.0), rows: ratioRows)
        return out
    }

    /// Runs `executable arguments…` (see `run(_:_:output:accepting:)`); returns the wall and CPU
    /// time and, with `output`, what it printed.
    static func timeProcess(_ executable: String, _ arguments: [String], output: Bool = false) throws -> (timing: Benchmark.Timing, output: String) {
        let child = try run(executable, arguments, output: output)
        return (child.timing, child.output)
    }

    /// One child process as `run` saw it: wall and CPU time, peak resident memory (the child's
    /// own `ru_maxrss`), exit status and, when asked, its standard output.
    struct Child {
        var timing: Benchmark.Timing
        var peakResidentMegabytes: Double
        var status: Int32
        var output: String
    }

    /// Runs `executable arguments…` with stdout to /dev/null (or, with `output`, to a temporary
    /// file read afterwards) and stderr to a temporary file; returns the wall time and the
    /// child's CPU time. Timed as a shell's `time` does: `posix_spawn` then `wait4` for that
    /// child, the wall clock read just before the spawn and just after the child is reaped, CPU =
    /// the child's own rusage (user + system). Foundation's `Process.waitUntilExit` is not used:
    /// on Linux it polls its run loop, which adds tens of milliseconds to a child's wall time.
    /// Wall time follows the machine's load; compare CPU on a shared machine. No pipes: the
    /// child never waits for us to read.
    /// Throws when the child cannot be started or exits with a status not in `accepting` (with its
    /// first stderr line).
    static func run(_ executable: String, _ arguments: [String], output: Bool = false, accepting: Set<Int32> = [0]) throws -> Child {
        let folder = FileManager.default.temporaryDirectory.path
        func temporaryFile(_ name: String) throws -> Int32 {
            var template = Array("\(folder)/typefit-bench-\(name)-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw ProcessBenchmarkError(message: "\(folder): cannot create a temporary file: \(String(cString: strerror(errno)))") }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }  // gone once closed
            return fd
        }
        let outFD = output ? try temporaryFile("out") : open("/dev/null", O_WRONLY)
        defer { close(outFD) }
        let errFD = try temporaryFile("err")
        defer { close(errFD) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        // argv and the environment as C strings, made before the clock starts.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        var usage = rusage()
        var status: Int32 = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ProcessBenchmarkError(message: "\(executable): cannot start: \(String(cString: strerror(spawned)))")
        }
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        func contents(_ fd: Int32) -> String {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            lseek(fd, 0, SEEK_SET)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Exited normally with an accepted status (WIFEXITED and WEXITSTATUS, which Swift does not import).
        guard status & 0x7F == 0, accepting.contains((status >> 8) & 0xFF) else {
            let code = status & 0x7F == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(status & 0x7F)"
            let line = contents(errFD).split(separator: "\n").first.map(String.init) ?? code
            throw ProcessBenchmarkError(message: "\(executable) \(arguments.joined(separator: " ")): \(line)")
        }
        return Child(timing: Benchmark.Timing(wall: wall, cpu: cpu), peakResidentMegabytes: Double(usage.ru_maxrss) / 1024,
                     status: (status >> 8) & 0xFF, output: output ? contents(outFD) : "")
    }
}

/// A whole-process run that failed (one line).
public struct ProcessBenchmarkError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
