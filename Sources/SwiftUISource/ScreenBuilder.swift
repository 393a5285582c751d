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
    /// The members of the app's views being read at a call site (innermost last): while one is
    /// read, a name in its body is its member, not this type's.
    private var inlined: [(members: [(name: String, statements: CodeBlockItemListSyntax)], read: Set<Int>)] = []
    /// The view types (by name) read where they are called, to be left out as screens of their own.
    private(set) var inlinedTypes: Set<String> = []
    /// How many elements (and rows) of each id were made: the ordinal of the next one.
    private var made: [String: Int] = [:]

    init(name: String, file: SourceFile, position: UISourcePosition, members: [(name: String, statements: CodeBlockItemListSyntax)]) {
        self.name = name
        self.typeName = name.split(separator: ".").map(String.init)
        self.file = file
        self.position = position
        self.members = members
    }

    /// The members named `name` not read yet, marked read.
    func takeMembers(_ name: String) -> [CodeBlockItemListSyntax] {
        if var top = inlined.popLast() {
            defer { inlined.append(top) }
            return top.members.indices.filter { top.members[$0].name == name && top.read.insert($0).inserted }.map { top.members[$0].statements }
        }
        return members.indices.filter { members[$0].name == name && readMembers.insert($0).inserted }.map { members[$0].statements }
    }

    func hasMember(_ name: String) -> Bool { (inlined.last?.members ?? members).contains { $0.name == name } }

    /// Whether the view type `name` is being read at a call site (a view that contains itself is not
    /// read again).
    func isInlining(_ name: String) -> Bool { inlinedNames.contains(name) }
    private var inlinedNames: [String] = []

    /// Reads `body` as the members of `type` at its call site: `read` walks its body.
    func inlining(_ type: ViewType, read: () -> Void) {
        let name = type.name.joined(separator: ".")
        inlinedTypes.insert(name)
        inlinedNames.append(name)
        inlined.append((type.members, []))
        read()
        inlined.removeLast()
        inlinedNames.removeLast()
    }

    /// An element's id from what the source says, never from where it is: the view type, the kind
    /// and the text (`SettingsView.label(settings.offline)`, `SettingsView.button("Done")`,
    /// `RowView.label(item.name)`; a text field by its placeholder). Only a second element of the
    /// same type, kind and text gets an ordinal (`#2`), so a comment line, a moved view or a new
    /// `Text` elsewhere leaves every other id as it was (docs/ui-sources.md).
    func nextID(kind: UIElementKind, text: UIText, placeholder: UIText? = nil) -> UIElementID {
        let shown = kind == .textField ? placeholder ?? text : text
        return UIElementID(file: file.path, local: unique("\(name).\(kind.rawValue)(\(Self.identity(shown)))"))
    }

    /// `base`, or `base#n` for its n-th use (n ≥ 2).
    private func unique(_ base: String) -> String {
        made[base, default: 0] += 1
        return made[base]! == 1 ? base : "\(base)#\(made[base]!)"
    }

    /// The longest text an id quotes (longer literals are cut, the ordinal keeps ids apart).
    static let identityLength = 40

    /// What names a text in an id: its key (`Table:key` outside `Localizable`), its literal quoted,
    /// or the expression a run-time value comes from.
    static func identity(_ text: UIText) -> String {
        let raw: String
        switch text {
        case let .localized(table, key, _): raw = table == "Localizable" ? key : "\(table):\(key)"
        case let .verbatim(string): raw = "\"\(string)\""
        case let .runtime(reason), let .unresolved(reason):
            // The reasons quote the expression between backticks: `item.name`, a value set at run time.
            let parts = reason.split(separator: "`", omittingEmptySubsequences: false)
            raw = parts.count >= 3 ? String(parts[1]) : reason
        }
        let flat = String(raw.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return flat.count <= identityLength ? flat : String(flat.prefix(identityLength - 1)) + "…"
    }

    func add(_ element: UIElement) {
        if openRow != nil { openRow!.elements.append(element) } else { elements.append(element) }
    }

    /// Starts a row at `node`; `finishRow` keeps it when it has elements.
    func startRow(at node: some SyntaxProtocol, height: UIRowHeight) -> UIRowSource? {
        let outer = openRow
        let position = file.position(of: node)
        openRow = UIRowSource(name: "", position: position, height: height, elements: [])
        return outer
    }

    /// Keeps the open row when it has elements, named after its first element
    /// (`SettingsView row label(settings.offline)`), never after its line.
    func finishRow(restoring outer: UIRowSource?) {
        if var row = openRow, let first = row.elements.first {
            let local = first.id.local
            let element = local.hasPrefix(name + ".") ? String(local.dropFirst(name.count + 1)) : local
            row.name = unique("\(name) row \(element)")
            rows.append(row)
        }
        openRow = outer
    }

    var screen: UIScreenSource {
        UIScreenSource(name: name, kind: .swiftUIView, position: position, navigationTitle: navigationTitle,
                       rows: rows, elements: elements)
    }
}
