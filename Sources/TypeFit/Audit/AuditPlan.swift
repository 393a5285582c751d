import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport


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
    /// The `strings:` patterns with no file for some audited locales, whose keys fall back to the
    /// development language there (one warning in `diagnostics` says so).
    public var stringsFallbacks: [StringsFallback] = []
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

    /// Every unit of work in a fixed order: screens in config order, then locales (a screen's
    /// `repeatedLocales` left out when the locale they repeat is audited); `devices`: the run's
    /// devices (default: the plan's).
    public func units(locales selected: [Int]? = nil, devices: [Device]? = nil, categories: Int? = nil) -> [AuditUnit] {
        let devices = devices ?? self.devices
        var units: [AuditUnit] = []
        let audited = Set(selected ?? Array(locales.indices))
        for screen in screens {
            let perLayout = devices.count(where: screen.isLaidOut) * orientations.count * (categories ?? self.categories.count)
            for locale in selected ?? Array(locales.indices) {
                if let earlier = screen.repeatedLocales[locale], audited.contains(earlier) { continue }
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
            styleList[style.name] = try Self.resolve(style, refining: base, fonts: &fonts)
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
        let loaded = try StringsSources.load(config.strings, auditedLocales: config.locales,
                                             boundary: RepositoryBoundary(root: config.baseDirectory))
        let table = loaded.table
        diagnostics += loaded.diagnostics
        diagnostics += table.warnings.map {
            Diagnostic(location: "\($0.file):\($0.line):\($0.column)", code: .strings, message: $0.message)
        }
        var locales = config.locales ?? table.locales
        if locales.isEmpty { locales = ["en"] }
        self.stringsFallbacks = loaded.fallbacks
        if let fallback = StringsFallback.diagnostic(loaded.fallbacks, audited: locales.count, development: locales[0]) {
            diagnostics.append(fallback)
        }
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
                    let (texts, observations) = resolver.texts(label, id: LabelID(row: rowID, index: l), screen: screen.name,
                                                               row: row.name)
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
                                         minimumRowsVisible: screen.minimumRowsVisible, rows: rows,
                                         devices: try screen.devices.map { try Self.devices($0, of: devices) },
                                         width: screen.width))
        }
        self.screens = screens
        self.stringObservations = stringObservations
        self.diagnostics = diagnostics
        try planUI(fonts: &fonts, resolver: resolver)  // PlanUI.swift
    }

    /// A screen's `devices:`, each one of the audit's `devices` (by name or alias, ignoring case
    /// and punctuation, as `devices:` matches the catalog), or a one-line error at the name.
    static func devices(_ names: [ConfigDeviceName], of devices: [Device]) throws -> [Device] {
        try names.map { name in
            if let device = try? Device.named(name.name, in: devices) { return device }
            let audited = devices.map(\.name)
            if let known = try? Device.named(name.name) {
                throw name.location.error("device \"\(known.name)\" is not audited (devices: \(audited.joined(separator: ", "))); "
                    + "add it to `devices:` to lay this screen out on it")
            }
            var message = "unknown device \"\(name.name)\""
            if let near = nearest(name.name, in: audited) { message += "; did you mean \"\(near)\"?" }
            else { message += " (devices: \(audited.joined(separator: ", ")))" }
            throw name.location.error(message)
        }
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

    /// Format samples: "%@" → "@", "%lld" → "lld" (a "%d" sample also serves "%lld" without its own).
    static func formatSamples(config: TypeFitConfig, diagnostics: inout [Diagnostic]) -> FormatSamples {
        var byConversion: [String: String] = [:]
        var byPosition: [Int: String] = [:]
        for (spec, value) in config.formatSamples.sorted(by: { $0.key < $1.key }) {
            let parsed = FormatSpecifiers.parse(spec)
            if let first = parsed.first, first.text == spec {
                if spec.contains("$") { byPosition[first.position] = value } else {
                    byConversion[first.length + String(first.conversion)] = value
                }
            } else {
                diagnostics.append(Diagnostic(location: config.file, code: .formatSample,
                                              message: "formatSamples key \"\(spec)\" is not a format specifier"))
            }
        }
        return FormatSamples(byConversion: byConversion, byPosition: byPosition)
    }
}
