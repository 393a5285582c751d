import Foundation

// Small helpers every reader of user input shares (typefit.yml, TypographyKit configs, string
// files, check ids), kept in one pure-Swift module so they exist once.

/// The candidate closest to `word` by optimal-string-alignment distance (case-insensitive), if ≤ 2
/// (≤ 1 for words of up to 3 characters). Bounded work: a candidate whose length differs by more
/// than the limit is skipped without comparing, and the rest are compared within a band of the
/// limit's width, so a 10 MB word costs one length check per candidate.
public func nearest(_ word: String, in candidates: [String]) -> String? {
    let wordLength = word.count
    let limit = wordLength <= 3 ? 1 : 2
    var best: (String, Int)?
    var loweredWord: [Character]?
    for candidate in candidates {
        let candidateLength = candidate.count
        guard abs(candidateLength - wordLength) <= limit else { continue }
        let lowered = loweredWord ?? Array(word.lowercased())
        loweredWord = lowered
        let bound = min(limit, (best?.1 ?? limit + 1) - 1)
        guard bound >= 0, let distance = editDistance(lowered, Array(candidate.lowercased()), atMost: bound) else { continue }
        best = (candidate, distance)
    }
    return best?.0
}

/// Damerau–Levenshtein distance (optimal string alignment: insert, delete, substitute, swap adjacent).
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    return editDistance(a, b, atMost: max(a.count, b.count))!
}

/// The optimal-string-alignment distance of `a` and `b` when it is at most `limit`, else nil.
/// Only cells within `limit` of the diagonal are computed (a path leaving the band costs more than
/// `limit`), in three rows reused from row to row: O(min(|a|, |b|) × limit) time, O(|b|) memory.
func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1, m = b.count
    var before = [Int](repeating: beyond, count: m + 1)
    var previous = (0...m).map { min($0, beyond) }
    var current = [Int](repeating: beyond, count: m + 1)
    for i in 1...a.count {
        let low = max(1, i - limit), high = min(m, i + limit)
        // Cells this row reads but no earlier row of the band wrote are out of the band: beyond.
        current[0] = min(i, beyond)
        if low - 1 >= 1 { current[low - 1] = beyond }
        if high <= m, high > min(m, i - 1 + limit) { previous[high] = beyond }
        var rowMinimum = current[0]
        for j in low...high {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
            current[j] = min(d, beyond)
            rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum > limit { return nil }
        swap(&before, &previous)
        swap(&previous, &current)
    }
    return previous[m] <= limit ? previous[m] : nil
}
