import Foundation

/// TypographyKit's `letter-case` values, applied as the LetterCase 2.0.0 library does
/// (`String.letterCase(_:)` with no options).
///
/// Word splitting: the text is split on the space character only (runs of spaces collapse, leading
/// and trailing spaces disappear; tabs, newlines, `-` and `_` do NOT split). Each word becomes
/// first character (upper- or lower-cased) + the rest lower-cased, words are joined with the
/// case's conjunction, and for kebab, snake, macro, lower-camel and upper-camel every character
/// that is not a letter, a digit or the conjunction is then removed.
/// Quirk reproduced: LetterCase 2.0.0's `letterCase(_:)` has no `train` branch, so `train` (like
/// `regular`) returns the text unchanged; `trainCased(_:)` gives the intended TRAIN-CASE.
public enum LetterCase: String, CaseIterable, Sendable, Codable {
    case regular, capitalized, kebab, lower
    case lowerCamel = "lower-camel"
    case macro, train, snake, upper
    case upperCamel = "upper-camel"

    /// Transforms `text` like LetterCase 2.0.0's `text.letterCase(self)`.
    public func apply(_ text: String) -> String {
        switch self {
        case .regular, .train: return text
        case .capitalized: return Self.join(text, capitalizeFirst: true, conjunction: " ", strip: false)
        case .kebab: return Self.join(text, capitalizeFirst: false, conjunction: "-", strip: true)
        case .lower: return Self.join(text, capitalizeFirst: false, conjunction: " ", strip: false).lowercased()
        case .lowerCamel:
            let u = Self.join(text, capitalizeFirst: true, conjunction: "", strip: true)
            guard let first = u.first else { return u }
            return String(first).lowercased() + String(u.dropFirst())
        case .macro: return Self.join(text, capitalizeFirst: true, conjunction: "_", strip: true).uppercased()
        case .snake: return Self.join(text, capitalizeFirst: false, conjunction: "_", strip: true)
        case .upper: return Self.join(text, capitalizeFirst: true, conjunction: " ", strip: false).uppercased()
        case .upperCamel: return Self.join(text, capitalizeFirst: true, conjunction: "", strip: true)
        }
    }

    /// LetterCase's `trainCased()`: kebab case, then upper-cased (what `train` was meant to do).
    public static func trainCased(_ text: String) -> String {
        LetterCase.upper.apply(LetterCase.kebab.apply(text))
    }

    private static func join(_ text: String, capitalizeFirst: Bool, conjunction: String, strip: Bool) -> String {
        let words = text.split(separator: " ").map { word -> String in
            guard let first = word.first else { return "" }
            let head = capitalizeFirst ? String(first).uppercased() : String(first).lowercased()
            return head + String(word.dropFirst()).lowercased()
        }
        var result = words.joined(separator: conjunction)
        if strip {
            let keep = conjunction.first
            result = String(result.filter { $0.isLetter || $0.isWholeNumber || $0 == keep })
        }
        return result
    }

    /// Parses a `letter-case` value (exact raw value, case-insensitive).
    public init(parsing text: String) throws(DynamicTypeError) {
        guard let c = Self.allCases.first(where: { $0.rawValue == text.lowercased() }) else {
            throw DynamicTypeError("unknown letter-case \"\(text)\"; valid: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = c
    }
}
