import DynamicType
import Foundation

extension ConfigParser {
    static let fontKeys = ["file", "name", "variations", "instance", "faceIndex", "features", "language"]

    func parseFonts(_ node: ConfigCursor) throws -> [ConfigFont] {
        try node.mapping(what: "a mapping of font id → font").entries.map { entry in
            if SystemFontWeight(fontID: entry.key) != nil {
                throw entry.keyCursor.fail("\"\(entry.key)\" is the system font's id and needs no definition; name another font for it with `systemFont: <font id>`, or SF Pro with `systemFont: { directory: … }`")
            }
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

    static let systemFontKeys = ["directory", "font"]

    /// `systemFont`: a font id, `{ font: <id> }` or `{ directory: <SF Pro folder> }`.
    func parseSystemFont(_ node: ConfigCursor) throws -> ConfigSystemFont {
        let what = "a font id, { font: <font id> } or { directory: <folder of SF Pro> }"
        func standIn(_ cursor: ConfigCursor) throws -> String {
            let id = try cursor.string(what: "a font id")
            if SystemFontWeight(fontID: id) != nil {
                throw cursor.fail("systemFont names the font that stands in for \"\(id)\"; give an id of `fonts:`")
            }
            return id
        }
        if case .scalar = node.node {
            let id = try standIn(node)
            fontReferences.append((id, node))
            return .font(id: id, location: node.location)
        }
        let map = try node.mapping(allowed: Self.systemFontKeys, what: what)
        switch (map["directory"], map["font"]) {
        case let (directory?, nil):
            return .directory(try directory.existingPath(directory: true, what: "SF Pro folder"), location: directory.location)
        case let (nil, font?):
            let id = try standIn(font)
            fontReferences.append((id, font))
            return .font(id: id, location: font.location)
        case (_?, _?): throw node.fail("systemFont has either \"directory\" or \"font\", not both")
        case (nil, nil): throw node.fail("systemFont needs \"directory\" (a folder of SF Pro) or \"font\" (a font id)")
        }
    }
}
