import CHarfBuzz

extension FastMeasurer {
    /// Shapes bytes [start, start + length) of the line; with `context`, HarfBuzz sees the
    /// line around it (as `Shaper` does for a run), otherwise the piece alone.
    func shape(_ b: UnsafePointer<UInt8>, _ n: Int, _ start: Int, _ length: Int, script: hb_script_t,
               context: Bool, ink: Bool) -> SegmentCache.Entry {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        b.withMemoryRebound(to: CChar.self, capacity: n) { chars in
            if context {
                hb_buffer_add_utf8(buffer, chars, Int32(n), UInt32(start), Int32(length))
            } else {
                hb_buffer_add_utf8(buffer, chars + start, Int32(length), 0, Int32(length))
            }
        }
        shapeBuffer(script)
        var count: UInt32 = 0
        var e = SegmentCache.Entry.empty()
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return e }
        var advance = 0
        var missing = 0
        for k in 0..<Int(count) {
            advance += Int(pos[k].x_advance)
            if info[k].codepoint == 0 { missing += 1 }
        }
        e.advance = advance
        e.missing = Int32(clamping: missing)
        if ink && missing > 0 {
            // Clusters are line offsets with context, piece offsets without.
            let text = context ? b : b + start
            let first = context ? start : 0
            missingCharacters(info, Int(count), UnsafeBufferPointer(start: text, count: first + length), first: first)
        }
        if ink, let box = inkBox(info, pos, Int(count)) {
            e.ink = box
            e.flags |= SegmentCache.Flags.hasInk
        }
        return e
    }

    /// Shapes `length` bytes at `p` alone and appends (glyph, x advance, x offset, y offset) of
    /// each glyph, in logical order, to `glyphScratch`. Returns whether a glyph of `cluster`
    /// carries HB_GLYPH_FLAG_UNSAFE_TO_BREAK.
    func appendGlyphs(_ p: UnsafePointer<UInt8>, _ length: Int, _ script: hb_script_t, cluster: UInt32?) -> Bool {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
        p.withMemoryRebound(to: CChar.self, capacity: length) { hb_buffer_add_utf8(buffer, $0, Int32(length), 0, Int32(length)) }
        shapeBuffer(script)
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return false }
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var unsafe = false
        for k in 0..<Int(count) {
            let g = rtl ? Int(count) - 1 - k : k
            glyphScratch.append(GlyphKey(glyph: info[g].codepoint, advance: pos[g].x_advance, xOffset: pos[g].x_offset, yOffset: pos[g].y_offset))
            if let cluster, info[g].cluster == cluster,
               hb_glyph_info_get_glyph_flags(info + g).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 { unsafe = true }
        }
        return unsafe
    }

    /// Sets the run's properties (as `Shaper` does) and shapes the buffer. Through `hb_shape`,
    /// not a kept plan and `hb_shape_plan_execute` (which would skip the plan lookup): in HarfBuzz 6.0 `hb_shape_full`
    /// (src/hb-shape.cc:134) calls `hb_buffer_t::enter` (src/hb-buffer.cc:311–326), which bounds
    /// the call to max(64·len, 16384) glyphs and max(1024·len, 16384) nested lookups (enforced at
    /// src/hb-buffer.cc:158 and src/hb-ot-layout-gsubgpos.hh:663, 1646); no public function sets
    /// those bounds, and a bare execute keeps the buffer's defaults (2³⁰ glyphs, 2²⁹ lookups,
    /// src/hb-buffer.cc:330–331, 736–737), so a font whose lookups recurse or multiply glyphs past
    /// the bounds would shape differently from `Shaper`. The rest of `enter` (variables, serial,
    /// scratch flags, shaping_failed) `hb_buffer_clear_contents` also resets (src/hb-buffer.cc:286–308).
    @inline(__always)
    func shapeBuffer(_ script: hb_script_t) {
        if script != HB_SCRIPT_INVALID {
            hb_buffer_set_script(buffer, script)
            hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script))
        }
        if let hbLanguage { hb_buffer_set_language(buffer, hbLanguage) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, features.baseAddress, UInt32(features.count))
        stats.shapeCalls += 1
    }

    /// Ink box of shaped glyphs with the pen starting at 0 (as `Shaper.measure` computes it).
    func inkBox(_ info: UnsafeMutablePointer<hb_glyph_info_t>, _ pos: UnsafeMutablePointer<hb_glyph_position_t>,
                _ count: Int) -> (Int, Int, Int, Int)? {
        // Wrapping arithmetic (no overflow checks): every term is a 32-bit HarfBuzz value and a
        // line has at most `TextLimits`' glyphs, so the 64-bit sums cannot overflow.
        var pen = 0
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for k in 0..<count {
            var ext = hb_glyph_extents_t()
            if glyphExtents.extents(of: info[k].codepoint, &ext), ext.width != 0, ext.height != 0 {
                let x = pen &+ Int(pos[k].x_offset) &+ Int(ext.x_bearing), y = Int(pos[k].y_offset) &+ Int(ext.y_bearing)
                x0 = min(x0, x)
                y0 = min(y0, y &+ Int(ext.height))
                x1 = max(x1, x &+ Int(ext.width))
                y1 = max(y1, y)
            }
            pen &+= Int(pos[k].x_advance)
        }
        return x0 == Int.max ? nil : (x0, y0, x1, y1)  // a glyph with ink sets x0 below Int.max
    }
}
