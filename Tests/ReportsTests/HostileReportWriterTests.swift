import Foundation
import Testing
@testable import Reports

/// Nothing half-written (issue 7): when writing reports fails, the reports of the earlier run stay as
/// they were, no temporary file is left behind, and the error is one line naming the path. (Tests run
/// as root in CI containers, so unwritable folders are made from things root cannot write either:
/// a file where the folder should be, a directory where a report should be, and /proc.)
@Suite struct HostileReportWriterTests {
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-reports-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

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
        let scratch = try Scratch()
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
        let scratch = try Scratch()
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
