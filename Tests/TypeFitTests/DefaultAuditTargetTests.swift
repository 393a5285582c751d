import Foundation
import TestSupport
import Testing
@testable import TypeFit

/// What `typefit audit` with no CONFIG audits.
@Suite struct DefaultAuditTargetTests {
    let root = Repository.root.standardizedFileURL

    @Test func theCurrentFoldersConfigWins() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("fonts: {}\n".utf8).write(to: folder.appendingPathComponent("typefit.json"))
        var target = try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: nil)
        #expect(target == DefaultAuditTarget(config: "typefit.json", output: "Reports", baseline: nil, baselineWritable: true, note: nil))
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("typefit-baseline.json"))
        target = try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: nil)
        #expect(target.baseline == "typefit-baseline.json")
    }

    @Test func theBundledExampleFromTheCheckoutWritesItsReports() throws {
        let target = try DefaultAuditTarget.resolve(currentDirectory: root.path, executablePath: nil)
        #expect(target.config == root.appendingPathComponent("Examples/Focus/typefit.yml").path)
        #expect(target.output == root.appendingPathComponent("Reports").path)
        #expect(target.baseline == root.appendingPathComponent("Examples/Focus/typefit-baseline.json").path)
        #expect(target.baselineWritable)
    }

    @Test func theBundledExampleFromElsewhereWritesNothing() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try DefaultAuditTarget.resolve(currentDirectory: folder.path,
                                                    executablePath: root.appendingPathComponent(".build/debug/typefit").path)
        #expect(target.config == root.appendingPathComponent("Examples/Focus/typefit.yml").path)
        #expect(target.output == nil && !target.baselineWritable)
        #expect(throws: DefaultAuditTarget.NotFound.self) {
            try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: "/nonexistent/bin/typefit")
        }
    }
}
