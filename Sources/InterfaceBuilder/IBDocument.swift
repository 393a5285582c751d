import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML element of a storyboard or XIB, with its line and column in the file.
final class IBNode {
    let name: String
    let attributes: [String: String]
    var children: [IBNode] = []
    /// The element this one is written in (nil for the document element).
    unowned(unsafe) var parent: IBNode?
    let line: Int
    let column: Int

    init(name: String, attributes: [String: String], parent: IBNode?, line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
        self.line = line
        self.column = column
    }

    subscript(_ key: String) -> String? { attributes[key] }

    /// The first child named `name` (and with `key="…"` when given).
    func child(_ name: String, key: String? = nil) -> IBNode? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// Every descendant, depth first in document order.
    func forEachDescendant(_ body: (IBNode) -> Void) {
        for child in children {
            body(child)
            child.forEachDescendant(body)
        }
    }

    /// The nearest ancestor that satisfies `test`.
    func ancestor(where test: (IBNode) -> Bool) -> IBNode? {
        var node = parent
        while let current = node {
            if test(current) { return current }
            node = current.parent
        }
        return nil
    }

    func double(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
    func bool(_ key: String) -> Bool { attributes[key] == "YES" }
}

/// A storyboard or XIB parsed into `IBNode`s; a parse error keeps what was read before it.
struct IBDocument {
    var root: IBNode?
    /// `line:column: problem` of the first XML error, when the file is not well-formed.
    var error: (line: Int, column: Int, message: String)?

    static func parse(_ data: Data) -> IBDocument {
        let builder = Builder(data: data)
        let parser = XMLParser(data: data)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        var document = IBDocument(root: builder.root)
        if !ok || builder.root == nil {
            let line = max(1, parser.lineNumber), column = max(1, parser.columnNumber)
            let message: String
            if let error = parser.parserError {
                let words = (error as NSError).localizedDescription
                message = "malformed XML (\(words.isEmpty ? "parse error" : words)); elements before this point were read"
            } else {
                message = "malformed XML; elements before this point were read"
            }
            document.error = (line, column, message)
        } else if !builder.stack.isEmpty {
            document.error = (max(1, parser.lineNumber), 1, "truncated XML: <\(builder.stack.last!.name)> is not closed")
        }
        return document
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: IBNode?
        var stack: [IBNode] = []
        /// Byte offset of each line's start, for columns of start tags.
        let lines: [Int]
        let bytes: [UInt8]

        init(data: Data) {
            bytes = [UInt8](data)
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
            lines = starts
        }

        /// The 1-based column of `<name` on `line` (the start tag's first character), else 1.
        func column(of name: String, line: Int) -> Int {
            guard line >= 1, line <= lines.count else { return 1 }
            let start = lines[line - 1], end = line < lines.count ? lines[line] : bytes.count
            let needle = Array(("<" + name).utf8)
            var i = start
            while i + needle.count <= end {
                if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return i - start + 1 }
                i += 1
            }
            return 1
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let line = parser.lineNumber
            let node = IBNode(name: elementName, attributes: attributeDict, parent: stack.last, line: line,
                              column: column(of: elementName, line: line))
            if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if !stack.isEmpty { stack.removeLast() }
        }

        /// Character data of `<string key="text">…</string>` elements (text written as content).
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let top = stack.last, top.name == "string" || top.name == "mutableString" else { return }
            top.children.append(IBNode(name: "#text", attributes: ["value": string], parent: top, line: top.line, column: top.column))
        }
    }
}
