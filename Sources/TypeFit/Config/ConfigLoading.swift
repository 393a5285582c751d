import DynamicType
import Foundation
import TypeFitSupport
import Yams

extension TypeFitConfig {
    /// Reads and validates a config file (YAML, or JSON with a `.json` extension — same parser).
    /// Relative paths inside it are resolved against the file's folder.
    /// `shownAs` names the file in the config's positions and errors once read (default: `path`).
    /// - Throws: `ConfigError` (one line, naming the file and, where known, line:column and key path).
    public static func load(path: String, shownAs: String? = nil) throws -> TypeFitConfig {
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
        // The config's folder is the repository: a typefit.yml linked from outside it is not read.
        if let escape = RepositoryBoundary(root: url.deletingLastPathComponent()).escape(url.path) {
            throw ConfigError(file: path, message: escape.description)
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
            return try parse(yaml: text, file: shownAs ?? path, baseDirectory: url.deletingLastPathComponent())
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = TextPosition.firstInvalidUTF8(in: data) ?? 0
            let position = TextPosition(byteOffset: offset, in: data)
            throw ConfigError(file: path, line: position.line, column: position.column,
                              message: "not valid UTF-8 text (byte 0x\(String(data[data.startIndex + offset], radix: 16, uppercase: true)))")
        }
        return try parse(yaml: text, file: shownAs ?? path, baseDirectory: url.deletingLastPathComponent())
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

    /// `Yams.compose` with Yams' default tags, resolved only where needed. Composing with the
    /// default resolver runs up to seven regular expressions on every mapping key (Yams hashes keys
    /// to find duplicates) and on every value whose tag is asked for, the bulk of reading a config
    /// with thousands of labels. A config with no anchor, alias or merge key ("&", "*", "<<" nowhere in
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
            // Yams marks the key's first occurrence; the error belongs where it is repeated.
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            let first = (line: context.mark.line, column: context.mark.column)
            let at = duplicates.first.flatMap { YAMLDuplicateKey.repeated($0, after: first, in: context.text) } ?? first
            return ConfigError(file: file, line: at.line, column: at.column,
                               message: "duplicate key \(keys) in the same mapping (first at line \(first.line))")
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
