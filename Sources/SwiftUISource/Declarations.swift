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
        /// An enum case with a string raw value (`case title = "settings.title"`, or its name).
        case rawValue(String)
    }

    /// The enclosing types, outermost first (`extension Font` → ["Font"]).
    var scope: [String]
    var name: String
    var value: Value
    /// The declared type as written (`Font`, `String`), when there is one.
    var typeName: String?
    var file: String
}

/// An instance member of a type whose one expression reads the value itself (`self`, `rawValue`):
/// `var localized: String { NSLocalizedString(self, comment: "") }` in `extension String`, or in an
/// enum of string raw values. A view naming `"key".localized` or `Strings.title.localized` gets the
/// expression with the key in place of `self`.
struct DeclaredMember: Sendable, Hashable {
    var scope: [String]
    var name: String
    var expression: String
    var file: String
}

/// Every static property of the app, found by name; the instance members that localize their
/// value; each type's stored instance properties without a value (the arguments of its initializer).
struct DeclarationIndex: Sendable {
    private var byName: [String: [DeclaredProperty]] = [:]
    private var membersByName: [String: [DeclaredMember]] = [:]
    private var parameters: [[String]: Set<String>] = [:]
    /// The strings files' keys by their letters and digits, lower-cased (`settings.title` and
    /// R.swift's `settingsTitle` are both `settingstitle`); a form two keys share is left out.
    private var keysByLetters: [String: String] = [:]

    init(_ properties: [DeclaredProperty], members: [DeclaredMember] = [], parameters: [[String]: Set<String>] = [:],
         stringKeys: [String] = []) {
        var ambiguous: Set<String> = []
        for key in stringKeys {
            let letters = Self.letters(key)
            guard !letters.isEmpty, !ambiguous.contains(letters) else { continue }
            if let other = keysByLetters[letters], other != key {
                keysByLetters[letters] = nil
                ambiguous.insert(letters)
            } else {
                keysByLetters[letters] = key
            }
        }
        for property in properties { byName[property.name, default: []].append(property) }
        for name in byName.keys { byName[name]!.sort { ($0.file, $0.scope.joined(separator: ".")) < ($1.file, $1.scope.joined(separator: ".")) } }
        for member in members { membersByName[member.name, default: []].append(member) }
        for name in membersByName.keys {
            membersByName[name]!.sort { ($0.file, $0.scope.joined(separator: ".")) < ($1.file, $1.scope.joined(separator: ".")) }
        }
        self.parameters = parameters
    }

    var count: Int { byName.values.reduce(0) { $0 + $1.count } + membersByName.values.reduce(0) { $0 + $1.count } }

    /// The instance member `name` of a type whose last name is one of `types` (`String`, an enum):
    /// nil when none, or when several disagree.
    func member(_ name: String, of types: Set<String>) -> DeclaredMember? {
        let matches = (membersByName[name] ?? []).filter { $0.scope.last.map(types.contains) ?? false }
        guard let first = matches.first else { return nil }
        return matches.dropFirst().allSatisfy({ $0.expression == first.expression }) ? first : nil
    }

    /// The key an accessor named after it stands for (R.swift's `R.string.localizable.settingsTitle`):
    /// the one key whose letters and digits, lower-cased, are the name's; nil when none or several.
    func key(named identifier: String) -> String? { keysByLetters[Self.letters(identifier)] }

    static func letters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })).lowercased()
    }

    /// True when `name` is a stored instance property without a value of the type `scope` (or of an
    /// enclosing type): the code that creates the value passes it.
    func isParameter(_ name: String, of scope: [String]) -> Bool {
        stride(from: scope.count, through: 1, by: -1).contains { parameters[Array(scope.prefix($0))]?.contains(name) ?? false }
    }

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
    private(set) var members: [DeclaredMember] = []
    private(set) var parameters: [[String]: Set<String>] = [:]
    /// The classes the file declares or extends (the owners of outlets whose code may be here).
    private(set) var classes: Set<String> = []
    /// For each enclosing type: whether it is an enum with string raw values.
    private var stringEnums: [Bool] = []
    /// Expressions longer than this are not kept (generated tables, not a constant a view names).
    static let longestExpression = 2_000

    init(file: String) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.insert(node.name.text)
        return enter(node.name.text)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let raw = node.inheritanceClause?.inheritedTypes.first.map { TypeNames.components(of: $0.type) == ["String"] } ?? false
        return enter(node.name.text, stringEnum: raw)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }

    /// `case title = "settings.title", done`: each case's raw value (its name when none is written).
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard stringEnums.last == true else { return .skipChildren }
        for element in node.elements {
            let name = element.name.unescapedName
            let raw = element.rawValue.map { $0.value.plainString } ?? name
            guard let raw else { continue }
            properties.append(DeclaredProperty(scope: scope, name: name, value: .rawValue(raw), typeName: nil, file: file))
        }
        return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        var components = TypeNames.components(of: node.extendedType)
        if components.isEmpty { components = [node.extendedType.trimmedDescription] }
        if let last = components.last { classes.insert(last) }
        scope.append(contentsOf: components)
        extensionDepths.append(components.count)
        stringEnums.append(false)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(extensionDepths.removeLast())
        stringEnums.removeLast()
    }

    private var extensionDepths: [Int] = []

    private func enter(_ name: String, stringEnum: Bool = false) -> SyntaxVisitorContinueKind {
        scope.append(name)
        stringEnums.append(stringEnum)
        return .visitChildren
    }

    private func leave() {
        scope.removeLast()
        stringEnums.removeLast()
    }

    /// The types a localizing accessor returns.
    static let stringTypes: Set<String> = ["String", "LocalizedStringKey", "LocalizedStringResource"]

    /// Keeps an instance member whose one expression reads `self` or `rawValue` (a localizing accessor).
    private func keepMember(_ name: String, _ expression: ExprSyntax, type: TypeSyntax?) {
        let text = expression.trimmedDescription
        guard !scope.isEmpty, let type, Self.stringTypes.contains(TypeNames.components(of: type).last ?? ""),
              text.utf8.count <= Self.longestExpression,
              expression.tokens(viewMode: .sourceAccurate).contains(where: { ["self", "rawValue"].contains($0.text) })
        else { return }
        members.append(DeclaredMember(scope: scope, name: name, expression: text, file: file))
    }

    // Bodies hold no static declarations a view names.
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body, let expression = Self.singleExpression(body.statements) else { return .skipChildren }
        guard node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else {
            keepMember(node.name.unescapedName, expression, type: node.signature.returnClause?.type)
            return .skipChildren
        }
        guard let entry = Self.swiftGenCall(expression) else { return .skipChildren }
        properties.append(DeclaredProperty(scope: scope, name: node.name.unescapedName,
                                           value: .swiftGen(table: entry.table, key: entry.key,
                                                            developmentText: Self.documentation(node.leadingTrivia)),
                                           typeName: nil, file: file))
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        if !isStatic, !scope.isEmpty {
            instanceProperty(node)
            return .skipChildren
        }
        guard node.bindings.count == 1, let binding = node.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unescapedName else { return .skipChildren }
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

    /// An instance property: a stored one without a value is an argument of the type's initializer;
    /// a computed one reading `self` may be a localizing accessor.
    private func instanceProperty(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unescapedName else { continue }
            if let accessors = binding.accessorBlock?.accessors {
                var statements: CodeBlockItemListSyntax?
                switch accessors {
                case let .getter(list): statements = list
                case let .accessors(list): statements = list.first(where: { $0.accessorSpecifier.text == "get" })?.body?.statements
                }
                if let statements, let expression = Self.singleExpression(statements) {
                    keepMember(name, expression, type: binding.typeAnnotation?.type)
                }
            } else if binding.initializer == nil {
                parameters[scope, default: []].insert(name)
            }
        }
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
