import AppUI
import Foundation
import SwiftParser
import SwiftSyntax
import TypeFitSupport

/// One Swift file read and parsed: its tree, its path relative to the app's root, and the
/// converter from syntax positions to lines.
struct SourceFile {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    /// Where `node` starts (after its leading trivia).
    func position(of node: some SyntaxProtocol) -> UISourcePosition {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return UISourcePosition(file: path, line: location.line, column: location.column)
    }

    /// Reads and parses `url`; a file that cannot be read or is not UTF-8 gives a one-line warning and
    /// no tree. A file that does not parse is kept (swift-syntax recovers) with a warning at its first
    /// error, so what could be read is still read.
    ///
    /// A file larger than `sizeLimit` bytes is not read: a view file that large is generated code,
    /// and parsing it would cost more than the rest of the app.
    /// A file that resolves outside `boundary` (a link out of the repository) is not read.
    static func load(_ url: URL, path: String, sizeLimit: Int,
                     boundary: RepositoryBoundary? = nil) -> (file: SourceFile?, warning: UIReadWarning?) {
        if let escape = boundary?.escape(url.path) {
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1), message: escape.description))
        }
        let data: Data
        do {
            data = try BoundedRead.data(atPath: url.path, limit: sizeLimit)
        } catch .tooLarge {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int ?? sizeLimit
            let megabytes = String(format: "%.1f", Double(size) / 1_000_000)
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1),
                                       message: "\(megabytes) MB, larger than \(sizeLimit / 1_000_000) MB: generated code, not read for views or constants"))
        } catch {
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1), message: "\(error); file skipped"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1),
                                       message: "not UTF-8 text; file skipped"))
        }
        // swift-syntax's parser recurses once per nested `#if` (with no bound of its own), its
        // visitors once per level of the tree: both depths are checked before they are followed.
        if let deep = deepestIfConfig(data, limit: deepestIfConfig) {
            let at = TextPosition(byteOffset: deep, in: data)
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: at.line, column: at.column),
                                       message: "#if nested deeper than \(deepestIfConfig) levels here; file skipped"))
        }
        if let deep = deepestInterpolation(data, limit: deepestInterpolation) {
            let at = TextPosition(byteOffset: deep, in: data)
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: at.line, column: at.column),
                                       message: "string interpolations nested deeper than \(deepestInterpolation) levels here; file skipped"))
        }
        let tree = Parser.parse(source: text)
        if let deep = deepestNode(tree, limit: deepestTree) {
            // `position`, not `positionAfterSkippingLeadingTrivia`, which looks for the first token
            // down the deep tree recursively; the blanks before the node are skipped here.
            var offset = deep.position.utf8Offset
            while offset < data.count, [0x20, 0x09, 0x0A, 0x0D].contains(data[data.startIndex + offset]) { offset += 1 }
            let at = TextPosition(byteOffset: offset, in: data)
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: at.line, column: at.column),
                                       message: "Swift nested deeper than \(deepestTree) syntax levels here (a chain of modifiers "
                                           + "or expressions written inside each other); file skipped"))
        }
        let file = SourceFile(path: path, tree: tree, converter: SourceLocationConverter(fileName: path, tree: tree))
        guard tree.hasError else { return (file, nil) }
        let finder = FirstErrorFinder(viewMode: .all)
        finder.walk(tree)
        let where_ = finder.found.map { file.position(of: $0) } ?? UISourcePosition(file: path, line: 1)
        return (file, UIReadWarning(position: where_,
                                    message: "Swift that does not parse here; the rest of the file was read"))
    }
}

extension SourceFile {
    /// The deepest syntax tree read. swift-syntax's visitors (and the reader's walks) recurse
    /// through the tree, so its depth must not come from the file: a chain of 100,000 modifiers is a
    /// tree 200,000 levels deep. The parser itself stops at 256 nested brackets; a real view's body
    /// is a few hundred levels deep at most, and a debug build's visitors have been run 2,000 deep
    /// on a worker thread (HostileSwiftUITests).
    static let deepestTree = 2_000

    /// The deepest `#if` nesting read (real code nests two or three).
    static let deepestIfConfig = 64

    /// The byte offset of the first `#if` nested deeper than `limit`, counting the lines that start
    /// with `#if` and `#endif` (a count on the text: a `#if` line inside a multi-line string
    /// counts too, which only matters past the limit), nil when there is none.
    static func deepestIfConfig(_ data: Data, limit: Int) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var depth = 0
            var i = 0
            let n = bytes.count
            while i < n {
                // The first non-blank byte of the line.
                while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
                let start = i
                if i + 2 < n, bytes[i] == 0x23 {  // #
                    if bytes[i + 1] == 0x69, bytes[i + 2] == 0x66, i + 3 == n || !isIdentifierByte(bytes[i + 3]) {  // #if
                        depth += 1
                        if depth > limit { return start }
                    } else if i + 5 < n, bytes[i + 1] == 0x65, bytes[i + 2] == 0x6E, bytes[i + 3] == 0x64, bytes[i + 4] == 0x69,
                              bytes[i + 5] == 0x66, i + 6 == n || !isIdentifierByte(bytes[i + 6]) {  // #endif
                        depth = max(0, depth - 1)
                    }
                }
                while i < n, bytes[i] != 0x0A { i += 1 }
                i += 1
            }
            return nil
        }
    }

    /// The deepest string interpolation read (`"a\\("b\\(c)")"` is 2): swift-syntax's parser takes
    /// memory growing with the square of the depth (5,000 levels: 1.2 GB for a 40 KB file).
    static let deepestInterpolation = 32

    /// The byte offset of the first `\\(` nested deeper than `limit` interpolations, nil when there
    /// is none. A small lexer: string literals (`"…"`, `"""…"""`, raw `#"…"#`), the code inside
    /// their interpolations with its parentheses, and comments.
    static func deepestInterpolation(_ data: Data, limit: Int) -> Int? {
        enum Context { case code(parentheses: Int), string(multiline: Bool, hashes: Int) }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let b = raw.bindMemory(to: UInt8.self)
            let n = b.count
            var stack: [Context] = [.code(parentheses: 0)]
            var depth = 0
            var i = 0
            func at(_ k: Int) -> UInt8 { k < n ? b[k] : 0 }
            while i < n {
                switch stack[stack.count - 1] {
                case .code(let parentheses):
                    let c = b[i]
                    if c == 0x2F, at(i + 1) == 0x2F {  // line comment
                        while i < n, b[i] != 0x0A { i += 1 }
                    } else if c == 0x2F, at(i + 1) == 0x2A {  // block comment
                        i += 2
                        while i < n, !(b[i] == 0x2A && at(i + 1) == 0x2F) { i += 1 }
                        i += 2
                    } else if c == 0x23 || c == 0x22 {  // #…" or "
                        var hashes = 0
                        while at(i + hashes) == 0x23 { hashes += 1 }
                        guard at(i + hashes) == 0x22 else { i += max(1, hashes); continue }
                        i += hashes
                        let multiline = at(i + 1) == 0x22 && at(i + 2) == 0x22
                        i += multiline ? 3 : 1
                        stack.append(.string(multiline: multiline, hashes: hashes))
                    } else if c == 0x28 {
                        stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                        i += 1
                    } else if c == 0x29 {
                        if parentheses == 0, stack.count > 1 {
                            stack.removeLast()  // the end of an interpolation
                            depth -= 1
                        } else {
                            stack[stack.count - 1] = .code(parentheses: max(0, parentheses - 1))
                        }
                        i += 1
                    } else {
                        i += 1
                    }
                case .string(let multiline, let hashes):
                    let c = b[i]
                    if c == 0x5C {  // \ then the string's #s: an escape or an interpolation
                        var k = 1
                        while k <= hashes, at(i + k) == 0x23 { k += 1 }
                        if k == hashes + 1, at(i + k) == 0x28 {
                            depth += 1
                            if depth > limit { return i }
                            stack.append(.code(parentheses: 0))
                            i += k + 1
                        } else {
                            i += k + 1
                        }
                    } else if c == 0x22, !multiline || (at(i + 1) == 0x22 && at(i + 2) == 0x22) {
                        let quotes = multiline ? 3 : 1
                        var k = 0
                        while k < hashes, at(i + quotes + k) == 0x23 { k += 1 }
                        if k == hashes { stack.removeLast() }
                        i += quotes + k
                    } else if c == 0x0A, !multiline {
                        stack.removeLast()  // an unclosed literal ends at the line's end
                        i += 1
                    } else {
                        i += 1
                    }
                }
            }
            return nil
        }
    }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
    }

    /// The first node deeper than `limit` levels in source order (walked with an explicit stack),
    /// nil when there is none.
    static func deepestNode(_ tree: SourceFileSyntax, limit: Int) -> Syntax? {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .all).reversed() where !child.is(TokenSyntax.self) {
                pending.append((child, depth + 1))
            }
        }
        return nil
    }
}

/// Finds the first place swift-syntax could not parse: an unexpected node or a missing token.
private final class FirstErrorFinder: SyntaxAnyVisitor {
    var found: Syntax?

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, token.presence == .missing { found = Syntax(token) }
        return .skipChildren
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        found == nil ? .visitChildren : .skipChildren
    }
}
