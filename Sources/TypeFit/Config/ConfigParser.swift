import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport
import Yams

extension TypeFitConfig {
    /// Reads and validates a config file (YAML, or JSON with a `.json` extension — same parser).
    /// Relative paths inside it are resolved against the file's folder.
    /// - Throws: `ConfigError` (one line, naming the file and, where known, line:column and key path).
    public static func load(path: String) throws -> TypeFitConfig {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ConfigError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw ConfigError(file: path, message: "is a folder, expected a typefit.yml file")
        }
        if let kind = FileKind.nonRegular(url.path) {
            throw ConfigError(file: path, message: "is \(kind), not a regular file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigError(file: path, message: "cannot read the file (\(error.localizedDescription))")
        }
        let bom = [UInt8](data.prefix(2))
        if bom == [0xFF, 0xFE] || bom == [0xFE, 0xFF] {
            // UTF-16 with a byte order mark (as some Apple tools write text files).
            guard let text = String(data: data, encoding: .utf16) else {
                throw ConfigError(file: path, message: "not valid UTF-16 text")
            }
            return try parse(yaml: text, file: path, baseDirectory: url.deletingLastPathComponent())
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = TextPosition.firstInvalidUTF8(in: data) ?? 0
            let position = TextPosition(byteOffset: offset, in: data)
            throw ConfigError(file: path, line: position.line, column: position.column,
                              message: "not valid UTF-8 text (byte 0x\(String(data[data.startIndex + offset], radix: 16, uppercase: true)))")
        }
        return try parse(yaml: text, file: path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Parses and validates config text. `file` names the input in errors; relative paths are
    /// resolved against `baseDirectory`.
    /// - Throws: `ConfigError`.
    public static func parse(yaml: String, file: String, baseDirectory: URL) throws -> TypeFitConfig {
        let root: Node?
        do {
            root = try Self.compose(yaml)
        } catch let error as YamlError {
            throw Self.convert(error, file: file)
        } catch {
            throw ConfigError(file: file, message: "cannot parse the file (\(error))")
        }
        guard let root else { throw ConfigError(file: file, line: 1, column: 1, message: "the config is empty") }
        let context = ConfigParseContext(file: file, baseDirectory: baseDirectory.standardizedFileURL, sourceBytes: yaml.utf8.count)
        let parser = ConfigParser(context: context)
        return try parser.parseRoot(ConfigCursor(node: root, path: "", context: context))
    }

    /// `Yams.compose` with Yams' default tags, faster. Composing with the default resolver runs
    /// up to seven regular expressions on every mapping key (Yams hashes keys to find duplicates)
    /// and on every value whose tag is asked for: about half the time of reading a config with
    /// thousands of labels. A config with no anchor, alias or merge key ("&", "*", "<<" nowhere in
    /// its text) shares no node, so no value's tag is ever resolved while composing: it is
    /// composed with no rules (keys become strings), and `ConfigCursor.tagName(of:)` gives each
    /// value the default resolver's tag when the parser asks. Keys then differ only by their text,
    /// which can only find more duplicates than the default tags (`"1"` and `1` are one key without
    /// them): a duplicate found that way is checked again with the default resolver.
    static func compose(_ yaml: String) throws -> Node? {
        let shares = yaml.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "*") }) || yaml.contains("<<")
        if !shares {
            do { return try Yams.compose(yaml: yaml, .basic) } catch YamlError.duplicatedKeysInMapping {}
        }
        return try Yams.compose(yaml: yaml)
    }

    static func convert(_ error: YamlError, file: String) -> ConfigError {
        switch error {
        case let .scanner(context, problem, mark, yaml), let .parser(context, problem, mark, yaml),
             let .composer(context, problem, mark, yaml):
            let words = YAMLSyntaxWords.explain(problem: problem, context: context?.text,
                                                character: YAMLSyntaxWords.character(in: yaml, line: mark.line, column: mark.column))
            return ConfigError(file: file, line: mark.line, column: mark.column, message: "YAML syntax error: " + words)
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return ConfigError(file: file, line: context.mark.line, column: context.mark.column,
                               message: "duplicate key \(keys) in the same mapping")
        case let .reader(problem, offset, _, yaml):
            guard let offset, offset >= 0, offset <= yaml.utf8.count else {
                return ConfigError(file: file, message: "unreadable text: \(problem)")
            }
            let position = TextPosition(byteOffset: offset, in: Data(yaml.utf8))
            return ConfigError(file: file, line: position.line, column: position.column, message: "unreadable text: \(problem)")
        default:
            return ConfigError(file: file, message: "cannot parse the file (\(error))")
        }
    }
}

/// Walks the composed YAML tree section by section.
final class ConfigParser {
    let context: ConfigParseContext
    /// References checked once everything is read: (name, where, what it refers to).
    private var fontReferences: [(String, ConfigCursor)] = []
    private var styleReferences: [(String, ConfigCursor)] = []

    init(context: ConfigParseContext) { self.context = context }

    static let topLevelKeys = [
        "version", "fontDirectories", "fonts", "fallbackFonts", "lineHeightRule", "lineHeightFonts", "typographyKit", "systemFont",
        "styles", "devices", "customDevices", "orientation", "categories", "locales", "strings", "formatSamples",
        "pseudoLocale", "screens", "checks", "webViews", "ui",
    ]

    func parseRoot(_ root: ConfigCursor) throws -> TypeFitConfig {
        let map = try root.mapping(allowed: Self.topLevelKeys, what: "a mapping of settings at the top level")

        var version = 1
        if let node = map["version"] {
            version = try node.integer(minimum: 1)
            guard version == 1 else { throw node.fail("unsupported version \(version) (this TypeFit reads version 1)") }
        }
        let fontDirectories = try map["fontDirectories"].map { list in
            try list.list().map { try $0.existingPath(directory: true, what: "font folder") }
        } ?? []
        let fonts = try map["fonts"].map(parseFonts) ?? []
        let fallbackFonts = try map["fallbackFonts"].map(parseFallbacks) ?? []
        let lineHeightRule = try map["lineHeightRule"]?.choice(LineHeightRule.self) ?? .hhea
        let lineHeightFonts = try map["lineHeightFonts"]?.choice(LineHeightFonts.self) ?? .fontsUsed
        var typographyKit: URL?
        if let node = map["typographyKit"] {
            let url = try node.existingPath(directory: false, what: "TypographyKit config")
            guard ["json", "plist"].contains(url.pathExtension.lowercased()) else {
                throw node.fail("expected a TypographyKit .json or .plist file, got \(node.shown)")
            }
            typographyKit = url
        }
        var systemFont: String?
        if let node = map["systemFont"] {
            systemFont = try node.string(what: "a font id")
            fontReferences.append((systemFont ?? "", node))
        }
        let styles = try map["styles"].map { try parseStyles($0, typographyKit: typographyKit != nil) } ?? []

        var devices: [ConfigDeviceName] = []
        if let node = map["devices"] {
            devices = try node.stringList(what: "a device name").map { ConfigDeviceName(name: $0.0, location: $0.1.location) }
        }
        let customDevices = try map["customDevices"].map { try parseCustomDevices($0, catalogNames: devices) } ?? []
        if devices.isEmpty && customDevices.isEmpty {
            root.warn("no devices or customDevices listed; the runner's default devices will be used")
        }
        let orientation = try map["orientation"]?.choice(ConfigOrientation.self) ?? .portrait
        let categories = try map["categories"].map(parseCategories) ?? ContentSizeCategory.allCases
        let locales = try map["locales"].map { try $0.stringList(what: "a locale id").map(\.0) }
        let strings = try map["strings"].map(parseStrings) ?? []
        let formatSamples = try map["formatSamples"].map(parseFormatSamples) ?? [:]
        let pseudoLocale = try map["pseudoLocale"].map(parsePseudoLocale)
        let screens = try map["screens"].map(parseScreens) ?? []
        let checks = try map["checks"].map(parseChecks) ?? ConfigChecks()

        // References.
        let fontIDs = Set(fonts.map(\.id))
        for (name, cursor) in fontReferences where !fontIDs.contains(name) {
            let ids = fonts.map { $0.id }
            throw cursor.fail("undefined font \"\(name)\"" + suggestion(name, ids, defined: "fonts"))
        }
        if typographyKit == nil {
            let styleNames = styles.map { $0.name }
            for (name, cursor) in styleReferences where !styleNames.contains(name) {
                throw cursor.fail("undefined style \"\(name)\"" + suggestion(name, styleNames, defined: "styles"))
            }
        }
        let referenced = Set(fontReferences.map { $0.0 })
        for font in fonts where !referenced.contains(font.id) {
            context.warnings.append(ConfigWarning(location: font.location, message: "font \"\(font.id)\" is not used by any style, fallback or systemFont",
                                                  code: .unusedFont(font.id)))
        }

        var config = TypeFitConfig(
            file: context.file, baseDirectory: context.baseDirectory, version: version,
            fontDirectories: fontDirectories, fonts: fonts, fallbackFonts: fallbackFonts,
            lineHeightRule: lineHeightRule, lineHeightFonts: lineHeightFonts, typographyKit: typographyKit, systemFont: systemFont, styles: styles,
            devices: devices, customDevices: customDevices, orientation: orientation, categories: categories,
            locales: locales, strings: strings, formatSamples: formatSamples, pseudoLocale: pseudoLocale,
            screens: screens, checks: checks, warnings: context.warnings)
        config.webViews = try map["webViews"].map(parseWebViews) ?? []  // WebViewConfig.swift
        config.ui = try map["ui"].map(parseUI)  // UIConfig.swift
        config.warnings = context.warnings
        return config
    }

    private func suggestion(_ name: String, _ candidates: [String], defined: String) -> String {
        if let near = nearest(name, in: candidates) { return "; did you mean \"\(near)\"?" }
        return candidates.isEmpty ? " (no \(defined) are defined)" : " (defined \(defined): \(candidates.joined(separator: ", ")))"
    }

    // MARK: Fonts

    static let fontKeys = ["file", "name", "variations", "instance", "faceIndex", "features", "language"]

    func parseFonts(_ node: ConfigCursor) throws -> [ConfigFont] {
        try node.mapping(what: "a mapping of font id → font").entries.map { entry in
            let map = try entry.value.mapping(allowed: Self.fontKeys, what: "a font (with \"file\" or \"name\")")
            let source: ConfigFontSource
            switch (map["file"], map["name"]) {
            case let (file?, nil): source = .file(try file.existingPath(directory: false, what: "font file"))
            case let (nil, name?): source = .name(try name.string(what: "a fontconfig pattern"))
            case (_?, _?): throw entry.value.fail("a font has either \"file\" or \"name\", not both")
            case (nil, nil): throw entry.value.fail("a font needs \"file\" (a path) or \"name\" (a fontconfig pattern)")
            }
            var variations: [String: Double] = [:]
            if let node = map["variations"] {
                for axis in try node.mapping(what: "a mapping of axis tag → value").entries {
                    guard axis.key.unicodeScalars.count == 4, axis.key.unicodeScalars.allSatisfy({ $0.isASCII }) else {
                        throw axis.keyCursor.fail("variation axis tag \"\(axis.key)\" must be 4 ASCII characters, e.g. wght")
                    }
                    variations[axis.key] = try axis.value.number()
                }
            }
            let instance = try map["instance"]?.string(what: "a named instance")
            if instance != nil, map.has("variations") {
                throw (map["instance"] ?? entry.value).fail("give either \"variations\" or \"instance\", not both")
            }
            return ConfigFont(
                id: entry.key, source: source, variations: variations, instance: instance,
                faceIndex: try map["faceIndex"]?.integer(minimum: 0),
                features: try map["features"]?.string(what: "a feature string like \"-kern,+smcp\""),
                language: try map["language"]?.string(what: "a language tag"),
                location: entry.value.location)
        }
    }

    func parseFallbacks(_ node: ConfigCursor) throws -> [ConfigFallbackFont] {
        try node.mapping(what: "a mapping of script → font id").entries.map { entry in
            let scalars = Array(entry.key.unicodeScalars)
            guard scalars.count == 4, scalars.allSatisfy({ $0.isASCII && CharacterSet.letters.contains($0) }),
                  CharacterSet.uppercaseLetters.contains(scalars[0]),
                  scalars.dropFirst().allSatisfy({ CharacterSet.lowercaseLetters.contains($0) }) else {
                throw entry.keyCursor.fail("\"\(entry.key)\" is not an ISO 15924 script code (like Arab, Hebr, Thai, Hani)")
            }
            let font = try entry.value.string(what: "a font id")
            fontReferences.append((font, entry.value))
            return ConfigFallbackFont(script: entry.key, font: font, location: entry.value.location)
        }
    }

    // MARK: Styles

    static let styleKeys = [
        "font", "model", "textStyle", "size", "algorithm", "step", "multiplier", "smallest", "maximumNormal",
        "maximumAccessibility", "sizes", "lineHeights", "androidConversion", "minimum", "maximum", "categories",
        "lineHeight", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight", "letterCase", "letterSpacing",
    ]

    /// Keys that only some models use, and the models that use them.
    static let modelKeys: [String: [ConfigScalingModel]] = [
        "textStyle": [.apple, .uifontmetrics],
        "size": [.uifontmetrics, .stepping, .interpolate, .android, .fixed],
        "algorithm": [.uifontmetrics],
        "step": [.stepping], "multiplier": [.stepping],
        "smallest": [.interpolate], "maximumNormal": [.interpolate], "maximumAccessibility": [.interpolate],
        "sizes": [.table], "lineHeights": [.table],
        "androidConversion": [.android],
    ]

    /// Keys each model requires.
    static let requiredKeys: [ConfigScalingModel: [String]] = [
        .apple: ["textStyle"], .uifontmetrics: ["textStyle", "size"], .stepping: ["size"],
        .interpolate: ["size", "smallest", "maximumNormal", "maximumAccessibility"], .table: ["sizes"],
        .android: ["size"], .fixed: ["size"],
    ]

    func parseStyles(_ node: ConfigCursor, typographyKit: Bool) throws -> [ConfigStyle] {
        try node.mapping(what: "a mapping of style name → style").entries.map { entry in
            let map = try entry.value.mapping(allowed: Self.styleKeys, what: "a style")
            var font: String?
            if let node = map["font"] {
                font = try node.string(what: "a font id")
                fontReferences.append((font ?? "", node))
            } else if !typographyKit {
                throw entry.value.fail("missing required key \"font\"")
            }
            let model = try map["model"]?.choice(ConfigScalingModel.self)
            if let model {
                for key in Self.requiredKeys[model] ?? [] where !map.has(key) {
                    throw entry.value.fail("missing required key \"\(key)\" for the \(model.rawValue) model")
                }
                for item in map.entries {
                    if let users = Self.modelKeys[item.key], !users.contains(model) {
                        context.warnings.append(ConfigWarning(location: item.value.location,
                            message: "ignored by the \(model.rawValue) model (used by \(users.map(\.rawValue).joined(separator: ", ")))"))
                    }
                }
            } else if !typographyKit {
                throw entry.value.fail("missing required key \"model\"")
            }

            var textStyle: TextStyle?
            if let node = map["textStyle"] {
                let name = try node.string(what: "a text style")
                let names = TextStyle.allCases.map(\.rawValue)
                guard let style = TextStyle(rawValue: name) else {
                    throw node.fail("unknown text style \(node.shown)" + suggestion(name, names, defined: "text styles"))
                }
                textStyle = style
            }
            func positive(_ key: String) throws -> Double? { try map[key]?.number(minimum: 0, exclusive: true) }
            func nonNegative(_ key: String) throws -> Double? { try map[key]?.number(minimum: 0) }
            func table(_ key: String) throws -> [ContentSizeCategory: Double]? {
                guard let node = map[key] else { return nil }
                let entries = try node.mapping(what: "a mapping of category → points").entries
                guard entries.count == 12 else {
                    throw node.fail("expected a value for each of the 12 categories (xS … AX5), got \(entries.count)")
                }
                var result: [ContentSizeCategory: Double] = [:]
                for item in entries {
                    let category = try item.keyCursor.category(item.key)
                    guard result[category] == nil else {
                        throw item.keyCursor.fail("\(category.shortName) is given twice")
                    }
                    result[category] = try item.value.number(minimum: 0, exclusive: true)
                }
                return result
            }
            var lineHeight: ConfigLineHeight?
            if let node = map["lineHeight"] {
                if case .scalar(let scalar) = node.node, scalar.string == "font" { lineHeight = .font }
                else if case .scalar(let scalar) = node.node, scalar.string == "hig" {
                    guard textStyle != nil || model == nil else {
                        throw node.fail("\"hig\" line height needs a textStyle (apple or uifontmetrics model)")
                    }
                    lineHeight = .hig
                } else if case .scalar(let scalar) = node.node, ConfigCursor.tagName(of: scalar) == Tag.Name.int.rawValue || ConfigCursor.tagName(of: scalar) == Tag.Name.float.rawValue {
                    lineHeight = .points(try node.number(minimum: 0, exclusive: true))
                } else {
                    throw node.fail("expected font, hig or a finite number > 0 (points), got \(node.shown)")
                }
            }
            let style = ConfigStyle(
                name: entry.key, font: font, model: model, textStyle: textStyle,
                size: try positive("size"),
                algorithm: try map["algorithm"]?.choice(ConfigUIFontMetricsAlgorithm.self),
                step: try map["step"]?.number(), multiplier: try positive("multiplier"),
                smallest: try positive("smallest"), maximumNormal: try positive("maximumNormal"),
                maximumAccessibility: try positive("maximumAccessibility"),
                sizes: try table("sizes"), lineHeights: try table("lineHeights"),
                androidConversion: try map["androidConversion"]?.choice(ConfigAndroidConversion.self),
                minimum: try positive("minimum"), maximum: try positive("maximum"),
                categories: try map["categories"].map { node in
                    try node.categoryRange(try node.string(what: "a category range like \"xS...AX3\""))
                },
                lineHeight: lineHeight, lineHeightMultiple: try positive("lineHeightMultiple"),
                minimumLineHeight: try positive("minimumLineHeight"), maximumLineHeight: try positive("maximumLineHeight"),
                letterCase: try map["letterCase"]?.choice(LetterCase.self),
                letterSpacing: try map["letterSpacing"]?.number(),
                location: entry.value.location)
            let f = ConfigCursor.format
            if let low = style.minimum, let high = style.maximum, low > high, let node = map["maximum"] {
                throw node.fail("maximum \(f(high)) is below minimum \(f(low))")
            }
            if let low = style.minimumLineHeight, let high = style.maximumLineHeight, low > high, let node = map["maximumLineHeight"] {
                throw node.fail("maximumLineHeight \(f(high)) is below minimumLineHeight \(f(low))")
            }
            if model == .interpolate, let small = style.smallest, let size = style.size, let normal = style.maximumNormal,
               let large = style.maximumAccessibility, !(small <= size && size <= normal && normal <= large) {
                throw entry.value.fail("interpolate sizes must not decrease: smallest \(f(small)), size \(f(size)), maximumNormal \(f(normal)), maximumAccessibility \(f(large))")
            }
            return style
        }
    }

    // MARK: Devices

    func parseCustomDevices(_ node: ConfigCursor, catalogNames: [ConfigDeviceName]) throws -> [ConfigCustomDevice] {
        var names = Set(catalogNames.map(\.name))
        return try node.list(what: "a list of devices").map { item in
            let map = try item.mapping(allowed: ["name", "width", "height", "scale", "safeArea", "statusBar", "homeIndicator"],
                                       what: "a device")
            let nameNode = try map.required("name")
            let name = try nameNode.string(what: "a device name")
            guard names.insert(name).inserted else { throw nameNode.fail("duplicate device name \"\(name)\"") }
            let scaleNode = try map.required("scale")
            let scale = try scaleNode.integer(minimum: 1)
            guard (1...3).contains(scale) else { throw scaleNode.fail("expected a scale of 1, 2 or 3, got \(scaleNode.shown)") }
            var safeArea = ConfigEdgeInsets(top: 0, bottom: 0, left: 0, right: 0)
            if let node = map["safeArea"] {
                let edges = try node.mapping(allowed: ["top", "bottom", "left", "right"], what: "insets {top, bottom, left, right}")
                safeArea = ConfigEdgeInsets(
                    top: try edges["top"]?.number(minimum: 0) ?? 0, bottom: try edges["bottom"]?.number(minimum: 0) ?? 0,
                    left: try edges["left"]?.number(minimum: 0) ?? 0, right: try edges["right"]?.number(minimum: 0) ?? 0)
            }
            return ConfigCustomDevice(
                name: name, width: try map.required("width").number(minimum: 0, exclusive: true),
                height: try map.required("height").number(minimum: 0, exclusive: true), scale: scale, safeArea: safeArea,
                statusBar: try map["statusBar"]?.number(minimum: 0) ?? 0,
                homeIndicator: try map["homeIndicator"]?.bool() ?? false, location: item.location)
        }
    }

    /// `categories:`: `all`, a range like `xS...AX5`, one category or a list, in category order.
    func parseCategories(_ node: ConfigCursor) throws -> [ContentSizeCategory] {
        if case .sequence = node.node {
            let items = try node.stringList(what: "a category name")
            guard !items.isEmpty else { throw node.fail("expected at least one category") }
            return Set(try items.map { try $0.1.category($0.0) }).sorted()
        }
        let text = try node.string(what: "all, a range like \"xS...AX5\" or a list of categories")
        if text == "all" { return ContentSizeCategory.allCases }
        if text.contains("...") { return try node.categoryRange(text).categories }
        return [try node.category(text)]
    }

    // MARK: Strings

    func parseStrings(_ node: ConfigCursor) throws -> [ConfigStringsSource] {
        try node.list(what: "a list of string sources").map { item in
            var pathNode = item
            var skipStale = false
            if case .mapping = item.node {
                let map = try item.mapping(allowed: ["path", "skipStale"], what: "a string source")
                pathNode = try map.required("path")
                skipStale = try map["skipStale"]?.bool() ?? false
            }
            let raw = try pathNode.string(what: "a path")
            let resolved = pathNode.resolve(raw)
            let pattern = LocalePathPattern(resolved.path)
            let mustExist = pattern.fixedFolder
            guard FileManager.default.fileExists(atPath: mustExist.path) else {
                throw pathNode.fail("strings path \"\(raw)\" not found (looked for \(mustExist.path))")
            }
            if pattern.hasPlaceholder, pattern.matches().isEmpty {
                throw pathNode.fail("no file matches the pattern \"\(raw)\" for any locale (looked in \(mustExist.path))")
            }
            if skipStale && resolved.pathExtension != "xcstrings" {
                item.warn("skipStale only applies to .xcstrings files")
            }
            return ConfigStringsSource(path: raw, resolved: resolved, skipStale: skipStale, location: pathNode.location)
        }
    }

    func parseFormatSamples(_ node: ConfigCursor) throws -> [String: String] {
        var result: [String: String] = [:]
        for entry in try node.mapping(what: "a mapping of format specifier → sample").entries {
            guard entry.key.hasPrefix("%") else {
                throw entry.keyCursor.fail("\"\(entry.key)\" is not a format specifier (like %@, %d, %lld)")
            }
            result[entry.key] = try entry.value.text()
        }
        return result
    }

    func parsePseudoLocale(_ node: ConfigCursor) throws -> ConfigPseudoLocale {
        let map = try node.mapping(allowed: ["enabled", "id", "expansion"], what: "pseudo-locale settings")
        return ConfigPseudoLocale(
            enabled: try map["enabled"]?.bool() ?? false, id: try map["id"]?.string(what: "a locale id") ?? "en-XA",
            expansion: try map["expansion"]?.number(minimum: 0, maximum: PseudoLocale.maximumExpansion) ?? 0.4, location: node.location)
    }

    // MARK: Screens

    func parseScreens(_ node: ConfigCursor) throws -> [ConfigScreen] {
        var names: Set<String> = []
        return try node.list(what: "a list of screens").map { item in
            let map = try item.mapping(allowed: ["name", "navigationBar", "tabBar", "toolbar", "minimumRowsVisible", "rows",
                                                 "checks"],
                                       what: "a screen")
            let nameNode = try map.required("name")
            let name = try nameNode.string(what: "a screen name")
            guard names.insert(name).inserted else { throw nameNode.fail("duplicate screen name \"\(name)\"") }
            let rowsNode = try map.required("rows")
            let rowItems = try rowsNode.list(what: "a list of rows")
            guard !rowItems.isEmpty else { throw rowsNode.fail("expected at least one row") }
            var rowNames: Set<String> = []
            var rows: [ConfigRow] = []
            for rowItem in rowItems {
                let row = try parseRow(rowItem)
                guard rowNames.insert(row.name).inserted else {
                    throw nameCursor(rowItem).fail("duplicate row name \"\(row.name)\"")
                }
                rows.append(row)
            }
            return ConfigScreen(
                name: name, navigationBar: try map["navigationBar"].map(parseNavigationBar) ?? .standard,
                tabBar: try map["tabBar"]?.bool() ?? false, toolbar: try map["toolbar"]?.bool() ?? false,
                minimumRowsVisible: try map["minimumRowsVisible"]?.integer(minimum: 0), rows: rows,
                checks: try map["checks"].map(parseCheckScope), location: item.location)
        }
    }

    /// `navigationBar:` as written in the config (`standard`, `large`, `none`).
    func parseNavigationBar(_ node: ConfigCursor) throws -> NavigationBarStyle {
        let written: [(String, NavigationBarStyle)] = [("standard", .standard), ("large", .largeTitle), ("none", .none)]
        let names = written.map(\.0)
        let text = try node.string(what: names.joined(separator: " | "))
        guard let style = written.first(where: { $0.0 == text })?.1 else {
            throw node.fail("expected one of \(names.joined(separator: " | ")), got \(node.shown)"
                + (nearest(text, in: names).map { "; did you mean \"\($0)\"?" } ?? ""))
        }
        return style
    }

    /// The `name` value of a mapping (for duplicate-name errors), or the mapping itself.
    private func nameCursor(_ item: ConfigCursor) -> ConfigCursor {
        guard let map = try? item.mapping(), let name = map["name"] else { return item }
        return name
    }

    static let rowKeys = ["name", "repeat", "height", "insets", "leadingImage", "accessory", "spacing", "labels", "pair",
                          "checks"]

    /// The largest `repeat` of a row: a list screen taller than any device needs no more, and the
    /// limit is checked while parsing, before any layout work starts.
    static let maximumRepeat = 1000

    func parseRow(_ item: ConfigCursor) throws -> ConfigRow {
        let map = try item.mapping(allowed: Self.rowKeys, what: "a row")
        let name = try map.required("name").string(what: "a row name")
        var height = ConfigRowHeight.automatic
        if let node = map["height"] {
            if case .scalar(let scalar) = node.node, scalar.string == "automatic" { height = .automatic }
            else if case .scalar(let scalar) = node.node, ConfigCursor.tagName(of: scalar) == Tag.Name.int.rawValue || ConfigCursor.tagName(of: scalar) == Tag.Name.float.rawValue {
                height = .points(try node.number(minimum: 0, exclusive: true))
            } else {
                throw node.fail("expected automatic or a finite number > 0 (points), got \(node.shown)")
            }
        }
        var insets: ConfigRowInsets?
        if let node = map["insets"] {
            let edges = try node.mapping(allowed: ["top", "bottom", "leading", "trailing"], what: "insets {top, bottom, leading, trailing}")
            insets = ConfigRowInsets(
                top: try edges["top"]?.number(minimum: 0), bottom: try edges["bottom"]?.number(minimum: 0),
                leading: try edges["leading"]?.number(minimum: 0), trailing: try edges["trailing"]?.number(minimum: 0))
        }
        var labelNames: Set<String> = []
        var labels: [ConfigLabel] = []
        if let node = map["labels"] {
            for labelItem in try node.list(what: "a list of labels") {
                let label = try parseLabel(labelItem)
                guard labelNames.insert(label.name).inserted else {
                    throw nameCursor(labelItem).fail("duplicate label name \"\(label.name)\"")
                }
                labels.append(label)
            }
        }
        var pair: ConfigLabelPair?
        if let node = map["pair"] {
            let pairMap = try node.mapping(allowed: ["title", "value", "stackAtAccessibilitySizes"], what: "a pair {title, value}")
            let titleNode = try pairMap.required("title"), valueNode = try pairMap.required("value")
            let title = try parseLabel(titleNode), value = try parseLabel(valueNode)
            for (label, labelNode) in [(title, titleNode), (value, valueNode)] {
                guard labelNames.insert(label.name).inserted else {
                    throw nameCursor(labelNode).fail("duplicate label name \"\(label.name)\"")
                }
            }
            pair = ConfigLabelPair(title: title, value: value,
                                   stackAtAccessibilitySizes: try pairMap["stackAtAccessibilitySizes"]?.bool() ?? true,
                                   location: node.location)
        }
        guard !labels.isEmpty || pair != nil else { throw item.fail("a row needs \"labels\" or a \"pair\"") }
        return ConfigRow(
            name: name, repeatCount: try map["repeat"].map(parseRepeat) ?? 1, height: height, insets: insets,
            leadingImage: try map["leadingImage"]?.number(minimum: 0), accessory: try map["accessory"]?.number(minimum: 0),
            spacing: try map["spacing"]?.number(minimum: 0), labels: labels, pair: pair,
            checks: try map["checks"].map(parseCheckScope), location: item.location)
    }

    func parseRepeat(_ node: ConfigCursor) throws -> Int {
        let count = try node.integer(minimum: 1)
        guard count <= Self.maximumRepeat else {
            throw node.fail("repeat \(count) is more than \(Self.maximumRepeat) rows (no device shows that many)")
        }
        return count
    }

    func parseLabel(_ item: ConfigCursor) throws -> ConfigLabel {
        let map = try item.mapping(allowed: ["name", "style", "text", "key", "lines", "lineBreak", "autoshrink", "checks"],
                                   what: "a label")
        let name = try map.required("name").string(what: "a label name")
        let styleNode = try map.required("style")
        let style = try styleNode.string(what: "a style name")
        styleReferences.append((style, styleNode))
        let content: ConfigLabelContent
        switch (map["text"], map["key"]) {
        case let (text?, nil): content = .text(try text.text())
        case let (nil, key?): content = .key(try key.string(what: "a string key"))
        case (_?, _?):
            // Point at whichever of the two keys comes second in the file.
            let second = map.entries.last { $0.key == "text" || $0.key == "key" }?.keyCursor ?? item
            throw second.fail("a label has either \"text\" (literal) or \"key\" (string key), not both")
        case (nil, nil): throw item.fail("a label needs \"text\" (literal) or \"key\" (string key)")
        }
        return ConfigLabel(
            name: name, style: style, content: content, lines: try map["lines"]?.integer(minimum: 0) ?? 1,
            lineBreak: try map["lineBreak"]?.choice(LineBreakMode.self) ?? .truncateTail,
            autoshrink: try map["autoshrink"]?.number(minimum: 0, exclusive: true, maximum: 1),
            checks: try map["checks"].map(parseCheckScope), location: item.location)
    }

    // MARK: Checks

    func parseChecks(_ node: ConfigCursor) throws -> ConfigChecks {
        let map = try node.mapping(allowed: ["severity", "disabled", "failOn"], what: "check settings")
        let (scope, disabled) = try parseSeverityAndDisabled(map)
        return ConfigChecks(severity: scope.severity, disabled: disabled,
                            failOn: try map["failOn"]?.choice(Severity.self) ?? .error, idLocations: scope.idLocations)
    }

    /// `checks:` inside a screen, row or label: `severity` and `disabled` (no `failOn`, which is
    /// the run's).
    func parseCheckScope(_ node: ConfigCursor) throws -> ConfigCheckScope {
        let map = try node.mapping(allowed: ["severity", "disabled"], what: "check settings {severity, disabled}")
        return try parseSeverityAndDisabled(map).scope
    }

    /// `severity` and `disabled` of a `checks:` mapping (top level or scoped), with the position
    /// of each id; the disabled ids also in file order.
    private func parseSeverityAndDisabled(_ map: ConfigMap) throws -> (scope: ConfigCheckScope, disabled: [String]) {
        var scope = ConfigCheckScope()
        var disabled: [String] = []
        if let severityNode = map["severity"] {
            for entry in try severityNode.mapping(what: "a mapping of check id → severity").entries {
                scope.severity[entry.key] = try entry.value.choice(Severity.self)
                scope.idLocations[entry.key] = entry.keyCursor.location
            }
        }
        if let disabledNode = map["disabled"] {
            for (id, cursor) in try disabledNode.stringList(what: "a check id") {
                disabled.append(id)
                scope.disabled.insert(id)
                if scope.idLocations[id] == nil { scope.idLocations[id] = cursor.location }
            }
        }
        return (scope, disabled)
    }
}

extension ConfigCursor {
    /// A content size category written as `text` (L, large, accessibilityMedium, AX1, …), or an
    /// error at this node.
    func category(_ text: String) throws -> ContentSizeCategory {
        do { return try ContentSizeCategory(parsing: text) } catch { throw fail(error.description) }
    }

    /// A category range written as `text` (e.g. `xS...AX3`), or an error at this node.
    func categoryRange(_ text: String) throws -> CategoryRange {
        do { return try CategoryRange(parsing: text) } catch { throw fail(error.description) }
    }
}
