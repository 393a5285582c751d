import Foundation
import TestSupport
import Testing
@testable import Reports
import TypeFitSupport

@Suite struct SARIFTests {
    @Test func validatesAgainstOfficialSchema() throws {
        let dir = try ScratchDirectory()
        let file = dir.url.appendingPathComponent("report.sarif")
        try Data(SARIFReporter.render(Fixture.document(), informationURI: "https://example.org/typefit").utf8).write(to: file)
        let schema = Repository.url("Tests/ReportsTests/Schemas/sarif-schema-2.1.0.json").path
        let r = try Validate.jsonSchema(instance: file.path, schema: schema)
        #expect(r.status == 0, "report.sarif does not validate against SARIF 2.1.0: \(r.stdout) \(r.stderr)")
        // Without a baseline the log validates too (no baselineState).
        try Data(SARIFReporter.render(Fixture.document(baseline: false)).utf8).write(to: file)
        #expect(try Validate.jsonSchema(instance: file.path, schema: schema).status == 0)
    }

    @Test func contents() throws {
        let text = SARIFReporter.render(Fixture.document())
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == SARIFReporter.schemaURI)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "typefit")
        #expect(driver["version"] as? String == "0.1.0")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String ?? "" } == ["rows.minimumVisible", "text.autoshrink", "text.clipped", "text.inkOverflow", "text.truncated"])
        let truncatedRule = rules[4]
        #expect((truncatedRule["shortDescription"] as? [String: Any])?["text"] as? String == "Text is truncated")
        #expect(((truncatedRule["fullDescription"] as? [String: Any])?["text"] as? String)?.hasPrefix("A truncated label") == true)
        #expect((truncatedRule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect((rules[3]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")

        let results = try #require(run["results"] as? [[String: Any]])
        // One result per group (hand counts in Expected).
        #expect(results.count == Expected.groups)
        #expect(results.filter { $0["baselineState"] as? String == "new" }.count == Expected.new)
        #expect(results.filter { $0["baselineState"] as? String == "unchanged" }.count == Expected.baselined)
        #expect(results.filter { $0["level"] as? String == "error" }.count == Expected.truncatedGroups)
        #expect(results.filter { $0["level"] as? String == "note" }.count == 1)

        func location(_ r: [String: Any]) -> (uri: String?, base: String?, line: Int?) {
            let loc = (r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let art = loc?["artifactLocation"] as? [String: Any]
            return (art?["uri"] as? String, art?["uriBaseId"] as? String, (loc?["region"] as? [String: Any])?["startLine"] as? Int)
        }
        // The rows group has no source → the config file, no region.
        let rows = try #require(results.first { $0["ruleId"] as? String == "rows.minimumVisible" })
        #expect(location(rows).uri == "Examples/ContactsApp/typefit.yml")
        #expect(location(rows).line == nil)
        #expect(rows["ruleIndex"] as? Int == 0)
        // The first truncation group in canonical order: Settings (config order) / en. Its file and line,
        // relative to %SRCROOT%; the fingerprint is the FNV-1a 64 hash of the group's fields, each prefixed by
        // its UTF-8 length (computed with Python below).
        let first = try #require(results.first { $0["ruleId"] as? String == "text.truncated" })
        #expect(location(first).uri == "Examples/ContactsApp/en.lproj/Localizable.strings")
        #expect(location(first).base == "%SRCROOT%")
        #expect(location(first).line == 7)
        // python3 -c 'h=0xcbf29ce484222325
        // for b in "14:text.truncated,8:Settings,13:notifications,5:title,22:settings.notifications,2:en,-,4:body,13:Inter-Regular".encode():
        //     h=((h^b)*0x100000001b3)%2**64
        // print("%016x"%h)'
        #expect((first["partialFingerprints"] as? [String: Any])?["typefit/v2"] as? String == "a54d6028cc74d7e3")
        // 11.852 × 53 = 628.156 needed at AX5; 375 − 72 = 303 available on the SE; AX1…AX5 on both devices.
        #expect((first["message"] as? [String: Any])?["text"] as? String
                == "settings.notifications (en): text is truncated from AX1 to AX5 on iPhone SE and iPhone 15 Pro; needs 628.156 pt, has 303 pt")
        let props = try #require(first["properties"] as? [String: Any])
        #expect(props["occurrences"] as? Int == 10)
        #expect(props["stringKey"] as? String == "settings.notifications")
        // Arabic: the ar strings file, line 7.
        let ar = try #require(results.first { ($0["properties"] as? [String: Any])?["locale"] as? String == "ar" })
        #expect(location(ar).uri == "Examples/ContactsApp/ar.lproj/Localizable.strings")
        #expect(location(ar).line == 7)
        // Deterministic.
        #expect(text == SARIFReporter.render(Fixture.document()))
    }

    /// The streamed log holds what JSONSerialization writes for the whole tree, and its bytes are
    /// JSONSerialization's: the pretty-printed log with the results replaced by one line each, as
    /// JSONSerialization writes a result without pretty printing. Fixed baseline groups become `absent` results.
    /// The direct writer of results (`writeResult`) gives the bytes JSONSerialization writes for the
    /// result's tree (`result`, the oracle) for every escaped character, non-ASCII text, slashes,
    /// every optional key field, a source without a line, worse groups with their reasons, and
    /// fixed groups.
    @Test func directResultsMatchJSONSerialization() throws {
        let hostile = "a\"b\\c/d\u{0}\u{1}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{1f}\u{7f} é ש 中 👍🏽 \u{2028}"
        var doc = Fixture.document()
        var g = doc.groups[0]
        g.key = GroupKey(checkId: "text.truncated", screen: "S/" + hostile, row: "r\"1", label: hostile, stringKey: "k." + hostile,
                         locale: "de", variant: "[one]", style: "body", font: "Inter/Regular", selector: "#a > b")
        g.source = SourceLocation(file: "My App/de.lproj/Local izable.strings", line: 0)
        g.message = hostile
        g.status = .worse
        g.worseIn = ["categories", hostile]
        var h = doc.groups[1]
        h.key = GroupKey(checkId: "x.unknown")
        h.source = nil
        h.status = .baselined
        doc.groups += [g, h]
        doc.fixed = [FixedGroup(key: GroupKey(checkId: "text.truncated", screen: hostile, stringKey: "gone", locale: "fr"), message: hostile),
                     FixedGroup(key: GroupKey(checkId: "nobody.knows"), message: "")]
        for d in [doc, { var d = doc; d.baseline = nil; return d }()] {
            let (_, ruleIndex) = SARIFReporter.driver(d, informationURI: nil)
            let count = d.groups.count + (d.baseline != nil ? d.fixed.count : 0)
            for i in 0..<count {
                var json = JSONBytes()
                SARIFReporter.writeResult(i, d, ruleIndex, to: &json)
                let expected = try JSONSerialization.data(withJSONObject: SARIFReporter.result(i, d, ruleIndex),
                                                          options: [.sortedKeys, .withoutEscapingSlashes])
                #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "result \(i)")
            }
        }
    }

    @Test func streamMatchesWholeTree() throws {
        var doc = Fixture.document()
        doc.fixed = [FixedGroup(key: GroupKey(checkId: "text.truncated", screen: "Gone", stringKey: "gone.key", locale: "de"),
                                message: "was \"long\"")]
        for d in [doc, Fixture.document(baseline: false)] {
            let log = SARIFReporter.log(d, informationURI: "https://example.org/x")
            let streamed = SARIFReporter.render(d, informationURI: "https://example.org/x")
            let canonical = { (o: Any) in try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]) }
            #expect(try canonical(try JSONSerialization.jsonObject(with: Data(streamed.utf8))) == (try canonical(log)))
            // The same log with an empty results array, pretty-printed, then the result lines put in.
            var run = ((log["runs"] as? [[String: Any]]) ?? [])[0]
            let results = run["results"] as? [[String: Any]] ?? []
            run["results"] = ["RESULTS"]
            var frame = log
            frame["runs"] = [run]
            let framed = String(decoding: try JSONSerialization.data(withJSONObject: frame, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]), as: UTF8.self)
            let lines = try results.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self) }
            #expect(streamed == framed.replacingOccurrences(of: "\"RESULTS\"", with: lines.joined(separator: ",\n        ")) + "\n")
        }
        let text = SARIFReporter.render(doc)
        let results = try #require(((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == Expected.groups + 1)
        #expect(results.last?["baselineState"] as? String == "absent")
        #expect(((results.last?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("gone.key (de): fixed since the baseline") == true)
        #expect(SARIFReporter.uri("My App/fr.lproj/a b.strings") == "My%20App/fr.lproj/a%20b.strings")
    }
}

@Suite struct WriterTests {
    @Test func writesEveryFileFormat() throws {
        let dir = try ScratchDirectory()
        let out = dir.url.appendingPathComponent("reports")
        let doc = Fixture.document()
        let written = try ReportWriter.write(doc, formats: Set(ReportFormat.allCases), to: out)
        #expect(written.map(\.lastPathComponent) == ["report.json", "report.md", "report.html", "junit.xml", "report.sarif"])
        // Streamed into files: the same bytes as rendered in memory.
        #expect(try Data(contentsOf: out.appendingPathComponent("report.json")) == doc.jsonData())
        #expect(try Data(contentsOf: out.appendingPathComponent("report.sarif")) == Data(SARIFReporter.render(doc).utf8))
        #expect(try Data(contentsOf: out.appendingPathComponent("junit.xml")) == Data(JUnitReporter.render(doc).utf8))
        #expect(try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8) == MarkdownReporter.render(doc))
        // No temporary files left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["junit.xml", "report.html", "report.json", "report.md", "report.sarif"])
        // For looking at the outputs by hand: TYPEFIT_KEEP_REPORTS=/some/dir swift test --filter ReportsTests
        if let keep = ProcessInfo.processInfo.environment["TYPEFIT_KEEP_REPORTS"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(at: out, to: URL(fileURLWithPath: keep))
            try? Data(TerminalReporter.render(doc, colors: false).utf8).write(to: URL(fileURLWithPath: keep + "/terminal.txt"))
            try? Data(GitHubAnnotations.render(doc).utf8).write(to: URL(fileURLWithPath: keep + "/github.txt"))
        }
        #expect(ReportFormat.terminal.fileName == nil && ReportFormat.github.fileName == nil)
    }

    @Test func failureLosesNothing() throws {
        let dir = try ScratchDirectory()
        let old = Data("old report\n".utf8)
        try old.write(to: dir.url.appendingPathComponent("report.json"))
        // junit.xml is a directory: writing must fail before report.json is replaced.
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("junit.xml"), withIntermediateDirectories: false)
        do {
            try ReportWriter.write(Fixture.document(), formats: [.json, .junit], to: dir.url)
            Issue.record("expected an error")
        } catch let error as ReportWriteError {
            #expect(error.description == dir.url.appendingPathComponent("junit.xml").path + ": is a directory; cannot replace it with a report")
        }
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("report.json")) == old)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        #expect(names == ["junit.xml", "report.json"])

        // The output path is a file.
        let file = dir.url.appendingPathComponent("report.json")
        #expect(throws: ReportWriteError(path: file.path, reason: "exists and is not a directory")) {
            try ReportWriter.write(Fixture.document(), formats: [.json], to: file)
        }
    }
}

/// Long arrays (groups, SARIF results) are encoded a batch of 2,048 at a time, each batch split over
/// the cores, then written in order. The oracle is each element encoded alone, one after another,
/// by `JSONEncoder` with report.json's settings, laid out as `PrettyJSON.array` lays out any array
/// ("[", each element on its own line indented two spaces a level, "]").
@Suite struct BatchedLinesTests {
    @Test(arguments: [0, 1, 63, 64, 2_047, 2_048, 2_049, 5_000])
    func batchedLinesAreTheSerialEncoding(count: Int) throws {
        let values = (0..<count).map { i in "line \(i) é/\"q\"" + String(repeating: "x", count: i % 7) }
        let stream = ReportStream()
        PrettyJSON(stream: stream).encoderLines(values, level: 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = try values.map { "    " + String(decoding: try encoder.encode($0), as: UTF8.self) }
        let expected = count == 0 ? "[\n\n  ]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
        #expect(String(decoding: stream.data, as: UTF8.self) == expected)
    }

    @Test func slicesKeepTheirOrder() {
        // 1,000 elements over 7 slices (the last one short): element i's bytes are "i".
        let data = PrettyJSON.encodeInSlices(0..<1_000, slices: 7) { range in range.map { Data(String($0).utf8) } }.flatMap { $0 }
        #expect(data.map { String(decoding: $0, as: UTF8.self) } == (0..<1_000).map(String.init))
    }
}
