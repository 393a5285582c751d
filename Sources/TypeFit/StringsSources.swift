import Foundation
import Localization

/// Loads the `strings:` entries of a config into one table, expanding `{locale}` patterns with
/// `LocalePathPattern` (the same expansion the config validation uses).
///
/// A pattern must find a file for every audited locale: the config's `locales:` or, when it lists
/// none, every locale the sources provide. A locale a pattern has no file for is an error at the
/// pattern's position (`typefit.yml:12:11: strings[0].path: no file for locale "de" matches …`),
/// because auditing it would silently measure the development language's text instead.
enum StringsSources {
    static func load(_ sources: [ConfigStringsSource], auditedLocales: [String]?) throws -> StringTable {
        var table = StringTable()
        var patterns: [(source: ConfigStringsSource, matches: [LocalePathPattern.Match])] = []
        for source in sources {
            let options = StringTable.Options(mode: .strict, skipStale: source.skipStale)
            let pattern = LocalePathPattern(source.resolved.path)
            do {
                guard pattern.hasPlaceholder else {
                    try table.load(contentsOf: source.resolved, locale: nil, options: options)
                    continue
                }
                let matches = pattern.matches()
                for match in matches {
                    try table.load(contentsOf: match.url, locale: match.locale, options: options)
                }
                patterns.append((source, matches))
            } catch {
                throw source.location.error(String(describing: error))
            }
        }
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
