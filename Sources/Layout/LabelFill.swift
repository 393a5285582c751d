extension LabelStyle {
    struct Piece {
        var x: Double
        var ink: InkBox?
        var clusters: Int
    }

    /// A line's one to three pieces (text, "…", text), kept inline so that a line allocates no
    /// array.
    struct Pieces {
        var first: Piece
        var second: Piece?
        var third: Piece?
        init(_ first: Piece, _ second: Piece? = nil, _ third: Piece? = nil) {
            self.first = first
            self.second = second
            self.third = third
        }
        var count: Int { third != nil ? 3 : second != nil ? 2 : 1 }
        subscript(k: Int) -> Piece { k == 0 ? first : k == 1 ? second! : third! }
    }

    struct PassLine {
        var range: TextRange
        var text: String
        var width: Double
        var pieces: Pieces
        /// The clusters [a, b) the line shows when it shows them as they are (no ellipsis).
        var clusters: (Int, Int)? = nil
    }

    struct Pass {
        var lines: [PassLine]
        /// When truncated: where the line the last allowed one started with would have ended
        /// (`LineFiller.nextLine` from its start), so counting the lines needed goes on from there.
        var resume: Int? = nil
        var truncation: LabelLayout.Truncation?
    }

    func plainLine(_ model: TextModel, _ m: Metrics, _ a: Int, _ b: Int) -> PassLine {
        let ve = model.trimEnd(a, b)
        return PassLine(range: TextRange(start: model.boundaries[a], end: model.boundaries[b]),
                        text: String(model.substring(a, ve)), width: m.width(a, ve),
                        pieces: Pieces(Piece(x: 0, ink: model.ink(a, ve), clusters: spacingClusters(model, a, ve))),
                        clusters: (a, ve))
    }

    /// Letter-spacing clusters of [a, b) for a piece's ink; not counted without letter-spacing,
    /// where `letterSpacing × count` is ±0 whatever the count.
    func spacingClusters(_ model: TextModel, _ a: Int, _ b: Int) -> Int {
        letterSpacing == 0 ? 0 : model.clusters(a, b)
    }

    func ellipsisPiece(_ model: TextModel, x: Double) -> Piece {
        Piece(x: x, ink: model.ellipsisInk, clusters: 1)
    }

    /// Fills lines at one size, applying numberOfLines and the truncation mode.
    func fill(model: TextModel, filler: LineFiller, metrics m: Metrics, width: Double) -> Pass {
        var lines: [PassLine] = []
        var s = 0
        let n = model.count
        let limit = width + LineFiller.epsilon
        while s < n {
            let e = filler.nextLine(from: s, metrics: m, maxWidth: width)
            let isLastAllowed = numberOfLines > 0 && lines.count == numberOfLines - 1
            if !isLastAllowed || e >= n {
                lines.append(plainLine(model, m, s, e))
                s = e
                continue
            }
            if model.trimStart(e, n) >= n {
                // Only whitespace / line breaks remain after the last allowed line: nothing is lost.
                lines.append(plainLine(model, m, s, e))
                break
            }
            // The last allowed line, and text remains after it.
            let endOffset = model.boundaries[n]
            switch lineBreakMode {
            case .wordWrap, .charWrap, .clip:
                lines.append(plainLine(model, m, s, e))
                return Pass(lines: lines, resume: e, truncation: .init(
                    mode: lineBreakMode, removed: TextRange(start: model.boundaries[e], end: endOffset), ellipsis: false))
            case .truncateTail:
                let pe = model.trimEnd(s, filler.paragraphEnd(from: s))
                let ell = m.ellipsisWidth
                var lo = s, hi = pe, best = s
                while lo <= hi {
                    let mid = (lo + hi) / 2
                    if m.visibleWidth(s, mid) + ell <= limit { best = mid; lo = mid + 1 } else { hi = mid - 1 }
                }
                let headEnd = model.trimEnd(s, best)
                let w = m.width(s, headEnd)
                lines.append(PassLine(
                    range: TextRange(start: model.boundaries[s], end: endOffset),
                    text: String(model.substring(s, headEnd)) + TextModel.ellipsis, width: w + ell,
                    pieces: Pieces(Piece(x: 0, ink: model.ink(s, headEnd), clusters: spacingClusters(model, s, headEnd)),
                                   ellipsisPiece(model, x: w))))
                return Pass(lines: lines, resume: e, truncation: .init(
                    mode: .truncateTail, removed: TextRange(start: model.boundaries[headEnd], end: endOffset),
                    ellipsis: true))
            case .truncateHead:
                let end = model.trimEnd(s, n)
                let ell = m.ellipsisWidth
                // Smallest start c (largest tail) with "…" + [c, end) fitting.
                var lo = s + 1, hi = end, best = end
                while lo <= hi {
                    let mid = (lo + hi) / 2
                    if ell + m.width(mid, end) <= limit { best = mid; hi = mid - 1 } else { lo = mid + 1 }
                }
                let w = m.width(best, end)
                lines.append(PassLine(
                    range: TextRange(start: model.boundaries[s], end: endOffset),
                    text: TextModel.ellipsis + String(model.substring(best, end)), width: ell + w,
                    pieces: Pieces(ellipsisPiece(model, x: 0),
                                   Piece(x: ell, ink: model.ink(best, end), clusters: spacingClusters(model, best, end)))))
                return Pass(lines: lines, resume: e, truncation: .init(
                    mode: .truncateHead, removed: TextRange(start: model.boundaries[s], end: model.boundaries[best]),
                    ellipsis: true))
            case .truncateMiddle:
                let end = model.trimEnd(s, n)
                let ell = m.ellipsisWidth
                let total = end - s
                func parts(_ k: Int) -> (headEnd: Int, tailStart: Int) {
                    let h = (k + 1) / 2, t = k / 2
                    return (model.trimEnd(s, s + h), end - t)
                }
                func fits(_ k: Int) -> Bool {
                    let p = parts(k)
                    return m.width(s, p.headEnd) + ell + m.width(p.tailStart, end) <= limit
                }
                var lo = 1, hi = total - 1, best = 0
                while lo <= hi {
                    let mid = (lo + hi) / 2
                    if fits(mid) { best = mid; lo = mid + 1 } else { hi = mid - 1 }
                }
                let p = parts(best)
                let wh = m.width(s, p.headEnd)
                let wt = m.width(p.tailStart, end)
                lines.append(PassLine(
                    range: TextRange(start: model.boundaries[s], end: endOffset),
                    text: String(model.substring(s, p.headEnd)) + TextModel.ellipsis
                        + String(model.substring(p.tailStart, end)),
                    width: wh + ell + wt,
                    pieces: Pieces(Piece(x: 0, ink: model.ink(s, p.headEnd), clusters: spacingClusters(model, s, p.headEnd)),
                                   ellipsisPiece(model, x: wh),
                                   Piece(x: wh + ell, ink: model.ink(p.tailStart, end),
                                         clusters: spacingClusters(model, p.tailStart, end)))))
                return Pass(lines: lines, resume: e, truncation: .init(
                    mode: .truncateMiddle,
                    removed: TextRange(start: model.boundaries[p.headEnd], end: model.boundaries[p.tailStart]),
                    ellipsis: true))
            }
        }
        return Pass(lines: lines, truncation: nil)
    }
}
