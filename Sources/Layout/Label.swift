import Foundation
import TypeFitSupport

/// How a label breaks and truncates lines (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wrap at UAX #14 opportunities; a word wider than the line breaks by grapheme clusters.
    case wordWrap
    /// Wrap at any grapheme-cluster boundary.
    case charWrap
    /// Wrap by words; text after the last allowed line is not drawn.
    case clip
    /// The last line starts with "…" and shows the end of the remaining text.
    case truncateHead
    /// The last line shows the start and the end of the remaining text around "…".
    case truncateMiddle
    /// The last line ends with "…" (UILabel's default).
    case truncateTail
}

/// How a label's height is rounded up (UILabel's granularity is uncertain; see docs/layout.md).
public enum HeightRounding: String, Sendable, Hashable, Codable, CaseIterable {
    /// Up to the device pixel, 1/scale pt (default).
    case pixel
    /// Up to the whole point.
    case point
}

/// Which fonts set a line's height (uncertain UIKit behaviour made an option; see docs/layout.md).
public enum LineHeightFonts: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each line by the largest ascent and descent of the fonts actually used on it (CoreText and
    /// TextKit): a line drawn in a taller fallback font is taller (default).
    case fontsUsed
    /// Every line by the label's own font, whatever the fallback fonts draw.
    case labelFont
}

/// Everything about a label except its text and width: the font (through `TextMeasuring`)
/// and the UILabel / NSParagraphStyle properties Layout models.
public struct LabelStyle {
    /// The font.
    public var font: any TextMeasuring
    /// Point size (from the scaling model, for one content size category).
    public var pointSize: Double
    /// Line height in points; nil = the font's `lineMetrics.lineHeight × pointSize / unitsPerEm`.
    public var lineHeight: Double?
    /// Maximum number of lines; 0 = unlimited.
    public var numberOfLines: Int
    /// Wrapping / truncation.
    public var lineBreakMode: LineBreakMode
    /// Points added after every grapheme cluster (UIKit `.kern`).
    public var letterSpacing: Double
    /// `NSParagraphStyle.lineHeightMultiple`; nil or 0 = none.
    public var lineHeightMultiple: Double?
    /// `NSParagraphStyle.minimumLineHeight` in points; nil or 0 = none.
    public var minimumLineHeight: Double?
    /// `NSParagraphStyle.maximumLineHeight` in points; nil or 0 = none.
    public var maximumLineHeight: Double?
    /// `adjustsFontSizeToFitWidth`.
    public var adjustsFontSizeToFitWidth: Bool
    /// `minimumScaleFactor` (0 = never below the point size, as in UIKit).
    public var minimumScaleFactor: Double
    /// Rounding of the label's height.
    public var heightRounding: HeightRounding
    /// Which fonts set each line's natural height.
    public var lineHeightFonts: LineHeightFonts
    /// Measurements shared with other layouts of the same text and font (nil: none kept).
    public var cache: LayoutCache?
    /// Whether layout takes its fast paths (the one-line fit, `TextMeasuring.specialized(for:)`);
    /// false only in tests that check the fast paths give the same layouts as the slow ones.
    var fastPaths = true

    public init(font: any TextMeasuring, pointSize: Double, lineHeight: Double? = nil,
                numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .truncateTail,
                letterSpacing: Double = 0, lineHeightMultiple: Double? = nil,
                minimumLineHeight: Double? = nil, maximumLineHeight: Double? = nil,
                adjustsFontSizeToFitWidth: Bool = false, minimumScaleFactor: Double = 0,
                heightRounding: HeightRounding = .pixel, lineHeightFonts: LineHeightFonts = .fontsUsed) {
        self.font = font
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.letterSpacing = letterSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        self.minimumScaleFactor = minimumScaleFactor
        self.heightRounding = heightRounding
        self.lineHeightFonts = lineHeightFonts
        self.cache = nil
    }

    /// The font's own line height at `size`: (ascender − descender + lineGap) × size / upem.
    func fontLineHeight(at size: Double) -> Double {
        font.lineMetrics.lineHeight * size / font.unitsPerEm
    }

    /// The line height after the paragraph rules at `size`: base (explicit or the font's),
    /// × lineHeightMultiple, then clamped to minimum/maximum line height.
    func resolvedLineHeight(at size: Double, factor: Double) -> Double {
        resolvedLineHeight(natural: fontLineHeight(at: size), factor: factor)
    }

    /// The paragraph rules over a line's natural height (its fonts' line height at the drawn size).
    func resolvedLineHeight(natural: Double, factor: Double) -> Double {
        var h = lineHeight.map { $0 * factor } ?? natural
        if let m = lineHeightMultiple, m > 0 { h *= m }
        if let lo = minimumLineHeight, lo > 0 { h = max(h, lo * factor) }
        if let hi = maximumLineHeight, hi > 0 { h = min(h, hi * factor) }
        return h
    }
}

extension HeightRounding {
    /// Rounds `value` up to the device pixel (1/scale pt) or the point. Values within 1e-9 of a
    /// step stay on it (floating-point noise never adds a pixel).
    public func roundUp(_ value: Double, scale: Double) -> Double {
        let step = self == .pixel ? (scale > 0 ? scale : 1) : 1
        return (value * step - 1e-9).rounded(.up) / step
    }
}

/// The result of laying out one label. Codable, deterministic.
public struct LabelLayout: Sendable, Hashable, Codable {
    /// One laid-out line.
    public struct Line: Sendable, Hashable, Codable {
        /// The source text the line covers (UTF-16), trailing whitespace and line break included;
        /// for a truncated line, from its start to the end of the text.
        public var range: TextRange
        /// What the line shows: trailing whitespace removed, "…" inserted when truncated.
        public var text: String
        /// Width in points of what the line shows (shaped as one run; letter-spacing included).
        public var width: Double
        /// The line box's height in points at the requested size (the paragraph rules over the
        /// natural height of the fonts the line uses; see `LineHeightFonts`).
        public var height: Double
        /// Distance in points from the label's top to this line's baseline, as drawn (after autoshrink).
        public var baseline: Double
    }
    /// Where truncation removed text.
    public struct Truncation: Sendable, Hashable, Codable {
        /// The mode that truncated.
        public var mode: LineBreakMode
        /// The source text (UTF-16) not shown.
        public var removed: TextRange
        /// Whether an ellipsis is shown (false for wordWrap, charWrap and clip).
        public var ellipsis: Bool
    }
    /// How far glyph ink goes beyond the label's box, in points (0 = inside).
    public struct InkOverflow: Sendable, Hashable, Codable {
        public var top: Double
        public var bottom: Double
        public var left: Double
        public var right: Double
        public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
            self.top = top
            self.bottom = bottom
            self.left = left
            self.right = right
        }
        /// Where the largest overflow comes from: its line and the character(s) whose ink
        /// reaches furthest on that side; nil when nothing overflows.
        public var source: Source?
        /// Whether any side overflows.
        public var overflows: Bool { top > 0 || bottom > 0 || left > 0 || right > 0 }

        /// The line and characters of the largest overflow.
        public struct Source: Sendable, Hashable, Codable {
            /// 1-based line of the label.
            public var line: Int
            /// What the line shows.
            public var lineText: String
            /// The grapheme clusters whose ink reaches furthest on that side (measured one by one),
            /// in text order, without repeats; e.g. `["j"]` for a "j" starting a line.
            public var characters: [String]
            public init(line: Int, lineText: String, characters: [String]) {
                self.line = line
                self.lineText = lineText
                self.characters = characters
            }
        }
    }

    /// The lines, in order.
    public var lines: [Line]
    /// The label's box width in points (the available width).
    public var width: Double
    /// The label font's line height in points (at the requested size; see docs/layout.md for
    /// autoshrink). A line drawn in a taller fallback font is taller: see `Line.height`.
    public var lineHeight: Double
    /// The sum of the lines' heights, rounded up to the pixel or point.
    public var height: Double
    /// Non-nil when some text is not shown.
    public var truncation: Truncation?
    /// Scale factor applied by autoshrink (1 = none).
    public var shrinkFactor: Double
    /// The point size drawn: requested size × shrinkFactor.
    public var pointSize: Double
    /// Single-line natural width at the requested size: the widest paragraph, trailing whitespace hanging.
    public var neededWidth: Double
    /// Ink beyond the box.
    public var inkOverflow: InkOverflow
    /// Lines the text needs at the requested size with no line limit (= `lineCount` unless
    /// truncated): counted while laying out, so nobody lays the label out a second time.
    public var neededLineCount: Int

    /// Whether some text is not shown.
    public var truncated: Bool { truncation != nil }
    /// Number of lines.
    public var lineCount: Int { lines.count }
}

extension LabelStyle {
    /// Lays out `text` (already letter-cased) into a box `width` points wide on a device
    /// with `scale` pixels per point.
    public func layout(_ text: String, width: Double, scale: Double = 2) -> LabelLayout {
        let model = !fastPaths ? TextModel(text: text, font: font, specializing: false)
            : cache?.model(for: text, font: font) ?? TextModel(text: text, font: font)
        return layout(model: model, width: width, scale: scale)
    }

    /// Lays out a prepared text (`LayoutCache.prepare`): the same layout as `layout(text.text, …)`,
    /// without looking the text up again. A text prepared for a font of another
    /// `measurementIdentity`, or a style without a cache, is laid out as `layout(text.text, …)`.
    public func layout(_ text: PreparedText, width: Double, scale: Double = 2) -> LabelLayout {
        guard fastPaths, cache != nil, text.model.identity === font.measurementIdentity else {
            return layout(text.text, width: width, scale: scale)
        }
        return layout(model: text.model, width: width, scale: scale)
    }

    private func layout(model: TextModel, width: Double, scale: Double) -> LabelLayout {
        // Line breaks follow the label's measurer (its locale), not the model's specialized one.
        let breakSet = model.breakSet(of: font)
        // A text laid out before with everything the layout depends on alike (e.g. the same
        // untranslated text in another locale that breaks it alike) is not laid out again.
        let key = fastPaths && cache != nil ? LayoutKey(self, width: width, scale: scale, breakSet: breakSet) : nil
        if let key, let known = model.layouts[key] { return known }
        let laid = layout(model, breakSet: breakSet, width: width, scale: scale)
        if let key, let cache { cache.remember(laid, key, in: model) }
        return laid
    }

    private func layout(_ model: TextModel, breakSet: Int, width: Double, scale: Double) -> LabelLayout {
        let wrapMode: Bool = lineBreakMode == .charWrap
        var filler = LineFiller(model: model, breakSet: breakSet, charWrap: wrapMode)
        filler.oneLineFastPath = fastPaths
        let upem = font.unitsPerEm > 0 ? font.unitsPerEm : 1000
        let full = Metrics(model: model, scale: pointSize / upem, letterSpacing: letterSpacing)
        let needed = neededWidth(model: model, filler: filler, metrics: full)

        var factor = 1.0
        var pass = fill(model: model, filler: filler, metrics: full, width: width)
        // Whether `pass` is the fill at the requested size (autoshrink may replace it).
        var passIsFull = true
        let minFactor = minimumScaleFactor
        if adjustsFontSizeToFitWidth && minFactor > 0 && minFactor < 1 && numberOfLines != 0 {
            if numberOfLines == 1 && needed > width + LineFiller.epsilon {
                // Width is linear in the factor: advance part scales, letter-spacing does not.
                let spacing = letterSpacing * Double(widestParagraphClusters(model: model, filler: filler, metrics: full))
                let advancePart = needed - spacing
                var f = advancePart > 0 ? (width - spacing) / advancePart : minFactor
                f = min(1, max(minFactor, f))
                factor = f
                pass = fill(model: model, filler: filler, metrics: scaled(model, f), width: width)
                passIsFull = false
                // Guard against rounding: step down until it fits or the minimum is reached.
                var tries = 0
                while pass.truncation != nil && factor > minFactor && tries < 20 {
                    factor = max(minFactor, factor * (1 - 1e-6))
                    pass = fill(model: model, filler: filler, metrics: scaled(model, factor), width: width)
                    tries += 1
                }
            } else if numberOfLines > 1 && pass.truncation != nil {
                let atMin = fill(model: model, filler: filler, metrics: scaled(model, minFactor), width: width)
                passIsFull = false
                if atMin.truncation != nil {
                    factor = minFactor
                    pass = atMin
                } else {
                    var lo = minFactor, hi = 1.0
                    var best = atMin
                    for _ in 0..<30 {
                        let mid = (lo + hi) / 2
                        let p = fill(model: model, filler: filler, metrics: scaled(model, mid), width: width)
                        if p.truncation == nil { lo = mid; best = p } else { hi = mid }
                    }
                    factor = lo
                    pass = best
                }
            }
        }

        let finalSize = pointSize * factor
        let lh = resolvedLineHeight(at: pointSize, factor: 1)
        // Each line's natural metrics: the fonts used on it, or the label's font (`lineHeightFonts`).
        // A plain line's metrics are cached by its clusters (the same line recurs at other sizes).
        let natural: [LineMetrics] = pass.lines.map {
            if lineHeightFonts == .labelFont { return font.lineMetrics }
            if let (a, b) = $0.clusters { return model.lineMetrics(a, b) }
            return model.font.lineMetrics(of: Substring($0.text))
        }
        // Each line's height at the requested size and as drawn at the final size (computed in
        // place, twice, rather than kept in arrays: the same expressions give the same numbers).
        func lineHeight(_ i: Int) -> Double { resolvedLineHeight(natural: natural[i].lineHeight * pointSize / upem, factor: 1) }
        let s = finalSize / upem
        func drawnHeight(_ i: Int) -> Double { resolvedLineHeight(natural: natural[i].lineHeight * s, factor: factor) }
        var rawHeight = 0.0, drawnTotal = 0.0
        for i in natural.indices { rawHeight += lineHeight(i) }
        let height = heightRounding.roundUp(rawHeight, scale: scale)
        // Drawn line heights at the final size; a shrunk block is centred vertically.
        for i in natural.indices { drawnTotal += drawnHeight(i) }
        let blockTop = (rawHeight - drawnTotal) / 2
        var overflow = LabelLayout.InkOverflow()
        var worstLine = (top: 0, bottom: 0, left: 0, right: 0)
        var lines: [LabelLayout.Line] = []
        lines.reserveCapacity(pass.lines.count)
        var lineTop = blockTop
        for (i, line) in pass.lines.enumerated() {
            // Extra leading (line height − font line height) goes ABOVE the glyphs; the font's
            // lineGap stays below (CoreText). See docs/layout.md.
            let drawn = drawnHeight(i)
            let baseline = lineTop + (drawn - natural[i].lineHeight * s) + natural[i].ascender * s
            lines.append(LabelLayout.Line(range: line.range, text: line.text, width: line.width, height: lineHeight(i),
                                          baseline: baseline))
            lineTop += drawn
            for k in 0..<line.pieces.count {
                let piece = line.pieces[k]
                guard let box = piece.ink else { continue }
                let spacingSpan = letterSpacing * Double(max(0, piece.clusters - 1))
                let xMin = piece.x + box.xMin * s
                let xMax = piece.x + box.xMax * s + spacingSpan
                let yTop = baseline - box.yMax * s
                let yBottom = baseline - box.yMin * s
                if -yTop > overflow.top { overflow.top = -yTop; worstLine.top = i }
                if yBottom - height > overflow.bottom { overflow.bottom = yBottom - height; worstLine.bottom = i }
                if -xMin > overflow.left { overflow.left = -xMin; worstLine.left = i }
                if xMax - width > overflow.right { overflow.right = xMax - width; worstLine.right = i }
            }
        }
        // The side that overflows most (the first of equals, top, bottom, left, right).
        var worst = (side: InkSide.top, amount: overflow.top, line: worstLine.top)
        if overflow.bottom > worst.amount { worst = (.bottom, overflow.bottom, worstLine.bottom) }
        if overflow.left > worst.amount { worst = (.left, overflow.left, worstLine.left) }
        if overflow.right > worst.amount { worst = (.right, overflow.right, worstLine.right) }
        if worst.amount > 0 {
            let line = pass.lines[worst.line]
            overflow.source = .init(line: worst.line + 1, lineText: line.text,
                                    characters: Self.inkReach(model: model, range: line.range, side: worst.side))
        }
        // Lines needed without a limit, at the requested size (what a truncated label would need).
        // The fill at the requested size found the lines up to its last one and where the text
        // after that line's start would end it (`Pass.resume`): filling again from the text's start
        // would find the same lines, so counting goes on from there. Not after autoshrink: a
        // smaller size breaks elsewhere.
        var neededLines = pass.lines.count
        if pass.truncation != nil {
            var start: Int
            if fastPaths, passIsFull, let resume = pass.resume {
                start = resume
            } else {
                neededLines = 0
                start = 0
            }
            while start < model.count {
                start = filler.nextLine(from: start, metrics: full, maxWidth: width)
                neededLines += 1
            }
        }
        return LabelLayout(
            lines: lines, width: width, lineHeight: lh, height: height, truncation: pass.truncation,
            shrinkFactor: factor, pointSize: finalSize, neededWidth: needed, inkOverflow: overflow,
            neededLineCount: neededLines)
    }

    private func scaled(_ model: TextModel, _ f: Double) -> Metrics {
        Metrics(model: model, scale: pointSize * f / (font.unitsPerEm > 0 ? font.unitsPerEm : 1000),
                letterSpacing: letterSpacing)
    }

    private func neededWidth(model: TextModel, filler: LineFiller, metrics m: Metrics) -> Double {
        filler.plan.paragraphs.map { m.visibleWidth($0.start, $0.end) }.max() ?? 0
    }

    private func widestParagraphClusters(model: TextModel, filler: LineFiller, metrics m: Metrics) -> Int {
        var best = 0.0, clusters = 0
        for (a, b) in filler.plan.paragraphs {
            let w = m.visibleWidth(a, b)
            if w > best {
                best = w
                clusters = model.clusters(a, model.trimEnd(a, b))
            }
        }
        return clusters
    }

    enum InkSide { case top, bottom, left, right }

    /// The clusters of the source text in `range` whose own ink reaches furthest on `side`
    /// (each cluster shaped alone; for left and right, positions add the advances before them).
    /// Ties within one font unit are all named. Called only for a label whose ink overflows.
    static func inkReach(model: TextModel, range: TextRange, side: InkSide) -> [String] {
        guard let a = model.boundaries.firstIndex(of: range.start) else { return [] }
        let b = model.boundaries.lastIndex(where: { $0 <= range.end }) ?? a
        var reach: [(Int, Double)] = []
        var x = 0.0
        for c in a..<max(a, b) {
            defer { x += model.advance(c, c + 1) }
            guard let box = model.ink(c, c + 1) else { continue }
            switch side {
            case .top: reach.append((c, box.yMax))
            case .bottom: reach.append((c, -box.yMin))
            case .left: reach.append((c, -(x + box.xMin)))
            case .right: reach.append((c, x + box.xMax))
            }
        }
        guard let best = reach.map(\.1).max() else { return [] }
        var seen = Set<String>()
        return reach.filter { $0.1 >= best - 1 }.map { String(model.substring($0.0, $0.0 + 1)) }
            .filter { seen.insert($0).inserted }
    }

    private struct Piece {
        var x: Double
        var ink: InkBox?
        var clusters: Int
    }

    /// A line's one to three pieces (text, "…", text), kept inline: an array per line was an
    /// allocation per line of every layout.
    private struct Pieces {
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

    private struct PassLine {
        var range: TextRange
        var text: String
        var width: Double
        var pieces: Pieces
        /// The clusters [a, b) the line shows when it shows them as they are (no ellipsis).
        var clusters: (Int, Int)? = nil
    }

    private struct Pass {
        var lines: [PassLine]
        /// When truncated: where the line the last allowed one started with would have ended
        /// (`LineFiller.nextLine` from its start), so counting the lines needed goes on from there.
        var resume: Int? = nil
        var truncation: LabelLayout.Truncation?
    }

    private func plainLine(_ model: TextModel, _ m: Metrics, _ a: Int, _ b: Int) -> PassLine {
        let ve = model.trimEnd(a, b)
        return PassLine(range: TextRange(start: model.boundaries[a], end: model.boundaries[b]),
                        text: String(model.substring(a, ve)), width: m.width(a, ve),
                        pieces: Pieces(Piece(x: 0, ink: model.ink(a, ve), clusters: spacingClusters(model, a, ve))),
                        clusters: (a, ve))
    }

    /// Letter-spacing clusters of [a, b) for a piece's ink; not counted without letter-spacing,
    /// where `letterSpacing × count` is ±0 whatever the count.
    private func spacingClusters(_ model: TextModel, _ a: Int, _ b: Int) -> Int {
        letterSpacing == 0 ? 0 : model.clusters(a, b)
    }

    private func ellipsisPiece(_ model: TextModel, x: Double) -> Piece {
        Piece(x: x, ink: model.ellipsisInk, clusters: 1)
    }

    /// Fills lines at one size, applying numberOfLines and the truncation mode.
    private func fill(model: TextModel, filler: LineFiller, metrics m: Metrics, width: Double) -> Pass {
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
