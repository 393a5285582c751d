import Foundation

/// One self-contained HTML page: no external resources, no script; fonts embedded as data URLs.
public enum HTMLReporter {
    /// Renders the summary, a rows-visible chart per screen × device (x = categories, y = rows visible,
    /// dashed line at the `minimumRows` figure of that screen/device's findings), one SVG mockup per
    /// snapshot shown (see `shownSnapshots`), and the findings table.
    ///
    /// - Parameter fontData: font file bytes keyed by `FontInfo.id`; each is embedded as an `@font-face`
    ///   data URL so labels are drawn as SVG text in the real font. Fonts missing here fall back to the
    ///   browser's sans-serif.
    public static func render(_ document: ReportDocument, fontData: [String: Data] = [:]) -> String {
        let doc = document.normalized()
        let failing = doc.findings.filter(doc.isFailing)
        var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        h += "<title>\(e(doc.tool.name)) report — \(e(doc.config))</title>\n<style>\n"
        for font in doc.fonts {
            guard let data = fontData[font.id] else { continue }
            h += "@font-face { font-family: \"\(cssString(fontFamily(font.id)))\"; src: url(data:\(mime(font.path));base64,"
                + data.base64EncodedString() + "); }\n"
        }
        h += css
        if doc.webPages != nil { h += webCSS }
        h += "</style>\n</head>\n<body>\n"
        h += "<header><h1><span class=\"verdict \(failing.isEmpty ? "pass\">PASS" : "fail\">FAIL")</span> \(e(doc.tool.name)) \(e(doc.tool.version))</h1>\n"
        h += "<p>Config <code>\(e(doc.config))</code> · fail on <b>\(e(doc.failOn.rawValue))</b>"
        if let b = doc.baseline { h += " · baseline <code>\(e(b))</code>" }
        if let t = doc.generatedAt { h += " · \(e(t))" }
        h += " · <span id=\"verdict\">\(failing.count) new failing finding\(failing.count == 1 ? "" : "s")</span></p></header>\n"

        // Summary by check.
        h += "<section id=\"checks\"><h2>Checks</h2>\n<table><thead><tr><th>Check</th><th>Title</th><th>Severity</th>"
            + "<th>Findings</th><th>New</th><th>Failing</th></tr></thead><tbody>\n"
        for id in TerminalReporter.checkIds(doc) {
            let fs = doc.findings.filter { $0.checkId == id }
            let check = doc.checks.first { $0.id == id }
            h += "<tr><td><code>\(e(id))</code></td><td title=\"\(e(check?.rationale ?? ""))\">\(e(check?.title ?? ""))</td>"
                + "<td>\(e(check?.severity.rawValue ?? ""))</td><td>\(fs.count)</td><td>\(fs.filter(\.isNew).count)</td>"
                + "<td>\(fs.filter(doc.isFailing).count)</td></tr>\n"
        }
        h += "</tbody></table></section>\n"

        // Rows-visible charts.
        h += "<section id=\"rows-visible\"><h2>Rows visible</h2>\n<div class=\"charts\">\n"
        for pair in screenDevicePairs(doc) {
            h += rowsChart(doc, screen: pair.0, device: pair.1)
        }
        h += "</div></section>\n"

        // Mockups.
        h += "<section id=\"mockups\"><h2>Screens</h2>\n"
        h += "<p class=\"legend\"><span class=\"k trunc\"></span>truncated <span class=\"k clip\"></span>clipped "
            + "<span class=\"k ink\"></span>ink overflow</p>\n"
        let shown = shownSnapshots(doc)
        for pair in screenDevicePairs(doc) {
            let snaps = shown.filter { $0.screen == pair.0 && $0.device == pair.1 }
            guard !snaps.isEmpty else { continue }
            h += "<h3>\(e(pair.0)) — \(e(pair.1))</h3>\n<div class=\"mockups\">\n"
            for s in snaps { h += mockup(doc, s) }
            h += "</div>\n"
        }
        h += "</section>\n"

        h += webSection(doc)  // WebPageSnapshot.swift

        // Findings.
        h += "<section id=\"findings\"><h2>Findings (\(doc.findings.count))</h2>\n<table><thead><tr><th>Severity</th><th>Check</th>"
            + "<th>Where</th><th>Key</th><th>Figures</th><th>Message</th><th>Source</th></tr></thead><tbody>\n"
        let shownIds = Set(shown.map(anchor))
        for f in doc.findings {
            let cls = doc.isFailing(f) ? "failing" : (f.isNew ? "new" : "baselined")
            var place = e(ReportDocument.place(f))
            if let s = f.screen, let d = f.device, let c = f.category, let l = f.locale {
                let id = anchor(screen: s, device: d, category: c, locale: l)
                if shownIds.contains(id) { place = "<a href=\"#\(id)\">\(place)</a>" }
            }
            if let shot = webAnchor(doc, f) { place = "<a href=\"#\(shot)\">\(place)</a>" }
            h += "<tr class=\"\(cls)\"><td>\(e(f.severity.rawValue))\(f.isNew ? "" : " (baseline)")</td><td><code>\(e(f.checkId))</code></td>"
                + "<td>\(place)</td><td>\(e(f.stringKey ?? ""))</td><td>\(e(ReportText.figures(f.figures)))</td>"
                + "<td>\(e(f.message))</td><td>\(e(f.source.map { "\($0.file):\($0.line)" } ?? ""))</td></tr>\n"
        }
        h += "</tbody></table></section>\n</body>\n</html>\n"
        return h
    }

    /// The snapshots drawn as mockups: every snapshot in the document's first locale, plus a snapshot in
    /// another locale only when some finding names its screen, device, category and locale.
    /// This keeps the page size proportional to screens × devices × categories.
    public static func shownSnapshots(_ document: ReportDocument) -> [ScreenSnapshot] {
        let doc = document.normalized()
        let first = doc.scope.locales.first
        var withFindings = Set<String>()
        for f in doc.findings {
            if let s = f.screen, let d = f.device, let c = f.category, let l = f.locale {
                withFindings.insert(anchor(screen: s, device: d, category: c, locale: l))
            }
        }
        return doc.screens.filter { $0.locale == first || withFindings.contains(anchor($0)) }
    }

    /// The element id of a snapshot's mockup, e.g. "m-Contacts-iPhone_SE-accessibilityExtraLarge-en".
    public static func anchor(_ s: ScreenSnapshot) -> String {
        anchor(screen: s.screen, device: s.device, category: s.category, locale: s.locale)
    }

    static func anchor(screen: String, device: String, category: String, locale: String) -> String {
        "m-" + [screen, device, category, locale].map(slug).joined(separator: "-")
    }

    /// The CSS font-family name a font is embedded under.
    public static func fontFamily(_ id: String) -> String { "tf-" + slug(id) }

    static func slug(_ s: String) -> String {
        String(s.unicodeScalars.map { u -> Character in
            (u.isASCII && (CharacterSet.alphanumerics.contains(u) || u == "_" || u == "." || u == "-")) ? Character(u) : "_"
        })
    }

    static func screenDevicePairs(_ doc: ReportDocument) -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        for s in doc.screens where seen.insert(s.screen + "\u{0}" + s.device).inserted { out.append((s.screen, s.device)) }
        return out
    }

    // MARK: Mockup

    static func mockup(_ doc: ReportDocument, _ s: ScreenSnapshot) -> String {
        let id = anchor(s)
        let displayWidth = 240.0
        let k = s.width > 0 ? displayWidth / s.width : 1
        let n = ReportText.number
        // Rows with a problem: clipped, or holding a truncated, clipped or ink-overflowing label.
        let problems = s.rows.filter { row in
            row.clippedBy > 0 || row.labels.contains { $0.truncated || $0.clipped || $0.inkOverflow > 0 }
        }.count
        var g = "<figure id=\"\(id)\" class=\"mockup\(problems > 0 ? " has-problems" : "")\">\n"
        g += "<svg width=\"\(n(s.width * k))\" height=\"\(n(s.height * k))\" "
            + "viewBox=\"0 0 \(n(s.width)) \(n(s.height))\" role=\"img\" aria-label=\"\(e(s.screen)) on \(e(s.device)) at \(e(s.category)) in \(e(s.locale))\">\n"
        g += "<defs><clipPath id=\"\(id)-content\"><rect x=\"0\" y=\"\(n(s.contentTop))\" width=\"\(n(s.width))\" height=\"\(n(s.contentHeight))\"/></clipPath></defs>\n"
        g += "<rect class=\"screen\" x=\"0.5\" y=\"0.5\" width=\"\(n(s.width - 1))\" height=\"\(n(s.height - 1))\" rx=\"24\"/>\n"
        // Chrome: everything above and below the content area as grey bands.
        g += "<rect class=\"chrome\" x=\"0\" y=\"0\" width=\"\(n(s.width))\" height=\"\(n(s.contentTop))\"/>\n"
        let bottom = s.contentTop + s.contentHeight
        if bottom < s.height {
            g += "<rect class=\"chrome\" x=\"0\" y=\"\(n(bottom))\" width=\"\(n(s.width))\" height=\"\(n(s.height - bottom))\"/>\n"
        }
        g += "<g clip-path=\"url(#\(id)-content)\">\n"
        var y = s.contentTop
        for row in s.rows {
            guard y < bottom else { break }
            g += "<g class=\"row\(row.clippedBy > 0 ? " clipped" : "")\"><title>\(e(row.name))\(row.clippedBy > 0 ? " — clipped by \(n(row.clippedBy)) pt" : "")</title>\n"
            g += "<rect class=\"rowbg\" x=\"0\" y=\"\(n(y))\" width=\"\(n(s.width))\" height=\"\(n(row.height))\"/>\n"
            g += "<svg x=\"0\" y=\"\(n(y))\" width=\"\(n(s.width))\" height=\"\(n(row.height))\" overflow=\"hidden\">\n"
            for l in row.labels { g += label(l) }
            g += "</svg>\n"
            g += "<line class=\"sep\" x1=\"16\" y1=\"\(n(y + row.height))\" x2=\"\(n(s.width))\" y2=\"\(n(y + row.height))\"/>\n</g>\n"
            y += row.height
        }
        g += "</g>\n</svg>\n"
        g += "<figcaption><a href=\"#\(id)\">\(e(ReportText.shortCategory(s.category)))</a> · \(e(s.locale)) · "
            + "\(n(s.rowsVisible)) rows visible\(problems > 0 ? " · <b>\(problems) row\(problems == 1 ? "" : "s") with problems</b>" : "")</figcaption>\n</figure>\n"
        return g
    }

    static func label(_ l: LabelSnapshot) -> String {
        let n = ReportText.number
        var cls = "label"
        if l.truncated { cls += " truncated" }
        if l.clipped { cls += " clipped" }
        if l.inkOverflow > 0 { cls += " ink" }
        var states: [String] = []
        if l.truncated { states.append("truncated") }
        if l.clipped { states.append("clipped") }
        if l.inkOverflow > 0 { states.append("ink overflow \(n(l.inkOverflow)) pt") }
        var g = "<g class=\"\(cls)\" data-label=\"\(e(l.name))\"><title>\(e(l.name)) — \(e(l.font)) \(n(l.pointSize)) pt"
            + (states.isEmpty ? "" : " — " + states.joined(separator: ", ")) + "</title>\n"
        g += "<rect class=\"frame\" x=\"\(n(l.x))\" y=\"\(n(l.y))\" width=\"\(n(l.width))\" height=\"\(n(l.height))\"/>\n"
        if l.inkOverflow > 0 {
            let o = l.inkOverflow
            g += "<rect class=\"inkbox\" x=\"\(n(l.x - o))\" y=\"\(n(l.y - o))\" width=\"\(n(l.width + 2 * o))\" height=\"\(n(l.height + 2 * o))\"/>\n"
        }
        // Lines of different heights (a line in a taller fallback font): each line box, stacked from the top.
        var boxTop = l.y
        for h in l.lineHeights ?? [] {
            g += "<rect class=\"linebox\" x=\"\(n(l.x))\" y=\"\(n(boxTop))\" width=\"\(n(l.width))\" height=\"\(n(h))\"/>\n"
            boxTop += h
        }
        let family = "\(fontFamily(l.font)), sans-serif"
        for (i, line) in l.lines.enumerated() {
            let baseline = l.y + (l.lineBaselines.map { i < $0.count ? $0[i] : 0 } ?? Double(i) * l.lineHeight + l.baselineOffset)
            let x = l.rightToLeft ? l.x + l.width : l.x
            let dir = l.rightToLeft ? " direction=\"rtl\" text-anchor=\"start\" unicode-bidi=\"embed\"" : ""
            g += "<text x=\"\(n(x))\" y=\"\(n(baseline))\" font-family=\"\(e(family))\" font-size=\"\(n(l.pointSize))\"\(dir)>\(e(line))</text>\n"
        }
        g += "</g>\n"
        return g
    }

    // MARK: Chart

    static func rowsChart(_ doc: ReportDocument, screen: String, device: String) -> String {
        let n = ReportText.number
        let cats = doc.scope.categories
        guard let locale = doc.scope.locales.first, !cats.isEmpty else { return "" }
        let snaps = doc.screens.filter { $0.screen == screen && $0.device == device && $0.locale == locale }
        let minimum = doc.findings.filter { $0.screen == screen && $0.device == device }
            .compactMap { $0.figures["minimumRows"] }.max()
        let top = max(1, (snaps.map(\.rowsVisible) + [minimum ?? 0]).max() ?? 1).rounded(.up) + 1
        let w = 360.0, hgt = 200.0, left = 34.0, right = 10.0, topPad = 10.0, bottomPad = 28.0
        let pw = w - left - right, ph = hgt - topPad - bottomPad
        func xAt(_ i: Int) -> Double { left + (cats.count == 1 ? pw / 2 : pw * Double(i) / Double(cats.count - 1)) }
        func yAt(_ v: Double) -> Double { topPad + ph * (1 - v / top) }
        var g = "<figure class=\"chart\" id=\"chart-\(slug(screen))-\(slug(device))\"><figcaption>\(e(screen)) — \(e(device)) (\(e(locale)))</figcaption>\n"
        g += "<svg width=\"\(n(w))\" height=\"\(n(hgt))\" viewBox=\"0 0 \(n(w)) \(n(hgt))\" role=\"img\">\n"
        let step = top > 12 ? 2.0 : 1.0
        var v = 0.0
        while v <= top {
            g += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(yAt(v)))\" x2=\"\(n(w - right))\" y2=\"\(n(yAt(v)))\"/>"
                + "<text class=\"axis\" x=\"\(n(left - 6))\" y=\"\(n(yAt(v) + 4))\" text-anchor=\"end\">\(n(v))</text>\n"
            v += step
        }
        for (i, c) in cats.enumerated() {
            g += "<text class=\"axis\" x=\"\(n(xAt(i)))\" y=\"\(n(hgt - 10))\" text-anchor=\"middle\">\(e(ReportText.shortCategory(c)))</text>\n"
        }
        if let minimum {
            g += "<line class=\"minimum\" x1=\"\(n(left))\" y1=\"\(n(yAt(minimum)))\" x2=\"\(n(w - right))\" y2=\"\(n(yAt(minimum)))\">"
                + "<title>minimum \(n(minimum)) rows</title></line>\n"
        }
        var points: [String] = []
        var dots = ""
        for (i, c) in cats.enumerated() {
            guard let s = snaps.first(where: { $0.category == c }) else { continue }
            points.append("\(n(xAt(i))),\(n(yAt(s.rowsVisible)))")
            let below = minimum.map { s.rowsVisible < $0 } ?? false
            let link = shownSnapshotsContains(doc, s) ? "#\(anchor(s))" : nil
            let dot = "<circle class=\"dot\(below ? " below" : "")\" cx=\"\(n(xAt(i)))\" cy=\"\(n(yAt(s.rowsVisible)))\" r=\"3.5\">"
                + "<title>\(e(ReportText.shortCategory(c))): \(n(s.rowsVisible)) rows</title></circle>"
            dots += (link.map { "<a href=\"\($0)\">\(dot)</a>" } ?? dot) + "\n"
        }
        if !points.isEmpty { g += "<polyline class=\"series\" points=\"\(points.joined(separator: " "))\"/>\n" }
        g += dots + "</svg></figure>\n"
        return g
    }

    static func shownSnapshotsContains(_ doc: ReportDocument, _ s: ScreenSnapshot) -> Bool {
        s.locale == doc.scope.locales.first
    }

    // MARK: Escaping

    /// HTML/XML escape for text and attribute values.
    static func e(_ s: String) -> String { XML.escape(s) }

    static func cssString(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func mime(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "otf": "font/otf"
        case "ttf": "font/ttf"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    static let css = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fff; }
    .verdict { font-size: 14px; padding: 2px 8px; border-radius: 4px; color: #fff; vertical-align: 3px; }
    .verdict.fail { background: #d70015; } .verdict.pass { background: #248a3d; }
    h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin-top: 28px; } h3 { font-size: 15px; }
    table { border-collapse: collapse; } th, td { border: 1px solid #d1d1d6; padding: 3px 8px; text-align: left; vertical-align: top; }
    tr.failing td { background: #fde8e8; } tr.baselined td { color: #8e8e93; }
    .charts, .mockups { display: flex; flex-wrap: wrap; gap: 16px; }
    figure { margin: 0; } figcaption { font-size: 12px; color: #3a3a3c; margin: 2px 0; }
    .mockup.has-problems figcaption b { color: #d70015; }
    .screen { fill: #fff; stroke: #1c1c1e; stroke-width: 2; }
    .chrome { fill: #d1d1d6; }
    .rowbg { fill: #fff; } .row.clipped .rowbg { fill: #fff4e5; stroke: #ff9500; stroke-width: 2; }
    .sep { stroke: #c6c6c8; stroke-width: 0.5; }
    .label .frame { fill: none; stroke: #a2c4f5; stroke-width: 0.75; stroke-dasharray: 2 2; }
    .label.clipped .frame { fill: rgba(255, 149, 0, 0.18); stroke: #ff9500; stroke-width: 2; stroke-dasharray: none; }
    /* Truncation wins over clipping: it comes last. */
    .label.truncated .frame { fill: rgba(255, 59, 48, 0.18); stroke: #ff3b30; stroke-width: 2; stroke-dasharray: none; }
    .inkbox { fill: none; stroke: #af52de; stroke-width: 1; stroke-dasharray: 3 2; }
    .linebox { fill: none; stroke: #c9d8ee; stroke-width: 0.5; }
    text { fill: #1c1c1e; }
    .axis { font-size: 10px; fill: #3a3a3c; font-family: system-ui, sans-serif; }
    .grid { stroke: #e5e5ea; stroke-width: 1; }
    .minimum { stroke: #ff3b30; stroke-width: 1.5; stroke-dasharray: 5 3; }
    .series { fill: none; stroke: #007aff; stroke-width: 2; }
    .dot { fill: #007aff; } .dot.below { fill: #ff3b30; }
    .legend .k { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: -2px; border: 2px solid; }
    .legend .trunc { border-color: #ff3b30; background: rgba(255, 59, 48, 0.18); }
    .legend .clip { border-color: #ff9500; background: rgba(255, 149, 0, 0.18); }
    .legend .ink { border: 1px dashed #af52de; }

    """
}
