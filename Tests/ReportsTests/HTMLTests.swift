import Foundation
import TestSupport
import Testing
@testable import Reports

@Suite struct HTMLTests {
    static func mockupFragment(_ html: String, _ id: String) -> String? {
        guard let start = html.range(of: "<figure id=\"\(id)\"") else { return nil }
        guard let end = html.range(of: "</figure>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// Anchors and font-family names keep ASCII letters, digits, "_", "." and "-" and put one "_"
    /// for every other Unicode scalar (written out by hand: "é" precomposed is one scalar, "e" +
    /// U+0301 two, "👍" one, a space one).
    @Test func slugKeepsASCIIWordCharactersOnly() {
        #expect(HTMLReporter.slug("iPhone SE (1st generation)") == "iPhone_SE__1st_generation_")
        #expect(HTMLReporter.slug("Réglages-2.x_y") == "R_glages-2.x_y")
        #expect(HTMLReporter.slug("Re\u{301}glages 👍") == "Re_glages__")
        #expect(HTMLReporter.slug("") == "")
    }

    @Test func selfContained() throws {
        let fonts = try Fixture.fontData()
        let html = HTMLReporter.render(Fixture.document(), fontData: fonts)
        // No external resource: no http(s) or protocol-relative URL in src/href/url(), no script/link/img.
        let external = try Regex(#"(?i)(src|href)\s*=\s*["']?\s*(https?:|//)|url\(\s*["']?\s*(https?:|//)"#)
        #expect(html.firstMatch(of: external) == nil)
        #expect(!html.contains("<link") && !html.contains("<img") && !html.contains("@import"))
        // One inline script (the filters), no script file.
        #expect(html.components(separatedBy: "<script").count - 1 == 1 && html.contains("<script>\n(function () {"))
        #expect(!html.contains("fetch(") && !html.contains("XMLHttpRequest"))
        // Every href is a fragment link to an element of the page.
        let hrefs = html.matches(of: try Regex(#"href="([^"]*)""#)).compactMap { $0.output[1].substring.map(String.init) }
        #expect(!hrefs.isEmpty)
        for href in Set(hrefs) {
            #expect(href.hasPrefix("#") && html.contains("id=\"\(href.dropFirst())\""), "dangling link \(href)")
        }
        // Fonts embedded byte for byte as data URLs.
        let inter = try #require(fonts["Inter-Regular"])
        #expect(html.contains("@font-face { font-family: \"tf-Inter-Regular\"; src: url(data:font/otf;base64,\(inter.base64EncodedString())); }"))
        let arabic = try #require(fonts["NotoSansArabic-Regular"])
        #expect(html.contains("src: url(data:font/ttf;base64,\(arabic.base64EncodedString()))"))
        #expect(html == HTMLReporter.render(Fixture.document(), fontData: fonts))  // deterministic
    }

    /// The page draws only where new groups happen: each new group's worst occurrence (largest
    /// category, then the first device), worst group first, without repeats. By hand (see Expected):
    /// Contacts en truncated → Contacts / iPhone SE / AX5 / en; Settings en truncated → Settings / SE /
    /// AX5 / en; Settings ar truncated → Settings / SE / AX5 / ar; ar clipped, Contacts rows and ar ink
    /// name those places again. The baselined en clipped group's place (Settings / SE / AX5 / en) is drawn already.
    @Test func mockupsOnlyForNewGroups() throws {
        let doc = Fixture.document().selectingMockups()
        #expect(doc.screens.map(HTMLReporter.anchor) == [
            "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-en",
            "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-ar",
            "m-Contacts-iPhone_SE-accessibilityExtraExtraExtraLarge-en",
        ])
        #expect(doc.mockups == MockupSummary(cap: 72, omitted: 0))
        let html = HTMLReporter.render(doc)
        #expect(html.components(separatedBy: "<figure id=\"m-").count - 1 == 3)
        #expect(html.contains("at most 72: 3 drawn."))
        // A cap of 2 keeps the two worst places and says one was left out.
        var capped = Fixture.document()
        capped.mockups.cap = 2
        let c = capped.selectingMockups()
        #expect(c.screens.map(HTMLReporter.anchor) == ["m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-en",
                                                      "m-Contacts-iPhone_SE-accessibilityExtraExtraExtraLarge-en"])
        #expect(c.mockups.omitted == 1)
        #expect(HTMLReporter.render(c).contains("at most 2: 2 drawn, <b>1 of 3 left out</b>."))
        // The groups table links a group to its drawn mockup.
        #expect(html.contains("<a href=\"#m-Contacts-iPhone_SE-accessibilityExtraExtraExtraLarge-en\">Contacts / contact-1 / name</a>"))
    }

    /// Baselined groups keep their mockups after the new groups' (up to the cap), marked as such.
    /// With every Contacts group in the baseline, the new groups want Settings / SE / AX5 in en and ar
    /// (as above), and the baselined Contacts truncation and rows groups want Contacts / SE / AX5 / en.
    @Test func baselinedGroupsKeepTheirMockupsMarked() throws {
        var doc = Fixture.document().normalized()
        for i in doc.groups.indices where doc.groups[i].key.screen == "Contacts" { doc.groups[i].status = .baselined }
        let picked = doc.selectingMockups()
        #expect(picked.screens.map(HTMLReporter.anchor) == [
            "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-en",
            "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-ar",
            "m-Contacts-iPhone_SE-accessibilityExtraExtraExtraLarge-en",
        ])
        let html = HTMLReporter.render(picked)
        let contacts = try #require(Self.mockupFragment(html, "m-Contacts-iPhone_SE-accessibilityExtraExtraExtraLarge-en"))
        #expect(contacts.contains("class=\"mockup has-problems baselined\"") && contacts.contains(" · in the baseline</figcaption>"))
        let settings = try #require(Self.mockupFragment(html, "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-en"))
        #expect(!settings.contains("baselined") && !settings.contains("in the baseline"))
        // New groups come first: a cap of 2 leaves the baselined place out.
        doc.mockups.cap = 2
        #expect(doc.selectingMockups().screens.map(HTMLReporter.anchor) == [
            "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-en",
            "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-ar",
        ])
    }

    /// Filters: every mockup, chart line and group row carries what it is about; the selects list the
    /// scope in config order.
    @Test func filters() throws {
        let html = HTMLReporter.render(Fixture.document().selectingMockups())
        #expect(html.contains("<label>Screen <select name=\"screen\"><option value=\"\">all</option><option value=\"Settings\">Settings</option>"
            + "<option value=\"Contacts\">Contacts</option></select></label>"))
        #expect(html.contains("<option value=\"accessibilityExtraExtraExtraLarge\">AX5</option>"))
        #expect(html.contains("<figure id=\"m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-ar\" class=\"mockup has-problems\" "
            + "data-screen=\"Settings\" data-locale=\"ar\" data-devices=\"[&quot;iPhone SE&quot;]\" "
            + "data-categories=\"[&quot;accessibilityExtraExtraExtraLarge&quot;]\">"))
        #expect(html.contains("<g class=\"series-group\" data-locale=\"ar\">"))
        #expect(html.contains("<tr class=\"baselined\" data-screen=\"Settings\" data-locale=\"en\" "
            + "data-devices=\"[&quot;iPhone SE&quot;,&quot;iPhone 15 Pro&quot;]\""))
    }

    @Test func mockupsAndHighlights() throws {
        // All 72 snapshots drawn (the fixture's cap is its snapshot count), to check each drawing.
        let doc = Fixture.document()
        let html = HTMLReporter.render(doc)
        #expect(html.components(separatedBy: "<figure id=\"m-").count - 1 == 72)
        // Contacts / iPhone SE / en: the long name is truncated from xxxL (357.3 > 343), not before.
        for (i, c) in Fixture.categories.enumerated() {
            let fragment = try #require(Self.mockupFragment(html, "m-Contacts-iPhone_SE-\(c)-en"))
            #expect(fragment.contains("<g class=\"label truncated\" data-label=\"name\">") == (i >= 6), "\(c)")
        }
        // iPhone 15 Pro: from AX1 (434.9 > 361); xxxL fits (357.3 ≤ 361).
        let pro = try #require(Self.mockupFragment(html, "m-Contacts-iPhone_15_Pro-extraExtraExtraLarge-en"))
        #expect(!pro.contains("truncated"))
        // Settings ar / iPhone SE: AX3 truncated (324.9 > 303) and clipped; AX2 only clipped (268.0 ≤ 303).
        let ax3 = try #require(Self.mockupFragment(html, "m-Settings-iPhone_SE-accessibilityExtraLarge-ar"))
        #expect(ax3.contains("<g class=\"label truncated clipped\" data-label=\"title\">"))
        #expect(ax3.contains("direction=\"rtl\""))
        #expect(ax3.contains("font-family=\"tf-NotoSansArabic-Regular, sans-serif\""))
        #expect(ax3.contains("<g class=\"row clipped\">"))
        let ax2 = try #require(Self.mockupFragment(html, "m-Settings-iPhone_SE-accessibilityLarge-ar"))
        #expect(ax2.contains("<g class=\"label clipped\" data-label=\"title\">"))
        // Ink overflow at ar / SE / AX5 only: the inkbox extends the frame by 1.5 pt on each side.
        let ax5 = try #require(Self.mockupFragment(html, "m-Settings-iPhone_SE-accessibilityExtraExtraExtraLarge-ar"))
        #expect(ax5.contains("class=\"label truncated clipped ink\""))
        #expect(html.components(separatedBy: "class=\"inkbox\"").count - 1 == 1)
        // Frame of the SE title: x 56, width 375 − 72 = 303 → inkbox x 54.5, width 306.
        #expect(ax5.contains("<rect class=\"inkbox\" x=\"54.5\" y=\"9.5\" width=\"306\" height=\"65\"/>"))
        // Escaping: the Arabic text passes intact; markup in any string is escaped.
        #expect(html.contains("الإشعارات"))
        var hostile = doc
        hostile.groups[0].message = "<script>alert(\"x\")</script> & co"
        hostile.screens[0].rows[0].labels[0].lines = ["<b>Ada</b>"]
        let escaped = HTMLReporter.render(hostile)
        #expect(!escaped.contains("<script>alert") && !escaped.contains("<b>Ada"))
        #expect(escaped.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"))
        #expect(escaped.contains("&lt;b&gt;Ada&lt;/b&gt;"))
    }

    @Test func rowsVisibleChart() throws {
        let html = HTMLReporter.render(Fixture.document())
        #expect(html.contains("<span class=\"verdict fail\">FAIL</span>"))
        // One chart per screen × device.
        #expect(html.components(separatedBy: "<figure class=\"chart\"").count - 1 == 4)
        // Worst first: Contacts shows 3.795 rows at AX5 on iPhone SE (the Markdown test's figures), Settings 10.
        #expect(html.range(of: "id=\"chart-Contacts-iPhone_SE\"")!.lowerBound < html.range(of: "id=\"chart-Settings-iPhone_SE\"")!.lowerBound)
        let start = try #require(html.range(of: "<figure class=\"chart\" id=\"chart-Contacts-iPhone_SE\""))
        let end = try #require(html.range(of: "</figure>", range: start.upperBound..<html.endIndex))
        let chart = String(html[start.lowerBound..<end.upperBound])
        // 12 points, one below the minimum of 4 rows (AX5: 3.795), and the minimum line.
        #expect(chart.components(separatedBy: "<circle ").count - 1 == 12)
        #expect(chart.components(separatedBy: "class=\"dot below\"").count - 1 == 1)
        #expect(chart.contains("<title>en AX5: 3.795 rows</title>"))
        #expect(chart.contains("<title>minimum 4 rows</title>"))
        // y scale: top = ceil(max(9.233, 4)) + 1 = 11; plot 10…172 (200 − 10 − 28 = 162 high):
        // y(4) = 10 + 162 × (1 − 4/11) = 113.091.
        #expect(chart.contains("<line class=\"minimum\" x1=\"34\" y1=\"113.091\" x2=\"350\" y2=\"113.091\">"))
        // Settings charts have no minimum line (no minimumRows figure for them).
        let s = try #require(html.range(of: "<figure class=\"chart\" id=\"chart-Settings-iPhone_SE\""))
        let e = try #require(html.range(of: "</figure>", range: s.upperBound..<html.endIndex))
        #expect(!html[s.lowerBound..<e.upperBound].contains("class=\"minimum\""))
        // One colour per locale, by its place in the scope (en first, ar second: Okabe–Ito blue and
        // orange), the same in every chart, with a legend naming them.
        let settings = String(html[s.lowerBound..<e.upperBound])
        #expect(Fixture.document().scope.locales == ["en", "ar"])
        #expect(settings.contains("<polyline class=\"series\" style=\"stroke: #0072b2\""))
        #expect(settings.contains("<polyline class=\"series\" style=\"stroke: #e69f00\""))
        #expect(settings.contains("<p class=\"legend\"><span class=\"series-group\" data-locale=\"en\"><span class=\"k\" "
            + "style=\"border-color: #0072b2; background: #0072b2\"></span>en</span> <span class=\"series-group\" data-locale=\"ar\">"))
        #expect(chart.contains("<polyline class=\"series\" style=\"stroke: #0072b2\""))
    }

    /// Opens the page in headless Chromium: it must load without console errors, its DOM must hold every
    /// mockup, and the screenshot must show drawing (non-white pixels, including the red truncation tint).
    @Test func rendersInChromium() throws {
        let dir = try ScratchDirectory()
        let page = dir.url.appendingPathComponent("report.html")
        let png = dir.url.appendingPathComponent("shot.png")
        try Data(HTMLReporter.render(Fixture.document(), fontData: try Fixture.fontData()).utf8).write(to: page)
        let common = ["timeout", "180", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
                      "--user-data-dir=\(dir.url.appendingPathComponent("profile").path)",
                      "--enable-logging=stderr", "--v=0", "--hide-scrollbars"]
        let dom: ProcessOutput
        do {
            dom = try Run.run(common + ["--dump-dom", page.absoluteString])
        } catch {
            Issue.record("chromium could not run (scripts/deps installs it): \(error)")
            return
        }
        #expect(dom.status == 0, "chromium --dump-dom failed: \(dom.stderr.suffix(2000))")
        #expect(dom.stdout.components(separatedBy: "<figure id=\"m-").count - 1 == 72)
        #expect(!dom.stdout.contains(" hidden=\"\""))  // no filter picked: everything shows
        // Picking a locale through the query string hides the other locale's mockups, chart lines and groups:
        // en mockups: Contacts 24 + Settings 24 = 48; en chart lines: 4; en group rows: 3 (Settings clipped,
        // Settings truncated, Contacts truncated; the Contacts rows group is en too) = 4 rows; en legend
        // entries: one per chart, 4 → 48 + 4 + 4 + 4 = 60.
        let picked = try Run.run(common + ["--dump-dom", page.absoluteString + "?locale=ar"])
        #expect(picked.stdout.components(separatedBy: "data-locale=\"en\"").count - 1 == 60)
        let hiddenEn = try Regex(#"<[a-z]+ [^>]*data-locale="en"[^>]*hidden="""#)
        #expect(picked.stdout.matches(of: hiddenEn).count == 60)
        #expect(picked.stdout.matches(of: try Regex(#"<[a-z]+ [^>]*data-locale="ar"[^>]*hidden="""#)).isEmpty)
        #expect(dom.stdout.contains("<svg"))
        #expect(!dom.stderr.contains("Uncaught") && !dom.stderr.contains("ERROR:CONSOLE") && !dom.stderr.contains("CONSOLE("),
                "console errors: \(dom.stderr.suffix(2000))")
        // The page as an audit writes it: mockups only where new groups happen (3, all at AX5).
        let selected = dir.url.appendingPathComponent("selected.html")
        try Data(HTMLReporter.render(Fixture.document().selectingMockups(), fontData: try Fixture.fontData()).utf8).write(to: selected)
        let shot = try Run.run(common + ["--screenshot=\(png.path)", "--window-size=1280,2000", selected.absoluteString])
        #expect(shot.status == 0, "chromium --screenshot failed: \(shot.stderr.suffix(2000))")
        #expect(!shot.stderr.contains("Uncaught") && !shot.stderr.contains("ERROR:CONSOLE"))
        if let keep = ProcessInfo.processInfo.environment["TYPEFIT_KEEP_REPORTS_HTML"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(at: dir.url, to: URL(fileURLWithPath: keep))
        }
        let pixels = try Validate.pngPixels(png.path)
        #expect(pixels.width == 1280 && pixels.height == 2000)
        #expect(pixels.nonWhite > 50_000, "screenshot looks blank: \(pixels)")
        #expect(pixels.red > 200, "no red visible: \(pixels)")
        // The first 2000 px show the three AX5 mockups; each truncated label (Settings: 303 × 62 pt at 240/375
        // scale ≈ 194 × 40 px) is tinted; the legend swatch alone is 12 × 12 px.
        #expect(pixels.truncationTint > 1000, "truncated label not highlighted: \(pixels)")
    }
}

extension Validate {
    struct Pixels: CustomStringConvertible {
        var width: Int, height: Int, nonWhite: Int, red: Int, truncationTint: Int
        var description: String { "\(width)×\(height), non-white \(nonWhite), red \(red), truncation tint \(truncationTint)" }
    }

    /// Decodes an 8-bit RGB/RGBA non-interlaced PNG with Python's zlib (no imaging library needed) and counts
    /// non-white pixels, strongly red ones (r > 200, g < 140, b < 140), and the truncated-label tint:
    /// rgba(255, 59, 48, 0.18) over white = (255, 0.18·59 + 0.82·255, 0.18·48 + 0.82·255) ≈ (255, 220, 218).
    static func pngPixels(_ path: String) throws -> Pixels {
        let script = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        pos, idat = 8, b''
        while pos < len(data):
            n, kind = struct.unpack('>I4s', data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
            if kind == b'IHDR': w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT': idat += body
        assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
        bpp = 3 if ctype == 2 else 4
        raw = zlib.decompress(idat); stride = w * bpp
        prev = bytearray(stride); nonwhite = red = tint = 0; i = 0
        for y in range(h):
            f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
            for x in range(0, stride, bpp):
                r, g, bl = line[x], line[x + 1], line[x + 2]
                if r < 250 or g < 250 or bl < 250: nonwhite += 1
                if r > 200 and g < 140 and bl < 140: red += 1
                if r >= 252 and abs(g - 220) <= 4 and abs(bl - 218) <= 4: tint += 1
            prev = line
        print(w, h, nonwhite, red, tint)
        """
        let r = try Run.run(["python3", "-c", script, path])
        let parts = r.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard r.status == 0, parts.count == 5 else {
            Issue.record("PNG decoding failed: \(r.stderr)")
            return Pixels(width: 0, height: 0, nonWhite: 0, red: 0, truncationTint: 0)
        }
        return Pixels(width: parts[0], height: parts[1], nonWhite: parts[2], red: parts[3], truncationTint: parts[4])
    }
}
