import Foundation
import TypeFitSupport

/// A problem in a TypographyKit configuration: `keyPath` (dot-separated) and what is wrong.
/// `description` is `"<keyPath>: <message>"` on one line; the caller prefixes the file name.
public struct TypographyKitConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public let keyPath: String
    public let message: String
    /// Line and column in the file, when known (JSON syntax errors).
    public let position: TextPosition?
    public init(keyPath: String, message: String, position: TextPosition? = nil) {
        self.keyPath = keyPath
        self.message = message
        self.position = position
    }
    /// `[line:column: ][keyPath: ]message`; prefix it with the file name and a colon.
    public var description: String {
        (position.map { "\($0): " } ?? "") + (keyPath.isEmpty ? message : "\(keyPath): \(message)")
    }
}

/// Something TypographyKit reads differently from what the file says (a value it ignores, a style it
/// drops, a quirk): where (`keyPath`, dot-separated), what kind (`code`) and a one-line `message`.
/// `description` is `"<keyPath>: <message>"`; the caller prefixes the file name.
public struct TypographyKitWarning: Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// A key TypographyKit does not read.
        case unknownKey
        /// A number not exactly representable in binary32: TypographyKit's `as? Float` yields nil.
        case inexactFloat
        /// A style without `font-name` or `point-size`: `Typography.font()` returns nil.
        case noFont
        /// An unknown `scaling-mode`: `ScalingMode(rawValue:)` is nil, so the default/global mode applies.
        case unknownScalingMode
        /// A style TypographyKit drops: `extends` of an unknown, cyclic or dropped style.
        case droppedStyle
        /// `extends` loses letter-spacing.
        case letterSpacingLost
        /// Negative letter-spacing is not applied.
        case negativeLetterSpacing
        /// A setting that has no effect in TypographyKit (documented-but-unparsed key, ignored argument,
        /// a no-op letter case, an unknown interface style).
        case noEffect
        /// Every styled label gets unlimited lines.
        case unlimitedLines
        /// A colour name assumed to come from an asset catalog (not checked).
        case assetCatalogColor
    }
    public let keyPath: String
    public let code: Code
    public let message: String
    public init(keyPath: String, code: Code, message: String) {
        self.keyPath = keyPath
        self.code = code
        self.message = message
    }
    public var description: String { keyPath.isEmpty ? message : "\(keyPath): \(message)" }
}

/// TypographyKit `scaling-mode`.
public enum TypographyKitScalingMode: String, CaseIterable, Sendable, Codable {
    /// `UIFontMetrics.default` (BODY curve for every style), maximum clamps, below minimum → minimum.
    case uifontmetrics
    /// TypographyKit's default; identical to `uifontmetrics` in practice (stepping only when the font
    /// cannot be created at all).
    case uifontmetricsWithFallback = "uifontmetrics-with-fallback"
    /// `point-size + step × multiplier × index`, min then max.
    case stepping
    /// `point-size` unchanged.
    case disabled
}

/// A colour from `typography-colors` or a `text-color`, kept symbolically for reports.
public indirect enum TypographyKitColor: Equatable, Sendable {
    /// Components 0…1.
    case rgba(red: Double, green: Double, blue: Double, alpha: Double)
    /// A UIKit colour name TypographyKit knows (`black`, `darkGray`, …, `clear`).
    case named(String)
    /// A name that is neither built in nor a key: assumed to be an asset-catalog colour (cannot be
    /// checked on Linux; reported as a warning).
    case assetCatalog(String)
    /// `"<shade> <colour>"`, shade ∈ light, lighter, lightest, dark, darker, darkest.
    case shade(String, TypographyKitColor)
    /// A light/dark pair (`light` required).
    case dynamic(light: TypographyKitColor, dark: TypographyKitColor?)

    /// UIKit colour names TypographyKit accepts without an asset catalog.
    public static let builtInNames = ["black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue",
                                      "cyan", "yellow", "magenta", "orange", "purple", "brown", "clear"]
    /// Shade modifiers.
    public static let shades = ["light", "lighter", "lightest", "dark", "darker", "darkest"]
}

/// `font-name`, with TypographyKit's system-font spellings recognised.
public enum TypographyKitFontName: Equatable, Sendable {
    /// A PostScript/font name such as `Avenir-Medium`.
    case named(String)
    /// `System`, `BoldSystem`, `ItalicSystem`, `System-<weight>`, `MonospacedDigitSystem-<weight>`.
    /// SF Pro is not redistributable: the caller maps this to a configurable stand-in font.
    case system(weight: FontWeight, italic: Bool, monospacedDigits: Bool)

    /// Parses a font-name value (the System spellings case-insensitively).
    public init(parsing text: String) throws(DynamicTypeError) {
        let lower = text.lowercased()
        switch lower {
        case "system": self = .system(weight: .regular, italic: false, monospacedDigits: false); return
        case "boldsystem": self = .system(weight: .bold, italic: false, monospacedDigits: false); return
        case "italicsystem": self = .system(weight: .regular, italic: true, monospacedDigits: false); return
        default: break
        }
        for (prefix, mono) in [("monospaceddigitsystem-", true), ("system-", false)] where lower.hasPrefix(prefix) {
            let weight = try FontWeight(parsing: String(text.dropFirst(prefix.count)))
            self = .system(weight: weight, italic: false, monospacedDigits: mono)
            return
        }
        self = .named(text)
    }

    /// True for the System spellings.
    public var isSystem: Bool { if case .system = self { true } else { false } }

    /// The font to load: a named font as is; a System spelling mapped to `systemStandIn` (a family
    /// available to TypeFit, e.g. "Inter") with its weight, and a note saying so (SF Pro is not
    /// redistributable, so system-font measurements are approximations).
    public func resolved(systemStandIn: String) -> ResolvedFontName {
        switch self {
        case .named(let name):
            return ResolvedFontName(family: name, weight: nil, italic: false, monospacedDigits: false, note: nil)
        case .system(let weight, let italic, let mono):
            return ResolvedFontName(family: systemStandIn, weight: weight, italic: italic, monospacedDigits: mono,
                                    note: "system font (SF Pro) measured with stand-in \(systemStandIn) \(weight.rawValue)\(italic ? " italic" : "")\(mono ? " (monospaced digits requested)" : "")")
        }
    }
}

/// A font-name resolved for loading; see `TypographyKitFontName.resolved(systemStandIn:)`.
public struct ResolvedFontName: Equatable, Sendable {
    /// The font name or family to look up.
    public let family: String
    /// The weight for a System spelling (nil for named fonts, whose name carries it).
    public let weight: FontWeight?
    public let italic: Bool
    public let monospacedDigits: Bool
    /// Set when a stand-in replaces the system font.
    public let note: String?
}

/// The `typography-kit` settings block.
public struct TypographyKitSettings: Equatable, Sendable {
    public var pointStepSize: Double = 2
    public var pointStepMultiplier: Double = 1
    public var minimumPointSize: Double?
    public var maximumPointSize: Double?
    public var scalingMode: TypographyKitScalingMode = .uifontmetricsWithFallback
    /// `labels.line-break-mode` (the key TypographyKit parses).
    public var labelLineBreakMode: String?
    /// `buttons.title-color-apply-mode`.
    public var buttonTitleColorApplyMode: String?
    public var configurationName: String?
    public var configurationType: String?
    public var configurationURL: String?
    public var developmentColor: String?
    public var fallbackColor: String?
    public var isDevelopment: Bool?
    public var shouldCrashIfColorNotFound: Bool?
    public var shouldUseDevelopmentColors: Bool?
    public init() {}

    /// Keys TypographyKit reads under `typography-kit`.
    public static let keys = ["buttons", "configuration-name", "configuration-type", "configuration-url",
                              "development-color", "fallback-color", "is-development", "labels",
                              "maximum-point-size", "minimum-point-size", "point-step-multiplier",
                              "point-step-size", "scaling-mode", "should-crash-if-color-not-found",
                              "should-use-development-colors"]
}

/// One entry of `ui-font-text-styles`, after `extends` is resolved.
public struct TypographyKitStyle: Equatable, Sendable {
    public var name: String
    public var extends: String?
    public var fontName: TypographyKitFontName?
    public var pointSize: Double?
    public var minimumPointSize: Double?
    public var maximumPointSize: Double?
    public var letterCase: LetterCase?
    /// The letter-spacing TypographyKit actually applies: nil when absent, when dropped by
    /// `extends`, or when ≤ 0 (kern is applied only when > 0).
    public var letterSpacing: Double?
    /// The letter-spacing written in the config (before the quirks).
    public var declaredLetterSpacing: Double?
    public var textColor: String?
    public var scalingMode: TypographyKitScalingMode?

    /// False when TypographyKit gives the style no font (no `font-name` or no `point-size`):
    /// `Typography.font(_:)` returns nil and the label keeps its own font.
    public var hasFont: Bool { fontName != nil && pointSize != nil }

    /// Keys TypographyKit reads per style.
    public static let keys = ["extends", "font-name", "letter-case", "letter-spacing", "maximum-point-size",
                              "minimum-point-size", "point-size", "scaling-mode", "text-color"]
}

/// TypographyKit's effective sizing rule for one style (see docs/scaling-models.md):
/// - `uifontmetrics` / `uifontmetrics-with-fallback`: `UIFontMetrics.default` = BODY curve for every
///   style (`UIFontMetricsScaling(style: .body)` with `algorithm`), clamped to the maximum; a result
///   below the minimum gives exactly the minimum.
/// - `stepping`: `SteppingScaling`.
/// - `disabled`: point-size as is.
/// Minimum/maximum: the style's own, else the global `typography-kit` ones.
public struct TypographyKitScaling: ScalingModel, Equatable {
    public let mode: TypographyKitScalingMode
    public let pointSize: Double
    public let stepSize: Double
    public let multiplier: Double
    public let minimum: Double?
    public let maximum: Double?
    public let algorithm: UIFontMetricsScaling.Algorithm

    public init(mode: TypographyKitScalingMode, pointSize: Double, stepSize: Double = 2, multiplier: Double = 1,
                minimum: Double? = nil, maximum: Double? = nil, algorithm: UIFontMetricsScaling.Algorithm = .default) {
        self.mode = mode
        self.pointSize = pointSize
        self.stepSize = stepSize
        self.multiplier = multiplier
        self.minimum = minimum
        self.maximum = maximum
        self.algorithm = algorithm
    }

    public func size(at category: ContentSizeCategory) -> ScaledSize {
        switch mode {
        case .disabled:
            return ScaledSize(pointSize: pointSize)
        case .stepping:
            return SteppingScaling(pointSize: pointSize, stepSize: stepSize, multiplier: multiplier,
                                   minimum: minimum, maximum: maximum).size(at: category)
        case .uifontmetrics, .uifontmetricsWithFallback:
            var s = UIFontMetricsScaling(pointSize: pointSize, style: .body, maximumPointSize: maximum,
                                         algorithm: algorithm).size(at: category)
            if let minimum, s.pointSize < minimum { s.pointSize = minimum }
            return s
        }
    }
}

/// A TypographyKit configuration (`TypographyKit.json` / `.plist`), read unchanged.
public struct TypographyKitConfig: Sendable {
    public var settings: TypographyKitSettings
    /// `typography-colors`, by key.
    public var colors: [String: TypographyKitColor]
    /// `ui-font-text-styles`, by name, with `extends` resolved.
    public var styles: [String: TypographyKitStyle]
    /// Styles TypographyKit drops while parsing (`extends` of an unknown, cyclic or dropped style):
    /// not in `styles`, each with a `droppedStyle` warning.
    public var droppedStyles: Set<String> = []
    /// Quirks, ignored values and keys, dropped styles: sorted by `description`.
    public var warnings: [TypographyKitWarning]

    /// Reads JSON (via `JSONSerialization`).
    public static func parse(json data: Data) throws(TypographyKitConfigError) -> TypographyKitConfig {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            if let failure = JSONSyntax.firstError(in: data) {
                throw TypographyKitConfigError(keyPath: "", message: "not valid JSON: \(failure.problem)", position: failure.position)
            }
            throw TypographyKitConfigError(keyPath: "", message: "not valid JSON (\(oneLine(error)))")
        }
        return try parse(object: object)
    }

    /// Reads a property list (via `PropertyListSerialization`).
    public static func parse(propertyList data: Data) throws(TypographyKitConfigError) -> TypographyKitConfig {
        let object: Any
        guard !binaryPropertyListContainsSet(data) else {
            throw TypographyKitConfigError(keyPath: "", message: "not a valid TypographyKit config (the binary property list contains a set)")
        }
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw TypographyKitConfigError(keyPath: "", message: "not a valid property list (\(oneLine(error)))")
        }
        return try parse(object: object)
    }

    /// Reads JSON when the data starts with `{` (after whitespace), else a property list.
    public static func parse(data: Data) throws(TypographyKitConfigError) -> TypographyKitConfig {
        let first = data.first { !(Character(UnicodeScalar($0)).isWhitespace) }
        return first == UInt8(ascii: "{") ? try parse(json: data) : try parse(propertyList: data)
    }

    /// The effective scaling rule of a style, or nil when TypographyKit gives it no font: no
    /// `point-size` or no `font-name` (`Typography.font(_:)` returns nil; see `TypographyKitStyle.hasFont`).
    /// `mode` overrides the style's/global scaling mode when given.
    public func scaling(forStyle name: String, mode: TypographyKitScalingMode? = nil,
                        algorithm: UIFontMetricsScaling.Algorithm = .default) -> TypographyKitScaling? {
        guard let style = styles[name], style.hasFont, let size = style.pointSize else { return nil }
        return TypographyKitScaling(mode: mode ?? style.scalingMode ?? settings.scalingMode, pointSize: size,
                                    stepSize: settings.pointStepSize, multiplier: settings.pointStepMultiplier,
                                    minimum: style.minimumPointSize ?? settings.minimumPointSize,
                                    maximum: style.maximumPointSize ?? settings.maximumPointSize,
                                    algorithm: algorithm)
    }

    static func parse(object: Any) throws(TypographyKitConfigError) -> TypographyKitConfig {
        var p = Parser()
        return try p.run(object)
    }

    static func oneLine(_ error: any Error) -> String {
        "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

// MARK: - Parsing

private struct Parser {
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
            // 1e308 would overflow to infinity in later arithmetic (issue 12.4).
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
            let near = valid.min { editDistance(text, $0) < editDistance(text, $1) } ?? ""
            warn(path, .unknownScalingMode, "unknown value \"\(text)\"; TypographyKit falls back to \(fallback) (did you mean \"\(near)\"?)")
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

    // MARK: styles

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

func fmt(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}

/// Resolves colour strings and keys like TypographyKit's ColorParser.
private struct ColorResolver {
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


