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
    /// The key `self` (or `rawValue`) stands for inside a localizing accessor being followed
    /// (`"key".localized`, `Strings.title.localized`).
    var subject: String? = nil
    /// Whether a stored property without a value is a view's argument that its creator passes
    /// (SwiftUI: unresolved until the call sites are followed); in a UIKit class it is the
    /// object's state, run-time data.
    var propertiesArePassed = true
    /// The texts a call site passes for the view's properties (`SettingsRow(title: L10n.settings)`
    /// read where it is called: `title` → the text of `L10n.settings`).
    var arguments: [String: UIText] = [:]

    /// How many static properties deep a value is followed (a constant naming a constant …).
    static let deepestReference = 8

    // MARK: Strings

    /// The string `expression` shows. `literalIsKey`: a string literal here is a `LocalizedStringKey`
    /// (`Text("Settings")`), looked up in `table` (default `Localizable`); otherwise it is shown as written.
    func text(_ expression: ExprSyntax, literalIsKey: Bool, table: String? = nil, depth: Int = 0) -> UIText {
        var expression = expression.unwrapped
        // `x.localizedUppercase`, `x.uppercased()`: the text of x; the case is `letterCase(of:)`'s.
        if let (inner, _) = Self.caseTransform(expression) { expression = inner }
        if let literal = expression.plainString {
            return literalIsKey ? .localized(table: table ?? "Localizable", key: literal, developmentText: literal)
                                : .verbatim(literal)
        }
        if expression.is(StringLiteralExprSyntax.self) {
            return .runtime(reason: "a string that interpolates run-time values")
        }
        if !arguments.isEmpty, var name = expression.writtenName, !name.implicit {
            if name.components.first == "self" { name.components.removeFirst() }
            if name.components.count == 1, let passed = arguments[name.components[0]] { return passed }
        }
        if let accessed = accessor(expression, depth: depth) { return accessed }
        if let call = expression.as(FunctionCallExprSyntax.self) { return text(call: call, depth: depth) }
        if let name = expression.writtenName {
            return text(named: name, depth: depth) ?? rSwift(name) ?? unfollowed(name)
        }
        if expression.is(TernaryExprSyntax.self) { return .runtime(reason: "a string chosen at run time (`? :`)") }
        let quoted = "`\(Self.shortened(expression.trimmedDescription))`"
        if let sequence = expression.as(SequenceExprSyntax.self),
           sequence.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) {
            return .runtime(reason: "\(quoted), computed at run time")
        }
        if Self.startsFromAValue(expression) { return .runtime(reason: "\(quoted), computed at run time") }
        return .unresolved(reason: "\(quoted), an expression TypeFit does not follow")
    }

    /// Whether a chain (`user?.name`, `item.title(for: x).uppercased()`, `rows[i].label`) starts from
    /// a value (a variable, `self`, `$0`) rather than a type (`L10n.x + …`): its result is run-time data.
    static func startsFromAValue(_ expression: ExprSyntax) -> Bool {
        var node = expression.unwrapped
        while true {
            if let member = node.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return false }
                node = base.unwrapped
            } else if let chained = node.as(OptionalChainingExprSyntax.self) {
                node = chained.expression.unwrapped
            } else if let call = node.as(FunctionCallExprSyntax.self) {
                node = call.calledExpression.unwrapped
            } else if let subscripted = node.as(SubscriptCallExprSyntax.self) {
                node = subscripted.calledExpression.unwrapped
            } else if let reference = node.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.unescapedName
                return name.first.map { $0.isLowercase || $0 == "$" || $0 == "_" } ?? false
                    || runtimeTypes.contains(name)
            } else {
                return false
            }
        }
    }

    /// The letter case the outermost transforms of `expression` apply (`.localizedUppercase`,
    /// `.uppercased()`, `.capitalized`, …; the outermost wins), `.regular` when there is none.
    /// `Text(x)` is looked into: its argument's case is the Text's.
    static func letterCase(of expression: ExprSyntax?) -> LetterCase {
        guard var expression = expression?.unwrapped else { return .regular }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.writtenName?.last == "Text",
           let first = call.arguments.first?.expression {
            expression = first.unwrapped
        }
        return caseTransform(expression)?.letterCase ?? .regular
    }

    /// `x.localizedUppercase`, `x.uppercased()`, `x.uppercased(with: locale)` and the lower-case and
    /// capitalized forms: x (with any inner transforms taken off too) and the outermost case.
    static func caseTransform(_ expression: ExprSyntax) -> (ExprSyntax, letterCase: LetterCase)? {
        var member = expression.as(MemberAccessExprSyntax.self)
        var called = false
        if member == nil, let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count <= 1,
           call.trailingClosure == nil {
            member = call.calledExpression.as(MemberAccessExprSyntax.self)
            called = true
        }
        guard let member, let base = member.base else { return nil }
        let property: [String: LetterCase] = ["localizedUppercase": .upper, "localizedLowercase": .lower,
                                              "localizedCapitalized": .capitalized, "capitalized": .capitalized]
        let function: [String: LetterCase] = ["uppercased": .upper, "lowercased": .lower, "capitalized": .capitalized]
        guard let found = (called ? function : property)[member.declName.baseName.text] else { return nil }
        var inner = base.unwrapped
        while let deeper = caseTransform(inner) { inner = deeper.0 }
        return (inner, found)
    }

    /// Types of Apple's SDK whose members are run-time values (`UIDevice.current.name`), not an
    /// app's strings.
    static let runtimeTypes: Set<String> = [
        "Bundle", "Calendar", "Date", "FileManager", "Locale", "ProcessInfo", "String", "TimeZone", "UIApplication",
        "UIDevice", "UIScreen", "URL", "UserDefaults",
    ]

    /// A name no declaration was found for. A member of a type (`L10n.title`, `.title`) and a
    /// property the view's creator passes (`title` of `struct Row { let title: String }`) are code
    /// TypeFit did not follow: unresolved. Any other value (`item.name`, a local) is run-time data.
    private func unfollowed(_ name: WrittenName, call: Bool = false) -> UIText {
        let quoted = "`\(Self.shortened(name.spelled))\(call ? "(…)" : "")`"
        var components = name.components
        if components.first == "self" { components.removeFirst() }
        if name.implicit ? name.last != "init" : components.first.map({ $0.first?.isUppercase == true && !Self.runtimeTypes.contains($0) }) ?? false {
            return .unresolved(reason: "\(quoted), a static \(call ? "function" : "value") TypeFit found no declaration of")
        }
        if !call, propertiesArePassed, components.count == 1, declarations.isParameter(components[0], of: scope) {
            return .unresolved(reason: "\(quoted), set by the code that creates the view")
        }
        return .runtime(reason: call ? "\(quoted), computed at run time" : "\(quoted), a value set at run time")
    }

    /// A localized key: a literal, the key `self` stands for in an accessor, an enum case's raw
    /// value (`Strings.title.rawValue`, or `Strings.title` where the accessor reads `rawValue`), a
    /// static constant holding one; `String.LocalizationValue(…)` around any of these.
    func keyString(_ expression: ExprSyntax, depth: Int = 0) -> String? {
        let expression = expression.unwrapped
        if let literal = expression.plainString { return literal }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first,
           only.label == nil,
           ["String.LocalizationValue", "LocalizationValue", "String", "LocalizedStringKey"].contains(call.calledExpression.writtenName?.spelled ?? "") {
            return keyString(only.expression, depth: depth)
        }
        guard var name = expression.writtenName, !name.implicit else { return nil }
        if name.components.first == "self" { name.components.removeFirst() }
        if let subject, name.components.isEmpty || name.components == ["rawValue"] { return subject }
        if name.components.count > 1, name.last == "rawValue" { name.components.removeLast() }
        guard !name.components.isEmpty, depth < Self.deepestReference,
              let property = declarations.lookup(name, scope: scope, implicitTypes: []) else { return nil }
        switch property.value {
        case .rawValue(let raw): return raw
        case .expression(let source):
            var inner = self
            inner.scope = property.scope
            inner.subject = nil
            return inner.keyString(Self.parse(source), depth: depth + 1)
        case .swiftGen: return nil
        }
    }

    /// `"key".localized`, `"key".localized(comment: …)`, `Strings.title.localized`: an instance
    /// member of `String` (or of the enum whose case is named) that the app declares, followed with
    /// the key in place of `self`. Nil when the member is not such an accessor or gives no key.
    private func accessor(_ expression: ExprSyntax, depth: Int) -> UIText? {
        let member = expression.as(MemberAccessExprSyntax.self)
            ?? expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        guard let member, let base = member.base, depth < Self.deepestReference else { return nil }
        var types: Set<String> = ["String", "StringProtocol"]
        if let baseName = base.unwrapped.writtenName, !baseName.implicit,
           let property = declarations.lookup(baseName, scope: scope, implicitTypes: []),
           case .rawValue = property.value, let type = property.scope.last {
            types.insert(type)
        }
        guard let declared = declarations.member(member.declName.baseName.unescapedName, of: types),
              let key = keyString(base, depth: depth) else { return nil }
        var inner = self
        inner.scope = declared.scope
        inner.subject = key
        let text = inner.text(Self.parse(declared.expression), literalIsKey: false, depth: depth + 1)
        if case .localized = text { return text }
        return nil
    }

    private func text(call: FunctionCallExprSyntax, depth: Int) -> UIText {
        let callee = call.calledExpression.writtenName
        switch callee?.components ?? [] {
        case ["NSLocalizedString"]:
            guard let first = call.arguments.first?.expression, let key = keyString(first, depth: depth) else { break }
            let table = call.argument("tableName")?.plainString
            return .localized(table: table ?? "Localizable", key: key,
                              developmentText: call.argument("value")?.plainString ?? key)
        case ["String"] where call.has("localized"), ["LocalizedStringResource"], ["LocalizedStringKey"],
             ["Text"]:
            guard let first = call.arguments.first?.expression else { break }
            let table = call.argument("table")?.plainString ?? call.argument("tableName")?.plainString
            if let key = keyString(first, depth: depth) {
                return .localized(table: table ?? "Localizable", key: key,
                                  developmentText: call.argument("defaultValue")?.plainString ?? key)
            }
            return text(first, literalIsKey: true, table: table, depth: depth + 1)
        case ["String"] where call.has("format"):
            if let format = call.argument("format") { return text(format, literalIsKey: false, depth: depth + 1) }
        case let components where components.last == "localizedString" && call.has("forKey"):
            // Bundle.main.localizedString(forKey:value:table:)
            guard let forKey = call.argument("forKey"), let key = keyString(forKey, depth: depth) else { break }
            return .localized(table: call.argument("table")?.plainString ?? "Localizable", key: key,
                              developmentText: call.argument("value")?.plainString ?? key)
        default:
            if let callee, let found = text(named: callee, depth: depth) ?? rSwift(callee) { return found }
        }
        if let callee { return unfollowed(callee, call: true) }
        return .unresolved(reason: "`\(Self.shortened(call.calledExpression.trimmedDescription))(…)`, an expression TypeFit does not follow")
    }

    /// R.swift's accessor `R.string.localizable.settingsTitle` (called, or R.swift 7's resource):
    /// the strings key the name is made from, in the table its file names (`Localizable`).
    private func rSwift(_ name: WrittenName) -> UIText? {
        let c = name.components
        guard !name.implicit, c.count == 4, c[0] == "R", c[1] == "string", let key = declarations.key(named: c[3]) else { return nil }
        let table = c[2].prefix(1).uppercased() + c[2].dropFirst()
        return .localized(table: table, key: key, developmentText: nil)
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
        case .rawValue:
            return nil
        case let .expression(source):
            let isKey = ["LocalizedStringKey", "LocalizedStringResource"].contains(property.typeName ?? "")
            var inner = self
            inner.scope = property.scope
            inner.subject = nil
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
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??", let first = sequence.elements.first {
            // `UIFont(name: "Brand", size: 15) ?? .systemFont(ofSize: 15)`: the app ships the font it names.
            return font(first, depth: depth)
        }
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
        // The called member's name, also after a call (`UIFontMetrics(forTextStyle: .body).scaledFont`).
        let calledName = callee?.components.last ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        let components = callee?.components ?? []
        switch calledName {
        case "system" where components.count == 1 || components == ["Font", "system"]:
            if let size = call.argument("size") {
                guard let points = number(size, depth: depth) else {
                    return .unknown(reason: "`\(Self.shortened(call.trimmedDescription))`: a fixed size computed at run time")
                }
                return .font(face: .system(weight ?? .regular), size: .fixed(points))
            }
            if let styleName = call.arguments.first?.expression.writtenName, let style = Self.textStyle(styleName) {
                return .font(face: .system(weight ?? style.weight), size: .textStyle(style))
            }
        case "custom" where components.count == 1 || components == ["Font", "custom"]:
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
        case "preferredFont":
            // UIKit: UIFont.preferredFont(forTextStyle: .body)
            if let style = call.argument("forTextStyle")?.writtenName.flatMap(Self.textStyle) {
                return .font(face: .system(style.weight), size: .textStyle(style))
            }
        case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont":
            // UIKit: UIFont.systemFont(ofSize: 15, weight: .semibold)
            guard let size = call.argument("ofSize") else { break }
            guard let points = number(size, depth: depth) else {
                return .unknown(reason: "`\(Self.shortened(call.trimmedDescription))`: a fixed size computed at run time")
            }
            let bold = calledName == "boldSystemFont"
            return .font(face: .system(weight ?? (bold ? .bold : .regular)), size: .fixed(points))
        case "UIFont" where components.count == 1 && call.has("name") && call.has("size"):
            // UIKit: UIFont(name: "Brand-Regular", size: 15)
            guard let name = call.argument("name")?.plainString, let size = call.argument("size"),
                  let points = number(size, depth: depth) else { break }
            return .font(face: .named(name), size: .fixed(points))
        case "scaledFont":
            // UIKit: UIFontMetrics(forTextStyle: .headline).scaledFont(for: base) scales base's size like
            // that style (UIFontMetrics.default: like body); a maximumPointSize is not modelled.
            guard let base = call.argument("for") else { break }
            let metrics = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.unwrapped
            var style = TextStyle.body
            if let metricsCall = metrics?.as(FunctionCallExprSyntax.self) {
                guard let named = (metricsCall.argument("forTextStyle") ?? metricsCall.argument("for"))?.writtenName.flatMap(Self.textStyle)
                else { break }
                style = named
            } else if metrics?.writtenName?.last != "default" {
                break
            }
            switch font(base, depth: depth) {
            case let .font(face, .fixed(points)): return .font(face: face, size: .relative(points, to: style))
            case let .font(face, size): return .font(face: face, size: size)
            case let .unknown(reason): return .unknown(reason: reason)
            }
        case "Font" where components.count == 1:
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
