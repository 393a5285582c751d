import DynamicType

/// WebKit's `-apple-system-*` font keywords (iOS only; Blink drops a declaration that uses one).
///
/// On iOS, `font: -apple-system-body` sets the body text style's font at the current content size
/// category: the system family, its HIG weight and its HIG point size (1 CSS px = 1 pt in a
/// `WKWebView` with `width=device-width`). Chromium does not know the keywords, so TypeFit rewrites
/// each into the equivalent `font` value before measuring: `<weight> <size>px/normal -apple-system,
/// system-ui, sans-serif`. The keyword list is WebKit's `CSSValueKeywords.in` (as also listed by
/// stylelint's `prefixedSystemFonts`): `short-` and `tall-` variants change only the leading on iOS,
/// so they map to their style's size; `title0` is the large title. Keywords TypeFit cannot map
/// (e.g. `-apple-system-title4`) are left as they are and reported by `unknownKeywords`.
public enum AppleSystemFonts {
    /// The text style of a keyword's suffix (after `-apple-system-`), nil when unknown.
    public static func textStyle(forKeyword suffix: String) -> TextStyle? {
        var name = suffix.lowercased()
        for prefix in ["short-", "tall-"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        switch name {
        case "body": return .body
        case "headline": return .headline
        case "subheadline": return .subheadline
        case "footnote": return .footnote
        case "caption1": return .caption1
        case "caption2": return .caption2
        case "title0": return .largeTitle
        case "title1": return .title1
        case "title2": return .title2
        case "title3": return .title3
        default: return nil
        }
    }

    /// The CSS `font` value a keyword stands for at `category`, e.g. `400 17px/normal -apple-system, system-ui, sans-serif`.
    public static func cssFont(forKeyword suffix: String, at category: ContentSizeCategory) -> String? {
        guard let style = textStyle(forKeyword: suffix) else { return nil }
        return "\(style.weight.numericValue) \(format(style.pointSize(at: category)))px/normal -apple-system, system-ui, sans-serif"
    }

    /// `css` with every known `-apple-system-<name>` keyword replaced by its `font` value at `category`
    /// (the bare family name `-apple-system` is left alone).
    public static func rewrite(_ css: String, at category: ContentSizeCategory) -> String {
        var out = ""
        var rest = Substring(css)
        let marker = "-apple-system-"
        while let range = rest.range(of: marker) {
            out += rest[..<range.lowerBound]
            var end = range.upperBound
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "-" {
                end = rest.index(after: end)
            }
            let suffix = String(rest[range.upperBound..<end])
            out += cssFont(forKeyword: suffix, at: category) ?? String(rest[range.lowerBound..<end])
            rest = rest[end...]
        }
        return out + rest
    }

    /// The `-apple-system-*` keywords in `css` that `rewrite` leaves alone, without repeats.
    public static func unknownKeywords(in css: String) -> [String] {
        var found: [String] = []
        var rest = Substring(css)
        while let range = rest.range(of: "-apple-system-") {
            var end = range.upperBound
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "-" {
                end = rest.index(after: end)
            }
            let suffix = String(rest[range.upperBound..<end])
            if textStyle(forKeyword: suffix) == nil, !found.contains("-apple-system-" + suffix) {
                found.append("-apple-system-" + suffix)
            }
            rest = rest[end...]
        }
        return found
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
