import Foundation
import TypeFitSupport

/// Reads a TypographyKit configuration object into `TypographyKitConfig`, collecting warnings.
struct TypographyKitParser {
    var warnings: [TypographyKitWarning] = []
    var dropped: Set<String> = []

    mutating func warn(_ keyPath: String, _ code: TypographyKitWarning.Code, _ message: String) {
        warnings.append(TypographyKitWarning(keyPath: keyPath, code: code, message: message))
    }

    static let topKeys = ["typography-colors", "typography-kit", "ui-font-text-styles"]

    mutating func run(_ object: Any) throws(TypographyKitConfigError) -> TypographyKitConfig {
        guard let root = object as? [String: Any] else {
            throw TypographyKitConfigError(keyPath: "", message: "expected a dictionary at the top level, got \(describe(object))")
        }
        checkKeys(root, valid: Self.topKeys, path: "")
        let settings = try parseSettings(root["typography-kit"])
        let colors = try parseColors(root["typography-colors"])
        let styles = try parseStyles(root["ui-font-text-styles"], colors: colors)
        return TypographyKitConfig(settings: settings, colors: colors, styles: styles, droppedStyles: dropped,
                                   warnings: warnings.sorted { $0.description < $1.description })
    }

    // MARK: values

    func describe(_ value: Any) -> String {
        if let s = value as? String { return "\"\(s)\"" }
        if value is [String: Any] { return "a dictionary" }
        if value is [Any] { return "an array" }
        if isBoolean(value) { return (value as? Bool) == true ? "true" : "false" }
        return "\(value)"
    }

    /// JSON/plist booleans arrive as `Bool` or a boolean NSNumber (objCType "c"), never as integers here.
    func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let n = value as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    func number(_ value: Any, _ path: String) throws(TypographyKitConfigError) -> Double {
        if !(value is String), !isBoolean(value), let n = value as? NSNumber {
            // Property lists can hold <real>nan</real> and <real>inf</real>; no size is made of those.
            guard n.doubleValue.isFinite else {
                throw TypographyKitConfigError(keyPath: path, message: "expected a finite number, got \(n.doubleValue)")
            }
            // 1e308 would overflow to infinity in later arithmetic.
            if let problem = Figures.problem(with: n.doubleValue) {
                throw TypographyKitConfigError(keyPath: path, message: "expected a finite number, got \(problem)")
            }
            return n.doubleValue
        }
        throw TypographyKitConfigError(keyPath: path, message: "expected a number, got \(describe(value))")
    }

    /// A number TypographyKit reads with `as? Float`: nil (with an `inexactFloat` warning) unless it is
    /// exactly representable in binary32. Foundation's `NSNumber` → `Float` bridging succeeds only for
    /// exact values (`Float(exactly:)`), so on a device 1.1 or 30.3 is read as absent.
    mutating func float(_ value: Any, _ path: String) throws(TypographyKitConfigError) -> Double? {
        let n = try number(value, path)
        guard let f = Float(exactly: n) else {
            warn(path, .inexactFloat, "\(fmt(n)) is not exact in Float: TypographyKit ignores it")
            return nil
        }
        return Double(f)
    }

    /// A point size read as TypographyKit does (`float`), and > 0: TypeFit makes no font of a size ≤ 0.
    mutating func pointSize(_ value: Any, _ path: String) throws(TypographyKitConfigError) -> Double? {
        guard let n = try float(value, path) else { return nil }
        guard n > 0 else { throw TypographyKitConfigError(keyPath: path, message: "expected a number > 0, got \(describe(value))") }
        return n
    }

    /// A `scaling-mode`: nil (with a warning) for an unknown name, as `ScalingMode(rawValue:)` gives.
    mutating func scalingMode(_ value: Any, _ path: String, fallback: String) throws(TypographyKitConfigError) -> TypographyKitScalingMode? {
        let text = try string(value, path)
        guard let mode = TypographyKitScalingMode(rawValue: text) else {
            let valid = TypographyKitScalingMode.allCases.map(\.rawValue)
            // The closest name, whatever the distance (a mode name has under 30 characters: a
            // longer value gets no suggestion, so its length costs nothing).
            let near = text.utf8.count > 64 ? "" : valid.min { editDistance(text, $0) < editDistance(text, $1) }
                .map { " (did you mean \"\($0)\"?)" } ?? ""
            warn(path, .unknownScalingMode, "unknown value \"\(quotedInput(text))\"; TypographyKit falls back to \(fallback)\(near)")
            return nil
        }
        return mode
    }

    func string(_ value: Any, _ path: String) throws(TypographyKitConfigError) -> String {
        guard let s = value as? String else {
            throw TypographyKitConfigError(keyPath: path, message: "expected a string, got \(describe(value))")
        }
        return s
    }

    func bool(_ value: Any, _ path: String) throws(TypographyKitConfigError) -> Bool {
        if isBoolean(value), let b = value as? Bool { return b }
        throw TypographyKitConfigError(keyPath: path, message: "expected true or false, got \(describe(value))")
    }

    func dictionary(_ value: Any, _ path: String) throws(TypographyKitConfigError) -> [String: Any] {
        guard let d = value as? [String: Any] else {
            throw TypographyKitConfigError(keyPath: path, message: "expected a dictionary, got \(describe(value))")
        }
        return d
    }

    func choice(_ value: Any, _ path: String, _ valid: [String]) throws(TypographyKitConfigError) -> String {
        let s = try string(value, path)
        guard valid.contains(s) else {
            throw TypographyKitConfigError(keyPath: path, message: "unknown value \"\(s)\"; valid: \(valid.joined(separator: ", "))")
        }
        return s
    }

    func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : "\(a).\(b)" }

    mutating func checkKeys(_ dict: [String: Any], valid: [String], path: String) {
        for key in dict.keys.sorted() where !valid.contains(key) {
            let near = valid.min { editDistance(key, $0) < editDistance(key, $1) } ?? ""
            warn(join(path, key), .unknownKey, "unknown key, ignored by TypographyKit (nearest valid key: \(near))")
        }
    }

    // MARK: settings

    mutating func parseSettings(_ value: Any?) throws(TypographyKitConfigError) -> TypographyKitSettings {
        var s = TypographyKitSettings()
        guard let value else { return s }
        let base = "typography-kit"
        let d = try dictionary(value, base)
        checkKeys(d, valid: TypographyKitSettings.keys, path: base)
        func p(_ k: String) -> String { "\(base).\(k)" }
        // Each number is read with `as? Float` and a nil keeps the default (ParsingService.swift's
        // `typographyKitConfig[…] as? Float` and TypographyKitConfiguration's `copy`, which keeps the
        // current value for nil). Any finite multiplier and step are accepted, negative ones too.
        if let v = d["point-step-size"], let n = try float(v, p("point-step-size")) { s.pointStepSize = n }
        if let v = d["point-step-multiplier"], let n = try float(v, p("point-step-multiplier")) { s.pointStepMultiplier = n }
        if let v = d["minimum-point-size"] { s.minimumPointSize = try pointSize(v, p("minimum-point-size")) }
        if let v = d["maximum-point-size"] { s.maximumPointSize = try pointSize(v, p("maximum-point-size")) }
        if let v = d["scaling-mode"] {
            s.scalingMode = try scalingMode(v, p("scaling-mode"), fallback: TypographyKitScalingMode.uifontmetricsWithFallback.rawValue)
                ?? .uifontmetricsWithFallback
        }
        if let v = d["configuration-name"] { s.configurationName = try string(v, p("configuration-name")) }
        if let v = d["configuration-type"] { s.configurationType = try choice(v, p("configuration-type"), ["json", "plist"]) }
        if let v = d["configuration-url"] { s.configurationURL = try string(v, p("configuration-url")) }
        if let v = d["development-color"] { s.developmentColor = try string(v, p("development-color")) }
        if let v = d["fallback-color"] { s.fallbackColor = try string(v, p("fallback-color")) }
        if let v = d["is-development"] { s.isDevelopment = try bool(v, p("is-development")) }
        if let v = d["should-crash-if-color-not-found"] { s.shouldCrashIfColorNotFound = try bool(v, p("should-crash-if-color-not-found")) }
        if let v = d["should-use-development-colors"] { s.shouldUseDevelopmentColors = try bool(v, p("should-use-development-colors")) }
        if let v = d["labels"] {
            let labels = try dictionary(v, p("labels"))
            for key in labels.keys.sorted() where key != "line-break-mode" {
                if key == "line-break" {
                    warn(p("labels.line-break"), .noEffect, "the documented key is not the one TypographyKit parses (it reads labels.line-break-mode); this value has no effect")
                } else {
                    warn(p("labels.\(key)"), .unknownKey, "unknown key, ignored by TypographyKit (nearest valid key: line-break-mode)")
                }
            }
            if let m = labels["line-break-mode"] {
                s.labelLineBreakMode = try choice(m, p("labels.line-break-mode"),
                                                  ["char-wrap", "clip", "truncate-head", "truncate-middle", "truncate-tail", "word-wrap"])
            }
            warn(p("labels"), .noEffect, "TypographyKit's setLabelSettings ignores its argument (inferred from source), so label settings probably have no effect")
        }
        if let v = d["buttons"] {
            let buttons = try dictionary(v, p("buttons"))
            checkKeys(buttons, valid: ["title-color-apply-mode"], path: p("buttons"))
            if let m = buttons["title-color-apply-mode"] {
                s.buttonTitleColorApplyMode = try choice(m, p("buttons.title-color-apply-mode"), ["all", "none", "normal", "where-unspecified"])
            }
        }
        return s
    }

    // MARK: colours

    mutating func parseColors(_ value: Any?) throws(TypographyKitConfigError) -> [String: TypographyKitColor] {
        guard let value else { return [:] }
        let raw = try dictionary(value, "typography-colors")
        var resolver = ColorResolver(raw: raw)
        for key in raw.keys.sorted() {
            _ = try resolver.resolveKey(key)
        }
        warnings += resolver.warnings
        return resolver.resolved
    }
}

func fmt(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
