import Foundation
import TypeFitSupport

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
            let reach = Self.inkReach(model: model, range: line.range, side: worst.side)
            var fonts: [String] = []
            for cluster in reach {
                if let f = model.font.fallbackFont(of: cluster[...]), !fonts.contains(f) { fonts.append(f) }
            }
            overflow.source = .init(line: worst.line + 1, lineText: line.text, characters: reach, fonts: fonts)
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
            shrinkFactor: factor, pointSize: finalSize, neededWidth: needed,
            drawnWidth: factor == 1 ? needed : neededWidth(model: model, filler: filler, metrics: scaled(model, factor)),
            inkOverflow: overflow,
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
    /// (each cluster shaped alone; for left and right, at its position on screen: the advances of
    /// the clusters drawn left of it). Ties within one font unit are all named. Called only for a
    /// label whose ink overflows.
    static func inkReach(model: TextModel, range: TextRange, side: InkSide) -> [String] {
        guard let a = model.boundaries.firstIndex(of: range.start) else { return [] }
        let b = max(a, model.boundaries.lastIndex(where: { $0 <= range.end }) ?? a)
        var reach: [(Int, Double)] = []
        var x = 0.0
        for c in visualOrder(model: model, a, b) {
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
        return reach.sorted { $0.0 < $1.0 }.filter { $0.1 >= best - 1 }.map { String(model.substring($0.0, $0.0 + 1)) }
            .filter { seen.insert($0).inserted }
    }

    /// Clusters `a..<b` in the order they are drawn from left to right, as the engine draws a
    /// line: runs in logical order, the clusters of a right-to-left run (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko and the other right-to-left scripts; digits, spaces and punctuation stay in
    /// the run around them) reversed, as HarfBuzz outputs their glyphs.
    static func visualOrder(model: TextModel, _ a: Int, _ b: Int) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(b - a)
        var run: [Int] = []
        // Neutrals before the first letter join its run (as the script itemizer joins them).
        var runIsRTL = (a..<b).lazy.compactMap { strongDirection(model.substring($0, $0 + 1)) }.first ?? false
        for c in a..<b {
            let direction = strongDirection(model.substring(c, c + 1)) ?? runIsRTL
            if direction != runIsRTL, !run.isEmpty {
                order += runIsRTL ? run.reversed() : run
                run.removeAll(keepingCapacity: true)
            }
            runIsRTL = direction
            run.append(c)
        }
        order += runIsRTL ? run.reversed() : run
        return order
    }

    /// true for a cluster whose first letter is of a right-to-left script, false for another
    /// letter, nil for a cluster without letters (digits, spaces, punctuation, marks).
    static func strongDirection(_ cluster: Substring) -> Bool? {
        for scalar in cluster.unicodeScalars where scalar.properties.isAlphabetic {
            return isRightToLeft(scalar.value)
        }
        return nil
    }

    /// The blocks of the right-to-left scripts (Unicode Scripts.txt; HarfBuzz gives each of
    /// them `HB_DIRECTION_RTL`): Hebrew to N'Ko, Samaritan to Arabic Extended-A, the Hebrew and
    /// Arabic presentation forms, and the right-to-left historic scripts of planes 1.
    static func isRightToLeft(_ v: UInt32) -> Bool {
        (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
    }
}
