import CHarfBuzz

/// Fewer hb_shape calls for a run with several pieces to shape. A call costs a fixed part (the
/// shape plan's lookup, the buffer's set-up) plus a part per glyph, and shaping a run whole
/// shapes its cached pieces again, which in fonts with heavy kerning and contextual lookups
/// costs more than the calls saved. So:
/// - `advance(of:)`: a run with two or more pieces to shape and at most a quarter of its bytes
///   cached is shaped whole (`batch`); its advance is the answer and its pieces are cached.
/// - `measure(_:)`: a run with nothing cached is shaped whole and each piece's entry taken from
///   its stretch of the glyphs (`harvest`, exact because every cut is safe); a run with cached
///   pieces has its uncached ones shaped concatenated (`batchUncached`).
///
/// `batchUncached`'s rule: each artificial boundary (the end "x␣" of a piece before the first
/// character "Y" of a piece that does not follow it in the line) must itself be a safe cut by
/// `cutIsSafe`, or the batch ends there and another begins. Counter-example
/// (HarvestedPieceTests.anUnsafeArtificialBoundaryEndsTheBatch): in Inter, "A ( x" gives the
/// parenthesis its capital-height form (uni0028.case) while "then ( x" and "( x" do not; with
/// "then " cached, "Press A then ( next" would concatenate "A " and "( " (both cuts of the line
/// are safe, the artificial "A␣(" is not) and cache the wrong "( ".
extension FastMeasurer {
    /// Most of the run is not cached: shape the whole run once, exactly as `Shaper`
    /// does (its advance is the answer), and cache the missing pieces from its glyphs, split at
    /// the cuts (safe cuts: the glyphs of each piece are those it gets when shaped alone).
    func batch(_ b: UnsafePointer<UInt8>, _ n: Int, _ run: ScriptItemizer.Run, missing: inout Int) -> Int {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        b.withMemoryRebound(to: CChar.self, capacity: n) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(n), UInt32(run.start), Int32(run.end - run.start))
        }
        shapeBuffer(run.script)
        for k in pieces.indices {
            pieces[k].advance = 0
            pieces[k].missing = 0
        }
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return 0 }
        var total = 0
        var k = 0
        for g in 0..<Int(count) {
            let cluster = Int(info[g].cluster)
            // Clusters are monotone (ascending, or descending for RTL): move to the right piece.
            while cluster >= pieces[k].end && k + 1 < pieces.count { k += 1 }
            while cluster < pieces[k].start && k > 0 { k -= 1 }
            let advance = Int(pos[g].x_advance)
            total += advance
            pieces[k].advance += advance
            if info[g].codepoint == 0 {
                pieces[k].missing += 1
                missing += 1
            }
        }
        let tag = run.script.rawValue
        for piece in pieces where piece.hit == nil && !piece.context {
            let e = SegmentCache.Entry(hash: piece.hash, start: 0, length: 0, tag: tag, advance: piece.advance, flags: 0,
                                       missing: Int32(clamping: piece.missing), ink: (0, 0, 0, 0))
            cache.insert(b + piece.start, piece.end - piece.start, entry: e, cursor: &cursor)
        }
        return total
    }

    /// Ink mode, nothing of the run cached: shapes the whole run once, exactly as `Shaper` shapes
    /// it, and fills each piece's `hit` with the entry `shape(…)` gives that piece
    /// alone, from the run's glyphs (`takeStretches`). Exact because every cut between
    /// pieces is safe (`cutIsSafe`: the glyphs either side are those of the parts shaped alone).
    func harvest(_ b: UnsafePointer<UInt8>, _ n: Int, _ run: ScriptItemizer.Run) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        b.withMemoryRebound(to: CChar.self, capacity: n) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(n), UInt32(run.start), Int32(run.end - run.start))
        }
        shapeBuffer(run.script)
        batchMissing.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        for k in pieces.indices { members.append((k, pieces[k].start, pieces[k].end)) }
        takeStretches(b)
    }

    /// Ink mode, some of the run cached: the pieces to shape that need no context are shaped
    /// together, concatenated in `scratch` (logical order, one hb_shape call per batch of at
    /// least `minimumBatch` pieces), and each one's entry is taken from its stretch of the
    /// glyphs (`takeStretches`). Each artificial boundary (the end "x␣" of one piece before the
    /// first character "Y" of a piece that does not follow it in the line) must pass `cutIsSafe`
    /// in the scratch text, or the batch ends there; only a piece that ends in spaces may have
    /// another after it, and a piece that starts with a space (leading spaces) is shaped alone.
    /// Pieces not batched are left to be shaped alone.
    func batchUncached(_ b: UnsafePointer<UInt8>, _ run: ScriptItemizer.Run) {
        // A neutral run's script is guessed by HarfBuzz from the text shaped: not batched.
        guard run.script != HB_SCRIPT_INVALID else { return }
        batchMissing.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        var length = 0, previousEnd = -1
        for k in pieces.indices where pieces[k].hit == nil && !pieces[k].context && b[pieces[k].start] != 0x20 {
            let start = pieces[k].start, count = pieces[k].end - start
            if length + count > scratchCapacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(2 * scratchCapacity, length + count))
                grown.update(from: scratch, count: length)
                scratch.deallocate()
                scratch = grown
                scratchCapacity = max(2 * scratchCapacity, length + count)
            }
            (scratch + length).update(from: b + start, count: count)
            // Joined to the batch when the piece before ends in spaces and the boundary is a
            // cut of the line (checked already) or a safe cut in the scratch text.
            if !members.isEmpty && !(scratch[length - 1] == 0x20
                                     && (start == previousEnd || cutIsSafe(scratch, length + count, at: length, run.script))) {
                shapeScratch(length, run.script)
                members.removeAll(keepingCapacity: true)
                scratch.update(from: b + start, count: count)
                length = 0
            }
            members.append((k, length, length + count))
            length += count
            previousEnd = pieces[k].end
        }
        shapeScratch(length, run.script)
    }

    /// Shapes the `length` bytes of `scratch` holding the pieces `members` (at least
    /// `minimumBatch` of them, else nothing is done) and takes their entries.
    func shapeScratch(_ length: Int, _ script: hb_script_t) {
        guard members.count >= Self.minimumBatch else { return }
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        scratch.withMemoryRebound(to: CChar.self, capacity: length) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(length), 0, Int32(length))
        }
        shapeBuffer(script)
        stats.batchedPieces += members.count
        takeStretches(UnsafePointer(scratch))
    }

    /// Pieces shaped together in one call (`batchUncached`): fewer are shaped alone.
    static let minimumBatch = 2

    /// From the buffer just shaped, whose text `text` holds `members` (piece, start, end: cluster
    /// values are offsets in `text`; the members in logical order, each cut between two of them
    /// safe), fills each uncached member's `hit` with the entry `shape(…)` gives that piece
    /// alone: its advance, ink box from its own pen start, .notdef count and missing characters
    /// (piece offsets, in `batchMissing`). Clusters are monotone, so each piece's glyphs are a
    /// contiguous stretch, found by cluster value (members in reverse for RTL). Where a stretch
    /// does not start at its piece's first byte's cluster (HarfBuzz merged a cluster across the
    /// cut, or deleted the piece's first character), or the stretches do not cover every glyph,
    /// the members are left to be shaped alone.
    func takeStretches(_ text: UnsafePointer<UInt8>) {
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        let glyphs = Int(count)
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var g = 0
        var order = rtl ? members.count - 1 : 0
        for _ in members.indices {
            let (k, start, end) = members[order]
            order += rtl ? -1 : 1
            let first = g
            var hasStart = false
            while g < glyphs {
                let cluster = Int(info[g].cluster)
                if cluster < start || cluster >= end { break }
                if cluster == start { hasStart = true }
                g += 1
            }
            guard hasStart else {  // not cut where the pieces are: shape them alone
                forgetStretches()
                return
            }
            if pieces[k].hit != nil { continue }
            var e = SegmentCache.Entry.empty()
            var advance = 0, missing = 0
            for j in first..<g {
                advance += Int(pos[j].x_advance)
                if info[j].codepoint == 0 { missing += 1 }
            }
            e.advance = advance
            e.missing = Int32(clamping: missing)
            if missing > 0 {
                // The piece's text ends at its end, as when shaped alone.
                missingCharacters(info + first, g - first, UnsafeBufferPointer(start: text, count: end), first: start)
                let listStart = batchMissing.count
                batchMissing.append(contentsOf: pieceMissing)
                pieces[k].missingList = listStart..<batchMissing.count
            }
            if let box = inkBox(info + first, pos + first, g - first) {
                e.ink = box
                e.flags |= SegmentCache.Flags.hasInk
            }
            pieces[k].hit = e
            pieces[k].harvested = true
            stats.harvestedPieces += 1
        }
        if g != glyphs { forgetStretches() }
    }

    /// Undoes `takeStretches` for the current members: each is shaped alone.
    func forgetStretches() {
        for (k, _, _) in members where pieces[k].harvested {
            pieces[k].hit = nil
            pieces[k].harvested = false
            stats.harvestedPieces -= 1
        }
    }
}
