import CHarfBuzz

extension FastMeasurer {
    /// The line's entry, from the cache or measured and cached; with `clusters`, a measured
    /// line's entry carries its grapheme cluster count (`SegmentCache.Flags.clusterShift`: a
    /// line met again is not counted again; counting a non-ASCII line goes through the
    /// grapheme breaker, about as costly as shaping a short line from the cache). With
    /// `cachingLine: false` the whole-line cache is neither looked up nor filled.
    func line(_ b: UnsafePointer<UInt8>, _ n: Int, ink: Bool, clusters: Bool = false, cachingLine: Bool = true) -> SegmentCache.Entry {
        stats.lines += 1
        cache.startLine(&cursor)
        let hash = cachingLine ? SegmentCache.hash(b, n, SegmentCache.lineTag) : 0
        if cachingLine, let hit = cache.lookup(b, n, tag: SegmentCache.lineTag, hash: hash) {
            stats.lineHits += 1
            if ink && hit.missing > 0 { lineMissing = cache.missingList(of: hit).map { Unicode.Scalar(UInt32(truncatingIfNeeded: $0))! } }
            return hit
        }
        if ink {
            lineRecords.removeAll(keepingCapacity: true)
            if !seenScalars.isEmpty { seenScalars.removeAll(keepingCapacity: true) }
            generation &+= 1
            if generation == 0 {  // wrapped: forget every mark
                seenGeneration.update(repeating: 0, count: 0x10000)
                scalarBlocksWritten.update(repeating: true, count: Self.scalarBlocks)  // all written now
                generation = 1
            }
        }
        itemizer.itemize(UnsafeBufferPointer(start: b, count: n))
        var result = SegmentCache.Entry.empty(hash: hash, tag: SegmentCache.lineTag)
        var pen = 0
        var missing = 0
        var box = (Int.max, Int.max, Int.min, Int.min)
        var hasInk = false
        let runs = itemizer.runs
        for run in runs {
            let r = self.run(b, n, run, ink: ink, missing: &missing)
            if ink {
                // Pieces come in logical order; glyph (pen) order is reversed for RTL runs.
                let rtl = run.script != HB_SCRIPT_INVALID && hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL
                var offset = rtl ? pen + r : pen
                for piece in runPieces {
                    if rtl { offset -= piece.advance }
                    if piece.hasInk {
                        let o = offset
                        box.0 = min(box.0, piece.ink.0 + o)
                        box.1 = min(box.1, piece.ink.1)
                        box.2 = max(box.2, piece.ink.2 + o)
                        box.3 = max(box.3, piece.ink.3)
                        hasInk = true
                    }
                    if !rtl { offset += piece.advance }
                }
            }
            pen += r
        }
        result.advance = pen
        result.missing = Int32(clamping: missing)
        if hasInk {
            result.ink = box
            result.flags |= SegmentCache.Flags.hasInk
        }
        if clusters {
            let count = Self.clusterCount(utf8: UnsafeBufferPointer(start: b, count: n))
            if count < 1 << 24 - 1 { result.flags |= UInt32(count + 1) << SegmentCache.Flags.clusterShift }
        }
        if ink && missing > 0 {
            // Text order, as `Shaper.measure` sorts: by offset, then in the order found. Records
            // come in glyph order, so usually already in text order (left-to-right runs), or in
            // strictly falling order (a right-to-left run, one character per cluster), where
            // reversing is that sort; otherwise they are sorted.
            var rising = true, falling = true
            for k in lineRecords.indices.dropFirst() {
                let previous = lineRecords[k - 1] >> 32, offset = lineRecords[k] >> 32
                if offset < previous { rising = false }
                if offset >= previous { falling = false }
            }
            if rising || falling {
                lineMissing.removeAll(keepingCapacity: true)
                if rising {
                    for r in lineRecords { lineMissing.append(Unicode.Scalar(UInt32(truncatingIfNeeded: r))!) }
                } else {
                    for r in lineRecords.reversed() { lineMissing.append(Unicode.Scalar(UInt32(truncatingIfNeeded: r))!) }
                }
            } else {
                let order = lineRecords.indices.sorted { (lineRecords[$0] >> 32, $0) < (lineRecords[$1] >> 32, $1) }
                lineMissing = order.map { Unicode.Scalar(UInt32(truncatingIfNeeded: lineRecords[$0]))! }
            }
            if cachingLine { cache.insert(b, n, entry: result, missing: ArraySlice(lineMissing.map { UInt64($0.value) }), cursor: &cursor) }
        } else if cachingLine {
            cache.insert(b, n, entry: result, cursor: &cursor)
        }
        return result
    }

    /// Advance of one script run; with `ink`, `runPieces` holds its pieces afterwards.
    func run(_ b: UnsafePointer<UInt8>, _ n: Int, _ run: ScriptItemizer.Run, ink: Bool, missing: inout Int) -> Int {
        runPieces.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        let tag = run.script.rawValue
        // Cut the run into pieces and look each up.
        var toShape = 0, hitBytes = 0
        var i = run.start
        while i < run.end {
            var j = i
            repeat {
                // A piece ends after a run of spaces; where the cut is unsafe (pair kerning
                // with the space, …), the piece goes on past it.
                while j < run.end && b[j] != 0x20 { j += 1 }
                while j < run.end && b[j] == 0x20 { j += 1 }
            } while j < run.end && !cutIsSafe(b, n, at: j, run.script)
            stats.segments += 1
            let needsContext = (i == run.start && run.start > 0) || (j == run.end && run.end < n)
            var piece = Piece(start: i, end: j, hash: 0, context: needsContext, hit: nil)
            if !needsContext {
                piece.hash = SegmentCache.hash(b + i, j - i, tag)
                piece.hit = cache.lookup(b + i, j - i, tag: tag, hash: piece.hash)
                if piece.hit != nil { stats.segmentHits += 1 }
            }
            if piece.hit == nil { toShape += 1 } else { hitBytes += j - i }
            pieces.append(piece)
            i = j
        }
        // Several pieces to shape and little already cached: one hb_shape call for the run.
        if !ink && toShape >= 2 && hitBytes * 4 <= run.end - run.start { return batch(b, n, run, missing: &missing) }
        // Ink: one hb_shape call for the run only when none of it is cached (see the header).
        if ink && toShape >= 2 {
            if hitBytes == 0 { harvest(b, n, run) } else { batchUncached(b, run) }
        }
        var total = 0
        if ink { runMissingRanges.removeAll(keepingCapacity: true) }
        for piece in pieces {
            var e: SegmentCache.Entry
            var fresh = false
            if let hit = piece.hit, !piece.harvested {
                e = hit
            } else {
                if let shaped = piece.hit {
                    e = shaped
                    pieceMissing.removeAll(keepingCapacity: true)
                    if e.missing > 0 { pieceMissing.append(contentsOf: batchMissing[piece.missingList]) }
                } else {
                    e = shape(b, n, piece.start, piece.end - piece.start, script: run.script, context: piece.context, ink: ink)
                }
                fresh = true
                if !piece.context {
                    e.hash = piece.hash
                    e.tag = tag
                    cache.insert(b + piece.start, piece.end - piece.start, entry: e, missing: ink && e.missing > 0 ? pieceMissing[...] : nil, cursor: &cursor)
                }
            }
            total += Int(e.advance)
            missing += Int(e.missing)
            if ink {
                runPieces.append((Int(e.advance), e.ink, e.flags & SegmentCache.Flags.hasInk != 0))
                if e.missing > 0 {
                    if runMissingRanges.isEmpty { runMissing.removeAll(keepingCapacity: true) }
                    let start = runMissing.count
                    let offset = UInt64(piece.start) << 32
                    if fresh {
                        for r in pieceMissing { runMissing.append(r &+ offset) }
                    } else {
                        for r in cache.missingList(of: e) { runMissing.append(r &+ offset) }
                    }
                    runMissingRanges.append(start..<runMissing.count)
                }
            }
        }
        if ink && !runMissingRanges.isEmpty {
            // Shaper's order: the run's glyphs as HarfBuzz outputs them (pieces reversed in an RTL
            // run), each character once (the first time it is found).
            let rtl = run.script != HB_SCRIPT_INVALID && hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL
            for range in rtl ? Array(runMissingRanges.reversed()) : runMissingRanges {
                for r in runMissing[range] where firstInLine(UInt32(truncatingIfNeeded: r)) { lineRecords.append(r) }
            }
        }
        return total
    }
}
