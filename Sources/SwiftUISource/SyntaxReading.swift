import SwiftParser
import SwiftSyntax

// Small readings of expressions shared by the reader's passes: names, literals, arguments and
// `#if` conditions. Everything here works on swift-syntax nodes; no text matching.

/// A name as written: `L10n.settings.title` → ["L10n", "settings", "title"]; `.body` → ["body"]
/// with `implicit` set (an implicit member, its type taken from the context).
struct WrittenName: Hashable {
    var components: [String]
    var implicit: Bool

    var last: String { components.last ?? "" }
    var spelled: String { (implicit ? "." : "") + components.joined(separator: ".") }
}

/// Module names a type may be qualified with (`SwiftUI.Font`): dropped from written names.
let moduleQualifiers: Set<String> = ["SwiftUI", "SwiftUICore", "Foundation", "UIKit"]

extension ExprSyntax {
    /// The name this expression spells, when it is a chain of identifiers (`a.b.c`, `.c`, `Self.c`).
    var writtenName: WrittenName? {
        if let reference = self.as(DeclReferenceExprSyntax.self) {
            return WrittenName(components: [reference.baseName.unescapedName], implicit: false)
        }
        guard let member = self.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.unescapedName
        guard let base = member.base else { return WrittenName(components: [name], implicit: true) }
        guard var prefix = base.writtenName else { return nil }
        if prefix.components.count == 1, !prefix.implicit, moduleQualifiers.contains(prefix.components[0]) {
            prefix.components = []
        }
        prefix.components.append(name)
        return prefix
    }

    /// The text of a string literal without interpolation (escapes resolved).
    var plainString: String? {
        self.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// An integer or floating-point literal, with a leading minus sign.
    var number: Double? {
        if let integer = self.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.filter { $0 != "_" })
        }
        if let float = self.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.filter { $0 != "_" })
        }
        if let prefix = self.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           let value = prefix.expression.number {
            return -value
        }
        return nil
    }

    /// `self` with parentheses, `try`, `await` and force-unwraps taken off.
    var unwrapped: ExprSyntax {
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.label == nil {
            return only.expression.unwrapped
        }
        if let attempt = self.as(TryExprSyntax.self) { return attempt.expression.unwrapped }
        if let waiting = self.as(AwaitExprSyntax.self) { return waiting.expression.unwrapped }
        if let forced = self.as(ForceUnwrapExprSyntax.self) { return forced.expression.unwrapped }
        return self
    }
}

extension TokenSyntax {
    /// An identifier without the backticks that escape a keyword (`` `none` `` → `none`).
    var unescapedName: String {
        let text = self.text
        return text.count > 2 && text.hasPrefix("`") && text.hasSuffix("`") ? String(text.dropFirst().dropLast()) : text
    }
}

extension FunctionCallExprSyntax {
    /// The argument with `label` (nil: the first unlabelled one).
    func argument(_ label: String?) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The first argument, whatever its label.
    var firstArgument: LabeledExprSyntax? { arguments.first }

    /// True when an argument has `label`.
    func has(_ label: String) -> Bool { arguments.contains { $0.label?.text == label } }

    /// Closures passed to the call: the trailing one and the labelled additional ones, with labels
    /// (nil for the first trailing closure), plus closure arguments inside the parentheses.
    var closures: [(label: String?, closure: ClosureExprSyntax)] {
        var found: [(String?, ClosureExprSyntax)] = []
        for argument in arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { found.append((argument.label?.text, closure)) }
        }
        if let trailing = trailingClosure { found.append((nil, trailing)) }
        for extra in additionalTrailingClosures { found.append((extra.label.text, extra.closure)) }
        return found
    }

    /// The closure labelled `label` (nil: the first trailing closure or an unlabelled closure).
    func closure(_ label: String?) -> ClosureExprSyntax? {
        closures.first { $0.label == label }?.closure
    }
}

/// Which branch of `#if … #elseif … #else` an iOS app build takes: `os(iOS)` and `canImport(…)`
/// hold; `os(watchOS)`, `os(macOS)`, `os(tvOS)`, `os(visionOS)`, `targetEnvironment(macCatalyst)`
/// do not; a custom flag (`DEBUG`) holds, so the first branch of `#if DEBUG` is read.
enum BuildCondition {
    static let otherPlatforms: Set<String> = ["watchOS", "macOS", "OSX", "tvOS", "visionOS", "xrOS", "Linux", "Windows", "Android"]

    /// The active clause of `clauses`, nil when none is active.
    static func activeClause(_ clauses: IfConfigClauseListSyntax) -> IfConfigClauseSyntax? {
        for clause in clauses {
            guard let condition = clause.condition else { return clause }
            if holds(condition) { return clause }
        }
        return nil
    }

    static func holds(_ condition: ExprSyntax) -> Bool {
        let condition = condition.unwrapped
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return !holds(prefix.expression)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // `a && b || c`: && binds tighter than ||.
            var anyOr = false
            var allAnd = true
            for element in sequence.elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    if op.operator.text == "||" {
                        anyOr = anyOr || allAnd
                        allAnd = true
                    }
                    continue
                }
                allAnd = allAnd && holds(element)
            }
            return anyOr || allAnd
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            let l = holds(infix.leftOperand), r = holds(infix.rightOperand)
            return op.operator.text == "||" ? (l || r) : (l && r)
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
           let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let argument = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            switch function {
            case "os": return !otherPlatforms.contains(argument)
            case "targetEnvironment": return argument != "macCatalyst"
            default: return true
            }
        }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.text == "true" }
        return true
    }
}
