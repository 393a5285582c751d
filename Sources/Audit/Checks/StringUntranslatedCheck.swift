import Reports

/// `string.untranslated`: a locale has no translation of a label's key, so another locale's text
/// was measured.
public struct StringUntranslatedCheck: Check {
    public init() {}
    public let id = "string.untranslated"
    public let title = "String missing in a locale"
    public let rationale = """
        When a locale lacks a string, iOS shows the development language's text in its place. \
        The screen then mixes languages, and the audit measured text that a translation will replace later, \
        usually with a longer one. Add the translation, or accept the fallback in the baseline.
        """
    public let definition = """
        Reports a label whose string key has no entry in an audited locale while another locale has it (the development locale first), once per label and locale (no category or device); that locale's text was measured. Figures: none.
        """
    public let defaultSeverity = Severity.warning
    public let figures: [FigureSpec] = []
    public let codes: [MessageCode] = [
        MessageCode("no-translation", "the locale has no translation"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.strings.compactMap { string in
            guard case .untranslated(let measured) = string.status, let locale = string.locale else { return nil }
            let message = "No \(locale) translation of “\(string.key)” (\(string.screen) › \(string.row) › "
                + "\(string.label)); measured the \(measured) text"
            return Finding(checkId: id, severity: defaultSeverity, message: message, screen: string.screen,
                           row: string.row, label: string.label, locale: locale, stringKey: string.key,
                           source: string.source, code: "no-translation",
                           labelID: string.labelID)
        }
    }

    public var examples: [CheckExample] {
        let german = StringObservation(screen: "Settings", row: "health", label: "title", key: "settings.health",
                                       locale: "de", status: .untranslated(measured: "en"),
                                       source: SourceLocation(file: "typefit.yml", line: 41))
        var missing = german
        missing.locale = nil
        missing.status = .missing(suggestion: nil)
        return [
            CheckExample("German falls back to English", input: AuditInput(strings: [german]), expectedCount: 1, codes: ["no-translation"]),
            CheckExample("a key missing everywhere is another check's", input: AuditInput(strings: [missing]),
                         expectedCount: 0),
        ]
    }
}

extension StringUntranslatedCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("translate the string in these locales") }
}
