import Audit
import DynamicType
import Foundation
import Reports
import TestSupport
import Testing
import WebAudit

/// The browser driver against real headless Chromium (scripts/deps installs Debian's `chromium`).
/// Expected values come from the pages' own CSS (px widths, margins, heights), the HIG table, and
/// for text widths from `hb-shape` (HarfBuzz 6.0.0) with the bundled Inter, as each test shows.
@Suite(.serialized) struct ChromiumTests {
    /// A folder with `files` (name → contents), removed at deinit.
    final class Site {
        let url: URL
        init(_ files: [String: String]) throws {
            url = try temporaryDirectory("typefit-web")
            for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    }

    /// Opens `page.html` of `site` in a fresh browser at `width` × `height` and runs `body` on it.
    static func withPage<T>(_ site: Site, width: Double = 320, height: Double = 500, scaling: WebScaling = .none,
                            _ body: (WebPageSession) throws -> T) throws -> T {
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let page = try WebPageSession(browser: browser, fileURL: site.file("page.html"), displayPath: "page.html",
                                      width: width, height: height, scaling: scaling)
        defer { page.close() }
        return try body(page)
    }

    /// `page.html` of `site` measured once at Large, unscaled.
    static func measure(_ site: Site) throws -> WebMeasurement {
        try withPage(site) { page in
            try page.apply(category: .large, scaling: .none, rootFontSize: nil)
            return try page.measure()
        }
    }

    static let head = "<!DOCTYPE html><html><head><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"

    @Test func measuresBoxesTextAndClipsAtAViewportWidth() throws {
        let html = Self.head + """
            <style>body { margin: 8px; font: 16px sans-serif }</style></head><body>
            <div id="wide" style="width: 500px; height: 10px"></div>
            <div id="clip" style="height: 50px; overflow: hidden; line-height: 20px">1<br>2<br>3<br>4<br>5</div>
            <p class="fine">short</p>
            </body></html>
            """
        let site = try Site(["page.html": html])
        let (m, png) = try Self.withPage(site) { page in
            try page.apply(category: .large, scaling: .none, rootFontSize: nil)
            let m = try page.measure(sources: HTMLSourceIndex(html: html))
            return (m, try page.screenshot(maxHeight: 1000, pageHeight: m.pageHeight, width: 320))
        }
        #expect(m.viewportWidth == 320 && m.viewportHeight == 500 && m.hasDeviceWidthViewport)
        // body margin 8 + width 500 = right edge 508.
        let wide = try #require(m.elements.first { $0.selector == "#wide" })
        #expect(wide.left == 8 && wide.right == 508 && wide.parentRight == nil)
        // The first of the page's two <div> start tags, on line 2 of the HTML (the head and the
        // <style> share line 1).
        #expect(wide.source == SourceLocation(file: "page.html", line: 2))
        // 5 lines × 20 px = 100 px of content in a 50 px box with overflow: hidden.
        let clip = try #require(m.elements.first { $0.selector == "#clip" })
        #expect(clip.clientHeight == 50 && clip.scrollHeight == 100 && clip.overflowY == "hidden")
        #expect(m.elements.contains { $0.selector == "body > p.fine" && $0.fontSize == 16 && $0.text == "short" })
        // The page is 8 + 10 + 50 + (16 p margin) + … tall; the screenshot is the viewport width × that height.
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 320 && Double(height) == min(1000, m.pageHeight.rounded(.down)))
    }

    @Test func reportsLineClampAndEllipsis() throws {
        let text = "Larger text needs more lines than this box allows, so some of it is hidden"
        let site = try Site(["page.html": Self.head + """
            <style>body { margin: 8px; font: 16px sans-serif; line-height: 20px }
            .clamp { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; width: 100px }
            .ell { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; width: 100px }</style></head><body>
            <div class="clamp">\(text)</div><div class="ell">\(text)</div>
            </body></html>
            """])
        let m = try Self.measure(site)
        // Two lines of 20 px shown; the text needs more.
        let clamp = try #require(m.elements.first { $0.selector == "body > div.clamp" })
        #expect(clamp.lineClamp == 2 && clamp.clientHeight == 40 && clamp.scrollHeight > 40)
        // One line in 100 px; the text is far wider.
        let ell = try #require(m.elements.first { $0.selector == "body > div.ell" })
        #expect(ell.textOverflow == "ellipsis" && ell.clientWidth == 100 && ell.scrollWidth > 100 && ell.overflowX == "hidden")
    }

    /// Common "visually hidden" patterns are for screen readers, not clipped or overflowing text.
    @Test func visuallyHiddenTextIsNotMeasured() throws {
        let site = try Site(["page.html": Self.head + """
            <style>
            .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
                       clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0 }
            .skip { position: absolute; left: -10000px; top: auto; width: 200px }
            </style></head><body>
            <span class="sr-only">Opens in a new window, a long description for screen readers only</span>
            <a class="skip" href="#main">Skip to the main content of this page</a>
            <p id="main">Visible</p>
            </body></html>
            """])
        let m = try Self.measure(site)
        #expect(m.elements.map(\.selector) == ["#main"])
    }

    @Test func appleSystemBodyIsRewrittenAtEachCategory() throws {
        let site = try Site([
            "page.html": Self.head + """
                <link rel="stylesheet" href="page.css"></head><body>
                <h1>Title</h1><p class="caption">Caption</p><p style="font: -apple-system-headline">Inline</p>
                </body></html>
                """,
            "page.css": "body { font: -apple-system-body } h1 { font-size: 2em } .caption { font-size: 12px }",
        ])
        try Self.withPage(site, width: 393, height: 700, scaling: .appleSystemFont) { page in
            // HIG body: 14 pt at xS, 53 pt at AX5; headline 53 pt at AX5 as well; h1 2em; caption fixed 12 px.
            for (category, body) in [(ContentSizeCategory.extraSmall, 14.0), (.accessibilityExtraExtraExtraLarge, 53)] {
                try page.apply(category: category, scaling: .appleSystemFont, rootFontSize: nil)
                let m = try page.measure()
                #expect(m.elements.first { $0.tag == "h1" }?.fontSize == 2 * body)
                #expect(m.elements.first { $0.text == "Caption" }?.fontSize == 12)
                #expect(m.elements.first { $0.text == "Inline" }?.fontSize == body)
            }
        }
    }

    @Test func rootFontSizeScalesRemAndEm() throws {
        let site = try Site(["page.html": Self.head + """
            </head><body><p class="rem" style="font-size: 1rem">a</p><p class="px" style="font-size: 15px">b</p></body></html>
            """])
        let m = try Self.withPage(site, width: 393, height: 700, scaling: .rootFontSize) { page in
            try page.apply(category: .accessibilityMedium, scaling: .rootFontSize, rootFontSize: 23.333)
            return try page.measure()
        }
        // Chromium keeps computed font sizes as floats: 23.333 px exactly as given.
        #expect(abs((m.elements.first { $0.text == "a" }?.fontSize ?? 0) - 23.333) < 0.001)
        #expect(m.elements.first { $0.text == "b" }?.fontSize == 15)
    }

    /// Text widths in Chromium on Linux are HarfBuzz advances, as in TypeFit's own measuring:
    /// `hb-shape Fonts/Inter/Inter-Regular.otf "https://support.example.com/accessibility/larger-"`
    /// sums to 65524 units (unitsPerEm 2816), so at 53 px the line is 53 × 65524 / 2816 = 1233.229 px,
    /// which Blink stores in 1/64 px units: 1233.234.
    @Test func textWidthMatchesHarfBuzz() throws {
        let site = try Site(["page.html": Self.head + """
            <style>@font-face { font-family: T; src: url("Inter-Regular.otf") } body { margin: 16px; font: 53px T }</style>
            </head><body><p>https://support.example.com/accessibility/larger-</p></body></html>
            """])
        // A page may load only files of its own folder.
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf"),
                                         to: site.file("Inter-Regular.otf"))
        let p = try #require(try Self.measure(site).elements.first { $0.tag == "p" })
        let expected = 16 + 53 * 65524 / 2816.0
        #expect(abs((p.textRight ?? 0) - expected) <= 1.0 / 64, "\(p.textRight ?? 0) vs \(expected)")
    }

    /// One overflowing line is one `web.overflow` finding, on the innermost element that reaches
    /// past the edge, quoting its whole text. In the first paragraph the span's URL cannot wrap and
    /// the full stop after it stays on its line (UAX #14 LB13: no break before "."), so the `<p>`'s
    /// own text reaches past the edge too, on the same line: the span alone is reported. In the second,
    /// the paragraph's own URL and the `<b>`'s URL overflow on different lines: two findings. Widths
    /// from `hb-shape` with the bundled Inter (unitsPerEm 2816): the URL 65524 units, "." 776 units.
    @Test func anOverflowingLineIsOneFindingOnItsInnermostElement() throws {
        let url = "https://support.example.com/accessibility/larger-"
        let site = try Site(["page.html": Self.head + """
            <style>@font-face { font-family: T; src: url("Inter-Regular.otf") } body { margin: 16px; font: 53px T }</style>
            </head><body><p>Visit <span class="url">\(url)</span>.</p>
            <p>Two: \(url) and <b>\(url)</b></p></body></html>
            """])
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf"),
                                         to: site.file("Inter-Regular.otf"))
        let m = try Self.measure(site)
        let page = WebPageObservation(webView: "Help", file: "page.html", device: "iPhone SE", category: .large,
                                      baseSize: nil, viewportWidth: m.viewportWidth, viewportHeight: m.viewportHeight,
                                      pageHeight: m.pageHeight, elements: m.elements)
        let findings = WebOverflowCheck().run(AuditInput(web: [page]), context: .default)
        let first = findings.filter { $0.selector?.hasPrefix("body > p:nth-of-type(1)") == true }
        #expect(first.map(\.selector) == ["body > p:nth-of-type(1) > span.url"])
        #expect(first.first?.text == url)
        // The URL starts the second line at the 16 px margin: 16 + 53 × 65524 / 2816 − 320.
        let by = 16 + 53 * 65524 / 2816.0 - 320
        #expect(abs((first.first?.figures["overflowBy"] ?? 0) - by) <= 1.0 / 64, "\(first.first?.figures ?? [:])")
        let second = findings.filter { $0.selector?.hasPrefix("body > p:nth-of-type(2)") == true }
        #expect(second.map(\.selector) == ["body > p:nth-of-type(2)", "body > p:nth-of-type(2) > b"])
        // The paragraph is quoted with its child's text (whitespace collapsed, shortened to 80 characters).
        #expect(second.first?.text == String("Two: \(url) and \(url)".prefix(80)))
        #expect(second.last?.text == url)
    }

    @Test func missingStylesheetNamesTheFile() throws {
        let site = try Site(["page.html": Self.head + "<link rel=\"stylesheet\" href=\"css/missing.css\"></head><body>x</body></html>"])
        #expect(throws: WebAuditError(file: "page.html", "cannot load css/missing.css (net::ERR_FILE_NOT_FOUND)")) {
            try Self.withPage(site) { _ in }
        }
    }

    @Test func brokenAndMissingFontsNameTheFile() throws {
        let site = try Site([
            "page.html": Self.head + """
                <style>@font-face { font-family: B; src: url("broken.woff2") } body { font-family: B }</style>
                </head><body>text</body></html>
                """,
            "broken.woff2": "this is not a font",
            "missing.html": Self.head + """
                <style>@font-face { font-family: M; src: url("fonts/App.otf") } body { font-family: M }</style>
                </head><body>text</body></html>
                """,
        ])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        // A font is requested while the page loads, so the error comes from opening it or from the first restyle.
        func error(_ name: String) throws -> WebAuditError {
            try #require(throws: WebAuditError.self) {
                let page = try WebPageSession(browser: browser, fileURL: site.file(name), displayPath: name,
                                              width: 320, height: 500, scaling: .none)
                defer { page.close() }
                try page.apply(category: .large, scaling: .none, rootFontSize: nil)
            }
        }
        #expect(try error("page.html").description == "page.html: font broken.woff2 cannot be used (Failed to decode downloaded font)")
        #expect(try error("missing.html").description == "missing.html: cannot load fonts/App.otf (net::ERR_FILE_NOT_FOUND)")
    }

    @Test func aPageThatNeverFinishesLoadingTimesOut() throws {
        let site = try Site(["page.html": Self.head + "</head><body><script>for (;;) {}</script></body></html>"])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let start = Date()
        #expect(throws: WebAuditError(file: "page.html", "the page did not finish loading within 2 s")) {
            _ = try WebPageSession(browser: browser, fileURL: site.file("page.html"), displayPath: "page.html",
                                   width: 320, height: 500, scaling: .none, timeout: 2)
        }
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test func missingChromiumIsOneLine() {
        #expect(throws: WebAuditError("Chromium not found at /nonexistent/chromium; install Debian's chromium (scripts/deps does) or set TYPEFIT_CHROMIUM")) {
            _ = try DevToolsBrowser(executable: "/nonexistent/chromium")
        }
        #expect(DevToolsBrowser.locate(environment: ["TYPEFIT_CHROMIUM": "/nonexistent/chromium"]) == nil)
        #expect(DevToolsBrowser.locate(environment: ["PATH": "/nonexistent"]) == nil)
    }
}
