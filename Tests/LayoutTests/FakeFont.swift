import Layout
import TypeFitSupport

/// A fixed-advance fake font, simple enough to check every expectation by hand:
/// - unitsPerEm 1000; every grapheme cluster (Character) advances 500 units, so at 10 pt one
///   cluster is 5 pt and at size S it is S/2 pt;
/// - ascender 800, descender −200, lineGap 0: line height 1000 units = 1 × size;
/// - ink of a non-blank text: x from 50 (−100 if it starts with "j") to 500·n − 50,
///   y from −150 to 750 (inside the ascender/descender); nil for blank text;
/// - break opportunities after every run of spaces or hyphens (soft) and after "\n" (hard),
///   and at the end of the text;
/// - optional kerning: `kerning[pair]` units added for each adjacent pair of characters.
/// - optional fallback: characters from U+3000 up (CJK) are "drawn in" a fallback font with the
///   vertical metrics `fallback` (same advances); `lineMetrics(of:)` is then the union of the
///   fonts a text uses: own only, fallback only, or both.
final class FakeFont: TextMeasuring, Sendable {
    let unitsPerEm: Double = 1000
    let lineMetrics = LineMetrics(ascender: 800, descender: -200, lineGap: 0)
    let kerning: [String: Double]
    let fallback: LineMetrics?
    init(kerning: [String: Double] = [:], fallback: LineMetrics? = nil) {
        self.kerning = kerning
        self.fallback = fallback
    }

    static func isFallback(_ c: Character) -> Bool { (c.unicodeScalars.first?.value ?? 0) >= 0x3000 }

    func lineMetrics(of text: Substring) -> LineMetrics {
        guard let fallback, text.contains(where: Self.isFallback) else { return lineMetrics }
        return text.allSatisfy(Self.isFallback) ? fallback : lineMetrics.union(fallback)
    }

    func advance(of text: Substring) -> Double {
        let chars = Array(text)
        var total = 500 * Double(chars.count)
        if chars.count > 1 {
            for i in 1..<chars.count { total += kerning[String(chars[i - 1]) + String(chars[i])] ?? 0 }
        }
        return total
    }
    func clusterCount(of text: Substring) -> Int { text.count }
    func inkBox(of text: Substring) -> InkBox? {
        if text.allSatisfy(\.isWhitespace) { return nil }
        return InkBox(xMin: text.first == "j" ? -100 : 50, yMin: -150,
                      xMax: 500 * Double(text.count) - 50, yMax: 750)
    }
    func lineBreaks(in text: String) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        var offset = 0
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            offset += c.utf16.count
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "\n" {
                result.append(LineBreakOpportunity(offset: offset, isHard: true))
            } else if c == " " || c == "-", next != c, next != nil {
                result.append(LineBreakOpportunity(offset: offset, isHard: false))
            }
        }
        if result.last?.offset != offset { result.append(LineBreakOpportunity(offset: offset, isHard: false)) }
        return result
    }
}

/// |a − b| < tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) < tolerance }
