import Reports

/// `web.clipped`: text of a web page is cut off by its box.
public struct WebClippedCheck: Check {
    public init() {}
    public let id = "web.clipped"
    public let title = "Web text is cut off"
    public let rationale = """
        Boxes sized for the default text size hide text once it grows: `overflow: hidden` cuts it off, \
        `text-overflow: ellipsis` and `-webkit-line-clamp` end it with “…”, and a fixed height lets it spill over \
        whatever follows. People who enlarge text lose exactly the words they enlarged. Let boxes grow with their \
        content (height: auto, min-height instead of height) and avoid clamping text that matters.
        """
    public let definition = """
        For each rendering of a web view, reports an element that shows text when its content is larger than its box by more than 1 px (scroll sizes are whole pixels): with `-webkit-line-clamp` and taller content (clamped), with `text-overflow: ellipsis` and wider content (ellipsis), with `overflow` hidden or clip on the axis where the content is larger (cut), or with `overflow-y: visible` and taller content (its fixed height lets text spill). Inline elements have no box of their own and are skipped; content that scrolls (`overflow: auto`/`scroll`) is reachable and not reported. One finding per element, rendering and device. Figures: contentWidth, boxWidth, contentHeight, boxHeight, fontSize, baseSize (and lineClamp).
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = [
        FigureSpec("contentWidth", .cssPixels, .neutral, "scrollWidth"),
        FigureSpec("boxWidth", .cssPixels, .neutral, "clientWidth"),
        FigureSpec("contentHeight", .cssPixels, .higherIsWorse, "scrollHeight"),
        FigureSpec("boxHeight", .cssPixels, .neutral, "clientHeight"),
        FigureSpec("fontSize", .cssPixels, .neutral, "computed font size"),
        FigureSpec("lineClamp", .lines, .neutral, "-webkit-line-clamp"),
        FigureSpec("baseSize", .cssPixels, .neutral, "the base font size TypeFit gave the page"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("line-clamp", "-webkit-line-clamp hides lines"),
        MessageCode("ellipsis", "text-overflow: ellipsis truncates the text"),
        MessageCode("overflow-hidden", "overflow: hidden cuts the content off"),
        MessageCode("spills", "content spills out of a fixed height"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        var findings: [Finding] = []
        for page in input.web {
            for element in page.elements where element.hasText && element.display != "inline"
                && element.display != "contents" {
                let wider = element.scrollWidth > element.clientWidth + webPixelTolerance
                let taller = element.scrollHeight > element.clientHeight + webPixelTolerance
                let clips = { (value: String) in value == "hidden" || value == "clip" }
                var figures: [String: Double] = [
                    "contentWidth": element.scrollWidth, "boxWidth": element.clientWidth,
                    "contentHeight": element.scrollHeight, "boxHeight": element.clientHeight,
                    "fontSize": element.fontSize,
                ]
                let what: String
                let code: String
                if let clamp = element.lineClamp, taller {
                    figures["lineClamp"] = Double(clamp)
                    code = "line-clamp"
                    what = "is clamped to \(Describe.lines(clamp)) (-webkit-line-clamp) and hides "
                        + "\(px(element.scrollHeight - element.clientHeight)) of text"
                } else if element.textOverflow == "ellipsis" && wider && element.overflowX != "visible" {
                    code = "ellipsis"
                    what = "is truncated with “…” (text-overflow: ellipsis): it needs \(px(element.scrollWidth)) "
                        + "but has \(px(element.clientWidth))"
                } else if (clips(element.overflowX) && wider) || (clips(element.overflowY) && taller) {
                    code = "overflow-hidden"
                    let axis = clips(element.overflowY) && taller
                        ? "it needs \(px(element.scrollHeight)) of height but has \(px(element.clientHeight))"
                        : "it needs \(px(element.scrollWidth)) of width but has \(px(element.clientWidth))"
                    what = "is cut off by overflow: hidden: \(axis)"
                } else if element.overflowY == "visible" && taller {
                    code = "spills"
                    what = "spills out of its fixed height: it needs \(px(element.scrollHeight)) but has "
                        + "\(px(element.clientHeight)), so its text overlaps what follows"
                } else {
                    continue
                }
                findings.append(page.finding(self, element, code: code, message: "\(element.named) \(what) \(page.place)",
                                             figures: figures))
            }
        }
        return findings
    }

    public var examples: [CheckExample] {
        // A card with `height: 120px; overflow: hidden` whose text needs 212 px at AX3.
        let card = WebElementObservation(selector: "div.card:nth-of-type(2)", source: SourceLocation(file: "help.html", line: 40),
                                         tag: "div", text: "Larger text makes this card taller", fontSize: 40,
                                         right: 312, clientHeight: 120, scrollHeight: 212, overflowY: "hidden")
        // A two-line clamp: 2 × 1.2 × 40 = 96 px shown, 4 lines (192 px) needed.
        var clamp = card
        clamp.overflowX = "hidden"
        clamp.lineClamp = 2
        clamp.clientHeight = 96
        clamp.scrollHeight = 192
        // A single-line button title with an ellipsis: 402 px needed, 280 px available.
        let ellipsis = WebElementObservation(selector: "a.button", tag: "a", text: "Contact customer support",
                                             fontSize: 40, right: 300, clientWidth: 280, scrollWidth: 402,
                                             overflowX: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap",
                                             display: "block")
        // A fixed-height banner without overflow: hidden: the text spills over what follows.
        let spill = WebElementObservation(selector: "#banner", tag: "div", text: "Now with larger text", fontSize: 40,
                                          right: 312, clientHeight: 48, scrollHeight: 96)
        // 1 px more content than box: rounding of whole-pixel scroll sizes, not a clip.
        var rounding = card
        rounding.scrollHeight = 121
        // A scrolling box: the text is reachable.
        var scrolls = card
        scrolls.overflowY = "auto"
        func page(_ elements: [WebElementObservation]) -> AuditInput {
            AuditInput(web: [WebPageObservation(
                webView: "Help", file: "help.html", device: "iPhone 16", category: .accessibilityLarge,
                baseSize: 40, viewportWidth: 393, viewportHeight: 659, pageHeight: 3000,
                elements: elements)])
        }
        return [
            CheckExample("a fixed-height card with overflow: hidden loses 92 px of text", input: page([card]),
                         expectedCount: 1, codes: ["overflow-hidden"],
                         figures: ["contentHeight": 212, "boxHeight": 120, "baseSize": 40]),
            CheckExample("a two-line clamp of four lines of text", input: page([clamp]), expectedCount: 1, codes: ["line-clamp"],
                         figures: ["lineClamp": 2]),
            CheckExample("a button title truncated with an ellipsis", input: page([ellipsis]), expectedCount: 1, codes: ["ellipsis"]),
            CheckExample("text spilling out of a fixed height", input: page([spill]), expectedCount: 1, codes: ["spills"]),
            CheckExample("1 px is whole-pixel rounding", input: page([rounding]), expectedCount: 0),
            CheckExample("a scrolling box keeps its text reachable", input: page([scrolls]), expectedCount: 0),
        ]
    }

    private func px(_ value: Double) -> String { Describe.one(value) + " px" }
}

extension WebClippedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("let the element grow (no fixed height or line clamp)") }
}
