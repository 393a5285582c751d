import CHarfBuzz

extension FastMeasurer {
    /// A glyph as a cut check compares it: id, x advance and offsets.
    struct GlyphKey: Equatable {
        var glyph: UInt32
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// A part of a cut's neighbourhood (≤ 16 UTF-8 bytes, zero-padded) and its script.
    struct PartKey: Hashable {
        var bytes: (UInt64, UInt64)
        var length: UInt8
        var script: UInt32
        static func == (a: PartKey, b: PartKey) -> Bool {
            a.bytes == b.bytes && a.length == b.length && a.script == b.script
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.0)
            hasher.combine(bytes.1)
            hasher.combine(length)
            hasher.combine(script)
        }
    }

    /// Whether the line may be cut at `i` (after a run of spaces, before a non-space): HarfBuzz
    /// shapes the neighbourhood "x␣…␣Y" (the character before the spaces, the spaces, the
    /// character at `i`) whole, with PRODUCE_UNSAFE_TO_CONCAT, and the cut is safe when
    /// (1) no glyph of the "Y" cluster carries HB_GLYPH_FLAG_UNSAFE_TO_BREAK, and (2) "x␣…␣"
    /// and "Y" shaped separately give the same glyphs, advances and offsets. Answered once per
    /// neighbourhood and script: the answer is kept in the cache (`SegmentCache.cutTag`), where
    /// every measurer of the group finds it. HarfBuzz 6.0's UNSAFE_TO_CONCAT alone cannot be
    /// used: it marks nearly every glyph after the first ("Hello " in Inter: flags 0,2,2,2,2,2),
    /// and it misses Roboto's space + T kerning at the end of "Pride: " (the space loses 40 units
    /// before "Trans"), which check (2) catches.
    func cutIsSafe(_ b: UnsafePointer<UInt8>, _ n: Int, at i: Int, _ script: hb_script_t) -> Bool {
        let line = UnsafeBufferPointer(start: b, count: n)
        let (_, nextLength) = ScriptItemizer.decode(line, at: i)
        var k = i
        while k > 0 && b[k - 1] == 0x20 { k -= 1 }
        if k > 0 {
            k -= 1
            while k > 0 && b[k] & 0xC0 == 0x80 { k -= 1 }  // start of the previous scalar
        }
        let cut = i - k, length = cut + nextLength
        if length > 16 { return false }  // long runs of spaces: keep the text together
        let p = b + k
        let tag = SegmentCache.cutTag(script.rawValue)
        let hash = SegmentCache.hash(p, length, tag)
        if let known = cache.lookup(p, length, tag: tag, hash: hash) {
            if known.advance == 0 { stats.unsafeCuts += 1 }
            return known.advance != 0
        }
        glyphScratch.removeAll(keepingCapacity: true)
        var unsafe = appendGlyphs(p, length, script, cluster: UInt32(cut))
        let whole = glyphScratch.count
        appendPartGlyphs(p, cut, script)
        appendPartGlyphs(p + cut, nextLength, script)
        if glyphScratch.count != 2 * whole { unsafe = true }
        for g in 0..<whole where !unsafe && glyphScratch[g] != glyphScratch[whole + g] { unsafe = true }
        var answer = SegmentCache.Entry.empty(hash: hash, tag: tag)
        answer.advance = unsafe ? 0 : 1
        cache.insert(p, length, entry: answer, cursor: &cursor)
        if unsafe { stats.unsafeCuts += 1 }
        return !unsafe
    }

    /// `appendGlyphs(p, length, script, cluster: nil)` (length ≤ 16) with the answer kept: the
    /// parts of a neighbourhood, "x␣" and "Y", recur in many neighbourhoods, so a new
    /// neighbourhood usually costs one hb_shape (the whole) instead of three.
    func appendPartGlyphs(_ p: UnsafePointer<UInt8>, _ length: Int, _ script: hb_script_t) {
        var key = PartKey(bytes: (0, 0), length: UInt8(length), script: script.rawValue)
        withUnsafeMutableBytes(of: &key.bytes) { $0.baseAddress!.copyMemory(from: p, byteCount: length) }
        if let known = partGlyphs[key] {
            glyphScratch.append(contentsOf: known)
            return
        }
        let first = glyphScratch.count
        _ = appendGlyphs(p, length, script, cluster: nil)
        if partGlyphs.count >= 4096 { partGlyphs.removeAll(keepingCapacity: true) }  // bounded on hostile text
        partGlyphs[key] = Array(glyphScratch[first...])
    }
}
