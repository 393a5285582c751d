import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports


/// A non-fatal remark about the inputs, as a typed value: where, what kind, and the words.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of remark it is; callers filter on this, never on the words.
    public enum Code: String, Sendable, Hashable {
        /// A config remark (an option the model ignores, …).
        case config
        /// A font the config defines that no style, fallback or systemFont uses.
        case unusedFont
        /// A remark of a strings file reader (duplicate key, unknown escape, …).
        case strings
        /// A remark about the TypographyKit config.
        case typographyKit
        /// The config lists no device; the default device is audited.
        case defaultDevice
        /// A `formatSamples` key that is not a format specifier.
        case formatSample
        /// A remark of the web view rendering (docs/web.md).
        case web
        /// A remark about the app's UI files (an unreadable storyboard, a missing font; PlanUI.swift).
        case ui
    }

    /// `file[:line[:column]]`, or nil when the remark has no place.
    public var location: String?
    public var code: Code
    public var message: String

    public init(location: String?, code: Code, message: String) {
        self.location = location
        self.code = code
        self.message = message
    }

    /// `location: warning: message`.
    public var description: String { (location.map { "\($0): " } ?? "") + "warning: " + message }
}

/// A font of the plan: where it comes from (each thread opens its own face) and its tables.
public struct PlannedFont: Sendable {
    /// How a thread opens the face.
    public enum Source: Sendable, Hashable {
        case file(path: String, faceIndex: Int, variations: [VariationSetting], instance: String?)
        case location(FontLocation, variations: [VariationSetting])
        /// iOS's system font (the ids `system`, `systemBold`, …): measured per point size through
        /// the source (`FontSet`); `open()` gives its face at 17 pt.
        indirect case system(SystemFontSource)
    }

    public var id: FontID
    /// The config's font id (or the PostScript name of a font a TypographyKit style named).
    public var name: String
    public var source: Source
    /// The file as shown in reports (relative to the current folder when inside it).
    public var displayPath: String
    public var features: String
    public var language: String?
    /// The face's tables, read once while planning.
    public var info: FontEngine.FontInfo

    /// Opens the face (FreeType faces are per thread).
    public func open() throws -> FontFace { try Self.open(source) }

    static func open(_ source: Source) throws -> FontFace {
        switch source {
        case .file(let path, let faceIndex, let variations, let instance):
            return try FontFace(path: path, faceIndex: faceIndex, variations: variations, instance: instance)
        case .location(let location, let variations):
            return try FontFace(location: location, variations: variations)
        case .system(let source):
            return try source.referenceFace()
        }
    }

    /// What measures the font when it is the system font.
    public var system: SystemFontSource? {
        if case .system(let source) = source { return source }
        return nil
    }
}

/// How a style's line height is chosen (typefit.yml `lineHeight`).
public enum StyleLineHeight: Sendable, Equatable {
    /// The font's line height by the project's rule (hhea by default), scaled to the point size.
    case font
    /// Apple's HIG leading of the style's text style at each category.
    case hig(TextStyle)
    /// A fixed line height in points.
    case points(Double)
    /// The line heights the scaling model gives (a `table` with `lineHeights`).
    case model
}

/// A text style resolved from typefit.yml or a TypographyKit config: its font and the scaling
/// model that gives its point size in each content size category.
public struct PlannedStyle: Sendable {
    public var id: StyleID
    public var name: String
    public var font: FontID
    /// The model's name as written (apple, uifontmetrics, stepping, interpolate, table, android,
    /// fixed, or typographykit:<mode>).
    public var modelName: String
    public var textStyle: TextStyle?
    public var lineHeight: StyleLineHeight
    public var lineHeightMultiple: Double?
    public var minimumLineHeight: Double?
    public var maximumLineHeight: Double?
    public var letterCase: LetterCase
    public var letterSpacing: Double
    public var minimum: Double?
    public var maximum: Double?
    /// Whether the style comes from the TypographyKit config.
    public var fromTypographyKit: Bool
    /// The scaling model for a device scale (UIFontMetrics' pixel rounding depends on it).
    var makeModel: @Sendable (Double) -> AnyScalingModel
    /// Made for a font of the app's UI files (PlanUIStyles), not the config or TypographyKit.
    public var fromAppUI = false

    /// Point size and optional line height at `category` on a device of `scale`.
    public func size(at category: ContentSizeCategory, scale: Double) -> ScaledSize {
        makeModel(scale).size(at: category)
    }
}

/// One text a label shows in one locale: the whole string, or one plural/device variant of it.
public struct PlannedText: Sendable, Hashable {
    /// The text as measured: format samples substituted, pseudo-localized when asked (letter
    /// case is the style's, applied at layout).
    public var text: String
    /// The string key, nil for a literal `text:`.
    public var key: String?
    /// The variant (`[one]`, `[device=iphone][plural=other]`), nil for a plain string.
    public var variant: String?
    /// Where the string is defined.
    public var source: SourceLocation?
    /// The device the variant is for (`[device=ipad]`), nil for a text shown on every device.
    public var device: DeviceVariant? = nil
    /// A literal `text:` of the config: the same text in every locale, so its findings form one
    /// group across locales (`Finding.literalText`).
    public var isLiteral = false
}

/// A label of a planned row with its texts in every locale of the plan.
public struct PlannedLabel: Sendable {
    public var id: LabelID
    public var name: String
    public var style: StyleID
    public var lines: Int
    public var lineBreak: LineBreakMode
    public var autoshrink: Double?
    /// The config entry's position (`file:line:column`).
    public var location: ConfigLocation
    /// Texts by locale index (`AuditPlan.locales`), each with one entry per variant (≥ 1).
    public var texts: [[PlannedText]]
    /// Its width in the row (an app's UI element: its width rule re-solved per device, PlanUI.swift).
    public var width: RowLabelWidth = .content
    /// Its width on an iPad (the regular size class), where the source's rule differs there
    /// (SwiftUI's list insets follow 20 pt margins); nil: `width` everywhere.
    public var regularWidth: RowLabelWidth? = nil
    /// What its findings rest on that is estimated, not known ("width estimated: one of three
    /// toolbar slots"): its findings are then `estimated` (docs/reports.md); nil when every fact
    /// is known (a typefit.yml label, an element whose width is a constraint or a container rule).
    public var estimate: String? = nil
}

/// A row of a planned screen. A row with `repeat: N` is one planned row laid out once and shown N times.
public struct PlannedRow: Sendable {
    public var id: RowID
    public var name: String
    public var repeatCount: Int
    /// Stacked labels first, then the pair's title and value.
    public var labels: [PlannedLabel]
    /// Whether the last two labels are a title/value pair.
    public var hasPair: Bool
    public var stackAtAccessibilitySizes: Bool
    public var height: RowHeight
    /// The configured fixed height, nil when the row self-sizes.
    public var fixedHeight: Double?
    public var spacing: Double
    public var leadingImageWidth: Double?
    public var accessoryWidth: Double?
    public var insetTop: Double
    public var insetBottom: Double
    public var layoutMargin: Double?
    /// A paragraph in a `ScrollView`: it scrolls with its container, so it is never the row
    /// `screen.row-too-tall` names.
    public var scrolls = false
}

/// A screen of the plan.
public struct PlannedScreen: Sendable {
    public var id: ScreenID
    public var name: String
    public var navigationBar: NavigationBarStyle
    public var tabBar: Bool
    public var toolbar: Bool
    public var minimumRowsVisible: Int?
    public var rows: [PlannedRow]
    /// The devices of the plan it is laid out on (typefit.yml `devices:` of the screen); nil = every one.
    public var devices: [Device]? = nil
    /// Its width in points (typefit.yml `width:` of the screen); nil = the device's.
    public var width: Double? = nil

    /// Whether the screen is laid out on `device`.
    public func isLaidOut(on device: Device) -> Bool { devices?.contains(device) ?? true }
    /// Locales (indices into `AuditPlan.locales`) in which every text of the screen is the text it
    /// has in an earlier locale (the value), e.g. a storyboard without translations for them: the
    /// screen is laid out only in the earlier one, so its findings are not repeated as new groups.
    public var repeatedLocales: [Int: Int] = [:]

    /// The row named `name`.
    public func row(named name: String) -> PlannedRow? { rows.first { $0.name == name } }
}

/// A share of the audit's work: one screen in one locale, laid out on every device, orientation,
/// category and string variant. Units are enumerated in a fixed order (screens in config order,
/// then locales in plan order) with a cost estimate, so a run can be split into shares.
public struct AuditUnit: Sendable, Hashable {
    public var screen: ScreenID
    /// Index into `AuditPlan.locales`.
    public var locale: Int
    /// Estimated work: Σ over the screen's labels of (characters of every variant) × the devices it
    /// is laid out on × orientations × categories.
    public var cost: Int
}

extension DeviceIdiom {
    /// The String Catalog device variation of this kind of device.
    var variant: DeviceVariant {
        switch self {
        case .iphone: .iphone
        case .ipad: .ipad
        case .ipod: .ipod
        }
    }
}

extension PlannedScreen {
    /// The screen as a device of kind `idiom` shows it in the locale `locale`: each label's texts
    /// there limited to the variants shown on that device (`DeviceVariant.shown`), and on an iPad
    /// its iPad width. A key whose variants are all for other devices shows the key itself, as a
    /// lookup that finds nothing does.
    func shown(on idiom: DeviceIdiom, locale: Int) -> PlannedScreen {
        let regular = idiom == .ipad && rows.contains { $0.labels.contains { $0.regularWidth != nil } }
        guard regular || rows.contains(where: { $0.labels.contains { $0.texts[locale].contains { $0.device != nil } } })
        else { return self }
        var screen = self
        for r in screen.rows.indices {
            for l in screen.rows[r].labels.indices {
                if regular, let width = screen.rows[r].labels[l].regularWidth { screen.rows[r].labels[l].width = width }
                let texts = screen.rows[r].labels[l].texts[locale]
                guard texts.contains(where: { $0.device != nil }) else { continue }
                let shown = DeviceVariant.shown(texts.map(\.device), on: idiom.variant)
                var kept = zip(texts, shown).filter(\.1).map(\.0)
                if kept.isEmpty, let first = texts.first {
                    kept = [PlannedText(text: first.key ?? first.text, key: first.key, variant: nil, source: first.source)]
                }
                screen.rows[r].labels[l].texts[locale] = kept
            }
        }
        return screen
    }
}
