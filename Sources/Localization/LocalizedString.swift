import Foundation
import TypeFitSupport

/// One measurable localized string: a `.strings` entry, or one plural/device variant of a
/// `.stringsdict` or `.xcstrings` entry.
public struct LocalizedString: Sendable, Hashable, Codable {
    /// The localization key as written in the source file.
    public var key: String
    /// Variant path such as `[one]` or `[device=iphone][plural=one]`; `nil` for a plain entry.
    public var variant: String?
    /// Normalized locale identifier (BCP 47 style, e.g. `en-US`), see ``LocaleID``.
    public var locale: String
    /// The value with escapes resolved (format specifiers are kept).
    public var value: String
    /// The comment preceding the entry (`.strings`) or the catalog comment (`.xcstrings`).
    public var comment: String?
    /// `.xcstrings` `stringUnit` state (`translated`, `needs_review`, `new`, `stale`), else `nil`.
    public var state: String?
    /// Path of the source file, as it was given to the reader.
    public var file: String
    /// 1-based line of the key in the source file (best effort for `.stringsdict`/`.xcstrings`).
    public var line: Int
    /// The counts that select this plural variant: which format specifier of `value` prints each
    /// count, and the category its form is for (empty for a plain string).
    public var pluralCounts: [PluralCount] = []
    /// The device this variant is for (an `.xcstrings` `variations.device` case), nil for a string
    /// shown on every device.
    public var device: DeviceVariant?

    /// Memberwise initializer; `locale` is stored as given (normalize with ``LocaleID/normalize(_:)``).
    public init(key: String, variant: String? = nil, locale: String, value: String,
                comment: String? = nil, state: String? = nil, file: String, line: Int) {
        self.key = key
        self.variant = variant
        self.locale = locale
        self.value = value
        self.comment = comment
        self.state = state
        self.file = file
        self.line = line
    }

    /// `key` followed by `variant`, e.g. `files.count[one]`.
    public var label: String { key + (variant ?? "") }
}

/// One count of a plural variant: the format specifier that prints it (its index among the
/// specifiers of the value, as ``FormatSpecifiers/parse(_:)`` lists them) and the plural category
/// the variant's form is for. Measuring the form needs a count that selects that category in the
/// string's locale (``PluralRules``), not whatever sample stands in for other numbers.
public struct PluralCount: Sendable, Hashable, Codable {
    public var specifierIndex: Int
    public var category: PluralCategory

    public init(specifierIndex: Int, category: PluralCategory) {
        self.specifierIndex = specifierIndex
        self.category = category
    }
}

/// A problem that did not stop reading (duplicate key, unknown escape, skipped entry, …).
public struct LocalizationWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Source file path.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int
    /// What is wrong, one line.
    public var message: String

    /// Memberwise initializer.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: warning: message`.
    public var description: String { "\(file):\(line):\(column): warning: \(oneLine(message))" }
}

/// A localization input that cannot be read. `description` is one line: `file:line:column: message`
/// (line and column are 0 when unknown and then omitted).
public struct LocalizationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Source file path.
    public var file: String
    /// 1-based line, 0 when unknown.
    public var line: Int
    /// 1-based column in Unicode scalars, 0 when unknown.
    public var column: Int
    /// What is wrong, one line.
    public var message: String

    /// Memberwise initializer.
    public init(file: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` without a position.
    public var description: String {
        if line > 0 { return "\(file):\(line):\(column): \(oneLine(message))" }
        return "\(file): \(oneLine(message))"
    }
}

/// `message` with line breaks shown as `\n` / `\r` escapes, so that quoted keys and values that
/// contain newlines cannot split an error or warning over several lines.
func oneLine(_ message: String) -> String {
    guard message.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return message }
    var result = ""
    for scalar in message.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// How readers react to a malformed entry.
public enum ParseMode: Sendable, Hashable {
    /// The first malformed entry throws a ``LocalizationError`` (default).
    case strict
    /// Malformed entries are skipped and reported as ``LocalizationWarning``s.
    case lenient
}

/// Entries read from one file plus the warnings produced while reading it.
public struct LoadResult: Sendable {
    /// Entries in file order (duplicates resolved).
    public var entries: [LocalizedString]
    /// Non-fatal problems.
    public var warnings: [LocalizationWarning]

    /// Memberwise initializer.
    public init(entries: [LocalizedString] = [], warnings: [LocalizationWarning] = []) {
        self.entries = entries
        self.warnings = warnings
    }
}

/// Maps UTF-16 offsets of a text to 1-based line and column numbers.
/// Lines end at LF, CR or CRLF. Columns count Unicode scalars.
struct LineIndex {
    private let units: [UInt16]
    private var starts: [Int] = [0]

    init(_ units: [UInt16]) {
        self.units = units
        var i = 0
        let n = units.count
        while i < n {
            let u = units[i]
            if u == 0x0A {
                starts.append(i + 1)
            } else if u == 0x0D {
                if i + 1 < n, units[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
    }

    func line(of offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        let line = line(of: offset)
        var column = 1
        var i = starts[line - 1]
        let end = min(offset, units.count)
        while i < end {
            if !(0xDC00...0xDFFF).contains(units[i]) { column += 1 }
            i += 1
        }
        return (line, column)
    }
}

extension LocalizationError {
    /// The most bytes one strings file may hold (256 MB): the largest real catalogs are a few MB.
    public static let maximumFileBytes = 256 << 20

    /// The bytes of a strings file, or a one-line error naming it (every reader loads this way):
    /// at most `maximumFileBytes`, regular files only (`BoundedRead`).
    static func read(_ url: URL) throws(LocalizationError) -> Data {
        do { return try BoundedRead.data(atPath: url.path, limit: maximumFileBytes) } catch {
            throw LocalizationError(file: url.path, message: error.description)
        }
    }
}
