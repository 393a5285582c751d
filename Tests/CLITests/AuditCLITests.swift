import Foundation
import TestSupport
import Testing

/// End-to-end tests of `typefit audit` on the bundled example (Examples/Wayfell), running the built binary.
@Suite("typefit audit", .serialized)
struct AuditCLITests {
    let root = Repository.root

    /// CI's regression check on our own output: the bundled audit regenerated now must equal the
    /// committed Reports/ byte for byte (reports are deterministic: sorted, no time stamps).
    @Test func bundledAuditReproducesCommittedReports() throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLIRunner.run(["audit", "--output", out.path, "--no-progress"])
        #expect(result.status == 0, "the bundled example passes against its committed baseline: \(result.stderr)")
        let committed = root.appendingPathComponent("Reports")
        let names = try FileManager.default.contentsOfDirectory(atPath: committed.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == ["junit.xml", "report.html", "report.json", "report.md", "report.sarif"])
        for name in names {
            let old = try Data(contentsOf: committed.appendingPathComponent(name))
            let new = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(old == new, "Reports/\(name) differs from a fresh `typefit audit`: run `swift run typefit audit` and commit Reports/")
        }
    }

    /// A copy of the bundled example in a temporary folder, with Fonts/ linked beside it so its
    /// relative font paths (../../Fonts) still resolve.
    func exampleCopy() throws -> (root: URL, config: URL) {
        let dir = try temporaryDirectory()
        let examples = dir.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/Wayfell"),
                                         to: examples.appendingPathComponent("Wayfell"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Fonts"),
                                                   withDestinationURL: root.appendingPathComponent("Fonts"))
        return (dir, examples.appendingPathComponent("Wayfell/typefit.yml"))
    }

    /// A German string made longer makes the run fail with a finding naming the key, the file and
    /// line, the category and the device; after --update-baseline the same run passes.
    @Test func longerStringFailsThenPassesWithUpdatedBaseline() throws {
        let (dir, config) = try exampleCopy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let strings = dir.appendingPathComponent("Examples/Wayfell/strings/de.strings")
        var text = try String(contentsOf: strings, encoding: .utf8)
        let original = "\"Settings.shareLocation\" = \"Standort live teilen\";"
        #expect(text.contains(original))
        text = text.replacingOccurrences(
            of: original,
            with: "\"Settings.shareLocation\" = \"Standort während der Wanderung live mit allen Begleitern teilen\";")
        try text.write(to: strings, atomically: true, encoding: .utf8)
        // The key's line, found by plain text search (independent of TypeFit's .strings parser).
        let line = try #require(text.components(separatedBy: "\n")
            .firstIndex { $0.hasPrefix("\"Settings.shareLocation\"") }) + 1
        let baseline = dir.appendingPathComponent("Examples/Wayfell/typefit-baseline.json")
        let before = try Data(contentsOf: baseline)

        // --verbose: every new group on a line of its own.
        let failing = try CLIRunner.run(["audit", config.path, "--baseline", baseline.path, "--no-progress", "--verbose"],
                                        directory: dir)
        #expect(failing.status == 1)
        // The new failing finding names the key, file:line, category and device.
        let lines = failing.stdout.split(separator: "\n").filter {
            $0.contains("text.truncated") && $0.contains("Settings.shareLocation")
        }
        #expect(!lines.isEmpty, "\(failing.stdout.prefix(3000))")
        #expect(lines.contains { $0.contains("Examples/Wayfell/strings/de.strings:\(line)") })
        #expect(lines.contains { $0.contains("iPhone SE (1st generation)") || $0.contains("iPhone 16") })
        // The label was in the baseline at large sizes only; the longer text truncates at more of them,
        // so its group is worse than the baseline (it spread) and fails.
        #expect(lines.contains { $0.contains("worse") && $0.contains("text is truncated from ") && $0.contains("categories") })
        // A failing run never touches the baseline.
        #expect(try Data(contentsOf: baseline) == before)

        let update = try CLIRunner.run(["audit", config.path, "--baseline", baseline.path, "--update-baseline",
                                        "--no-progress"], directory: dir)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try Data(contentsOf: baseline) != before)
        let passing = try CLIRunner.run(["audit", config.path, "--baseline", baseline.path, "--no-progress"],
                                        directory: dir)
        #expect(passing.status == 0, "\(passing.stdout.suffix(2000))")
    }

    /// TypographyKit gives a style with no font-name no font (Typography.swift line 103, see
    /// TypographyKitFidelityTests): a label using it cannot be audited, and the one-line error says why.
    @Test func typographyKitStyleWithoutFontIsNamed() throws {
        let (dir, config) = try exampleCopy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tk = dir.appendingPathComponent("Examples/Wayfell/TypographyKit.json")
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: tk)) as? [String: Any])
        var styles = try #require(json["ui-font-text-styles"] as? [String: Any])
        var value = try #require(styles["cell-title"] as? [String: Any])
        #expect(value["font-name"] != nil)
        value["font-name"] = nil
        styles["cell-title"] = value
        json["ui-font-text-styles"] = styles
        try JSONSerialization.data(withJSONObject: json).write(to: tk)
        let run = try CLIRunner.run(["audit", config.path, "--no-progress"], directory: dir)
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains(#"style "cell-title" is not usable: TypographyKit gives it no font (no font-name in "#))
    }

    @Test func missingConfigIsOneLineExitTwo() throws {
        let result = try CLIRunner.run(["audit", "no/such/typefit.yml", "--no-progress"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("no/such/typefit.yml"))
    }

    @Test func missingBaselineIsOneLineExitTwo() throws {
        let result = try CLIRunner.run(["audit", "Examples/Wayfell/typefit.yml", "--baseline", "/nonexistent/b.json",
                                        "--no-progress"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("/nonexistent/b.json"))
    }
}
