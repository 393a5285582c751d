import Foundation
import TypeFitSupport
import Yams

/// The strings part of a `swiftgen.yml`: which strings table becomes which generated enum, so a
/// reference such as `L10n.settings.title` names a table and a key.
public struct SwiftGenConfig: Sendable, Hashable {
    /// One strings input and the enum SwiftGen generates for it.
    public struct StringsTable: Sendable, Hashable {
        /// The input file or folder as written, relative to the config's folder.
        public var input: String
        /// The table's name (the input file's name without extension; `Localizable` for a folder).
        public var table: String
        /// The generated enum (`params.enumName`, default `L10n`).
        public var enumName: String
        /// The generated Swift file, when named.
        public var output: String?

        public init(input: String, table: String, enumName: String, output: String?) {
            self.input = input
            self.table = table
            self.enumName = enumName
            self.output = output
        }
    }

    /// The config file, relative to the repository root.
    public var file: String
    public var strings: [StringsTable]

    public init(file: String, strings: [StringsTable]) {
        self.file = file
        self.strings = strings
    }

    /// The table a generated enum stands for.
    public func table(forEnum name: String) -> StringsTable? { strings.first { $0.enumName == name } }

    /// The path SwiftGen's structured templates (`structured-swift5`) generate for a strings key,
    /// after the enum: each dotted component but the last an enum in PascalCase, the last a property
    /// in lowerCamelCase (`camera_player.errors.unable_to_connect` → `CameraPlayer.Errors.unableToConnect`).
    public static func swiftPath(forKey key: String) -> String {
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map { pretty(String($0)) }
        guard let last = components.last else { return "" }
        return (components.dropLast() + [lowerFirstWord(last)]).joined(separator: ".")
    }

    /// The key among `keys` whose generated path is `path` (a reference such as
    /// `L10n.Settings.title` without its enum), nil when none.
    public static func key(forPath path: String, among keys: [String]) -> String? {
        keys.first { swiftPath(forKey: $0) == path }
    }

    /// SwiftGen's "pretty" identifier: words split at characters that are not letters or digits, each capitalized.
    static func pretty(_ name: String) -> String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The first word lowercased: `Title` → `title`, `URLString` → `urlString`.
    static func lowerFirstWord(_ name: String) -> String {
        let chars = Array(name)
        var n = 0
        while n < chars.count, chars[n].isUppercase { n += 1 }
        if n > 1, n < chars.count, chars[n].isLowercase { n -= 1 }
        return String(chars[..<n]).lowercased() + String(chars[n...])
    }

    /// Parses the text of a swiftgen.yml. Entries, inputs, outputs and tables visited are charged
    /// to the YAML expansion budget (`YAMLExpansion`): an alias bomb is refused, not expanded.
    /// - Throws: `XcodeProjectError` naming `file` (and the line) when it is not YAML or expands too far.
    public static func parse(_ text: String, file: String) throws -> SwiftGenConfig {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw XcodeProjectError(file: file, message: "not valid YAML (\(String(describing: error).split(separator: "\n").first ?? ""))")
        } catch {
            throw XcodeProjectError(file: file, message: "not valid YAML")
        }
        var tables: [StringsTable] = []
        guard let strings = root?.mapping?["strings"] else { return SwiftGenConfig(file: file, strings: []) }
        let limit = YAMLExpansion.limit(sourceBytes: text.utf8.count)
        var budget = limit
        func charge(_ count: Int, at node: Node) throws {
            budget -= count
            guard budget < 0 else { return }
            let line = node.mark.map { ":\($0.line):\($0.column)" } ?? ""
            throw XcodeProjectError(file: file + line, message: "strings: expands to more than \(limit) entries through YAML aliases (*name) or merge keys (<<); refusing what looks like an alias bomb")
        }
        let entries: [Node] = strings.sequence.map(Array.init) ?? [strings]
        try charge(entries.count, at: strings)
        for entry in entries {
            guard let map = entry.mapping else { continue }
            try charge(map.count, at: entry)
            let inputs: [String] = try map["inputs"].map { node in
                try charge(node.sequence?.count ?? 1, at: node)
                return node.sequence.map { $0.compactMap(\.string) } ?? [node.string].compactMap { $0 }
            } ?? []
            let outputs: [Node] = try map["outputs"].map { node in
                try charge(node.sequence?.count ?? 1, at: node)
                return node.sequence.map(Array.init) ?? [node]
            } ?? []
            for output in outputs {
                try charge(1 + inputs.count + (output.mapping?.count ?? 0), at: output)
                let params = output.mapping?["params"]?.mapping
                let enumName = params?["enumName"]?.string ?? "L10n"
                for input in inputs {
                    let url = URL(fileURLWithPath: input)
                    let table = url.pathExtension.isEmpty ? "Localizable" : url.deletingPathExtension().lastPathComponent
                    tables.append(StringsTable(input: input, table: table, enumName: enumName,
                                               output: output.mapping?["output"]?.string))
                }
            }
        }
        return SwiftGenConfig(file: file, strings: tables)
    }
}
