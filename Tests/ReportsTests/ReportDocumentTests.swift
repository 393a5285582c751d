import Foundation
import Testing
@testable import Reports

/// Counts below are computed by hand from the model documented on `Fixture` (see Fixture.swift):
///  text.truncated: Contacts name 15.533 em × size > width − 32:
///    iPhone SE (343): 23 pt → 357.3 > 343 from xxxL → xxxL, AX1…AX5 = 6;
///    iPhone 15 Pro (361): 23 pt → 357.3 ≤ 361, 28 pt → 434.9 → AX1…AX5 = 5;
///  Settings en 11.852 em × size > width − 72: SE 303: 23 → 272.6 no, 28 → 331.9 yes → 5; Pro 321: 28 → 331.9 → 5;
///  Settings ar 8.122 em × size: SE 303: 33 → 268.0 no, 40 → 324.9 yes → AX3…AX5 = 3; Pro 321: 40 → 324.9 → 3.
///  Total 6 + 5 + 5 + 5 + 3 + 3 = 27, one baselined (Contacts/SE/AX5) → 26 new, all error → 26 failing.
///  text.clipped: leading + 22 > 44 ⇔ leading > 22: xL…AX5 = 8 categories × 2 devices × 2 locales = 32,
///    the 16 en ones baselined.
///  rows.minimumVisible: Contacts rows 2 × leading + 22; SE AX5: 554 / 146 = 3.7945… < 4; SE AX4 554 / 134 = 4.13;
///    Pro AX5 666 / 146 = 4.56 → 1 finding.
///  text.inkOverflow: 1 (by hand). Total 27 + 32 + 1 + 1 = 61; new 26 + 16 + 1 + 1 = 44; baselined 17.
enum Expected {
    static let findings = 61
    static let truncated = 27
    static let failing = 26
    static let new = 44
    static let baselined = 17
}

@Suite struct ReportDocumentTests {
    @Test func fixtureMatchesHandCounts() {
        let doc = Fixture.document()
        #expect(doc.findings.count == Expected.findings)
        #expect(doc.findings.filter { $0.checkId == "text.truncated" }.count == Expected.truncated)
        #expect(doc.failingFindings.count == Expected.failing)
        #expect(doc.findings.filter(\.isNew).count == Expected.new)
        #expect(doc.findings.filter { !$0.isNew }.count == Expected.baselined)
        // Snapshots: Contacts 2 devices × 12 (en) + Settings 2 × 12 × 2 locales = 72.
        #expect(doc.screens.count == 72)
    }

    @Test func normalizedOrder() {
        let doc = Fixture.document().normalized()
        // Checks by id.
        #expect(doc.checks.map(\.id) == ["rows.minimumVisible", "text.autoshrink", "text.clipped", "text.inkOverflow", "text.truncated"])
        #expect(doc.fonts.map(\.id) == ["Inter-Regular", "NotoSansArabic-Regular"])
        // Findings by check, screen, device, category (scope order, not alphabetical), locale.
        let truncated = doc.findings.filter { $0.checkId == "text.truncated" && $0.screen == "Contacts" && $0.device == "iPhone SE" }
        #expect(truncated.map { ReportText.shortCategory($0.category ?? "") } == ["xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(doc.findings.first?.checkId == "rows.minimumVisible")
        // Settings / iPhone SE / AX3: "ar" sorts before "en".
        let s = doc.findings.filter { $0.checkId == "text.truncated" && $0.screen == "Settings" && $0.device == "iPhone SE" }
        #expect(s.prefix(2).map { $0.locale ?? "" } == ["en", "en"])  // AX1, AX2 have only en
        #expect(s.filter { $0.category == "accessibilityExtraLarge" }.map { $0.locale ?? "" } == ["ar", "en"])
        // Screens: the first is Contacts / iPhone 15 Pro ("iPhone 1…" < "iPhone S…") / extraSmall.
        #expect(doc.screens.first.map { [$0.screen, $0.device, $0.category] } == ["Contacts", "iPhone 15 Pro", "extraSmall"])
        // Rounding to 3 decimals: 554 / 146 = 3.794520… → 3.795.
        let rows = doc.findings.first { $0.checkId == "rows.minimumVisible" }
        #expect(rows?.figures["rowsVisible"] == 3.795)
        #expect(Finding.round(2.0005) == 2.001)
        #expect(Finding.round(-1.23449) == -1.234)
        #expect(Finding.round(.nan) == 0)
    }

    @Test func jsonRoundTripsAndIsByteIdentical() throws {
        let doc = Fixture.document()
        let a = doc.jsonData()
        // Same document with its arrays in another order → same bytes.
        var shuffled = doc
        shuffled.findings.reverse()
        shuffled.screens.reverse()
        shuffled.checks.reverse()
        let b = shuffled.jsonData()
        #expect(a == b)
        #expect(a == doc.jsonData())
        let decoded = try ReportDocument.decode(a, source: "report.json")
        #expect(decoded == doc.normalized())
        #expect(decoded.jsonData() == a)
        let text = String(decoding: a, as: UTF8.self)
        // Sorted keys: the top-level keys appear in alphabetical order (pretty printing indents them by 2).
        let keys = ["baseline", "checks", "config", "failOn", "findings", "fonts", "schemaVersion", "scope", "screens", "tool"]
        let positions = keys.compactMap { text.range(of: "\n  \"\($0)\" : ")?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
        // Slashes are not escaped; no time stamp unless asked.
        #expect(text.contains("\"Examples/ContactsApp/typefit.yml\""))
        #expect(!text.contains("generatedAt"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func decodeRefusesNewerSchemaAndBadInput() throws {
        var doc = Fixture.document()
        doc.schemaVersion = 2
        let newer = doc.jsonData()
        #expect(throws: ReportDecodingError(
            "report.json: report schema version 2 is newer than this typefit supports (1); upgrade typefit")) {
            try ReportDocument.decode(newer, source: "report.json")
        }
        do {
            _ = try ReportDocument.decode(Data("{\"schemaVersion\": 1, \"tool\": {}}".utf8), source: "old.json")
            Issue.record("expected an error")
        } catch let error as ReportDecodingError {
            #expect(error.description.hasPrefix("old.json: missing key"))
            #expect(!error.description.contains("\n"))
        }
        #expect(throws: ReportDecodingError.self) { try ReportDocument.decode(Data("[]".utf8), source: "x.json") }
    }

    @Test func jsonValidatesAgainstTheDocumentedSchema() throws {
        let dir = try TempDir()
        let report = dir.url.appendingPathComponent("report.json")
        try Fixture.document().jsonData().write(to: report)
        let schema = Fixture.packageRoot.appendingPathComponent("docs/report.schema.json").path
        let result = try Validate.jsonSchema(instance: report.path, schema: schema)
        #expect(result.status == 0, "report.json does not validate against docs/report.schema.json: \(result.stdout) \(result.stderr)")
        // The schema is not vacuous: a finding without "isNew" must be rejected.
        var json = try #require(try JSONSerialization.jsonObject(with: Fixture.document().jsonData()) as? [String: Any])
        var findings = try #require(json["findings"] as? [[String: Any]])
        findings[0]["isNew"] = nil
        json["findings"] = findings
        let bad = dir.url.appendingPathComponent("bad.json")
        try JSONSerialization.data(withJSONObject: json).write(to: bad)
        let rejected = try Validate.jsonSchema(instance: bad.path, schema: schema)
        #expect(rejected.status == 1, "the schema accepted a finding without isNew")
    }
}

/// A temporary directory removed on deinit.
final class TempDir {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

enum Validate {
    /// Validates with Python's jsonschema (the validator class the schema's "$schema" asks for).
    /// Exit 0 valid, 1 invalid (message on stdout), 3 python3/jsonschema missing — which fails the test.
    static func jsonSchema(instance: String, schema: String) throws -> Run {
        let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 module jsonschema is missing (pip install jsonschema)"); sys.exit(3)
        schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errors[:5]:
            print("/".join(map(str, e.absolute_path)), e.message[:300])
        sys.exit(1 if errors else 0)
        """
        let r = try Run.run(["python3", "-c", script, schema, instance])
        if r.status != 0 && r.status != 1 {
            Issue.record("schema validation could not run (python3 + jsonschema needed): status \(r.status) \(r.stdout) \(r.stderr)")
        }
        return r
    }
}
