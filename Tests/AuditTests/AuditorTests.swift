import Audit
import Foundation
import Reports
import Testing

@Suite struct AuditorTests {
    /// One input that trips text.truncated (231.4 > 200), style.not-scaling and style.too-small (9 pt flat).
    func input() -> AuditInput {
        AuditInput(labels: [label()], styles: [StyleObservation(style: "fine-print", font: "Roboto-Regular",
                                                                model: "disabled", pointSizes: Array(repeating: 9, count: 12))])
    }

    @Test func runsEveryCheckByDefault() throws {
        let auditor = try Auditor()
        #expect(auditor.checks.map(\.id) == CheckRegistry.ids)
        let findings = auditor.run(input())
        #expect(findings.map(\.checkId) == ["style.not-scaling", "text.truncated", "style.too-small"])
        // Errors first, then warnings.
        #expect(findings.map(\.severity) == [.error, .error, .warning])
    }

    @Test func overridesAndDisabledChecks() throws {
        let configuration = AuditConfiguration(severityOverrides: ["text.truncated": .warning],
                                               disabledChecks: ["style.not-scaling"])
        let auditor = try Auditor(configuration: configuration)
        #expect(!auditor.checks.contains { $0.id == "style.not-scaling" })
        let descriptor = try #require(auditor.descriptors.first { $0.id == "text.truncated" })
        #expect(descriptor.severity == .warning && descriptor.defaultSeverity == .error)
        let findings = auditor.run(input())
        #expect(findings.map(\.checkId) == ["style.too-small", "text.truncated"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(AuditOutcome.exitCode(findings: findings, failOn: .error) == 0)
        #expect(AuditOutcome.exitCode(findings: findings, failOn: .warning) == 1)
    }

    @Test func unknownIdsInTheConfigurationAreRejected() {
        do {
            _ = try Auditor(configuration: AuditConfiguration(disabledChecks: ["text.clip"]), origin: "typefit.yml")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "typefit.yml: unknown check id 'text.clip' (did you mean 'text.clipped'?); `typefit checks` lists them")
        }
    }

    @Test func findingsSortByCategoryOrderNotAlphabet() throws {
        var large = label(category: "large")
        large.neededWidth = 230
        let ax = label(category: "accessibilityExtraLarge")
        let xs = label(category: "extraSmall")
        let findings = try Auditor().run(AuditInput(labels: [ax, large, xs]))
        #expect(findings.map(\.category) == ["extraSmall", "large", "accessibilityExtraLarge"])
    }
}

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

    @Test func normalizesTheDocument() throws {
        let scope = Scope(categories: CategoryOrder.names, devices: ["iPhone SE (1st gen)", "iPhone 16"], locales: ["de"])
        var truncated = try #require(TextTruncatedCheck().run(AuditInput(labels: [label()]), context: .default).first)
        truncated.figures["neededWidth"] = 231.40049  // rounds to 231.4
        let metrics = Finding(checkId: "font.metrics", severity: .info, message: "m", font: "Roboto-Regular",
                              figures: ["spread": 2701.0 / 2400 - 1])
        let document = ReportAssembler.assemble(
            tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: scope,
            checks: [TextTruncatedCheck().descriptor(), FontMetricsCheck().descriptor()],
            findings: [metrics, truncated],
            screens: [snapshot(category: "accessibilityExtraLarge"), snapshot(category: "large"),
                      snapshot(category: "large", device: "iPhone SE (1st gen)"),
                      snapshot(category: "accessibilityExtraLarge", device: "iPhone SE (1st gen)")],
            fonts: [FontInfo(id: "Roboto-Regular", family: "Roboto", style: "Regular", path: "Fonts/Roboto/Roboto-Regular.ttf"),
                    FontInfo(id: "Inter-Regular", family: "Inter", style: "Regular", path: "Fonts/Inter/Inter-Regular.otf")],
            baseline: nil, failOn: .error)
        #expect(document.checks.map(\.id) == ["font.metrics", "text.truncated"])
        #expect(document.findings.map(\.checkId) == ["text.truncated", "font.metrics"])
        #expect(document.findings[0].figures["neededWidth"] == 231.4)
        // 2701 / 2400 − 1 = 0.1254166… → 0.125.
        #expect(document.findings[1].figures["spread"] == 0.125)
        #expect(document.fonts.map(\.id) == ["Inter-Regular", "Roboto-Regular"])
        // Screens in scope order: device order, then category order.
        #expect(document.screens.map { "\($0.device)@\($0.category)" } == [
            "iPhone SE (1st gen)@large", "iPhone SE (1st gen)@accessibilityExtraLarge",
            "iPhone 16@large", "iPhone 16@accessibilityExtraLarge",
        ])
        // 455 / 44 = 10.340909… → 10.341; 11.00049 → 11.0; 20.57386 → 20.574; 199.9996 → 200.0.
        let screen = document.screens[1]
        #expect(screen.rowsVisible == 10.341)
        let labelSnapshot = screen.rows[0].labels[0]
        #expect(labelSnapshot.y == 11.0 && labelSnapshot.lineHeight == 20.574 && labelSnapshot.lineWidths == [200.0])
        // The truncated finding names this label at AX3 on the SE, so only that snapshot is flagged.
        #expect(document.screens.map { $0.rows[0].labels[0].hasFindings } == [false, true, false, false])
        #expect(document.generatedAt == nil)
        // Input order does not change the document.
        let again = ReportAssembler.assemble(
            tool: ToolInfo(version: "0.1.0"), config: "typefit.yml", scope: scope,
            checks: [FontMetricsCheck().descriptor(), TextTruncatedCheck().descriptor()],
            findings: [truncated, metrics],
            screens: document.screens.reversed(), fonts: document.fonts.reversed(), baseline: nil, failOn: .error)
        #expect(again == document)
    }

    @Test func roundingHalvesAwayFromZeroAndDropsNegativeZero() {
        #expect(ReportAssembler.round3(0.0005) == 0.001)
        #expect(ReportAssembler.round3(-0.0004).sign == .plus)
        #expect(ReportAssembler.round3(1.23449) == 1.234)
    }
}

@Suite struct FindingGroupTests {
    @Test func groupsCategoriesOfOneLabel() throws {
        // The same German label truncated at AX3, Large and AX1, plus the same label in French at AX1.
        let categories = ["accessibilityExtraLarge", "large", "accessibilityMedium"]
        var observations = categories.map { label(category: $0) }
        var french = label(category: "accessibilityMedium")
        french.locale = "fr"
        observations.append(french)
        let findings = TextTruncatedCheck().run(AuditInput(labels: observations), context: .default)
        #expect(findings.count == 4)
        let groups = FindingGroup.grouped(findings)
        #expect(groups.count == 2)
        #expect(groups[0].first.locale == "de")
        #expect(groups[0].categories == ["large", "accessibilityMedium", "accessibilityExtraLarge"])
        #expect(groups[0].first.category == "large")
        #expect(groups[1].categories == ["accessibilityMedium"])
        #expect(groups.allSatisfy { $0.severity == .error && $0.isNew })
        // Grouping keeps every finding (and so every baseline identity).
        #expect(groups.flatMap(\.findings).count == findings.count)
    }
}
