@testable import Audit
import DynamicType
import Foundation
import TestSupport
import Reports
import Testing

@Suite struct ReportAssemblerTests {
    func snapshot(category: String, device: String = "iPhone 16") -> ScreenSnapshot {
        let labelSnapshot = LabelSnapshot(name: "title", x: 16, y: 11.00049, width: 200, height: 20.5, font: "Inter-Regular",
                                          pointSize: 17, lineHeight: 20.57386, baselineOffset: 16.46875,
                                          lines: ["Einstellungen für …"], lineWidths: [199.9996], rightToLeft: false,
                                          truncated: true, clipped: false, inkOverflow: 0, hasFindings: false)
        return ScreenSnapshot(screen: "Settings", device: device, category: category, locale: "de", width: 320,
                              height: 568, scale: 2, contentTop: 64, contentHeight: 455, rows: [
                                  RowSnapshot(name: "notifications", height: 44, clippedBy: 0, labels: [labelSnapshot]),
                              ], rowsVisible: 455.0 / 44, fullyVisibleRows: 10)
    }

    /// A key typo's did-you-mean (in the message of `string.missing-key`, a check without figures)
    /// reaches the terminal and report.md, not only report.json.
    @Test func didYouMeanReachesTheTerminalAndMarkdown() throws {
        let check = StringMissingKeyCheck()
        let input = try #require(check.examples.first { $0.description == "a typo of an existing key" }).input
        let document = ReportAssembler.assemble(
            tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: Scope(categories: [], devices: [], locales: ["en"]),
            checks: [check.descriptor()], findings: check.run(input, context: .default), screens: [], fonts: [],
            baseline: nil, failOn: .error)
        let hint = "did you mean “settings.health”?"
        #expect(String(decoding: document.jsonData(), as: UTF8.self).contains(hint))
        #expect(TerminalReporter.render(document, colors: false, verbose: true).contains(hint))
        #expect(MarkdownReporter.render(document).contains(hint))
    }

    @Test func normalizesTheDocument() throws {
        let scope = Scope(categories: ContentSizeCategory.allCases.map(\.uikitName), devices: ["iPhone SE (1st gen)", "iPhone 16"], locales: ["de"])
        var truncated = try #require(TextTruncatedCheck().run(AuditInput(labels: [label()]), context: .default).first)
        truncated.figures["neededWidth"] = 231.40049  // rounds to 231.4
        let metrics = Finding(checkId: "font.metrics", severity: .info, message: "m", font: "Roboto-Regular",
                              figures: ["spread": 2701.0 / 2400 - 1])
        let screens = [snapshot(category: "accessibilityExtraLarge"), snapshot(category: "large"),
                       snapshot(category: "large", device: "iPhone SE (1st gen)"),
                       snapshot(category: "accessibilityExtraLarge", device: "iPhone SE (1st gen)")]
        let document = ReportAssembler.assemble(
            tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: scope,
            checks: [TextTruncatedCheck().descriptor(), FontMetricsCheck().descriptor()],
            findings: [metrics, truncated], screens: screens,
            fonts: [FontInfo(id: "Roboto-Regular", family: "Roboto", style: "Regular", path: "Fonts/Roboto/Roboto-Regular.ttf"),
                    FontInfo(id: "Inter-Regular", family: "Inter", style: "Regular", path: "Fonts/Inter/Inter-Regular.otf")],
            baseline: nil, failOn: .error)
        #expect(document.checks.map(\.id) == ["font.metrics", "text.truncated"])
        // Project-wide groups (no screen) first.
        #expect(document.groups.map(\.checkId) == ["font.metrics", "text.truncated"])
        #expect(document.groups[1].worst["neededWidth"] == 231.4)
        // 2701 / 2400 − 1 = 0.1254166… → 0.125.
        #expect(document.groups[0].worst["spread"] == 0.125)
        #expect(document.exitCode == 1)
        // Rows visible from every snapshot: 455 / 44 = 10.340909… → 10.341 at L and AX3 on both devices.
        #expect(document.rowsVisible.map(\.device) == ["iPhone SE (1st gen)", "iPhone 16"])
        #expect(document.rowsVisible[0].values[3] == 10.341 && document.rowsVisible[0].values[9] == 10.341)
        #expect(document.rowsVisible[0].values[0] == nil)
        // Mockups: only where the new truncation happens (AX3 on the SE); the fonts it uses.
        #expect(document.screens.map { "\($0.device)@\($0.category)" } == ["iPhone SE (1st gen)@accessibilityExtraLarge"])
        #expect(document.mockups == MockupSummary(cap: ReportDocument.defaultMockupCap, omitted: 0))
        #expect(document.fonts.map(\.id) == ["Inter-Regular"])
        // 11.00049 → 11.0; 20.57386 → 20.574; 199.9996 → 200.0; the label is flagged.
        let labelSnapshot = document.screens[0].rows[0].labels[0]
        #expect(labelSnapshot.y == 11.0 && labelSnapshot.lineHeight == 20.574 && labelSnapshot.lineWidths == [200.0])
        #expect(labelSnapshot.hasFindings)
        #expect(document.generatedAt == nil)
        // Input order does not change the document.
        let again = ReportAssembler.assemble(
            tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: scope,
            checks: [FontMetricsCheck().descriptor(), TextTruncatedCheck().descriptor()],
            findings: [truncated, metrics], screens: screens.reversed(),
            fonts: [FontInfo(id: "Inter-Regular", family: "Inter", style: "Regular", path: "Fonts/Inter/Inter-Regular.otf"),
                    FontInfo(id: "Roboto-Regular", family: "Roboto", style: "Regular", path: "Fonts/Roboto/Roboto-Regular.ttf")],
            baseline: nil, failOn: .error)
        #expect(again == document)
    }

    /// Against a baseline: a baselined group keeps its mockup (after the new groups') and does not
    /// fail; a group that spread is worse and fails; a baseline group that no longer occurs is fixed.
    @Test func againstABaseline() throws {
        let scope = Scope(categories: ContentSizeCategory.allCases.map(\.uikitName), devices: ["iPhone SE (1st gen)", "iPhone 16"], locales: ["de"])
        let ax3 = try #require(TextTruncatedCheck().run(AuditInput(labels: [label()]), context: .default).first)
        var gone = ax3
        gone.stringKey = "settings.gone"
        gone.row = "gone"
        let baseline = Baseline(findings: [ax3, gone], toolVersion: "0.1.0")
        var ax4 = ax3
        ax4.category = .accessibilityExtraExtraLarge
        let screens = [snapshot(category: "accessibilityExtraLarge", device: "iPhone SE (1st gen)")]
        func run(_ findings: [Finding]) -> ReportDocument {
            ReportAssembler.assemble(tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: scope,
                                     checks: [TextTruncatedCheck().descriptor()], findings: findings, screens: screens,
                                     fonts: [], baseline: (baseline, path: "b.json"), failOn: .error)
        }
        let same = run([ax3])
        #expect(same.groups.map(\.status) == [.baselined])
        #expect(same.exitCode == 0)
        #expect(same.screens.map(\.category) == ["accessibilityExtraLarge"] && same.mockups.omitted == 0)
        #expect(same.fixed.map(\.key.stringKey) == ["settings.gone"])
        #expect(same.baseline == "b.json")
        let spread = run([ax3, ax4])
        #expect(spread.groups.map(\.status) == [.worse])
        #expect(spread.groups[0].worseIn == ["categories"])
        #expect(spread.exitCode == 1)
        // Its worst occurrence (AX4) has no snapshot here: counted as left out.
        #expect(spread.screens.isEmpty && spread.mockups.omitted == 1)
        // --update-baseline: the run against the baseline made from it passes, nothing is fixed.
        let made = Baseline(groups: spread.groups, toolVersion: "0.1.0")
        let updated = ReportAssembler.applying((made, path: "b.json"), to: spread)
        #expect(updated.groups.map(\.status) == [.baselined] && updated.fixed.isEmpty && updated.exitCode == 0)
    }
}

@Suite struct FindingGroupTests {
    @Test func groupsCategoriesOfOneLabel() throws {
        // The same German label truncated at AX3, Large and AX1, plus the same label in French at AX1.
        let categories: [ContentSizeCategory] = [.accessibilityExtraLarge, .large, .accessibilityMedium]
        var observations = categories.map { label(category: $0) }
        var french = label(category: .accessibilityMedium)
        french.locale = "fr"
        observations.append(french)
        let findings = TextTruncatedCheck().run(AuditInput(labels: observations), context: .default)
        #expect(findings.count == 4)
        let grouped = groups(findings)
        #expect(grouped.count == 2)
        #expect(grouped.map { $0.key.locale } == ["de", "fr"])
        #expect(grouped[0].categories == ["large", "accessibilityMedium", "accessibilityExtraLarge"])
        #expect(grouped[1].categories == ["accessibilityMedium"])
        #expect(grouped.allSatisfy { $0.severity == .error && $0.isNew })
        // Grouping keeps every occurrence.
        #expect(grouped.flatMap(\.findings).count == findings.count)
    }
}

/// The baseline is written only after the reports were, and never inside the output folder.
@Suite struct AuditOutputTests {
    func document() -> ReportDocument {
        ReportDocument(tool: ToolInfo(version: "1"), config: "c.yml", scope: Scope(categories: [], devices: [], locales: []),
                       checks: [], groups: [], screens: [], fonts: [])
    }

    @Test func baselineNotWrittenWhenReportsFail() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let notAFolder = dir.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: notAFolder)
        let baselinePath = dir.appendingPathComponent("typefit-baseline.json").path
        try Baseline.write(sampleFindings(), toolVersion: "0.1.0", to: baselinePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: baselinePath))
        #expect(throws: ReportWriteError(path: notAFolder.path, reason: "exists and is not a directory")) {
            try AuditOutput.write(document(), formats: [.json], to: notAFolder.path,
                                  baseline: (Baseline(findings: [], toolVersion: "0.1.0"), path: baselinePath))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: baselinePath)) == before)
        // When the reports succeed, the baseline follows.
        let out = dir.appendingPathComponent("Reports")
        try AuditOutput.write(document(), formats: [.json], to: out.path,
                              baseline: (Baseline(findings: [], toolVersion: "0.1.0"), path: baselinePath))
        #expect(try Baseline.load(path: baselinePath).groups.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
    }

    @Test func baselineInsideTheOutputFolderIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("Reports").path
        let inside = out + "/sub/../typefit-baseline.json"
        #expect(throws: AuditError.writeFailed(path: inside, reason: "the baseline is inside the output folder \(out); keep it outside the reports")) {
            try AuditOutput.write(document(), formats: [.json], to: out,
                                  baseline: (Baseline(findings: [], toolVersion: "0.1.0"), path: inside))
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // Through a symlink to the folder too.
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: out)
        #expect(throws: AuditError.self) { try AuditOutput.checkBaseline(link + "/b.json", outsideOf: out) }
        // A sibling whose name starts like the folder is outside.
        try AuditOutput.checkBaseline(dir.appendingPathComponent("Reports-baseline.json").path, outsideOf: out)
    }
}
