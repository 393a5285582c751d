import Foundation

extension TypographyKitParser {
    mutating func parseStyles(_ value: Any?, colors: [String: TypographyKitColor]) throws(TypographyKitConfigError) -> [String: TypographyKitStyle] {
        guard let value else { return [:] }
        let base = "ui-font-text-styles"
        let raw = try dictionary(value, base)
        var own: [String: TypographyKitStyle] = [:]
        for name in raw.keys.sorted() {
            let path = "\(base).\(name)"
            let d = try dictionary(raw[name] as Any, path)
            checkKeys(d, valid: TypographyKitStyle.keys, path: path)
            var s = TypographyKitStyle(name: name)
            func p(_ k: String) -> String { "\(path).\(k)" }
            if let v = d["extends"] { s.extends = try string(v, p("extends")) }
            if let v = d["font-name"] {
                let text = try string(v, p("font-name"))
                do throws(DynamicTypeError) { s.fontName = try TypographyKitFontName(parsing: text) } catch {
                    throw TypographyKitConfigError(keyPath: p("font-name"), message: error.message)
                }
            }
            // `as? Float` (FontTextStyleParser.typography): an inexact value is absent.
            if let v = d["point-size"] { s.pointSize = try pointSize(v, p("point-size")) }
            if let v = d["minimum-point-size"] { s.minimumPointSize = try pointSize(v, p("minimum-point-size")) }
            if let v = d["maximum-point-size"] { s.maximumPointSize = try pointSize(v, p("maximum-point-size")) }
            if let v = d["letter-case"] {
                let text = try string(v, p("letter-case"))
                do throws(DynamicTypeError) { s.letterCase = try LetterCase(parsing: text) } catch {
                    throw TypographyKitConfigError(keyPath: p("letter-case"), message: error.message)
                }
                if s.letterCase == .train {
                    warn(p("letter-case"), .noEffect, "LetterCase 2.0.0 has no train branch in letterCase(_:), so \"train\" leaves text unchanged")
                }
            }
            if let v = d["letter-spacing"] {
                let ls = try number(v, p("letter-spacing"))
                s.declaredLetterSpacing = ls
                s.letterSpacing = ls > 0 ? ls : nil
                if ls < 0 {
                    warn(p("letter-spacing"), .negativeLetterSpacing, "negative letter-spacing \(fmt(ls)) is ignored (TypographyKit applies kern only when > 0)")
                }
            }
            if let v = d["text-color"] {
                let c = try string(v, p("text-color"))
                var resolver = ColorResolver(raw: [:], known: colors)
                _ = try resolver.resolveValue(c, path: p("text-color"))
                warnings += resolver.warnings
                s.textColor = c
            }
            if let v = d["scaling-mode"] { s.scalingMode = try scalingMode(v, p("scaling-mode"), fallback: "the global scaling-mode") }
            own[name] = s
        }
        if !own.isEmpty {
            warn("ui-font-text-styles", .unlimitedLines, "TypographyKit gives every styled UILabel numberOfLines = 0 and lineBreakMode = .byWordWrapping (unlimited lines)")
        }
        var resolved: [String: TypographyKitStyle] = [:]
        for name in own.keys.sorted() {
            let path = "\(base).\(name)"
            switch try resolve(name, own: own, chain: []) {
            case .kept(let style):
                resolved[name] = style
                // Typography.font(_:) starts `guard let fontName = self.fontName, let pointSize =
                // self.pointSize else { return nil }`: no font, the label keeps its own.
                if style.fontName == nil {
                    warn(path, .noFont, "no font-name: TypographyKit gives this style no font (the label keeps its own), so TypeFit gives it no sizes")
                } else if style.pointSize == nil {
                    warn(path, .noFont, "no point-size: TypographyKit gives this style no font (the label keeps its own), so TypeFit gives it no sizes")
                }
            case .dropped(let reason):
                dropped.insert(name)
                let parent = own[name]?.extends ?? ""
                switch reason {
                case .cycle(let cycle) where cycle.first == name:
                    warn("\(path).extends", .droppedStyle, "extends cycle: \(cycle.joined(separator: " → ")); TypographyKit drops this style")
                case .unknownParent:
                    warn("\(path).extends", .droppedStyle, "extends unknown style \"\(parent)\"; TypographyKit drops this style (styles: \(own.keys.sorted().joined(separator: ", ")))")
                case .cycle, .droppedParent:
                    warn("\(path).extends", .droppedStyle, "extends \"\(parent)\", which TypographyKit drops; so it drops this style too")
                }
            }
        }
        return resolved
    }

    /// The most styles one `extends` chain may pass through.
    static let maximumExtendsDepth = 64

    /// Why TypographyKit drops a style (FontTextStyleParser.parseFontTextStyle: `.notFound` for an
    /// unknown parent, `.cyclicReference`, `.invalidReference` for a parent that was itself dropped).
    enum DropReason {
        /// The cycle from the style that closes it, e.g. [a, b, c, a].
        case cycle([String])
        case unknownParent
        case droppedParent
    }

    enum Resolution {
        case kept(TypographyKitStyle)
        case dropped(DropReason)
    }

    /// Resolves `extends` along the chain. Warnings about letter-spacing are given only for the style
    /// resolved at the top (`chain` empty), so each style is warned about once.
    mutating func resolve(_ name: String, own: [String: TypographyKitStyle], chain: [String]) throws(TypographyKitConfigError) -> Resolution {
        guard let s = own[name] else { return .dropped(.unknownParent) }
        guard let parentName = s.extends else { return .kept(s) }
        let path = "ui-font-text-styles.\(name).extends"
        let visited = chain + [name]
        if let start = visited.firstIndex(of: parentName) {
            return .dropped(.cycle(Array(visited[start...]) + [parentName]))
        }
        // Each style is resolved along its whole chain (no memo), so bound the depth: real configs nest a
        // few levels, and a generated 10 000-style chain would otherwise take O(n²) time and deep recursion.
        guard chain.count < Self.maximumExtendsDepth else {
            throw TypographyKitConfigError(keyPath: path, message: "extends chain deeper than \(Self.maximumExtendsDepth) styles")
        }
        guard own[parentName] != nil else { return .dropped(.unknownParent) }
        let parent: TypographyKitStyle
        switch try resolve(parentName, own: own, chain: visited) {
        case .kept(let p): parent = p
        case .dropped(.cycle(let cycle)): return .dropped(.cycle(cycle))
        case .dropped: return .dropped(.droppedParent)
        }
        var r = s
        r.fontName = s.fontName ?? parent.fontName
        r.pointSize = s.pointSize ?? parent.pointSize
        r.minimumPointSize = s.minimumPointSize ?? parent.minimumPointSize
        r.maximumPointSize = s.maximumPointSize ?? parent.maximumPointSize
        r.letterCase = s.letterCase ?? parent.letterCase
        r.textColor = s.textColor ?? parent.textColor
        r.scalingMode = s.scalingMode ?? parent.scalingMode
        // Quirk: letter-spacing is lost entirely (FontTextStyleParser.extend).
        r.letterSpacing = nil
        if chain.isEmpty {
            if let d = s.declaredLetterSpacing {
                warn("ui-font-text-styles.\(name).letter-spacing", .letterSpacingLost, "\(fmt(d)) is dropped because the style extends \"\(parentName)\" (TypographyKit's extend loses letter-spacing)")
            } else if let d = parent.declaredLetterSpacing {
                warn("ui-font-text-styles.\(name)", .letterSpacingLost, "does not inherit letter-spacing \(fmt(d)) from \"\(parentName)\" (TypographyKit's extend loses letter-spacing)")
            }
        }
        return .kept(r)
    }
}
