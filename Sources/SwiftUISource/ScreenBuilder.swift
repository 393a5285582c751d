import AppUI
import SwiftSyntax

/// One view type's screen as the walker fills it: its title, rows and free elements, the ordinal
/// that names each element, and the members of the type a body may name (`header`, `row(for:)`).
final class ScreenBuilder {
    let name: String
    /// The type's name as components (`Outer.Inner` → ["Outer", "Inner"]).
    let typeName: [String]
    let file: SourceFile
    let position: UISourcePosition
    var navigationTitle: UIElement?
    var rows: [UIRowSource] = []
    var elements: [UIElement] = []
    /// The row being filled (inside a `List` or `Form` row), nil outside rows.
    var openRow: UIRowSource?
    /// The string of each `Text` view read (the parts of `Text(a) + Text(b)` each count).
    var textViews: [SwiftUITextView] = []
    var warnings: [UIReadWarning] = []
    /// View-building members of the type (overloads share a name), and the ones already read.
    let members: [(name: String, statements: CodeBlockItemListSyntax)]
    var readMembers: Set<Int> = []
    private var ordinal = 0

    init(name: String, file: SourceFile, position: UISourcePosition, members: [(name: String, statements: CodeBlockItemListSyntax)]) {
        self.name = name
        self.typeName = name.split(separator: ".").map(String.init)
        self.file = file
        self.position = position
        self.members = members
    }

    /// The members named `name` not read yet, marked read.
    func takeMembers(_ name: String) -> [CodeBlockItemListSyntax] {
        members.indices.filter { members[$0].name == name && readMembers.insert($0).inserted }.map { members[$0].statements }
    }

    func hasMember(_ name: String) -> Bool { members.contains { $0.name == name } }

    /// The next element's id: `ViewType#n`, n counting from 1 in reading order.
    func nextID() -> UIElementID {
        ordinal += 1
        return UIElementID(file: file.path, local: "\(name)#\(ordinal)")
    }

    func add(_ element: UIElement) {
        if openRow != nil { openRow!.elements.append(element) } else { elements.append(element) }
    }

    /// Starts a row at `node`; `finishRow` keeps it when it has elements.
    func startRow(at node: some SyntaxProtocol, height: UIRowHeight) -> UIRowSource? {
        let outer = openRow
        let position = file.position(of: node)
        openRow = UIRowSource(name: "\(name) row at line \(position.line)", position: position, height: height, elements: [])
        return outer
    }

    func finishRow(restoring outer: UIRowSource?) {
        if let row = openRow, !row.elements.isEmpty { rows.append(row) }
        openRow = outer
    }

    var screen: UIScreenSource {
        UIScreenSource(name: name, kind: .swiftUIView, position: position, navigationTitle: navigationTitle,
                       rows: rows, elements: elements)
    }
}
