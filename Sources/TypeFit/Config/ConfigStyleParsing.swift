import DynamicType
import Foundation
import TypeFitSupport
import Yams

extension ConfigParser {
    static let styleKeys = [
        "font", "model", "textStyle", "size", "algorithm", "step", "multiplier", "smallest", "maximumNormal",
        "maximumAccessibility", "sizes", "lineHeights", "androidConversion", "minimum", "maximum", "categories",
        "lineHeight", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight", "letterCase", "letterSpacing", "weight",
    ]

    /// Keys that only some models use, and the models that use them.
    static let modelKeys: [String: [ConfigScalingModel]] = [
        "textStyle": [.apple, .uifontmetrics],
        "size": [.uifontmetrics, .stepping, .interpolate, .android, .fixed],
        "algorithm": [.uifontmetrics],
        "step": [.stepping], "multiplier": [.stepping],
        "smallest": [.interpolate], "maximumNormal": [.interpolate], "maximumAccessibility": [.interpolate],
        "sizes": [.table], "lineHeights": [.table],
        "androidConversion": [.android],
    ]

    /// Keys each model requires.
    static let requiredKeys: [ConfigScalingModel: [String]] = [
        .apple: ["textStyle"], .uifontmetrics: ["textStyle", "size"], .stepping: ["size"],
        .interpolate: ["size", "smallest", "maximumNormal", "maximumAccessibility"], .table: ["sizes"],
        .android: ["size"], .fixed: ["size"],
    ]

    func parseStyles(_ node: ConfigCursor, typographyKit: Bool) throws -> [ConfigStyle] {
        try node.mapping(what: "a mapping of style name → style").entries.map { entry in
            let map = try entry.value.mapping(allowed: Self.styleKeys, what: "a style")
            var font: String?
            if let node = map["font"] {
                font = try node.string(what: "a font id")
                fontReferences.append((font ?? "", node))
            }
            let model = try map["model"]?.choice(ConfigScalingModel.self)
            // An Apple text style is drawn in the system font when it names no font.
            let appleTextStyle = map.has("textStyle") && (model == .apple || model == .uifontmetrics)
            if let node = map["weight"] {
                font = try systemFont(weight: node, font: font, implied: appleTextStyle)
            }
            if font == nil && !typographyKit && !appleTextStyle {
                throw entry.value.fail("missing required key \"font\" (only a style with an Apple textStyle is drawn in the system font without one)")
            }
            if let model {
                for key in Self.requiredKeys[model] ?? [] where !map.has(key) {
                    throw entry.value.fail("missing required key \"\(key)\" for the \(model.rawValue) model")
                }
                for item in map.entries {
                    if let users = Self.modelKeys[item.key], !users.contains(model) {
                        context.warnings.append(ConfigWarning(location: item.value.location,
                            message: "ignored by the \(model.rawValue) model (used by \(users.map(\.rawValue).joined(separator: ", ")))"))
                    }
                }
            } else if !typographyKit {
                throw entry.value.fail("missing required key \"model\"")
            }

            var textStyle: TextStyle?
            if let node = map["textStyle"] {
                let name = try node.string(what: "a text style")
                let names = TextStyle.allCases.map(\.rawValue)
                guard let style = TextStyle(rawValue: name) else {
                    throw node.fail("unknown text style \(node.shown)" + suggestion(name, names, defined: "text styles"))
                }
                textStyle = style
            }
            func positive(_ key: String) throws -> Double? { try map[key]?.number(minimum: 0, exclusive: true) }
            func nonNegative(_ key: String) throws -> Double? { try map[key]?.number(minimum: 0) }
            func table(_ key: String) throws -> [ContentSizeCategory: Double]? {
                guard let node = map[key] else { return nil }
                let entries = try node.mapping(what: "a mapping of category → points").entries
                guard entries.count == 12 else {
                    throw node.fail("expected a value for each of the 12 categories (xS … AX5), got \(entries.count)")
                }
                var result: [ContentSizeCategory: Double] = [:]
                for item in entries {
                    let category = try item.keyCursor.category(item.key)
                    guard result[category] == nil else {
                        throw item.keyCursor.fail("\(category.shortName) is given twice")
                    }
                    result[category] = try item.value.number(minimum: 0, exclusive: true)
                }
                return result
            }
            var lineHeight: ConfigLineHeight?
            if let node = map["lineHeight"] {
                if case .scalar(let scalar) = node.node, scalar.string == "font" { lineHeight = .font }
                else if case .scalar(let scalar) = node.node, scalar.string == "hig" {
                    guard textStyle != nil || model == nil else {
                        throw node.fail("\"hig\" line height needs a textStyle (apple or uifontmetrics model)")
                    }
                    lineHeight = .hig
                } else if node.isNumber {
                    lineHeight = .points(try node.number(minimum: 0, exclusive: true))
                } else {
                    throw node.fail("expected font, hig or a finite number > 0 (points), got \(node.shown)")
                }
            }
            let style = ConfigStyle(
                name: entry.key, font: font, model: model, textStyle: textStyle,
                size: try positive("size"),
                algorithm: try map["algorithm"]?.choice(ConfigUIFontMetricsAlgorithm.self),
                step: try map["step"]?.number(), multiplier: try positive("multiplier"),
                smallest: try positive("smallest"), maximumNormal: try positive("maximumNormal"),
                maximumAccessibility: try positive("maximumAccessibility"),
                sizes: try table("sizes"), lineHeights: try table("lineHeights"),
                androidConversion: try map["androidConversion"]?.choice(ConfigAndroidConversion.self),
                minimum: try positive("minimum"), maximum: try positive("maximum"),
                categories: try map["categories"].map { node in
                    try node.categoryRange(try node.string(what: "a category range like \"xS...AX3\""))
                },
                lineHeight: lineHeight, lineHeightMultiple: try positive("lineHeightMultiple"),
                minimumLineHeight: try positive("minimumLineHeight"), maximumLineHeight: try positive("maximumLineHeight"),
                letterCase: try map["letterCase"]?.choice(LetterCase.self),
                letterSpacing: try map["letterSpacing"]?.number(),
                location: entry.value.location)
            let f = ConfigCursor.format
            if let low = style.minimum, let high = style.maximum, low > high, let node = map["maximum"] {
                throw node.fail("maximum \(f(high)) is below minimum \(f(low))")
            }
            if let low = style.minimumLineHeight, let high = style.maximumLineHeight, low > high, let node = map["maximumLineHeight"] {
                throw node.fail("maximumLineHeight \(f(high)) is below minimumLineHeight \(f(low))")
            }
            if model == .interpolate, let small = style.smallest, let size = style.size, let normal = style.maximumNormal,
               let large = style.maximumAccessibility, !(small <= size && size <= normal && normal <= large) {
                throw entry.value.fail("interpolate sizes must not decrease: smallest \(f(small)), size \(f(size)), maximumNormal \(f(normal)), maximumAccessibility \(f(large))")
            }
            return style
        }
    }
}

extension ConfigParser {
    /// A style's `weight:`: the font id of the system font in that weight (`font: system`,
    /// `weight: bold` is `systemBold`). Only for the system font: `font: system`, or no `font` on
    /// a style with an Apple text style (drawn in the system font).
    func systemFont(weight node: ConfigCursor, font: String?, implied: Bool) throws -> String {
        let weight = try node.choice(SystemFontWeight.self)
        switch font {
        case SystemFontWeight.regular.fontID?:
            return weight.fontID
        case let name? where SystemFontWeight(fontID: name) != nil:
            throw node.fail("\"\(name)\" already names a weight; write `font: system` with `weight:`, or the id alone")
        case let name?:
            throw node.fail("`weight:` is for the system font (`font: system`), not \"\(name)\": a declared font's weight is its file, `instance` or `variations: { wght: … }`")
        case nil:
            guard implied else { throw node.fail("`weight:` is for the system font: add `font: system`") }
            return weight.fontID
        }
    }

    /// `ignoreTypographyKitWarnings:`: kinds of TypographyKit warnings not to print (each warning
    /// ends with its kind in brackets, e.g. `[unlimitedLines]`).
    func parseIgnoredTypographyKitWarnings(_ node: ConfigCursor, typographyKit: Bool) throws -> Set<TypographyKitWarning.Code> {
        guard typographyKit else {
            throw node.fail("ignoreTypographyKitWarnings needs a `typographyKit:` config whose warnings it silences")
        }
        let names = TypographyKitWarning.Code.allCases.map(\.rawValue)
        return Set(try node.stringList(what: "a TypographyKit warning kind").map { name, item in
            guard let code = TypographyKitWarning.Code(rawValue: name) else {
                throw item.fail("unknown TypographyKit warning kind \"\(name)\""
                    + (nearest(name, in: names).map { "; did you mean \"\($0)\"?" } ?? " (kinds: \(names.joined(separator: ", ")))"))
            }
            return code
        })
    }
}
