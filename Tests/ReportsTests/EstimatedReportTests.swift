import Foundation
import TestSupport
import Testing
@testable import Reports

/// An estimated group (its width a guess of TypeFit's) in every report format: its own status,
/// one severity below the check's, its reason beside it, and never failing a run, whatever
/// `--fail-on` says.
@Suite struct EstimatedReportTests {
    static let reason = "width estimated: one of three toolbar slots"

    /// The fixture with its first new text.truncated group made estimated (severity error →
    /// warning, as the auditor lowers it; the message ending with the reason, as the label's
    /// finding writes it).
    static func document(failOn: Severity = .error) throws -> (ReportDocument, FindingGroup) {
        var doc = Fixture.document(baseline: false).normalized()
        doc.failOn = failOn
        let index = try #require(doc.groups.firstIndex { $0.checkId == "text.truncated" && $0.isNew })
        doc.groups[index].certainty = .estimated
        doc.groups[index].severity = Severity.error.lowered
        doc.groups[index].message += " (\(reason))"
        return (doc, doc.groups[index])
    }

    @Test func neverFailsARun() throws {
        for failOn in Severity.allCases {
            let (doc, group) = try Self.document(failOn: failOn)
            #expect(group.severity == .warning)
            #expect(!doc.isFailing(group))
            #expect(!doc.failingGroups.contains { $0.key == group.key })
            #expect(group.findings.allSatisfy { !doc.isFailing($0) })
        }
        // A document whose only new group is estimated passes even at --fail-on info.
        var (doc, group) = try Self.document(failOn: .info)
        doc.groups = [group]
        #expect(doc.exitCode == 0)
        doc.groups[0].certainty = .measured
        #expect(doc.exitCode == 1)
    }

    @Test func roundTripsAndReadsItsReason() throws {
        let (doc, group) = try Self.document()
        #expect(group.estimateReason == Self.reason)
        let decoded = try ReportDocument.decode(doc.jsonData(), source: "r.json")
        #expect(decoded.schemaVersion == 6)  // 6: largerText (ReportDocument.currentSchemaVersion)
        let back = try #require(decoded.groups.first { $0.key == group.key })
        #expect(back.certainty == .estimated)
        #expect(back.estimateReason == Self.reason)
        // report.json writes the raw value the schema lists.
        let data = doc.jsonData()
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"certainty\":\"estimated\"") || json.contains("\"certainty\" : \"estimated\""))
        // A measured group whose message happens to end in parentheses has no reason.
        var measured = group
        measured.certainty = .measured
        #expect(measured.estimateReason == nil)
    }

    /// The schema (docs/report.schema.json, in this repository) lists the new certainty and version.
    @Test func schemaListsEstimated() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/report.schema.json")
        let schema = try String(contentsOf: url, encoding: .utf8)
        #expect(schema.contains("\"enum\": [\"measured\", \"atRisk\", \"unverified\", \"estimated\"]"))
        #expect(schema.contains("\"schemaVersion\": { \"const\": \(ReportDocument.currentSchemaVersion) }"))
    }

    @Test func everyFormatSaysEstimatedWithItsReason() throws {
        let (doc, group) = try Self.document()
        // The header counts groups per certainty: every other group of the fixture is measured.
        let header = "Groups: \(doc.groups.count - 1) measured, 1 estimated"
        let terminal = TerminalReporter.render(doc, colors: false, verbose: true)
        #expect(terminal.contains(header))
        #expect(terminal.split(separator: "\n").contains {
            $0.contains("warning") && $0.contains("estimated") && $0.contains("text.truncated") && $0.contains(Self.reason)
        })
        #expect(TerminalReporter.render(doc, colors: false).contains(header))
        let markdown = MarkdownReporter.render(doc)
        #expect(markdown.contains(header))
        #expect(markdown.contains("| warning (estimated) | text.truncated |"))
        #expect(markdown.contains(Self.reason))
        let html = HTMLReporter.render(doc)
        #expect(html.contains("<p class=\"certainty\">\(header)</p>"))
        #expect(html.contains("<td>warning (estimated)</td>"))
        #expect(html.contains(Self.reason))
        // SARIF: the lowered level, a certainty property and the reason in the message.
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(doc).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = run["results"] as? [[String: Any]] ?? []
        let estimated = results.filter { ($0["properties"] as? [String: Any])?["certainty"] as? String == "estimated" }
        #expect(estimated.count == 1 && estimated.first?["level"] as? String == "warning")
        let text = (estimated.first?["message"] as? [String: Any])?["text"] as? String ?? ""
        #expect(text.hasSuffix("(\(Self.reason))"))
        // JUnit: not a failure; the output says estimated and gives the reason.
        let junit = JUnitReporter.render(doc)
        #expect(junit.contains("warning (estimated): "))
        #expect(junit.contains(Self.reason))
        #expect(!junit.contains("<failure type=\"warning\" message=\"\(XML.escape(doc.summary(group)))\""))
        // Annotations: a warning whose title says estimated and whose message gives the reason.
        let annotations = GitHubAnnotations.render(doc).split(separator: "\n")
        let line = try #require(annotations.first { $0.contains("estimated") })
        #expect(line.hasPrefix("::warning "))
        #expect(line.contains(Self.reason))
    }

    /// A group's certainty from its occurrences', by the precedence docs/reports.md states.
    @Test func groupCertaintyPrecedence() {
        func c(_ members: [Certainty]) -> Certainty { FindingGrouper.certainty(members) }
        #expect(c([.estimated, .estimated]) == .estimated)
        // Every occurrence one severity below, one of them an estimate: estimated.
        #expect(c([.atRisk, .estimated]) == .estimated)
        #expect(c([.atRisk, .atRisk]) == .atRisk)
        // An occurrence resting on known facts keeps the group measured (and able to fail).
        #expect(c([.measured, .estimated]) == .measured)
        #expect(c([.estimated, .unverified]) == .unverified)
    }
}
