import AppUI
import DynamicType
import SwiftSyntax

/// Reads one view type's body: walks its view expressions with the environment each container
/// passes down, and adds a `UIElement` for every text-bearing view to the screen.
struct ViewWalker {
    let screen: ScreenBuilder
    var values: ValueResolver
    /// The view types of the file, by name, that a body may call with its texts
    /// (`SettingsRow(title: L10n.settings)`): read at each call site.
    var localTypes: [String: ViewType] = [:]
    var file: SourceFile { screen.file }

    /// Views nested deeper than this are not read (one warning per screen).
    static let deepestNesting = 120

    // MARK: Statements

    /// The view expressions a view builder's statements produce, through `if`, `switch` and the
    /// active `#if` clause (`#if os(watchOS)` and `os(macOS)` branches are left out).
    static func views(in statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        var found: [ExprSyntax] = []
        for statement in statements {
            switch statement.item {
            case let .expr(expression): found += views(in: expression)
            case let .stmt(statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { found += views(in: expression) }
                if let value = statement.as(ReturnStmtSyntax.self)?.expression { found += views(in: value) }
            case let .decl(declaration):
                // `let title = Text(…)`, `let label = VStack { … }` in a body: read where it is declared.
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let value = binding.initializer?.value,
                              let call = value.peeledModifiers().core.as(FunctionCallExprSyntax.self),
                              call.calledExpression.namesType else { continue }
                        found.append(value)
                    }
                }
                if let config = declaration.as(IfConfigDeclSyntax.self),
                   case let .statements(inner)? = BuildCondition.activeClause(config.clauses)?.elements {
                    found += views(in: inner)
                }
            }
        }
        return found
    }

    private static func views(in expression: ExprSyntax) -> [ExprSyntax] {
        if let branch = expression.as(IfExprSyntax.self) {
            var found = views(in: branch.body.statements)
            switch branch.elseBody {
            case let .ifExpr(next)?: found += views(in: ExprSyntax(next))
            case let .codeBlock(block)?: found += views(in: block.statements)
            case nil: break
            }
            return found
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            return choice.cases.flatMap { item -> [ExprSyntax] in
                if let switchCase = item.as(SwitchCaseSyntax.self) { return views(in: switchCase.statements) }
                return []
            }
        }
        return [expression]
    }

    // MARK: Views

    func walk(_ statements: CodeBlockItemListSyntax, _ env: ViewEnvironment, depth: Int) {
        for view in Self.views(in: statements) { walk(view, env, depth: depth) }
    }

    func walk(_ closure: ClosureExprSyntax?, _ env: ViewEnvironment, depth: Int) {
        if let closure { walk(closure.statements, env, depth: depth) }
    }

    func walk(_ expression: ExprSyntax, _ outer: ViewEnvironment, depth: Int) {
        guard depth < Self.deepestNesting else {
            if !screen.warnings.contains(where: { $0.message.hasPrefix("views nested") }) {
                screen.warnings.append(UIReadWarning(position: file.position(of: expression),
                                                     message: "views nested deeper than \(Self.deepestNesting) levels; the inner ones are not read"))
            }
            return
        }
        let expression = expression.unwrapped
        if let ternary = expression.as(TernaryExprSyntax.self) {
            walk(ternary.thenExpression, outer, depth: depth + 1)
            walk(ternary.elseExpression, outer, depth: depth + 1)
            return
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            concatenatedText(sequence, outer)
            return
        }
        let (core, modifiers) = expression.peeledModifiers()
        var env = outer
        env.apply(modifiers, values: values, file: file)
        contentModifiers(modifiers, env: env, outer: outer, depth: depth)

        if let reference = core.writtenName, reference.components.count <= 2,
           reference.components.count == 1 || reference.components.first == "self" {
            inlineMember(reference.last, env, depth: depth)
            return
        }
        guard let call = core.as(FunctionCallExprSyntax.self) else {
            if let closure = core.as(ClosureExprSyntax.self) { walk(closure, env, depth: depth + 1) }
            return
        }
        let name = call.calledExpression.writtenName?.last ?? ""
        if textView(name, call, env, modifiers: modifiers, depth: depth) { return }
        container(name, call, env, modifiers: modifiers, depth: depth)
    }

    /// A member of the type named in a body (`header`, `row(for: item)`): read where it is used,
    /// once, with the environment of the place.
    private func inlineMember(_ name: String, _ env: ViewEnvironment, depth: Int) {
        for body in screen.takeMembers(name) { walk(body, env, depth: depth + 1) }
    }

    // MARK: Containers

    private func container(_ name: String, _ call: FunctionCallExprSyntax, _ env: ViewEnvironment,
                           modifiers: [ViewModifier], depth: Int) {
        switch name {
        case "List", "Form":
            var rowEnv = env
            rowEnv.place(in: name == "Form" ? .listInsetGrouped : (env.listStyle ?? .listInsetGrouped))
            rowEnv.list = name == "Form" ? .listInsetGrouped : (env.listStyle ?? .listInsetGrouped)
            rowEnv.scrolls = true
            rowEnv.height = nil
            for (_, closure) in call.closures { rows(closure.statements, rowEnv, depth: depth + 1) }
        case "Section":
            section(call, env, depth: depth)
        case "ForEach", "Group":
            if env.list != nil, screen.openRow == nil {
                for (_, closure) in call.closures { rows(closure.statements, env, depth: depth + 1) }
            } else {
                for (_, closure) in call.closures { walk(closure, env, depth: depth + 1) }
            }
        case "HStack", "LazyHStack":
            horizontal(call, env, depth: depth)
        case "ScrollView":
            var inner = env
            if call.arguments.first?.expression.writtenName?.last == "horizontal" {
                inner.unknownWidth("in a horizontal ScrollView: the width is the content's own")
            }
            inner.scrolls = true
            inner.height = nil
            for (_, closure) in call.closures { walk(closure, inner, depth: depth + 1) }
        case "LazyVGrid", "LazyHGrid", "Grid", "GridRow":
            var inner = env
            inner.unknownWidth("in a grid: column widths are decided at run time")
            for (_, closure) in call.closures { walk(closure, inner, depth: depth + 1) }
        case "Menu":
            // The menu's button is on the screen; its items are drawn by the menu.
            if let title = call.arguments.first, title.label == nil, !title.expression.is(ClosureExprSyntax.self) {
                var label = env
                // `Menu("Sort", systemImage: "arrow.up.arrow.down")` is a Label: `.iconOnly` hides its title.
                if env.iconOnly, call.has("systemImage") || call.has("image") { label.drawnBy = label.drawnBy ?? UISystemDrawn.iconOnly }
                addText(kind: .button, text: stringArgument(title.expression), at: call, label)
            }
            var items = env
            items.kind = items.kind ?? .button
            items.unknownWidth("a menu item: the menu's width is decided at run time")
            items.drawnBy = items.drawnBy ?? UISystemDrawn.menu
            walk(call.closure(nil) ?? call.closure("content"), items, depth: depth + 1)
            walk(call.closure("label"), env, depth: depth + 1)
        case "ControlGroup":
            var items = env
            items.drawnBy = items.drawnBy ?? UISystemDrawn.menu
            for (_, closure) in call.closures { walk(closure, items, depth: depth + 1) }
        case "ToolbarItem", "ToolbarItemGroup":
            // `.principal` is a custom view in the middle of the navigation bar: the app's own view,
            // laid out between the bar's buttons (docs/layout.md); every other placement is a bar item.
            var items = env
            if call.argument("placement")?.writtenName?.last == "principal" {
                items.drawnBy = nil
                items.place(in: .navigationTitleInline)
            } else if items.drawnBy == nil {
                items.kind = .toolbarItem
                items.drawnBy = UISystemDrawn.bar
            }
            for (_, closure) in call.closures { walk(closure, items, depth: depth + 1) }
        case "Tab":
            // `Tab("Home", systemImage: "house") { HomeView() }`: the title is the tab bar's item.
            if let title = call.arguments.first, title.label == nil, !title.expression.is(ClosureExprSyntax.self) {
                var item = env
                item.drawnBy = UISystemDrawn.bar
                addText(kind: .label, text: stringArgument(title.expression), at: call, item)
            }
            var label = env
            label.drawnBy = UISystemDrawn.bar
            walk(call.closure("label"), label, depth: depth + 1)
            walk(call.closure(nil) ?? call.closure("content"), env, depth: depth + 1)
        case "Alert", "ActionSheet":
            alertValue(call, env, container: name == "Alert" ? .alert : .confirmationDialog, depth: depth)
        case "init" where call.has("title") && call.calledExpression.writtenName?.implicit == true:
            // `.alert(isPresented:) { .init(title: Text(…), …) }`
            alertValue(call, env, container: call.has("buttons") ? .confirmationDialog : .alert, depth: depth)
        case "AnyView":
            if let inner = call.arguments.first?.expression { walk(inner, env, depth: depth + 1) }
 case "VStack", "LazyVStack", "ZStack", "NavigationStack", "NavigationView",
             "NavigationSplitView", "GeometryReader", "ViewThatFits", "TabView", "GroupBox", "DisclosureGroup",
             "Table", "ScrollViewReader":
            if name == "DisclosureGroup" || name == "GroupBox", let title = call.arguments.first, title.label == nil,
               !title.expression.is(ClosureExprSyntax.self) {
                addText(kind: .label, text: stringArgument(title.expression), at: call, env)
            }
            for (_, closure) in call.closures { walk(closure, env, depth: depth + 1) }
        default:
            let callee = call.calledExpression.writtenName?.components ?? []
            if screen.hasMember(name), callee.count == 1 || callee.first == "self" || callee.first == "Self"
                || Array(callee.dropLast()) == Array(screen.typeName.suffix(callee.count - 1)) {
                inlineMember(name, env, depth: depth)
            } else if let type = callee.count == 1 ? localTypes[name] : nil, callSite(type, call, env, depth: depth) {
                // A view of this file called with its texts: read here, with them (docs/ui-sources.md).
            } else {
                // A view of the app's own (`SettingsRow(title: Text(…)) { … }`): the views passed to it
                // are read here, the view itself where it is declared.
                for argument in call.arguments where argument.expression.namesTextView {
                    walk(argument.expression, env, depth: depth + 1)
                }
                for (_, closure) in call.closures { walk(closure, env, depth: depth + 1) }
            }
        }
    }

    /// A view type of this file called with labelled arguments for its text properties
    /// (`SettingsRow(title: L10n.settings, value: "On")`): its body is read here, in this place's
    /// environment (its width is this place's), with each argument's text in place of the property.
    /// False (nothing read) when no argument passes a text property, the type is being read
    /// already (a view that contains itself), or it sets a navigation title: then it is a screen of
    /// its own (a destination), read where it is declared.
    private func callSite(_ type: ViewType, _ call: FunctionCallExprSyntax, _ env: ViewEnvironment, depth: Int) -> Bool {
        guard type.members.first?.name == "body", !screen.isInlining(type.name.joined(separator: ".")),
              type.name != screen.typeName,
              !type.node.tokens(viewMode: .sourceAccurate).contains(where: { ["navigationTitle", "navigationBarTitle"].contains($0.text) })
        else { return false }
        let parameters = ViewTypes.parameters(of: type.node)
        var passed: [String: UIText] = [:]
        for argument in call.arguments {
            guard let label = argument.label?.text, let declared = parameters[label] else { continue }
            let typeName = declared.hasSuffix("?") ? String(declared.dropLast()) : declared
            guard ["String", "LocalizedStringKey", "LocalizedStringResource"].contains(typeName) else { continue }
            passed[label] = values.text(argument.expression, literalIsKey: typeName != "String")
        }
        guard !passed.isEmpty else { return false }
        var inner = self
        inner.values.scope = type.name
        inner.values.arguments = passed
        screen.inlining(type) {
            for body in screen.takeMembers("body") { inner.walk(body, env, depth: depth + 1) }
        }
        // The views passed as arguments or trailing closures are this place's too.
        for argument in call.arguments where argument.expression.namesTextView { walk(argument.expression, env, depth: depth + 1) }
        for (_, closure) in call.closures { walk(closure, env, depth: depth + 1) }
        return true
    }

    /// A `List`'s or `Form`'s content: each view is a row, through `ForEach`, `Group` and `Section`.
    func rows(_ statements: CodeBlockItemListSyntax, _ env: ViewEnvironment, depth: Int) {
        for view in Self.views(in: statements) {
            let (core, modifiers) = view.peeledModifiers()
            let name = core.as(FunctionCallExprSyntax.self)?.calledExpression.writtenName?.last
            // A member of the type (`var accountSection: some View { Section { … } }`): its views
            // are rows of this list, as if written here.
            if let member = Self.ownMember(core), screen.hasMember(member) {
                var inner = env
                inner.apply(modifiers, values: values, file: file)
                contentModifiers(modifiers, env: inner, outer: env, depth: depth)
                for body in screen.takeMembers(member) { rows(body, inner, depth: depth + 1) }
                continue
            }
            if let call = core.as(FunctionCallExprSyntax.self), ["ForEach", "Group", "Section"].contains(name ?? "") {
                var inner = env
                inner.apply(modifiers, values: values, file: file)
                contentModifiers(modifiers, env: inner, outer: env, depth: depth)
                if name == "Section" {
                    section(call, inner, depth: depth)
                } else {
                    for (_, closure) in call.closures { rows(closure.statements, inner, depth: depth + 1) }
                }
                continue
            }
            var height = UIRowHeight.automatic(estimated: nil)
            for modifier in modifiers where modifier.name == "frame" {
                if let h = modifier.call?.argument("height").flatMap({ values.number($0) }) {
                    height = .fixed(h, position: file.position(of: modifier.node))
                    break
                }
            }
            let outer = screen.startRow(at: view, height: height)
            walk(view, env, depth: depth + 1)
            screen.finishRow(restoring: outer)
        }
    }

    /// The member a view expression names: `header`, `self.header`, `row(for: item)`.
    static func ownMember(_ core: ExprSyntax) -> String? {
        let named = core.as(FunctionCallExprSyntax.self)?.calledExpression.writtenName ?? core.writtenName
        guard let named, named.components.count == 1 || (named.components.count == 2 && named.components.first == "self"),
              !named.implicit, named.last.first?.isLowercase == true else { return nil }
        return named.last
    }

    /// `Section("Title") { … }`, `Section(header: Text(…), footer: Text(…)) { … }`,
    /// `Section { … } header: { … } footer: { … }`.
    private func section(_ call: FunctionCallExprSyntax, _ env: ViewEnvironment, depth: Int) {
        let outerRow = screen.openRow
        screen.openRow = nil
        for (label, kind) in [("header", UIElementKind.sectionHeader), ("footer", .sectionFooter)] {
            var inner = env
            inner.kind = kind
            if let view = call.argument(label) { walk(view, inner, depth: depth + 1) }
            walk(call.closure(label), inner, depth: depth + 1)
        }
        if let title = call.arguments.first, title.label == nil, !title.expression.is(ClosureExprSyntax.self) {
            var inner = env
            inner.kind = .sectionHeader
            addText(kind: .sectionHeader, text: stringArgument(title.expression), at: call, inner)
        }
        screen.openRow = outerRow
        let content = call.closure(nil) ?? call.closure("content")
        if env.list != nil, outerRow == nil, let content {
            rows(content.statements, env, depth: depth + 1)
        } else {
            walk(content, env, depth: depth + 1)
        }
    }

    /// An `HStack`: each text shares the width left by its siblings' fixed widths (icons, toggles,
    /// framed views) and the spacing between them.
    private func horizontal(_ call: FunctionCallExprSyntax, _ env: ViewEnvironment, depth: Int) {
        guard let content = call.closure(nil) ?? call.closure("content") else { return }
        let children = Self.views(in: content.statements)
        let spacing = call.argument("spacing").flatMap { values.number($0) } ?? SwiftUIWidthDefaults.stackSpacing
        var taken = spacing * Double(max(0, children.count - 1))
        var flexible = 0
        let fixed = children.map { child -> Double? in
            let width = fixedWidth(of: child)
            if let width { taken += width } else { flexible += 1 }
            return width
        }
        for (child, width) in zip(children, fixed) {
            var inner = env
            if width == nil {
                inner.share(1 / Double(max(1, flexible)), after: taken,
                            reason: "one of \(flexible) flexible views of an HStack, an equal share assumed")
            } else {
                inner.unknownWidth("a fixed-size view in an HStack")
            }
            walk(child, inner, depth: depth + 1)
        }
    }

    /// The width an `HStack` child takes whatever the text beside it: an image, a switch, a
    /// framed view; nil for a view that shares the rest.
    private func fixedWidth(of child: ExprSyntax) -> Double? {
        let (core, modifiers) = child.peeledModifiers()
        for modifier in modifiers where modifier.name == "frame" {
            if let w = modifier.call?.argument("width").flatMap({ values.number($0) }) { return w }
        }
        guard let call = core.as(FunctionCallExprSyntax.self) else { return nil }
        let hidesLabel = modifiers.contains { $0.name == "labelsHidden" }
        switch call.calledExpression.writtenName?.last {
        case "Image", "AsyncImage": return SwiftUIWidthDefaults.iconWidth
        case "Spacer", "Divider": return 0
        case "Toggle":
            let title = call.arguments.first.flatMap { $0.label == nil ? $0.expression.plainString : nil }
            return hidesLabel || title == "" ? SwiftUIWidthDefaults.toggleWidth : nil
        case "ProgressView": return call.arguments.isEmpty && call.trailingClosure == nil ? 20 : nil
        default: return nil
        }
    }
}
