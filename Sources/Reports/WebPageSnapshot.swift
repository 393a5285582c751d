import DynamicType
import Foundation

/// One rendering of a web view kept for the report: its figures and a PNG screenshot of the top of
/// the page, taken by the browser that measured it (see docs/web.md for which renderings are kept
/// and how the image size is bounded).
public struct WebPageSnapshot: Codable, Sendable, Equatable {
    /// The web view's name in the config.
    public var webView: String
    /// The HTML file as shown to the user.
    public var file: String
    public var device: String
    /// UIKit category name; nil for a page that does not scale (one rendering for every category).
    public var category: String?
    /// The base font size given to the page, in CSS px (nil for `scaling: none`).
    public var baseSize: Double?
    /// Layout viewport and page height, in CSS px.
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var pageHeight: Double
    /// The screenshot's size in pixels (1 px per CSS px) and its PNG bytes (base64 in JSON).
    public var imageWidth: Double
    public var imageHeight: Double
    public var png: Data
    /// Boxes of the elements that findings name, in image pixels, for the HTML overlay.
    public var marks: [WebMark]

    public init(webView: String, file: String, device: String, category: String?, baseSize: Double?,
                viewportWidth: Double, viewportHeight: Double, pageHeight: Double, imageWidth: Double,
                imageHeight: Double, png: Data, marks: [WebMark]) {
        self.webView = webView
        self.file = file
        self.device = device
        self.category = category
        self.baseSize = baseSize
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.pageHeight = pageHeight
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.png = png
        self.marks = marks
    }

    /// The page height in screens (viewport heights), e.g. 4.2.
    public var screens: Double { viewportHeight > 0 ? pageHeight / viewportHeight : 0 }
}

/// An element box a finding names, drawn over a web page screenshot.
public struct WebMark: Codable, Sendable, Equatable {
    public var checkId: String
    public var selector: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(checkId: String, selector: String, x: Double, y: Double, width: Double, height: Double) {
        self.checkId = checkId
        self.selector = selector
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension HTMLReporter {
    /// The "Web views" section: per web view and device, each kept rendering's screenshot as a
    /// `data:` URL with the finding boxes outlined, the base size and the page height in screens.
    /// Empty when the document has no web pages.
    static func webSection(_ doc: ReportDocument) -> String {
        guard let pages = doc.webPages, !pages.isEmpty else { return "" }
        var h = "<section id=\"web-views\"><h2>Web views</h2>\n"
        h += "<p class=\"legend\">Screenshots by headless Chromium (top of the page, at most two screens). "
            + "Outlined: elements named by findings.</p>\n"
        var groups: [String] = []
        for p in pages where !groups.contains(p.webView + "\u{0}" + p.device) { groups.append(p.webView + "\u{0}" + p.device) }
        for group in groups {
            let shots = pages.filter { $0.webView + "\u{0}" + $0.device == group }
            guard let first = shots.first else { continue }
            h += "<h3>\(e(first.webView)) — \(e(first.device)) <code>\(e(first.file))</code></h3>\n<div class=\"webshots\">\n"
            for s in shots {
                let category = s.category.map(ContentSizeCategory.shortName(of:)) ?? "every size"
                let base = s.baseSize.map { " · base \(ReportText.number($0)) px" } ?? ""
                h += "<figure class=\"webshot\" id=\"\(webAnchor(s))\">"
                h += "<figcaption>\(e(category))\(base) · page \(ReportText.number((s.screens * 10).rounded() / 10)) screens tall</figcaption>\n"
                h += "<svg width=\"\(ReportText.number(s.imageWidth))\" height=\"\(ReportText.number(s.imageHeight))\" "
                    + "viewBox=\"0 0 \(ReportText.number(s.imageWidth)) \(ReportText.number(s.imageHeight))\">"
                h += "<image width=\"\(ReportText.number(s.imageWidth))\" height=\"\(ReportText.number(s.imageHeight))\" "
                    + "href=\"data:image/png;base64,\(s.png.base64EncodedString())\"/>"
                for m in s.marks {
                    h += "<rect class=\"mark \(slug(m.checkId).replacingOccurrences(of: ".", with: "-"))\" x=\"\(ReportText.number(m.x))\" y=\"\(ReportText.number(m.y))\" "
                        + "width=\"\(ReportText.number(m.width))\" height=\"\(ReportText.number(m.height))\">"
                        + "<title>\(e(m.checkId)): \(e(m.selector))</title></rect>"
                }
                h += "</svg></figure>\n"
            }
            h += "</div>\n"
        }
        return h + "</section>\n"
    }

    /// The id of a screenshot's figure: `web-<web view>-<device>-<category or "all">`.
    static func webAnchor(_ s: WebPageSnapshot) -> String {
        "web-\(slug(s.webView))-\(slug(s.device))-\(slug(s.category ?? "all"))"
    }

    /// The screenshot a web group links to (same web view, and the device and category of one of its
    /// occurrences, the largest category first), if the report kept it.
    static func webAnchor(_ doc: ReportDocument, _ g: FindingGroup) -> String? {
        guard g.key.selector != nil, let pages = doc.webPages else { return nil }
        for o in g.occurrences.sorted(by: { ($0.category, -$0.device) > ($1.category, -$1.device) }) {
            let device = g.devices.indices.contains(o.device) ? g.devices[o.device] : nil
            let category = g.categories.indices.contains(o.category) ? g.categories[o.category] : nil
            if let shot = pages.first(where: { $0.webView == g.key.screen && $0.device == device && $0.category == category }) {
                return webAnchor(shot)
            }
        }
        return nil
    }

    static let webCSS = """
        .webshots { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        .webshot { margin: 0; border: 1px solid #ccc; }
        .webshot figcaption { font-size: 12px; padding: 4px 6px; background: #f4f4f4; }
        .webshot svg { display: block; max-width: 100%; height: auto; }
        .webshot .mark { fill: rgba(220, 30, 30, 0.12); stroke: #d11; stroke-width: 2; }
        .webshot .mark.web-not-scaling { fill: rgba(230, 140, 0, 0.12); stroke: #e08a00; }

        """
}

extension MarkdownReporter {
    /// "Web views": each kept rendering's web view, device, category, base size and page height in
    /// screens. Empty when the document has no web pages.
    static func webTable(_ doc: ReportDocument) -> String {
        guard let pages = doc.webPages, !pages.isEmpty else { return "" }
        var out = "### Web views\n\n| Web view | Device | Size | Base | Page height |\n|---|---|---|---:|---:|\n"
        for p in pages {
            let size = p.category.map(ContentSizeCategory.shortName(of:)) ?? "every"
            let base = p.baseSize.map { ReportText.number($0) + " px" } ?? "–"
            out += "| \(cell(p.webView)) | \(cell(p.device)) | \(size) | \(base) | "
                + "\(ReportText.number((p.screens * 10).rounded() / 10)) screens |\n"
        }
        return out + "\n"
    }
}
