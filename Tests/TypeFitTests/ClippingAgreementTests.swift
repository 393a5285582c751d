import Foundation
import Layout
import TestSupport
import Testing
@testable import TypeFit

/// `typefit layout` and the audit give one answer on clipping in a fixed-height row.
@Suite("Clipping: layout and audit agree")
struct ClippingAgreementTests {
    /// A fixed 38 pt row, insets 14 (top) and 6 (bottom), one label of one 23.5 pt line (the
    /// style's line height). The insets are required: the label gets 38 − 14 − 6 = 18 pt and
    /// needs 23.5, so 14 + 23.5 + 6 − 38 = 5.5 pt is clipped (docs/layout.md, Rows: Height).
    @Test func fixedRowWithInsets() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          caption: { font: text, model: fixed, size: 17, lineHeight: 23.5 }
        devices: ["iPhone SE (1st gen)"]
        categories: [L]
        screens:
          - name: Home
            rows:
              - { name: r, height: 38, insets: { top: 14, bottom: 6 }, labels: [{ name: title, style: caption, text: "Inbox", lines: 1 }] }
        """.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let run = try AuditPipeline(plan: plan, options: AuditOptions(categories: [.large], keepLayouts: true)).run()
        let layout = try #require(run.layouts.first)
        let row = try #require(layout.layout.rows.first)
        #expect(row.labels.first?.height == 23.5)
        #expect(row.contentBottom == 38 - 6)
        #expect(abs(row.clippedBy - 5.5) < 1e-9)
        // What `typefit layout` prints for the label.
        let summary = LayoutSummary(layout)
        #expect(summary.labels.map(\.clipped) == [true])
        // What the audit reports for the row.
        let clipped = run.document.findings.filter { $0.checkId == "text.clipped" }
        #expect(clipped.count == 1)
        #expect(abs((clipped.first?.figures["clippedBy"] ?? 0) - 5.5) < 1e-9)
    }
}
