import AppUI
import Foundation
import SwiftParser
import SwiftSyntax
import TypeFitSupport

/// What a table view controller's `tableView(_:cellForRowAt:)` does with its storyboard's static
/// cells (docs/layout.md, "Static cells replaced in code"). A static table shows the cells the
/// storyboard draws only where the override returns `super.tableView(_:cellForRowAt:)`; where it
/// dequeues or creates another cell, the static cell is never on screen.
public struct StaticCellCode: Sendable, Equatable {
    /// Sections whose static cells the override replaces.
    public var replaced: Set<Int>
    /// Whether the sections the override does not name (its `default:` case, or the whole method
    /// when it does not switch on the section) are replaced.
    public var othersReplaced: Bool
    /// The sections the override names (kept or replaced).
    public var named: Set<Int>
    /// Where the override is written.
    public var position: UISourcePosition
    /// `if indexPath.row == N { … } else { … }` (or `.section`): the branch for that one row (in
    /// every section) or section, the other branch deciding the rest.
    public var single: Single?

    public struct Single: Sendable, Hashable {
        /// A row's index (true) or a section's.
        public var row: Bool
        public var index: Int
        /// Whether that row's or section's branch replaces its cells.
        public var replaced: Bool
    }

    public func replaces(section: Int, row: Int) -> Bool {
        if let single, (single.row ? row : section) == single.index { return single.replaced }
        return replaced.contains(section) || (othersReplaced && !named.contains(section))
    }

    /// What each class's override does, from the files that declare the class or an extension of
    /// it (each file read once). A class is missing from the result when no file overrides
    /// `tableView(_:cellForRowAt:)` for it, or when what it does cannot be told (a case that both
    /// asks `super` and makes a cell, a section TypeFit cannot resolve to a number): its static
    /// cells are then laid out as the storyboard draws them.
    public static func read(classNames: Set<String>, files: [URL], root: URL,
                            boundary: RepositoryBoundary? = nil) -> [String: StaticCellCode] {
        let rootPath = root.standardizedFileURL.path
        var found: [String: StaticCellCode] = [:]
        var decided: Set<String> = []
        for url in files where decided.count < classNames.count {
            if boundary?.escape(url.path) != nil { continue }
            guard let data = try? BoundedRead.data(atPath: url.path, limit: 1 << 20),
                  let text = String(data: data, encoding: .utf8), text.contains("cellForRowAt") else { continue }
            let names = classNames.subtracting(decided).filter { text.contains("class \($0)") || text.contains("extension \($0)") }
            guard !names.isEmpty else { continue }
            var path = url.standardizedFileURL.path
            if path.hasPrefix(rootPath + "/") { path = String(path.dropFirst(rootPath.count + 1)) }
            let tree = Parser.parse(source: text)
            let file = SourceFile(path: path, tree: tree, converter: SourceLocationConverter(fileName: path, tree: tree))
            for name in names.sorted() {
                switch read(className: name, in: file) {
                case .noOverride: continue
                case .cannotTell: decided.insert(name)
                case .read(let code): decided.insert(name); found[name] = code
                }
            }
        }
        return found
    }

    enum Reading {
        case noOverride
        case cannotTell
        case read(StaticCellCode)
    }

    /// The override in `file`, when it has one, and what it does.
    static func read(className: String, in file: SourceFile) -> Reading {
        let finder = OverrideFinder(className: className)
        finder.walk(file.tree)
        guard let method = finder.method, let body = method.body else { return .noOverride }
        let enums = IntEnums(finder.enums)
        let position = file.position(of: method.name)
        let helpers = finder.helpers
        // Replaced where it makes another cell and does not ask `super`; kept where it asks `super`
        // or makes no cell (an outlet to a static cell); both: cannot tell.
        func effect(_ node: some SyntaxProtocol) -> Bool? {
            let asksSuper = Self.asksSuper(node)
            let other = Self.makesAnotherCell(node, helpers: helpers)
            if asksSuper && other { return nil }
            return other
        }
        // A switch on the section: each case's effect on the sections it names.
        if let switchStmt = SectionSwitchFinder.first(in: body) {
            var code = StaticCellCode(replaced: [], othersReplaced: false, named: [], position: position)
            for item in switchStmt.cases {
                guard let switchCase = item.as(SwitchCaseSyntax.self), let replaces = effect(switchCase.statements) else {
                    return .cannotTell
                }
                switch switchCase.label {
                case .default:
                    code.othersReplaced = replaces
                case .case(let label):
                    for item in label.caseItems {
                        guard let section = enums.section(item.pattern) else { return .cannotTell }
                        code.named.insert(section)
                        if replaces { code.replaced.insert(section) }
                    }
                }
            }
            return .read(code)
        }
        // `if indexPath.row == 2 { dequeue } else { super }` as the method's one statement.
        if body.statements.count == 1, let ifExpr = Self.ifExpression(body.statements.first!.item),
           let condition = ifExpr.conditions.first?.condition.as(ExprSyntax.self), ifExpr.conditions.count == 1,
           let (row, index) = Self.indexTest(condition), let elseBody = ifExpr.elseBody {
            guard let then = effect(ifExpr.body), let other = effect(elseBody) else { return .cannotTell }
            return .read(StaticCellCode(replaced: [], othersReplaced: other, named: row ? [] : [index], position: position,
                                        single: Single(row: row, index: index, replaced: then)))
        }
        guard let replaces = effect(body) else { return .cannotTell }
        return .read(StaticCellCode(replaced: [], othersReplaced: replaces, named: [], position: position))
    }

    static func ifExpression(_ item: CodeBlockItemSyntax.Item) -> IfExprSyntax? {
        if let stmt = item.as(ExpressionStmtSyntax.self) { return stmt.expression.as(IfExprSyntax.self) }
        return item.as(IfExprSyntax.self)
    }

    /// `indexPath.row == 2` → (true, 2); `indexPath.section == 1` → (false, 1).
    static func indexTest(_ condition: ExprSyntax) -> (row: Bool, index: Int)? {
        guard let infix = condition.as(InfixOperatorExprSyntax.self),
              infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
              let member = infix.leftOperand.as(MemberAccessExprSyntax.self),
              let literal = infix.rightOperand.as(IntegerLiteralExprSyntax.self), let index = Int(literal.literal.text) else {
            // Before operator folding the condition is a sequence: `indexPath.row`, `==`, `2`.
            guard let sequence = condition.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
            let parts = Array(sequence.elements)
            guard parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
                  let member = parts[0].as(MemberAccessExprSyntax.self),
                  let literal = parts[2].as(IntegerLiteralExprSyntax.self), let index = Int(literal.literal.text) else { return nil }
            return side(member).map { ($0, index) }
        }
        return side(member).map { ($0, index) }
    }

    private static func side(_ member: MemberAccessExprSyntax) -> Bool? {
        switch member.declName.baseName.text {
        case "row": true
        case "section": false
        default: nil
        }
    }

    /// `super.tableView(…, cellForRowAt: …)` somewhere in `node`.
    static func asksSuper(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.super) }
    }

    /// A cell other than the storyboard's: `dequeueReusableCell(…)`, `UITableViewCell(…)` or a
    /// cell class's initializer, directly or in a method of the class that does so (`createXCell`).
    static func makesAnotherCell(_ node: some SyntaxProtocol, helpers: Set<String>) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if name == "dequeueReusableCell" || helpers.contains(name) { return true }
            if name.hasSuffix("Cell"), name.first?.isUppercase == true,
               token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen { return true }
        }
        return false
    }
}

/// Finds the class's (or an extension's) `tableView(_:cellForRowAt:)`, its methods that dequeue a
/// cell, and the file's `Int` enums.
private final class OverrideFinder: SyntaxVisitor {
    let className: String
    var method: FunctionDeclSyntax?
    var helpers: Set<String> = []
    var enums: [EnumDeclSyntax] = []
    private var depth = 0

    init(className: String) {
        self.className = className
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == className { collect(node.memberBlock) }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.extendedType.trimmedDescription == className { collect(node.memberBlock) }
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enums.append(node)
        return .visitChildren
    }

    private func collect(_ members: MemberBlockSyntax) {
        for member in members.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
            let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
            if function.name.text == "tableView", labels.count == 2, labels[1] == "cellForRowAt" {
                method = function
            } else if let body = function.body,
                      body.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier("dequeueReusableCell") }) {
                helpers.insert(function.name.text)
            }
        }
    }
}

/// The first `switch` in a body whose subject names the section (`indexPath.section`,
/// `Section(rawValue: indexPath.section)`).
private enum SectionSwitchFinder {
    static func first(in body: CodeBlockSyntax) -> SwitchExprSyntax? {
        final class Finder: SyntaxVisitor {
            var found: SwitchExprSyntax?
            override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.subject.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "section" }) {
                    found = node
                }
                return found == nil ? .visitChildren : .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }
}

/// The raw values of a file's `enum X: Int` cases (implicit ones count up from the last explicit
/// value, as Swift assigns them).
private struct IntEnums {
    var values: [String: [Int]] = [:]

    init(_ enums: [EnumDeclSyntax]) {
        for decl in enums {
            guard let inherited = decl.inheritanceClause?.inheritedTypes,
                  inherited.contains(where: { $0.type.trimmedDescription == "Int" }) else { continue }
            var next = 0
            for member in decl.memberBlock.members {
                guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in cases.elements {
                    if let raw = element.rawValue?.value.as(IntegerLiteralExprSyntax.self), let value = Int(raw.literal.text) {
                        next = value
                    }
                    values[element.name.text, default: []].append(next)
                    next += 1
                }
            }
        }
    }

    /// The section a case pattern names: an integer literal, or an `Int` enum's case (`.accounts`,
    /// `Section.accounts`) when one enum of the file declares that name.
    func section(_ pattern: PatternSyntax) -> Int? {
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) { return Int(literal.literal.text) }
        guard let member = expression.as(MemberAccessExprSyntax.self),
              let found = values[member.declName.baseName.text], found.count == 1 else { return nil }
        return found[0]
    }
}
