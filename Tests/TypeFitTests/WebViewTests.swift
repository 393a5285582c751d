import Audit
import DynamicType
import Foundation
import TestSupport
import Reports
import Testing
@testable import TypeFit
import WebAudit

/// `webViews:` in typefit.yml: parsing with positioned errors, and the bundled Examples/Web page
/// audited end to end in real headless Chromium (scripts/deps installs it).
@Suite struct WebViewConfigTests {
    static let base = """
    webViews:
      - name: Help
        file: Examples/Web/help.html
    """

    @Test func parsesEveryKey() throws {
        let config = try ConfigFixtures.parse(Self.base + """

                scaling: uifontmetrics
                baseSize: 15
                textStyle: footnote
                maximum: 40
                devices: ["iPhone 16"]
                frame: { height: 300 }
                timeout: 5
            """)
        let web = try #require(config.webViews.first)
        #expect(web.name == "Help" && web.file.path.hasSuffix("Examples/Web/help.html"))
        #expect(web.scaling == .uifontmetrics(baseSize: 15, textStyle: .footnote, maximum: 40))
        #expect(web.frame == .height(300) && web.timeout == 5 && web.devices.map(\.name) == ["iPhone 16"])
        let defaults = try ConfigFixtures.parse(Self.base + "\n    scaling: apple-system-body")
        #expect(defaults.webViews.first?.frame == .fullScreen(navigationBar: .standard, tabBar: false))
        #expect(defaults.webViews.first?.timeout == 20)
    }

    // Line 4 is the first key added after `base`; 4 spaces of indentation, so a value after "key: " starts at 5 + key + 2.
    @Test func positionedErrors() {
        // "    scaling: apple-sytem-body" → column 5 + "scaling: " (9) = 14.
        #expect(ConfigFixtures.error(Self.base + "\n    scaling: apple-sytem-body")
                == #"typefit.yml:4:14: webViews[0].scaling: expected one of apple-system-body | uifontmetrics | none, got "apple-sytem-body"; did you mean "apple-system-body"?"#)
        // "baseSize" is required by uifontmetrics: reported at the web view mapping (line 2, column 5).
        #expect(ConfigFixtures.error(Self.base + "\n    scaling: uifontmetrics")
                == #"typefit.yml:2:5: webViews[0]: missing required key "baseSize""#)
        // "    baseSize: 15" under apple-system-body: column 5 + "baseSize: " (10) = 15, on line 5.
        #expect(ConfigFixtures.error(Self.base + "\n    scaling: apple-system-body\n    baseSize: 15")
                == "typefit.yml:5:15: webViews[0].baseSize: baseSize applies to scaling: uifontmetrics only")
        // An unknown key with a suggestion, at the key (column 5).
        #expect(ConfigFixtures.error(Self.base + "\n    scaling: none\n    fram: fullScreen")
                == #"typefit.yml:5:5: unknown key "fram" in webViews[0]; did you mean "frame"?"#)
        // A missing HTML file: "    file: " is 10 characters, so the value is at column 11 of line 3.
        let missing = ConfigFixtures.error("webViews:\n  - name: Help\n    file: Examples/Web/nope.html\n    scaling: none")
        #expect(missing?.hasPrefix(#"typefit.yml:3:11: webViews[0].file: HTML file "Examples/Web/nope.html" not found"#) == true)
        // "    tabBar: true" on line 6: column 5 + "tabBar: " (8) = 13.
        #expect(ConfigFixtures.error(Self.base + "\n    scaling: none\n    frame: { height: 300 }\n    tabBar: true")
                == "typefit.yml:6:13: webViews[0].tabBar: tabBar applies to frame: fullScreen only (a frame with a height is that tall)")
        #expect(ConfigFixtures.error(Self.base + "\n    scaling: uifontmetrics\n    baseSize: 15\n    textStyle: bodyy")?
                    .hasPrefix("typefit.yml:6:16: webViews[0].textStyle: unknown text style \"bodyy\"") == true)
    }
}

extension WebViewConfigTests {
    /// Device names are checked (against the catalog and customDevices) before the browser starts.
    @Test func unknownDeviceIsPositioned() throws {
        let dir = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Line 4 "    devices: ["iPhone 99"]": the list item starts at column 15 (4 + "devices: [" = 14, +1).
        try Data("webViews:\n  - name: Terms\n    file: t.html\n    devices: [\"iPhone 99\"]\n    scaling: none\n".utf8)
            .write(to: dir.appendingPathComponent("typefit.yml"))
        try Data("<p>x</p>".utf8).write(to: dir.appendingPathComponent("t.html"))
        let error = try #require(throws: ConfigError.self) {
            _ = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        }
        #expect(error.line == 4 && error.column == 15 && error.path == "webViews[0].devices[0]")
        #expect(error.message.hasPrefix("unknown device 'iPhone 99'; valid devices: "), "\(error)")
    }
}

extension WebViewConfigTests {
    /// A file that is not HTML text, or is empty, is refused (naming it) before the browser starts.
    @Test func brokenHTMLFilesAreOneLineErrors() throws {
        let dir = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("typefit.yml")
        try Data("webViews:\n  - name: Terms\n    file: t.html\n    scaling: none\ndevices: [\"iPhone 16\"]\n".utf8).write(to: config)
        let cwd = FileManager.default.currentDirectoryPath
        for (bytes, message) in [(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]), "not an HTML file (not UTF-8 text)"),
                                 (Data(" \n\t".utf8), "the HTML file is empty")] {
            try bytes.write(to: dir.appendingPathComponent("t.html"))
            let error = try #require(throws: WebAuditError.self) { _ = try TypeFit.audit(configPath: config.path) }
            let shown = dir.appendingPathComponent("t.html").standardizedFileURL.path
            #expect(error.description == "\(shown.hasPrefix(cwd + "/") ? String(shown.dropFirst(cwd.count + 1)) : shown): \(message)")
        }
    }

    /// A page larger than 32 MB (a sparse file: nothing is written) or not a regular file is refused
    /// before it is read.
    @Test func hugeAndSpecialHTMLFilesAreRefusedBeforeReading() throws {
        let dir = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("typefit.yml")
        try Data("webViews:\n  - name: Terms\n    file: t.html\n    scaling: none\ndevices: [\"iPhone 16\"]\n".utf8).write(to: config)
        let page = dir.appendingPathComponent("t.html")
        #expect(FileManager.default.createFile(atPath: page.path, contents: nil))
        #expect(truncate(page.path, 33 << 20) == 0)
        let huge = try #require(throws: WebAuditError.self) { _ = try TypeFit.audit(configPath: config.path) }
        #expect(huge.message == "the HTML file is 33 MB, over the 32 MB a page may have")
        try FileManager.default.removeItem(at: page)
        #expect(mkfifo(page.path, 0o600) == 0)
        let fifo = try #require(throws: WebAuditError.self) { _ = try TypeFit.audit(configPath: config.path) }
        #expect(fifo.message == "not a regular file")
    }
}

/// The bundled web example in real Chromium. Values asserted come from the page's CSS (the card's
/// `height: 120px`, the caption's `font-size: 12px`, `body { margin: 16px }`), the HIG body sizes
/// (14 pt at xS, 17 at L, 53 at AX5), the devices' screens, and `hb-shape` for the URL's width.
@Suite(.serialized) struct WebViewAuditTests {
    static let run: Result<AuditRun, Error> = Result {
        let config = Repository.root.appendingPathComponent("Examples/Web/typefit.yml").path
        return try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "Examples/Web/typefit.yml"))
    }

    @Test func findsTheOverflowsOfTheExample() throws {
        let run = try Self.run.get()
        let findings = run.document.findings
        #expect(run.exitCode == 1)
        let help = findings.filter { $0.screen == "Help" }
        // The px caption: 12 px at xS and at AX5 while the body goes 14 → 53 (HIG), help.html line 33.
        let caption = help.filter { $0.checkId == "web.not-scaling" && $0.selector == "body > main > figure > figcaption.caption" }
        #expect(caption.count == 2)  // one per device
        #expect(caption.allSatisfy {
            $0.figures == ["sizeAtSmallest": 12, "sizeAtLargest": 12, "baseAtSmallest": 14, "baseAtLargest": 53, "baseSize": 53]
                && $0.source?.line == 33 && $0.category == .accessibilityExtraExtraExtraLarge
        })
        // The 120 px card with overflow: hidden: clipped from some category up to AX5, never at L or below.
        let card = help.filter { $0.checkId == "web.clipped" && $0.selector == "body > main > div.card" }
        #expect(card.allSatisfy { $0.figures["boxHeight"] == 120 && ($0.figures["contentHeight"] ?? 0) > 121 && $0.source?.line == 15 })
        let cardCategories = Set(card.compactMap(\.category))
        #expect(cardCategories.contains(.accessibilityExtraExtraExtraLarge))
        #expect(!cardCategories.contains(.large) && !cardCategories.contains(.extraSmall))
        // The table (help.html:21) is wider than the screen at AX5 on both devices.
        #expect(help.filter { $0.checkId == "web.overflow" && $0.selector == "body > main > table.plans"
            && $0.category == .accessibilityExtraExtraExtraLarge && $0.source?.line == 21 }.count == 2)
        // The URL line on the 320 px iPhone SE at AX5: body margin 16 + the unbreakable
        // "https://support.example.com/accessibility/larger-" at 53 px (hb-shape: 65524 units, unitsPerEm 2816).
        let url = try #require(help.first { $0.checkId == "web.overflow" && $0.device == "iPhone SE (1st generation)"
            && $0.category == .accessibilityExtraExtraExtraLarge && $0.selector == "body > main > p:nth-of-type(2)" })
        let expected = 16 + 53 * 65524 / 2816.0 - 320
        #expect(abs((url.figures["overflowBy"] ?? 0) - expected) < 0.02, "\(url.figures)")
        #expect(url.source == SourceLocation(file: "Examples/Web/help.html", line: 36))
        #expect(url.figures["viewportWidth"] == 320 && url.figures["baseSize"] == 53)
    }

    @Test func reportKeepsBoundedScreenshots() throws {
        let run = try Self.run.get()
        let pages = try #require(run.document.webPages)
        // Full screen below the standard navigation bar: iPhone 16 852 − 59 (safe area) − 44 − 34 = 715;
        // iPhone SE (1st gen) 568 − 20 − 44 = 504; the panel is 300 tall.
        for (device, height) in [("iPhone 16", 715.0), ("iPhone SE (1st generation)", 504)] {
            let shots = pages.filter { $0.webView == "Help" && $0.device == device }
            #expect(shots.allSatisfy { $0.viewportHeight == height })
            let categories = shots.compactMap(\.category)
            #expect(categories.contains("large") && categories.contains("accessibilityExtraExtraExtraLarge"))
            #expect(shots.count <= 5)
        }
        #expect(pages.filter { $0.webView == "Help panel" }.allSatisfy { $0.viewportHeight == 300 && $0.viewportWidth == 393 })
        for page in pages {
            #expect(page.png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            let width = page.png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = page.png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(Double(width) == page.viewportWidth && Double(height) == page.imageHeight)
            #expect(page.imageHeight <= 2 * page.viewportHeight)
        }
        // Boxes of findings are drawn over the AX5 shot of iPhone 16: the card is there.
        let ax5 = try #require(pages.first { $0.webView == "Help" && $0.device == "iPhone 16" && $0.category == "accessibilityExtraExtraExtraLarge" })
        #expect(ax5.marks.contains { $0.checkId == "web.clipped" && $0.selector == "body > main > div.card" && $0.height == 120 })
        let html = HTMLReporter.render(run.document)
        #expect(html.contains("<section id=\"web-views\">") && html.contains("data:image/png;base64,"))
        #expect(html.components(separatedBy: "<figure class=\"webshot\"").count - 1 == pages.count)
    }

    @Test func baselineMatchesWebFindingsBySelector() throws {
        let run = try Self.run.get()
        let baseline = Baseline(groups: run.document.groups, toolVersion: "test")
        #expect(baseline.apply(to: run.document.groups).groups.allSatisfy { !$0.isNew })
        // Same check, web view, device and category, different element: a new group.
        var other = try #require(run.document.findings.first { $0.checkId == "web.overflow" })
        other.selector = "body > main > pre"
        var grouper = FindingGrouper()
        grouper.add(other)
        #expect(baseline.apply(to: grouper.groups(scope: run.document.scope, checks: run.document.checks)).groups.first?.isNew == true)
        #expect(baseline.groups.contains { $0.key.selector == "body > main > table.plans" })
        // The JSON report round-trips selectors and screenshots.
        let decoded = try ReportDocument.decode(run.document.jsonData(), source: "report.json")
        #expect(decoded.findings.map(\.selector) == run.document.normalized().findings.map(\.selector))
        #expect(decoded.webPages?.map(\.png) == run.document.webPages?.map(\.png))
    }

    /// `scaling: none`: one rendering per device, findings for every category (no category), one screenshot.
    @Test func aPageThatDoesNotScaleIsRenderedOnce() throws {
        let dir = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("webViews:\n  - name: Terms\n    file: terms.html\n    scaling: none\ndevices: [\"iPhone SE (1st gen)\"]\n".utf8)
            .write(to: dir.appendingPathComponent("typefit.yml"))
        try Data(#"<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width"></head><body><div style="width: 400px">Terms</div></body></html>"#.utf8)
            .write(to: dir.appendingPathComponent("terms.html"))
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        let web = run.document.findings.filter { $0.checkId.hasPrefix("web.") }
        // body margin 8 + 400 px = 408, 88 px past the 320 px screen; the browser's default font size 16 px.
        #expect(web.count == 1)
        #expect(web.first?.category == nil && web.first?.selector == "body > div")
        #expect(web.first?.figures == ["overflowBy": 88, "viewportWidth": 320, "elementWidth": 400, "fontSize": 16])
        #expect(web.first?.message.hasSuffix("the page scrolls sideways at every category on iPhone SE (1st generation)") == true)
        #expect(run.document.webPages?.count == 1 && run.document.webPages?.first?.category == nil)
    }
}


/// The whole web audit has a time budget: past it, the web views not yet rendered are skipped
/// with one warning naming them, and what was rendered (here: nothing) and the rest are kept.
@Suite struct WebAuditBudgetTests {
    @Test func aSpentBudgetSkipsWithAWarning() throws {
        let plan = try AuditPlan.load(path: Repository.root.appendingPathComponent("Examples/Web/typefit.yml").path)
        let web = try WebViewAudit.run(project: plan, devices: plan.devices, categories: [.large], budget: 0)
        #expect(web.renderings.isEmpty)
        let names = plan.config.webViews.flatMap { view in
            (view.devices.isEmpty ? plan.devices.map(\.name) : view.devices.map(\.name)).map { "\(view.name) on \($0)" }
        }
        #expect(!names.isEmpty)
        #expect(web.warnings.count == 1)
        let warning: String = web.warnings.first ?? ""
        let expected: String = "not rendered: " + names.prefix(10).joined(separator: ", ")
        #expect(warning.contains("took over 0 s in all"), "\(warning)")
        #expect(warning.contains(expected), "\(warning)")
    }
}
