/// What the measuring script reports about one rendering of a page (CSS px, viewport coordinates
/// at scroll position 0).
public struct WebMeasurement: Codable, Sendable, Equatable {
    /// The layout viewport: `document.documentElement.clientWidth` and `window.innerHeight`.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// `document.documentElement.scrollWidth` / `scrollHeight`.
    public var pageWidth: Double
    public var pageHeight: Double
    /// True when the page has `<meta name="viewport" content="…width=device-width…">`.
    public var hasDeviceWidthViewport: Bool
    /// Elements with text of their own, and elements that overflow the viewport or their own box.
    public var elements: [WebElement]
}

/// One element as measured (see `WebPageSession.measureScript` for which elements are reported).
public struct WebElement: Codable, Sendable, Equatable {
    /// A CSS selector that finds it: `#id`, or a path of `tag.class` steps from the nearest id or `body`,
    /// with `:nth-of-type(n)` where siblings would match the same step.
    public var selector: String
    /// From the element up to `<html>`, for `HTMLSourceIndex.line(chain:)`.
    public var chain: [WebElementPosition]
    public var tag: String
    /// Its own text (text node children), whitespace collapsed, at most 80 characters.
    public var text: String
    /// True when it or a descendant has visible text.
    public var hasText: Bool
    /// Computed `font-size` in px.
    public var fontSize: Double
    /// Border box (`getBoundingClientRect`).
    public var left: Double
    public var top: Double
    public var right: Double
    public var width: Double
    public var height: Double
    /// The parent's border box right edge (nil for children of `body`'s parent).
    public var parentRight: Double?
    /// Leftmost and rightmost edge of its own text (nil without text of its own).
    public var textLeft: Double?
    public var textRight: Double?
    public var clientWidth: Double
    public var clientHeight: Double
    public var scrollWidth: Double
    public var scrollHeight: Double
    /// Computed styles: `overflow-x`, `overflow-y`, `text-overflow`, `-webkit-line-clamp`, `white-space`, `display`, `height`.
    public var overflowX: String
    public var overflowY: String
    public var textOverflow: String
    public var lineClamp: String
    public var whiteSpace: String
    public var display: String
    /// True when an ancestor (below `body`) scrolls or clips horizontally, so the element cannot widen the page.
    public var insideScroller: Bool

    public init(selector: String, chain: [WebElementPosition] = [], tag: String, text: String = "", hasText: Bool = true,
                fontSize: Double, left: Double = 0, top: Double = 0, right: Double, width: Double, height: Double = 20,
                parentRight: Double? = nil, textLeft: Double? = nil, textRight: Double? = nil,
                clientWidth: Double? = nil, clientHeight: Double? = nil, scrollWidth: Double? = nil,
                scrollHeight: Double? = nil, overflowX: String = "visible", overflowY: String = "visible",
                textOverflow: String = "clip", lineClamp: String = "none", whiteSpace: String = "normal",
                display: String = "block", insideScroller: Bool = false) {
        self.selector = selector
        self.chain = chain
        self.tag = tag
        self.text = text
        self.hasText = hasText
        self.fontSize = fontSize
        self.left = left
        self.top = top
        self.right = right
        self.width = width
        self.height = height
        self.parentRight = parentRight
        self.textLeft = textLeft
        self.textRight = textRight
        self.clientWidth = clientWidth ?? width
        self.clientHeight = clientHeight ?? height
        self.scrollWidth = scrollWidth ?? clientWidth ?? width
        self.scrollHeight = scrollHeight ?? clientHeight ?? height
        self.overflowX = overflowX
        self.overflowY = overflowY
        self.textOverflow = textOverflow
        self.lineClamp = lineClamp
        self.whiteSpace = whiteSpace
        self.display = display
        self.insideScroller = insideScroller
    }
}
