import DynamicType
import Foundation
import TestSupport
import Testing
@testable import Reports

/// Web view renderings and selector findings in the report document and its reporters.
@Suite struct WebPagesReportTests {
    /// A 1 × 1 PNG (the smallest valid one).
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    static func document() throws -> ReportDocument {
        var doc = Fixture.document()
        var web = FindingGrouper()
        web.add(Finding(
            checkId: "web.overflow", severity: .error,
            message: "`#prices > table` is a table reaching 139.5 px past the 320.0 px wide screen", screen: "Help",
            device: "iPhone SE (1st gen)", category: .accessibilityExtraExtraExtraLarge,
            source: SourceLocation(file: "help.html", line: 24), figures: ["overflowBy": 139.5], selector: "#prices > table"))
        doc.groups += web.groups(scope: doc.scope, checks: doc.checks)
        doc.webPages = [WebPageSnapshot(
            webView: "Help", file: "help.html", device: "iPhone SE (1st gen)", category: "accessibilityExtraExtraExtraLarge",
            baseSize: 53, viewportWidth: 320, viewportHeight: 504, pageHeight: 2117, imageWidth: 320, imageHeight: 1008,
            png: png, marks: [WebMark(checkId: "web.overflow", selector: "#prices > table", x: 8, y: 900, width: 451.5, height: 219)])]
        return doc
    }

    @Test func jsonValidatesAndRoundTrips() throws {
        let dir = try ScratchDirectory()
        let report = dir.url.appendingPathComponent("report.json")
        let doc = try Self.document()
        try doc.jsonData().write(to: report)
        let schema = Repository.url("docs/report.schema.json").path
        let result = try Validate.jsonSchema(instance: report.path, schema: schema)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let decoded = try ReportDocument.decode(doc.jsonData(), source: "report.json")
        #expect(decoded.webPages == doc.webPages)
        #expect(decoded.findings.contains { $0.selector == "#prices > table" })
        // The PNG is base64 in JSON (each web page on one line).
        #expect(String(decoding: doc.jsonData(), as: UTF8.self).contains("\"png\":\"" + Self.png.base64EncodedString() + "\""))
    }

    @Test func htmlShowsTheScreenshotWithTheFindingsBox() throws {
        let html = HTMLReporter.render(try Self.document())
        #expect(html.contains("<section id=\"web-views\">"))
        #expect(html.contains("href=\"data:image/png;base64,\(Self.png.base64EncodedString())\""))
        // 2117 / 504 = 4.2 screens.
        #expect(html.contains("<figcaption>AX5 · base 53 px · page 4.2 screens tall</figcaption>"))
        // The finding links to its screenshot.
        #expect(html.contains("<figure class=\"webshot\" id=\"web-Help-iPhone_SE__1st_gen_-accessibilityExtraExtraExtraLarge\">"))
        #expect(html.contains("<td><a href=\"#web-Help-iPhone_SE__1st_gen_-accessibilityExtraExtraExtraLarge\">Help / #prices &gt; table</a></td>"))
        #expect(html.contains("<rect class=\"mark web-overflow\" x=\"8\" y=\"900\" width=\"451.5\" height=\"219\">"))
        // Without web pages there is no section and no extra style.
        let plain = HTMLReporter.render(Fixture.document())
        #expect(!plain.contains("web-views") && !plain.contains(".webshot"))
    }

    @Test func textReportersNameTheSelector() throws {
        let doc = try Self.document()
        #expect(TerminalReporter.render(doc, colors: false, verbose: true).contains("web.overflow  Help / #prices > table: web.overflow at AX5 on iPhone SE (1st gen)"))
        #expect(MarkdownReporter.render(doc, maxGroups: 1000).contains("| Help / #prices &gt; table |"))
        // 2117 / 504 = 4.2 screens.
        #expect(MarkdownReporter.render(doc).contains("| Help | iPhone SE (1st gen) | AX5 | 53 px | 4.2 screens |"))
        #expect(!MarkdownReporter.render(Fixture.document()).contains("### Web views"))
        #expect(String(decoding: ReportFormat.sarif.render(doc), as: UTF8.self).contains("\"uri\":\"help.html\""))
        #expect(String(decoding: ReportFormat.junit.render(doc), as: UTF8.self)
                    .contains("name=\"Help / #prices &gt; table\""))
    }
}
