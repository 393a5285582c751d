import DynamicType
import Reports

// Observations of web content (typefit.yml `webViews:`): what a browser measured in one rendering
// of an HTML page on one device at one content size category. The WebAudit module decodes its
// measuring script's output into these types (WebAudit/WebMeasurement.swift); the web checks read
// only them.

/// One rendering of an HTML page: a web view on a device at a category.
public struct WebPageObservation: Sendable, Equatable {
    /// The web view's name in the config.
    public var webView: String
    /// The HTML file as shown to the user.
    public var file: String
    public var device: String
    /// The category; nil when the page does not scale (`scaling: none`), so one rendering stands
    /// for every category.
    public var category: ContentSizeCategory?
    /// The base font size TypeFit gave the page (body size or injected root size), in CSS px; nil for `none`.
    public var baseSize: Double?
    /// The layout viewport and the page's scroll height, in CSS px.
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var pageHeight: Double
    public var elements: [WebElementObservation]

    public init(webView: String, file: String, device: String, category: ContentSizeCategory?,
                baseSize: Double?, viewportWidth: Double, viewportHeight: Double, pageHeight: Double,
                elements: [WebElementObservation]) {
        self.webView = webView
        self.file = file
        self.device = device
        self.category = category
        self.baseSize = baseSize
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.pageHeight = pageHeight
        self.elements = elements
    }

    /// True when element `ancestor` contains element `index` (through `parent`).
    func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
        var child = index
        // A parent comes before its children in document order, so the walk ends.
        while let p = elements[child].parent, p < child, p >= 0 {
            if p == ancestor { return true }
            child = p
        }
        return false
    }

    /// "at <category> on <device>" (or "at every category" for a page that does not scale).
    var place: String { "at \(category?.uikitName ?? "every category") on \(device)" }

    /// A finding about `element` in this rendering (`source` is the element's HTML file and line).
    func finding(_ check: some Check, _ element: WebElementObservation, code: String, message: String,
                 figures: [String: Double]) -> Finding {
        var figures = figures
        if let baseSize { figures["baseSize"] = baseSize }
        return Finding(checkId: check.id, severity: check.defaultSeverity, message: message, screen: webView,
                       device: device, category: category, source: element.source, figures: figures,
                       text: element.text.isEmpty ? nil : element.text, selector: element.selector,
                       code: code)
    }
}

/// One element of a rendered page, in CSS px relative to the viewport at scroll position 0.
public struct WebElementObservation: Sendable, Equatable {
    /// A CSS selector that finds the element, e.g. `#prices > table` or `main > p:nth-of-type(3)`.
    public var selector: String
    /// Where its start tag is in the HTML file (or its nearest ancestor's, for elements the parser adds).
    public var source: SourceLocation?
    /// Lower-case tag name.
    public var tag: String
    /// Its text with its descendants' (`textContent`), whitespace collapsed, shortened.
    public var text: String
    /// True when it or a descendant shows text.
    public var hasText: Bool
    /// True when it has text of its own (not only its descendants').
    public var hasOwnText: Bool
    /// The index in the page's `elements` of its nearest reported ancestor below `body` (nil for none).
    public var parent: Int?
    /// Computed font size in px.
    public var fontSize: Double
    /// Border box edges and size.
    public var left: Double
    public var top: Double
    public var right: Double
    public var width: Double
    public var height: Double
    /// The parent's right edge (nil when the parent is `body`).
    public var parentRight: Double?
    /// Edges of its own text (nil without text of its own).
    public var textLeft: Double?
    public var textRight: Double?
    /// Top and bottom of the lines of its own text that reach past the viewport's edge (nil for none).
    public var textPastTop: Double?
    public var textPastBottom: Double?
    /// Inner size of the box and size of its content (`clientWidth`/`scrollWidth`, …).
    public var clientWidth: Double
    public var clientHeight: Double
    public var scrollWidth: Double
    public var scrollHeight: Double
    /// Computed `overflow-x`, `overflow-y`, `text-overflow`, `white-space` and `display`.
    public var overflowX: String
    public var overflowY: String
    public var textOverflow: String
    public var whiteSpace: String
    public var display: String
    /// `-webkit-line-clamp` (nil for none).
    public var lineClamp: Int?
    /// True when an ancestor scrolls or clips horizontally, so the element cannot widen the page.
    public var insideScroller: Bool

    public init(selector: String, source: SourceLocation? = nil, tag: String, text: String = "", hasText: Bool = true,
                hasOwnText: Bool? = nil, parent: Int? = nil,
                fontSize: Double, left: Double = 0, top: Double = 0, right: Double, width: Double? = nil,
                height: Double? = nil, parentRight: Double? = nil,
                textLeft: Double? = nil, textRight: Double? = nil, textPastTop: Double? = nil,
                textPastBottom: Double? = nil, clientWidth: Double? = nil,
                clientHeight: Double = 20, scrollWidth: Double? = nil, scrollHeight: Double? = nil,
                overflowX: String = "visible", overflowY: String = "visible", textOverflow: String = "clip",
                whiteSpace: String = "normal", display: String = "block", lineClamp: Int? = nil,
                insideScroller: Bool = false) {
        self.selector = selector
        self.source = source
        self.tag = tag
        self.text = text
        self.hasText = hasText
        self.hasOwnText = hasOwnText ?? !text.isEmpty
        self.parent = parent
        self.fontSize = fontSize
        self.left = left
        self.top = top
        self.right = right
        self.width = width ?? right - left
        self.height = height ?? clientHeight
        self.parentRight = parentRight
        self.textLeft = textLeft
        self.textRight = textRight
        self.textPastTop = textPastTop
        self.textPastBottom = textPastBottom
        self.clientWidth = clientWidth ?? width ?? right - left
        self.clientHeight = clientHeight
        self.scrollWidth = scrollWidth ?? clientWidth ?? width ?? right - left
        self.scrollHeight = scrollHeight ?? clientHeight
        self.overflowX = overflowX
        self.overflowY = overflowY
        self.textOverflow = textOverflow
        self.whiteSpace = whiteSpace
        self.display = display
        self.lineClamp = lineClamp
        self.insideScroller = insideScroller
    }

    /// "`selector`" with its text when it has some: `p.note` “Visit https://…”.
    var named: String {
        "`\(selector)`" + (text.isEmpty ? "" : " \(Describe.quote(text))")
    }
}

/// Scroll and client sizes are whole pixels in browsers: content counts as larger than its box
/// only when it is larger by more than this (px).
let webPixelTolerance = 1.0
