/// Writing scripts that matter for font choice. Detected from Unicode block ranges
/// (`Unicode.Scalar.Properties` does not expose the Script property); see ``Script/of(_:)``.
public enum Script: String, Sendable, Hashable, CaseIterable, Codable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, syriac, thaana, devanagari, bengali, gurmukhi,
         gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala, thai, lao, tibetan, myanmar, georgian,
         hangul, ethiopic, khmer, mongolian, hiragana, katakana, bopomofo, han
    /// Digits, punctuation, symbols, spaces, emoji — shared by all scripts.
    case common
    /// Combining marks and joiners outside a script block (take the script of their base).
    case inherited

    /// Whether the script is written right-to-left.
    public var isRightToLeft: Bool { [.hebrew, .arabic, .syriac, .thaana].contains(self) }

    static let table: [(ClosedRange<UInt32>, Script)] = [
        (0x0041...0x005A, .latin), (0x0061...0x007A, .latin), (0x00AA...0x00AA, .latin), (0x00BA...0x00BA, .latin),
        (0x00C0...0x00D6, .latin), (0x00D8...0x00F6, .latin), (0x00F8...0x024F, .latin), (0x0250...0x02AF, .latin),
        (0x0300...0x036F, .inherited),
        (0x0370...0x03FF, .greek), (0x0400...0x052F, .cyrillic), (0x0530...0x058F, .armenian),
        (0x0590...0x05FF, .hebrew), (0x0600...0x06FF, .arabic), (0x0700...0x074F, .syriac),
        (0x0750...0x077F, .arabic), (0x0780...0x07BF, .thaana), (0x0860...0x086F, .syriac), (0x0870...0x08FF, .arabic),
        (0x0900...0x097F, .devanagari), (0x0980...0x09FF, .bengali), (0x0A00...0x0A7F, .gurmukhi),
        (0x0A80...0x0AFF, .gujarati), (0x0B00...0x0B7F, .oriya), (0x0B80...0x0BFF, .tamil),
        (0x0C00...0x0C7F, .telugu), (0x0C80...0x0CFF, .kannada), (0x0D00...0x0D7F, .malayalam),
        (0x0D80...0x0DFF, .sinhala), (0x0E00...0x0E7F, .thai), (0x0E80...0x0EFF, .lao), (0x0F00...0x0FFF, .tibetan),
        (0x1000...0x109F, .myanmar), (0x10A0...0x10FF, .georgian), (0x1100...0x11FF, .hangul),
        (0x1200...0x139F, .ethiopic), (0x1780...0x17FF, .khmer), (0x1800...0x18AF, .mongolian),
        (0x1AB0...0x1AFF, .inherited), (0x1C80...0x1C8F, .cyrillic), (0x1C90...0x1CBF, .georgian),
        (0x1DC0...0x1DFF, .inherited), (0x1E00...0x1EFF, .latin), (0x1F00...0x1FFF, .greek),
        (0x200C...0x200D, .inherited), (0x20D0...0x20FF, .inherited),
        (0x2C60...0x2C7F, .latin), (0x2D00...0x2D2F, .georgian), (0x2DE0...0x2DFF, .cyrillic),
        (0x2E80...0x2FDF, .han), (0x3005...0x3005, .han), (0x3007...0x3007, .han), (0x3021...0x3029, .han),
        (0x3038...0x303B, .han), (0x3041...0x309F, .hiragana), (0x30A0...0x30FF, .katakana), (0x3100...0x312F, .bopomofo),
        (0x3130...0x318F, .hangul), (0x31A0...0x31BF, .bopomofo), (0x31F0...0x31FF, .katakana),
        (0x3400...0x4DBF, .han), (0x4E00...0x9FFF, .han), (0xA640...0xA69F, .cyrillic), (0xA720...0xA7FF, .latin),
        (0xA8E0...0xA8FF, .devanagari), (0xA960...0xA97F, .hangul), (0xAB30...0xAB6F, .latin), (0xAC00...0xD7FF, .hangul),
        (0xF900...0xFAFF, .han), (0xFB00...0xFB06, .latin), (0xFB1D...0xFB4F, .hebrew), (0xFB50...0xFDFF, .arabic),
        (0xFE00...0xFE0F, .inherited), (0xFE20...0xFE2F, .inherited), (0xFE70...0xFEFF, .arabic),
        (0xFF21...0xFF3A, .latin), (0xFF41...0xFF5A, .latin), (0xFF66...0xFF9F, .katakana), (0xFFA0...0xFFDC, .hangul),
        (0x1B000...0x1B0FF, .hiragana), (0x20000...0x323AF, .han),
    ]

    /// The script of one scalar by block range (sorted table, binary search); `.common` outside.
    /// Note 0x3099–0x309C and 0x30FC (kana marks) count as Hiragana/Katakana here.
    public static func of(_ scalar: Unicode.Scalar) -> Script {
        let v = scalar.value
        var lo = 0, hi = table.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let (range, script) = table[mid]
            if v < range.lowerBound { hi = mid - 1 } else if v > range.upperBound { lo = mid + 1 } else { return script }
        }
        return .common
    }
}

/// Script statistics of a text.
public struct ScriptProfile: Sendable, Hashable {
    /// Scalars per script, excluding `.common` and `.inherited`.
    public var counts: [Script: Int]
    /// Scripts by descending count (ties: declaration order).
    public var scripts: [Script]
    /// The script with most scalars, `nil` when the text has only common characters.
    public var dominant: Script? { scripts.first }
    /// Paragraph direction per the Unicode Bidi Algorithm rule P2: the first strong character
    /// decides (Hebrew, Arabic, Syriac, Thaana are right-to-left; any other script letter is left-to-right).
    public var isRightToLeft: Bool

    /// Profiles `text`.
    public init(_ text: String) {
        var counts: [Script: Int] = [:]
        var firstStrong: Script? = nil
        for s in text.unicodeScalars {
            let script = Script.of(s)
            if script == .common || script == .inherited { continue }
            // Hebrew/Arabic block points that are not letters (e.g. Arabic-Indic digits) are weak.
            if firstStrong == nil, s.properties.isAlphabetic { firstStrong = script }
            counts[script, default: 0] += 1
        }
        self.counts = counts
        let order = Script.allCases
        self.scripts = counts.keys.sorted {
            (counts[$0] ?? 0) != (counts[$1] ?? 0) ? (counts[$0] ?? 0) > (counts[$1] ?? 0)
                : (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0)
        }
        self.isRightToLeft = firstStrong?.isRightToLeft ?? false
    }
}
