import AppUI
import Foundation

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

    /// Released without recursion: a node's children are taken off one by one, so a tree nested
    /// thousands deep does not release itself through a chain of nested deinits.
    deinit {
        guard !children.isEmpty else { return }
        var pending = children
        children = []
        while var node = pending.popLast() {
            if isKnownUniquelyReferenced(&node) {
                pending.append(contentsOf: node.children)
                node.children = []
            }
        }
    }

    /// Every descendant, depth first in document order (with an explicit stack: the depth of a
    /// document is its author's).
    func forEachDescendant(_ body: (IBNode) -> Void) {
        var pending: [IBNode] = children.reversed()
        while let node = pending.popLast() {
            body(node)
            pending.append(contentsOf: node.children.reversed())
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

    /// A number attribute, when finite and within `UISourceNumbers.largest` (else as if absent).
    func double(_ key: String) -> Double? { UISourceNumbers.length(attributes[key].flatMap(Double.init)) }
    func bool(_ key: String) -> Bool { attributes[key] == "YES" }
}

/// A storyboard or XIB parsed into `IBNode`s; a parse error keeps what was read before it.
struct IBDocument {
    var root: IBNode?
    /// `line:column: problem` of the first XML error, when the file is not well-formed.
    var error: (line: Int, column: Int, message: String)?

    static func parse(_ data: Data) -> IBDocument {
        var scanner = IBXMLScanner(bytes: [UInt8](data))
        scanner.run()
        return IBDocument(root: scanner.root, error: scanner.error)
    }
}
