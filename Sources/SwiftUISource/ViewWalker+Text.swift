import AppUI
import DynamicType
import SwiftSyntax

// The text-bearing views and the modifiers that present text of their own (navigation titles,
// toolbars, alerts): each becomes a `UIElement` with the environment of its place.
extension ViewWalker {
    /// Adds the element of a text-bearing view named `name`; false when `name` is no such view.
    func textView(_ name: String, _ call: FunctionCallExprSyntax, _ env: ViewEnvironment,
                  modifiers: [ViewModifier], depth: Int) -> Bool {
        let title = call.arguments.first.flatMap { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) ? $0.expression : nil }
        let inList = env.list != nil
        switch name {
        case "Text":
            let text = textOfText(call)
            screen.textViews.append(SwiftUITextView(text: text, position: file.position(of: call)))
            addText(kind: .label, text: text, at: call, env)
        case "Label":
            var inner = env
            if env.iconOnly { inner.drawnBy = inner.drawnBy ?? UISystemDrawn.iconOnly }
            inner.inset(SwiftUIWidthDefaults.iconWidth + SwiftUIWidthDefaults.stackSpacing, 0)
            if let title { addText(kind: .label, text: stringArgument(title), at: call, inner) }
            walk(call.closure("title") ?? (title == nil ? call.closure(nil) : nil), inner, depth: depth + 1)
        case "Button", "ShareLink":
            var inner = env
            if call.has("systemImage") || call.has("image") {
                // `Button("Delete", systemImage: "trash")` is a Label: `.iconOnly` hides its title.
                if env.iconOnly { inner.drawnBy = inner.drawnBy ?? UISystemDrawn.iconOnly }
                inner.inset(SwiftUIWidthDefaults.iconWidth + SwiftUIWidthDefaults.stackSpacing, 0)
            }
            if let title {
                addText(kind: .button, text: stringArgument(title), at: call, inner)
            } else {
                inner.kind = inner.kind ?? .button
                walk(call.closure("label") ?? (call.has("action") ? call.closure(nil) : nil), inner, depth: depth + 1)
            }
        case "Toggle":
            guard !modifiers.contains(where: { $0.name == "labelsHidden" }) else { return true }
            var inner = env
            inner.inset(0, SwiftUIWidthDefaults.toggleWidth + SwiftUIWidthDefaults.stackSpacing)
            if let title {
                if title.plainString != "" { addText(kind: .toggle, text: stringArgument(title), at: call, inner) }
            } else {
                inner.kind = inner.kind ?? .toggle
                walk(call.closure("label") ?? call.closure(nil), inner, depth: depth + 1)
            }
        case "TextField", "SecureField":
            let prompt = call.argument("prompt")
            // `TextField(text: $x) { Text("Name") }`: the label closure's Text is the placeholder.
            let label = (call.closure("label") ?? call.closure(nil)).flatMap { Self.views(in: $0.statements).first }
            let placeholder = prompt.map(stringArgument) ?? title.map(stringArgument) ?? label.map(stringArgument)
            var inner = env
            // `axis: .vertical` wraps and grows, without a limit unless `.lineLimit` sets one.
            if env.lines == nil { inner.lines = call.argument("axis")?.writtenName?.last == "vertical" ? 0 : 1 }
            addText(kind: .textField, text: .runtime(reason: "text the user types"), placeholder: placeholder, at: call, inner)
        case "Link":
            if let title { addText(kind: .link, text: stringArgument(title), at: call, env) }
            var inner = env
            inner.kind = inner.kind ?? .link
            if title == nil { walk(call.closure("label") ?? call.closure(nil), inner, depth: depth + 1) }
        case "NavigationLink":
            var inner = env
            if inList { inner.inset(0, SwiftUIWidthDefaults.disclosureWidth) }
            if let title {
                addText(kind: .navigationLink, text: stringArgument(title), at: call, inner)
            } else {
                inner.kind = inner.kind ?? .navigationLink
                let labelFirst = call.has("destination") || call.has("value") || call.has("isActive") || call.has("tag")
                walk(call.closure("label") ?? (labelFirst ? call.closure(nil) : nil), inner, depth: depth + 1)
            }
            // `NavigationLink("Title") { Destination() }`, `NavigationLink { Destination() } label: { … }`
            let destination = call.closure("destination") ?? (title != nil || call.closure("label") != nil ? call.closure(nil) : nil)
            var pushed = ViewEnvironment()
            pushed.widthSource = .container(rule: "a pushed screen: the full width")
            walk(destination, pushed, depth: depth + 1)
        case "Picker", "DatePicker", "LabeledContent", "ColorPicker", "Stepper", "ProgressView", "Gauge":
            var inner = env
            if name == "Stepper" {
                inner.inset(0, SwiftUIWidthDefaults.stepperWidth + SwiftUIWidthDefaults.stackSpacing)
            } else if name != "ProgressView", name != "Gauge" {
                inner.share(SwiftUIWidthDefaults.titleShareBesideValue, after: 0,
                            reason: "half of a row beside its value (\(name))")
            }
            if let title, !modifiers.contains(where: { $0.name == "labelsHidden" }) {
                addText(kind: .label, text: stringArgument(title), at: call, inner)
            }
            if let label = call.argument("label") { walk(label, inner, depth: depth + 1) }
            walk(call.closure("label"), inner, depth: depth + 1)
            var options = env
            options.unknownWidth("a picker option or control content: its width is decided at run time")
            // A picker's options are drawn by its menu (the default in a list), segmented control or
            // wheel; only `.inline` and `.navigationLink` show them as rows of a list.
            if name == "Picker", !["inline", "navigationLink"].contains(env.pickerStyle ?? "menu") {
                options.drawnBy = options.drawnBy ?? UISystemDrawn.menu
            }
            walk(call.closure(nil) ?? call.closure("content"), options, depth: depth + 1)
        case "TextEditor":
            break
        default:
            return false
        }
        return true
    }

    /// The string a `Text(…)` call shows.
    func textOfText(_ call: FunctionCallExprSyntax) -> UIText {
        if let verbatim = call.argument("verbatim") { return values.text(verbatim, literalIsKey: false) }
        guard let first = call.arguments.first, first.label == nil else {
            return .runtime(reason: "a Text whose content is set at run time")
        }
        if call.has("style") || call.has("format") || call.has("formatter") || call.has("timerInterval") {
            return .runtime(reason: "a formatted run-time value (date, number, measurement)")
        }
        if let image = first.expression.as(FunctionCallExprSyntax.self), image.calledExpression.writtenName?.last == "Image" {
            return .runtime(reason: "an image shown as text")
        }
        return values.text(first.expression, literalIsKey: true, table: call.argument("tableName")?.plainString)
    }

    /// A title argument: a `Text(…)` or a string (a literal is a `LocalizedStringKey`).
    func stringArgument(_ expression: ExprSyntax) -> UIText {
        let (core, _) = expression.peeledModifiers()
        if let call = core.as(FunctionCallExprSyntax.self), call.calledExpression.writtenName?.last == "Text" {
            let text = textOfText(call)
            screen.textViews.append(SwiftUITextView(text: text, position: file.position(of: call)))
            return text
        }
        if let sequence = expression.unwrapped.as(SequenceExprSyntax.self), let text = textOfSum(sequence) { return text }
        return values.text(expression, literalIsKey: true)
    }

    /// `Text("a") + Text(b)`: one element; its text is known when every part is.
    func concatenatedText(_ sequence: SequenceExprSyntax, _ env: ViewEnvironment) {
        guard let text = textOfSum(sequence), let first = sequence.elements.first else { return }
        addText(kind: .label, text: text, at: first, env)
    }

    /// The text of `Text("a") + Text(b) + …`, each part counted as a Text view; nil for any other sequence.
    func textOfSum(_ sequence: SequenceExprSyntax) -> UIText? {
        // An array, not the collection's own `filter`, which would build a new detached collection.
        let parts = Array(sequence.elements).filter { !$0.is(BinaryOperatorExprSyntax.self) }
        let isSum = sequence.elements.contains { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }
        var texts: [UIText] = []
        for part in parts {
            let (core, _) = part.peeledModifiers()
            guard isSum, let call = core.as(FunctionCallExprSyntax.self), call.calledExpression.writtenName?.last == "Text" else { continue }
            texts.append(textOfText(call))
            screen.textViews.append(SwiftUITextView(text: texts[texts.count - 1], position: file.position(of: call)))
        }
        guard !texts.isEmpty else { return nil }
        let verbatims = texts.compactMap { text -> String? in
            if case let .verbatim(string) = text { return string }
            return nil
        }
        return texts.count == 1 ? texts[0]
            : verbatims.count == texts.count ? .verbatim(verbatims.joined())
            : .runtime(reason: "\(texts.count) Text views joined with +")
    }

    /// Adds one element with the environment's font, lines and width.
    func addText(kind: UIElementKind, text: UIText, placeholder: UIText? = nil, at node: some SyntaxProtocol,
                 _ env: ViewEnvironment) {
        let kind = kind == .textField ? kind : (env.kind ?? kind)
        var font = env.font ?? Self.defaultFont(kind)
        if let weight = env.weight { font = ValueResolver.with(weight: weight, font) }
        let lines = env.lines ?? (kind == .textField || kind == .toolbarItem || kind == .navigationTitle ? 1 : 0)
        var element = UIElement(
            id: screen.nextID(kind: kind, text: text, placeholder: placeholder), kind: kind, position: file.position(of: node),
            text: text, placeholder: placeholder,
            font: font, fontPosition: env.font == nil ? nil : env.fontPosition, adjustsForContentSizeCategory: true,
            lines: lines, reservedLines: env.reservedLines, lineBreak: env.lineBreak ?? .truncateTail,
            minimumScaleFactor: env.minimumScaleFactor, categories: env.dynamicTypeSize?.categories,
            categoriesPosition: env.dynamicTypeSize?.position, width: env.width, widthSource: env.widthSource,
            regularWidth: env.regularWidth == env.width ? nil : env.regularWidth, height: env.height,
            drawnBy: env.drawnBy, inScrollView: env.scrolls && env.list == nil)
        // The case the text's expression applies: the view's first argument (a Text's string, a
        // control's title).
        if let call = Syntax(node).as(FunctionCallExprSyntax.self), text.unknownReason == nil {
            element.letterCase = ValueResolver.letterCase(of: call.arguments.first?.expression)
        }
        // `.textCase(…)` in the environment transforms the displayed text over the string's own case.
        if let letterCase = env.letterCase, letterCase != .regular, text.unknownReason == nil { element.letterCase = letterCase }
        screen.add(element)
    }

    /// SwiftUI's font for a kind when nothing sets one: body, except section headers and footers
    /// (footnote, as UIKit's grouped tables) and alert titles (headline).
    static func defaultFont(_ kind: UIElementKind) -> UIFontSpec {
        switch kind {
        case .sectionHeader, .sectionFooter: .font(face: .system(.regular), size: .textStyle(.footnote))
        case .alertTitle: .font(face: .system(.semibold), size: .textStyle(.headline))
        default: .font(face: .system(.regular), size: .textStyle(.body))
        }
    }

    // MARK: Modifiers that present text

    func contentModifiers(_ modifiers: [ViewModifier], env: ViewEnvironment, outer: ViewEnvironment, depth: Int) {
        for modifier in modifiers {
            guard let call = modifier.call else { continue }
            switch modifier.name {
            case "navigationTitle", "navigationBarTitle":
                navigationTitle(call, at: modifier.node, chain: modifiers)
            case "toolbar", "navigationBarItems":
                // Bar items keep their size and offer the Large Content Viewer (docs/layout.md);
                // a `.principal` item is the app's own view (`ToolbarItem` below).
                var items = ViewEnvironment(container: .toolbarItem)
                items.kind = .toolbarItem
                items.drawnBy = UISystemDrawn.bar
                items.iconOnly = env.iconOnly
                for argument in call.arguments where ["leading", "trailing"].contains(argument.label?.text ?? "") {
                    walk(argument.expression, items, depth: depth + 1)
                }
                items.dynamicTypeSize = env.dynamicTypeSize
                for (_, closure) in call.closures { walk(closure, items, depth: depth + 1) }
            case "alert", "confirmationDialog":
                presentedTitle(call, at: modifier.node, container: modifier.name == "alert" ? .alert : .confirmationDialog,
                               env: env, depth: depth)
            case "actionSheet", "sheet", "fullScreenCover", "popover", "navigationDestination", "safeAreaInset":
                var presented = ViewEnvironment()
                presented.dynamicTypeSize = env.dynamicTypeSize
                for (_, closure) in call.closures { walk(closure, presented, depth: depth + 1) }
            case "searchable":
                // The search field's prompt, in the navigation bar beside its magnifying glass.
                guard let prompt = call.argument("prompt") else { continue }
                var field = ViewEnvironment(container: .navigationTitleLarge)
                field.inset(SwiftUIWidthDefaults.iconWidth + SwiftUIWidthDefaults.stackSpacing, 0)
                field.dynamicTypeSize = env.dynamicTypeSize
                field.lines = 1
                addText(kind: .textField, text: .runtime(reason: "text the user types"), placeholder: stringArgument(prompt),
                        at: modifier.node, field)
            case "overlay", "background":
                if let first = call.arguments.first, first.label == nil { walk(first.expression, env, depth: depth + 1) }
                for (_, closure) in call.closures { walk(closure, env, depth: depth + 1) }
            case "contextMenu", "swipeActions", "tabItem", "toolbarTitleMenu":
                var items = env
                items.kind = modifier.name == "tabItem" ? .label : .button
                items.unknownWidth(modifier.name == "tabItem" ? "a tab bar item" : "a menu or swipe action: its width is decided at run time")
                items.drawnBy = switch modifier.name {
                case "tabItem": UISystemDrawn.bar
                case "swipeActions": UISystemDrawn.swipeAction
                default: UISystemDrawn.menu
                }
                for (_, closure) in call.closures { walk(closure, items, depth: depth + 1) }
            default:
                continue
            }
        }
    }

    /// `.navigationTitle(…)`: large unless the chain sets `.navigationBarTitleDisplayMode(.inline)`.
    private func navigationTitle(_ call: FunctionCallExprSyntax, at node: Syntax, chain: [ViewModifier]) {
        guard let title = call.arguments.first?.expression else { return }
        let inline = call.argument("displayMode")?.writtenName?.last == "inline" || chain.contains {
            $0.name == "navigationBarTitleDisplayMode" && $0.call?.arguments.first?.expression.writtenName?.last == "inline"
        }
        let container: SwiftUIContainer = inline ? .navigationTitleInline : .navigationTitleLarge
        let (compact, regular) = SwiftUIWidthDefaults.rule(container)
        let font: UIFontSpec = inline ? .font(face: .system(.semibold), size: .textStyle(.headline))
                                      : .font(face: .system(.bold), size: .textStyle(.largeTitle))
        // An inline title is drawn by the navigation bar at its one size (the Large Content Viewer
        // shows it larger); a large title grows with Dynamic Type (docs/layout.md).
        let text = stringArgument(title)
        let element = UIElement(id: screen.nextID(kind: .navigationTitle, text: text), kind: .navigationTitle,
                                position: file.position(of: node), text: text, font: font, adjustsForContentSizeCategory: true, lines: 1,
                                width: compact, widthSource: SwiftUIWidthDefaults.source(container),
                                regularWidth: regular == compact ? nil : regular, drawnBy: inline ? UISystemDrawn.bar : nil)
        if screen.navigationTitle == nil { screen.navigationTitle = element } else { screen.elements.append(element) }
    }

    /// `.alert("Title", isPresented:) { buttons } message: { Text }` and `.confirmationDialog(…)`;
    /// the older `.alert(isPresented:) { Alert(title: Text(…), …) }` through `alertValue`.
    private func presentedTitle(_ call: FunctionCallExprSyntax, at node: Syntax, container: SwiftUIContainer,
                                env: ViewEnvironment, depth: Int) {
        var base = ViewEnvironment(container: container)
        base.dynamicTypeSize = env.dynamicTypeSize
        base.drawnBy = UISystemDrawn.alert
        if let title = call.arguments.first, title.label == nil, !title.expression.is(ClosureExprSyntax.self) {
            var titleEnv = base
            titleEnv.font = container == .alert ? Self.defaultFont(.alertTitle)
                                                 : .font(face: .system(.semibold), size: .textStyle(.footnote))
            addText(kind: .alertTitle, text: stringArgument(title.expression), at: node, titleEnv)
        }
        var buttons = base
        buttons.kind = .button
        walk(call.closure(nil) ?? call.closure("actions") ?? call.closure("content"), buttons, depth: depth + 1)
        var message = base
        message.font = .font(face: .system(.regular), size: .textStyle(.footnote))
        walk(call.closure("message"), message, depth: depth + 1)
    }

    /// `Alert(title: Text(…), message: Text(…), dismissButton: .default(Text(…)))`, `ActionSheet(…)`.
    func alertValue(_ call: FunctionCallExprSyntax, _ env: ViewEnvironment, container: SwiftUIContainer, depth: Int) {
        var base = ViewEnvironment(container: container)
        base.dynamicTypeSize = env.dynamicTypeSize
        base.drawnBy = UISystemDrawn.alert
        if let title = call.argument("title") {
            var titleEnv = base
            titleEnv.kind = .alertTitle
            titleEnv.font = Self.defaultFont(.alertTitle)
            walk(title, titleEnv, depth: depth + 1)
        }
        if let message = call.argument("message") {
            var messageEnv = base
            messageEnv.font = .font(face: .system(.regular), size: .textStyle(.footnote))
            walk(message, messageEnv, depth: depth + 1)
        }
        var buttonEnv = base
        buttonEnv.kind = .button
        for label in ["primaryButton", "secondaryButton", "dismissButton", "buttons"] {
            guard let value = call.argument(label) else { continue }
            let buttons = value.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [value]
            for button in buttons {
                // `.default(Text("OK"), action: …)`, `.cancel(Text(…))`, `.destructive(Text(…))`
                if let text = button.unwrapped.as(FunctionCallExprSyntax.self)?.arguments.first?.expression {
                    walk(text, buttonEnv, depth: depth + 1)
                }
            }
        }
    }
}
