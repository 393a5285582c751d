import Foundation
import TestSupport
import Testing
@testable import TypeFit

/// The whole-process tables of `typefit bench` (figures are printed by the benchmark, never timed
/// here): ratios and geometric means from hand-made timings, and a real child process timed.
@Suite struct ProcessBenchmarkTests {
    static func row(_ label: String, one: Double, all: Double) -> ProcessBenchmark.Row {
        // C loop 0.2 s in process, 0.3 s as a process; uharfbuzz 100k lines/s in process, 0.4 s as a process.
        ProcessBenchmark.Row(label: label, cLoopWall: 0.2, cLoopCPU: 0.2, cLoopProcessWall: 0.3, cLoopProcessCPU: 0.3,
                             oneThreadWall: one, oneThreadCPU: one, allThreadsWall: all, allThreadsCPU: one,
                             uharfbuzzRate: 100_000, uharfbuzzProcessCPU: 0.4)
    }

    @Test func ratiosAndGeometricMeans() {
        // typefit 1 thread 0.1 s, 0.4 s, 0.025 s; default threads half that.
        //   × C loop in process (CPU): 0.2/0.1 = 2, 0.5, 8 → geometric mean (2 × 0.5 × 8)^(1/3) = 2
        //   × C loop process (CPU): 0.3/0.1 = 3, 0.75, 12 → 27^(1/3) = 3
        //   threads × C loop in process (wall): 0.2/0.05 = 4, 1, 16 → 64^(1/3) = 4
        //   threads × C loop process (wall): 0.3/0.05 = 6, 1.5, 24 → 216^(1/3) = 6
        //   × uharfbuzz in process: 20,000 lines / 100k/s = 0.2 s → 2, 0.5, 8 → 2
        //   × uharfbuzz process: 0.4/0.1 = 4, 1, 16 → 4
        let rows = [Self.row("A", one: 0.1, all: 0.05), Self.row("B", one: 0.4, all: 0.2), Self.row("C", one: 0.025, all: 0.0125)]
        let table = ProcessBenchmark.report(rows, lines: 20_000, threads: 2, defaultThreads: true, command: "typefit measure …")
        let mean = table.split(separator: "\n").first { $0.hasPrefix("geometric mean") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(mean?.suffix(6).map(String.init) == ["2.00×", "3.00×", "4.00×", "6.00×", "2.00×", "4.00×"])
        let a = table.split(separator: "\n").last { $0.hasPrefix("A ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(a?.suffix(6).map(String.init) == ["2.00×", "3.00×", "4.00×", "6.00×", "2.00×", "4.00×"])
    }

    @Test func missingProcessFiguresReadNotAvailable() {
        var row = Self.row("A", one: 0.1, all: 0.05)
        row.cLoopProcessCPU = nil
        row.cLoopProcessWall = nil
        row.uharfbuzzProcessCPU = nil
        let table = ProcessBenchmark.report([row, Self.row("B", one: 0.1, all: 0.05)], lines: 20_000, threads: 2, defaultThreads: true, command: "…")
        let mean = table.split(separator: "\n").first { $0.hasPrefix("geometric mean") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(mean?.suffix(6).map(String.init) == ["2.00×", "n/a", "4.00×", "n/a", "2.00×", "n/a"])
    }

    @Test func timesAChildProcessAndReportsItsFailure() throws {
        let t = try ProcessBenchmark.timeProcess("/bin/sh", ["-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo $i"], output: true)
        #expect(t.timing.wall > 0 && t.timing.cpu > 0 && t.timing.cpu < t.timing.wall * 2 + 0.1)
        #expect(t.output == "20000\n")
        #expect(throws: ProcessBenchmarkError.self) { try ProcessBenchmark.timeProcess("/bin/sh", ["-c", "echo broken >&2; exit 3"]) }
    }

    /// The whole-process C loop (`typefit-hb-loop`, built beside `typefit` by `swift build`) reads
    /// lines as `typefit measure` does and sums HarfBuzz's advances. `hb-shape 6.0.0
    /// Fonts/Roboto/Roboto-Regular.ttf`: "Pride: Trans" → 1292+694+498+1155+1086+496+468+1147+654+1114+1131+1057
    /// = 10792; "AV" → 1249+1304 = 2553.
    @Test func cLoopProgramSumsHarfBuzzAdvances() throws {
        let root = Repository.root
        let program = try #require(ProcessBenchmark.cLoopProgram(besides: root.appendingPathComponent(".build/debug/typefit").path),
                                   "run `swift build` first: .build/debug/typefit-hb-loop")
        let font = root.appendingPathComponent("Fonts/Roboto/Roboto-Regular.ttf").path
        let folder = try temporaryDirectory("hb-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = folder.appendingPathComponent("lines.txt"), last = folder.appendingPathComponent("last.txt")
        try Data("Pride: Trans\nAV\n".utf8).write(to: lines)
        try Data("AV\nAV".utf8).write(to: last)  // no final line feed: still two lines
        #expect(try ProcessBenchmark.timeProcess(program, [font, "0", lines.path], output: true).output == "13345\n")
        #expect(try ProcessBenchmark.timeProcess(program, [font, "0", last.path], output: true).output == "5106\n")
        #expect(throws: ProcessBenchmarkError.self) { try ProcessBenchmark.timeProcess(program, [font, "0", folder.appendingPathComponent("none").path]) }
    }
}
