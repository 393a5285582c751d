import Foundation
import Localization
import TypeFitSupport

/// Loads the `strings:` entries of a config into one table, expanding `{locale}` patterns with
/// `LocalePathPattern` (the same expansion the config validation uses).
///
/// A pattern must find a file for every audited locale: the config's `locales:` or, when it lists
/// none, every locale the sources provide. A locale a pattern has no file for is an error at the
/// pattern's position (`typefit.yml:12:11: strings[0].path: no file for locale "de" matches …`),
/// because auditing it would silently measure the development language's text instead.
enum StringsSources {
    /// A file that resolves outside `boundary` (a link out of the repository, an absolute path) is
    /// not read: one warning names it, and its locale falls back as for a missing key.
    static func load(_ sources: [ConfigStringsSource], auditedLocales: [String]?,
                     boundary: RepositoryBoundary? = nil) throws -> StringTable {
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
                    for url in try StringTable.localizationFiles(at: source.resolved) { files.append((i, url, nil, options)) }
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
        for (source, matches) in patterns {
            if matches.isEmpty {
                throw source.location.error("no file matches the pattern \"\(source.path)\" for any locale")
            }
            for locale in audited where LocalePathPattern.matches(matches, for: locale).isEmpty {
                let found = Set(matches.map { LocaleID.normalize($0.locale) }).sorted().joined(separator: ", ")
                throw source.location.error(
                    "no file for locale \"\(locale)\" matches the pattern \"\(source.path)\" (it matches \(found))")
            }
        }
        return table
    }
}
