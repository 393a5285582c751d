import DynamicType
import FontEngine
import Foundation
import Layout
import Reports

/// The validated content of a `typefit.yml` (or `.json`) file, parsed once into the domain types
/// of the modules that own them (`TextStyle`, `ContentSizeCategory`, `CategoryRange`,
/// `LetterCase`, `LineBreakMode`, `NavigationBarStyle`, `LineHeightRule`, `Severity`): every
/// number type- and range-checked, every reference between fonts and styles resolved, every
/// referenced file checked to exist. Names resolved against other inputs (device names, check
/// ids, locales) keep their positions for the plan (`AuditPlan`). See docs/config.md.
public struct TypeFitConfig: Sendable, Equatable {
    /// The config file as named by the caller.
    public var file: String
    /// The folder relative paths are resolved against (the config's folder).
    public var baseDirectory: URL
    /// Schema version (only 1 exists).
    public var version: Int
    /// Extra folders for fontconfig name lookups, resolved, in file order.
    public var fontDirectories: [URL]
    /// Fonts by id, in file order.
    public var fonts: [ConfigFont]
    /// Fallback fonts per ISO 15924 script code, in file order.
    public var fallbackFonts: [ConfigFallbackFont]
    /// Which font table gives the default line height.
    public var lineHeightRule: LineHeightRule
    /// Which fonts set a line's height: those used on the line (default) or the label's own.
    public var lineHeightFonts: LineHeightFonts = .fontsUsed
    /// A TypographyKit config (JSON or plist) to import styles from, resolved.
    public var typographyKit: URL?
    /// What measures system text (the font ids `system`, `systemBold`, …): SF Pro files, another
    /// font, or (nil) `TYPEFIT_SYSTEM_FONTS` / the bundled stand-in (docs/system-font.md).
    public var systemFont: ConfigSystemFont?
    /// Kinds of the TypographyKit config's warnings not to print (`ignoreTypographyKitWarnings:`).
    public var ignoredTypographyKitWarnings: Set<TypographyKitWarning.Code> = []
    /// Styles, in file order.
    public var styles: [ConfigStyle]
    /// Catalog device names (validated later against the Layout catalog).
    public var devices: [ConfigDeviceName]
    /// Devices described in the config.
    public var customDevices: [ConfigCustomDevice]
    /// Orientations to audit.
    public var orientation: ConfigOrientation
    /// Content size categories to audit, in category order (`all` by default).
    public var categories: [ContentSizeCategory]
    /// Locales to audit; `nil` = every locale found in the strings.
    public var locales: [String]?
    /// String sources, in file order.
    public var strings: [ConfigStringsSource]
    /// Sample values for format specifiers, e.g. `"%@": "Alexandra"`.
    public var formatSamples: [String: String]
    /// Pseudo-localization settings; `nil` when the key is absent.
    public var pseudoLocale: ConfigPseudoLocale?
    /// Screens to lay out, in file order.
    public var screens: [ConfigScreen]
    /// Check severities and gating.
    public var checks: ConfigChecks
    /// Non-fatal remarks gathered while parsing.
    public var warnings: [ConfigWarning]
    /// HTML pages shown in web views (WebViewConfig.swift), in file order.
    public var webViews: [ConfigWebView] = []
    /// The app's own UI files to read (`ui:`, UIConfig.swift); nil when the key is absent.
    public var ui: ConfigUI?

    /// The font with this id.
    public func font(_ id: String) -> ConfigFont? { fonts.first { $0.id == id } }
    /// The style with this name.
    public func style(_ name: String) -> ConfigStyle? { styles.first { $0.name == name } }
}

/// Where a font comes from.
public enum ConfigFontSource: Sendable, Equatable {
    /// A font file, resolved against the config's folder (checked to exist).
    case file(URL)
    /// A fontconfig pattern, e.g. `Noto Sans Arabic:style=Bold`.
    case name(String)
}

/// One entry of `fonts:`.
/// typefit.yml `systemFont`: what measures text drawn in iOS's system font.
public enum ConfigSystemFont: Sendable, Equatable {
    /// `systemFont: { directory: … }`: a folder of SF Pro the user supplies (SF-Pro-Text-*.otf and
    /// SF-Pro-Display-*.otf, or the variable SF-Pro.ttf), measured as iOS draws it.
    case directory(URL, location: ConfigLocation)
    /// `systemFont: <font id>` (or `{ font: <font id> }`): a font of `fonts:` stands in, its widths
    /// calibrated to San Francisco's average at each size.
    case font(id: String, location: ConfigLocation)

    /// Where the setting is written.
    public var location: ConfigLocation {
        switch self {
        case .directory(_, let location), .font(_, let location): location
        }
    }
}

public struct ConfigFont: Sendable, Equatable {
    /// The id used by styles, fallbacks and `systemFont`.
    public var id: String
    public var source: ConfigFontSource
    /// Variation axis values by 4-character tag (e.g. `wght: 600`).
    public var variations: [String: Double]
    /// A named instance of a variable font (e.g. `SemiBold`).
    public var instance: String?
    /// Face index in a collection (`.ttc`/`.otc`); `nil` = 0.
    public var faceIndex: Int?
    /// HarfBuzz feature string, e.g. `-kern,+smcp`.
    public var features: String?
    /// BCP 47 language for shaping, e.g. `vi`.
    public var language: String?
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// One entry of `fallbackFonts:`.
public struct ConfigFallbackFont: Sendable, Equatable {
    /// ISO 15924 script code, e.g. `Arab`.
    public var script: String
    /// A font id (checked to exist).
    public var font: String
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// `model:` of a style.
public enum ConfigScalingModel: String, Sendable, CaseIterable {
    case apple, uifontmetrics, stepping, interpolate, table, android, fixed
}

/// `algorithm:` of the `uifontmetrics` model.
public enum ConfigUIFontMetricsAlgorithm: String, Sendable, CaseIterable {
    case leadingRatio = "leading-ratio"
    case sizeRatio = "size-ratio"
}

/// `androidConversion:` of the `android` model.
public enum ConfigAndroidConversion: String, Sendable, CaseIterable {
    case linear, nonlinear
}

/// `lineHeight:` of a style.
public enum ConfigLineHeight: Sendable, Equatable {
    /// The font's own line height (per `lineHeightRule`).
    case font
    /// Apple's HIG leading for the text style at each category (apple model).
    case hig
    /// A fixed line height in points.
    case points(Double)
}


/// One entry of `styles:`. Which fields are required depends on `model` (see docs/config.md);
/// fields the model does not use are kept but produce a warning.
public struct ConfigStyle: Sendable, Equatable {
    public var name: String
    /// A font id (checked to exist); `nil` only when a TypographyKit config is given.
    public var font: String?
    /// `nil` only when a TypographyKit config is given (the style then refines an imported one).
    public var model: ConfigScalingModel?
    public var textStyle: TextStyle?
    /// Point size at the Large category.
    public var size: Double?
    public var algorithm: ConfigUIFontMetricsAlgorithm?
    /// stepping: points added per category step.
    public var step: Double?
    /// stepping: multiplier applied to the step.
    public var multiplier: Double?
    /// interpolate: size at xS.
    public var smallest: Double?
    /// interpolate: size at xxxL.
    public var maximumNormal: Double?
    /// interpolate: size at AX5.
    public var maximumAccessibility: Double?
    /// table: size per category (all 12 categories).
    public var sizes: [ContentSizeCategory: Double]?
    /// table: optional line height per category (all 12 categories).
    public var lineHeights: [ContentSizeCategory: Double]?
    public var androidConversion: ConfigAndroidConversion?
    /// Clamp: smallest point size.
    public var minimum: Double?
    /// Clamp: largest point size.
    public var maximum: Double?
    /// Category range limit, e.g. `xS...AX3`.
    public var categories: CategoryRange?
    public var lineHeight: ConfigLineHeight?
    public var lineHeightMultiple: Double?
    public var minimumLineHeight: Double?
    public var maximumLineHeight: Double?
    public var letterCase: LetterCase?
    /// Tracking in points (may be negative).
    public var letterSpacing: Double?
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// A catalog device name from `devices:`.
public struct ConfigDeviceName: Sendable, Equatable {
    public var name: String
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// Safe-area insets in points.
public struct ConfigEdgeInsets: Sendable, Equatable {
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double
}

/// One entry of `customDevices:`; sizes in points, portrait.
public struct ConfigCustomDevice: Sendable, Equatable {
    public var name: String
    public var width: Double
    public var height: Double
    /// 1, 2 or 3.
    public var scale: Int
    public var safeArea: ConfigEdgeInsets
    public var statusBar: Double
    public var homeIndicator: Bool
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// `orientation:`.
public enum ConfigOrientation: String, Sendable, CaseIterable {
    case portrait, landscape, both
}

/// One entry of `strings:`.
public struct ConfigStringsSource: Sendable, Equatable {
    /// The path as written (may contain `{locale}`), relative to the config's folder.
    public var path: String
    /// `path` resolved against the config's folder (still containing `{locale}` if it did).
    public var resolved: URL
    /// Skip `.xcstrings` entries marked stale.
    public var skipStale: Bool
    /// A `{locale}` pattern must have a file for every audited locale (else its keys fall back to
    /// the development language there, with one warning).
    public var required: Bool = false
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// `pseudoLocale:`.
public struct ConfigPseudoLocale: Sendable, Equatable {
    public var enabled: Bool
    /// Locale id of the pseudo-locale (default `en-XA`).
    public var id: String
    /// Extra length as a fraction (0.4 = +40 %).
    public var expansion: Double
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// One entry of `screens:`.
public struct ConfigScreen: Sendable, Equatable {
    public var name: String
    /// The devices it is laid out on (`devices:`, names of the config's devices, checked by the
    /// plan); nil = every device of the audit.
    public var devices: [ConfigDeviceName]?
    /// Its width in points (`width:`: a form sheet, a sidebar column); nil = the device's width.
    public var width: Double?
    /// `navigationBar:` (written `standard`, `large` or `none`).
    public var navigationBar: NavigationBarStyle
    public var tabBar: Bool
    public var toolbar: Bool
    /// How many rows must be fully visible; `nil` = no requirement.
    public var minimumRowsVisible: Int?
    public var rows: [ConfigRow]
    /// Check settings for this screen's findings (`checks:` inside the screen).
    public var checks: ConfigCheckScope?
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// `height:` of a row.
public enum ConfigRowHeight: Sendable, Equatable {
    /// Self-sizing.
    case automatic
    /// Fixed height in points.
    case points(Double)
}

/// ConfigRow content insets in points; `nil` = the layout's default.
public struct ConfigRowInsets: Sendable, Equatable {
    public var top: Double?
    public var bottom: Double?
    public var leading: Double?
    public var trailing: Double?
}

/// One entry of `rows:`.
public struct ConfigRow: Sendable, Equatable {
    public var name: String
    /// Consecutive identical rows (≥ 1).
    public var repeatCount: Int
    public var height: ConfigRowHeight
    public var insets: ConfigRowInsets?
    /// Leading image width in points.
    public var leadingImage: Double?
    /// Accessory width in points.
    public var accessory: Double?
    /// Vertical spacing between labels in points.
    public var spacing: Double?
    /// Stacked labels, top to bottom.
    public var labels: [ConfigLabel]
    public var pair: ConfigLabelPair?
    /// Check settings for this row's findings (`checks:` inside the row).
    public var checks: ConfigCheckScope?
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// What a label shows.
public enum ConfigLabelContent: Sendable, Equatable {
    /// Literal text.
    case text(String)
    /// A string key looked up in the strings sources.
    case key(String)
}

/// A label.
public struct ConfigLabel: Sendable, Equatable {
    public var name: String
    /// A style name (checked against `styles`, unless a TypographyKit config may define it).
    public var style: String
    public var content: ConfigLabelContent
    /// numberOfLines; 0 = unlimited. Default 1.
    public var lines: Int
    /// Default `truncateTail`.
    public var lineBreak: LineBreakMode
    /// minimumScaleFactor in (0, 1]; `nil` = no autoshrink.
    public var autoshrink: Double?
    /// Check settings for this label's findings (`checks:` inside the label).
    public var checks: ConfigCheckScope?
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// A title and a trailing value side by side, stacking when they do not fit.
public struct ConfigLabelPair: Sendable, Equatable {
    public var title: ConfigLabel
    public var value: ConfigLabel
    /// Stack title over value at accessibility sizes (default true).
    public var stackAtAccessibilitySizes: Bool
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// `checks:`. Check ids are kept as written, validated later.
public struct ConfigChecks: Sendable, Equatable {
    /// Severity overrides by check id.
    public var severity: [String: Severity]
    /// Disabled check ids.
    public var disabled: [String]
    /// Lowest severity that fails the run (default `error`).
    public var failOn: Severity
    /// Position of each check id written in `severity`/`disabled`, for later validation errors.
    public var idLocations: [String: ConfigLocation]

    public init(severity: [String: Severity] = [:], disabled: [String] = [], failOn: Severity = .error,
                idLocations: [String: ConfigLocation] = [:]) {
        self.severity = severity
        self.disabled = disabled
        self.failOn = failOn
        self.idLocations = idLocations
    }
}

/// `checks:` inside a screen, row or label: severities and disabled checks for the findings of
/// that scope only. The innermost scope wins (label over row over screen over the project).
public struct ConfigCheckScope: Sendable, Equatable {
    /// Severity overrides by check id.
    public var severity: [String: Severity]
    /// Disabled check ids.
    public var disabled: Set<String>
    /// Position of each check id written, for unknown-id errors.
    public var idLocations: [String: ConfigLocation]

    public init(severity: [String: Severity] = [:], disabled: Set<String> = [],
                idLocations: [String: ConfigLocation] = [:]) {
        self.severity = severity
        self.disabled = disabled
        self.idLocations = idLocations
    }
}
