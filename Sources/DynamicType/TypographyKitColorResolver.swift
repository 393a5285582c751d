import Foundation

/// Resolves colour strings and keys like TypographyKit's ColorParser.
struct ColorResolver {
    let raw: [String: Any]
    var resolved: [String: TypographyKitColor] = [:]
    var warnings: [TypographyKitWarning] = []
    var stack: [String] = []

    init(raw: [String: Any], known: [String: TypographyKitColor] = [:]) {
        self.raw = raw
        self.resolved = known
    }

    mutating func resolveKey(_ key: String) throws(TypographyKitConfigError) -> TypographyKitColor {
        if let c = resolved[key] { return c }
        let path = "typography-colors.\(key)"
        if stack.contains(key) {
            let cycle = (stack.drop { $0 != key } + [key]).joined(separator: " → ")
            throw TypographyKitConfigError(keyPath: path, message: "colour reference cycle: \(cycle)")
        }
        stack.append(key)
        defer { stack.removeLast() }
        let value = raw[key] as Any
        let color: TypographyKitColor
        if let s = value as? String {
            color = try resolveValue(s, path: path)
        } else if let d = value as? [String: Any] {
            for k in d.keys.sorted() where !["light", "dark"].contains(k.lowercased()) {
                warnings.append(TypographyKitWarning(keyPath: "\(path).\(k)", code: .noEffect, message: "unknown interface style, ignored (valid: light, dark)"))
            }
            var light: TypographyKitColor?
            var dark: TypographyKitColor?
            for (k, v) in d.sorted(by: { $0.key < $1.key }) {
                guard let s = v as? String else {
                    throw TypographyKitConfigError(keyPath: "\(path).\(k)", message: "expected a colour string, got \(v)")
                }
                switch k.lowercased() {
                case "light": light = try resolveValue(s, path: "\(path).\(k)")
                case "dark": dark = try resolveValue(s, path: "\(path).\(k)")
                default: break
                }
            }
            guard let light else {
                throw TypographyKitConfigError(keyPath: path, message: "a light/dark colour needs a \"light\" value")
            }
            color = .dynamic(light: light, dark: dark)
        } else {
            throw TypographyKitConfigError(keyPath: path, message: "expected a colour string or a light/dark dictionary, got \(value)")
        }
        resolved[key] = color
        return color
    }

    /// A colour string: a key reference, hex, rgb(...), a built-in name, or "<shade> <colour>".
    mutating func resolveValue(_ text: String, path: String) throws(TypographyKitConfigError) -> TypographyKitColor {
        let s = text.trimmingCharacters(in: .whitespaces)
        if raw[s] != nil || resolved[s] != nil { return try resolveKey(s) }
        if s.hasPrefix("#") || (s.count == 6 && s.allSatisfy(\.isHexDigit)) {
            guard let c = Self.hex(s) else {
                throw TypographyKitConfigError(keyPath: path, message: "invalid hex colour \"\(text)\" (use #RGB, #RRGGBB or #RRGGBBAA)")
            }
            return c
        }
        if s.hasPrefix("rgb") || s.hasPrefix("(") {
            guard let c = Self.rgb(s) else {
                throw TypographyKitConfigError(keyPath: path, message: "invalid rgb colour \"\(text)\" (use rgb(r,g,b) with 0…255 or rgba(r,g,b,a) with a in 0…1)")
            }
            return c
        }
        if TypographyKitColor.builtInNames.contains(s) { return .named(s) }
        let words = s.split(separator: " ").map(String.init)
        if words.count > 1, let shade = words.first(where: { TypographyKitColor.shades.contains($0) }) {
            var rest = words
            rest.removeAll { $0 == shade }
            return .shade(shade, try resolveValue(rest.joined(separator: " "), path: path))
        }
        if words.count == 1 {
            warnings.append(TypographyKitWarning(keyPath: path, code: .assetCatalogColor,
                                                 message: "\"\(s)\" is not a built-in colour, hex, rgb or colour key; assumed to be an asset-catalog colour (not checked)"))
            return .assetCatalog(s)
        }
        throw TypographyKitConfigError(keyPath: path, message: "unknown colour \"\(text)\"")
    }

    static func hex(_ text: String) -> TypographyKitColor? {
        let h = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard h.allSatisfy(\.isHexDigit), [3, 6, 8].contains(h.count) else { return nil }
        let digits = h.count == 3 ? h.map { "\($0)\($0)" }.joined() : h
        var comps: [Double] = []
        var i = digits.startIndex
        while i < digits.endIndex {
            let j = digits.index(i, offsetBy: 2)
            guard let v = UInt8(digits[i..<j], radix: 16) else { return nil }
            comps.append(Double(v) / 255)
            i = j
        }
        return .rgba(red: comps[0], green: comps[1], blue: comps[2], alpha: comps.count == 4 ? comps[3] : 1)
    }

    static func rgb(_ text: String) -> TypographyKitColor? {
        var body = text.replacingOccurrences(of: " ", with: "")
        let isRGBA = body.hasPrefix("rgba(")
        for prefix in ["rgba(", "rgb(", "("] where body.hasPrefix(prefix) {
            body = String(body.dropFirst(prefix.count))
            break
        }
        guard body.hasSuffix(")") else { return nil }
        let parts = body.dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == (isRGBA ? 4 : 3) else { return nil }
        var comps: [Double] = []
        for p in parts.prefix(3) {
            guard let v = Int(p), (0...255).contains(v) else { return nil }
            comps.append(Double(v) / 255)
        }
        var alpha = 1.0
        if isRGBA {
            guard let a = Double(parts[3]), (0...1).contains(a) else { return nil }
            alpha = a
        }
        return .rgba(red: comps[0], green: comps[1], blue: comps[2], alpha: alpha)
    }
}


