// Text taken from an input (a label's name, a string key, a web selector, a baseline group) and
// printed where a person or a CI system reads it: made inert and kept short.

/// Characters that would act instead of showing on a terminal or in a CI log: C0 and C1 controls
/// (newline, carriage return, escape, …), DEL, and the bidirectional formatting characters that
/// reorder what follows (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), and the Unicode
/// line and paragraph separators.
public func isActingCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
}

/// `text` with every acting character written as Swift's `\u{1B}`, so that a name cannot start a
/// new log line (a fake `::error` annotation), move the cursor, retitle or clear a terminal, or
/// reorder a line; everything else is unchanged.
public func visible(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isActingCharacter) else { return String(text) }
    var out = ""
    for scalar in text.unicodeScalars {
        if isActingCharacter(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// `text` as a message quotes it: acting characters made visible and at most `limit` characters,
/// the rest counted ("…(+12,345 characters)"), so a 10 MB key never fills a terminal.
public func quotedInput(_ text: some StringProtocol, limit: Int = 80) -> String {
    var count = 0
    var end = text.startIndex
    while end < text.endIndex, count < limit {
        text.formIndex(after: &end)
        count += 1
    }
    if end == text.endIndex { return visible(text) }
    let rest = text[end...].count
    return visible(text[..<end]) + "…(+\(rest) characters)"
}
