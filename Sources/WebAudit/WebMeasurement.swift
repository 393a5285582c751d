import Audit
import Reports

/// What the measuring script reports about one rendering of a page (CSS px, viewport coordinates
/// at scroll position 0). Its elements are the web checks' own type (`Audit.WebElementObservation`):
/// the measurement is decoded straight into it, with each element's HTML line resolved.
public struct WebMeasurement: Sendable, Equatable {
    /// The layout viewport: `document.documentElement.clientWidth` and `window.innerHeight`.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// `document.documentElement.scrollWidth` / `scrollHeight`.
    public var pageWidth: Double
    public var pageHeight: Double
    /// True when the page has `<meta name="viewport" content="…width=device-width…">`.
    public var hasDeviceWidthViewport: Bool
    /// Elements with text of their own, and elements that overflow the viewport or their own box.
    public var elements: [WebElementObservation]
}

/// The measuring script's JSON (`WebPageSession.measureScript`): the page's figures and, for each
/// element, the fields of `WebElementObservation` with the element's chain of ancestors, from which
/// `HTMLSourceIndex` finds its line.
struct MeasuredPage: Decodable {
    var viewportWidth: Double
    var viewportHeight: Double
    var pageWidth: Double
    var pageHeight: Double
    var hasDeviceWidthViewport: Bool
    var elements: [MeasuredElement]

    /// The measurement, each element's `source` its start tag's line in `file` by `sources` (nil
    /// without an index, or when no ancestor's counts agree with the source).
    func measurement(sources: HTMLSourceIndex?, file: String) -> WebMeasurement {
        WebMeasurement(viewportWidth: viewportWidth, viewportHeight: viewportHeight, pageWidth: pageWidth,
                       pageHeight: pageHeight, hasDeviceWidthViewport: hasDeviceWidthViewport,
                       elements: elements.map { measured in
                           var element = measured.element
                           element.source = sources?.line(chain: measured.chain).map { SourceLocation(file: file, line: $0) }
                           return element
                       })
    }
}

/// One element as the script reports it (see `WebPageSession.measureScript` for which elements).
struct MeasuredElement: Decodable {
    var element: WebElementObservation
    /// From the element up to `<html>`, for `HTMLSourceIndex.line(chain:)`.
    var chain: [WebElementPosition]

    enum CodingKeys: String, CodingKey {
        case selector, chain, tag, text, hasText, hasOwnText, parent, fontSize, left, top, right, width, height,
             parentRight, textLeft, textRight, textPastTop, textPastBottom, clientWidth, clientHeight, scrollWidth, scrollHeight, overflowX, overflowY, textOverflow,
             lineClamp, whiteSpace, display, insideScroller
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double { try c.decode(Double.self, forKey: key) }
        func string(_ key: CodingKeys) throws -> String { try c.decode(String.self, forKey: key) }
        chain = try c.decode([WebElementPosition].self, forKey: .chain)
        // `-webkit-line-clamp` as computed: "none" or a number of lines.
        let clamp = try string(.lineClamp)
        element = WebElementObservation(
            selector: try string(.selector), tag: try string(.tag), text: try string(.text),
            hasText: try c.decode(Bool.self, forKey: .hasText), hasOwnText: try c.decode(Bool.self, forKey: .hasOwnText),
            parent: try c.decodeIfPresent(Int.self, forKey: .parent), fontSize: try number(.fontSize),
            left: try number(.left), top: try number(.top), right: try number(.right), width: try number(.width),
            height: try number(.height), parentRight: try c.decodeIfPresent(Double.self, forKey: .parentRight),
            textLeft: try c.decodeIfPresent(Double.self, forKey: .textLeft),
            textRight: try c.decodeIfPresent(Double.self, forKey: .textRight),
            textPastTop: try c.decodeIfPresent(Double.self, forKey: .textPastTop),
            textPastBottom: try c.decodeIfPresent(Double.self, forKey: .textPastBottom),
            clientWidth: try number(.clientWidth), clientHeight: try number(.clientHeight),
            scrollWidth: try number(.scrollWidth), scrollHeight: try number(.scrollHeight),
            overflowX: try string(.overflowX), overflowY: try string(.overflowY), textOverflow: try string(.textOverflow),
            whiteSpace: try string(.whiteSpace), display: try string(.display), lineClamp: Int(clamp),
            insideScroller: try c.decode(Bool.self, forKey: .insideScroller))
    }
}
