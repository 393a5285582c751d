import SwiftParser
import SwiftSyntax

// The reader's first pass: across every file, the static properties a view may name in place of a
// string or a font (`static let title = NSLocalizedString(…)`, `static let appBody: Font = .body`,
// SwiftGen's `static var title: String { L10n.tr("Localizable", "settings.title") }`). Views are
// read in the second pass with these in hand, whichever file declares them.

/// A static property (or SwiftGen accessor function) read in the first pass.
struct DeclaredProperty: Sendable, Hashable {
    enum Value: Sendable, Hashable {
        /// A SwiftGen accessor: `tr("Table", "key", …)`, with the development text of its doc comment.
        case swiftGen(table: String, key: String, developmentText: String?)
        /// Any other value: its expression's source, parsed again when a view names the property.
        case expression(String)
    }

    /// The enclosing types, outermost first (`extension Font` → ["Font"]).
    var scope: [String]
    var name: String
    var value: Value
    /// The declared type as written (`Font`, `String`), when there is one.
    var typeName: String?
    var file: String
}

/// Every static property of the app, found by name.
struct DeclarationIndex: Sendable {
    private var byName: [String: [DeclaredProperty]] = [:]

    init(_ properties: [DeclaredProperty]) {
        for property in properties { byName[property.name, default: []].append(property) }
        for name in byName.keys { byName[name]!.sort { ($0.file, $0.scope.joined(separator: ".")) < ($1.file, $1.scope.joined(separator: ".")) } }
    }

    var count: Int { byName.values.reduce(0) { $0 + $1.count } }

    /// The property `name` refers to, seen from code inside `scope`: a qualified name matches the
    /// declarations whose enclosing types end with its qualifier (`Constants.title`,
    /// `DesignSystem.Font.body`); `Self.x` and a bare `x` look in the enclosing types, innermost first;
    /// an implicit member (`.appBody`) matches declarations in `implicitTypes` (e.g. `extension Font`).
    /// Several equally good matches: none (the reader says it could not tell).
    func lookup(_ name: WrittenName, scope: [String], implicitTypes: Set<String>) -> DeclaredProperty? {
        var components = name.components
        if components.first == "Self" { components = scope + components.dropFirst() }
        guard let last = components.last, let candidates = byName[last] else { return nil }
        if name.implicit {
            return unique(candidates.filter { $0.scope.last.map(implicitTypes.contains) ?? false })
        }
        if components.count > 1 {
            let qualifier = Array(components.dropLast())
            let matching = candidates.filter { $0.scope.count >= qualifier.count && Array($0.scope.suffix(qualifier.count)) == qualifier }
            if let exact = unique(matching.filter { $0.scope == qualifier }) { return exact }
            return unique(matching)
        }
        // A bare name: the innermost enclosing type that declares it, then globals.
        for depth in stride(from: scope.count, through: 0, by: -1) {
            let enclosing = Array(scope.prefix(depth))
            if let found = unique(candidates.filter { $0.scope == enclosing }) { return found }
        }
        return nil
    }

    private func unique(_ matches: [DeclaredProperty]) -> DeclaredProperty? {
        guard let first = matches.first else { return nil }
        return matches.dropFirst().allSatisfy({ $0.value == first.value }) ? first : nil
    }
}

/// Collects the static properties of one file.
final class DeclarationCollector: SyntaxVisitor {
    private let file: String
    private var scope: [String] = []
    private(set) var properties: [DeclaredProperty] = []
    /// Expressions longer than this are not kept (generated tables, not a constant a view names).
    static let longestExpression = 2_000

    init(file: String) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        var components = TypeNames.components(of: node.extendedType)
        if components.isEmpty { components = [node.extendedType.trimmedDescription] }
        scope.append(contentsOf: components)
        extensionDepths.append(components.count)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(extensionDepths.removeLast())
    }

    private var extensionDepths: [Int] = []

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        scope.append(name)
        return .visitChildren
    }

    // Bodies hold no static declarations a view names.
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
              let body = node.body, let expression = Self.singleExpression(body.statements),
              let entry = Self.swiftGenCall(expression) else { return .skipChildren }
        properties.append(DeclaredProperty(scope: scope, name: node.name.text,
                                           value: .swiftGen(table: entry.table, key: entry.key,
                                                            developmentText: Self.documentation(node.leadingTrivia)),
                                           typeName: nil, file: file))
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        guard isStatic || scope.isEmpty, node.bindings.count == 1, let binding = node.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .skipChildren }
        var expression: ExprSyntax?
        if let value = binding.initializer?.value {
            expression = value
        } else if let accessors = binding.accessorBlock?.accessors {
            switch accessors {
            case let .getter(statements): expression = Self.singleExpression(statements)
            case let .accessors(list):
                if let getter = list.first(where: { $0.accessorSpecifier.text == "get" }), let body = getter.body {
                    expression = Self.singleExpression(body.statements)
                }
            }
        }
        guard let expression else { return .skipChildren }
        let typeName = binding.typeAnnotation?.type.trimmedDescription
        if let entry = Self.swiftGenCall(expression) {
            properties.append(DeclaredProperty(scope: scope, name: name,
                                               value: .swiftGen(table: entry.table, key: entry.key,
                                                                developmentText: Self.documentation(node.leadingTrivia)),
                                               typeName: typeName, file: file))
        } else {
            let text = expression.trimmedDescription
            if text.utf8.count <= Self.longestExpression {
                properties.append(DeclaredProperty(scope: scope, name: name, value: .expression(text),
                                                   typeName: typeName, file: file))
            }
        }
        return .skipChildren
    }

    /// The one expression of a body (`x` or `return x`), nil when it has other statements.
    static func singleExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ReturnStmtSyntax.self) { return statement.expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return nil
    }

    /// SwiftGen's lookup call: `tr("Table", "key", …)` or `L10n.tr(…)`.
    static func swiftGenCall(_ expression: ExprSyntax) -> (table: String, key: String)? {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
              call.calledExpression.writtenName?.last == "tr", call.arguments.count >= 2 else { return nil }
        let arguments = Array(call.arguments)
        guard arguments[0].label == nil, arguments[1].label == nil,
              let table = arguments[0].expression.plainString, let key = arguments[1].expression.plainString else { return nil }
        return (table, key)
    }

    /// The text of `///` doc comments (SwiftGen writes the development-language text there).
    static func documentation(_ trivia: Trivia) -> String? {
        var lines: [String] = []
        for piece in trivia {
            if case let .docLineComment(text) = piece {
                var line = Substring(text.dropFirst(3))
                if line.first == " " { line = line.dropFirst() }
                lines.append(String(line))
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}

/// Type names as components, with module qualifiers dropped: `SwiftUI.Font` → ["Font"].
enum TypeNames {
    static func components(of type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let member = type.as(MemberTypeSyntax.self) {
            var base = components(of: member.baseType)
            if base.count == 1, moduleQualifiers.contains(base[0]) { base = [] }
            return base + [member.name.text]
        }
        return []
    }
}
