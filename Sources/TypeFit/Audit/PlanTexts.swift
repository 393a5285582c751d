import Audit
import Foundation
import Localization
import Reports
import TypeFitSupport

/// Resolves a label's content into its texts in every locale of the plan, once, while planning.
struct TextResolver {
    let table: StringTable
    let locales: [String]
    let pseudo: (id: String, transform: PseudoLocale)?
    let samples: FormatSamples
    /// Every key of the tables, sorted (did-you-mean for keys found nowhere).
    let keys: [String]
    /// Each strings file's display path (`displayPath` asks for the current folder and
    /// standardizes the path: worth doing once per file, not once per entry).
    private let displayPaths: [String: String]
    /// Each locale's fallback chain (`LocaleID.fallbackChain`), computed once, not once per key.
    private let chains: [String: [String]]
    /// The table's locales (sorted; `StringTable.locales` sorts them on every call).
    private let tableLocales: [String]

    init(table: StringTable, locales: [String], pseudo: (id: String, transform: PseudoLocale)?, samples: FormatSamples) {
        self.table = table
        self.locales = locales
        self.pseudo = pseudo
        self.samples = samples
        self.keys = table.keys()
        var displayPaths: [String: String] = [:]
        for entry in table.entries where displayPaths[entry.file] == nil {
            displayPaths[entry.file] = displayPath(entry.file)
        }
        self.displayPaths = displayPaths
        var chains: [String: [String]] = [:]
        let tableLocales = table.locales
        for locale in locales + tableLocales { chains[locale] = LocaleID.fallbackChain(locale) }
        self.chains = chains
        self.tableLocales = tableLocales
    }

    private func variants(_ key: String, _ locale: String) -> [LocalizedString] {
        table.variants(key: key, fallbackChain: chains[locale] ?? LocaleID.fallbackChain(locale))
    }

    /// The label's texts by locale index (each ≥ 1 variant), and what is missing: a key found in
    /// no strings file (the key itself is measured), or a locale that falls back to another's text.
    func texts(_ label: ConfigLabel, id: LabelID, screen: String, row: String) -> ([[PlannedText]], [StringObservation]) {
        switch label.content {
        case .text(let literal):
            let text = PlannedText(text: samples.substitute(literal).text, key: nil, variant: nil, source: nil,
                                   isLiteral: true)
            return (Array(repeating: [text], count: locales.count), [])
        case .key(let key):
            let labelSource = SourceLocation(file: label.location.file, line: label.location.line)
            var observations: [StringObservation] = []
            let development = locales.first ?? ""
            var texts: [[PlannedText]] = []
            var missingEverywhere = false
            for locale in locales {
                var entries: [LocalizedString]
                var transform: (String) -> String = { $0 }
                var fallback: String?
                if let pseudo, locale == pseudo.id {
                    entries = variants(key, development)
                    transform = { pseudo.transform.transform($0) }
                } else {
                    entries = variants(key, locale)
                    if entries.isEmpty {
                        // The development locale first, then any audited locale that has the key.
                        for other in [development] + locales + tableLocales where other != locale {
                            entries = variants(key, other)
                            if !entries.isEmpty { fallback = other; break }
                        }
                    }
                }
                if entries.isEmpty {
                    missingEverywhere = true
                    texts.append([PlannedText(text: key, key: key, variant: nil, source: nil)])
                    continue
                }
                if let fallback {
                    observations.append(StringObservation(
                        screen: screen, row: row, label: label.name, labelID: id, key: key, locale: locale,
                        status: .untranslated(measured: fallback), source: labelSource))
                }
                texts.append(entries.map { entry in
                    PlannedText(text: samples.substitute(transform(entry.value), counts: entry.pluralCounts,
                                                         rules: PluralRules(locale: entry.locale)).text, key: key, variant: entry.variant,
                                source: SourceLocation(file: displayPaths[entry.file] ?? displayPath(entry.file), line: entry.line),
                                device: entry.device)
                })
            }
            if missingEverywhere && tableLocales.allSatisfy({ variants(key, $0).isEmpty }) {
                observations = [StringObservation(
                    screen: screen, row: row, label: label.name, labelID: id, key: key, locale: nil,
                    status: .missing(suggestion: nearest(key, in: keys)), source: labelSource)]
            }
            return (texts, observations)
        }
    }
}
