import Foundation
import Layout
import TestSupport
import Testing
@testable import TypeFit

/// A single-line label with autoshrink is judged as UIKit draws it: at the shrunk size.
@Suite("Autoshrink and truncation")
struct AutoshrinkTruncationTests {
    func project(_ text: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-shrink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)"]
        categories: [L]
        screens:
          - name: Home
            rows:
              - { name: r, labels: [{ name: title, style: body, text: "\(text)", lines: 1, autoshrink: 0.6 }] }
        """.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        return dir
    }

    func audit(_ text: String) throws -> (LabelLayout, [String]) {
        let dir = try project(text)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let run = try AuditPipeline(plan: plan, options: AuditOptions(categories: [.large], keepLayouts: true)).run()
        let label = try #require(run.layouts.first?.layout.rows.first?.labels.first?.label)
        return (label, run.document.findings.filter { $0.checkId == "text.truncated" }.map(\.message))
    }

    /// Wider than the 288 pt label at 17 pt (320 pt screen − 2 × 16 pt margins), so autoshrink
    /// draws it a little smaller and the whole text fits: no `text.truncated`.
    @Test func shrunkToFitIsNotTruncated() throws {
        let (label, truncated) = try audit("Notifications for every account you follow")
        #expect(label.width == 288)
        #expect(label.neededWidth > label.width)          // too wide at the requested size
        #expect(label.shrinkFactor < 1 && label.shrinkFactor > 0.6)
        #expect(!label.truncated)
        #expect(label.drawnWidth <= label.width + 0.01)    // fits as drawn
        // The drawn width is the requested one scaled by the factor (Inter has no letter spacing here).
        #expect(abs(label.drawnWidth - label.neededWidth * label.shrinkFactor) < 0.01)
        #expect(truncated.isEmpty)
    }

    /// Too wide even at 0.6 × 17 = 10.2 pt: truncated, and the finding quotes the width as drawn.
    @Test func tooWideEvenShrunkIsTruncated() throws {
        let text = String(repeating: "Notifications for every account ", count: 3)
        let (label, truncated) = try audit(text)
        #expect(label.truncated)
        #expect(abs(label.pointSize - 10.2) < 1e-9)
        #expect(truncated.count == 1)
        #expect(truncated.first?.contains("needs \(String(format: "%.1f", label.drawnWidth)) pt") == true)
    }
}
