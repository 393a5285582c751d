import Foundation
import Testing
@testable import TypeFit
import TypeFitSupport

/// Messages quote input cut to 80 characters: a 10 MB unknown key gives a line of a few hundred
/// bytes, found in bounded time (the suggestion skips every candidate by length).
@Suite struct HostileQuoteTests {
    @Test func aTenMegabyteUnknownKeyIsQuotedCut() throws {
        let key = String(repeating: "k", count: 10 << 20)
        let start = Date()
        // An explicit key ("? key" then ": value"): YAML limits an implicit key to 1024 characters.
        let message = try #require(ConfigFixtures.error("? \(key)\n: 1\n"))
        #expect(Date().timeIntervalSince(start) < 60)
        // 80 "k", then the count of the rest: 10,485,760 − 80 = 10,485,680.
        #expect(message.contains("unknown key \"" + String(repeating: "k", count: 80) + "…(+10485680 characters)\" at the top level"),
                "\(message.prefix(300))")
        #expect(message.utf8.count < 1000)
    }

    @Test func quotedInputCountsTheRest() {
        #expect(quotedInput("abc", limit: 2) == "ab…(+1 characters)")
        #expect(quotedInput("a\u{1B}", limit: 80) == "a\\u{1B}")
    }
}
