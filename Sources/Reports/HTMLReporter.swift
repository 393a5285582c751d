import DynamicType
import Foundation
import TypeFitSupport

/// A section another part of TypeFit adds to the HTML page (e.g. web screenshots): an id, a
/// heading and its HTML body, placed after the mockups.
public struct HTMLSection: Sendable, Equatable {
    public var id: String
    public var title: String
    /// Trusted HTML (the producer escapes what it embeds).
    public var html: String
    public init(id: String, title: String, html: String) {
        self.id = id
        self.title = title
        self.html = html
    }
}

/// One self-contained HTML page: no external resources; fonts embedded as data URLs; one small
/// inline script for the filters (without it every group and mockup shows).
public enum HTMLReporter {
    /// Rows of the groups table at most (new groups first, worst first); the rest is counted.
    public static let groupRowCap = 2000
    /// Rows-visible charts at most (list screens × devices, fewest rows first); the rest is counted.
    public static let chartCap = 40

    /// Screen × device pairs, the one with the fewest rows visible at the largest category laid
    /// out first (then document order).
    static func rankedByFewestRows(_ pairs: [(String, String)], _ index: RowsChartIndex) -> [(String, String)] {
        let worst = pairs.map { p -> Double in
            let series = index.series[RowsChartIndex.Pair(screen: p.0, device: p.1)] ?? []
            var last: Double = .infinity
            var lastIndex = -1
            for s in series {
                for (i, v) in s.values.enumerated() {
                    guard let v, v.isFinite else { continue }
                    if i > lastIndex { lastIndex = i; last = v } else if i == lastIndex { last = min(last, v) }
                }
            }
            return last
        }
        return pairs.indices.sorted { worst[$0] != worst[$1] ? worst[$0] < worst[$1] : $0 < $1 }.map { pairs[$0] }
    }

    /// Renders the summary, filters (screen, device, locale, category, new only), the rows-visible
    /// charts per screen × device (one line per locale, x = categories, dashed line at the
    /// `minimumRows` of that screen/device), the mockups the document carries (those of new groups,
    /// then of baselined groups marked "in the baseline", at most `mockups.cap`, with the count left
    /// out), `extraSections`, and the groups table.
    ///
    /// - Parameter fontData: font file bytes keyed by `FontInfo.id`; each is embedded as an `@font-face`
    ///   data URL so labels are drawn as SVG text in the real font. Fonts missing here fall back to the
    ///   browser's sans-serif.
    public static func render(_ document: ReportDocument, fontData: [String: Data] = [:],
                              extraSections: [HTMLSection] = [], normalized isNormalized: Bool = false) -> String {
        let doc = isNormalized ? document : document.normalized()
        let failingCount = doc.groups.indices.count(where: { doc.isFailing(doc.groups[$0]) })
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
        h += "<header><h1><span class=\"verdict \(failingCount == 0 ? "pass\">PASS" : "fail\">FAIL")</span> \(e(doc.tool.name)) \(e(doc.tool.version))</h1>\n"
        h += "<p>Config <code>\(e(doc.config))</code> · fail on <b>\(e(doc.failOn.rawValue))</b>"
        if let b = doc.baseline { h += " · baseline <code>\(e(b))</code>" }
        if let t = doc.generatedAt { h += " · \(e(t))" }
        h += " · <span id=\"verdict\">\(failingCount) new failing group\(failingCount == 1 ? "" : "s")</span></p>"
        if let system = doc.systemText { h += "<p class=\"system-text\">\(e(system.summary))</p>" }
        if let counts = doc.certaintyCounts { h += "<p class=\"certainty\">Groups: \(e(counts))</p>" }
        h += "</header>\n"

        // Fix first: the failing roll-ups.
        let places = doc.rollups.filter(\.failing)
        if !places.isEmpty {
            h += "<section id=\"fix-first\"><h2>Fix first (\(places.count) place\(places.count == 1 ? "" : "s"))</h2>\n"
            if places.count > groupRowCap {
                h += "<p class=\"note\">The first \(groupRowCap); <b>\(places.count - groupRowCap) more</b> are in report.json (<code>rollups</code>).</p>\n"
            }
            h += "<table><thead><tr><th>Where</th><th>Source</th><th>Checks</th><th>Locales</th><th>Sizes and devices</th><th>Fix</th></tr></thead><tbody>\n"
            for r in places.prefix(groupRowCap) {
                h += "<tr class=\"failing\"\(r.locales.isEmpty ? "" : " data-locales=\"\(e(jsonArray(r.locales)))\"")"
                    + "\(attributes(screen: nil, locale: nil, devices: r.devices, categories: r.categories))>"
                    + "<td>\(e(r.element))</td><td>\(e(r.source.map { "\($0.file):\($0.line)" } ?? ""))</td>"
                    + "<td>\(e(r.severity.rawValue)): \(e(r.checks.joined(separator: ", ")))\(r.groups > 1 ? " (\(r.groups) groups)" : "")</td>"
                    + "<td>\(e(r.localeList(shown: 6)))</td><td>\(e(r.sizesAndDevices(scope: doc.scope.categories)))</td>"
                    + "<td>\(e(r.hints.joined(separator: "; ")))</td></tr>\n"
            }
            h += "</tbody></table></section>\n"
        }

        // Filters.
        h += "<form id=\"filters\" class=\"filters\">\n"
        let screens = orderedUnique(doc.scope.screens + doc.groups.compactMap(\.key.screen) + doc.rowsVisible.map(\.screen))
        let filters: [(name: String, label: String, values: [String], shown: [String])] = [
            ("screen", "Screen", screens, screens),
            ("device", "Device", doc.scope.devices, doc.scope.devices),
            ("locale", "Locale", doc.scope.locales, doc.scope.locales),
            ("category", "Category", doc.scope.categories, doc.scope.categories.map(ContentSizeCategory.shortName(of:))),
        ]
        for f in filters {
            h += "<label>\(f.label) <select name=\"\(f.name)\"><option value=\"\">all</option>"
            for (v, shown) in zip(f.values, f.shown) { h += "<option value=\"\(e(v))\">\(e(shown))</option>" }
            h += "</select></label>\n"
        }
        h += "<label><input type=\"checkbox\" name=\"new\"> new only</label>\n</form>\n"

        if let larger = doc.largerText { h += largerTextSection(larger) }

        // Summary by check.
        let byCheck = doc.groupIndicesByCheck()
        h += "<section id=\"checks\"><h2>Checks</h2>\n<table><thead><tr><th>Check</th><th>Title</th><th>Severity</th>"
            + "<th>Groups</th><th>New</th><th>Worse</th><th>Failing</th><th>Occurrences</th></tr></thead><tbody>\n"
        for id in TerminalReporter.checkIds(doc) {
            let gs = byCheck[id] ?? []
            let check = doc.checks.first { $0.id == id }
            let g = doc.groups
            h += "<tr><td><code>\(e(id))</code></td><td title=\"\(e(check?.rationale ?? ""))\">\(e(check?.title ?? ""))</td>"
                + "<td>\(e(check?.severity.rawValue ?? ""))</td><td>\(gs.count)</td><td>\(gs.count(where: { g[$0].status == .new }))</td>"
                + "<td>\(gs.count(where: { g[$0].status == .worse }))</td><td>\(gs.count(where: { doc.isFailing(g[$0]) }))</td>"
                + "<td>\(gs.reduce(0) { $0 + g[$1].occurrences.count })</td></tr>\n"
        }
        h += "</tbody></table></section>\n"
        if !doc.fixed.isEmpty {
            h += "<section id=\"fixed\"><h2>Fixed since the baseline (\(doc.fixed.count))</h2>\n"
                + "<p>These baseline groups no longer occur — run <code>typefit audit --update-baseline</code> to drop them.</p><ul>\n"
            for f in doc.fixed {
                h += "<li\(attributes(screen: f.key.screen, locale: f.key.locale, devices: [], categories: []))><code>\(e(f.key.checkId))</code> "
                    + "\(e(f.key.subject))\(f.key.place.isEmpty ? "" : " — " + e(f.key.place))</li>\n"
            }
            h += "</ul></section>\n"
        }

        // Rows-visible charts: list screens only, worst first, at most `chartCap`.
        let lists = Set(doc.scope.lists)
        let pairs = screenDevicePairs(doc).filter { lists.contains($0.0) }
        if !pairs.isEmpty {
            let charts = RowsChartIndex(doc)
            let ranked = rankedByFewestRows(pairs, charts)
            h += "<section id=\"rows-visible\"><h2>Rows visible on list screens</h2>\n"
            if ranked.count > chartCap {
                h += "<p class=\"note\">The \(chartCap) screens × devices with the fewest rows visible; <b>\(ranked.count - chartCap) more</b> are in report.json (<code>rowsVisible</code>).</p>\n"
            }
            h += "<div class=\"charts\">\n"
            for pair in ranked.prefix(chartCap) {
                h += rowsChart(doc, screen: pair.0, device: pair.1, index: charts)
            }
            h += "</div></section>\n"
        }

        // Mockups.
        h += "<section id=\"mockups\"><h2>Screens</h2>\n"
        let wanted = doc.screens.count + doc.mockups.omitted
        h += "<p class=\"note\">Screens where a group happens (its worst size; new groups first, then those in the baseline), at most \(doc.mockups.cap): "
            + "\(doc.screens.count) drawn" + (doc.mockups.omitted > 0 ? ", <b>\(doc.mockups.omitted) of \(wanted) left out</b>" : "") + ".</p>\n"
        h += "<p class=\"legend\"><span class=\"k trunc\"></span>truncated <span class=\"k clip\"></span>clipped "
            + "<span class=\"k ink\"></span>ink overflow</p>\n"
        // Mockups that only baselined groups want are marked as such.
        let wantedPlaces = wantedMockups(normalized: doc)
        let wantedNew = Set(wantedPlaces.filter { !$0.baselined }.map { anchor(screen: $0.screen, device: $0.device, category: $0.category, locale: $0.locale) })
        let onlyBaselined = Set(wantedPlaces.filter(\.baselined).map { anchor(screen: $0.screen, device: $0.device, category: $0.category, locale: $0.locale) })
            .subtracting(wantedNew)
        var shownPairs = Set<String>()
        for pair in screenDevicePairs(doc, includingRowsVisible: false) where shownPairs.insert(pair.0 + "\u{0}" + pair.1).inserted {
            let snaps = doc.screens.filter { $0.screen == pair.0 && $0.device == pair.1 }
            guard !snaps.isEmpty else { continue }
            h += "<div class=\"screen-group\"\(attributes(screen: pair.0, locale: nil, devices: [pair.1], categories: []))>"
                + "<h3>\(e(pair.0)) — \(e(pair.1))</h3>\n<div class=\"mockups\">\n"
            for s in snaps { h += mockup(doc, s, baselined: onlyBaselined.contains(anchor(s))) }
            h += "</div></div>\n"
        }
        h += "</section>\n"

        h += webSection(doc)  // WebPageSnapshot.swift

        for section in extraSections {
            h += "<section id=\"\(e(section.id))\"><h2>\(e(section.title))</h2>\n" + section.html + "\n</section>\n"
        }

        // Groups.
        let ordered = doc.newWorstFirst() + doc.groups.indices.filter { !doc.groups[$0].isNew }
        let shownIds = Set(doc.screens.map(anchor))
        h += "<section id=\"groups\"><h2>Findings (\(doc.groups.count) groups)</h2>\n"
        if ordered.count > groupRowCap {
            h += "<p class=\"note\">The first \(groupRowCap) groups (new first, worst first); <b>\(ordered.count - groupRowCap) more</b> are in report.json.</p>\n"
        }
        h += "<table><thead><tr><th>Severity</th><th>Check</th><th>Where</th><th>Finding</th><th>Source</th></tr></thead><tbody>\n"
        for index in ordered.prefix(groupRowCap) {
            let g = doc.groups[index]
            let cls = doc.isFailing(g) ? "failing" : (g.isNew ? "new" : "baselined")
            var place = e(g.key.place)
            if let screen = g.key.screen, let w = worstPlace(g), let locale = w.locale,
               case let link = anchor(screen: screen, device: w.device, category: w.category, locale: locale),
               shownIds.contains(link) {
                place = "<a href=\"#\(link)\">\(place.isEmpty ? "mockup" : place)</a>"
            }
            if let shot = webAnchor(doc, g) { place = "<a href=\"#\(shot)\">\(place.isEmpty ? "screenshot" : place)</a>" }
            let status = (g.certainty == .measured ? "" : " (\(g.certainty.label))")
                + (g.status == .baselined ? " (baseline)" : (g.status == .worse ? " (worse)" : ""))
            h += "<tr class=\"\(cls)\"\(attributes(screen: g.key.screen, locale: g.key.locale, devices: g.devices, categories: g.categories))"
                + (g.key.locale == nil ? g.locales.map { " data-locales=\"\(e(jsonArray($0)))\"" } ?? "" : "") + ">"
                + "<td>\(e(g.severity.rawValue))\(status)</td><td><code>\(e(g.checkId))</code></td>"
                + "<td>\(place)</td><td>\(e(doc.summary(g)))<div class=\"detail\">\(e(g.message))</div></td>"
                + "<td>\(e(g.source.map { "\($0.file):\($0.line)" } ?? ""))</td></tr>\n"
        }
        h += "</tbody></table></section>\n"
        h += "<script>\n" + script + "</script>\n</body>\n</html>\n"
        return h
    }

    /// The device and category of a group's worst occurrence (largest category, then first device).
    /// The locale is the key's, or for a literal text's group (one across locales) the worst occurrence's.
    /// The Larger Text section: verdict, blockers, the findings listed apart, per screen.
    static func largerTextSection(_ t: LargerText) -> String {
        var h = "<section id=\"larger-text\"><h2>Larger Text (App Store label): "
            + (t.isReady ? "ready" : "not ready, \(t.blockers.count) blocker\(t.blockers.count == 1 ? "" : "s")") + "</h2>\n"
        h += "<p>Text that reaches at least 200 % of its size at Large (WCAG 2.2 1.4.4 Resize Text), "
            + "not truncated or clipped at AX1–AX5 (1.4.10 Reflow).</p>\n"
        func list(_ items: [LargerTextItem]) -> String {
            "<ul>\n" + items.map { "<li>\(e($0.summary))" + ($0.certainty == .measured ? "" : " (\(e($0.certainty.label)))") + "</li>\n" }
                .joined() + "</ul>\n"
        }
        if !t.blockers.isEmpty { h += "<h3>Blockers, worst first</h3>\n" + list(t.blockers) }
        if !t.uncertain.isEmpty { h += "<h3>Estimated, unverified or at risk (not blockers)</h3>\n" + list(t.uncertain) }
        if !t.screens.isEmpty {
            h += "<table><thead><tr><th>Screen</th><th>Least growth</th><th>Fixed or capped</th><th>Truncated or clipped at AX1–AX5</th></tr></thead><tbody>\n"
            for s in t.screens {
                h += "<tr><td>\(e(s.screen))</td><td>\(s.percent.map { ReportText.number($0) + " %" } ?? "text styles (312 %)")</td>"
                    + "<td>\(e(s.limited.joined(separator: ", ")))</td><td>\(e(s.truncated.joined(separator: ", ")))</td></tr>\n"
            }
            h += "</tbody></table>\n"
        }
        return h + "</section>\n"
    }

    static func worstPlace(_ g: FindingGroup) -> (device: String, category: String, locale: String?)? {
        var best: Occurrence?
        for o in g.occurrences where g.devices.indices.contains(o.device) && g.categories.indices.contains(o.category) {
            if let b = best, (b.category, -b.device) >= (o.category, -o.device) { continue }
            best = o
        }
        guard let best else { return nil }
        return (g.devices[best.device], g.categories[best.category], g.locale(of: best))
    }

    /// A place (screen, device, category, locale) the HTML page would draw, and whether only
    /// baselined groups want it.
    public typealias MockupPlace = (screen: String, device: String, category: String, locale: String, baselined: Bool)

    /// The places the HTML page would draw for the document's groups: each group's worst occurrence,
    /// new groups worst first, then baselined groups worst first, without repeats.
    public static func wantedMockups(_ document: ReportDocument) -> [MockupPlace] {
        wantedMockups(normalized: document.normalized())
    }

    /// `wantedMockups` of a document already normalized.
    static func wantedMockups(normalized doc: ReportDocument) -> [MockupPlace] {
        struct Place: Hashable { var screen, device, category, locale: String }
        // A place seen before has its anchor seen before: its anchor (a slug) is made once.
        var places = Set<Place>()
        var seen = Set<String>()
        var out: [MockupPlace] = []
        let baselined = doc.worstFirst(doc.groups.filter { !$0.isNew })
        let groups: [(FindingGroup, Bool)] = doc.newWorstFirst().map { (doc.groups[$0], false) } + baselined.map { ($0, true) }
        for (group, isBaselined) in groups {
            let key = group.key
            guard key.selector == nil, let screen = key.screen, let w = worstPlace(group), let locale = w.locale,
                  places.insert(Place(screen: screen, device: w.device, category: w.category, locale: locale)).inserted
            else { continue }
            if seen.insert(anchor(screen: screen, device: w.device, category: w.category, locale: locale)).inserted {
                out.append((screen, w.device, w.category, locale, isBaselined))
            }
        }
        return out
    }

    /// `data-*` attributes the filters read (JSON arrays for devices and categories).
    static func attributes(screen: String?, locale: String?, devices: [String], categories: [String]) -> String {
        var a = ""
        if let screen { a += " data-screen=\"\(e(screen))\"" }
        if let locale { a += " data-locale=\"\(e(locale))\"" }
        if !devices.isEmpty { a += " data-devices=\"\(e(jsonArray(devices)))\"" }
        if !categories.isEmpty { a += " data-categories=\"\(e(jsonArray(categories)))\"" }
        return a
    }

    /// `values` as JSONSerialization writes them with `.withoutEscapingSlashes` (the same bytes as
    /// `JSONBytes`: strings escaped alike, see SARIFTests), without its object tree.
    static func jsonArray(_ values: [String]) -> String {
        var json = JSONBytes(capacity: 16 * values.count + 2)
        json.strings(values)
        return json.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func orderedUnique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// The element id of a snapshot's mockup, e.g. "m-Contacts-iPhone_SE-accessibilityExtraLarge-en".
    public static func anchor(_ s: ScreenSnapshot) -> String {
        anchor(screen: s.screen, device: s.device, category: s.category, locale: s.locale)
    }

    public static func anchor(screen: String, device: String, category: String, locale: String) -> String {
        "m-" + [screen, device, category, locale].map(slug).joined(separator: "-")
    }

    /// The CSS font-family name a font is embedded under.
    public static func fontFamily(_ id: String) -> String { "tf-" + slug(id) }

    /// `s` with every scalar other than an ASCII letter, digit, "_", "." or "-" replaced by "_"
    /// (the ASCII members of `CharacterSet.alphanumerics` are exactly the letters and digits).
    static func slug(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            let v = u.value
            let kept = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
                || v == 0x5F || v == 0x2E || v == 0x2D
            bytes.append(kept ? UInt8(v) : 0x5F)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// (screen, device) pairs in document order: those of the rows-visible series, then of the mockups.
    static func screenDevicePairs(_ doc: ReportDocument, includingRowsVisible: Bool = true) -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        let pairs = (includingRowsVisible ? doc.rowsVisible.map { ($0.screen, $0.device) } : [])
            + doc.screens.map { ($0.screen, $0.device) }
        for p in pairs where seen.insert(p.0 + "\u{0}" + p.1).inserted { out.append(p) }
        return out
    }

    /// The filters: an element is hidden when it names a screen, locale, device or category other
    /// than the one picked (elements that name none stay; a literal text's group names the locales
    /// it happens in); "new only" hides baselined rows; a screen
    /// heading whose mockups are all hidden is hidden too. The page's
    /// query string sets them at load, e.g. `report.html?locale=de&category=accessibilityMedium&new=1`.
    static let script = """
    (function () {
      var form = document.getElementById('filters');
      function apply() {
        var pick = {};
        ['screen', 'device', 'locale', 'category'].forEach(function (k) { pick[k] = form.elements[k].value; });
        var onlyNew = form.elements['new'].checked;
        document.querySelectorAll('[data-screen],[data-locale],[data-locales],[data-devices],[data-categories]').forEach(function (el) {
          var d = el.dataset, show = true;
          if (pick.screen && d.screen !== undefined && d.screen !== pick.screen) show = false;
          if (pick.locale && d.locale !== undefined && d.locale !== pick.locale) show = false;
          if (pick.locale && d.locales !== undefined && JSON.parse(d.locales).indexOf(pick.locale) < 0) show = false;
          if (pick.device && d.devices !== undefined && JSON.parse(d.devices).indexOf(pick.device) < 0) show = false;
          if (pick.category && d.categories !== undefined && JSON.parse(d.categories).indexOf(pick.category) < 0) show = false;
          if (onlyNew && el.classList.contains('baselined')) show = false;
          el.toggleAttribute('hidden', !show);
        });
        document.querySelectorAll('.screen-group').forEach(function (g) {
          if (!g.querySelector('figure.mockup:not([hidden])')) g.setAttribute('hidden', '');
        });
      }
      var params = new URLSearchParams(location.search);
      ['screen', 'device', 'locale', 'category'].forEach(function (k) {
        if (params.has(k)) form.elements[k].value = params.get(k);
      });
      if (params.get('new') === '1') form.elements['new'].checked = true;
      form.addEventListener('change', apply);
      apply();
    })();

    """

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
    .filters { position: sticky; top: 0; background: #f2f2f7; padding: 6px 10px; border-radius: 6px; display: flex; gap: 14px; flex-wrap: wrap; z-index: 1; }
    .note { color: #3a3a3c; } .detail { color: #6c6c70; font-size: 12px; }
    [hidden] { display: none !important; }

    """
}

extension ReportDocument {
    /// The document with its mockups picked from its screens: the places `HTMLReporter.wantedMockups`
    /// names (each group's worst occurrence, new groups worst first, then baselined ones), at most `mockups.cap`; wanted
    /// places beyond the cap or without a snapshot are counted in `mockups.omitted`. Fonts the kept
    /// mockups do not use are dropped. Normalized.
    public func selectingMockups() -> ReportDocument {
        var doc = normalized()
        struct Place: Hashable { var screen, device, category, locale: String }
        var available: [Place: ScreenSnapshot] = [:]
        for s in doc.screens { available[Place(screen: s.screen, device: s.device, category: s.category, locale: s.locale)] = s }
        let wanted = HTMLReporter.wantedMockups(normalized: doc)
        var kept: [ScreenSnapshot] = []
        for w in wanted where kept.count < doc.mockups.cap {
            if let s = available[Place(screen: w.screen, device: w.device, category: w.category, locale: w.locale)] {
                kept.append(s)
            }
        }
        doc.mockups.omitted = wanted.count - kept.count
        doc.screens = kept
        let used = Set(kept.flatMap { $0.rows.flatMap { $0.labels.map(\.font) } })
        doc.fonts = doc.fonts.filter { used.contains($0.id) }
        return doc.normalized(groupsAreCanonical: true)
    }
}
