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
        var large = label(category: .large)
        large.neededWidth = 230
        let ax = label(category: .accessibilityExtraLarge)
        let xs = label(category: .extraSmall)
        let findings = try Auditor().run(AuditInput(labels: [ax, large, xs]))
        #expect(findings.map(\.category) == [.extraSmall, .large, .accessibilityExtraLarge])
    }
}
