import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports

/// A loaded font of the project: the config's font id, its face and how it is shaped.
public final class ProjectFont {
    public let id: String
    public let face: FontFace
    /// The file path as shown in reports (relative to the current folder when inside it).
    public let displayPath: String
    public let features: String
    public let language: String?

    init(id: String, face: FontFace, displayPath: String, features: String, language: String?) {
        self.id = id
        self.face = face
        self.displayPath = displayPath
        self.features = features
        self.language = language
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
public struct ProjectStyle: Sendable {
    public var name: String
    public var fontId: String
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

/// typefit.yml resolved into fonts, styles, devices, categories, locales and strings: everything
/// the audit needs, with every name checked. Errors name the config file, line and column.
public final class AuditProject {
    public let config: TypeFitConfig
    public let catalog: FontCatalog
    /// fontconfig over the config's font folders and the bundled Fonts/ only.
    let localCatalog: FontCatalog
    /// Fonts by id, in the order they were defined (config fonts, then TypographyKit fonts).
    public private(set) var fonts: [String: ProjectFont] = [:]
    public private(set) var fontOrder: [String] = []
    /// Styles by name.
    public private(set) var styles: [String: ProjectStyle] = [:]
    public let devices: [Device]
    public let orientations: [Orientation]
    public let categories: [ContentSizeCategory]
    public let strings: StringTable
    /// Locales audited, in order; the first is the development locale strings fall back to.
    public let locales: [String]
    public let pseudoLocale: (id: String, transform: PseudoLocale)?
    public let formatSamples: FormatSamples
    public let auditConfiguration: AuditConfigurationValues
    public private(set) var warnings: [String]

    /// Loads and resolves the config at `path`.
    public convenience init(path: String) throws {
        try self.init(config: TypeFitConfig.load(path: path))
    }

    public init(config: TypeFitConfig) throws {
        self.config = config
        var warnings = config.warnings.map { "\($0.location): warning: \($0.message)" }
        var directories = config.fontDirectories.map(\.path)
        if let bundled = FontCatalog.bundledFontsDirectory(), !directories.contains(bundled) { directories.append(bundled) }
        self.catalog = FontCatalog(directories: directories)
        self.localCatalog = FontCatalog(directories: directories, includeSystemFonts: false)

        // Devices.
        var devices: [Device] = []
        for name in config.devices {
            do { devices.append(try Device.named(name.name)) } catch {
                throw name.location.error(String(describing: error))
            }
        }
        for custom in config.customDevices {
            let insets = Insets(top: custom.safeArea.top, left: custom.safeArea.left, bottom: custom.safeArea.bottom,
                                right: custom.safeArea.right)
            let landscape = Insets(top: 0, left: custom.safeArea.top, bottom: custom.homeIndicator ? 21 : 0,
                                   right: custom.safeArea.top)
            let bars = BarMetrics(statusBar: custom.statusBar, navigationBar: 44, largeTitleNavigationBar: 96,
                                  tabBar: 49, toolbar: 44)
            let barsLandscape = BarMetrics(statusBar: 0, navigationBar: 32, largeTitleNavigationBar: 32, tabBar: 32,
                                           toolbar: 32)
            devices.append(Device(name: custom.name, width: custom.width, height: custom.height, scale: Double(custom.scale),
                                  safeAreaPortrait: insets, safeAreaLandscape: landscape, barsPortrait: bars,
                                  barsLandscape: barsLandscape,
                                  widthClassPortrait: custom.width >= 600 ? .regular : .compact,
                                  widthClassLandscape: custom.height >= 600 ? .regular : .compact,
                                  source: "typefit.yml customDevices"))
        }
        if devices.isEmpty {
            devices = [try Device.named("iPhone 16")]
            warnings.append("\(config.file): warning: no devices listed; auditing on iPhone 16")
        }
        self.devices = devices
        switch config.orientation {
        case .portrait: orientations = [.portrait]
        case .landscape: orientations = [.landscape]
        case .both: orientations = [.portrait, .landscape]
        }

        // Categories.
        switch config.categories {
        case .all:
            categories = ContentSizeCategory.allCases
        case .range(let text, let location):
            do { categories = try CategoryRange(parsing: text).categories } catch {
                throw location.error(error.description)
            }
        case .list(let names, let location):
            var list: [ContentSizeCategory] = []
            for name in names {
                do { list.append(try ContentSizeCategory(parsing: name)) } catch { throw location.error(error.description) }
            }
            categories = list.sorted()
        }

        // Strings.
        let table = try StringsSources.load(config.strings, auditedLocales: config.locales)
        warnings += table.warnings.map(\.description)
        self.strings = table
        var locales = config.locales ?? table.locales
        if locales.isEmpty { locales = ["en"] }
        if let pseudo = config.pseudoLocale, pseudo.enabled {
            self.pseudoLocale = (pseudo.id, PseudoLocale(expansion: .fixed(pseudo.expansion)))
            if !locales.contains(pseudo.id) { locales.append(pseudo.id) }
        } else {
            self.pseudoLocale = nil
        }
        self.locales = locales

        // Format samples: "%@" → conversion "@", "%lld" → "d" (length modifiers do not change the sample).
        var byConversion: [String: String] = [:]
        var byPosition: [Int: String] = [:]
        for (spec, value) in config.formatSamples {
            let parsed = FormatSpecifiers.parse(spec)
            if let first = parsed.first, first.text == spec {
                if spec.contains("$") { byPosition[first.position] = value } else {
                    byConversion[String(first.conversion)] = value
                }
            } else {
                warnings.append("\(config.file): warning: formatSamples key \"\(spec)\" is not a format specifier")
            }
        }
        self.formatSamples = FormatSamples(byConversion: byConversion, byPosition: byPosition)

        // Checks.
        var overrides: [String: Severity] = [:]
        for (id, severity) in config.checks.severity {
            overrides[id] = Severity(rawValue: severity.rawValue) ?? .error
        }
        self.auditConfiguration = AuditConfigurationValues(
            severityOverrides: overrides, disabled: Set(config.checks.disabled),
            failOn: Severity(rawValue: config.checks.failOn.rawValue) ?? .error,
            idLocations: config.checks.idLocations.mapValues { "\($0)" })
        self.warnings = warnings

        // Fonts and styles.
        for font in config.fonts {
            try loadConfigFont(font)
        }
        try loadStyles()
        // The config parser warns about fonts no style names; TypographyKit styles may use them.
        let used = Set(styles.values.map(\.fontId))
        self.warnings.removeAll { w in used.contains { w.contains("font \"\($0)\" is not used") } }
    }

    /// A font by id.
    public func font(_ id: String) -> ProjectFont? { fonts[id] }

    // MARK: - Fonts

    private func loadConfigFont(_ font: ConfigFont) throws {
        let variations = font.variations.sorted { $0.key < $1.key }.map { VariationSetting(tag: $0.key, value: $0.value) }
        let face: FontFace
        let path: String
        do {
            switch font.source {
            case .file(let url):
                face = try FontFace(path: url.path, faceIndex: font.faceIndex ?? 0, variations: variations,
                                    instance: font.instance)
                path = url.path
            case .name(let pattern):
                let location = try catalog.resolve(pattern)
                face = try FontFace(location: location, variations: variations)
                path = location.path
            }
        } catch {
            throw font.location.error(String(describing: error))
        }
        add(ProjectFont(id: font.id, face: face, displayPath: Self.displayPath(path), features: font.features ?? "",
                        language: font.language))
    }

    private func add(_ font: ProjectFont) {
        if fonts[font.id] == nil { fontOrder.append(font.id) }
        fonts[font.id] = font
    }

    /// The font id for a TypographyKit `font-name`: the system stand-in, a config font with that
    /// PostScript name, or a font fontconfig finds by PostScript name (added under that name).
    private func fontId(forTypographyKit name: TypographyKitFontName?, style: String, file: String) throws -> String {
        guard let name else {
            guard let system = config.systemFont else {
                throw ConfigError(file: file, line: nil, column: nil, path: "ui-font-text-styles.\(style)",
                                  message: "no font-name and no systemFont in the typefit.yml to stand in")
            }
            return system
        }
        switch name {
        case .system:
            guard let system = config.systemFont else {
                throw ConfigError(file: file, line: nil, column: nil, path: "ui-font-text-styles.\(style).font-name",
                                  message: "a System font needs `systemFont:` in the typefit.yml (SF Pro is not redistributable)")
            }
            let resolved = name.resolved(systemStandIn: system)
            if let note = resolved.note {
                warnings.append("\(file): ui-font-text-styles.\(style).font-name: \(note)")
            }
            return system
        case .named(let postScriptName):
            if let id = fontOrder.first(where: { fonts[$0]?.face.info.postScriptName == postScriptName }) { return id }
            do {
                // The config's font folders first (without system fonts), so a font bundled with the
                // app wins over an installed copy and reports do not depend on the machine.
                let location = try (try? localCatalog.resolve(":postscriptname=\(postScriptName)"))
                    ?? catalog.resolve(":postscriptname=\(postScriptName)")
                add(ProjectFont(id: postScriptName, face: try FontFace(location: location),
                                displayPath: Self.displayPath(location.path), features: "", language: nil))
                return postScriptName
            } catch {
                throw ConfigError(file: file, line: nil, column: nil, path: "ui-font-text-styles.\(style).font-name",
                                  message: "no font with PostScript name \"\(postScriptName)\" in fontDirectories or the system fonts")
            }
        }
    }

    // MARK: - Styles

    private func loadStyles() throws {
        // TypographyKit styles that give a label no font (dropped, or no font-name/point-size).
        var withoutFont: [String: String] = [:]
        if let url = config.typographyKit {
            let file = Self.displayPath(url.path)
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw ConfigError(file: file, line: nil, column: nil, path: nil, message: "cannot read the file")
            }
            let tk: TypographyKitConfig
            do { tk = try TypographyKitConfig.parse(data: data) } catch {
                throw ConfigError(file: file, line: error.position?.line, column: error.position?.column, path: error.keyPath.isEmpty ? nil : error.keyPath,
                                  message: error.message)
            }
            warnings += tk.warnings.map { "\(file): warning: \($0)" }
            for w in tk.warnings where w.code == .droppedStyle {
                let name = w.keyPath.dropFirst("ui-font-text-styles.".count).dropLast(".extends".count)
                withoutFont[String(name)] = "\(file): \(w)"
            }
            for name in tk.styles.keys.sorted() {
                guard let style = tk.styles[name] else { continue }
                // No font-name or point-size: TypographyKit gives the style no font (the parser warned).
                guard style.hasFont, let pointSize = style.pointSize else {
                    withoutFont[name] = "TypographyKit gives it no font (no \(style.fontName == nil ? "font-name" : "point-size") in \(file))"
                    continue
                }
                let fontId = try fontId(forTypographyKit: style.fontName, style: name, file: file)
                let mode = style.scalingMode ?? tk.settings.scalingMode
                let minimum = style.minimumPointSize ?? tk.settings.minimumPointSize
                let maximum = style.maximumPointSize ?? tk.settings.maximumPointSize
                let step = tk.settings.pointStepSize, multiplier = tk.settings.pointStepMultiplier
                styles[name] = ProjectStyle(
                    name: name, fontId: fontId, modelName: "typographykit:\(mode.rawValue)", textStyle: nil,
                    lineHeight: .font, lineHeightMultiple: nil, minimumLineHeight: nil, maximumLineHeight: nil,
                    letterCase: style.letterCase ?? .regular, letterSpacing: max(0, style.letterSpacing ?? 0),
                    minimum: minimum, maximum: maximum, fromTypographyKit: true,
                    makeModel: { scale in
                        AnyScalingModel(TypographyKitScaling(mode: mode, pointSize: pointSize, stepSize: step,
                                                             multiplier: multiplier, minimum: minimum, maximum: maximum,
                                                             algorithm: .leadingRatioPixelRounded(scale: scale)))
                    })
            }
        }
        for style in config.styles {
            styles[style.name] = try resolve(style, refining: styles[style.name])
        }
        // Labels must name a known style.
        for screen in config.screens {
            for row in screen.rows {
                for label in row.allLabels where styles[label.style] == nil {
                    if let why = withoutFont[label.style] {
                        throw label.location.error("style \"\(label.style)\" is not usable: \(why); define it under `styles:` to audit this label")
                    }
                    let known = styles.keys.sorted().joined(separator: ", ")
                    throw label.location.error("unknown style \"\(label.style)\"; styles: \(known)")
                }
            }
        }
    }

    private func resolve(_ style: ConfigStyle, refining base: ProjectStyle?) throws -> ProjectStyle {
        let location = style.location
        var textStyle: TextStyle?
        if let name = style.textStyle {
            do { textStyle = try TextStyle(parsing: name) } catch { throw location.error(error.description) }
        }
        var parsedRange = CategoryRange.all
        if let range = style.categories {
            do { parsedRange = try CategoryRange(parsing: range) } catch { throw location.error(error.description) }
        }
        let categories = parsedRange
        let minimum = style.minimum, maximum = style.maximum
        let limit: @Sendable (any ScalingModel) -> AnyScalingModel = { model in
            if minimum == nil && maximum == nil && categories == .all { return AnyScalingModel(model) }
            return AnyScalingModel(Limited(AnyScalingModel(model), minimum: minimum, maximum: maximum, categories: categories))
        }
        var makeModel: (@Sendable (Double) -> AnyScalingModel)?
        var lineHeightDefault = StyleLineHeight.font
        if let model = style.model {
            func need<T>(_ value: T?, _ key: String) throws -> T {
                guard let value else { throw location.error("model \(model.rawValue) needs `\(key)`") }
                return value
            }
            switch model {
            case .apple:
                let ts = try need(textStyle, "textStyle")
                makeModel = { _ in limit(AppleScaling(style: ts)) }
            case .uifontmetrics:
                let ts = try need(textStyle, "textStyle")
                let size = try need(style.size, "size")
                let algorithm = style.algorithm ?? .leadingRatio
                makeModel = { scale in
                    limit(UIFontMetricsScaling(pointSize: size, style: ts, maximumPointSize: maximum,
                                               algorithm: algorithm == .sizeRatio ? .sizeRatio
                                                   : .leadingRatioPixelRounded(scale: scale)))
                }
            case .stepping:
                let size = try need(style.size, "size")
                let step = style.step ?? 2, multiplier = style.multiplier ?? 1
                let model = SteppingScaling(pointSize: size, stepSize: step, multiplier: multiplier, minimum: minimum,
                                            maximum: maximum)
                makeModel = { _ in
                    categories == .all ? AnyScalingModel(model)
                        : AnyScalingModel(Limited(model, categories: categories))
                }
            case .interpolate:
                let model = FourPointScaling(smallest: try need(style.smallest, "smallest"),
                                             normal: try need(style.size, "size"),
                                             maximumNormal: try need(style.maximumNormal, "maximumNormal"),
                                             maximumAccessibility: try need(style.maximumAccessibility,
                                                                            "maximumAccessibility"))
                makeModel = { _ in limit(model) }
            case .table:
                let sizes = try need(style.sizes, "sizes")
                var entries: [ContentSizeCategory: ScaledSize] = [:]
                for (key, value) in sizes {
                    do { entries[try ContentSizeCategory(parsing: key)] = ScaledSize(pointSize: value) } catch {
                        throw location.error("sizes: \(error.description)")
                    }
                }
                for (key, value) in style.lineHeights ?? [:] {
                    do {
                        let c = try ContentSizeCategory(parsing: key)
                        entries[c, default: ScaledSize(pointSize: 0)].lineHeight = value
                    } catch { throw location.error("lineHeights: \(error.description)") }
                }
                let table: TableScaling
                do { table = try TableScaling(entries) } catch { throw location.error(error.description) }
                if style.lineHeights != nil { lineHeightDefault = .model }
                makeModel = { _ in limit(table) }
            case .android:
                let size = try need(style.size, "size")
                let conversion: AndroidScaling.Conversion =
                    style.androidConversion == .linear ? .linear : .nonlinear(.aosp)
                makeModel = { _ in limit(AndroidScaling(spSize: size, conversion: conversion)) }
            case .fixed:
                let size = try need(style.size, "size")
                let table = try TableScaling(sizes: Array(repeating: ScaledSize(pointSize: size), count: 12))
                makeModel = { _ in limit(table) }
            }
        }
        guard let fontId = style.font ?? base?.fontId else { throw location.error("a style needs `font`") }
        guard fonts[fontId] != nil else { throw location.error("unknown font \"\(fontId)\"") }
        guard let model = makeModel ?? base?.makeModel else { throw location.error("a style needs `model`") }
        let lineHeight: StyleLineHeight
        switch style.lineHeight {
        case .font: lineHeight = .font
        case .hig:
            guard let ts = textStyle else { throw location.error("lineHeight: hig needs `textStyle`") }
            lineHeight = .hig(ts)
        case .points(let p): lineHeight = .points(p)
        case nil: lineHeight = base?.lineHeight ?? lineHeightDefault
        }
        var letterCase = base?.letterCase ?? .regular
        if let lc = style.letterCase {
            do { letterCase = try LetterCase(parsing: lc.rawValue) } catch { throw location.error(error.description) }
        }
        return ProjectStyle(
            name: style.name, fontId: fontId,
            modelName: style.model?.rawValue ?? base?.modelName ?? "fixed", textStyle: textStyle ?? base?.textStyle,
            lineHeight: lineHeight, lineHeightMultiple: style.lineHeightMultiple ?? base?.lineHeightMultiple,
            minimumLineHeight: style.minimumLineHeight ?? base?.minimumLineHeight,
            maximumLineHeight: style.maximumLineHeight ?? base?.maximumLineHeight,
            letterCase: letterCase, letterSpacing: style.letterSpacing ?? base?.letterSpacing ?? 0,
            minimum: style.minimum ?? base?.minimum, maximum: style.maximum ?? base?.maximum,
            fromTypographyKit: base?.fromTypographyKit ?? false, makeModel: model)
    }

    // MARK: - Strings

    /// `path` relative to the current folder when it is inside it, else as is.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if standardized.hasPrefix(cwd + "/") { return String(standardized.dropFirst(cwd.count + 1)) }
        return standardized
    }
}

/// The config's check settings in Audit's vocabulary.
public struct AuditConfigurationValues: Sendable {
    public var severityOverrides: [String: Severity]
    public var disabled: Set<String>
    public var failOn: Severity
    /// Where each check id was written in the config ("file:line:column"), for unknown-id errors.
    public var idLocations: [String: String]
}

extension ConfigRow {
    /// Every label of the row: the stacked labels, then the pair's title and value.
    var allLabels: [ConfigLabel] {
        labels + (pair.map { [$0.title, $0.value] } ?? [])
    }
}
