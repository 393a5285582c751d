import Audit
import Foundation
import TestSupport
import Layout
import Reports
import Testing
@testable import TypeFit

/// The audit pipeline's stages, each on its own: plan (typed ids), layout of a unit, scoped check
/// settings, and the whole run on one and two threads.
@Suite("Audit pipeline")
struct AuditPipelineTests {
    /// A folder with `typefit.yml` and `strings/en.strings`.
    func project(_ screens: String, strings: String = "\"greeting\" = \"Hi\";\n", checks: String = "") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("strings"), withIntermediateDirectories: true)
        let yaml = """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)"]
        categories: [L, AX5]
        strings: [strings]
        \(checks)
        screens:
        \(screens)
        """
        try yaml.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        try strings.write(to: dir.appendingPathComponent("strings/en.strings"), atomically: true, encoding: .utf8)
        return dir
    }

    /// A screen with a row `a` repeated 3 times and a row `a b`.
    static let rowsAandAB = """
          - name: List
            rows:
              - { name: a, repeat: 3, labels: [{ name: t, style: body, text: "Short" }] }
              - { name: a b, labels: [{ name: t, style: body, text: "Another" }] }
    """

    /// Rows named `a` and `a b` are two rows with their own ids: nothing matches a row by a name
    /// prefix, and a repeated row stays one planned row with its count.
    @Test func planHasTypedIDs() throws {
        let dir = try project(Self.rowsAandAB)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let rows = plan.screens[0].rows
        #expect(rows.map(\.name) == ["a", "a b"])
        #expect(rows.map(\.id) == [RowID(screen: ScreenID(0), index: 0), RowID(screen: ScreenID(0), index: 1)])
        #expect(rows.map(\.repeatCount) == [3, 1])
        #expect(plan.label(LabelID(row: rows[1].id, index: 0)).texts[0].map(\.text) == ["Another"])
        // One unit (1 screen × 1 locale); cost = characters ("Short" 5 + "Another" 7 = 12) × 1 device × 2 categories.
        #expect(plan.units().map(\.cost) == [24])
    }

    /// A row repeated 3 times is laid out once and shown 3 times; the layout of `a b` is its own.
    /// Each row self-sizes to 44 pt minimum (one 17 pt body line: 22 pt + 11 + 11 insets = 44).
    @Test func repeatedRowsAreCopies() throws {
        let dir = try project(Self.rowsAandAB)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        var options = AuditOptions(categories: [.large], keepLayouts: true)
        options.runChecks = false
        let run = try AuditPipeline(plan: plan, options: options).run()
        #expect(run.layouts.count == 1)
        let layout = try #require(run.layouts.first)
        #expect(layout.rows.map(\.index) == [0, 0, 0, 1])
        #expect(layout.layout.rows.count == 4)
        #expect(layout.layout.rowHeights == [44, 44, 44, 44])
        #expect(layout.layout.rows[0] == layout.layout.rows[2])
        let summary = LayoutSummary(layout)
        #expect(summary.labels.map(\.row) == ["a", "a b"])
    }

    /// `checks:` on a label disables a check for that label only; on a row it changes the severity
    /// of that row's findings only. Both labels hold a text far wider than the 288 pt label.
    @Test func checkSettingsPerLabelAndRow() throws {
        let long = String(repeating: "Wide words ", count: 8)
        let dir = try project("""
          - name: Detail
            rows:
              - name: one
                checks: { severity: { text.truncated: warning } }
                labels: [{ name: t, style: body, text: "\(long)" }]
              - name: two
                labels: [{ name: t, style: body, text: "\(long)", checks: { disabled: [text.truncated] } }]
              - name: three
                labels: [{ name: t, style: body, text: "\(long)" }]
        """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        let truncated = run.document.findings.filter { $0.checkId == "text.truncated" }
        // 2 categories each for rows one and three; none for two.
        #expect(truncated.filter { $0.row == "one" }.map(\.severity) == [.warning, .warning])
        #expect(truncated.filter { $0.row == "two" }.isEmpty)
        #expect(truncated.filter { $0.row == "three" }.map(\.severity) == [.error, .error])
    }

    /// An unknown check id in a label's `checks:` names its position.
    @Test func scopedUnknownCheckIsPositioned() throws {
        let dir = try project("""
          - name: Detail
            rows:
              - name: one
                labels: [{ name: t, style: body, text: "Hi", checks: { disabled: [text.truncatd] } }]
        """)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            _ = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("typefit.yml:13:") && text.contains("did you mean 'text.truncated'?")
        }
    }

    /// `repeat` above the limit fails while parsing, before any layout.
    @Test func repeatLimitIsCheckedFirst() throws {
        let dir = try project("""
          - name: List
            rows:
              - { name: a, repeat: 1000000, labels: [{ name: t, style: body, text: "x" }] }
        """)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            _ = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        } throws: { error in
            String(describing: error).contains("repeat 1000000 is more than 1000 rows")
        }
    }

    /// `--update-baseline` needs no second audit: applying the written baseline to the run's own
    /// findings makes every finding known, and the run passes.
    @Test func applyingABaselineReassembles() throws {
        let config = Repository.root.appendingPathComponent("Examples/Wayfell/typefit.yml").path
        let run = try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "x", threads: 2))
        let baseline = Baseline(groups: run.document.groups, toolVersion: "test")
        let compared = ReportAssembler.applying((baseline, path: "b.json"), to: run.document)
        #expect(compared.findings.count == run.document.findings.count)
        #expect(compared.findings.count == run.findings.count)
        #expect(compared.groups.allSatisfy { $0.status == .baselined })
        #expect(compared.exitCode == 0)
        #expect(compared.baseline == "b.json")
    }
}

/// Units go to workers by locale (each locale's words in one worker's caches), every unit once.
@Suite struct UnitSchedulerTests {
    /// 3 screens × 4 locales; locale costs 40, 30, 20, 10 per screen. Greedy by cost onto the
    /// least loaded of 2 workers: 40 → worker 0, 30 → worker 1, 20 → worker 1 (30 < 40),
    /// 10 → worker 0 (40 < 50): worker 0 runs locales 0 and 3, worker 1 locales 1 and 2 (150 each).
    static let units: [AuditUnit] = (0..<3).flatMap { s in
        (0..<4).map { l in AuditUnit(screen: ScreenID(s), locale: l, cost: [40, 30, 20, 10][l]) }
    }

    @Test func eachWorkerRunsItsOwnLocalesInPlanOrder() {
        let scheduler = UnitScheduler(Self.units, workers: 2)
        var first: [Int] = [], second: [Int] = []
        for _ in 0..<6 {
            first.append(scheduler.take(worker: 0)!)
            second.append(scheduler.take(worker: 1)!)
        }
        #expect(first.map { Self.units[$0].locale } == [0, 3, 0, 3, 0, 3])
        #expect(second.map { Self.units[$0].locale } == [1, 2, 1, 2, 1, 2])
        #expect(first.map { Self.units[$0].screen.index } == [0, 0, 1, 1, 2, 2])
        #expect(scheduler.take(worker: 0) == nil && scheduler.take(worker: 1) == nil)
    }

    /// A worker that runs out takes the other's last units; nothing is handed out twice.
    @Test func anIdleWorkerTakesFromTheBackOfTheOther() {
        let scheduler = UnitScheduler(Self.units, workers: 2)
        var taken: [Int] = []
        while let index = scheduler.take(worker: 1) { taken.append(index) }
        // Its own six units in order, then worker 0's from the back: (2, 3), (2, 0), (1, 3), …
        #expect(taken.count == 12)
        #expect(Set(taken).count == 12)
        #expect(taken.prefix(6).map { Self.units[$0].locale } == [1, 2, 1, 2, 1, 2])
        #expect(taken.dropFirst(6).map { Self.units[$0].locale } == [3, 0, 3, 0, 3, 0])
        #expect(taken.dropFirst(6).map { Self.units[$0].screen.index } == [2, 2, 1, 1, 0, 0])
        #expect(scheduler.take(worker: 0) == nil)
    }

    @Test func oneWorkerRunsThePlanInOrder() {
        let scheduler = UnitScheduler(Self.units, workers: 1)
        var taken: [Int] = []
        while let index = scheduler.take(worker: 0) { taken.append(index) }
        #expect(taken == Array(0..<12))
    }
}
