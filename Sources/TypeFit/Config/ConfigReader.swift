import Foundation
import TypeFitSupport
import Yams

/// Shared state of one parse: the file name, base folder and collected warnings.
final class ConfigParseContext {
    let file: String
    let baseDirectory: URL
    var warnings: [ConfigWarning] = []
    /// Mapping entries and list items the parser may still visit. YAML aliases and merge keys can
    /// make a few hundred bytes expand exponentially (a "billion laughs"); real configs visit a
    /// few thousand nodes at most, so running out means hostile input, reported as an error instead of a hang.
    /// The budget scales with the text: a config without aliases has fewer nodes than half its
    /// bytes ("- x\n" is 4 bytes), so a 10,000-screen config is never mistaken for a bomb.
    let nodeLimit: Int
    var nodeBudget: Int

    /// The fewest mapping entries plus list items one config may expand to (more for big files:
    /// twice the text's bytes).
    static let maximumNodes = YAMLExpansion.maximumNodes

    init(file: String, baseDirectory: URL, sourceBytes: Int = 0) {
        self.file = file
        self.baseDirectory = baseDirectory
        nodeLimit = YAMLExpansion.limit(sourceBytes: sourceBytes)
        nodeBudget = nodeLimit
    }
}

/// A YAML node with its key path; every accessor throws a positioned `ConfigError`.
struct ConfigCursor {
    let node: Node
    let path: String
    let context: ConfigParseContext

    var location: ConfigLocation {
        let mark = node.mark
        return ConfigLocation(file: context.file, line: mark?.line ?? 1, column: mark?.column ?? 1, path: path)
    }

    func fail(_ message: String) -> ConfigError { location.error(message) }

    /// Charges `count` visited nodes to the config's budget; fails once aliases expand it too far.
    func consume(_ count: Int) throws {
        context.nodeBudget -= count
        if context.nodeBudget < 0 {
            throw fail("the config expands to more than \(context.nodeLimit) entries through YAML aliases (*name) or merge keys (<<); refusing what looks like an alias bomb")
        }
    }

    func warn(_ message: String) { context.warnings.append(ConfigWarning(location: location, message: message)) }

    func child(_ node: Node, key: String) -> ConfigCursor {
        ConfigCursor(node: node, path: Self.join(path, key), context: context)
    }

    func child(_ node: Node, index: Int) -> ConfigCursor {
        ConfigCursor(node: node, path: path + "[\(index)]", context: context)
    }

    static func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" || $0 == " " || $0 == "(" || $0 == ")"
        }
        let component = plain ? key : "[\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
        if path.isEmpty { return plain ? key : component }
        return plain ? path + "." + key : path + component
    }

    /// The tag Yams' default resolver gives `scalar` (`Node.scalar(scalar).tag` of a config
    /// composed with it). `scalar.tag.rawValue` is the tag as composed: "" for a plain scalar with
    /// no tag that nobody resolved yet — always, for a value of a config composed with no rules
    /// (`TypeFitConfig.compose`). Such a scalar gets the default resolver's answer, without its
    /// regular expressions where the answer is certain: its rules (bool, int, float, merge, null,
    /// timestamp, value; Yams `Resolver.swift`) are anchored at the start, and every alternative
    /// begins with one of `yYnNtTfFoO+-0123456789.<~=` or is empty (null), which ICU's `$` also
    /// matches before a final line terminator (a scalar "\n" is null). A scalar starting with
    /// another byte, and not a line terminator's (U+000A–U+000D, U+0085, U+2028, U+2029: UTF-8
    /// lead bytes 0x0A–0x0D, 0xC2, 0xE2), is a string.
    static func tagName(of scalar: Node.Scalar) -> String {
        let composed = scalar.tag.rawValue
        guard composed.isEmpty else { return Node.scalar(scalar).tag.rawValue }
        if let first = scalar.string.utf8.first, !Self.ruleInitials.contains(first) { return Tag.Name.str.rawValue }
        return Resolver.default.resolveTag(of: Node.scalar(.init(scalar.string))).rawValue
    }

    /// The first bytes of the default resolver's non-empty alternatives and of line terminators.
    private static let ruleInitials: Set<UInt8> = Set("yYnNtTfFoO+-0123456789.<~=".utf8).union([0x0A, 0x0B, 0x0C, 0x0D, 0xC2, 0xE2])

    /// How the node reads in an error message: `"two"`, `a list`, `a mapping`, `nothing (null)`.
    var shown: String {
        switch node {
        case .scalar(let scalar):
            if Self.tagName(of: scalar) == Tag.Name.null.rawValue && scalar.style == .plain { return "nothing (null)" }
            return "\"" + quotedInput(scalar.string) + "\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    var isNull: Bool {
        if case .scalar(let scalar) = node, Self.tagName(of: scalar) == Tag.Name.null.rawValue, scalar.style == .plain { return true }
        return false
    }

    // MARK: Containers

    /// The node as a mapping whose keys must all be in `allowed` (unknown keys fail with a suggestion).
    func mapping(allowed: [String]? = nil, what: String = "a mapping") throws -> ConfigMap {
        guard case .mapping(let mapping) = node else { throw fail("expected \(what), got \(shown)") }
        try consume(mapping.count)
        var entries: [ConfigMap.Entry] = []
        for (keyNode, valueNode) in try mergedPairs(mapping) {
            guard case .scalar(let keyScalar) = keyNode else {
                throw ConfigCursor(node: keyNode, path: path, context: context)
                    .fail("keys must be plain text, got \(ConfigCursor(node: keyNode, path: path, context: context).shown)")
            }
            let key = keyScalar.string
            let keyCursor = ConfigCursor(node: keyNode, path: path, context: context)
            if let allowed, !allowed.contains(key) {
                let place = path.isEmpty ? "at the top level" : "in \(path)"
                var message = "unknown key \"\(quotedInput(key))\" \(place)"
                if let suggestion = nearest(key, in: allowed) { message += "; did you mean \"\(suggestion)\"?" }
                else { message += " (valid keys: \(allowed.joined(separator: ", ")))" }
                let loc = keyCursor.location
                throw ConfigError(file: loc.file, line: loc.line, column: loc.column, message: message)
            }
            entries.append(.init(key: key, keyCursor: keyCursor, value: child(valueNode, key: key)))
        }
        return ConfigMap(cursor: self, entries: entries)
    }

    /// The pairs of a mapping with YAML merge keys (`<<: *base`, `<<: [*a, *b]`) applied: the
    /// mapping's own keys first, in file order, then merged keys it does not define itself.
    private func mergedPairs(_ mapping: Node.Mapping) throws -> [(Node, Node)] {
        var own: [(Node, Node)] = []
        var merged: [(Node, Node)] = []
        for (keyNode, valueNode) in mapping {
            guard keyNode.tag.rawValue == Tag.Name.merge.rawValue else {
                own.append((keyNode, valueNode))
                continue
            }
            let sources: [Node]
            if case .sequence(let sequence) = valueNode { sources = Array(sequence) } else { sources = [valueNode] }
            for source in sources {
                guard case .mapping(let sourceMapping) = source else {
                    throw child(source, key: "<<").fail("a merge key (<<) takes a mapping or a list of mappings")
                }
                try consume(sourceMapping.count)
                merged += try mergedPairs(sourceMapping)
            }
        }
        var seen = Set(own.compactMap { $0.0.scalar?.string })
        for pair in merged {
            guard let key = pair.0.scalar?.string, seen.insert(key).inserted else { continue }
            own.append(pair)
        }
        return own
    }

    /// The node as a list (a single scalar is *not* promoted to a list).
    func list(what: String = "a list") throws -> [ConfigCursor] {
        guard case .sequence(let sequence) = node else { throw fail("expected \(what), got \(shown)") }
        try consume(sequence.count)
        return sequence.enumerated().map { child($0.element, index: $0.offset) }
    }

    // MARK: Scalars

    /// A non-empty string. Any scalar counts (so `no`, `1` are the strings "no", "1"); null does not.
    func string(what: String = "a non-empty string") throws -> String {
        guard case .scalar(let scalar) = node, !isNull else { throw fail("expected \(what), got \(shown)") }
        let value = scalar.string
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw fail("expected \(what), got an empty string")
        }
        return value
    }

    /// A string that may be empty (literal label text).
    func text() throws -> String {
        guard case .scalar(let scalar) = node, !isNull else { throw fail("expected a string, got \(shown)") }
        return scalar.string
    }

    func bool() throws -> Bool {
        guard case .scalar(let scalar) = node, Self.tagName(of: scalar) == Tag.Name.bool.rawValue, let value = Bool.construct(from: scalar) else {
            throw fail("expected true or false, got \(shown)")
        }
        return value
    }

    /// The largest magnitude of any number in a config (points, ratios, axis values, steps):
    /// ten times the largest screen dimension, yet small enough that no size, line height or
    /// inset computed from such figures can overflow to infinity.
    static let largestFigure = Figures.largestMagnitude

    /// Whether the node is a number as the config reads numbers (YAML's int or float).
    var isNumber: Bool {
        guard case .scalar(let scalar) = node else { return false }
        let tag = Self.tagName(of: scalar)
        return tag == Tag.Name.int.rawValue || tag == Tag.Name.float.rawValue
    }

    /// A finite number in a range. `minimum` inclusive unless `exclusive`; `maximum` inclusive.
    /// Bounds left out default to ±``largestFigure``.
    func number(minimum: Double? = nil, exclusive: Bool = false, maximum: Double? = nil) throws -> Double {
        let expected = Self.describe(minimum: minimum, exclusive: exclusive, maximum: maximum, whole: false)
        guard isNumber, case .scalar(let scalar) = node, let value = Double.construct(from: scalar) else {
            throw fail("expected \(expected), got \(shown)")
        }
        guard value.isFinite else { throw fail("expected \(expected), got \(shown) (not finite)") }
        if let minimum, exclusive ? !(value > minimum) : !(value >= minimum) { throw fail("expected \(expected), got \(shown)") }
        if let maximum, value > maximum { throw fail("expected \(expected), got \(shown)") }
        if abs(value) > Self.largestFigure {
            throw fail("expected \(expected), got \(shown) (numbers in a config are limited to ±\(Self.format(Self.largestFigure)))")
        }
        return value
    }

    /// A whole number ≥ `minimum`.
    func integer(minimum: Int) throws -> Int {
        let expected = Self.describe(minimum: Double(minimum), exclusive: false, maximum: nil, whole: true)
        guard case .scalar(let scalar) = node, Self.tagName(of: scalar) == Tag.Name.int.rawValue, let value = Int.construct(from: scalar),
              value >= minimum else {
            throw fail("expected \(expected), got \(shown)")
        }
        return value
    }

    /// One of an enum's raw values (with a suggestion for near misses).
    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws -> E where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, !isNull, let value = E(rawValue: scalar.string) else {
            var message = "expected one of \(names.joined(separator: " | ")), got \(shown)"
            if case .scalar(let scalar) = node, let suggestion = nearest(scalar.string, in: names) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            throw fail(message)
        }
        return value
    }

    /// A list of non-empty strings with no duplicates.
    func stringList(what: String) throws -> [(String, ConfigCursor)] {
        var seen: Set<String> = []
        return try list().map { item in
            let value = try item.string(what: what)
            guard seen.insert(value).inserted else { throw item.fail("duplicate \"\(value)\"") }
            return (value, item)
        }
    }

    /// A path relative to the config's folder, checked to exist.
    func existingPath(directory: Bool? = nil, what: String) throws -> URL {
        let raw = try string(what: "a path")
        let url = resolve(raw)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw fail("\(what) \"\(raw)\" not found (looked for \(url.path))")
        }
        if let directory, directory != isDirectory.boolValue {
            throw fail("\(what) \"\(raw)\" is \(isDirectory.boolValue ? "a folder" : "a file"), expected \(directory ? "a folder" : "a file")")
        }
        return url
    }

    func resolve(_ raw: String) -> URL {
        raw.hasPrefix("/") ? URL(fileURLWithPath: raw).standardizedFileURL
            : context.baseDirectory.appendingPathComponent(raw).standardizedFileURL
    }

    /// A number as written by people: `12`, `0.5`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func describe(minimum: Double?, exclusive: Bool, maximum: Double?, whole: Bool) -> String {
        let fmt = format
        var text = whole ? "a whole number" : "a finite number"
        switch (minimum, maximum) {
        case let (min?, max?): text += " in \(exclusive ? "(" : "[")\(fmt(min)), \(fmt(max))]"
        case let (min?, nil): text += exclusive ? " > \(fmt(min))" : " ≥ \(fmt(min))"
        case let (nil, max?): text += " ≤ \(fmt(max))"
        case (nil, nil): break
        }
        return text
    }
}

/// A checked mapping: look keys up, require keys.
struct ConfigMap {
    struct Entry {
        let key: String
        let keyCursor: ConfigCursor
        let value: ConfigCursor
    }

    let cursor: ConfigCursor
    let entries: [Entry]

    /// The value of an optional key; an explicit `null` counts as absent.
    subscript(_ key: String) -> ConfigCursor? {
        guard let value = entries.first(where: { $0.key == key })?.value, !value.isNull else { return nil }
        return value
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    func required(_ key: String) throws -> ConfigCursor {
        guard let value = self[key] else { throw cursor.fail("missing required key \"\(key)\"") }
        return value
    }
}

