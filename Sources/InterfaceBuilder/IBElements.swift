import AppUI
import DynamicType
import Foundation
import TypeFitSupport

/// The text elements of one XML element of an iOS document.
extension FileReader {
    /// Texts Interface Builder puts in a new element, which apps replace from code.
    static let placeholderTexts: Set<String> = ["Label", "Title", "Subtitle", "Detail", "Text", "Button"]

    /// Elements that draw text, by element name.
    static let textElementNames: Set<String> = ["label", "button", "textField", "textView", "segmentedControl"]

    func elements(_ node: IBNode) -> [UIElement] {
        guard Self.textElementNames.contains(node.name), let id = node["id"] else { return [] }
        let elementID = UIElementID(file: path, local: id)
        let (font, fontNode) = self.font(node)
        let width = widths.rule(node)
        let widthEstimate = widths.estimate(node)
        let height = widths.heightConstraint(node, path: path)
        var adjusts = node.bool("adjustsFontForContentSizeCategory")
        // A button configuration without a font of its own: UIKit's, which follows Dynamic Type.
        if node.name == "button", fontNode == nil, node.child("buttonConfiguration") != nil { adjusts = true }
        let lineBreak = Self.lineBreak(node["lineBreakMode"])
        var autoshrink: Double?
        if node.bool("adjustsFontSizeToFit") {
            if let factor = node.double("minimumScaleFactor"), factor > 0 { autoshrink = min(1, factor) }
            else if let minimum = node.double("minimumFontSize"), case .font(_, let size) = font,
                    let points = Self.points(size), points > 0 { autoshrink = min(1, minimum / points) }
            else { autoshrink = 0 }
        }
        func make(_ kind: UIElementKind, _ text: UIText, placeholder: UIText? = nil, lines: Int,
                  at place: IBNode? = nil, local: String? = nil) -> UIElement {
            var element = UIElement(id: local.map { UIElementID(file: path, local: $0) } ?? elementID, kind: kind,
                                    position: position(place ?? node), text: text, placeholder: placeholder, font: font,
                                    fontPosition: fontNode.map(position), adjustsForContentSizeCategory: adjusts, lines: lines,
                                    lineBreak: lineBreak ?? (lines == 1 ? .truncateTail : .wordWrap),
                                    minimumScaleFactor: autoshrink, width: width,
                                    widthSource: widthEstimate.map { .estimate(reason: $0) } ?? .constraint, height: height)
            element.outlet = outlets[id]
            element.outletOwner = outletOwners[id]
            return element
        }
        switch node.name {
        case "label":
            let lines = node["numberOfLines"].flatMap { UISourceNumbers.lines(Double($0)) } ?? 1
            return [make(.label, text(node, key: "text", id: id), lines: lines)]
        case "textField":
            let placeholder = node["placeholder"].flatMap { $0.isEmpty ? nil : UIText.localized(table: table, key: "\(id).placeholder", developmentText: $0) }
            var text = self.text(node, key: "text", id: id)
            if text.unknownReason != nil, let placeholder { text = placeholder }
            return [make(.textField, text, placeholder: placeholder, lines: 1)]
        case "textView":
            return [make(.textView, text(node, key: "text", id: id), lines: 0)]
        case "button":
            return buttonTitles(node, id: id, make: make)
        case "segmentedControl":
            adjusts = false
            var made: [UIElement] = []
            let segments = node.child("segments")?.children.filter { $0.name == "segment" } ?? []
            for (i, segment) in segments.enumerated() {
                guard let title = segment["title"], !title.isEmpty else { continue }
                made.append(make(.segment, .localized(table: table, key: "\(id).segmentTitles[\(i)]", developmentText: title),
                                 lines: 1, at: segment, local: "\(id).segmentTitles[\(i)]"))
            }
            return made
        default:
            return []
        }
    }

    /// Font types a `<fontDescription>` may have.
    static let fontTypes: Set<String> = ["system", "boldSystem", "italicSystem"]

    /// One warning per value of a text element's attributes that the reader does not know (the
    /// element is still read, with UIKit's default in its place): a line break mode, a font type,
    /// a text style.
    func unknownValues(_ node: IBNode) -> [UIReadWarning] {
        var found: [UIReadWarning] = []
        if let mode = node["lineBreakMode"], Self.lineBreak(mode) == nil {
            found.append(UIReadWarning(position: position(node), message: "unknown lineBreakMode \"\(mode)\" of <\(node.name)>: read as UIKit's default"))
        }
        if let lines = node["numberOfLines"], UISourceNumbers.lines(Double(lines)) == nil {
            found.append(UIReadWarning(position: position(node), message: "numberOfLines \"\(quotedInput(lines))\" of <\(node.name)> is not a line count: read as 1"))
        }
        var descriptions = node.children.filter { $0.name == "fontDescription" }
        if let configuration = node.child("buttonConfiguration") { descriptions += configuration.children.filter { $0.name == "fontDescription" } }
        for d in descriptions {
            if let size = d["pointSize"], d["style"] == nil, UISourceNumbers.fontSize(Double(size)) == nil {
                found.append(UIReadWarning(position: position(d), message: "pointSize \"\(quotedInput(size))\" is not a font size (above 0, at most "
                                           + "\(Int(UISourceNumbers.largestFontSize))): the element is not laid out"))
            } else if let style = d["style"], (try? TextStyle(parsing: style)) == nil {
                found.append(UIReadWarning(position: position(d), message: "unknown text style \"\(style)\": the element is not laid out"))
            } else if d["style"] == nil, d["name"] == nil, d["family"] == nil, let type = d["type"], !Self.fontTypes.contains(type) {
                found.append(UIReadWarning(position: position(d), message: "unknown font type \"\(type)\": read as the system font"))
            }
        }
        return found
    }

    /// An IB placeholder, or the Lorem ipsum a new text view holds.
    static func isPlaceholder(_ text: String) -> Bool { placeholderTexts.contains(text) || text.hasPrefix("Lorem ipsum dolor") }

    /// The element's text: the attribute, a `<string key=…>` child, or attributed text.
    func text(_ node: IBNode, key: String, id: String) -> UIText {
        var value = node[key]
        if value == nil, let string = node.children.first(where: { $0.name == "string" && $0["key"] == key }) {
            value = string.children.filter { $0.name == "#text" }.compactMap { $0["value"] }.joined()
            if value?.isEmpty ?? true, let base64 = string.child("mutableString")?["base64-UTF8"] ?? string["base64-UTF8"] {
                value = Data(base64Encoded: base64).flatMap { String(data: $0, encoding: .utf8) }
            }
        }
        if value == nil, let attributed = node.children.first(where: { $0.name == "attributedString" }) {
            value = Self.attributedText(attributed)
        }
        guard let text = value, !text.isEmpty else { return .unresolved(reason: "no text in the file: set in code") }
        if Self.isPlaceholder(text) { return .unresolved(reason: "Interface Builder's placeholder \"\(text)\": its text is set in code") }
        return .localized(table: table, key: "\(id).\(key)", developmentText: text)
    }

    /// The text of an `<attributedString>`: its fragments' content in order.
    static func attributedText(_ node: IBNode) -> String {
        node.children.filter { $0.name == "fragment" }.map { fragment in
            fragment["content"] ?? fragment.child("string", key: "content")?.children.compactMap { $0["value"] }.joined() ?? ""
        }.joined()
    }

    /// The element's font and the XML element that sets it: `fontDescription`, the first font of
    /// attributed text, or UIKit's default for the element.
    func font(_ node: IBNode) -> (UIFontSpec, IBNode?) {
        if let description = node.child("fontDescription", key: "fontDescription")
            ?? node.child("buttonConfiguration")?.child("fontDescription", key: "titleFontDescription") {
            return (Self.font(description), description)
        }
        let attributedOwner = node.name == "button"
            ? node.children.first(where: { $0.name == "state" && $0["key"] == "normal" }) : node
        if let attributed = attributedOwner?.children.first(where: { $0.name == "attributedString" }),
           let font = attributed.children.lazy.compactMap({ $0.child("attributes")?.child("font", key: "NSFont") }).first {
            return (Self.attributedFont(font), font)
        }
        switch node.name {
        case "button" where node.child("buttonConfiguration") != nil: return (.font(face: .system(.regular), size: .textStyle(.body)), nil)
        case "button": return (.font(face: .system(.regular), size: .fixed(15)), nil)
        case "segmentedControl": return (.font(face: .system(.regular), size: .fixed(13)), nil)
        case "textView", "textField": return (.font(face: .system(.regular), size: .fixed(14)), nil)
        default: return (.font(face: .system(.regular), size: .fixed(17)), nil)
        }
    }

    /// A `<fontDescription>`: a text style, a system font at a size and weight, or a named font at a size.
    static func font(_ d: IBNode) -> UIFontSpec {
        if let style = d["style"] {
            guard let textStyle = try? TextStyle(parsing: style) else { return .unknown(reason: "unknown text style \"\(style)\"") }
            return .font(face: .system(.regular), size: .textStyle(textStyle))
        }
        let size: Double
        if let written = d["pointSize"] {
            guard let valid = UISourceNumbers.fontSize(Double(written)) else {
                return .unknown(reason: "pointSize \"\(quotedInput(written))\" is not a font size")
            }
            size = valid
        } else {
            size = 17
        }
        if let name = d["name"] ?? d["family"] { return .font(face: .named(name), size: .fixed(size)) }
        switch d["type"] ?? "system" {
        case "boldSystem": return .font(face: .system(.bold), size: .fixed(size))
        case "italicSystem": return .font(face: .system(.regular), size: .fixed(size))
        case "system":
            let weight = d["weight"].flatMap { try? FontWeight(parsing: $0) } ?? .regular
            return .font(face: .system(weight), size: .fixed(size))
        default:
            return .font(face: .system(.regular), size: .fixed(size))
        }
    }

    /// `<font key="NSFont" size=… name=… metaFont=…>` of attributed text.
    static func attributedFont(_ font: IBNode) -> UIFontSpec {
        let size: Double
        if let written = font["size"] {
            guard let valid = UISourceNumbers.fontSize(Double(written)) else {
                return .unknown(reason: "size \"\(quotedInput(written))\" of an attributed text's font is not a font size")
            }
            size = valid
        } else {
            size = 17
        }
        if let name = font["name"] { return .font(face: .named(name), size: .fixed(size)) }
        switch font["metaFont"] ?? "system" {
        case "systemBold", "boldSystem": return .font(face: .system(.bold), size: .fixed(size))
        default: return .font(face: .system(.regular), size: .fixed(size))
        }
    }

    static func points(_ size: UIFontSize) -> Double? {
        switch size {
        case .fixed(let p), .relative(let p, _): return p
        case .textStyle(let style): return style.metrics(at: .large).pointSize
        }
    }

    static func lineBreak(_ mode: String?) -> UILineBreak? {
        switch mode {
        case "wordWrap": .wordWrap
        case "characterWrap": .charWrap
        case "clip": .clip
        case "headTruncation": .truncateHead
        case "middleTruncation": .truncateMiddle
        case "tailTruncation": .truncateTail
        default: nil
        }
    }
}
