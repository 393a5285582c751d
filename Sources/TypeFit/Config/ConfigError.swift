import Foundation

/// A position in a config file: the file as named by the caller, a 1-based line and column
/// (columns count Unicode scalars, as libyaml does) and the key path of the node,
/// e.g. `screens[0].rows[1].labels[0].lines`.
public struct ConfigLocation: Sendable, Hashable, CustomStringConvertible {
    /// The config file, as passed to `TypeFitConfig.load(path:)` or `parse(yaml:file:baseDirectory:)`.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// Key path of the node (empty for the document root).
    public var path: String

    /// A location; `line` and `column` are 1-based.
    public init(file: String, line: Int, column: Int, path: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// An error at this location, prefixed with the key path: `file:l:c: path: message`.
    public func error(_ message: String) -> ConfigError {
        ConfigError(file: file, line: line, column: column, path: path.isEmpty ? nil : path, message: message)
    }
}

/// A fatal problem with a config file. Its `description` is one line:
/// `typefit.yml:12:5: screens[0].rows[1].labels[0].lines: expected a whole number ≥ 0, got "two"`,
/// or `typefit.yml: cannot read the file (…)` when there is no position.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The config file.
    public var file: String
    /// 1-based line, if the problem has a position.
    public var line: Int?
    /// 1-based column, if the problem has a position.
    public var column: Int?
    /// Key path of the offending node, if any.
    public var path: String?
    /// What is wrong.
    public var message: String

    /// An error; give `line` and `column` together (1-based), or neither.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `file[:line:column]: [path: ]message`, on one line.
    public var description: String {
        var text = file
        if let line, let column { text += ":\(line):\(column)" }
        text += ": "
        if let path, !path.isEmpty { text += path + ": " }
        return text + message.replacingOccurrences(of: "\n", with: " ")
    }
}

/// A non-fatal remark about a config (an option the chosen model ignores, an unused font, …).
public struct ConfigWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where the remark applies.
    public var location: ConfigLocation
    /// What is odd.
    public var message: String
    /// What kind of remark it is (the plan drops an unused-font remark when a TypographyKit style
    /// uses the font).
    public var code: Code

    /// The kinds of config remarks.
    public enum Code: Sendable, Hashable {
        case general
        /// The font with this id is not used by any style, fallback or systemFont of the config.
        case unusedFont(String)
    }

    /// A warning at `location`.
    public init(location: ConfigLocation, message: String, code: Code = .general) {
        self.location = location
        self.message = message
        self.code = code
    }

    /// `file:line:column: warning: path: message`.
    public var description: String {
        "\(location): warning: " + (location.path.isEmpty ? "" : location.path + ": ") + message
    }
}
