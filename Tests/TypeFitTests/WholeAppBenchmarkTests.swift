import Foundation
import TestSupport
import Layout
import Testing
import TypeFit

/// The whole-app bench's config, written for a small made-up app: it must plan as described
/// (20-row screens, the four styles in turn with their line limits, every locale).
@Suite("Whole-app bench config")
struct WholeAppBenchmarkTests {
    @Test func configPlansAsDescribed() throws {
        let root = Repository.root
        let dir = try temporaryDirectory("typefit-whole-app")
        defer { try? FileManager.default.removeItem(at: dir) }
        // 21 keys: screen 1 holds 20 rows, screen 2 the 21st.
        let keys = (1...21).map { String(format: "key.%02d", $0) }
        try keys.map { "\"\($0)\" = \"Value \($0)\";" }.joined(separator: "\n")
            .write(to: dir.appendingPathComponent("en.strings"), atomically: true, encoding: .utf8)
        try keys.map { "\"\($0)\" = \"Wert \($0)\";" }.joined(separator: "\n")
            .write(to: dir.appendingPathComponent("de.strings"), atomically: true, encoding: .utf8)
        let yaml = WholeAppBenchmark.config(corpus: dir, fonts: root.appendingPathComponent("Fonts").path, keys: keys,
                                            locales: ["en", "de"])
        let file = dir.appendingPathComponent("typefit.yml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let plan = try AuditPlan.load(path: file.path)
        #expect(plan.screens.map { $0.rows.count } == [20, 1])
        #expect(plan.locales == ["en", "de"])
        #expect(plan.devices.map(\.name) == ["iPhone SE (1st generation)", "iPhone 16"])
        #expect(plan.categories.count == 12)
        let first = plan.screens[0].rows.prefix(5).map { plan.style($0.labels[0].style).name }
        #expect(first == ["headline", "body", "subheadline", "footnote", "headline"])
        #expect(plan.screens[0].rows.prefix(4).map { $0.labels[0].lines } == [1, 0, 2, 3])
        #expect(plan.screens[1].rows[0].labels[0].texts.map { $0[0].text } == ["Value key.21", "Wert key.21"])
        #expect(plan.fallbackFonts["Hebr"].map { plan.font($0).name } == "hebrew")
    }
}
