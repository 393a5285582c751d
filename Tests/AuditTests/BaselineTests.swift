@testable import Audit
import DynamicType
import Foundation
import TestSupport
import Reports
import Testing

func sampleFindings() -> [Finding] {
    [
        Finding(checkId: "text.truncated", severity: .error, message: "“A” needs 231.4 pt but the label has 200.0 pt",
                screen: "Settings", row: "notifications", label: "title", device: "iPhone SE (1st gen)",
                category: .accessibilityExtraLarge, locale: "de", style: "body", font: "Inter-Regular",
                stringKey: "settings.notifications", figures: ["neededWidth": 231.4, "availableWidth": 200]),
        Finding(checkId: "font.metrics", severity: .info, message: "Roboto-Regular line heights disagree by 12.5 %",
                font: "Roboto-Regular", figures: ["spread": 0.125]),
        Finding(checkId: "screen.rows-visible", severity: .warning, message: "Only 2 of 20 rows",
                screen: "Contacts", device: "iPhone 16", category: .accessibilityMedium, locale: "en",
                figures: ["rowsVisible": 2.5]),
    ]
}

/// Groups of `findings` in UIKit category order, devices as given.
func groups(_ findings: [Finding], devices: [String] = ["iPhone SE (1st gen)", "iPhone 16"]) -> [FindingGroup] {
    var grouper = FindingGrouper()
    grouper.add(findings)
    return grouper.groups(scope: Scope(categories: ContentSizeCategory.allCases.map(\.uikitName), devices: devices, locales: ["en", "de"]),
                          checks: CheckRegistry.all.map { $0.descriptor() })
}

@Suite struct BaselineTests {
    @Test func roundTripIsSortedAndDeterministic() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("typefit-baseline.json").path
        try Baseline.write(sampleFindings(), toolVersion: "0.1.0", to: path)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        // Same findings in another order → byte-identical file.
        try Baseline.write(sampleFindings().reversed(), toolVersion: "0.1.0", to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)
        let loaded = try Baseline.load(path: path)
        #expect(loaded == Baseline(findings: sampleFindings(), toolVersion: "0.1.0"))
        #expect(loaded.schemaVersion == Baseline.currentSchemaVersion)
        #expect(loaded.groups.map(\.key.checkId) == ["font.metrics", "screen.rows-visible", "text.truncated"])
        // A group records where it happens and its worst figures.
        #expect(loaded.groups[2].categories == ["accessibilityExtraLarge"])
        #expect(loaded.groups[2].devices == ["iPhone SE (1st gen)"])
        #expect(loaded.groups[2].worst == ["neededWidth": 231.4, "availableWidth": 200])
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"groups\"")!.lowerBound < text.range(of: "\"schemaVersion\"")!.lowerBound)
        // No temp files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["typefit-baseline.json"])
    }

    @Test func matchingIgnoresMessagesAndBetterFigures() {
        let baseline = Baseline(findings: sampleFindings(), toolVersion: "0.1.0")
        var moved = sampleFindings()
        moved[0].figures["neededWidth"] = 231.8  // 0.4 pt more: within the 0.5 tolerance
        moved[0].message = "“A” needs 231.8 pt but the label has 200.0 pt"
        moved[0].severity = .warning
        moved[0].source = SourceLocation(file: "de.lproj/Localizable.strings", line: 99)
        moved[2].figures["rowsVisible"] = 3  // more rows visible than 2.5: better
        let (applied, fixed) = baseline.apply(to: groups(moved))
        #expect(applied.map(\.status) == [.baselined, .baselined, .baselined])
        #expect(fixed.isEmpty)
    }

    /// A baselined group that got worse is new: it spread to another category or
    /// device, or needs more width or lines than the baseline's worst.
    @Test func aWorseGroupIsNew() throws {
        let base = sampleFindings()[0]  // text.truncated at AX3 on the SE, needs 231.4 of 200 pt
        let baseline = Baseline(findings: [base], toolVersion: "0.1.0")
        func status(_ findings: [Finding]) -> (GroupStatus, [String]?) {
            let g = baseline.apply(to: groups(findings)).groups
            return (g[0].status, g[0].worseIn)
        }
        var larger = base
        larger.category = .accessibilityExtraExtraLarge
        #expect(status([base, larger]) == (.worse, ["categories"]))
        var otherDevice = base
        otherDevice.device = "iPhone 16"
        #expect(status([base, otherDevice]) == (.worse, ["devices"]))
        var longer = base
        longer.figures["neededWidth"] = 312.9  // the string made longer: 312.9 > 231.4 + 0.5
        #expect(status([longer]) == (.worse, ["neededWidth"]))
        var moreLines = base
        moreLines.figures["lines"] = 3
        var baseWithLines = base
        baseWithLines.figures["lines"] = 2
        let withLines = Baseline(findings: [baseWithLines], toolVersion: "0.1.0")
        #expect(withLines.apply(to: groups([moreLines])).groups[0].worseIn == ["lines"])
        #expect(status([base]) == (.baselined, nil))
        // Fewer rows visible than the baseline's 2.5 → worse; as many → not.
        let rows = sampleFindings()[2]
        let rowsBaseline = Baseline(findings: [rows], toolVersion: "0.1.0")
        var fewer = rows
        fewer.figures["rowsVisible"] = 1.9
        #expect(rowsBaseline.apply(to: groups([fewer])).groups[0].worseIn == ["rowsVisible"])
        #expect(rowsBaseline.apply(to: groups([rows])).groups[0].status == .baselined)
    }

    @Test func aNewGroupIsNewAndAGoneOneIsFixed() {
        let baseline = Baseline(findings: sampleFindings(), toolVersion: "0.1.0")
        var other = sampleFindings()[0]
        other.locale = "fr"  // same label in another locale: another group
        let (applied, fixed) = baseline.apply(to: groups([sampleFindings()[0], other]))
        #expect(applied.map { "\($0.key.locale ?? "") \($0.status)" } == ["de baselined", "fr new"])
        #expect(fixed.map(\.key.checkId) == ["font.metrics", "screen.rows-visible"])
        #expect(fixed[0].message == "Roboto-Regular line heights disagree by 12.5 %")
    }

    /// Schema 1 files (one entry per finding) still load, grouped: two entries of one label become
    /// one group; having no figures, only spreading makes it worse.
    @Test func schemaOneBaselinesAreGrouped() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("v1.json")
        try Data(#"""
        {"schemaVersion": 1, "toolVersion": "0.1.0", "entries": [
          {"checkId": "text.truncated", "screen": "S", "row": "r", "label": "l", "stringKey": "k", "locale": "de",
           "category": "accessibilityLarge", "device": "iPhone 16", "message": "b"},
          {"checkId": "text.truncated", "screen": "S", "row": "r", "label": "l", "stringKey": "k", "locale": "de",
           "category": "accessibilityMedium", "device": "iPhone 16", "message": "a"}]}
        """#.utf8).write(to: file)
        let b = try Baseline.load(path: file.path)
        #expect(b.groups == [Baseline.Group(key: GroupKey(checkId: "text.truncated", screen: "S", row: "r", label: "l",
                                                          stringKey: "k", locale: "de"),
                                            categories: ["accessibilityMedium", "accessibilityLarge"], devices: ["iPhone 16"],
                                            worst: [:], message: "a")])
        func finding(_ category: ContentSizeCategory) -> Finding {
            Finding(checkId: "text.truncated", severity: .error, message: "m", screen: "S", row: "r", label: "l",
                    device: "iPhone 16", category: category, locale: "de", stringKey: "k", figures: ["neededWidth": 999])
        }
        #expect(b.apply(to: groups([finding(.accessibilityMedium), finding(.accessibilityLarge)])).groups[0].status == .baselined)
        #expect(b.apply(to: groups([finding(.accessibilityExtraLarge)])).groups[0].worseIn == ["categories"])
    }

    /// A schema 2 file with SwiftUI keys of reading order (`SettingsView#3`) or line (`… row at line
    /// 42`) predates today's keys; one with Interface Builder keys only, or any schema 3 file, does not.
    @Test func schemaTwoSwiftUIKeysPredateStableKeys() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func load(schema: Int, row: String, label: String) throws -> Baseline {
            let file = dir.appendingPathComponent("b\(schema)-\(UUID().uuidString).json")
            try Data("""
            {"schemaVersion": \(schema), "toolVersion": "0.1.0", "groups": [
              {"key": {"checkId": "text.truncated", "screen": "SettingsView", "row": "\(row)", "label": "\(label)"},
               "categories": ["accessibilityLarge"], "devices": ["iPhone 16"], "worst": {}, "message": "m"}]}
            """.utf8).write(to: file)
            return try Baseline.load(path: file.path)
        }
        #expect(try load(schema: 2, row: "SettingsView row at line 42", label: "SettingsView#3").predatesStableKeys)
        #expect(try load(schema: 2, row: "SettingsView#3", label: "SettingsView#3").predatesStableKeys)
        #expect(try !load(schema: 2, row: "settingsCell", label: "Xy1-ab-Z9q").predatesStableKeys)
        #expect(try !load(schema: 3, row: "SettingsView row label(a)", label: "SettingsView.label(a)#2").predatesStableKeys)
        #expect(Baseline(groups: [], toolVersion: "t").schemaVersion == 3)
    }

    @Test func exitCodesForFailOnLevels() {
        let findings = sampleFindings()  // error, info, warning; all new
        #expect(AuditOutcome.exitCode(findings: findings, failOn: .error) == 1)
        #expect(AuditOutcome.exitCode(findings: findings, failOn: .warning) == 1)
        #expect(AuditOutcome.exitCode(findings: findings, failOn: .info) == 1)
        let withoutError = findings.filter { $0.severity != .error }
        #expect(AuditOutcome.exitCode(findings: withoutError, failOn: .error) == 0)
        #expect(AuditOutcome.exitCode(findings: withoutError, failOn: .warning) == 1)
        let onlyInfo = findings.filter { $0.severity == .info }
        #expect(AuditOutcome.exitCode(findings: onlyInfo, failOn: .warning) == 0)
        #expect(AuditOutcome.exitCode(findings: onlyInfo, failOn: .info) == 1)
        #expect(AuditOutcome.exitCode(findings: [], failOn: .info) == 0)
        // Known (baselined) errors do not fail.
        var known = findings
        for i in known.indices { known[i].isNew = false }
        #expect(AuditOutcome.exitCode(findings: known, failOn: .info) == 0)
    }

    @Test func loadErrorsAreOneLineNamingTheFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.json").path
        #expect(throws: AuditError.baselineMissing(path: missing)) { try Baseline.load(path: missing) }
        #expect("\(AuditError.baselineMissing(path: "b.json"))" == "b.json: baseline file not found")

        let invalid = dir.appendingPathComponent("invalid.json")
        try Data("{ not json".utf8).write(to: invalid)
        do {
            _ = try Baseline.load(path: invalid.path)
            Issue.record("expected an error")
        } catch {
            // "{ not json": the "n" at byte 2 is line 1, column 3, where a key should start.
            #expect("\(error)" == "\(invalid.path):1:3: invalid baseline: not valid JSON: expected a key in double quotes, found 'n'")
        }

        let newer = dir.appendingPathComponent("newer.json")
        try Data(#"{"schemaVersion": 4, "toolVersion": "9.0.0", "groups": [], "future": true}"#.utf8).write(to: newer)
        do {
            _ = try Baseline.load(path: newer.path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "\(newer.path): baseline schema version 4 is newer than this typefit supports (3); upgrade typefit")
        }

        // Schema versions 0 and −5 are no versions.
        for version in [0, -5] {
            let bad = dir.appendingPathComponent("v\(version).json")
            try Data(#"{"schemaVersion": \#(version), "toolVersion": "0.1.0", "groups": []}"#.utf8).write(to: bad)
            #expect(throws: AuditError.baselineInvalid(path: bad.path, reason: "schemaVersion \(version) is not a schema version (1…3)")) {
                try Baseline.load(path: bad.path)
            }
        }

        let wrongShape = dir.appendingPathComponent("shape.json")
        try Data(#"{"schemaVersion": 1, "toolVersion": "0.1.0", "entries": [{"message": "x"}]}"#.utf8).write(to: wrongShape)
        do {
            _ = try Baseline.load(path: wrongShape.path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "\(wrongShape.path): invalid baseline: entries[0].checkId: missing")
            #expect(!"\(error)".contains("\n"))
        }
        let wrongShape2 = dir.appendingPathComponent("shape2.json")
        try Data(#"{"schemaVersion": 2, "toolVersion": "0.1.0", "groups": [{"message": "x"}]}"#.utf8).write(to: wrongShape2)
        #expect(throws: AuditError.baselineInvalid(path: wrongShape2.path, reason: "groups[0].key: missing")) {
            try Baseline.load(path: wrongShape2.path)
        }
    }

    /// A killed run's temporary baseline files are removed by the next write; a live run's are not.
    @Test func leftoversOfAKilledRunAreRemoved() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dead = dir.appendingPathComponent(".typefit-baseline.json.tmp-\(try ProcessRunner.deadProcessID())-ABC")
        let live = dir.appendingPathComponent(".typefit-baseline.json.tmp-\(getpid())-DEF")
        try Data("half".utf8).write(to: dead)
        try Data("half".utf8).write(to: live)
        try Baseline.write(sampleFindings(), toolVersion: "0.1.0", to: dir.appendingPathComponent("typefit-baseline.json").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
                == [live.lastPathComponent, "typefit-baseline.json"])
    }

    /// The last step (rename) fails: the old baseline stays byte for byte, and the temp file is removed.
    @Test func failedWriteLeavesTheOldFileIntact() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("typefit-baseline.json").path
        try Baseline.write(Array(sampleFindings().prefix(1)), toolVersion: "0.1.0", to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let data = try Baseline(findings: sampleFindings(), toolVersion: "0.1.0").encoded()
        #expect(throws: AuditError.self) {
            try AtomicFile.write(data, to: path, rename: { _, _ in errno = EACCES; return -1 })
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["typefit-baseline.json"])
    }

    /// With a read-only folder the temp file cannot be created; the old file stays. Root ignores
    /// permission bits, so this runs only for other users (CI); the test above covers root.
    @Test(.enabled(if: geteuid() != 0)) func unwritableFolderLeavesTheOldFileIntact() throws {
        let dir = try temporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        let path = dir.appendingPathComponent("typefit-baseline.json").path
        try Baseline.write(Array(sampleFindings().prefix(1)), toolVersion: "0.1.0", to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        do {
            try Baseline.write(sampleFindings(), toolVersion: "0.1.0", to: path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("\(path): cannot write: "))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
