import Foundation

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
