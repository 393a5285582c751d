import DynamicType
import Reports

/// `web.not-scaling`: text of a web page keeps its size when the text size setting changes.
public struct WebNotScalingCheck: Check {
    public init() {}
    public let id = "web.not-scaling"
    public let title = "Web text does not scale"
    public let rationale = """
        When an app scales its web content with Dynamic Type (font: -apple-system-body, or a base size from \
        UIFontMetrics), only text sized relative to that base follows: a caption or table set in px stays small \
        while the body grows around it. People who need larger text cannot read exactly those parts. Size text in \
        em, rem or % of the scaled base.
        """
    public let definition = """
        For each web view and device rendered at two or more categories with a base size that grows (not `scaling: none`), compares every element with text of its own at the smallest and the largest category rendered (matched by CSS selector): reports it when its computed font size at the largest is not larger than at the smallest by more than `lengthEpsilon`, while the base size grew by more than that. One finding per element and device, at the largest category. Figures: sizeAtSmallest, sizeAtLargest, baseAtSmallest, baseAtLargest, baseSize.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = [
        FigureSpec("sizeAtSmallest", .cssPixels, .neutral, "font size at the smallest category"),
        FigureSpec("sizeAtLargest", .cssPixels, .neutral, "font size at the largest category"),
        FigureSpec("baseAtSmallest", .cssPixels, .neutral, "base size at the smallest category"),
        FigureSpec("baseAtLargest", .cssPixels, .neutral, "base size at the largest category"),
        FigureSpec("baseSize", .cssPixels, .neutral, "the base font size TypeFit gave the page"),
    ]
    public let codes: [MessageCode] = [
        MessageCode("fixed-size", "the font size does not grow with the base size"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        var groups: [String: [WebPageObservation]] = [:]
        var order: [String] = []
        for page in input.web where page.baseSize != nil && page.category != nil {
            let key = page.webView + "\u{1F}" + page.device
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(page)
        }
        var findings: [Finding] = []
        let eps = context.lengthEpsilon
        for key in order {
            let pages = (groups[key] ?? []).sorted { ($0.category?.position ?? 0) < ($1.category?.position ?? 0) }
            guard let first = pages.first, let last = pages.last, pages.count > 1,
                  let base0 = first.baseSize, let base1 = last.baseSize, base1 > base0 + eps else { continue }
            var before: [String: Double] = [:]
            for element in first.elements where element.hasOwnText { before[element.selector] = element.fontSize }
            var seen = Set<String>()
            for element in last.elements where element.hasOwnText && seen.insert(element.selector).inserted {
                guard let size0 = before[element.selector], element.fontSize <= size0 + eps else { continue }
                let message = "\(element.named) stays \(Describe.one(element.fontSize)) px from \(first.category?.uikitName ?? "") "
                    + "to \(last.category?.uikitName ?? "") while the base size grows from \(Describe.one(base0)) to "
                    + "\(Describe.one(base1)) px, on \(last.device)"
                findings.append(last.finding(self, element, code: "fixed-size", message: message, figures: [
                    "sizeAtSmallest": size0, "sizeAtLargest": element.fontSize, "baseAtSmallest": base0,
                    "baseAtLargest": base1,
                ]))
            }
        }
        return findings
    }

    public var examples: [CheckExample] {
        // Body text in em follows the HIG body size (14 px at xS, 53 px at AX5); a caption set in px stays 12 px.
        func page(_ category: ContentSizeCategory, base: Double, body: Double, caption: Double) -> WebPageObservation {
            WebPageObservation(
                webView: "Help", file: "help.html", device: "iPhone 16", category: category,
                baseSize: base, viewportWidth: 393, viewportHeight: 659, pageHeight: 2000, elements: [
                    WebElementObservation(selector: "main > p", tag: "p", text: "Larger text", fontSize: body, right: 385),
                    WebElementObservation(selector: "figure > figcaption", source: SourceLocation(file: "help.html", line: 31),
                                          tag: "figcaption", text: "Photo: the settings screen", fontSize: caption,
                                          right: 385),
                ])
        }
        let scaling = [page(.extraSmall, base: 14, body: 14, caption: 12),
                       page(.large, base: 17, body: 17, caption: 12),
                       page(.accessibilityExtraExtraExtraLarge, base: 53, body: 53, caption: 12)]
        var fixedPage = scaling
        for i in fixedPage.indices { fixedPage[i].baseSize = nil }
        let allFollow = [page(.extraSmall, base: 14, body: 14, caption: 10),
                         page(.accessibilityExtraExtraExtraLarge, base: 53, body: 53, caption: 37.9)]
        return [
            CheckExample("a px-sized caption stays 12 px while the body grows 14 → 53 px", input: AuditInput(web: scaling),
                         expectedCount: 1, codes: ["fixed-size"],
                         figures: ["sizeAtSmallest": 12, "sizeAtLargest": 12, "baseAtSmallest": 14, "baseAtLargest": 53]),
            CheckExample("a caption in em grows with the base", input: AuditInput(web: allFollow), expectedCount: 0),
            CheckExample("a page that does not scale (scaling: none) is not expected to", input: AuditInput(web: fixedPage),
                         expectedCount: 0),
        ]
    }
}

extension WebNotScalingCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("size the text in rem or with -apple-system-body") }
}
