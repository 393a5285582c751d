import Foundation
import TestSupport
import Testing
@testable import Reports

/// An at-risk group (a stand-in measured system text within its error band) in every report
/// format: its own status, one severity below the check's, never failing `--fail-on error`, and
/// the header line naming what measured system text.
@Suite struct AtRiskReportTests {
    /// The fixture with its first new text.truncated group made at risk (severity error → warning,
    /// as the auditor lowers it) and the stand-in's header.
    static func document() throws -> (ReportDocument, FindingGroup) {
        var doc = Fixture.document(baseline: false).normalized()
        let index = try #require(doc.groups.firstIndex { $0.checkId == "text.truncated" && $0.isNew })
        doc.groups[index].certainty = .atRisk
        doc.groups[index].severity = Severity.error.lowered
        doc.systemText = SystemTextMeasurement(measuredWith: "Inter 4.1 calibrated to San Francisco",
                                               minimumBandPercent: 2.1, maximumBandPercent: 2.5)
        return (doc, doc.groups[index])
    }

    static let header = "system text: Inter 4.1 calibrated to San Francisco, ±2.1–2.5 %; other scripts in their fallback fonts, unverified"

    @Test func severityAndFailing() throws {
        let (doc, group) = try Self.document()
        #expect(group.severity == .warning)
        #expect(!doc.isFailing(group))
        // The document round-trips with the group's certainty and the header (schema 3).
        let decoded = try ReportDocument.decode(doc.jsonData(), source: "r.json")
        #expect(decoded.groups.first { $0.key == group.key }?.certainty == .atRisk)
        #expect(decoded.systemText == doc.systemText)
        // Its occurrences, as findings, carry the status.
        #expect(group.findings.allSatisfy { $0.certainty == .atRisk && $0.severity == .warning })
    }

    @Test func everyFormatSaysAtRisk() throws {
        let (doc, _) = try Self.document()
        let terminal = TerminalReporter.render(doc, colors: false, verbose: true)
        #expect(terminal.contains(Self.header))
        #expect(terminal.split(separator: "\n").contains { $0.contains("warning") && $0.contains("at risk") && $0.contains("text.truncated") })
        let markdown = MarkdownReporter.render(doc)
        #expect(markdown.contains(Self.header))
        #expect(markdown.contains("| warning (at risk) | text.truncated |"))
        let html = HTMLReporter.render(doc)
        #expect(html.contains("<p class=\"system-text\">system text: Inter 4.1 calibrated to San Francisco, ±2.1–2.5 %;"))
        #expect(html.contains("<td>warning (at risk)</td>"))
        // SARIF: the lowered level and a certainty property on the result; the header in the run's properties.
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(doc).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect((run["properties"] as? [String: Any])?["systemText"] as? String == Self.header)
        let results = run["results"] as? [[String: Any]] ?? []
        let risky = results.filter { ($0["properties"] as? [String: Any])?["certainty"] as? String == "atRisk" }
        #expect(risky.count == 1 && risky.first?["level"] as? String == "warning")
        // JUnit: not a failure; the output says at risk; the header is a comment.
        let junit = JUnitReporter.render(doc)
        #expect(junit.contains("<!-- \(Self.header) -->"))
        #expect(junit.contains("warning (at risk): "))
        // Annotations: a warning whose title says at risk and whose message names the stand-in.
        let annotations = GitHubAnnotations.render(doc).split(separator: "\n")
        let line = try #require(annotations.first { $0.contains("at risk") })
        #expect(line.hasPrefix("::warning "))
        #expect(line.contains(GitHubAnnotations.escapeData("\n" + Self.header)))
    }
}
