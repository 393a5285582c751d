import Foundation

/// libyaml's syntax problems in plain words, with what to do about them.
///
/// libyaml reports, for example, "while scanning for the next token: found character that cannot
/// start any token" for a tab used as indentation. A config author needs to know which character
/// and what to change, so each common problem is explained; an unknown one keeps libyaml's words.
enum YAMLSyntaxWords {
    /// The explanation of `problem` (libyaml's text; `context` is its "while …" part), given the
    /// character at the error's position (nil at the end of the text).
    static func explain(problem: String, context: String?, character: Character?) -> String {
        let shown = character.map(describe) ?? "the end of the file"
        switch problem {
        case "found character that cannot start any token":
            if character == "\t" {
                return "a tab character; YAML indents with spaces only"
            }
            return "\(shown) cannot start a value here; put the value in quotes (\"…\")"
        case "mapping values are not allowed in this context":
            return "unexpected ': ' — a value that contains ': ' must be in quotes, or this line is indented too far"
        case "did not find expected key":
            return "this line does not line up with the keys above it: check its indentation (\(shown) here)"
        case "did not find expected '-' indicator":
            return "this line is inside a list but does not start with '- ' at the list's indentation"
        case "found unexpected end of stream":
            return "a quoted value is not closed: its closing quote is missing"
        case "did not find expected ',' or ']'":
            return "a [ … ] list is not closed with ']', or two of its items lack a ',' between them (\(shown) here)"
        case "did not find expected ',' or '}'":
            return "a { … } mapping is not closed with '}', or two of its entries lack a ',' between them (\(shown) here)"
        case "found unknown escape character":
            return "unknown escape after '\\' in a double-quoted value; write '\\\\' for a backslash, or use single quotes"
        case "could not find expected ':'":
            return "a key without ':' after it (a key must be followed by ': ' and its value)"
        case "block sequence entries are not allowed in this context":
            return "a '- ' list item where a value was expected on the same line; start the list on the next line, indented"
        case "found undefined alias":
            return "an alias (*name) used before its anchor (&name) is defined"
        default:
            let prefix = context.map { $0 + ": " } ?? ""
            return prefix + problem
        }
    }

    /// The character at 1-based `line` and `column` (Unicode scalars) of `text`, nil past the end.
    static func character(in text: String, line: Int, column: Int) -> Character? {
        var currentLine = 1, currentColumn = 1
        for scalar in text.unicodeScalars {
            if currentLine == line && currentColumn == column { return Character(scalar) }
            if scalar == "\n" {
                if currentLine == line { return Character(scalar) }
                currentLine += 1
                currentColumn = 1
            } else {
                currentColumn += 1
            }
        }
        return nil
    }

    private static func describe(_ c: Character) -> String {
        switch c {
        case "\t": return "a tab"
        case "\n": return "the end of the line"
        default: return "'\(c)'"
        }
    }
}
