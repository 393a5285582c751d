import Foundation
import Localization

extension ConfigParser {
    func parseStrings(_ node: ConfigCursor) throws -> [ConfigStringsSource] {
        try node.list(what: "a list of string sources").map { item in
            var pathNode = item
            var skipStale = false, required = false
            if case .mapping = item.node {
                let map = try item.mapping(allowed: ["path", "skipStale", "required"], what: "a string source")
                pathNode = try map.required("path")
                skipStale = try map["skipStale"]?.bool() ?? false
                required = try map["required"]?.bool() ?? false
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
            if required && !pattern.hasPlaceholder {
                item.warn("required only applies to a path with {locale}")
            }
            return ConfigStringsSource(path: raw, resolved: resolved, skipStale: skipStale, required: required,
                                       location: pathNode.location)
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
}
