/// Deterministic pseudo-localization: accented, longer, bracketed text for finding truncation
/// and hard-coded strings without real translations.
///
/// Rule (see docs/strings.md): every ASCII letter is replaced by an accented look-alike
/// (`Settings` → `Šéţţîñĝš`); format specifiers (as found by ``FormatSpecifiers``, plus
/// `%#@var@`), backslash escapes written literally (`\n`), `{placeholders}` and `<tags>` are
/// copied unchanged; then padding words (`one two three …`) are appended until the text inside
/// the brackets is `ceil(n × (1 + ratio))` characters long, `n` being the original length in
/// characters; finally the text is wrapped in `[` `]`. The default ratio is 40 %; ``Expansion/ibm``
/// uses the lower bound of IBM's expansion guideline per source length.
public struct PseudoLocale: Sendable, Hashable {
    /// How much longer the pseudo text gets.
    public enum Expansion: Sendable, Hashable {
        /// The same ratio for every length (0.4 = 40 % longer).
        case fixed(Double)
        /// IBM globalization guideline (lower bounds): ≤10 characters +100 %, 11–20 +80 %,
        /// 21–30 +60 %, 31–50 +40 %, 51–70 +31 %, >70 +30 %.
        case ibm

        /// The ratio for a source text of `length` characters.
        public func ratio(forLength length: Int) -> Double {
            switch self {
            case .fixed(let r): return r
            case .ibm:
                switch length {
                case ...10: return 1.0
                case 11...20: return 0.8
                case 21...30: return 0.6
                case 31...50: return 0.4
                case 51...70: return 0.31
                default: return 0.3
                }
            }
        }
    }

    /// The largest expansion ratio a config may ask for: 3 (text four times as long). IBM's
    /// guideline tops out at +100 % for the shortest strings, so 300 % covers any real
    /// translation; more only multiplies the work (`1e8` would run for minutes).
    public static let maximumExpansion = 3.0

    /// Android's accented pseudo-locale identifier.
    public static let accentedIdentifier = "en-XA"
    /// Windows' pseudo-locale identifier (same transform).
    public static let windowsIdentifier = "qps-ploc"

    /// Expansion rule (default `.fixed(0.4)`).
    public var expansion: Expansion
    /// Wrap in `[` `]` (shows clipping at either end).
    public var brackets: Bool

    /// A transform with the given expansion and bracket option.
    public init(expansion: Expansion = .fixed(0.4), brackets: Bool = true) {
        self.expansion = expansion
        self.brackets = brackets
    }

    static let accents: [Character: Character] = {
        let plain = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        let accented = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    static let padWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// The pseudo-localized form of `text`.
    public func transform(_ text: String) -> String {
        let chars = Array(text)
        let protected = Self.protectedRanges(text)
        var out = ""
        var i = 0
        var p = 0
        while i < chars.count {
            if p < protected.count, protected[p].lowerBound == i {
                out.append(contentsOf: chars[protected[p]])
                i = protected[p].upperBound
                p += 1
                continue
            }
            out.append(Self.accents[chars[i]] ?? chars[i])
            i += 1
        }
        let n = chars.count
        // The ratio is clamped to [0, maximumExpansion] (NaN → 0): a ratio of 1e300 would trap converting to Int.
        let ratio = min(max(expansion.ratio(forLength: n), 0), Self.maximumExpansion)
        let target = Int((Double(n) * (1 + (ratio.isNaN ? 0 : ratio))).rounded(.up))
        var length = out.count
        var w = 0
        while length < target {
            var word = " " + Self.padWords[w % Self.padWords.count]
            if length + word.count > target { word = String(word.prefix(target - length)) }
            out += word
            length += word.count
            w += 1
        }
        return brackets ? "[" + out + "]" : out
    }

    /// Character ranges to copy unchanged: format specifiers, `%#@var@`, `\x` escapes, `{…}`, `<…>`.
    static func protectedRanges(_ text: String) -> [Range<Int>] {
        let chars = Array(text)
        // Map UTF-16 offsets of specifiers to character offsets.
        var utf16ToChar: [Int: Int] = [:]
        var offset = 0
        for (ci, ch) in chars.enumerated() {
            utf16ToChar[offset] = ci
            offset += ch.utf16.count
        }
        utf16ToChar[offset] = chars.count
        var ranges: [Range<Int>] = []
        for spec in FormatSpecifiers.parse(text) {
            if let a = utf16ToChar[spec.utf16Offset], let b = utf16ToChar[spec.utf16Offset + spec.text.utf16.count] {
                ranges.append(a..<b)
            }
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            var end: Int? = nil
            if c == "\\", i + 1 < chars.count {
                end = i + 2
            } else if c == "%", i + 2 < chars.count, chars[i + 1] == "#", chars[i + 2] == "@",
                      let close = chars[(i + 3)..<min(chars.count, i + 3 + 64)].firstIndex(of: "@") {
                end = close + 1
            } else if c == "{", let close = chars[(i + 1)..<min(chars.count, i + 41)].firstIndex(of: "}") {
                end = close + 1
            } else if c == "<", let close = chars[(i + 1)..<min(chars.count, i + 41)].firstIndex(of: ">") {
                end = close + 1
            }
            // (Searches stop after a short window: a long value of unclosed "{" or "%#@" was quadratic.)
            if let e = end {
                ranges.append(i..<e)
                i = e
            } else {
                i += 1
            }
        }
        // Sort, drop overlaps.
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for r in ranges {
            if let last = merged.last, r.lowerBound < last.upperBound { continue }
            merged.append(r)
        }
        return merged
    }

    /// Pseudo-localized copies of every string of `locale` in `table`, under locale `identifier`.
    public func strings(from table: StringTable, locale: String, identifier: String = PseudoLocale.accentedIdentifier) -> [LocalizedString] {
        table.strings(locale: locale).map { s in
            var p = s
            p.locale = LocaleID.normalize(identifier)
            p.value = transform(s.value)
            return p
        }
    }
}
