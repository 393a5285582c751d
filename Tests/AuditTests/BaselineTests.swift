@testable import Audit
import Foundation
import Reports
import Testing

/// A fresh empty folder under the system temp dir.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-audit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func sampleFindings() -> [Finding] {
    [
        Finding(checkId: "text.truncated", severity: .error, message: "“A” needs 231.4 pt but the label has 200.0 pt",
                screen: "Settings", row: "notifications", label: "title", device: "iPhone SE (1st gen)",
                category: "accessibilityExtraLarge", locale: "de", style: "body", font: "Inter-Regular",
                stringKey: "settings.notifications", figures: ["neededWidth": 231.4, "availableWidth": 200]),
        Finding(checkId: "font.metrics", severity: .info, message: "Roboto-Regular line heights disagree by 12.5 %",
                font: "Roboto-Regular", figures: ["spread": 0.125]),
        Finding(checkId: "screen.rows-visible", severity: .warning, message: "Only 2 of 20 rows",
                screen: "Contacts", device: "iPhone 16", category: "accessibilityMedium", locale: "en",
                figures: ["rowsVisible": 2.5]),
    ]
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
        #expect(loaded.schemaVersion == 1)
        #expect(loaded.entries.map(\.checkId) == ["font.metrics", "screen.rows-visible", "text.truncated"])
        #expect(loaded.entries.map(\.fingerprint) == loaded.entries.map(\.fingerprint).sorted())
        for finding in sampleFindings() {
            #expect(Baseline.Entry(finding).fingerprint == finding.fingerprint)
        }
        // Sorted keys, no figures or timestamps in the file, ends with a newline.
        let text = String(decoding: first, as: UTF8.self)
        #expect(!text.contains("neededWidth"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"entries\"")!.lowerBound < text.range(of: "\"schemaVersion\"")!.lowerBound)
        // No temp files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["typefit-baseline.json"])
    }

    @Test func matchingIgnoresFiguresAndMessages() {
        let baseline = Baseline(findings: sampleFindings(), toolVersion: "0.1.0")
        var moved = sampleFindings()
        moved[0].figures["neededWidth"] = 240.2
        moved[0].message = "“A” needs 240.2 pt but the label has 200.0 pt"
        moved[0].severity = .warning
        moved[0].source = SourceLocation(file: "de.lproj/Localizable.strings", line: 99)
        let applied = baseline.apply(to: moved)
        #expect(applied.allSatisfy { !$0.isNew })
        #expect(AuditOutcome.exitCode(findings: applied, failOn: .info) == 0)
    }

    @Test func aNewFindingIsNew() {
        let baseline = Baseline(findings: sampleFindings(), toolVersion: "0.1.0")
        var other = sampleFindings()[0]
        other.locale = "fr"  // same label in another locale: another identity
        var otherCategory = sampleFindings()[0]
        otherCategory.category = "accessibilityExtraExtraLarge"
        let applied = baseline.apply(to: sampleFindings() + [other, otherCategory])
        #expect(applied.map(\.isNew) == [false, false, false, true, true])
        #expect(AuditOutcome.exitCode(findings: applied, failOn: .error) == 1)
        #expect(baseline.stale(for: [sampleFindings()[0]]).map(\.checkId) == ["font.metrics", "screen.rows-visible"])
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
        try Data(#"{"schemaVersion": 2, "toolVersion": "9.0.0", "entries": [], "future": true}"#.utf8).write(to: newer)
        do {
            _ = try Baseline.load(path: newer.path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "\(newer.path): baseline schema version 2 is newer than this typefit supports (1); upgrade typefit")
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
