/// A line produced by greedy filling, in cluster-boundary indices of a `TextModel`.
struct FilledLine {
    /// First cluster boundary of the line.
    var start: Int
    /// End boundary, trailing whitespace and a hard line break included.
    var end: Int
}

/// A break opportunity in cluster-boundary indices.
struct Opportunity {
    var index: Int
    var isHard: Bool
}

/// Greedy line filling as UIKit does it (see docs/layout.md, "Line breaking").
struct LineFiller {
    let model: TextModel
    let opportunities: [Opportunity]
    static let epsilon = 1e-9

    /// `charWrap` = every cluster boundary is an opportunity (hard breaks still come from UAX #14).
    init(model: TextModel, charWrap: Bool) {
        self.model = model
        var result: [Opportunity] = []
        var seen = Set<Int>()
        if model.count > 0 {
            for o in model.breaks {
                // Never inside a Character: offsets inside a cluster are dropped (hard ones move to
                // the end of their cluster).
                let idx: Int
                if let exact = model.boundaryIndex(ofOffset: o.offset) {
                    idx = exact
                } else if o.isHard {
                    idx = model.boundaryIndex(atOrAfter: o.offset)
                } else {
                    continue
                }
                if idx == 0 { continue }
                if seen.insert(idx).inserted {
                    result.append(Opportunity(index: idx, isHard: o.isHard))
                } else if o.isHard, let k = result.firstIndex(where: { $0.index == idx }) {
                    result[k].isHard = true
                }
            }
            if charWrap {
                let hard = Set(result.filter(\.isHard).map(\.index))
                result = (1...model.count).map { Opportunity(index: $0, isHard: hard.contains($0)) }
            }
            result.sort { $0.index < $1.index }
            if result.last?.index != model.count {
                result.append(Opportunity(index: model.count, isHard: false))
            }
        }
        opportunities = result
    }

    /// Index in `opportunities` of the first opportunity after boundary `s`.
    func firstOpportunity(after s: Int) -> Int {
        var lo = 0, hi = opportunities.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if opportunities[mid].index <= s { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// End boundary of the paragraph that contains `s` (the next hard break, or the end).
    func paragraphEnd(from s: Int) -> Int {
        var p = firstOpportunity(after: s)
        while p < opportunities.count {
            if opportunities[p].isHard { return opportunities[p].index }
            p += 1
        }
        return model.count
    }

    /// The end of the line that starts at `s`, filled greedily into `maxWidth` points.
    func nextLine(from s: Int, metrics m: Metrics, maxWidth: Double) -> Int {
        let limit = maxWidth + LineFiller.epsilon
        let first = firstOpportunity(after: s)
        guard first < opportunities.count else { return model.count }
        // Candidates: opportunities up to and including the first hard one.
        var last = first
        while last < opportunities.count - 1 && !opportunities[last].isHard { last += 1 }

        // 1. Heuristic: sum of segment widths (each segment shaped alone), last one trimmed.
        var k = first - 1
        var sum = 0.0
        var prev = s
        var p = first
        while p <= last {
            let o = opportunities[p].index
            let estimate = sum + m.visibleWidth(prev, o)
            if estimate > limit { break }
            k = p
            sum += m.width(prev, o)
            prev = o
            p += 1
        }
        // 2. The real (shaped together) line width decides at the boundary.
        if k >= first {
            var lowered = false
            while k >= first && m.visibleWidth(s, opportunities[k].index) > limit {
                k -= 1
                lowered = true
            }
            if !lowered {
                while k < last && m.visibleWidth(s, opportunities[k + 1].index) <= limit { k += 1 }
            }
        } else if m.visibleWidth(s, opportunities[first].index) <= limit {
            k = first
            while k < last && m.visibleWidth(s, opportunities[k + 1].index) <= limit { k += 1 }
        }
        if k >= first { return opportunities[k].index }

        // 3. The first segment alone is wider than the line: break it by grapheme clusters,
        //    at least one cluster per line.
        let segmentEnd = opportunities[first].index
        var lo = s + 1, hi = segmentEnd - 1
        var best = s + 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if m.visibleWidth(s, mid) <= limit {
                best = mid
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        return best
    }
}
