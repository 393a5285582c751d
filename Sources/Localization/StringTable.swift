import Foundation
import TypeFitSupport

/// All localized strings of an app, by key and locale.
///
/// Load files with ``load(contentsOf:locale:options:)``: the format is chosen by extension
/// (`.strings`, `.stringsdict`, `.xcstrings`); a directory is searched recursively for all three.
/// The locale of a `.strings`/`.stringsdict` file comes from an enclosing `xx.lproj` folder
/// (`de.lproj/Localizable.strings` → `de`), else from the file name when it is a locale
/// identifier (`en-US.strings` → `en-US`), else from the `locale` argument.
public struct StringTable: Sendable {
    /// Options for loading.
    public struct Options: Sendable, Hashable {
        /// Strict (throw) or lenient (skip bad entries with warnings).
        public var mode: ParseMode
        /// Skip `.xcstrings` units in state `stale`.
        public var skipStale: Bool
        /// Options; defaults: strict, keep stale units.
        public init(mode: ParseMode = .strict, skipStale: Bool = false) {
            self.mode = mode
            self.skipStale = skipStale
        }
    }

    /// Every string, in load order (files sorted by path; entries in file order).
    public private(set) var entries: [LocalizedString] = []
    /// Warnings from all loaded files.
    public private(set) var warnings: [LocalizationWarning] = []
    private var index: [String: [String: [Int]]] = [:]  // locale → key → entry indexes

    /// An empty table.
    public init() {}

    /// A table holding `entries` (later entries with the same key, variant and locale win).
    public init(entries: [LocalizedString]) {
        add(entries)
    }

    /// Loads a file or a directory.
    public static func load(contentsOf url: URL, locale: String? = nil, options: Options = Options()) throws(LocalizationError) -> StringTable {
        var table = StringTable()
        try table.load(contentsOf: url, locale: locale, options: options)
        return table
    }

    /// Adds the strings of a file, or of every localization file under a directory.
    public mutating func load(contentsOf url: URL, locale: String? = nil, options: Options = Options()) throws(LocalizationError) {
        for file in try Self.localizationFiles(at: url) {
            try loadFile(file, locale: locale, options: options)
        }
    }

    /// The files `load(contentsOf:)` reads at `url`: the file itself, or every `.strings`,
    /// `.stringsdict` and `.xcstrings` file under a directory, sorted by path.
    public static func localizationFiles(at url: URL) throws(LocalizationError) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw LocalizationError(file: url.path, message: "no such file or directory")
        }
        guard isDirectory.boolValue else { return [url] }
        var files: [URL] = []
        if let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) {
            for case let f as URL in walker where Self.supportedExtensions.contains(f.pathExtension) {
                files.append(f)
            }
        }
        return files.sorted(by: { $0.path < $1.path })
    }

    /// File extensions read by ``load(contentsOf:locale:options:)``.
    public static let supportedExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]

    /// Why a `.strings` or `.stringsdict` file's locale cannot be told from where it is.
    public static let unknownLocaleReason = "cannot tell the locale (not in an xx.lproj folder, file name is not a locale)"

    /// The locale implied by a file's location: `xx.lproj` parent folder, else a locale-like file name.
    public static func inferredLocale(for url: URL) -> String? {
        var dir = url.deletingLastPathComponent()
        while !dir.path.isEmpty, dir.path != "/" {
            if dir.pathExtension == "lproj" {
                return LocaleID.normalize(dir.deletingPathExtension().lastPathComponent)
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        let name = url.deletingPathExtension().lastPathComponent
        return LocaleID.isPlausible(name) ? LocaleID.normalize(name) : nil
    }

    private mutating func loadFile(_ url: URL, locale: String?, options: Options) throws(LocalizationError) {
        add(try Self.parse(url, locale: locale, options: options))
    }

    /// Reads and parses one `.strings`, `.stringsdict` or `.xcstrings` file without touching a
    /// table (so files can be parsed on several threads and added in order with `add(_:)`); entries
    /// past the text limits are refused (strict) or dropped with a warning (lenient).
    public static func parse(_ url: URL, locale: String?, options: Options) throws(LocalizationError) -> LoadResult {
        let result: LoadResult
        switch url.pathExtension {
        case "xcstrings":
            result = try StringCatalogFile.load(contentsOf: url, options: .init(skipStale: options.skipStale), mode: options.mode)
        case "strings", "stringsdict":
            guard let loc = Self.inferredLocale(for: url) ?? locale.map(LocaleID.normalize) else {
                throw LocalizationError(file: url.path, message: Self.unknownLocaleReason + ", and no locale given")
            }
            result = url.pathExtension == "strings"
                ? try StringsFile.load(contentsOf: url, locale: loc, mode: options.mode)
                : try StringsDictFile.load(contentsOf: url, locale: loc, mode: options.mode)
        default:
            throw LocalizationError(file: url.path, message: "unsupported file type '.\(url.pathExtension)' (expected .strings, .stringsdict or .xcstrings)")
        }
        // Text limits (TypeFitSupport.TextLimits): a value HarfBuzz would take minutes to shape is refused
        // here, naming its file, line and key, before any measuring.
        var entries = result.entries
        var warnings: [LocalizationWarning] = []
        for (i, entry) in entries.enumerated().reversed() {
            guard let violation = TextLimits.violation(in: Substring(entry.value)) else { continue }
            let message = "key \"\(entry.key)\"\(entry.variant ?? ""): \(violation)"
            if options.mode == .strict { throw LocalizationError(file: entry.file, line: entry.line, column: 1, message: message) }
            warnings.append(LocalizationWarning(file: entry.file, line: entry.line, column: 1, message: message + "; entry skipped"))
            entries.remove(at: i)
        }
        return LoadResult(entries: entries, warnings: warnings + result.warnings)
    }

    /// Adds a parsed file's entries (as `add(_:)` does) and its warnings.
    public mutating func add(_ file: LoadResult) {
        add(file.entries)
        warnings.append(contentsOf: file.warnings)
    }

    /// Adds entries; an entry with the same key, variant and locale as an existing one replaces it.
    public mutating func add(_ newEntries: [LocalizedString]) {
        for e in newEntries {
            if let existing = index[e.locale]?[e.key]?.first(where: { entries[$0].variant == e.variant }) {
                entries[existing] = e
            } else {
                index[e.locale, default: [:]][e.key, default: []].append(entries.count)
                entries.append(e)
            }
        }
    }

    /// Locales present, sorted.
    public var locales: [String] { index.keys.sorted() }

    /// Keys present in `locale` (all locales when nil), sorted.
    public func keys(locale: String? = nil) -> [String] {
        if let locale {
            return (index[LocaleID.normalize(locale)]?.keys).map { $0.sorted() } ?? []
        }
        return Set(index.values.flatMap(\.keys)).sorted()
    }

    /// The strings of `key` in `locale` (every variant, in file order). The locale falls back along
    /// ``LocaleID/fallbackChain(_:)`` (`en-US` → `en`) when it has no such key.
    public func variants(key: String, locale: String) -> [LocalizedString] {
        variants(key: key, fallbackChain: LocaleID.fallbackChain(locale))
    }

    /// `variants(key:locale:)` with the locale's ``LocaleID/fallbackChain(_:)`` computed by the
    /// caller (once per locale, for a caller that looks up thousands of keys).
    public func variants(key: String, fallbackChain: [String]) -> [LocalizedString] {
        for candidate in fallbackChain {
            if let ids = index[candidate]?[key] { return ids.map { entries[$0] } }
        }
        return []
    }

    /// The string of `key` in `locale` with the given `variant` label (e.g. `[one]`,
    /// `[device=iphone][plural=other]`). With `variant == nil` it returns the plain entry, or, when the
    /// key only has variants, the first one in file order. Falls back like ``variants(key:locale:)``.
    public func lookup(key: String, locale: String, variant: String? = nil) -> LocalizedString? {
        let all = variants(key: key, locale: locale)
        if let match = all.first(where: { $0.variant == variant }) { return match }
        return variant == nil ? all.first : nil
    }

    /// Every string of `locale` (exact locale, no fallback), in load order.
    public func strings(locale: String) -> [LocalizedString] {
        let loc = LocaleID.normalize(locale)
        guard let byKey = index[loc] else { return [] }
        return byKey.values.flatMap { $0 }.sorted().map { entries[$0] }
    }
}
