import Foundation
import TestSupport
import Testing

/// `typefit init` then `typefit audit` as a user runs them, on a copy of the Localized fixture
/// (Tests/Fixtures/AppUI/Localized: a storyboard and its German strings, no Xcode project).
@Suite("typefit init")
struct InitCLITests {
    func copy() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-init-cli-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Repository.url("Tests/Fixtures/AppUI/Localized"), to: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Broken.storyboard"))
        return dir
    }

    func files(_ dir: URL) -> Set<String> {
        var out: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: dir.path)
        while let item = walker?.nextObject() as? String { out.insert(item) }
        return out
    }

    @Test func initThenAudit() throws {
        let dir = try copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = files(dir)
        let made = try CLIRunner.run(["init", dir.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("Target: none (no Xcode project with an iOS application): files found by walking the folder"))
        #expect(made.stdout.contains("Elements: 13 found = 8 laid out + 0 run-time data + 1 unresolved + 4 not laid out"))
        #expect(files(dir) == before.union(["typefit.yml"]))

        // Never over an existing typefit.yml without --force: exit 2, one line.
        let again = try CLIRunner.run(["init", dir.path])
        #expect(again.status == 2)
        #expect(again.stderrLines.count == 1)
        #expect(again.stderr.contains("typefit.yml: already exists; `typefit init --force` replaces it"))
        #expect(try CLIRunner.run(["init", dir.path, "--force"]).status == 0)

        // The audit right after, in the folder, with no edits: reports, findings at the storyboard's lines.
        let audit = try CLIRunner.run(["audit"], directory: dir)
        #expect(audit.status == 1, "\(audit.stderr)")  // error-level findings (ui.fixed-row-height, text.truncated)
        let reports = ["junit.xml", "report.html", "report.json", "report.md", "report.sarif"].map { "Reports/\($0)" }
        #expect(files(dir) == before.union(["typefit.yml", "Reports"]).union(reports))
        let sarif = try String(contentsOf: dir.appendingPathComponent("Reports/report.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"ruleId\" : \"ui.fixed-height\"") || sarif.contains("\"ruleId\":\"ui.fixed-height\""))
        #expect(sarif.contains("Base.lproj/Main.storyboard"))
        let markdown = try String(contentsOf: dir.appendingPathComponent("Reports/report.md"), encoding: .utf8)
        // The button's height constraint is on line 54 of the storyboard.
        #expect(markdown.contains("Base.lproj/Main.storyboard:54"))
    }

    /// A folder that does not exist: exit 2, one line.
    @Test func missingFolder() throws {
        let result = try CLIRunner.run(["init", "/nonexistent/app"])
        #expect(result.status == 2)
        #expect(result.stderr == "typefit: error: /nonexistent/app: no such folder\n")
    }
}
