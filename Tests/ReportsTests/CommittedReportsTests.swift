import Foundation
import TestSupport
import Testing
@testable import Reports

/// The committed reports of the bundled example (Reports/, written by `typefit audit`) validate
/// against the same schemas as the fixture: the document's JSON Schema, SARIF 2.1.0 and JUnit.
@Suite struct CommittedReportsTests {
    let reports = Repository.url("Reports")

    @Test func reportJSONValidatesAndDecodes() throws {
        let file = reports.appendingPathComponent("report.json")
        let schema = Repository.url("docs/report.schema.json").path
        let r = try Validate.jsonSchema(instance: file.path, schema: schema)
        #expect(r.status == 0, "Reports/report.json: \(r.stdout) \(r.stderr)")
        let document = try ReportDocument.decode(try Data(contentsOf: file), source: file.path)
        #expect(document.schemaVersion == ReportDocument.currentSchemaVersion)
        #expect(document.generatedAt == nil)
        // Re-encoding the decoded document gives the same bytes: the file is canonical.
        #expect(document.jsonData() == (try Data(contentsOf: file)))
    }

    @Test func sarifValidates() throws {
        let schema = Repository.url("Tests/ReportsTests/Schemas/sarif-schema-2.1.0.json").path
        let r = try Validate.jsonSchema(instance: reports.appendingPathComponent("report.sarif").path, schema: schema)
        #expect(r.status == 0, "Reports/report.sarif: \(r.stdout) \(r.stderr)")
    }

    @Test func junitValidates() throws {
        let xsd = Repository.url("Tests/ReportsTests/Schemas/junit-10.xsd").path
        let r = try Run.run(["xmllint", "--noout", "--schema", xsd, reports.appendingPathComponent("junit.xml").path])
        #expect(r.status == 0, "Reports/junit.xml: \(r.stderr.prefix(500))")
    }
}
