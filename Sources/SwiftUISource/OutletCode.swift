import AppUI
import DynamicType
import SwiftSyntax

// What an Interface Builder outlet's owner class sets on the outlet in Swift (docs/ui-sources.md,
// "Outlets set in code"): `titleLabel.text = L10n.title`, `button.setTitle(…, for: .normal)`,
// `label.font = .preferredFont(forTextStyle: .body)`, `label.numberOfLines = 0`,
// `label.adjustsFontForContentSizeCategory = true`, wherever in the class or its extensions the
// code is (`viewDidLoad`, `awakeFromNib`, a `configure…` method). Values are resolved by the
// SwiftUI reader's `ValueResolver`, through the same declarations.

/// An outlet: its owner class and property.
public struct OutletKey: Sendable, Hashable, Comparable {
    public var owner: String
    public var property: String

    public init(owner: String, property: String) {
        self.owner = owner
        self.property = property
    }

    public static func < (a: OutletKey, b: OutletKey) -> Bool { (a.owner, a.property) < (b.owner, b.property) }
}

/// One assignment the owner's code makes, with where it is written.
public struct OutletAssignment<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var position: UISourcePosition
}

/// A text the code sets and the letter case its expression applies (`L10n.done.localizedUppercase`).
public struct ShownText: Sendable, Hashable {
    public var text: UIText
    public var letterCase: LetterCase
}

/// What the owner's code sets on one outlet: every assignment found, in source order.
public struct OutletSettings: Sendable, Hashable {
    /// `.text`, `.attributedText` (its string), `setTitle(_:for: .normal)`.
    public var texts: [OutletAssignment<ShownText>] = []
    /// `.font`, `.titleLabel?.font`.
    public var fonts: [OutletAssignment<UIFontSpec>] = []
    /// `.numberOfLines` (nil: a count TypeFit could not read).
    public var lines: [OutletAssignment<Int?>] = []
    /// `.adjustsFontForContentSizeCategory` (nil: not a literal).
    public var adjusts: [OutletAssignment<Bool?>] = []

    public var isEmpty: Bool { texts.isEmpty && fonts.isEmpty && lines.isEmpty && adjusts.isEmpty }

    /// These assignments followed by `other`'s (another file's code of the same owner).
    mutating func append(_ other: OutletSettings) {
        texts += other.texts
        fonts += other.fonts
        lines += other.lines
        adjusts += other.adjusts
    }

    /// The one value every assignment agrees on; nil when there are none or they differ.
    public static func agreed<V>(_ assignments: [OutletAssignment<V>]) -> OutletAssignment<V>? {
        guard let first = assignments.first, assignments.allSatisfy({ $0.value == first.value }) else { return nil }
        return first
    }
}

/// Finds the assignments to the outlets of `owners` in one file's classes and extensions.
final class OutletAssignmentFinder: SyntaxVisitor {
    private let owners: [String: Set<String>]
    private let file: SourceFile
    private let resolver: (_ owner: String) -> ValueResolver
    private var current: [String?] = []
    private(set) var found: [OutletKey: OutletSettings] = [:]

    init(owners: [String: Set<String>], file: SourceFile, resolver: @escaping (_ owner: String) -> ValueResolver) {
        self.owners = owners
        self.file = file
        self.resolver = resolver
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { current.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(nil) }
    override func visitPost(_ node: StructDeclSyntax) { current.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(nil) }
    override func visitPost(_ node: EnumDeclSyntax) { current.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeNames.components(of: node.extendedType).last)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { current.removeLast() }

    private func enter(_ name: String?) -> SyntaxVisitorContinueKind {
        current.append(name.flatMap { owners[$0] == nil ? nil : $0 })
        return .visitChildren
    }

    /// The owner whose code this is (the innermost type), nil outside every owner.
    private var owner: String? { current.last ?? nil }

    /// `outlet.text = …`, `self.outlet?.font = …`, `outlet.titleLabel?.font = …`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard let owner, elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
              let target = elements[0].as(MemberAccessExprSyntax.self), let base = target.base,
              let outlet = outletName(base, owner: owner) else { return .visitChildren }
        let key = OutletKey(owner: owner, property: outlet.name)
        let values = resolver(owner)
        let value = elements[2]
        let position = file.position(of: node)
        switch (target.declName.baseName.text, outlet.titleLabel) {
        case ("text", false):
            let shown = ShownText(text: values.text(value, literalIsKey: false), letterCase: ValueResolver.letterCase(of: value))
            found[key, default: OutletSettings()].texts.append(.init(value: shown, position: position))
        case ("attributedText", false):
            let shown = ShownText(text: attributedText(value, values), letterCase: .regular)
            found[key, default: OutletSettings()].texts.append(.init(value: shown, position: position))
        case ("font", _):
            found[key, default: OutletSettings()].fonts.append(.init(value: values.font(value), position: position))
        case ("numberOfLines", _):
            found[key, default: OutletSettings()].lines.append(.init(value: values.lineCount(value), position: position))
        case ("adjustsFontForContentSizeCategory", _):
            let flag = value.as(BooleanLiteralExprSyntax.self).map { $0.literal.text == "true" }
            found[key, default: OutletSettings()].adjusts.append(.init(value: flag, position: position))
        default:
            break
        }
        return .visitChildren
    }

    /// `outlet.setTitle(…, for: .normal)`, `outlet.setAttributedTitle(…, for: .normal)`.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let owner, let callee = node.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base,
              ["setTitle", "setAttributedTitle"].contains(callee.declName.baseName.text),
              let outlet = outletName(base, owner: owner), !outlet.titleLabel,
              node.argument("for")?.writtenName?.last == "normal", let value = node.arguments.first?.expression
        else { return .visitChildren }
        let values = resolver(owner)
        let text = callee.declName.baseName.text == "setTitle" ? values.text(value, literalIsKey: false) : attributedText(value, values)
        let letterCase = callee.declName.baseName.text == "setTitle" ? ValueResolver.letterCase(of: value) : .regular
        found[OutletKey(owner: owner, property: outlet.name), default: OutletSettings()].texts
            .append(.init(value: ShownText(text: text, letterCase: letterCase), position: file.position(of: node)))
        return .visitChildren
    }

    /// The string of `NSAttributedString(string: x, …)`; any other attributed text is run-time data.
    private func attributedText(_ expression: ExprSyntax, _ values: ValueResolver) -> UIText {
        if let call = expression.unwrapped.as(FunctionCallExprSyntax.self),
           ["NSAttributedString", "NSMutableAttributedString", "AttributedString"].contains(call.calledExpression.writtenName?.last ?? ""),
           let string = call.argument("string") ?? call.arguments.first(where: { $0.label == nil })?.expression {
            return values.text(string, literalIsKey: false)
        }
        return values.text(expression, literalIsKey: false)
    }

    /// The owner's outlet `base` names (`titleLabel`, `self.titleLabel`, `titleLabel?`,
    /// `titleLabel.titleLabel?` for a button's label), nil for anything else.
    private func outletName(_ base: ExprSyntax, owner: String) -> (name: String, titleLabel: Bool)? {
        var expression = base
        var titleLabel = false
        if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "titleLabel",
           let inner = member.base, let name = plainOutlet(inner, owner: owner) {
            return (name, true)
        }
        guard let name = plainOutlet(expression, owner: owner) else { return nil }
        titleLabel = false
        return (name, titleLabel)
    }

    private func plainOutlet(_ expression: ExprSyntax, owner: String) -> String? {
        var expression = expression.unwrapped
        if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression }
        guard var name = expression.writtenName, !name.implicit else { return nil }
        if name.components.first == "self" { name.components.removeFirst() }
        guard name.components.count == 1, owners[owner]?.contains(name.components[0]) == true else { return nil }
        return name.components[0]
    }
}
