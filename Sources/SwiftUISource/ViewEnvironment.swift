import AppUI
import DynamicType
import SwiftSyntax

/// What a view passes down to the texts inside it while the reader walks a body: the environment
/// values SwiftUI inherits (`.font`, `.lineLimit`, …) and the reader's own estimate of the width.
struct ViewEnvironment {
    var font: UIFontSpec?
    var fontPosition: UISourcePosition?
    /// `.fontWeight(…)` / `.bold()` on the view or a container.
    var weight: FontWeight?
    var lines: Int?
    var reservedLines: Int?
    var lineBreak: UILineBreak?
    var minimumScaleFactor: Double?
    /// `.textCase(.uppercase)` / `.lowercase` on the view or a container; `.textCase(nil)` sets it
    /// back to none (`.regular`). Nil: no `.textCase` above.
    var letterCase: LetterCase?
    /// `.dynamicTypeSize(…)`: the categories allowed, and where the modifier is written.
    var dynamicTypeSize: (categories: ClosedRange<ContentSizeCategory>, position: UISourcePosition)?
    var width: UIWidthRule
    var regularWidth: UIWidthRule
    /// Where `width` comes from (`SwiftUIWidthDefaults.source`, a frame, a share of a stack).
    var widthSource: UIWidthSource
    var height: UISizeConstraint?
    /// Inside a `ScrollView` or a `List`: a container's fixed height does not clip the text.
    var scrolls = false
    /// The kind every text here takes (a toolbar's items, a button's label), when not its own.
    var kind: UIElementKind?
    /// Inside a `List` or `Form`, its style.
    var list: SwiftUIContainer?
    /// `.listStyle(…)` set on this view or a container.
    var listStyle: SwiftUIContainer?
    /// Drawn by the system here (a bar, a menu, an alert): every text's `UIElement.drawnBy`.
    var drawnBy: String?
    /// `.labelStyle(.iconOnly)` on this view or a container: a `Label` shows no text.
    var iconOnly = false
    /// `.pickerStyle(…)` on this view or a container, by name (`menu`, `inline`, `segmented`, …).
    var pickerStyle: String?

    init(container: SwiftUIContainer = .screen) {
        (width, regularWidth) = SwiftUIWidthDefaults.rule(container)
        widthSource = SwiftUIWidthDefaults.source(container)
    }

    mutating func place(in container: SwiftUIContainer) {
        (width, regularWidth) = SwiftUIWidthDefaults.rule(container)
        widthSource = SwiftUIWidthDefaults.source(container)
    }

    mutating func inset(_ leading: Double, _ trailing: Double) {
        width = width.inset(leading, trailing)
        regularWidth = regularWidth.inset(leading, trailing)
    }

    /// A `share` of the width after `taken` points; a share below the whole is an estimate
    /// (`reason` says whose share), the whole keeps the width's source.
    mutating func share(_ share: Double, after taken: Double, reason: String) {
        width = width.share(share, after: taken)
        regularWidth = regularWidth.share(share, after: taken)
        if share < 1 { widthSource = .estimate(reason: reason) }
    }

    mutating func unknownWidth(_ reason: String) {
        if case .unknown = width { return }
        width = .unknown(reason: reason)
        regularWidth = width
    }

    mutating func fixedWidth(_ points: Double) {
        width = .fixed(points)
        regularWidth = .fixed(points)
        widthSource = .constraint
    }
}

/// A modifier applied to a view: `.font(.body)` is `font` with its call.
struct ViewModifier {
    var name: String
    var call: FunctionCallExprSyntax?
    /// The modifier's `.name` (where a developer changes it).
    var node: Syntax
}

extension ExprSyntax {
    /// A type's name (`KioskRow`, `DesignSystem.Row`): `KioskRow.label(…)` calls a static function,
    /// it applies no modifier.
    var namesType: Bool {
        guard let name = writtenName, !name.implicit, let first = name.components.first?.first else { return false }
        return first.isUppercase
    }

    /// A call of a text-bearing view (`Text(…)`, `Label(…)`, …), with or without modifiers.
    var namesTextView: Bool {
        guard let call = peeledModifiers().core.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.writtenName, !name.implicit else { return false }
        return ["Text", "Label", "Button", "Toggle", "Link", "NavigationLink", "TextField"].contains(name.last)
    }

    /// The view a modifier chain starts from and its modifiers, outermost first:
    /// `Text("a").font(.body).lineLimit(2)` → `Text("a")`, [lineLimit, font].
    /// `#if os(iOS) .modifier() #endif` contributes the active clause's modifiers.
    func peeledModifiers() -> (core: ExprSyntax, modifiers: [ViewModifier]) {
        var modifiers: [ViewModifier] = []
        var current = self.unwrapped
        while true {
            if let call = current.as(FunctionCallExprSyntax.self),
               let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
               member.declName.baseName.text.first?.isLowercase == true, !base.namesType {
                modifiers.append(ViewModifier(name: member.declName.baseName.text, call: call, node: Syntax(member.declName)))
                current = base.unwrapped
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base,
                      member.declName.baseName.text.first?.isLowercase == true, base.writtenName == nil {
                // A property on a view value (`.body`, `.erased`): no environment effect.
                current = base.unwrapped
            } else if let postfix = current.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
                if let clause = BuildCondition.activeClause(postfix.config.clauses),
                   case let .postfixExpression(chain)? = clause.elements {
                    // The chain starts from an implicit base: `.font(.headline).bold()`.
                    let (first, more) = chain.peeledModifiers()
                    modifiers.append(contentsOf: more)
                    if let call = first.as(FunctionCallExprSyntax.self),
                       let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
                        modifiers.append(ViewModifier(name: member.declName.baseName.text, call: call, node: Syntax(member.declName)))
                    }
                }
                current = base.unwrapped
            } else {
                return (current, modifiers)
            }
        }
    }
}

extension ViewEnvironment {
    /// Applies the environment and layout effects of `modifiers` (outermost first, so the one
    /// nearest the view wins), reading fonts and numbers with `values`.
    mutating func apply(_ modifiers: [ViewModifier], values: ValueResolver, file: SourceFile) {
        // A clip seen before a frame (outermost first) is outside it: the frame's height cuts the text.
        var clipped = false
        for modifier in modifiers {
            let call = modifier.call
            let first = call?.arguments.first?.expression
            switch modifier.name {
            case "font":
                guard let first else { continue }
                font = values.font(first)
                fontPosition = file.position(of: modifier.node)
            case "fontWeight":
                if let name = first?.writtenName?.last { weight = FontWeight(rawValue: name) }
            case "bold":
                if first?.as(BooleanLiteralExprSyntax.self)?.literal.text != "false" { weight = .bold }
            case "lineLimit":
                applyLineLimit(call, values: values)
            case "truncationMode":
                switch first?.writtenName?.last {
                case "head": lineBreak = .truncateHead
                case "middle": lineBreak = .truncateMiddle
                case "tail": lineBreak = .truncateTail
                default: break
                }
            case "minimumScaleFactor":
                if let first, let value = values.number(first) { minimumScaleFactor = value }
            case "textCase":
                // SwiftUI's Text.Case: uppercase, lowercase; nil displays the text as written.
                switch first?.writtenName?.last {
                case "uppercase": letterCase = .upper
                case "lowercase": letterCase = .lower
                default: if first?.is(NilLiteralExprSyntax.self) == true { letterCase = .regular }
                }
            case "dynamicTypeSize":
                if let first, let range = Self.categories(first) { dynamicTypeSize = (range, file.position(of: modifier.node)) }
            case "clipped", "clipShape", "cornerRadius", "mask":
                clipped = true
            case "frame":
                applyFrame(call, values: values, file: file, at: modifier.node, clipped: clipped)
            case "fixedSize":
                let horizontal = call?.argument("horizontal")?.as(BooleanLiteralExprSyntax.self)?.literal.text != "false"
                let vertical = call?.argument("vertical")?.as(BooleanLiteralExprSyntax.self)?.literal.text != "false"
                if horizontal { lines = 1 }
                if vertical { height = nil }
            case "padding":
                applyPadding(call, values: values)
            case "labelStyle":
                let name = first?.writtenName?.last ?? first?.as(FunctionCallExprSyntax.self)?.calledExpression.writtenName?.last
                if let name { iconOnly = name == "iconOnly" || name == "IconOnlyLabelStyle" }
            case "pickerStyle":
                let name = first?.writtenName?.last ?? first?.as(FunctionCallExprSyntax.self)?.calledExpression.writtenName?.last
                if let name { pickerStyle = name.hasSuffix("PickerStyle") ? String(name.dropLast(11)).lowercasedFirst : name }
            case "listStyle":
                let name = first?.writtenName?.last ?? first?.as(FunctionCallExprSyntax.self)?.calledExpression.writtenName?.last
                switch name {
                case "plain", "PlainListStyle", "grouped", "GroupedListStyle", "inset", "InsetListStyle": listStyle = .listPlain
                case .some: listStyle = .listInsetGrouped
                case nil: break
                }
            default:
                continue
            }
        }
    }

    private mutating func applyLineLimit(_ call: FunctionCallExprSyntax?, values: ValueResolver) {
        guard let call, let first = call.arguments.first?.expression.unwrapped else { return }
        if first.is(NilLiteralExprSyntax.self) {
            lines = 0
        } else if let n = values.lineCount(first) {
            lines = n
            reservedLines = call.argument("reservesSpace")?.as(BooleanLiteralExprSyntax.self)?.literal.text == "true" && n > 0 ? n : nil
        } else if let sequence = first.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            // `a...b` (also `a..<b`: at most b - 1 lines).
            let parts = Array(sequence.elements)
            let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text
            if let upper = values.lineCount(parts[2]) { lines = op == "..<" && upper > 0 ? upper - 1 : upper }
        } else if let postfix = first.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            lines = 0   // `a...`: no upper limit
        } else if let prefix = first.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "...",
                  let upper = values.lineCount(prefix.expression) {
            lines = upper
        }
    }

    private mutating func applyFrame(_ call: FunctionCallExprSyntax?, values: ValueResolver, file: SourceFile, at node: Syntax,
                                     clipped: Bool) {
        guard let call else { return }
        if let w = call.argument("width").flatMap({ values.number($0) }) {
            fixedWidth(w)
        } else if let w = call.argument("maxWidth").flatMap({ values.number($0) }) {
            fixedWidth(w)
        }
        let position = file.position(of: node)
        if let h = call.argument("height").flatMap({ values.number($0) }) {
            height = UISizeConstraint(relation: .equal, constant: h, position: position, clipsText: clipped)
        } else if let h = call.argument("maxHeight").flatMap({ values.number($0) }) {
            height = UISizeConstraint(relation: .lessThanOrEqual, constant: h, position: position, clipsText: clipped)
        }
    }

    private mutating func applyPadding(_ call: FunctionCallExprSyntax?, values: ValueResolver) {
        guard let call else { return }
        let arguments = Array(call.arguments)
        if arguments.isEmpty {
            inset(SwiftUIWidthDefaults.padding, SwiftUIWidthDefaults.padding)
            return
        }
        if let insets = arguments[0].expression.unwrapped.as(FunctionCallExprSyntax.self),
           insets.calledExpression.writtenName?.last == "EdgeInsets" {
            inset(insets.argument("leading").flatMap { values.number($0) } ?? 0,
                  insets.argument("trailing").flatMap { values.number($0) } ?? 0)
            return
        }
        if arguments.count == 1, let length = values.number(arguments[0].expression) {
            inset(length, length)
            return
        }
        // `.padding(.horizontal, 12)`, `.padding([.leading, .trailing])`, `.padding(.top)`
        let length = arguments.count > 1 ? (values.number(arguments[1].expression) ?? SwiftUIWidthDefaults.padding)
                                         : SwiftUIWidthDefaults.padding
        var edges: [String] = []
        if let name = arguments[0].expression.writtenName?.last {
            edges = [name]
        } else if let array = arguments[0].expression.as(ArrayExprSyntax.self) {
            edges = array.elements.compactMap { $0.expression.writtenName?.last }
        }
        let leading = edges.contains { ["horizontal", "leading", "all"].contains($0) } ? length : 0
        let trailing = edges.contains { ["horizontal", "trailing", "all"].contains($0) } ? length : 0
        inset(leading, trailing)
    }

    /// `.dynamicTypeSize(...DynamicTypeSize.xxxLarge)`, `.dynamicTypeSize(.small ... .accessibility2)`,
    /// `.dynamicTypeSize(.large)` (one size).
    static func categories(_ expression: ExprSyntax) -> ClosedRange<ContentSizeCategory>? {
        let expression = expression.unwrapped
        let all = ContentSizeCategory.allCases
        if let name = expression.writtenName { return category(name.last).map { $0...$0 } }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), let upper = prefix.expression.writtenName.flatMap({ category($0.last) }) {
            if prefix.operator.text == "..." { return all[0]...upper }
            if prefix.operator.text == "..<", let index = all.firstIndex(of: upper), index > 0 { return all[0]...all[index - 1] }
        }
        if let postfix = expression.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "...",
           let lower = postfix.expression.writtenName.flatMap({ category($0.last) }) {
            return lower...all[all.count - 1]
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            guard let lower = parts[0].writtenName.flatMap({ category($0.last) }),
                  var upper = parts[2].writtenName.flatMap({ category($0.last) }) else { return nil }
            if parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "..<" {
                guard let index = all.firstIndex(of: upper), index > 0 else { return nil }
                upper = all[index - 1]
            }
            return lower <= upper ? lower...upper : nil
        }
        return nil
    }

    /// SwiftUI's `DynamicTypeSize` case names.
    static func category(_ name: String) -> ContentSizeCategory? {
        switch name {
        case "xSmall": .extraSmall
        case "small": .small
        case "medium": .medium
        case "large": .large
        case "xLarge": .extraLarge
        case "xxLarge": .extraExtraLarge
        case "xxxLarge": .extraExtraExtraLarge
        case "accessibility1": .accessibilityMedium
        case "accessibility2": .accessibilityLarge
        case "accessibility3": .accessibilityExtraLarge
        case "accessibility4": .accessibilityExtraExtraLarge
        case "accessibility5": .accessibilityExtraExtraExtraLarge
        default: nil
        }
    }
}


extension String {
    /// The string with its first character lowercased (`InlinePickerStyle` → `inlinePickerStyle`).
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
