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
    static func load(_ url: URL, path: String, sizeLimit: Int? = nil,
                     boundary: RepositoryBoundary? = nil) -> (file: SourceFile?, warning: UIReadWarning?) {
        if let escape = boundary?.escape(url.path) {
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1), message: escape.description))
        }
        if let sizeLimit, let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > sizeLimit {
            let megabytes = String(format: "%.1f", Double(size) / 1_000_000)
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1),
                                       message: "\(megabytes) MB, larger than \(sizeLimit / 1_000_000) MB: generated code, not read for views or constants"))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1),
                                       message: "cannot read the file: \((error as NSError).localizedDescription)"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return (nil, UIReadWarning(position: UISourcePosition(file: path, line: 1),
                                       message: "not UTF-8 text; file skipped"))
        }
        let tree = Parser.parse(source: text)
        let file = SourceFile(path: path, tree: tree, converter: SourceLocationConverter(fileName: path, tree: tree))
        guard tree.hasError else { return (file, nil) }
        let finder = FirstErrorFinder(viewMode: .all)
        finder.walk(tree)
        let where_ = finder.found.map { file.position(of: $0) } ?? UISourcePosition(file: path, line: 1)
        return (file, UIReadWarning(position: where_,
                                    message: "Swift that does not parse here; the rest of the file was read"))
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
