import AppUI
import DynamicType
import SwiftParser
import SwiftSyntax

/// Turns the expressions a view passes for its string and font into `UIText` and `UIFontSpec`,
/// following static properties declared anywhere in the app (the first pass) and SwiftGen accessors.
struct ValueResolver {
    let declarations: DeclarationIndex
    /// typefit.yml's `ui: fontTokens`: a token as written (`appBody`, `DesignSystem.Font.body`) → font.
    let fontTokens: [String: UIFontSpec]
    /// The enclosing types of the code being read (for `Self.x` and bare names).
    var scope: [String]

    /// How many static properties deep a value is followed (a constant naming a constant …).
    static let deepestReference = 8

    // MARK: Strings

    /// The string `expression` shows. `literalIsKey`: a string literal here is a `LocalizedStringKey`
    /// (`Text("Settings")`), looked up in `table` (default `Localizable`); otherwise it is shown as written.
    func text(_ expression: ExprSyntax, literalIsKey: Bool, table: String? = nil, depth: Int = 0) -> UIText {
        let expression = expression.unwrapped
        if let literal = expression.plainString {
            return literalIsKey ? .localized(table: table ?? "Localizable", key: literal, developmentText: literal)
                                : .verbatim(literal)
        }
        if expression.is(StringLiteralExprSyntax.self) {
            return .runtime(reason: "a string that interpolates run-time values")
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return text(call: call, depth: depth) }
        if let name = expression.writtenName {
            return text(named: name, depth: depth) ?? .runtime(reason: "`\(Self.shortened(name.spelled))`, a value set at run time")
        }
        if expression.is(TernaryExprSyntax.self) { return .runtime(reason: "a string chosen at run time (`? :`)") }
        return .runtime(reason: "`\(Self.shortened(expression.trimmedDescription))`, computed at run time")
    }

    private func text(call: FunctionCallExprSyntax, depth: Int) -> UIText {
        let callee = call.calledExpression.writtenName
        switch callee?.components ?? [] {
        case ["NSLocalizedString"]:
            guard let key = call.arguments.first?.expression.plainString else { break }
            let table = call.argument("tableName")?.plainString
            return .localized(table: table ?? "Localizable", key: key,
                              developmentText: call.argument("value")?.plainString ?? key)
        case ["String"] where call.has("localized"), ["LocalizedStringResource"], ["LocalizedStringKey"],
             ["Text"]:
            guard let first = call.arguments.first?.expression else { break }
            let table = call.argument("table")?.plainString ?? call.argument("tableName")?.plainString
            if let key = first.plainString {
                return .localized(table: table ?? "Localizable", key: key,
                                  developmentText: call.argument("defaultValue")?.plainString ?? key)
            }
            return text(first, literalIsKey: true, table: table, depth: depth + 1)
        case ["String"] where call.has("format"):
            if let format = call.argument("format") { return text(format, literalIsKey: false, depth: depth + 1) }
        default:
            if let callee, let found = text(named: callee, depth: depth) { return found }
        }
        return .runtime(reason: "`\(Self.shortened(call.calledExpression.trimmedDescription))(…)`, computed at run time")
    }

    /// A static property's string, nil when no property of that name is known.
    private func text(named name: WrittenName, depth: Int) -> UIText? {
        guard depth < Self.deepestReference,
              let property = declarations.lookup(name, scope: scope,
                                                 implicitTypes: ["LocalizedStringKey", "LocalizedStringResource", "String"])
        else { return nil }
        switch property.value {
        case let .swiftGen(table, key, developmentText):
            return .localized(table: table, key: key, developmentText: developmentText)
        case let .expression(source):
            let isKey = ["LocalizedStringKey", "LocalizedStringResource"].contains(property.typeName ?? "")
            var inner = self
            inner.scope = property.scope
            return inner.text(Self.parse(source), literalIsKey: isKey, depth: depth + 1)
        }
    }

    // MARK: Fonts

    /// The font `expression` names.
    func font(_ expression: ExprSyntax, depth: Int = 0) -> UIFontSpec {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           Self.fontModifiers.contains(member.declName.baseName.text) {
            // `.title.bold()`, `.body.weight(.semibold)`, `.footnote.monospaced()`
            let inner = font(base, depth: depth)
            switch member.declName.baseName.text {
            case "bold": return Self.with(weight: .bold, inner)
            case "weight":
                guard let name = call.arguments.first?.expression.writtenName?.last, let weight = FontWeight(rawValue: name) else { return inner }
                return Self.with(weight: weight, inner)
            default: return inner
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return font(call: call, depth: depth) }
        if let name = expression.writtenName {
            if let style = Self.textStyle(name), name.components.count == 1 || name.components.first == "Font" {
                return .font(face: .system(style.weight), size: .textStyle(style))
            }
            if let mapped = token(name) { return mapped }
            if depth < Self.deepestReference,
               let property = declarations.lookup(name, scope: scope, implicitTypes: ["Font"]),
               case let .expression(source) = property.value {
                var inner = self
                inner.scope = property.scope
                return inner.font(Self.parse(source), depth: depth + 1)
            }
            return .unknown(reason: "`\(Self.shortened(name.spelled))`: a font TypeFit cannot resolve (map it in typefit.yml, ui: fontTokens)")
        }
        return .unknown(reason: "`\(Self.shortened(expression.trimmedDescription))`: a font computed at run time")
    }

    private func font(call: FunctionCallExprSyntax, depth: Int) -> UIFontSpec {
        let callee = call.calledExpression.writtenName
        let weight = call.argument("weight")?.writtenName.flatMap { FontWeight(rawValue: $0.last) }
        switch callee?.components.last {
        case "system" where callee!.components.count == 1 || callee!.components == ["Font", "system"]:
            if let size = call.argument("size") {
                guard let points = number(size, depth: depth) else {
                    return .unknown(reason: "`\(Self.shortened(call.trimmedDescription))`: a fixed size computed at run time")
                }
                return .font(face: .system(weight ?? .regular), size: .fixed(points))
            }
            if let styleName = call.arguments.first?.expression.writtenName, let style = Self.textStyle(styleName) {
                return .font(face: .system(weight ?? style.weight), size: .textStyle(style))
            }
        case "custom" where callee!.components.count == 1 || callee!.components == ["Font", "custom"]:
            let name = call.arguments.first.flatMap { $0.expression.plainString }
            let face: UIFontFace = name.map { .named($0) } ?? .named("?")
            if let fixed = call.argument("fixedSize") {
                guard let points = number(fixed, depth: depth) else { break }
                return name == nil ? .unknown(reason: "a custom font whose name is computed at run time")
                                   : .font(face: face, size: .fixed(points))
            }
            if let size = call.argument("size"), let points = number(size, depth: depth) {
                let relative = call.argument("relativeTo")?.writtenName.flatMap(Self.textStyle) ?? .body
                return name == nil ? .unknown(reason: "a custom font whose name is computed at run time")
                                   : .font(face: face, size: .relative(points, to: relative))
            }
        case "Font" where callee!.components.count == 1:
            // Font(UIFont.preferredFont(forTextStyle: .body)), Font(UIFont.systemFont(ofSize: 14))
            if let inner = call.arguments.first?.expression.unwrapped.as(FunctionCallExprSyntax.self) {
                if let style = inner.argument("forTextStyle")?.writtenName.flatMap(Self.textStyle) {
                    return .font(face: .system(style.weight), size: .textStyle(style))
                }
                if let size = inner.argument("ofSize"), let points = number(size, depth: depth) {
                    let uiWeight = inner.argument("weight")?.writtenName.flatMap { FontWeight(rawValue: $0.last) }
                    return .font(face: .system(uiWeight ?? .regular), size: .fixed(points))
                }
            }
        default:
            break
        }
        return .unknown(reason: "`\(Self.shortened(call.trimmedDescription))`: a font TypeFit cannot resolve")
    }

    /// typefit.yml's mapping for a token, by its spelling or its last name.
    private func token(_ name: WrittenName) -> UIFontSpec? {
        guard !fontTokens.isEmpty else { return nil }
        return fontTokens[name.components.joined(separator: ".")] ?? fontTokens[name.last]
    }

    /// A number: a literal, `CGFloat(n)`, or a static constant holding one; nil unless finite and
    /// within ±`UISourceNumbers.largest`.
    func number(_ expression: ExprSyntax, depth: Int = 0) -> Double? {
        let expression = expression.unwrapped
        if let value = expression.number { return UISourceNumbers.length(value) }
        if let call = expression.as(FunctionCallExprSyntax.self),
           ["CGFloat", "Double", "Float", "Int"].contains(call.calledExpression.writtenName?.spelled ?? ""),
           call.arguments.count == 1, let only = call.arguments.first {
            return number(only.expression, depth: depth)
        }
        guard depth < Self.deepestReference, let name = expression.writtenName,
              let property = declarations.lookup(name, scope: scope, implicitTypes: []),
              case let .expression(source) = property.value else { return nil }
        var inner = self
        inner.scope = property.scope
        return inner.number(Self.parse(source), depth: depth + 1)
    }

    /// A line count (0: no limit) as `UISourceNumbers.lines` reads it; a literal too large to be
    /// a number here (`Int.max`) is no limit too.
    func lineCount(_ expression: ExprSyntax) -> Int? {
        if let n = number(expression) { return UISourceNumbers.lines(n) }
        if let literal = expression.unwrapped.number, literal > UISourceNumbers.largest { return 0 }
        return nil
    }

    // MARK: Vocabulary

    static let fontModifiers: Set<String> = [
        "bold", "weight", "italic", "monospaced", "monospacedDigit", "smallCaps", "lowercaseSmallCaps",
        "uppercaseSmallCaps", "leading", "width",
    ]

    /// SwiftUI's and UIKit's text style names.
    static func textStyle(_ name: WrittenName) -> TextStyle? {
        switch name.last {
        case "largeTitle": .largeTitle
        case "title", "title1": .title1
        case "title2": .title2
        case "title3": .title3
        case "headline": .headline
        case "subheadline": .subheadline
        case "body": .body
        case "callout": .callout
        case "footnote": .footnote
        case "caption", "caption1": .caption1
        case "caption2": .caption2
        case "extraLargeTitle": .extraLargeTitle
        case "extraLargeTitle2": .extraLargeTitle2
        default: nil
        }
    }

    static func with(weight: FontWeight, _ font: UIFontSpec) -> UIFontSpec {
        guard case let .font(.system, size) = font else { return font }
        return .font(face: .system(weight), size: size)
    }

    /// Parses a kept expression's source again.
    static func parse(_ source: String) -> ExprSyntax {
        var parser = Parser(source)
        return ExprSyntax.parse(from: &parser)
    }

    /// An expression as quoted in a reason: one line, at most 60 characters.
    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return line.count <= 60 ? line : String(line.prefix(59)) + "…"
    }
}
