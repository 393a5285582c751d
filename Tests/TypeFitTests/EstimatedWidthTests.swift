import AppUI
import Audit
import Foundation
import Reports
import Testing
@testable import TypeFit

/// Where a laid-out element's width comes from, and what a finding resting on an estimated width
/// becomes: an app written here into a temporary folder (two SwiftUI views, no Xcode project).
@Suite("Estimated widths")
struct EstimatedWidthTests {
    /// One long line no iPhone shows whole at any size: 120 letters "W".
    static let long = String(repeating: "W", count: 120)

    /// A list row (a documented container rule), two texts sharing an HStack (an estimate), and a
    /// text with an explicit `.frame(width:)` (a constraint).
    static let views = """
    import SwiftUI

    struct RowsView: View {
        var body: some View {
            List {
                Text(verbatim: "\(long)")
                    .lineLimit(1)
            }
        }
    }

    struct PairView: View {
        var body: some View {
            HStack {
                Text(verbatim: "\(long)")
                    .lineLimit(1)
                Text(verbatim: "Right")
            }
        }
    }

    struct FramedView: View {
        var body: some View {
            Text(verbatim: "\(long)")
                .lineLimit(1)
                .frame(width: 120)
        }
    }

    """

    func app(_ source: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-estimated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try source.write(to: dir.appendingPathComponent("App/Views.swift"), atomically: true, encoding: .utf8)
        return dir
    }

    /// The readers' sources: a row is a container rule, an HStack's share an estimate, a frame a constraint.
    @Test func readersRecordTheWidthsSource() throws {
        let dir = try app(Self.views)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let plan = try AuditPlan.load(path: outcome.configPath)
        func label(_ screen: String) throws -> PlannedLabel {
            let s = try #require(plan.screens.first { $0.name == screen })
            return try #require(s.rows.flatMap(\.labels).first { $0.texts[0].first?.text == Self.long })
        }
        #expect(try label("RowsView").estimate == nil)
        #expect(try label("FramedView").estimate == nil)
        #expect(try label("PairView").estimate == "width estimated: one of 2 flexible views of an HStack, an equal share assumed")
    }

    /// The HStack's text truncates everywhere: its findings are estimated, one severity below
    /// text.truncated's error, with the reason in the message, and fail no run; the list row's and
    /// the framed text's stay measured errors and fail it.
    @Test func estimatedFindingsNeverFail() throws {
        let dir = try app(Self.views)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let plan = try AuditPlan.load(path: outcome.configPath)
        var options = AuditOptions(configDisplayPath: "typefit.yml")
        options.threads = 1
        let run = try AuditPipeline(plan: plan, options: options).run()
        let truncated = run.document.groups.filter { $0.checkId == "text.truncated" }
        let pair = try #require(truncated.first { $0.key.screen == "PairView" })
        #expect(pair.certainty == .estimated)
        #expect(pair.severity == .warning)
        #expect(pair.estimateReason == "width estimated: one of 2 flexible views of an HStack, an equal share assumed")
        #expect(!run.document.isFailing(pair))
        for screen in ["RowsView", "FramedView"] {
            let group = try #require(truncated.first { $0.key.screen == screen })
            #expect(group.certainty == .measured, "\(screen)")
            #expect(group.severity == .error, "\(screen)")
            #expect(run.document.isFailing(group), "\(screen)")
        }
        #expect(run.exitCode == 1)
        // Only the HStack's view: nothing fails, even at --fail-on info.
        let alone = try app(Self.views.components(separatedBy: "struct FramedView")[0]
            .replacingOccurrences(of: "List {", with: "VStack(alignment: .leading) {").replacingOccurrences(of: "struct RowsView", with: "struct UnusedView")
            .replacingOccurrences(of: "Text(verbatim: \"\(Self.long)\")\n                .lineLimit(1)\n            }\n        }\n    }\n\n    struct PairView", with: "Text(verbatim: \"A\")\n            }\n        }\n    }\n\n    struct PairView"))
        defer { try? FileManager.default.removeItem(at: alone) }
        let aloneOutcome = try AppInit.run(directory: alone.path, force: false)
        options.failOn = .info
        let aloneRun = try AuditPipeline(plan: try AuditPlan.load(path: aloneOutcome.configPath), options: options).run()
        #expect(aloneRun.document.groups.contains { $0.checkId == "text.truncated" && $0.certainty == .estimated })
        #expect(!aloneRun.document.groups.contains { $0.checkId == "text.truncated" && $0.certainty != .estimated })
        #expect(aloneRun.document.failingGroups.allSatisfy { $0.certainty != .estimated })
        #expect(aloneRun.document.failingGroups.isEmpty == (aloneRun.exitCode == 0))
    }
}
