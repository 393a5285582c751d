import DynamicType
import Foundation
import TestSupport
import Testing
@testable import Reports

/// Counts below are computed by hand from the model documented on `Fixture` (see Fixture.swift):
///  text.truncated: Contacts name 15.533 em × size > width − 32:
///    iPhone SE (343): 23 pt → 357.3 > 343 from xxxL → xxxL, AX1…AX5 = 6;
///    iPhone 15 Pro (361): 23 pt → 357.3 ≤ 361, 28 pt → 434.9 → AX1…AX5 = 5;
///  Settings en 11.852 em × size > width − 72: SE 303: 23 → 272.6 no, 28 → 331.9 yes → 5; Pro 321: 28 → 331.9 → 5;
///  Settings ar 8.122 em × size: SE 303: 33 → 268.0 no, 40 → 324.9 yes → AX3…AX5 = 3; Pro 321: 40 → 324.9 → 3.
///  Total 6 + 5 + 5 + 5 + 3 + 3 = 27 occurrences in 3 groups (Contacts en, Settings en, Settings ar),
///  all new (the Contacts group has one baselined occurrence but others new), error → 3 failing.
///  text.clipped: leading + 22 > 44 ⇔ leading > 22: xL…AX5 = 8 categories × 2 devices × 2 locales = 32
///    occurrences in 2 groups (en baselined, ar new).
///  rows.minimumVisible: Contacts rows 2 × leading + 22; SE AX5: 554 / 146 = 3.7945… < 4; SE AX4 554 / 134 = 4.13;
///    Pro AX5 666 / 146 = 4.56 → 1 occurrence, 1 group.
///  text.inkOverflow: 1 (by hand), 1 group.
///  Occurrences 27 + 32 + 1 + 1 = 61; groups 3 + 2 + 1 + 1 = 7; new 6; baselined 1; failing 3.
enum Expected {
    static let occurrences = 61
    static let groups = 7
    static let truncatedGroups = 3
    static let failing = 3
    static let new = 6
    static let baselined = 1
}

@Suite struct ReportDocumentTests {
    @Test func fixtureGroupsMatchHandCounts() {
        let doc = Fixture.document().normalized()
        #expect(doc.findings.count == Expected.occurrences)
        #expect(doc.groups.count == Expected.groups)
        #expect(doc.groups.filter { $0.checkId == "text.truncated" }.count == Expected.truncatedGroups)
        #expect(doc.failingGroups.count == Expected.failing)
        #expect(doc.groups.filter(\.isNew).count == Expected.new)
        #expect(doc.groups.filter { $0.status == .baselined }.count == Expected.baselined)
        #expect(doc.exitCode == 1)
        // Snapshots: Contacts 2 devices × 12 (en) + Settings 2 × 12 × 2 locales = 72; rows-visible series
        // Contacts 2 (en) + Settings 2 × 2 = 6, each with 12 values.
        #expect(doc.screens.count == 72)
        #expect(doc.rowsVisible.count == 6)
        #expect(doc.rowsVisible.allSatisfy { $0.values.count == 12 && !$0.values.contains(nil) })
    }

    /// The groups written out by hand: key, categories, devices, occurrence count, worst figures.
    @Test func groupsByHand() throws {
        let doc = Fixture.document().normalized()
        // Canonical order: Settings before Contacts (config order), en before ar (scope order),
        // then check id; a screen-level group (no row) before the rows of its screen.
        #expect(doc.groups.map { "\($0.key.screen ?? "") \($0.key.locale ?? "") \($0.checkId)" } == [
            "Settings en text.clipped", "Settings en text.truncated",
            "Settings ar text.clipped", "Settings ar text.inkOverflow", "Settings ar text.truncated",
            "Contacts en rows.minimumVisible", "Contacts en text.truncated",
        ])
        let contacts = try #require(doc.groups.last)
        #expect(contacts.key == GroupKey(checkId: "text.truncated", screen: "Contacts", row: "contact-1", label: "name",
                                         stringKey: "contact.name", locale: "en", style: "body", font: "Inter-Regular"))
        #expect(contacts.categories == ["extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
                                        "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                                        "accessibilityExtraExtraExtraLarge"])
        #expect(contacts.devices == ["iPhone SE", "iPhone 15 Pro"])  // scope order, not alphabetical
        #expect(contacts.occurrences.count == 11)
        // Worst: the largest need 15.533 × 53 = 823.249 pt; the smallest width available, 375 − 32 = 343.
        #expect(contacts.worst == ["neededWidth": 823.249, "availableWidth": 343, "lines": 1, "maxLines": 1])
        #expect(contacts.figureNames == ["availableWidth", "lines", "maxLines", "neededWidth"])
        // First occurrence: iPhone SE (device 0) at xxxL (category 0): 15.533 × 23 = 357.259.
        #expect(contacts.occurrences.first == Occurrence(device: 0, category: 0, figures: [343, 1, 1, 357.259]))
        // The message is the worst occurrence's: AX5 (largest category), then iPhone SE (needs as much,
        // has less: 343 < 361).
        #expect(contacts.message == "“Grace Hopper-Lovelace Johnson” needs 823.249 pt but the label has 343 pt.")
        // Each device's part: iPhone SE (343 pt) from xxxL (15.533 × 23 = 357.259 > 343); iPhone 15 Pro
        // (361 pt) only from AX1 (357.259 < 361 at xxxL, 15.533 × 28 = 434.924 at AX1).
        #expect(doc.summary(contacts)
            == "contact.name (en): text is truncated from xxxL to AX5 on iPhone SE; from AX1 to AX5 on iPhone 15 Pro; needs 823.249 pt, has 343 pt")
        let ar = try #require(doc.groups.first { $0.key.locale == "ar" && $0.checkId == "text.truncated" })
        // 8.122 × 53 = 430.466; AX3…AX5 on both devices = 6.
        #expect(ar.occurrences.count == 6)
        #expect(ar.worst["neededWidth"] == 430.466)
        #expect(ReportText.categories(ar.categories, scope: doc.scope.categories) == "from AX3 to AX5")
        #expect(ReportText.categories(["small", "large"], scope: doc.scope.categories) == "at S and L")
        // Rounding to 3 decimals: 554 / 146 = 3.794520… → 3.795.
        let rows = try #require(doc.groups.first { $0.checkId == "rows.minimumVisible" })
        #expect(rows.worst["rowsVisible"] == 3.795)
        #expect(doc.summary(rows) == "Contacts (en): too few rows visible at AX5 on iPhone SE; shows 3.795 rows, needs 4")
        #expect(Finding.round(2.0005) == 2.001)
        #expect(Finding.round(-1.23449) == -1.234)
        #expect(Finding.round(.nan) == 0)
        #expect(Finding.round(-0.0001).sign == .plus)
    }

    /// Worst first: failing before the rest; then severity; then the group that starts at the smaller
    /// category (Contacts xxxL < Settings en AX1 < Settings ar AX3); warnings: clipped ar from xL before
    /// rows at AX5; then info.
    @Test func worstFirst() {
        let doc = Fixture.document().normalized()
        let order = doc.worstFirst(doc.groups.filter(\.isNew)).map { "\($0.key.screen ?? "") \($0.key.locale ?? "") \($0.checkId)" }
        #expect(order == ["Contacts en text.truncated", "Settings en text.truncated", "Settings ar text.truncated",
                          "Settings ar text.clipped", "Contacts en rows.minimumVisible", "Settings ar text.inkOverflow"])
    }

    /// Rows come in layout order (`scope.rows`), not alphabetically; a screen-level group comes first.
    @Test func rowsInLayoutOrder() {
        func f(_ row: String?) -> Finding {
            Finding(checkId: "text.truncated", severity: .error, message: "m", screen: "S", row: row, label: row.map { _ in "l" },
                    device: "d", category: .large, locale: "en")
        }
        let scope = Scope(screens: ["S"], rows: ["S": ["zeta", "alpha"]], categories: Fixture.categories, devices: ["d"],
                          locales: ["en"])
        var g = FindingGrouper()
        g.add([f("alpha"), f(nil), f("zeta"), f("unlisted")])
        #expect(g.groups(scope: scope, checks: Fixture.checks).map { $0.key.row ?? "-" } == ["-", "zeta", "alpha", "unlisted"])
    }

    /// Grouping does not depend on the order findings arrive in (units and threads finish in any order).
    @Test func groupingIsOrderIndependent() {
        let doc = Fixture.document()
        let findings = doc.findings
        var a = FindingGrouper()
        a.add(findings)
        var b = FindingGrouper()
        var rng = SplitMix64(seed: 7)
        var shuffled = findings
        shuffled.shuffle(using: &rng)
        // Two "threads", merged.
        var c = FindingGrouper()
        c.add(shuffled.prefix(20))
        b.add(shuffled.dropFirst(20))
        b.merge(c)
        #expect(a.groups(scope: doc.scope, checks: Fixture.checks) == b.groups(scope: doc.scope, checks: Fixture.checks))
        #expect(a.occurrenceCount == 61)
    }

    /// A grouper keeps each string once (messages apart: per group) and a few numbers per occurrence, and what it codes (a
    /// shard's part) decodes to the same groups; the table's size is the distinct strings counted
    /// here from the findings themselves.
    @Test func grouperCodesCompactlyAndRoundTrips() throws {
        let doc = Fixture.document()
        let findings = doc.findings
        var grouper = FindingGrouper()
        grouper.add(findings)
        var distinct = Set<String>()
        for f in findings {
            distinct.formUnion([f.device, f.category?.uikitName, f.text, f.source?.file].compactMap { $0 })
            distinct.formUnion(f.figures.keys)
        }
        let data = try JSONEncoder().encode(grouper)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strings = try #require(object["strings"] as? [String])
        #expect(strings.count == distinct.count)
        #expect(Set(strings) == distinct)
        let coded = try #require(object["groups"] as? [[String: Any]])
        #expect(coded.count == doc.groups.count)
        let integers = coded.map { ($0["members"] as? String)?.split(separator: " ").count ?? -1 }.reduce(0, +)
        #expect(integers == 8 * Expected.occurrences)
        let decoded = try JSONDecoder().decode(FindingGrouper.self, from: data)
        #expect(decoded.occurrenceCount == Expected.occurrences)
        #expect(decoded.groups(scope: doc.scope, checks: Fixture.checks) == grouper.groups(scope: doc.scope, checks: Fixture.checks))
        // Merged with an empty grouper, and two decoded halves merged: the same groups.
        var merged = FindingGrouper()
        merged.merge(decoded)
        #expect(merged.groups(scope: doc.scope, checks: Fixture.checks) == grouper.groups(scope: doc.scope, checks: Fixture.checks))
    }

    /// Knowing the categories, a grouper keeps the messages of only the occurrences at a group's
    /// highest severity and category (counted here from the findings), and gives the same groups
    /// as keeping every message, whatever the order and however split, merged and coded.
    @Test func grouperKeepsOnlyMessagesThatCanBeWorst() throws {
        let doc = Fixture.document()
        var findings = doc.findings
        for i in findings.indices where i % 3 == 0 { findings[i].message += " (variant \(i))" }
        var all = FindingGrouper()
        all.add(findings)
        let expected = all.groups(scope: doc.scope, checks: Fixture.checks)
        var rng = SplitMix64(seed: 11)
        var shuffled = findings
        shuffled.shuffle(using: &rng)
        var a = FindingGrouper(categories: doc.scope.categories)
        a.add(shuffled.prefix(25))
        var b = FindingGrouper(categories: doc.scope.categories)
        b.add(shuffled.dropFirst(25))
        let decoded = try JSONDecoder().decode(FindingGrouper.self, from: JSONEncoder().encode(b))
        var merged = FindingGrouper()
        merged.merge(a)
        merged.merge(decoded)
        #expect(merged.groups(scope: doc.scope, checks: Fixture.checks) == expected)
        var whole = FindingGrouper(categories: doc.scope.categories)
        whole.add(shuffled)
        #expect(whole.groups(scope: doc.scope, checks: Fixture.checks) == expected)
        // Messages kept: per group, the occurrences at its highest (severity, category position).
        func rank(_ f: Finding) -> [Int] {
            [f.severity.rank, f.category.map { doc.scope.categories.firstIndex(of: $0.uikitName) ?? Int.max / 2 } ?? -1]
        }
        let top = Dictionary(findings.map { ($0.groupKey, rank($0)) },
                             uniquingKeysWith: { a, b in a.lexicographicallyPrecedes(b) ? b : a })
        let keptByHand = findings.filter { rank($0) == top[$0.groupKey] }.count
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(whole)) as? [String: Any])
        let kept = (object["groups"] as? [[String: Any]] ?? []).map { ($0["messages"] as? [String])?.count ?? 0 }.reduce(0, +)
        #expect(kept == keptByHand)
        #expect(kept < findings.count)
    }

    /// A part whose string ids point outside its table is refused, not trusted.
    @Test func grouperRefusesBadIds() throws {
        let bad = #"{"strings":["d"],"groups":[{"key":{"checkId":"x"},"members":"0 5 0 -1 -1 0 0 4","messages":["m"],"names":"","values":""}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FindingGrouper.self, from: Data(bad.utf8)) }
        let good = #"{"strings":["d"],"groups":[{"key":{"checkId":"x"},"members":"0 -1 0 -1 -1 0 0 17","messages":["m"],"names":"","values":""}]}"#
        let g = try JSONDecoder().decode(FindingGrouper.self, from: Data(good.utf8))
        let group = try #require(g.groups(scope: Scope(categories: [], devices: ["d"], locales: []), checks: Fixture.checks).first)
        // 17 = severity rank 2 (error) × 8 + measured (certainty 0 × 2) + new (1).
        #expect(group.severity == .error && group.status == .new && group.devices == ["d"] && group.message == "m")
        #expect(group.certainty == .measured)
        // 19 = the same, at risk (certainty 1 × 2); 21 unverified (2 × 2); 23 estimated (3 × 2), the
        // last the two certainty bits hold.
        let atRisk = #"{"strings":["d"],"groups":[{"key":{"checkId":"x"},"members":"0 -1 0 -1 -1 0 0 19","messages":["m"],"names":"","values":""}]}"#
        let risky = try JSONDecoder().decode(FindingGrouper.self, from: Data(atRisk.utf8))
        #expect(risky.groups(scope: Scope(categories: [], devices: ["d"], locales: []), checks: Fixture.checks).first?.certainty == .atRisk)
        let unverified = try JSONDecoder().decode(FindingGrouper.self, from: Data(atRisk.replacingOccurrences(of: " 19\"", with: " 21\"").utf8))
        #expect(unverified.groups(scope: Scope(categories: [], devices: ["d"], locales: []), checks: Fixture.checks).first?.certainty == .unverified)
        let estimated = try JSONDecoder().decode(FindingGrouper.self, from: Data(atRisk.replacingOccurrences(of: " 19\"", with: " 23\"").utf8))
        #expect(estimated.groups(scope: Scope(categories: [], devices: ["d"], locales: []), checks: Fixture.checks).first?.certainty == .estimated)
    }

    /// Normalizing keeps groups that are already canonical, but still repairs one that is not:
    /// occurrences swapped, a figure unrounded, two groups out of order.
    @Test func normalizingRepairsWhatIsNotCanonical() throws {
        let doc = Fixture.document().normalized()
        #expect(doc.normalized() == doc)
        var swapped = doc
        let g = try #require(swapped.groups.firstIndex { $0.occurrences.count > 1 })
        swapped.groups[g].occurrences.swapAt(0, swapped.groups[g].occurrences.count - 1)
        #expect(swapped != doc)
        #expect(swapped.normalized() == doc)
        var unrounded = doc
        let f = try #require(unrounded.groups[g].occurrences[0].figures.firstIndex { $0 != nil })
        unrounded.groups[g].occurrences[0].figures[f] = (unrounded.groups[g].occurrences[0].figures[f] ?? 0) + 0.0001
        #expect(unrounded.normalized() == doc)
        var reordered = doc
        reordered.groups.reverse()
        #expect(reordered.normalized() == doc)
    }

    @Test func jsonRoundTripsAndIsByteIdentical() throws {
        let doc = Fixture.document()
        let a = doc.jsonData()
        // Same document with its arrays in another order → same bytes.
        var shuffled = doc
        shuffled.groups.reverse()
        shuffled.screens.reverse()
        shuffled.checks.reverse()
        shuffled.rowsVisible.reverse()
        for i in shuffled.groups.indices { shuffled.groups[i].occurrences.reverse() }
        #expect(shuffled.jsonData() == a)
        // Two halves of a group (as shards would give) merge into the same document.
        var split = doc.normalized()
        let last = split.groups.removeLast()
        var first = last, second = last
        first.occurrences = Array(last.occurrences.prefix(4))
        second.occurrences = Array(last.occurrences.dropFirst(4))
        split.groups += [second, first]
        #expect(split.jsonData() == a)
        let decoded = try ReportDocument.decode(a, source: "report.json")
        #expect(decoded == doc.normalized())
        #expect(decoded.jsonData() == a)
        let text = String(decoding: a, as: UTF8.self)
        let keys = ["baseline", "checks", "config", "failOn", "fixed", "fonts", "groups", "mockups", "rowsVisible",
                    "schemaVersion", "scope", "screens", "tool"]
        let positions = keys.compactMap { text.range(of: "\n  \"\($0)\" : ")?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
        #expect(text.contains("\"Examples/ContactsApp/typefit.yml\""))
        #expect(!text.contains("generatedAt"))
        #expect(text.hasSuffix("}\n"))
    }

    /// The streamed report.json holds the same JSON as JSONEncoder gives for the whole normalized document,
    /// and its bytes are JSONEncoder's: the pretty-printed frame, and each group (and fixed group, rows-visible
    /// series, mockup) on one line exactly as JSONEncoder encodes it without pretty printing.
    @Test func streamedJSONMatchesJSONEncoder() throws {
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let compact = JSONEncoder()
        compact.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func canonical(_ data: Data) throws -> Data {
            try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
        }
        let empty = ReportDocument(tool: ToolInfo(version: "1"), config: "c.yml", scope: Scope(categories: [], devices: [], locales: []),
                                   checks: [], groups: [], screens: [], fonts: [])
        var withFixed = Fixture.document()
        withFixed.generatedAt = "2026-11-22T12:00:00Z"
        withFixed.fixed = [FixedGroup(key: GroupKey(checkId: "text.clipped", screen: "Gone", locale: "de"), message: "was \"clipped\"\n\\ / é")]
        for doc in [withFixed, Fixture.document(baseline: false), empty] {
            let normalized = doc.normalized()
            let streamed = doc.jsonData()
            #expect(try canonical(streamed) == (try canonical(try pretty.encode(normalized))))
            // Byte for byte: the document encoded by JSONEncoder with every large array's elements replaced
            // by their one-line encodings.
            var expected = "{\n"
            var members: [String] = []
            func line<T: Encodable>(_ values: [T]) throws -> String {
                if values.isEmpty { return "[\n\n  ]" }
                return "[\n" + (try values.map { "    " + String(decoding: try compact.encode($0), as: UTF8.self) })
                    .joined(separator: ",\n") + "\n  ]"
            }
            func value<T: Encodable>(_ v: T) throws -> String {
                String(decoding: try pretty.encode(v), as: UTF8.self).replacingOccurrences(of: "\n", with: "\n  ")
                    .replacingOccurrences(of: "\n  \n", with: "\n\n")
            }
            if let b = normalized.baseline { members.append("  \"baseline\" : " + (try value(b))) }
            members.append("  \"checks\" : " + (try value(normalized.checks)))
            members.append("  \"config\" : " + (try value(normalized.config)))
            members.append("  \"failOn\" : " + (try value(normalized.failOn)))
            members.append("  \"fixed\" : " + (try line(normalized.fixed)))
            members.append("  \"fonts\" : " + (try value(normalized.fonts)))
            if let g = normalized.generatedAt { members.append("  \"generatedAt\" : " + (try value(g))) }
            members.append("  \"groups\" : " + (try line(normalized.groups)))
            members.append("  \"mockups\" : " + (try value(normalized.mockups)))
            members.append("  \"rollups\" : " + (try line(normalized.rollups)))
            members.append("  \"rowsVisible\" : " + (try line(normalized.rowsVisible)))
            members.append("  \"schemaVersion\" : " + (try value(normalized.schemaVersion)))
            members.append("  \"scope\" : " + (try value(normalized.scope)))
            members.append("  \"screens\" : " + (try line(normalized.screens)))
            members.append("  \"tool\" : " + (try value(normalized.tool)))
            expected += members.joined(separator: ",\n") + "\n}\n"
            #expect(String(decoding: streamed, as: UTF8.self) == expected)
        }
        // Through a file stream.
        let dir = try ScratchDirectory()
        let url = dir.url.appendingPathComponent("r.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let stream = ReportStream(fileHandle: handle)
        Fixture.document().writeJSON(to: stream)
        stream.flush()
        try handle.close()
        #expect(try Data(contentsOf: url) == Fixture.document().jsonData())
    }

    @Test func decodeRefusesOtherSchemasAndBadInput() throws {
        var doc = Fixture.document()
        doc.schemaVersion = 7
        #expect(throws: ReportDecodingError(
            "report.json: report schema version 7 is newer than this typefit supports (6); upgrade typefit")) {
            try ReportDocument.decode(doc.jsonData(), source: "report.json")
        }
        #expect(throws: ReportDecodingError(
            "old.json: report schema version 1 is older than this typefit reads (6); run the audit again")) {
            try ReportDocument.decode(Data("{\"schemaVersion\": 1, \"tool\": {}}".utf8), source: "old.json")
        }
        do {
            _ = try ReportDocument.decode(Data("{\"schemaVersion\": 6, \"tool\": {}}".utf8), source: "bad.json")
            Issue.record("expected an error")
        } catch let error as ReportDecodingError {
            #expect(error.description.hasPrefix("bad.json: missing key"))
            #expect(!error.description.contains("\n"))
        }
        #expect(throws: ReportDecodingError.self) { try ReportDocument.decode(Data("[]".utf8), source: "x.json") }
    }

    @Test func jsonValidatesAgainstTheDocumentedSchema() throws {
        let dir = try ScratchDirectory()
        let report = dir.url.appendingPathComponent("report.json")
        var doc = Fixture.document()
        doc.fixed = [FixedGroup(key: GroupKey(checkId: "text.clipped", screen: "Gone"), message: "m")]
        doc.groups[0].status = .worse
        doc.groups[0].worseIn = ["devices"]
        doc.largerText = LargerText(
            verdict: "not-ready",
            blockers: [LargerTextItem(screen: "Home", element: "title", source: SourceLocation(file: "Home.swift", line: 3),
                                      checkId: "ui.fixed-font", criterion: "1.4.4", percent: 100, category: nil,
                                      certainty: .measured)],
            uncertain: [LargerTextItem(screen: "Home", element: "note", source: nil, checkId: "text.truncated",
                                       criterion: "1.4.10", percent: nil, category: "UICTContentSizeCategoryAccessibilityL",
                                       certainty: .estimated)],
            screens: [LargerTextScreen(screen: "Home", percent: 100, limited: ["title"], truncated: ["note"])])
        try doc.jsonData().write(to: report)
        let schema = Repository.url("docs/report.schema.json").path
        let result = try Validate.jsonSchema(instance: report.path, schema: schema)
        #expect(result.status == 0, "report.json does not validate against docs/report.schema.json: \(result.stdout) \(result.stderr)")
        // The schema is not vacuous: a group without "status", or an occurrence without its category, is rejected.
        for mutate in [{ (g: inout [String: Any]) in g["status"] = nil },
                       { (g: inout [String: Any]) in g["occurrences"] = [[0]] }] {
            var json = try #require(try JSONSerialization.jsonObject(with: doc.jsonData()) as? [String: Any])
            var groups = try #require(json["groups"] as? [[String: Any]])
            mutate(&groups[0])
            json["groups"] = groups
            let bad = dir.url.appendingPathComponent("bad.json")
            try JSONSerialization.data(withJSONObject: json).write(to: bad)
            let rejected = try Validate.jsonSchema(instance: bad.path, schema: schema)
            #expect(rejected.status == 1, "the schema accepted a broken group")
        }
    }
}
enum Validate {
    /// Validates with Python's jsonschema (the validator class the schema's "$schema" asks for).
    /// Exit 0 valid, 1 invalid (message on stdout), 3 python3/jsonschema missing — which fails the test.
    static func jsonSchema(instance: String, schema: String) throws -> ProcessOutput {
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
