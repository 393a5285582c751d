import DynamicType
import Foundation
import TestSupport
import Testing
@testable import Reports

/// The Larger Text section of a handmade document: a capped style, a truncation measured from AX3,
/// one estimated truncation, and a style that keeps 15 pt.
@Suite struct LargerTextTests {
    static let scope = Scope(screens: ["Home"], rows: ["Home": ["header", "note"]],
                             categories: ContentSizeCategory.allCases.map(\.uikitName),
                             devices: ["iPhone SE"], locales: ["en"])

    static func document() -> ReportDocument {
        let findings = [
            // A style capped at 28 pt from AX1 whose size at Large is 17 pt: 28 / 17 = 164.7 %.
            Finding(checkId: "style.capped", severity: .warning, message: "capped", category: .accessibilityMedium,
                    style: "caption-capped", figures: ["pointSize": 28, "capIndex": 7, "sizeAtLarge": 17,
                                                       "growth": 28.0 / 17]),
            // A style at 15 pt in every category: 15 / 15 = 100 %.
            Finding(checkId: "style.not-scaling", severity: .error, message: "fixed", style: "fine", figures: ["pointSize": 15]),
            // Truncated, measured, at AX3 (accessibilityExtraLarge) and AX5, and at xxxL (not an AX size).
            Finding(checkId: "text.truncated", severity: .error, message: "truncated", screen: "Home", row: "header",
                    label: "title", device: "iPhone SE", category: .extraExtraExtraLarge, locale: "en",
                    source: SourceLocation(file: "en.strings", line: 4)),
            Finding(checkId: "text.truncated", severity: .error, message: "truncated", screen: "Home", row: "header",
                    label: "title", device: "iPhone SE", category: .accessibilityExtraLarge, locale: "en",
                    source: SourceLocation(file: "en.strings", line: 4)),
            Finding(checkId: "text.truncated", severity: .error, message: "truncated", screen: "Home", row: "header",
                    label: "title", device: "iPhone SE", category: .accessibilityExtraExtraExtraLarge, locale: "en",
                    source: SourceLocation(file: "en.strings", line: 4)),
            // Estimated (its width a guess): listed apart, never a blocker.
            Finding(checkId: "text.truncated", severity: .warning, message: "truncated (width estimated: a guess)",
                    screen: "Home", row: "note", label: "body", device: "iPhone SE", category: .accessibilityMedium,
                    locale: "en", certainty: .estimated),
        ]
        return ReportDocument(tool: ToolInfo(version: "test"), config: "typefit.yml", scope: scope, checks: [],
                              findings: findings, screens: [], fonts: []).withLargerText()
    }

    @Test func verdictBlockersAndUncertain() throws {
        let t = try #require(Self.document().largerText)
        #expect(t.verdict == "not-ready")
        // Worst first: the fixed style (100 %), the capped one (164.7 %), then the truncation (1.4.10).
        #expect(t.blockers.map(\.element) == ["fine", "caption-capped", "header › title"])
        #expect(t.blockers.map(\.criterion) == ["1.4.4", "1.4.4", "1.4.10"])
        #expect(t.blockers[0].percent == 100)
        #expect(t.blockers[1].percent == 164.7)  // 28 / 17 = 1.64706 → 164.7 %
        // The first accessibility size it is truncated at: AX3; xxxL is not an accessibility size.
        #expect(t.blockers[2].category == "accessibilityExtraLarge")
        #expect(t.blockers[2].source == SourceLocation(file: "en.strings", line: 4))
        #expect(t.uncertain.map(\.element) == ["note › body"])
        #expect(t.uncertain[0].certainty == .estimated)
        // The project-wide styles come under "(app)", before the config's screens.
        #expect(t.screens.map(\.screen) == ["(app)", "Home"])
        #expect(t.screens[0].percent == 100 && t.screens[0].limited == ["fine", "caption-capped"])
        #expect(t.screens[1].percent == nil && t.screens[1].truncated == ["note › body", "header › title"])  // worst first: AX1 before AX3
    }

    @Test func readyWithoutMeasuredBlockers() {
        // Only the estimated truncation: listed apart, the verdict stays ready.
        var doc = Self.document()
        doc.groups.removeAll { $0.certainty == .measured }
        let t = doc.withLargerText().largerText
        #expect(t?.verdict == "ready")
        #expect(t?.blockers.isEmpty == true)
        #expect(t?.uncertain.count == 1)
    }

    @Test func reportsShowTheSection() throws {
        let doc = Self.document()
        let md = MarkdownReporter.render(doc)
        #expect(md.contains("### Larger Text (App Store label): ❌ not ready, 3 blockers"))
        #expect(md.contains("- fine: 1.4.4 Resize Text, stays at 100 %"))
        #expect(md.contains("- Home › header › title (en.strings:4): 1.4.10 Reflow, truncated from AX3"))
        #expect(md.contains("1 more estimated, unverified or at risk"))
        let html = HTMLReporter.render(doc)
        #expect(html.contains("<section id=\"larger-text\">"))
        #expect(html.contains("caption-capped: 1.4.4 Resize Text, capped at 164.7 %"))
    }
}

/// The bundled example's Larger Text section (Reports/report.json, the committed audit of
/// Examples/Wayfell), checked against values worked out by hand from Examples/Wayfell.
@Suite struct ExampleLargerTextTests {
    @Test func wayfellIsNotReady() throws {
        let data = try Data(contentsOf: Repository.url("Reports/report.json"))
        let t = try #require(try ReportDocument.decode(data, source: "report.json").largerText)
        #expect(t.verdict == "not-ready")
        let resize = t.blockers.filter { $0.criterion == "1.4.4" }
        // TypographyKit.json: "fine-print" is 10 pt with "scaling-mode": "disabled" → 10 / 10 = 100 %.
        // "screen-title" is 34 pt (at Large) with "maximum-point-size": 42 → 42 / 34 = 1.2353 → 123.5 %.
        // The others reach 200 %: "group-header" steps 2 pt per category (point-step-size 2 × multiplier 1)
        // from 13 pt, 8 steps to AX5: 13 + 16 = 29 pt, 29 / 13 = 223 %; cell-title, cell-subtitle,
        // cell-value and action scale with UIFontMetrics (body 17 → 53 pt at AX5, HIG: 312 %).
        #expect(resize.map(\.element) == ["fine-print", "screen-title"])
        #expect(resize.map(\.percent) == [100, 123.5])
        #expect(resize.allSatisfy { $0.screen == nil })
        // Reflow: "Download maps for offline use" (29 characters, Latin text ≥ 0.44 em a character:
        // ≥ 12.7 em) in a one-line label 221 pt wide (typefit.yml: lines 1) cannot fit at 17.4 pt
        // or more, and cell-title is at least 17 × 28 / 17 = 28 pt at AX1 (body 28 pt at AX1, HIG):
        // truncated from AX1, in en-US (SF Pro widths stand: measured).
        let offline = try #require(t.blockers.first { $0.screen == "Settings" && $0.element == "offline-maps › title" })
        #expect(offline.criterion == "1.4.10")
        #expect(offline.category == "accessibilityMedium")
        #expect(offline.source != nil)
        // The search row has a fixed height of 44 pt (typefit.yml) and a cell's insets of 11 + 11 pt
        // (UIKit's default): cell-title's line (body leading, HIG) fits at Large (22 + 22 = 44 pt),
        // not from xL on (24 + 22 = 46 pt > 44) — so at AX1 (34 pt leading) it is clipped.
        #expect(t.blockers.contains { $0.screen == "Map" && $0.element == "search" && $0.checkId == "text.clipped"
            && $0.category == "accessibilityMedium" })
        // Blockers are measured. An element measured in one locale is a blocker, its locales drawn in
        // fallback fonts (ar, th, ja: unverified) merged into it; only an element with no measured
        // finding is listed apart.
        #expect(t.blockers.allSatisfy { $0.certainty == .measured })
        #expect(t.uncertain.allSatisfy { $0.certainty != .measured })
    }
}
