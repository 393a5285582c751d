@testable import Audit
import Foundation
import Reports
import TestSupport
import Testing

/// Baselines as hostile input and output: a symlinked baseline is written through the link, a
/// named pipe is refused without being opened, and two entries for one group are an error.
@Suite struct HostileBaselineTests {
    /// `--update-baseline` through a symlink (a baseline kept in another folder and linked into
    /// the app's): the link stays a link and its target gets the new baseline.
    @Test func writesThroughASymlink() throws {
        let dir = try ScratchDirectory()
        let real = dir.url.appendingPathComponent("team/typefit-baseline.json")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: real)
        let link = dir.url.appendingPathComponent("typefit-baseline.json")
        // A relative link, as `ln -s team/typefit-baseline.json` makes it.
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "team/typefit-baseline.json")
        try Baseline.write(sampleFindings(), toolVersion: "0.1.0", to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "team/typefit-baseline.json")
        #expect(try Baseline.load(path: real.path) == Baseline(findings: sampleFindings(), toolVersion: "0.1.0"))
        // No temporary file is left in either folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.deletingLastPathComponent().path) == ["typefit-baseline.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["team", "typefit-baseline.json"])
    }

    @Test func aNamedPipeIsRefusedInOneLine() throws {
        let dir = try ScratchDirectory()
        let fifo = dir.url.appendingPathComponent("b.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: AuditError.baselineUnreadable(path: fifo.path, reason: "is a named pipe (FIFO), not a regular file")) {
            try Baseline.load(path: fifo.path)
        }
    }

    @Test func duplicateGroupsAreAnError() throws {
        let dir = try ScratchDirectory()
        let path = dir.url.appendingPathComponent("b.json").path
        var baseline = Baseline(findings: sampleFindings(), toolVersion: "0.1.0")
        baseline.groups.append(baseline.groups[0])
        try baseline.write(to: path)
        let count = baseline.groups.count
        do {
            _ = try Baseline.load(path: path)
            Issue.record("a baseline with a repeated group was accepted")
        } catch {
            // The file is written in key order, so the copy sits right after the original.
            let text = "\(error)"
            #expect(text.hasPrefix("\(path): invalid baseline: groups["), "\(text)")
            #expect(text.contains("] repeats groups["), "\(text)")
            #expect(count >= 2)
        }
    }
}
