import SwiftSyntax

/// A type whose members build views: a `View`'s `body`, a `ViewModifier`'s `body(content:)`, and
/// every property or function returning `some View` (or marked `@ViewBuilder`).
struct ViewType {
    var name: [String]
    var node: Syntax
    /// View-building members by name, in declaration order; `body` first when there is one.
    var members: [(name: String, statements: CodeBlockItemListSyntax)]
}

enum ViewTypes {
    /// Types skipped: previews are not part of the app.
    static let previewProtocols: Set<String> = ["PreviewProvider"]

    /// The view types of a file, through nested types and the active `#if` clauses. `#Preview`
    /// macros and `PreviewProvider` types are left out.
    static func find(in tree: SourceFileSyntax) -> [ViewType] {
        var found: [ViewType] = []
        collect(statements: tree.statements, scope: [], into: &found)
        return found
    }

    private static func collect(statements: CodeBlockItemListSyntax, scope: [String], into found: inout [ViewType]) {
        for statement in statements {
            if case let .decl(declaration) = statement.item { collect(declaration: declaration, scope: scope, into: &found) }
        }
    }

    private static func collect(declaration: DeclSyntax, scope: [String], into found: inout [ViewType]) {
        if let config = declaration.as(IfConfigDeclSyntax.self) {
            switch BuildCondition.activeClause(config.clauses)?.elements {
            case let .statements(statements)?: collect(statements: statements, scope: scope, into: &found)
            case let .decls(members)?: for member in members { collect(declaration: member.decl, scope: scope, into: &found) }
            default: break
            }
            return
        }
        let name: [String]
        let memberBlock: MemberBlockSyntax
        let inheritance: InheritanceClauseSyntax?
        if let type = declaration.as(StructDeclSyntax.self) {
            (name, memberBlock, inheritance) = (scope + [type.name.text], type.memberBlock, type.inheritanceClause)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            (name, memberBlock, inheritance) = (scope + [type.name.text], type.memberBlock, type.inheritanceClause)
        } else if let type = declaration.as(EnumDeclSyntax.self) {
            (name, memberBlock, inheritance) = (scope + [type.name.text], type.memberBlock, type.inheritanceClause)
        } else if let type = declaration.as(ExtensionDeclSyntax.self) {
            let components = TypeNames.components(of: type.extendedType)
            (name, memberBlock, inheritance) = (components.isEmpty ? [type.extendedType.trimmedDescription] : components,
                                                type.memberBlock, type.inheritanceClause)
        } else {
            return
        }
        if let inheritance, inheritance.inheritedTypes.contains(where: { previewProtocols.contains($0.type.trimmedDescription) }) {
            return
        }
        var members: [(String, CodeBlockItemListSyntax)] = []
        collect(members: memberBlock.members, into: &members, nested: name, found: &found)
        if !members.isEmpty {
            members.sort { ($0.0 == "body" ? 0 : 1) < ($1.0 == "body" ? 0 : 1) }
            found.append(ViewType(name: name, node: Syntax(declaration), members: members))
        }
    }

    private static func collect(members list: MemberBlockItemListSyntax, into members: inout [(String, CodeBlockItemListSyntax)],
                                nested scope: [String], found: inout [ViewType]) {
        for item in list {
            let declaration = item.decl
            if let config = declaration.as(IfConfigDeclSyntax.self) {
                if case let .decls(inner)? = BuildCondition.activeClause(config.clauses)?.elements {
                    collect(members: inner, into: &members, nested: scope, found: &found)
                }
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                guard builds(attributes: variable.attributes) || variable.bindings.contains(where: { $0.typeAnnotation.map { returnsView($0.type) } ?? false }),
                      let binding = variable.bindings.first,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let accessors = binding.accessorBlock?.accessors else { continue }
                switch accessors {
                case let .getter(statements): members.append((name, statements))
                case let .accessors(list):
                    if let body = list.first(where: { $0.accessorSpecifier.text == "get" })?.body { members.append((name, body.statements)) }
                }
            } else if let function = declaration.as(FunctionDeclSyntax.self) {
                guard let body = function.body,
                      builds(attributes: function.attributes) || function.signature.returnClause.map({ returnsView($0.type) }) ?? false
                else { continue }
                members.append((function.name.text, body.statements))
            } else {
                collect(declaration: declaration, scope: scope, into: &found)
            }
        }
    }

    /// The stored properties without a value of a type declaration, with their declared type as
    /// written (`let title: LocalizedStringKey` → title: "LocalizedStringKey"): what the code that
    /// creates the view passes.
    static func parameters(of node: Syntax) -> [String: String] {
        let block = node.as(StructDeclSyntax.self)?.memberBlock ?? node.as(ClassDeclSyntax.self)?.memberBlock
        var found: [String: String] = [:]
        for item in block?.members ?? [] {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { continue }
            for binding in variable.bindings where binding.initializer == nil && binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unescapedName else { continue }
                found[name] = binding.typeAnnotation?.type.trimmedDescription ?? ""
            }
        }
        return found
    }

    /// The protocols and classes a type declaration names after its colon (`struct AppCommands: Commands`).
    static func conformances(of node: Syntax) -> [String] {
        let clause = node.as(StructDeclSyntax.self)?.inheritanceClause ?? node.as(ClassDeclSyntax.self)?.inheritanceClause
            ?? node.as(EnumDeclSyntax.self)?.inheritanceClause ?? node.as(ExtensionDeclSyntax.self)?.inheritanceClause
        return clause?.inheritedTypes.map { TypeNames.components(of: $0.type).last ?? "" } ?? []
    }

    private static func builds(attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "ViewBuilder" }
    }

    /// `some View`, `any View`, `AnyView`, `some ToolbarContent`.
    private static func returnsView(_ type: TypeSyntax) -> Bool {
        if let opaque = type.as(SomeOrAnyTypeSyntax.self) {
            let constraint = TypeNames.components(of: opaque.constraint).last ?? ""
            return ["View", "ToolbarContent", "Commands"].contains(constraint)
        }
        // `var title: Text { … }`: a Text built apart and placed in a body.
        return ["AnyView", "Text"].contains(TypeNames.components(of: type).last ?? "")
    }
}
