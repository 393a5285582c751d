import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import TypeFitSupport

/// Walks the composed YAML tree section by section.
final class ConfigParser {
    let context: ConfigParseContext
    /// References checked once everything is read: (name, where, what it refers to).
    var fontReferences: [(String, ConfigCursor)] = []
    var styleReferences: [(String, ConfigCursor)] = []

    init(context: ConfigParseContext) { self.context = context }

    static let topLevelKeys = [
        "version", "fontDirectories", "fonts", "fallbackFonts", "lineHeightRule", "lineHeightFonts", "typographyKit", "systemFont",
        "styles", "devices", "customDevices", "orientation", "categories", "locales", "strings", "formatSamples",
        "pseudoLocale", "screens", "checks", "webViews", "ui", "ignoreTypographyKitWarnings",
    ]

    func parseRoot(_ root: ConfigCursor) throws -> TypeFitConfig {
        // A file that is one text (any file of lines without a "key: value" structure, /etc/passwd
        // say) is named, not quoted: its content is not TypeFit's to print.
        if case .scalar(let scalar) = root.node, !root.isNull {
            throw root.fail("expected a mapping of settings at the top level, got plain text of \(scalar.string.count) characters (not a typefit.yml)")
        }
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
        let systemFont = try map["systemFont"].map(parseSystemFont)
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
        for (name, cursor) in fontReferences where !fontIDs.contains(name) && SystemFontWeight(fontID: name) == nil {
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
        config.ignoredTypographyKitWarnings = try map["ignoreTypographyKitWarnings"].map {
            try parseIgnoredTypographyKitWarnings($0, typographyKit: typographyKit != nil)
        } ?? []
        config.warnings = context.warnings
        return config
    }

    func suggestion(_ name: String, _ candidates: [String], defined: String) -> String {
        if let near = nearest(name, in: candidates) { return "; did you mean \"\(near)\"?" }
        return candidates.isEmpty ? " (no \(defined) are defined)" : " (defined \(defined): \(candidates.joined(separator: ", ")))"
    }
}
