import Testing
@testable import TypeFitSupport

@Suite struct SuggestionTests {
    /// The textbook full-matrix optimal-string-alignment distance (Wikipedia, "Damerau–Levenshtein
    /// distance", "Optimal string alignment distance"), written out here as the reference the
    /// banded version must agree with.
    static func fullMatrix(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    @Test func textbookDistances() {
        #expect(editDistance("kitten", "sitting") == 3)   // k→s, e→i, +g
        #expect(editDistance("ca", "ac") == 1)             // one swap
        #expect(editDistance("ca", "abc") == 3)            // OSA may not edit a swapped pair again (true DL: 2)
        #expect(editDistance("", "abc") == 3)
    }

    @Test func bandedAgreesWithTheFullMatrix() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcd")
        for _ in 0..<2000 {
            let a = (0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let exact = Self.fullMatrix(a, b)
            for limit in 0...3 {
                let banded = editDistance(a, b, atMost: limit)
                #expect(banded == (exact <= limit ? exact : nil), "\(String(a)) / \(String(b)) limit \(limit)")
            }
        }
    }

    @Test func suggestionsKeepTheirLimits() {
        #expect(nearest("fonst", in: ["fonts", "styles"]) == "fonts")
        #expect(nearest("FONTS", in: ["fonts"]) == "fonts")
        #expect(nearest("fnt", in: ["font"]) == "font")            // 3 characters: distance 1 allowed
        #expect(nearest("ab", in: ["xyz"]) == nil)
        #expect(nearest("stlyes", in: ["styles", "stlye"]) == "styles")
    }

    @Test func aHugeUnknownWordGetsNoSuggestion() {
        let huge = String(repeating: "k", count: 1 << 20)
        #expect(nearest(huge, in: ["fonts", "styles", String(repeating: "k", count: 1 << 20 - 3)]) == nil)
        #expect(nearest(huge, in: [huge + "x"]) == huge + "x")
    }
}

@Suite struct InputTextTests {
    @Test func actingCharactersAreMadeVisible() {
        #expect(visible("row\n::error file=README.md::pwned") == "row\\u{A}::error file=README.md::pwned")
        #expect(visible("\u{1B}]0;title\u{07}") == "\\u{1B}]0;title\\u{7}")
        #expect(visible("abc\u{202E}fed") == "abc\\u{202E}fed")
        #expect(visible("ok\r✓ all green") == "ok\\u{D}✓ all green")
        #expect(visible("Café — 東京 👍🏽") == "Café — 東京 👍🏽")
    }

    @Test func quotedInputIsCut() {
        #expect(quotedInput("short") == "short")
        let long = String(repeating: "é", count: 100)
        #expect(quotedInput(long, limit: 10) == String(repeating: "é", count: 10) + "…(+90 characters)")
        #expect(quotedInput("a\nb", limit: 80) == "a\\u{A}b")
    }
}
