import Foundation
import Testing

/// End-to-end `typefit checks` and `typefit explain` (run `swift build` first). Expected ids,
/// titles and severities are the ones written in each check's file under Sources/Audit/Checks/
/// (e.g. TextTruncatedCheck.swift: id "text.truncated", title "Text is truncated", error).
@Suite struct ChecksCLITests {
    /// The 21 check files of Sources/Audit/Checks, by id (read from their `id` lines).
    static let ids = ["font.accent-clearance", "font.line-gap", "font.metrics", "font.vertical-split", "font.win-clipping",
                      "font.win-metrics", "glyph.ink-clipped", "glyph.missing", "screen.row-too-tall",
                      "screen.rows-visible", "string.missing-key", "string.untranslated", "style.capped",
                      "style.not-scaling", "style.too-small", "text.autoshrink",
                      "text.clipped", "text.truncated", "ui.autoshrink", "ui.capped", "ui.fixed-font", "ui.fixed-height",
                      "ui.fixed-row-height", "ui.not-adjusting", "web.clipped", "web.not-scaling", "web.overflow"]

    @Test func listsEveryCheckAsJSONAndText() throws {
        let run = try CLIRunner.run(["checks", "--format", "json"])
        #expect(run.status == 0)
        let doc = try #require(CLIRunner.object(run.stdout))
        let checks = try #require(doc["checks"] as? [[String: Any]])
        #expect(checks.compactMap { $0["id"] as? String } == Self.ids)
        let truncated = try #require(checks.first { $0["id"] as? String == "text.truncated" })
        #expect(truncated["title"] as? String == "Text is truncated")
        #expect(truncated["defaultSeverity"] as? String == "error")
        #expect((truncated["rationale"] as? String)?.contains("truncated label hides words") == true)
        #expect(checks.first { $0["id"] as? String == "screen.rows-visible" }?["defaultSeverity"] as? String == "warning")

        let text = try CLIRunner.run(["checks"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 1 + Self.ids.count)
        #expect(lines.first?.split(separator: " ") == ["id", "severity", "title"])
        // Columns are separated by at least two spaces.
        let cells = lines.map { $0.replacing(/\ {2,}/, with: "\t").split(separator: "\t").map(String.init) }
        #expect(cells.contains(["text.truncated", "error", "Text is truncated"]))
    }

    @Test func explainShowsRationaleDefinitionAndRunExamples() throws {
        let run = try CLIRunner.run(["explain", "text.truncated"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("text.truncated: Text is truncated\nDefault severity: error\n"))
        #expect(run.stdout.contains("Why it matters"))
        #expect(run.stdout.contains("When it reports"))
        // The first example of TextTruncatedCheck: a German title needing 231.4 pt in 200 pt.
        #expect(run.stdout.contains("single-line German title 31.4 pt too wide: 1 finding"))
        #expect(run.stdout.contains("- two lines needed, two allowed: 0 findings"))

        let json = try CLIRunner.run(["explain", "text.truncated", "--format", "json"])
        #expect(json.status == 0)
        let doc = try #require(CLIRunner.object(json.stdout))
        #expect(Set(doc.keys) == ["id", "title", "defaultSeverity", "rationale", "definition", "examples"])
        let examples = try #require(doc["examples"] as? [[String: Any]])
        #expect(examples.count == 6)  // TextTruncatedCheck.examples: 6 (one per message code, and the quiet cases)
        let first = try #require(examples.first)
        #expect(first["expectedFindings"] as? Int == 1)
        let messages = try #require(first["messages"] as? [String])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("needs 231.4 pt but the label has 200.0 pt: truncated to 1 line") == true)
        // Each example produced the count it documents.
        for e in examples { #expect((e["messages"] as? [String])?.count == e["expectedFindings"] as? Int) }
    }

    @Test func unknownIdSuggestsTheClosest() throws {
        let run = try CLIRunner.run(["explain", "text.truncatd"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "typefit: error: unknown check id 'text.truncatd' (did you mean 'text.truncated'?); `typefit checks` lists them\n")
        let far = try CLIRunner.run(["explain", "nothing-like-it-at-all"])
        #expect(far.status == 2)
        #expect(far.stderrLines.count == 1 && !far.stderr.contains("did you mean"))
        let missing = try CLIRunner.run(["explain"])
        #expect(missing.status == 2)
    }
}
