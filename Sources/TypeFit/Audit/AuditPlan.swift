import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports

// The audit is a pipeline of typed stages:
//
//   TypeFitConfig (parsed once) → AuditPlan (this file: resolved once, Sendable)
//   → FontSet (per thread: faces and measurers) → UnitLayout (one screen × locale laid out)
//   → UnitObservation (pure) → checks → AuditCollector (compact findings, figures, capped
//   snapshots) → report document.
//
// Nothing is joined through strings: screens, rows, labels, fonts and styles have typed ids, and
// a row repeated N times is one planned row with a count.

/// A screen of the plan: its position in the config's `screens`.
public struct ScreenID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: ScreenID, b: ScreenID) -> Bool { a.index < b.index }
}

/// A row of a screen: its position in the screen's `rows` (a repeated row is one row).
public struct RowID: Hashable, Comparable, Sendable {
    public var screen: ScreenID
    public var index: Int
    public init(screen: ScreenID, index: Int) {
        self.screen = screen
        self.index = index
    }
    public static func < (a: RowID, b: RowID) -> Bool { (a.screen.index, a.index) < (b.screen.index, b.index) }
}

/// A label of a row: its position among the row's labels (stacked labels, then the pair's title
/// and value).
public struct LabelID: Hashable, Comparable, Sendable {
    public var row: RowID
    public var index: Int
    public init(row: RowID, index: Int) {
        self.row = row
        self.index = index
    }
    public static func < (a: LabelID, b: LabelID) -> Bool { (a.row, a.index) < (b.row, b.index) }
}

/// A font of the plan: its position in `AuditPlan.fonts`.
public struct FontID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: FontID, b: FontID) -> Bool { a.index < b.index }
}

/// A style of the plan: its position in `AuditPlan.styles` (sorted by name).
public struct StyleID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: StyleID, b: StyleID) -> Bool { a.index < b.index }
}

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
        }
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
    /// Estimated work: Σ over the screen's labels of (characters of every variant) × devices ×
    /// orientations × categories.
    public var cost: Int
}

/// Everything an audit needs, resolved once from the config: fonts, styles, devices, categories,
/// locales, the screens' rows and labels with their texts, and the check settings. `Sendable`:
/// every thread reads the same plan; only faces and measurers are per thread (`FontSet`).
public struct AuditPlan: Sendable {
    public var config: TypeFitConfig
    public var fonts: [PlannedFont]
    /// Fallback fonts per ISO 15924 script code.
    public var fallbackFonts: [String: FontID]
    /// Styles sorted by name.
    public var styles: [PlannedStyle]
    public var devices: [Device]
    public var orientations: [Orientation]
    public var categories: [ContentSizeCategory]
    /// Locales audited, in order; the first is the development locale strings fall back to.
    public var locales: [String]
    public var screens: [PlannedScreen]
    public var lineHeightRule: LineHeightRule
    /// Sample values for format specifiers (typefit.yml `formatSamples`), already applied to the texts.
    public var formatSamples: FormatSamples
    /// Which fonts set a line's height (typefit.yml `lineHeightFonts`).
    public var lineHeightFonts: LineHeightFonts
    public var checks: CheckSettings
    /// Keys of the string tables, sorted (for did-you-mean suggestions).
    public var stringObservations: [StringObservation]
    public var diagnostics: [Diagnostic]
    /// The app's UI read from its files (`ui:` in the config): observations for the `ui.*` checks
    /// and the account of every element (PlanUI.swift).
    public var ui = UIPlan()
    /// fontconfig over the config's font folders, the bundled Fonts/ and the system fonts: finds
    /// the installed font that would draw characters no configured font has.
    public var fallbackFinder: FallbackFinder

    /// Loads the config at `path` and plans it.
    public static func load(path: String) throws -> AuditPlan {
        try AuditPlan(config: TypeFitConfig.load(path: path))
    }

    /// The style named `name`.
    public func style(named name: String) -> PlannedStyle? { styles.first { $0.name == name } }
    public func style(_ id: StyleID) -> PlannedStyle { styles[id.index] }
    public func font(_ id: FontID) -> PlannedFont { fonts[id.index] }
    public func screen(_ id: ScreenID) -> PlannedScreen { screens[id.index] }
    public func row(_ id: RowID) -> PlannedRow { screens[id.screen.index].rows[id.index] }
    public func label(_ id: LabelID) -> PlannedLabel { row(id.row).labels[id.index] }

    /// The styles that use each font (for font-level checks and reports).
    public var stylesByFont: [FontID: [StyleID]] {
        Dictionary(grouping: styles.map(\.id)) { styles[$0.index].font }
    }

    /// The device name findings use: with both orientations, "iPhone 16 (portrait)".
    public func deviceName(_ device: Device, _ orientation: Orientation) -> String {
        orientations.count > 1 ? "\(device.name) (\(orientation.rawValue))" : device.name
    }

    /// Every unit of work in a fixed order: screens in config order, then locales.
    public func units(locales selected: [Int]? = nil, devices: Int? = nil, categories: Int? = nil) -> [AuditUnit] {
        let perLayout = (devices ?? self.devices.count) * orientations.count * (categories ?? self.categories.count)
        var units: [AuditUnit] = []
        for screen in screens {
            for locale in selected ?? Array(locales.indices) {
                var characters = 0
                for row in screen.rows {
                    for label in row.labels {
                        for text in label.texts[locale] { characters += max(1, text.text.utf16.count) }
                    }
                }
                units.append(AuditUnit(screen: screen.id, locale: locale, cost: characters * max(1, perLayout)))
            }
        }
        return units
    }

    // MARK: - Planning

    public init(config: TypeFitConfig) throws {
        self.config = config
        var diagnostics: [Diagnostic] = []
        var directories = config.fontDirectories.map(\.path)
        if let bundled = FontCatalog.bundledFontsDirectory(), !directories.contains(bundled) { directories.append(bundled) }
        let catalog = try FontCatalog(directories: directories)
        let localCatalog = try FontCatalog(directories: directories, includeSystemFonts: false)
        self.fallbackFinder = FallbackFinder(catalog: catalog)
        self.lineHeightRule = config.lineHeightRule
        self.lineHeightFonts = config.lineHeightFonts

        // Devices.
        var devices: [Device] = []
        for name in config.devices {
            do { devices.append(try Device.named(name.name)) } catch {
                throw name.location.error(String(describing: error))
            }
        }
        for custom in config.customDevices { devices.append(Self.device(custom)) }
        if devices.isEmpty {
            devices = [try Device.named("iPhone 16")]
            diagnostics.append(Diagnostic(location: config.file, code: .defaultDevice,
                                          message: "no devices listed; auditing on iPhone 16"))
        }
        self.devices = devices
        switch config.orientation {
        case .portrait: orientations = [.portrait]
        case .landscape: orientations = [.landscape]
        case .both: orientations = [.portrait, .landscape]
        }
        self.categories = config.categories

        // Check settings (ids validated against the registry).
        self.checks = try CheckSettings(config: config)

        // Fonts and styles.
        var fonts = FontPlanner(catalog: catalog, localCatalog: localCatalog, config: config)
        for font in config.fonts { try fonts.add(font) }
        var withoutFont: [String: String] = [:]
        var styleList = try Self.typographyKitStyles(config: config, fonts: &fonts, diagnostics: &diagnostics,
                                                     withoutFont: &withoutFont)
        for style in config.styles {
            let base = styleList[style.name]
            styleList[style.name] = try Self.resolve(style, refining: base, fonts: fonts)
        }
        let names = styleList.keys.sorted()
        var styles: [PlannedStyle] = []
        for (i, name) in names.enumerated() {
            guard var style = styleList[name] else { continue }
            style.id = StyleID(i)
            styles.append(style)
        }
        self.styles = styles
        self.fonts = fonts.fonts
        var fallbacks: [String: FontID] = [:]
        for fallback in config.fallbackFonts {
            if let id = fonts.id(fallback.font) { fallbacks[fallback.script] = id }
        }
        self.fallbackFonts = fallbacks
        // Config warnings, typed: an unused-font warning is dropped when a TypographyKit style uses the font.
        let usedFonts = Set(styles.map { fonts.fonts[$0.font.index].name })
        for warning in config.warnings {
            if case .unusedFont(let id) = warning.code, usedFonts.contains(id) { continue }
            diagnostics.append(Diagnostic(location: warning.location.description,
                                          code: warning.code == .general ? .config : .unusedFont,
                                          message: warning.message))
        }

        // Strings.
        let table = try StringsSources.load(config.strings, auditedLocales: config.locales)
        diagnostics += table.warnings.map {
            Diagnostic(location: "\($0.file):\($0.line):\($0.column)", code: .strings, message: $0.message)
        }
        var locales = config.locales ?? table.locales
        if locales.isEmpty { locales = ["en"] }
        var pseudo: (id: String, transform: PseudoLocale)?
        if let p = config.pseudoLocale, p.enabled {
            pseudo = (p.id, PseudoLocale(expansion: .fixed(p.expansion)))
            if !locales.contains(p.id) { locales.append(p.id) }
        }
        self.locales = locales
        let samples = Self.formatSamples(config: config, diagnostics: &diagnostics)
        self.formatSamples = samples

        // Screens, rows and labels with their texts in every locale.
        let resolver = TextResolver(table: table, locales: locales, pseudo: pseudo, samples: samples)
        var screens: [PlannedScreen] = []
        var stringObservations: [StringObservation] = []
        for (s, screen) in config.screens.enumerated() {
            let screenID = ScreenID(s)
            var rows: [PlannedRow] = []
            for (r, row) in screen.rows.enumerated() {
                let rowID = RowID(screen: screenID, index: r)
                var labels: [PlannedLabel] = []
                let all = row.labels + (row.pair.map { [$0.title, $0.value] } ?? [])
                for (l, label) in all.enumerated() {
                    guard let style = styles.first(where: { $0.name == label.style }) else {
                        if let why = withoutFont[label.style] {
                            throw label.location.error("style \"\(label.style)\" is not usable: \(why); define it under `styles:` to audit this label")
                        }
                        throw label.location.error("unknown style \"\(label.style)\"; styles: \(names.joined(separator: ", "))")
                    }
                    let (texts, observations) = resolver.texts(label, screen: screen.name, row: row.name)
                    stringObservations += observations
                    labels.append(PlannedLabel(id: LabelID(row: rowID, index: l), name: label.name, style: style.id,
                                               lines: label.lines, lineBreak: label.lineBreak,
                                               autoshrink: label.autoshrink, location: label.location, texts: texts))
                }
                let fixed: Double? = { if case .points(let p) = row.height { return p }; return nil }()
                rows.append(PlannedRow(
                    id: rowID, name: row.name, repeatCount: max(1, row.repeatCount), labels: labels,
                    hasPair: row.pair != nil, stackAtAccessibilitySizes: row.pair?.stackAtAccessibilitySizes ?? false,
                    height: fixed.map { .fixed($0) } ?? .automatic(minimum: 44), fixedHeight: fixed,
                    spacing: row.spacing ?? 0, leadingImageWidth: row.leadingImage, accessoryWidth: row.accessory,
                    insetTop: row.insets?.top ?? 11, insetBottom: row.insets?.bottom ?? 11,
                    layoutMargin: row.insets?.leading))
            }
            screens.append(PlannedScreen(id: screenID, name: screen.name, navigationBar: screen.navigationBar,
                                         tabBar: screen.tabBar, toolbar: screen.toolbar,
                                         minimumRowsVisible: screen.minimumRowsVisible, rows: rows))
        }
        self.screens = screens
        self.stringObservations = stringObservations
        self.diagnostics = diagnostics
        try planUI(fonts: &fonts, resolver: resolver)  // PlanUI.swift
    }

    static func device(_ custom: ConfigCustomDevice) -> Device {
        let insets = Insets(top: custom.safeArea.top, left: custom.safeArea.left, bottom: custom.safeArea.bottom,
                            right: custom.safeArea.right)
        let landscape = Insets(top: 0, left: custom.safeArea.top, bottom: custom.homeIndicator ? 21 : 0,
                               right: custom.safeArea.top)
        let bars = BarMetrics(statusBar: custom.statusBar, navigationBar: 44, largeTitleNavigationBar: 96,
                              tabBar: 49, toolbar: 44)
        let barsLandscape = BarMetrics(statusBar: 0, navigationBar: 32, largeTitleNavigationBar: 32, tabBar: 32,
                                       toolbar: 32)
        return Device(name: custom.name, width: custom.width, height: custom.height, scale: Double(custom.scale),
                      safeAreaPortrait: insets, safeAreaLandscape: landscape, barsPortrait: bars,
                      barsLandscape: barsLandscape,
                      widthClassPortrait: custom.width >= 600 ? .regular : .compact,
                      widthClassLandscape: custom.height >= 600 ? .regular : .compact,
                      source: "typefit.yml customDevices")
    }

    /// Format samples: "%@" → conversion "@", "%lld" → "d" (length modifiers do not change the sample).
    static func formatSamples(config: TypeFitConfig, diagnostics: inout [Diagnostic]) -> FormatSamples {
        var byConversion: [String: String] = [:]
        var byPosition: [Int: String] = [:]
        for (spec, value) in config.formatSamples.sorted(by: { $0.key < $1.key }) {
            let parsed = FormatSpecifiers.parse(spec)
            if let first = parsed.first, first.text == spec {
                if spec.contains("$") { byPosition[first.position] = value } else {
                    byConversion[String(first.conversion)] = value
                }
            } else {
                diagnostics.append(Diagnostic(location: config.file, code: .formatSample,
                                              message: "formatSamples key \"\(spec)\" is not a format specifier"))
            }
        }
        return FormatSamples(byConversion: byConversion, byPosition: byPosition)
    }

    /// `path` relative to the current folder when it is inside it, else as is.
    public static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if standardized.hasPrefix(cwd + "/") { return String(standardized.dropFirst(cwd.count + 1)) }
        return standardized
    }
}

/// Finds the installed font fontconfig would draw missing characters with; shared by threads
/// (fontconfig calls are serialized by `FontCatalog`'s lock; answers are cached).
public final class FallbackFinder: @unchecked Sendable {
    private let catalog: FontCatalog
    private let lock = NSLock()
    private var cache: [[Unicode.Scalar]: String?] = [:]

    init(catalog: FontCatalog) { self.catalog = catalog }

    /// The PostScript (or family) name of the font that has `scalars`, nil when none has.
    public func fallback(for scalars: [Unicode.Scalar]) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[scalars] { return cached }
        var name: String?
        if let location = catalog.fallback(for: scalars) {
            name = location.postScriptName.isEmpty ? location.family : location.postScriptName
        }
        cache[scalars] = name
        return name
    }
}

/// Fonts as the plan adds them: config fonts by id, then fonts TypographyKit styles name.
struct FontPlanner {
    let catalog: FontCatalog
    let localCatalog: FontCatalog
    let config: TypeFitConfig
    var fonts: [PlannedFont] = []

    func id(_ name: String) -> FontID? { fonts.first { $0.name == name }?.id }

    mutating func add(_ font: ConfigFont) throws {
        let variations = font.variations.sorted { $0.key < $1.key }.map { VariationSetting(tag: $0.key, value: $0.value) }
        let source: PlannedFont.Source
        do {
            switch font.source {
            case .file(let url):
                source = .file(path: url.path, faceIndex: font.faceIndex ?? 0, variations: variations,
                               instance: font.instance)
            case .name(let pattern):
                source = .location(try catalog.resolve(pattern), variations: variations)
            }
            try append(name: font.id, source: source, features: font.features ?? "", language: font.language)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw font.location.error(String(describing: error))
        }
    }

    private mutating func append(name: String, source: PlannedFont.Source, features: String, language: String?) throws {
        let face = try PlannedFont.open(source)
        fonts.append(PlannedFont(id: FontID(fonts.count), name: name, source: source,
                                 displayPath: AuditPlan.displayPath(face.info.path), features: features,
                                 language: language, info: face.info))
    }

    /// The font id for a TypographyKit `font-name`: the system stand-in, a config font with that
    /// PostScript name, or a font fontconfig finds by PostScript name (added under that name).
    mutating func id(forTypographyKit name: TypographyKitFontName?, style: String, file: String,
                     diagnostics: inout [Diagnostic]) throws -> FontID {
        func systemStandIn(_ path: String) throws -> FontID {
            guard let system = config.systemFont, let id = id(system) else {
                throw ConfigError(file: file, line: nil, column: nil, path: path,
                                  message: "a System font needs `systemFont:` in the typefit.yml (SF Pro is not redistributable)")
            }
            return id
        }
        guard let name else {
            guard config.systemFont != nil else {
                throw ConfigError(file: file, line: nil, column: nil, path: "ui-font-text-styles.\(style)",
                                  message: "no font-name and no systemFont in the typefit.yml to stand in")
            }
            return try systemStandIn("ui-font-text-styles.\(style)")
        }
        switch name {
        case .system:
            let id = try systemStandIn("ui-font-text-styles.\(style).font-name")
            if let note = name.resolved(systemStandIn: config.systemFont ?? "").note {
                diagnostics.append(Diagnostic(location: file, code: .typographyKit,
                                              message: "ui-font-text-styles.\(style).font-name: \(note)"))
            }
            return id
        case .named(let postScriptName):
            if let font = fonts.first(where: { $0.info.postScriptName == postScriptName }) { return font.id }
            if let font = fonts.first(where: { $0.name == postScriptName }) { return font.id }
            do {
                // The config's font folders first (without system fonts), so a font bundled with the
                // app wins over an installed copy and reports do not depend on the machine.
                let location = try (try? localCatalog.resolve(":postscriptname=\(postScriptName)"))
                    ?? catalog.resolve(":postscriptname=\(postScriptName)")
                try append(name: postScriptName, source: .location(location, variations: []), features: "", language: nil)
                return FontID(fonts.count - 1)
            } catch {
                throw ConfigError(file: file, line: nil, column: nil, path: "ui-font-text-styles.\(style).font-name",
                                  message: "no font with PostScript name \"\(postScriptName)\" in fontDirectories or the system fonts")
            }
        }
    }
}
