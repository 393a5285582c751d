import Reports

/// `web.overflow`: an element of a web page is wider than the viewport, so the page scrolls sideways.
public struct WebOverflowCheck: Check {
    public init() {}
    public let id = "web.overflow"
    public let title = "Web content is wider than the screen"
    public let rationale = """
        A web view that scrolls sideways makes people pan back and forth for every line, and text past the edge \
        is easy to miss entirely. Larger text makes it worse: words, URLs, table columns and fixed widths that \
        fit at the default size push past the edge at accessibility sizes. Let long words break \
        (overflow-wrap: anywhere), let wide tables and code scroll inside their own box (overflow-x: auto), \
        and size boxes in em or % rather than px.
        """
    public let definition = """
        For each rendering of a web view (device × category), reports an element outside a horizontally scrolling or clipping ancestor when its border box reaches past the viewport's right or left edge by more than `lengthEpsilon` and its parent's box does not (the outermost such element; children of `body` always qualify), or when its box fits but its own text reaches past the edge (a word or URL that cannot wrap; an inline element such as a link counts as its text). Text past the edge on a line where an element inside also reaches past it is that element's: one finding per overflowing line, on the innermost element, quoting its whole text. Figures: overflowBy (px past the edge), viewportWidth, elementWidth, fontSize, baseSize.
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("overflowBy", .cssPixels, .neutral, "how far it reaches past the screen"),
        FigureSpec("viewportWidth", .cssPixels, .neutral, "the layout viewport width"),
        FigureSpec("elementWidth", .cssPixels, .neutral, "the element’s width"),
        FigureSpec("fontSize", .cssPixels, .neutral, "computed font size"),
        FigureSpec("baseSize", .cssPixels, .neutral, "the base font size TypeFit gave the page"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("box-past-edge", "a box of fixed width (table, media, pre, nowrap) reaches past the screen"),
        MessageCode("text-past-edge", "text that cannot wrap reaches past the screen"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        var findings: [Finding] = []
        for page in input.web {
            let found = page.elements.indices.compactMap { overflow(page, $0, eps: context.lengthEpsilon) }
            // One finding per overflowing line: text past the edge on a line where an element inside
            // also reaches past it is that element's.
            let mine = found.filter { o in
                o.code == "box-past-edge" || !found.contains { other in
                    other.index != o.index && page.isAncestor(o.index, of: other.index)
                        && other.top < o.bottom && o.top < other.bottom
                }
            }
            for o in mine {
                let element = page.elements[o.index], vw = page.viewportWidth
                let message = "\(element.named) is \(o.reason) reaching \(px(o.by)) past the \(px(vw)) wide screen: "
                    + "the page scrolls sideways \(page.place)"
                findings.append(page.finding(self, element, code: o.code, message: message, figures: [
                    "overflowBy": o.by, "viewportWidth": vw, "elementWidth": element.width, "fontSize": element.fontSize,
                ]))
            }
        }
        return findings
    }

    /// How element `index` of `page` reaches past the edge, with the vertical extent of what does.
    private struct Overflow {
        var index: Int
        var code: String
        var reason: String
        var by: Double
        var top: Double
        var bottom: Double
    }

    private func overflow(_ page: WebPageObservation, _ index: Int, eps: Double) -> Overflow? {
        let element = page.elements[index], vw = page.viewportWidth
        guard !element.insideScroller else { return nil }
        let boxPast = max(element.right - vw, -element.left)
        let parentPast = element.parentRight.map { $0 > vw + eps } ?? false
        let textPast = max((element.textRight ?? 0) - vw, -(element.textLeft ?? 0))
        let nowrap = element.whiteSpace.hasPrefix("nowrap") || element.whiteSpace.hasPrefix("pre")
        // An inline element's box is its line fragments: past the edge means its text is.
        let inline = element.display == "inline"
        let boxBottom = element.top + element.height
        if boxPast > eps && !parentPast && !inline {
            let reason: String
            switch element.tag {
            case "table": reason = "a table"
            case "pre": reason = "preformatted text"
            case "img", "video", "iframe", "canvas", "svg", "picture", "embed", "object": reason = "media"
            default: reason = nowrap ? "text that does not wrap (white-space: \(element.whiteSpace))" : "a box of fixed width"
            }
            return Overflow(index: index, code: "box-past-edge", reason: reason, by: max(boxPast, textPast),
                            top: element.top, bottom: boxBottom)
        }
        let by = max(textPast, inline ? boxPast : 0)
        guard (boxPast <= eps || inline && !parentPast) && by > eps else { return nil }
        let reason = nowrap ? "text that does not wrap (white-space: \(element.whiteSpace))" : "a word or URL that cannot wrap"
        return Overflow(index: index, code: "text-past-edge", reason: reason, by: by,
                        top: element.textPastTop ?? element.top, bottom: element.textPastBottom ?? boxBottom)
    }

    public var examples: [CheckExample] {
        // A 3-column price table on the 320 px wide iPhone SE (1st gen) at AX5: body margin 8 px, table
        // 451.5 px wide, so its right edge is at 8 + 451.5 = 459.5 px, 139.5 px past the edge.
        let table = WebElementObservation(selector: "#prices > table", source: SourceLocation(file: "help.html", line: 24),
                                          tag: "table", fontSize: 53, left: 8, right: 459.5, parentRight: 312)
        // A paragraph that fits, with a URL in it that cannot break (its text ends at 702.3 px).
        let url = WebElementObservation(selector: "main > p:nth-of-type(3)", tag: "p",
                                        text: "Visit https://example.com/support/accessibility/larger-text",
                                        fontSize: 53, left: 8, right: 312, parentRight: 312, textLeft: 8, textRight: 702.3)
        // The table's cells also reach past the edge, but their parent (the row) does too: not reported.
        let cell = WebElementObservation(selector: "#prices > table > tbody > tr > td:nth-of-type(3)", tag: "td",
                                         text: "€ 12.00", fontSize: 53, left: 300, right: 459.5, parentRight: 459.5,
                                         textLeft: 310, textRight: 450)
        // A code block scrolling inside its own box (an ancestor with overflow-x: auto): fine.
        let code = WebElementObservation(selector: "pre > code", tag: "code", text: "let x = 1", fontSize: 30,
                                         left: 8, right: 900, insideScroller: true)
        // A link (display: inline) whose URL runs to 517 px inside a paragraph that fits: its text.
        let link = WebElementObservation(selector: "main > p > a", tag: "a", text: "https://example.com/a/long/path",
                                         fontSize: 53, left: 8, right: 517, parentRight: 312, display: "inline")
        // A paragraph (element 0) whose span (element 1) holds a URL that cannot wrap, followed by a
        // full stop of the paragraph's own text on the same line (y 80 to 144): the span's.
        let paragraph = WebElementObservation(selector: "main > p", tag: "p", text: "Visit https://example.com/a/long/path.",
                                              fontSize: 53, left: 8, top: 16, right: 312, parentRight: 312,
                                              textLeft: 8, textRight: 531.6, textPastTop: 80, textPastBottom: 144)
        let span = WebElementObservation(selector: "main > p > span", tag: "span", text: "https://example.com/a/long/path",
                                         parent: 0, fontSize: 53, left: 8, top: 80, right: 517, height: 64,
                                         parentRight: 312, textLeft: 8, textRight: 517, textPastTop: 80,
                                         textPastBottom: 144, display: "inline")
        func page(_ elements: [WebElementObservation]) -> AuditInput {
            AuditInput(web: [WebPageObservation(
                webView: "Help", file: "help.html", device: "iPhone SE (1st gen)",
                category: .accessibilityExtraExtraExtraLarge, baseSize: 53, viewportWidth: 320,
                viewportHeight: 460, pageHeight: 4000, elements: elements)])
        }
        return [
            CheckExample("a table 139.5 px past the 320 px screen", input: page([table]), expectedCount: 1, codes: ["box-past-edge"],
                         figures: ["overflowBy": 139.5, "viewportWidth": 320, "elementWidth": 451.5, "baseSize": 53]),
            CheckExample("a URL that cannot wrap inside a paragraph that fits", input: page([url]), expectedCount: 1, codes: ["text-past-edge"],
                         figures: ["overflowBy": 382.3]),
            CheckExample("a link is its text: a URL that cannot wrap", input: page([link]), expectedCount: 1, codes: ["text-past-edge"],
                         figures: ["overflowBy": 197]),
            CheckExample("a URL in a span, its paragraph's full stop on the same line: one finding, the span's",
                         input: page([paragraph, span]), expectedCount: 1, codes: ["text-past-edge"],
                         messageContains: ["`main > p > span`"], figures: ["overflowBy": 197, "elementWidth": 509]),
            CheckExample("only the outermost overflowing element is reported", input: page([table, cell]),
                         expectedCount: 1, codes: ["box-past-edge"]),
            CheckExample("content scrolling inside its own box does not widen the page", input: page([code]),
                         expectedCount: 0),
        ]
    }

    private func px(_ value: Double) -> String { Describe.one(value) + " px" }
}

extension WebOverflowCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("let the element wrap (max-width: 100%, overflow-wrap)") }
}
