import DynamicType
import Foundation
import TypeFitSupport

// The HTML page's drawings: screen mockups and rows-visible charts.
extension HTMLReporter {
    // MARK: Mockup

    /// A screen's mockup; `baselined`: only groups in the baseline want it (marked so in its caption).
    static func mockup(_ doc: ReportDocument, _ s: ScreenSnapshot, baselined: Bool = false) -> String {
        let id = anchor(s)
        let displayWidth = 240.0
        let k = s.width > 0 ? displayWidth / s.width : 1
        let n = ReportText.number
        // Rows with a problem: clipped, or holding a truncated, clipped or ink-overflowing label.
        let problems = s.rows.filter { row in
            row.clippedBy > 0 || row.labels.contains { $0.truncated || $0.clipped || $0.inkOverflow > 0 }
        }.count
        var g = "<figure id=\"\(id)\" class=\"mockup\(problems > 0 ? " has-problems" : "")\(baselined ? " baselined" : "")\""
            + attributes(screen: s.screen, locale: s.locale, devices: [s.device], categories: [s.category]) + ">\n"
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
        g += "<figcaption><a href=\"#\(id)\">\(e(ContentSizeCategory.shortName(of: s.category)))</a> · \(e(s.locale)) · "
            + "\(n(s.rowsVisible)) rows visible\(problems > 0 ? " · <b>\(problems) row\(problems == 1 ? "" : "s") with problems</b>" : "")"
            + (baselined ? " · in the baseline" : "") + "</figcaption>\n</figure>\n"
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

    /// One chart per screen and device: a line per locale in the locale's colour, with a legend (the
    /// filters hide other locales), dots
    /// below the screen's minimum (a figure its check declares `.minimumRowsVisible`) in red, each
    /// dot linking to its mockup when it is drawn.
    /// What every rows-visible chart reads, found in one pass over the document (not once per
    /// chart): the series of each screen and
    /// device in document order, the largest minimum of the groups on that screen that
    /// occur on that device, and the anchors of the drawn mockups.
    struct RowsChartIndex {
        struct Pair: Hashable { var screen, device: String }
        var series: [Pair: [RowsVisibleSeries]] = [:]
        var minimum: [Pair: Double] = [:]
        var drawn: Set<String>

        init(_ doc: ReportDocument) {
            for s in doc.rowsVisible { series[Pair(screen: s.screen, device: s.device), default: []].append(s) }
            var minimumFigure: [String: String] = [:]
            for check in doc.checks {
                if let spec = check.figures.first(where: { $0.role == .minimumRowsVisible }) { minimumFigure[check.id] = spec.name }
            }
            for g in doc.groups {
                guard let screen = g.key.screen, let name = minimumFigure[g.checkId], let m = g.worst[name] else { continue }
                for d in Set(g.devices) { minimum[Pair(screen: screen, device: d)] = max(minimum[Pair(screen: screen, device: d)] ?? m, m) }
            }
            drawn = Set(doc.screens.map(HTMLReporter.anchor))
        }
    }

    /// Colours for the locales' lines (Okabe and Ito's palette, told apart with colour-blindness),
    /// by the locale's place in the scope; past eight locales, hues a golden angle (137.5°) apart
    /// in two lightnesses, each drawn dashed, so every locale of an app has a colour of its own.
    static let localeColors = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#000000", "#f0e442"]

    static func localeColor(_ doc: ReportDocument, _ locale: String) -> (color: String, dashed: Bool) {
        let i = doc.scope.locales.firstIndex(of: locale) ?? 0
        if i < localeColors.count { return (localeColors[i], false) }
        let k = i - localeColors.count
        let hue = (Double(k) * 137.508 + 15).truncatingRemainder(dividingBy: 360)
        return ("hsl(\(Int(hue)), 70%, \(k % 2 == 0 ? 38 : 55)%)", true)
    }

    /// The inline style of a locale's line (`fill: false`) or legend swatch.
    static func localeStyle(_ doc: ReportDocument, _ locale: String, fill: Bool) -> String {
        let (color, dashed) = localeColor(doc, locale)
        if fill { return "border-color: \(color); background: \(color)" + (dashed ? "; border-style: dashed" : "") }
        return "stroke: \(color)" + (dashed ? "; stroke-dasharray: 6 3" : "")
    }

    static func rowsChart(_ doc: ReportDocument, screen: String, device: String, index: RowsChartIndex) -> String {
        let n = ReportText.number
        let cats = doc.scope.categories
        let series = index.series[RowsChartIndex.Pair(screen: screen, device: device)] ?? []
        guard !cats.isEmpty, !series.isEmpty else { return "" }
        let minimum = index.minimum[RowsChartIndex.Pair(screen: screen, device: device)]
        // Only finite figures are drawn (a part or report read from disk may hold anything).
        let values = series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite)
        let top = max(1, (values + [minimum ?? 0].filter(\.isFinite)).max() ?? 1).rounded(.up) + 1
        let w = 360.0, hgt = 200.0, left = 34.0, right = 10.0, topPad = 10.0, bottomPad = 28.0
        let pw = w - left - right, ph = hgt - topPad - bottomPad
        func xAt(_ i: Int) -> Double { left + (cats.count == 1 ? pw / 2 : pw * Double(i) / Double(cats.count - 1)) }
        func yAt(_ v: Double) -> Double { topPad + ph * (1 - v / top) }
        let locales = series.map(\.locale)
        var g = "<figure class=\"chart\" id=\"chart-\(slug(screen))-\(slug(device))\"\(attributes(screen: screen, locale: nil, devices: [device], categories: []))>"
            + "<figcaption>\(e(screen)) — \(e(device)) (\(e(locales.joined(separator: ", "))))</figcaption>\n"
        // One colour per locale, the same in every chart; the legend names them.
        g += "<p class=\"legend\">" + locales.map { locale in
            "<span class=\"series-group\" data-locale=\"\(e(locale))\"><span class=\"k\" style=\"\(localeStyle(doc, locale, fill: true))\"></span>\(e(locale))</span>"
        }.joined(separator: " ") + "</p>\n"
        g += "<svg width=\"\(n(w))\" height=\"\(n(hgt))\" viewBox=\"0 0 \(n(w)) \(n(hgt))\" role=\"img\">\n"
        let step = gridStep(top: top)
        var v = 0.0
        while v <= top {
            g += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(yAt(v)))\" x2=\"\(n(w - right))\" y2=\"\(n(yAt(v)))\"/>"
                + "<text class=\"axis\" x=\"\(n(left - 6))\" y=\"\(n(yAt(v) + 4))\" text-anchor=\"end\">\(n(v))</text>\n"
            v += step
        }
        for (i, c) in cats.enumerated() {
            g += "<text class=\"axis\" x=\"\(n(xAt(i)))\" y=\"\(n(hgt - 10))\" text-anchor=\"middle\">\(e(ContentSizeCategory.shortName(of: c)))</text>\n"
        }
        if let minimum, minimum.isFinite {
            g += "<line class=\"minimum\" x1=\"\(n(left))\" y1=\"\(n(yAt(minimum)))\" x2=\"\(n(w - right))\" y2=\"\(n(yAt(minimum)))\">"
                + "<title>minimum \(n(minimum)) rows</title></line>\n"
        }
        let drawn = index.drawn
        // `anchor(screen:device:category:locale:)` of every dot, from slugs made once per chart.
        let placeSlug = "m-" + slug(screen) + "-" + slug(device) + "-"
        let categorySlugs = cats.map(slug)
        for s in series {
            let localeSlug = "-" + slug(s.locale)
            let color = localeColor(doc, s.locale).color
            var points: [String] = []
            var dots = ""
            for (i, c) in cats.enumerated() {
                guard i < s.values.count, let value = s.values[i], value.isFinite else { continue }
                points.append("\(n(xAt(i))),\(n(yAt(value)))")
                let below = minimum.map { value < $0 } ?? false
                let id = placeSlug + categorySlugs[i] + localeSlug
                let dot = "<circle class=\"dot\(below ? " below" : "")\" cx=\"\(n(xAt(i)))\" cy=\"\(n(yAt(value)))\" r=\"3.5\""
                    + (below ? "" : " style=\"fill: \(color)\"") + ">"
                    + "<title>\(e(s.locale)) \(e(ContentSizeCategory.shortName(of: c))): \(n(value)) rows</title></circle>"
                dots += (drawn.contains(id) ? "<a href=\"#\(id)\">\(dot)</a>" : dot) + "\n"
            }
            g += "<g class=\"series-group\" data-locale=\"\(e(s.locale))\">"
            if !points.isEmpty {
                g += "<polyline class=\"series\" style=\"\(localeStyle(doc, s.locale, fill: false))\" points=\"\(points.joined(separator: " "))\"/>\n"
            }
            g += dots + "</g>\n"
        }
        g += "</svg></figure>\n"
        return g
    }

    /// The distance between the chart's grid lines: 1 up to 12 rows, then the smallest of 2, 5 and
    /// 10 times a power of ten that draws at most 12 lines above zero (so a figure of a billion
    /// rows draws as few lines as one of twelve).
    static func gridStep(top: Double) -> Double {
        guard top.isFinite, top > 12 else { return 1 }
        var power = 1.0
        while true {
            for m in [2.0, 5.0, 10.0] where top / (m * power) <= 12 { return m * power }
            power *= 10
        }
    }
}
