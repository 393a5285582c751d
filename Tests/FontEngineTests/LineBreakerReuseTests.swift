import Dispatch
import FontEngine
import Testing

/// clb_line_breaks keeps each thread's ICU iterators by locale (up to 8) and reuses them with
/// ubrk_setText: the breaks do not depend on which texts and locales came before, on which
/// thread, or on an iterator having been evicted. Expected offsets by hand (UAX #14: a break after
/// each space, LB7/LB18; a hard break after "\n", LB5; the end of the text, LB3).
@Suite struct LineBreakerReuseTests {
    static let cases: [(text: String, breaks: [LineBreaker.Opportunity])] = [
        ("Save all files", [.init(offset: 5, isHard: false), .init(offset: 9, isHard: false), .init(offset: 14, isHard: false)]),
        ("a\nb", [.init(offset: 2, isHard: true), .init(offset: 3, isHard: false)]),
        ("x", [.init(offset: 1, isHard: false)]),
    ]
    /// Ten locales: more than a thread keeps, so iterators are evicted and opened again.
    static let locales: [String?] = [nil, "en", "de", "fr", "fi", "ja", "he", "ru", "vi", "nl"]

    func check() -> Bool {
        var ok = true
        for _ in 0..<3 {
            for locale in Self.locales {
                for c in Self.cases where LineBreaker.opportunities(in: c.text, locale: locale) != c.breaks { ok = false }
                // An empty text between them changes nothing either.
                if !LineBreaker.opportunities(in: "", locale: locale).isEmpty { ok = false }
            }
        }
        return ok
    }

    @Test func breaksDoNotDependOnEarlierTextsOrLocales() {
        #expect(check())
    }

    @Test func threadsKeepTheirOwnIterators() {
        let results = ResultBox(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { i in results.set(i, check()) }
        #expect(results.all == [true, true, true, true])
    }
}

/// Results written by `concurrentPerform` workers, one slot each.
private final class ResultBox: @unchecked Sendable {
    private var values: [Bool]
    private let lock = DispatchQueue(label: "results")
    init(count: Int) { values = Array(repeating: false, count: count) }
    func set(_ i: Int, _ value: Bool) { lock.sync { values[i] = value } }
    var all: [Bool] { lock.sync { values } }
}
