import Foundation
import Localization
import TypeFitSupport

/// Loads the `strings:` entries of a config into one table, expanding `{locale}` patterns with
/// `LocalePathPattern` (the same expansion the config validation uses).
///
/// A pattern that finds no file for an audited locale (the config's `locales:` or, when it lists
/// none, every locale the sources provide) is a table that locale does not have: on iOS its keys
/// fall back to the development language, and so do the audit's texts. Each such pattern is a
/// `Fallback`, said once in one warning (and in `typefit init`'s summary), not per key. An entry
/// with `required: true` makes it an error at the pattern's position instead
/// (`typefit.yml:12:11: strings[0].path: no file for locale "de" matches …`).
///
/// In a folder source, a `.strings` or `.stringsdict` file whose locale cannot be told (outside
/// any `.lproj` folder, its name not a locale) is left out with a warning naming it.
enum StringsSources {
    /// What `load` read, with what it said about the files.
    struct Loaded {
        var table: StringTable
        /// The patterns that have no file for some audited locales, in config order.
        var fallbacks: [StringsFallback] = []
        /// Files of folder sources left out (their locale cannot be told), as warnings.
        var diagnostics: [Diagnostic] = []
    }

    /// A file that resolves outside `boundary` (a link out of the repository, an absolute path) is
    /// not read: one warning names it, and its locale falls back as for a missing key.
    static func load(_ sources: [ConfigStringsSource], auditedLocales: [String]?,
                     boundary: RepositoryBoundary? = nil) throws -> Loaded {
        var diagnostics: [Diagnostic] = []
        // Every file in the order a serial load reads them; a source that cannot be listed ends the
        // list there (a serial load would stop at it, after reading the files before it).
        var files: [(source: Int, url: URL, locale: String?, options: StringTable.Options)] = []
        var listingFailure: (source: Int, error: LocalizationError)?
        var patterns: [(source: ConfigStringsSource, matches: [LocalePathPattern.Match])] = []
        for (i, source) in sources.enumerated() {
            let options = StringTable.Options(mode: .strict, skipStale: source.skipStale)
            let pattern = LocalePathPattern(source.resolved.path)
            guard pattern.hasPlaceholder else {
                do {
                    let listed = try StringTable.localizationFiles(at: source.resolved)
                    let isFolder = listed != [source.resolved]
                    for url in listed {
                        if isFolder, url.pathExtension != "xcstrings", StringTable.inferredLocale(for: url) == nil {
                            diagnostics.append(Diagnostic(location: displayPath(url.path), code: .strings,
                                                          message: "left out: \(StringTable.unknownLocaleReason)"))
                            continue
                        }
                        files.append((i, url, nil, options))
                    }
                } catch {
                    listingFailure = (i, error)
                    break
                }
                continue
            }
            let matches = pattern.matches()
            for match in matches { files.append((i, match.url, match.locale, options)) }
            patterns.append((source, matches))
        }
        var outside: [LocalizationWarning] = []
        if let boundary {
            files = files.filter { file in
                guard let escape = boundary.escape(file.url.path) else { return true }
                outside.append(LocalizationWarning(file: displayPath(file.url.path), line: 1, column: 1, message: escape.description))
                return false
            }
        }
        // Files are parsed on every core and added in order: the table is the serial load's.
        let toParse = files
        let parsed = WorkerPool().map(toParse.count) { _, k in
            Result { () throws(LocalizationError) -> LoadResult in
                try StringTable.parse(toParse[k].url, locale: toParse[k].locale, options: toParse[k].options)
            }
        }
        var table = StringTable()
        if !outside.isEmpty { table.add(LoadResult(entries: [], warnings: outside)) }
        for (k, result) in parsed.enumerated() {
            switch result {
            case .success(let file): table.add(file)
            case .failure(let error): throw sources[files[k].source].location.error(String(describing: error))
            }
        }
        if let listingFailure { throw sources[listingFailure.source].location.error(String(describing: listingFailure.error)) }
        let audited = auditedLocales ?? table.locales
        var fallbacks: [StringsFallback] = []
        for (source, matches) in patterns {
            if matches.isEmpty {
                throw source.location.error("no file matches the pattern \"\(source.path)\" for any locale")
            }
            let missing = audited.filter { LocalePathPattern.matches(matches, for: $0).isEmpty }
            guard let first = missing.first else { continue }
            let found = Set(matches.map { LocaleID.normalize($0.locale) }).sorted()
            if source.required {
                throw source.location.error(
                    "no file for locale \"\(first)\" matches the pattern \"\(source.path)\" (it matches \(found.joined(separator: ", ")); "
                        + "it is `required: true`)")
            }
            fallbacks.append(StringsFallback(path: source.path, location: source.location, missing: missing, found: found))
        }
        return Loaded(table: table, fallbacks: fallbacks, diagnostics: diagnostics)
    }
}

/// A `{locale}` pattern of `strings:` with no file for some audited locales: a table those
/// locales do not have, whose keys fall back to the development language there, as on iOS.
public struct StringsFallback: Sendable, Hashable {
    /// The pattern as written.
    public var path: String
    public var location: ConfigLocation
    /// The audited locales it has no file for, in audit order.
    public var missing: [String]
    /// The locales it has files for, sorted.
    public var found: [String]

    /// `InfoPlist.strings in 49 of 56 locales (not in id, ms, th, … 4 more)`, naming the pattern's last components.
    public func summary(audited: Int) -> String {
        let shown = missing.prefix(6).joined(separator: ", ") + (missing.count > 6 ? ", … \(missing.count - 6) more" : "")
        return "\(path) has no file in \(missing.count) of \(audited) locales (\(shown))"
    }

    /// The one warning the audit gives for `fallbacks` (nil when there are none).
    static func diagnostic(_ fallbacks: [StringsFallback], audited: Int, development: String) -> Diagnostic? {
        guard let first = fallbacks.first else { return nil }
        let tables = fallbacks.prefix(3).map { $0.summary(audited: audited) }.joined(separator: "; ")
            + (fallbacks.count > 3 ? "; … \(fallbacks.count - 3) more tables" : "")
        return Diagnostic(location: first.location.description, code: .strings,
                          message: "\(first.location.path): \(tables): their keys are measured in the development language (\(development)) there, "
                              + "as iOS falls back; `required: true` on an entry makes this an error")
    }
}
