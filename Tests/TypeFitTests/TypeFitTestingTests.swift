import Audit
import DynamicType
import Foundation
import TestSupport
import Reports
import Testing
import TypeFit
import TypeFitTesting

/// TypeFitAssertions on the bundled Contacts example (Examples/Contacts/typefit.yml).
///
/// Widths are from `hb-shape --output-format=json` (sum of `ax`, font units; Inter unitsPerEm 2816):
/// * "Alexandra Johnson-Whitfield" in Inter-SemiBold: 39779 units → 240.14 pt at 17 pt (headline at
///   Large), 197.76 pt at 14 pt (xS).
/// * "Alexandra Johnson-Whitfield of Montgomery-Fitzgerald": 76391 units → 379.78 pt at 14 pt.
/// Content width of a contact row (docs/layout.md): width − 2 × 16 − (40 + 16) − (24 + 16):
/// 192 pt on the 320 pt iPhone SE (1st gen), 265 pt on the 393 pt iPhone 16.
@Suite struct TypeFitTestingTests {
    static let contacts = Repository.root.appendingPathComponent("Examples/Contacts/typefit.yml").path

    @Test func contactsExampleFailsWithoutABaseline() throws {
        let findings = try TypeFitAssertions.newFindings(config: Self.contacts, baseline: nil)
        #expect(!findings.isEmpty && findings.allSatisfy(\.isNew))
        // 240.14 pt > 192 pt: the single-line name is truncated at Large on the SE …
        #expect(39779.0 * 17 / 2816 > 192)
        #expect(findings.contains {
            $0.checkId == "text.truncated" && $0.label == "name" && $0.category == .large
                && $0.device == "iPhone SE (1st generation)"
        })
        // … but 240.14 pt ≤ 265 pt: not on the iPhone 16.
        #expect(!findings.contains {
            $0.checkId == "text.truncated" && $0.label == "name" && $0.category == .large && $0.device == "iPhone 16"
        })
        do {
            try TypeFitAssertions.requireNoNewFindings(config: Self.contacts, baseline: nil)
            Issue.record("expected NewFindingsError")
        } catch let error as NewFindingsError {
            #expect(error.failOn == .error)  // the example's checks.failOn
            #expect(error.findings.allSatisfy { $0.severity == .error })
            let text = error.description
            #expect(text.hasPrefix("\(Self.contacts): \(error.groups.count) new groups of findings "
                + "(\(error.findings.count) occurrences) at or above error (no baseline):\n"))
            // One line per group, each with its own figures: the name (headline, HIG 14 pt at xS,
            // 19 pt at xL) needs 39779 × 14 / 2816 = 197.76 pt > 192 pt on the SE from xS, and
            // 39779 × 19 / 2816 = 268.40 pt > 265 pt on the iPhone 16 only from xL (17 pt: 240.14 pt fits).
            let lines = text.split(separator: "\n").dropFirst()
            #expect(lines.count == error.groups.count)
            #expect(39779.0 * 14 / 2816 > 192 && 39779.0 * 17 / 2816 <= 265 && 39779.0 * 19 / 2816 > 265)
            let name = lines.filter { $0.contains("text.truncated") && $0.contains("Contacts / contact / name") }
            #expect(name.count == 1)
            #expect(name.first?.contains("text is truncated from xS to AX5 on iPhone SE (1st generation); "
                + "from xL to AX5 on iPhone 16") == true, "\(name)")
        }
    }

    @Test func contactsExamplePassesAgainstItsOwnBaseline() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("baseline.json").path
        let all = try TypeFitAssertions.newFindings(config: Self.contacts)
        try Baseline.write(all, toolVersion: TypeFitVersion.string, to: baseline)
        #expect(try TypeFitAssertions.newFindings(config: Self.contacts, baseline: baseline).isEmpty)
        try TypeFitAssertions.requireNoNewFindings(config: Self.contacts, baseline: baseline)
        // Without the baseline only warnings and infos are tolerated by failOn: info.
        #expect(throws: NewFindingsError.self) {
            try TypeFitAssertions.requireNoNewFindings(config: Self.contacts, baseline: nil, failOn: .info)
        }
    }

    @Test func aMuchLongerNameFailsNamingTheLabelAndCategory() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("baseline.json").path
        try Baseline.write(try TypeFitAssertions.newFindings(config: Self.contacts), toolVersion: TypeFitVersion.string,
                           to: baseline)
        // The copy points at the bundled fonts by absolute path and has a much longer name.
        var yaml = try String(contentsOfFile: Self.contacts, encoding: .utf8)
        let fonts = Repository.root.appendingPathComponent("Fonts").path
        yaml = yaml.replacingOccurrences(of: "../../Fonts", with: fonts)
        #expect(yaml.contains("\"Alexandra Johnson-Whitfield\""))
        yaml = yaml.replacingOccurrences(of: "\"Alexandra Johnson-Whitfield\"",
                                         with: "\"Alexandra Johnson-Whitfield of Montgomery-Fitzgerald\"")
        let copy = dir.appendingPathComponent("typefit.yml")
        try Data(yaml.utf8).write(to: copy, options: .atomic)

        // At xS on the iPhone 16 the old name fit (197.76 ≤ 265) and is not in the baseline; the
        // new one needs 379.78 pt > 265 pt: a new text.truncated finding.
        #expect(39779.0 * 14 / 2816 <= 265 && 76391.0 * 14 / 2816 > 265)
        let new = try TypeFitAssertions.newFindings(config: copy.path, baseline: baseline)
        #expect(new.contains {
            $0.checkId == "text.truncated" && $0.label == "name" && $0.category == .extraSmall && $0.device == "iPhone 16"
        })
        #expect(new.allSatisfy { $0.label == "name" })
        do {
            try TypeFitAssertions.requireNoNewFindings(config: copy.path, baseline: baseline)
            Issue.record("expected NewFindingsError")
        } catch let error as NewFindingsError {
            #expect(error.description.contains("not in the baseline \(baseline)"))
            // The longer name: 76391 × 14 / 2816 = 379.78 pt > 265 pt, so from xS on both devices.
            #expect(error.description.contains("Contacts / contact / name (en): text is truncated from xS to AX5 on "
                + "iPhone SE (1st generation) and iPhone 16"))
            #expect(error.description.contains("Montgomery"))
        }
    }

    @Test func badConfigThrowsAOneLineError() throws {
        let missing = Repository.root.appendingPathComponent("Examples/NoSuch/typefit.yml").path
        do {
            _ = try TypeFitAssertions.newFindings(config: missing)
            Issue.record("expected an error")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("NoSuch/typefit.yml") && !text.contains("\n"))
        }
    }
}
