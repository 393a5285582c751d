import Foundation
import TestSupport
import Testing
@testable import Reports

/// Nothing half-written: when writing reports fails, the reports of the earlier run stay as
/// they were, no temporary file is left behind, and the error is one line naming the path. (Tests run
/// as root in CI containers, so unwritable folders are made from things root cannot write either:
/// a file where the folder should be, a directory where a report should be, and /proc.)
@Suite struct HostileReportWriterTests {
    func contents(_ directory: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let url = directory.appendingPathComponent(name)
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
            result[name] = isDir.boolValue ? "<dir>" : String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        return result
    }

    @Test func failedRunLeavesEarlierReportsIntact() throws {
        let scratch = try ScratchDirectory()
        let reports = scratch.url.appendingPathComponent("Reports")
        // Run 1 succeeds.
        try ReportWriter.write(files: [("report.json", Data("run 1 json\n".utf8)), ("report.md", Data("run 1 md\n".utf8))], to: reports)
        let before = try contents(reports)
        #expect(before == ["report.json": "run 1 json\n", "report.md": "run 1 md\n"])
        // Run 2: its third file's target is a directory, so nothing may be replaced.
        try FileManager.default.createDirectory(at: reports.appendingPathComponent("report.html"), withIntermediateDirectories: false)
        do {
            try ReportWriter.write(files: [("report.json", Data("run 2 json\n".utf8)), ("report.md", Data("run 2 md\n".utf8)),
                                           ("report.html", Data("run 2 html\n".utf8))], to: reports)
            Issue.record("writing over a directory succeeded")
        } catch let error as ReportWriteError {
            #expect(error.description == "\(reports.appendingPathComponent("report.html").path): is a directory; cannot replace it with a report")
        }
        // Same files as before plus the blocking directory; no ".…tmp-…" leftovers.
        var expected = before
        expected["report.html"] = "<dir>"
        #expect(try contents(reports) == expected)
    }

    @Test func outputFolderThatCannotBeCreated() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        do {
            try ReportWriter.write(files: [("report.json", Data())], to: file)
            Issue.record("wrote into a file")
        } catch let error as ReportWriteError {
            #expect(error.description == "\(file.path): exists and is not a directory")
        }
        let below = file.appendingPathComponent("Reports")
        do {
            try ReportWriter.write(files: [("report.json", Data())], to: below)
            Issue.record("created a folder below a file")
        } catch let error as ReportWriteError {
            #expect(error.description.hasPrefix("\(below.path): cannot create directory ("))
            #expect(!error.description.contains("\n"))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
        // /proc refuses new entries even to root.
        let proc = URL(fileURLWithPath: "/proc/typefit-reports-\(getpid())")
        do {
            try ReportWriter.write(files: [("report.json", Data())], to: proc)
            Issue.record("wrote into /proc")
        } catch let error as ReportWriteError {
            #expect(error.description.hasPrefix("\(proc.path): cannot create directory ("))
        }
    }
}

/// The report set is atomic as a set when it is swapped file by file (the folder exchange disabled):
/// when any rename fails — the last one, or moving an old report aside — every report is the earlier
/// run's, and nothing is left behind.
@Suite struct AtomicReportSetTests {
    let formats: Set<ReportFormat> = [.json, .markdown, .html, .junit, .sarif]

    func snapshot(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    @Test func failingLastRenameKeepsTheOldSet() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url.appendingPathComponent("Reports")
        try ReportWriter.write(Fixture.document(baseline: false), formats: formats, to: dir)
        let before = try snapshot(dir)
        #expect(before.count == 5)
        // Run 2 differs in every file; renaming the new report.sarif (the last) into place fails once, as
        // EPERM would; putting the old one back works.
        let sarif = dir.appendingPathComponent("report.sarif").path
        var calls: [(String, String)] = []
        var failed = false
        do {
            try ReportWriter.write(Fixture.document(), formats: formats, to: dir, seams: WriteSeams(rename: { from, to in
                calls.append((from, to))
                if to == sarif, !failed, !from.hasSuffix("/old-report.sarif") { failed = true; errno = EPERM; return -1 }
                return Foundation.rename(from, to)
            }, exchange: nil))
            Issue.record("the failing rename was not reported")
        } catch let error as ReportWriteError {
            #expect(error.description == "\(sarif): cannot replace (Operation not permitted); no report was changed")
        }
        #expect(try snapshot(dir) == before)
        // Four reports were swapped in (old aside, new in: 8 renames), the fifth moved aside and failed (2),
        // then the fifth's old one and the four pairs were put back (1 + 8): 19 renames.
        #expect(calls.count == 19)
    }

    @Test func failingToMoveAnOldReportAsideKeepsTheOldSet() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url.appendingPathComponent("Reports")
        try ReportWriter.write(Fixture.document(baseline: false), formats: formats, to: dir)
        let before = try snapshot(dir)
        // An immutable or foreign junit.xml cannot be moved: nothing changes.
        let junit = dir.appendingPathComponent("junit.xml").path
        #expect(throws: ReportWriteError(path: junit, reason: "cannot replace (Operation not permitted); no report was changed")) {
            try ReportWriter.write(Fixture.document(), formats: formats, to: dir, seams: WriteSeams(rename: { from, to in
                if from == junit { errno = EPERM; return -1 }
                return Foundation.rename(from, to)
            }, exchange: nil))
        }
        #expect(try snapshot(dir) == before)
    }

    /// A killed run leaves a staging folder (maybe holding an old report it had moved aside) and the
    /// older writers' temp files; the next write cleans them up and restores a missing report.
    @Test func leftoversOfAKilledRunAreCleanedUp() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url
        let dead = try ProcessRunner.deadProcessID()
        let staging = dir.appendingPathComponent(".typefit-staging-\(dead)-ABC")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data("old md\n".utf8).write(to: staging.appendingPathComponent("old-report.md"))
        try Data("half".utf8).write(to: staging.appendingPathComponent("report.json"))
        try Data("half".utf8).write(to: dir.appendingPathComponent(".report.sarif.tmp-\(dead)-4"))
        // A staging folder of a live process (this one) is left alone.
        let live = dir.appendingPathComponent(".typefit-staging-\(getpid())-LIVE")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
        ReportWriter.removeLeftovers(in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
                == [".typefit-staging-\(getpid())-LIVE", "report.md"])
        #expect(try String(contentsOf: dir.appendingPathComponent("report.md"), encoding: .utf8) == "old md\n")
        try FileManager.default.removeItem(at: live)
        // And a write does it on its own.
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try ReportWriter.write(Fixture.document(), formats: [.json], to: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["report.json", "report.md"])
    }
}

/// Two runs writing one folder, and a run killed during the swap.
@Suite struct ReportFolderLockTests {
    /// While another process holds the folder's lock (flock on the folder, as `ReportWriter` takes
    /// it), a write waits; it finishes once the lock is released.
    @Test func aSecondWriterWaits() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url
        let fd = open(dir.path, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = try? ReportWriter.write(Fixture.document(), formats: [.json], to: dir)
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 1) == .timedOut, "the write went ahead while the folder was locked")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.json").path))
        close(fd)
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.json").path))
    }

    /// Killed after report.json was swapped in and report.md moved aside, before the new
    /// report.md went in: the staging folder says the new set was complete (`ready`), so the next
    /// run finishes the swap — the set is all new, never new report.json beside old report.md.
    @Test func aSwapCutShortIsFinished() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.url
        let dead = try ProcessRunner.deadProcessID()
        let staging = dir.appendingPathComponent(".typefit-staging-\(dead)-CUT")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data("new json".utf8).write(to: dir.appendingPathComponent("report.json"))
        try Data("old json".utf8).write(to: staging.appendingPathComponent("old-report.json"))
        try Data("old md".utf8).write(to: staging.appendingPathComponent("old-report.md"))
        try Data("new md".utf8).write(to: staging.appendingPathComponent("report.md"))
        try Data("new sarif".utf8).write(to: staging.appendingPathComponent("report.sarif"))
        try Data().write(to: staging.appendingPathComponent("ready"))
        ReportWriter.removeLeftovers(in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["report.json", "report.md", "report.sarif"])
        for (name, text) in [("report.json", "new json"), ("report.md", "new md"), ("report.sarif", "new sarif")] {
            #expect(try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) == text)
        }
    }
}
