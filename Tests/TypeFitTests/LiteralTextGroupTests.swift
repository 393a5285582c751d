import Audit
import Foundation
import Reports
import TestSupport
import Testing
@testable import TypeFit

/// A label with a literal `text:` shows the same text in every locale: its findings form one group
/// across locales, each occurrence keeping its own locale.
@Suite("Literal text groups")
struct LiteralTextGroupTests {
    /// One label, literal text, one line, in two locales, on one device at two categories.
    func audit() throws -> AuditRun {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-literal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)"]
        locales: [en, de]
        screens:
          - name: Home
            rows:
              - { name: r, labels: [{ name: title, style: body, text: "\(Self.text)", lines: 1 }] }
        """.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        return try AuditPipeline(plan: plan, options: AuditOptions(categories: [.large, .extraExtraExtraLarge])).run()
    }

    /// 96 characters: far wider than the 288 pt label (320 pt screen − 2 × 16 pt margins) on one
    /// line at 17 pt (L) or 23 pt (xxxL), so it is truncated at both categories in both locales.
    static let text = String(repeating: "Notifications for every account ", count: 3)

    @Test func oneGroupAcrossLocales() throws {
        let run = try audit()
        let groups = run.document.groups.filter { $0.checkId == "text.truncated" }
        // 1 device × 2 categories × 2 locales = 4 occurrences, in one group (keyed per locale
        // they were 2 groups of 2).
        #expect(groups.count == 1)
        let group = try #require(groups.first)
        #expect(group.key.locale == nil)
        #expect(group.key.label == "title")
        #expect(group.locales == ["en", "de"])
        #expect(group.occurrences.count == 4)
        #expect(group.devices == ["iPhone SE (1st generation)"])
        #expect(group.categories == ["large", "extraExtraExtraLarge"])
        #expect(group.subject == "Home / r / title (en, de)")
        #expect(run.document.summary(group).hasPrefix("Home / r / title (en, de): text is truncated from L to xxxL on iPhone SE"))
        // Each occurrence keeps its locale: each locale at each category once.
        let places = group.findings.map { "\($0.locale ?? "-") \($0.category?.uikitName ?? "-")" }
        #expect(places == ["en large", "de large", "en extraExtraExtraLarge", "de extraExtraExtraLarge"])

        // The flag decides: the same findings without it group per locale, 2 groups of 2.
        var perLocale = FindingGrouper()
        perLocale.add(group.findings.map { var f = $0; f.literalText = false; return f })
        let split = perLocale.groups(scope: run.document.scope, checks: [])
        #expect(split.map(\.key.locale) == ["en", "de"])
        #expect(split.map(\.occurrences.count) == [2, 2])
        // A mockup is still chosen: the worst occurrence's place (largest category; of the equal
        // occurrences the first in scope order, en), with that occurrence's locale.
        let mockups = HTMLReporter.wantedMockups(run.document)
        #expect(mockups.map { "\($0.screen) \($0.device) \($0.category) \($0.locale)" }
                == ["Home iPhone SE (1st generation) extraExtraExtraLarge en"])
    }

    /// report.json and a shard part keep each occurrence's locale.
    @Test func localesSurviveCoding() throws {
        let run = try audit()
        let decoded = try ReportDocument.decode(run.document.jsonData(), source: "report.json")
        #expect(decoded.groups == run.document.groups)
        let group = try #require(decoded.groups.first { $0.checkId == "text.truncated" })
        #expect(group.findings.map(\.locale).sorted { ($0 ?? "") < ($1 ?? "") } == ["de", "de", "en", "en"])

        var grouper = FindingGrouper()
        grouper.add(run.document.findings)
        let part = try JSONDecoder().decode(FindingGrouper.self, from: JSONEncoder().encode(grouper))
        let again = part.groups(scope: run.document.scope, checks: []).first { $0.checkId == "text.truncated" }
        #expect(again?.locales == ["en", "de"])
        #expect(again?.occurrences.map(\.locale) == group.occurrences.map(\.locale))
    }

    /// SARIF and report.html name the locales a literal text's group happens in (a viewer filters
    /// on them; report.html's locale filter hides the row for a locale it does not happen in).
    @Test func sarifAndHTMLNameTheLocales() throws {
        let run = try audit()
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(run.document).utf8)) as? [String: Any])
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let truncated = try #require(results.first { $0["ruleId"] as? String == "text.truncated" })
        let properties = try #require(truncated["properties"] as? [String: Any])
        #expect(properties["locales"] as? [String] == ["en", "de"] && properties["locale"] == nil)
        let html = HTMLReporter.render(run.document)
        #expect(html.contains(#"data-locales="[&quot;en&quot;,&quot;de&quot;]""#))
        #expect(html.contains("JSON.parse(d.locales).indexOf(pick.locale) < 0"))
    }

    /// A baseline that recorded the label per locale (one group each) matches the one group.
    @Test func perLocaleBaselineStillMatches() throws {
        let run = try audit()
        let group = try #require(run.document.groups.first { $0.checkId == "text.truncated" })
        let perLocale = ["en", "de"].map { locale -> Baseline.Group in
            var key = group.key
            key.locale = locale
            return Baseline.Group(key: key, categories: group.categories, devices: group.devices, worst: group.worst,
                                  message: group.message)
        }
        var baseline = Baseline(groups: [], toolVersion: "test")
        baseline.groups = perLocale
        let (applied, fixed) = baseline.apply(to: [group])
        #expect(applied.map(\.status) == [.baselined])
        #expect(fixed.isEmpty)

        // Only de recorded, at L: the group spread to xxxL.
        baseline.groups = [Baseline.Group(key: perLocale[1].key, categories: ["UICTContentSizeCategoryL"],
                                          devices: group.devices, worst: group.worst, message: group.message)]
        let (worse, _) = baseline.apply(to: [group])
        #expect(worse.map(\.status) == [.worse])
        #expect(worse.first?.worseIn == ["categories"])
    }
}
