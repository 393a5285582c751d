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

/// The break opportunities of a text for one wrap mode, in cluster-boundary indices, and its
/// paragraphs: size and width independent, so a `TextModel` builds them once
/// (`TextModel.breakPlan`) for every size and width it is laid out at.
struct BreakPlan {
    let opportunities: [Opportunity]
    /// [start, end) cluster boundaries of each paragraph (ended by a hard break or the text's end).
    let paragraphs: [(start: Int, end: Int)]
    /// Whether no hard break comes before the end of the text (one paragraph).
    var isOneParagraph: Bool { paragraphs.count <= 1 }

    /// The plan of `breaks` (UAX #14 opportunities of the model's text); `charWrap` = every
    /// cluster boundary is an opportunity (hard breaks still come from `breaks`).
    init(model: TextModel, breaks: [LineBreakOpportunity], charWrap: Bool) {
        var result: [Opportunity] = []
        var seen = Set<Int>()
        if model.count > 0 {
            for o in breaks {
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
        // Paragraphs: from each start to the next hard opportunity after it (or the end).
        var paragraphs: [(start: Int, end: Int)] = []
        var start = 0
        for o in result where o.isHard && o.index < model.count {
            paragraphs.append((start, o.index))
            start = o.index
        }
        if start < model.count { paragraphs.append((start, model.count)) }
        self.paragraphs = paragraphs
    }
}

/// Greedy line filling as UIKit does it (see docs/layout.md, "Line breaking").
struct LineFiller {
    let model: TextModel
    let plan: BreakPlan
    /// The model's break set the plan is of (`TextModel.breakSet(of:)`).
    let breakSet: Int
    let charWrap: Bool
    /// Whether `nextLine` answers a text that fits on one line without filling (`fitsOnOneLine`).
    var oneLineFastPath = true
    var opportunities: [Opportunity] { plan.opportunities }
    static let epsilon = 1e-9

    /// Fills `model`'s text broken as break set `breakSet` says; `charWrap` = every cluster
    /// boundary is an opportunity (hard breaks still come from UAX #14).
    init(model: TextModel, breakSet: Int, charWrap: Bool) {
        self.model = model
        self.breakSet = breakSet
        self.charWrap = charWrap
        self.plan = model.breakPlan(set: breakSet, charWrap: charWrap)
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

    /// Whether the whole text is one line at `maxWidth`, answered from the text's prefix extents
    /// without filling: true only when `fill(from: 0, …)` returns `model.count`.
    ///
    /// Safe because, with no hard break before the end, when the visible width of the prefix up to
    /// every opportunity fits, `fill`'s step 2 walks up to the last opportunity (the end)
    /// whatever step 1 estimated. It answers false (and the filler decides) when a prefix does
    /// not fit, even where the filler still returns the end: a text of one cluster wider than the
    /// line, which the filler places alone on its line. Fitting the whole text alone is not enough: shaped
    /// together a prefix can be wider than the whole text (a kerning pair or a contextual form
    /// after the break making the rest narrower), and with a hard break ("a\nb") the first line
    /// ends at the break however wide the label is; both take the filler's path. The widths are
    /// computed with the same expression as `Metrics.visibleWidth`, so the comparison is the
    /// same, bit for bit. Tested against the filler in LineFillingFastPathTests.
    func fitsOnOneLine(metrics m: Metrics, maxWidth: Double) -> Bool {
        guard model.count > 0, plan.isOneParagraph else { return false }
        let limit = maxWidth + LineFiller.epsilon
        // The whole text first: it is the last prefix, and most texts that do not fit fail here
        // without measuring every prefix.
        guard m.visibleWidth(0, model.count) <= limit,
              let prefixes = model.prefixExtents(plan, set: breakSet, charWrap: charWrap) else { return false }
        for p in prefixes {
            // `Metrics.width(0, p.end)`: 0 for an empty (all-whitespace) prefix.
            let width = p.end > 0 ? p.advance * m.scale + m.letterSpacing * Double(p.clusters) : 0
            if !(width <= limit) { return false }
        }
        return true
    }

    /// The end of the line that starts at `s`, filled greedily into `maxWidth` points.
    func nextLine(from s: Int, metrics m: Metrics, maxWidth: Double) -> Int {
        if s == 0 && oneLineFastPath && fitsOnOneLine(metrics: m, maxWidth: maxWidth) { return model.count }
        return fill(from: s, metrics: m, maxWidth: maxWidth)
    }

    /// `nextLine` without the one-line fast path (the reference the fast path is tested against).
    func fill(from s: Int, metrics m: Metrics, maxWidth: Double) -> Int {
        let limit = maxWidth + LineFiller.epsilon
        let first = firstOpportunity(after: s)
        guard first < opportunities.count else { return model.count }
        let segmentEnd = opportunities[first].index

        // 0. A first segment much longer than a line (a word or URL with no break opportunity, a
        //    text without spaces): measure growing prefixes of it (doubling from `longSegment`
        //    clusters) instead of the whole rest of it, so that breaking it into N lines shapes
        //    about its length, not N times its length.
        var known = s
        if segmentEnd - s > Self.longSegment {
            var probe = s + Self.longSegment
            while probe < segmentEnd {
                if m.visibleWidth(s, probe) > limit { return breakInsideSegment(from: s, fitting: known, over: probe, metrics: m, limit: limit) }
                known = probe
                probe = s + 2 * (probe - s)
            }
        }
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

        // 3. The first segment alone is wider than the line: break it by grapheme clusters.
        return breakInsideSegment(from: s, fitting: known, over: segmentEnd, metrics: m, limit: limit)
    }

    /// Segments longer than this many clusters are measured by growing prefixes (`fill`, step 0).
    static let longSegment = 64

    /// The end of a line that breaks a segment by grapheme clusters: the last boundary in
    /// (`fitting`, `over`) whose prefix from `s` fits, where `fitting` is known to fit (or is `s`)
    /// and `over` is known not to; at least one cluster per line.
    func breakInsideSegment(from s: Int, fitting: Int, over: Int, metrics m: Metrics, limit: Double) -> Int {
        var lo = max(s + 1, fitting + 1), hi = over - 1
        var best = max(s + 1, fitting)
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
