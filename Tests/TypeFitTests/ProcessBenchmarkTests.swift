import Foundation
import Testing
@testable import TypeFit

/// The whole-process table of `typefit bench` (figures are printed by the benchmark, never timed
/// here): ratios and geometric means from hand-made timings, and a real child process timed.
@Suite struct ProcessBenchmarkTests {
    @Test func ratiosAndGeometricMeans() {
        // C loop CPU 0.2 s: 0.1 s → 2×, 0.4 s → 0.5×, 0.025 s → 8×; geometric mean (2 × 0.5 × 8)^(1/3) = 2.
        let rows = [
            ProcessBenchmark.Row(label: "A", cLoop: 0.2, cLoopCPU: 0.2, oneThreadWall: 0.1, oneThreadCPU: 0.1, allThreadsWall: 0.05, uharfbuzzRate: 100_000),
            ProcessBenchmark.Row(label: "B", cLoop: 0.2, cLoopCPU: 0.2, oneThreadWall: 0.4, oneThreadCPU: 0.4, allThreadsWall: 0.2, uharfbuzzRate: 100_000),
            ProcessBenchmark.Row(label: "C", cLoop: 0.2, cLoopCPU: 0.2, oneThreadWall: 0.025, oneThreadCPU: 0.025, allThreadsWall: 0.0125, uharfbuzzRate: 100_000),
        ]
        let table = ProcessBenchmark.report(rows, lines: 20_000, threads: 2, defaultThreads: true, command: "typefit measure …")
        let mean = table.split(separator: "\n").first { $0.hasPrefix("geometric mean") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        // 1 thread CPU 2.00×, wall 2.00×; 2 threads: 4×, 1×, 16× → 4.00×;
        // uharfbuzz: 20,000 lines / 0.1 s = 200k/s ÷ 100k/s = 2×, 0.5×, 8× → 2.00×.
        #expect(mean?.suffix(4).map(String.init) == ["2.00×", "2.00×", "4.00×", "2.00×"])
        #expect(table.contains("A ") && table.contains("2.00×"))
    }

    @Test func timesAChildProcessAndReportsItsFailure() throws {
        let t = try ProcessBenchmark.timeProcess("/bin/sh", ["-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"])
        #expect(t.wall > 0 && t.cpu > 0 && t.cpu < t.wall * 2 + 0.1)
        #expect(throws: ProcessBenchmarkError.self) { try ProcessBenchmark.timeProcess("/bin/sh", ["-c", "echo broken >&2; exit 3"]) }
    }
}
