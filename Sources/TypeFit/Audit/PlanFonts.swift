import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport


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

    /// The font id of system text in `weight` (`system`, `systemBold`, …), added on first use:
    /// measured with the font `systemFont:` names, the SF Pro folder it or `TYPEFIT_SYSTEM_FONTS`
    /// gives, or the bundled stand-in. A folder that is not SF Pro fails here, one line.
    mutating func system(_ weight: SystemFontWeight) throws -> FontID {
        if let known = id(weight.fontID) { return known }
        let source: SystemFontSource
        do {
            switch config.systemFont {
            case .font(let name, let location)?:
                guard let font = fonts.first(where: { $0.name == name }) else { throw location.error("undefined font \"\(name)\"") }
                source = SystemFontSource(widths: .font(name: name, source: font.source), weight: weight)
            case .directory(let url, let location)?:
                do { source = try SystemFontSource.resolve(weight: weight, directory: url.path) } catch {
                    throw location.error(String(describing: error))
                }
            case nil:
                source = try SystemFontSource.resolve(weight: weight, directory: nil)
            }
            try append(name: weight.fontID, source: .system(source), features: "", language: nil)
        } catch let error as ConfigError {
            throw error
        } catch {
            let origin = ProcessInfo.processInfo.environment[SystemFontSource.directoryVariable].map { _ in "\(SystemFontSource.directoryVariable): " } ?? ""
            throw ConfigError(file: config.file, message: "system font: \(origin)\(error)")
        }
        return FontID(fonts.count - 1)
    }

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
                                 displayPath: displayPath(face.info.path), features: features,
                                 language: language, info: face.info))
    }

    /// The font id for a TypographyKit `font-name`: the system font (`System…` names, or no
    /// font-name), a config font with that PostScript name, or a font fontconfig finds by
    /// PostScript name (added under that name).
    mutating func id(forTypographyKit name: TypographyKitFontName?, style: String, file: String,
                     diagnostics: inout [Diagnostic]) throws -> FontID {
        guard let name else { return try system(.regular) }
        switch name {
        case .system(let weight, let italic, let monospacedDigits):
            if italic || monospacedDigits || SystemFontWeight(weight) == nil {
                let measured = SystemFontWeight(nearest: weight)
                let asked = [italic ? "italic" : nil, monospacedDigits ? "monospaced digits" : nil].compactMap { $0 }
                diagnostics.append(Diagnostic(location: file, code: .typographyKit, message:
                    "ui-font-text-styles.\(style).font-name: the system font \(weight.rawValue)\(asked.isEmpty ? "" : " (" + asked.joined(separator: ", ") + ")") is measured as \(measured.fontID)"))
            }
            return try system(SystemFontWeight(nearest: weight))
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
