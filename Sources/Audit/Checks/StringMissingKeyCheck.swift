import Reports
import TypeFitSupport

/// `string.missing-key`: a label names a string key that no strings file has, in any locale.
public struct StringMissingKeyCheck: Check {
    public init() {}
    public let id = "string.missing-key"
    public let title = "String key found in no strings file"
    public let rationale = """
        A key that no strings file defines is usually a typo or a string that was deleted. \
        The app then shows the raw key (or an empty label), and the audit could only measure the key itself, \
        so nothing about the real text was checked. Fix the key or add the string.
        """
    public let definition = """
        Reports a label whose string key is in no loaded strings file for any locale, once per label (no locale, category or device), with the nearest existing key as a did-you-mean when one is within two edits. The key itself was measured in its place. Figures: none.
        """
    public let defaultSeverity = Severity.error
    public let figures: [FigureSpec] = []
    public let codes: [MessageCode] = [
        MessageCode("key-missing", "no strings file has the key"),
    ]

    public func run(_ input: AuditInput, context: CheckContext) -> [Finding] {
        input.strings.compactMap { string in
            guard case .missing(let suggestion) = string.status else { return nil }
            let hint = suggestion.map { "; did you mean “\($0)”?" } ?? ""
            let message = "String key “\(quotedInput(string.key))” of \(string.screen) › \(string.row) › \(string.label) is in no "
                + "strings file for any locale; the key itself was measured\(hint)"
            return Finding(checkId: id, severity: defaultSeverity, message: message, screen: string.screen,
                           row: string.row, label: string.label, stringKey: string.key, source: string.source,
                           code: "key-missing", labelID: string.labelID)
        }
    }

    public var examples: [CheckExample] {
        // "settings.heatlh" is two letters swapped from the existing "settings.health": a
        // transposition is two Levenshtein edits, within the suggestion limit.
        let typo = StringObservation(screen: "Settings", row: "health", label: "title", key: "settings.heatlh",
                                     locale: nil, status: .missing(suggestion: "settings.health"),
                                     source: SourceLocation(file: "typefit.yml", line: 41))
        var unknown = typo
        unknown.status = .missing(suggestion: nil)
        let untranslated = StringObservation(screen: "Settings", row: "health", label: "title", key: "settings.health",
                                             locale: "de", status: .untranslated(measured: "en"))
        return [
            CheckExample("a typo of an existing key", input: AuditInput(strings: [typo]), expectedCount: 1, codes: ["key-missing"],
                         messageContains: ["“settings.heatlh” of Settings › health › title is in no strings file",
                                           "did you mean “settings.health”?"]),
            CheckExample("a key nothing resembles", input: AuditInput(strings: [unknown]), expectedCount: 1, codes: ["key-missing"]),
            CheckExample("a key missing in one locale only is another check's", input: AuditInput(strings: [untranslated]),
                         expectedCount: 0),
        ]
    }
}

extension StringMissingKeyCheck {
    /// How its findings are fixed, from their figures (the roll-ups' hint).
    public var fix: FixHint? { .advice("add the key to the strings files") }
}
