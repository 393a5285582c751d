import Foundation
import TestSupport
import Testing
@testable import Reports

/// The report set as one folder: at every step of a write the output folder holds one whole set, and
/// a run killed at any step leaves a whole set after the next run's cleanup. Each file carries its
/// run's id ("run N …"), so a set is whole when every report names the same run.
@Suite struct ReportFolderSwapTests {
    let names = ["report.json", "report.md", "report.sarif"]

    func files(run: Int) -> [(name: String, contents: Data)] {
        names.map { ($0, Data("run \(run) \($0)\n".utf8)) }
    }

    /// The run every report in `dir` names, or nil when a report is missing or two name different runs.
    func wholeSet(_ dir: URL) throws -> Int? {
        let present = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.sorted()
        guard present == names.sorted() else { return nil }
        let runs = try Set(names.map { name -> Int? in
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            guard text.hasSuffix(" \(name)\n"), text.hasPrefix("run ") else { return nil }
            return Int(text.dropFirst(4).prefix { $0 != " " })
        })
        return runs.count == 1 ? runs.first! : nil
    }

    /// What the next run does first (under the folder's lock), without writing a new set.
    func recover(_ dir: URL) {
        ReportWriter.removeLeftovers(in: dir)
        ReportWriter.removeSwapLeftovers(beside: dir)
    }

    @Test func everyStepShowsOneWholeSet() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url.appendingPathComponent("Reports")
        try ReportWriter.write(files: files(run: 1), to: dir)
        #expect(try wholeSet(dir) == 1)
        for run in 2...4 {
            var seen: [WriteStep: Int?] = [:]
            try ReportWriter.write(files: files(run: run), to: dir, seams: WriteSeams(step: { step in
                seen[step] = try? wholeSet(dir)
                return true
            }))
            // Before the exchange the old set, after it the new one: no instant shows a mixture.
            #expect(seen == [.staged: run - 1, .exchanged: run])
            #expect(try wholeSet(dir) == run)
        }
        // Nothing left beside or inside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["Reports"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == names.sorted())
    }

    /// Two writers on one folder, each writing its own runs: the lock is taken again on the folder
    /// now at the path when the one it waited on was exchanged out, so the last set is whole.
    @Test func concurrentWritersLeaveOneWholeSet() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url.appendingPathComponent("Reports")
        try ReportWriter.write(files: files(run: 0), to: dir)
        let group = DispatchGroup()
        let failures = LockedCounter()
        for writer in 0..<2 {
            group.enter()
            Thread {
                for i in 1...10 where (try? ReportWriter.write(files: files(run: writer * 100 + i), to: dir)) == nil {
                    failures.add()
                }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(failures.value == 0)
        let last = try #require(try wholeSet(dir))
        #expect(last == 10 || last == 110)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["Reports"])
    }

    /// A run killed at each step (the step seam stops the writer without any cleanup, its folders
    /// named after a process that no longer exists): the next run's cleanup leaves a whole set —
    /// the old one when killed before the exchange, the new one after it or after the swap began.
    @Test(arguments: [(WriteStep.staged, true, 1), (.exchanged, true, 2), (.movedAside("report.md"), false, 2),
                      (.movedAside("report.json"), false, 2)])
    func aKillAtAnyStepRecoversToAWholeSet(step: WriteStep, exchange: Bool, expected: Int) throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url.appendingPathComponent("Reports")
        try ReportWriter.write(files: files(run: 1), to: dir)
        let dead = try ProcessRunner.deadProcessID()
        var seams = WriteSeams(step: { $0 != step })
        seams.processID = dead
        if !exchange { seams.exchange = nil }
        #expect(throws: SimulatedKill.self) { try ReportWriter.write(files: files(run: 2), to: dir, seams: seams) }
        recover(dir)
        #expect(try wholeSet(dir) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["Reports"])
    }

    /// A folder holding anything besides reports is not exchanged (its other files must stay where
    /// they are): the set is swapped file by file, and the other file is untouched.
    @Test func aFolderWithOtherFilesIsSwappedFileByFile() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url.appendingPathComponent("Reports")
        try ReportWriter.write(files: files(run: 1), to: dir)
        try Data("mine".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        var steps: [WriteStep] = []
        try ReportWriter.write(files: files(run: 2), to: dir, seams: WriteSeams(step: { steps.append($0); return true }))
        #expect(steps == names.map { .movedAside($0) })
        #expect(try String(contentsOf: dir.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("notes.txt"))
        #expect(try wholeSet(dir) == 2)
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
