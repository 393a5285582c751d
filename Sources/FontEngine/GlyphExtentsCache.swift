import CHarfBuzz

/// `hb_font_get_glyph_extents` remembered per glyph id. Extents depend only on the glyph (and the
/// font's fixed variation coordinates), but computing them means interpreting the glyph's outline
/// (CFF charstrings, glyf points) on every call; a measurer asks for the same few hundred glyphs
/// over and over. Not thread-safe: one per `FastMeasurer` and per `Shaper`, like their buffers.
final class GlyphExtentsCache {
    private let font: OpaquePointer
    /// Per glyph id (the face's glyph count, 17 bytes each, allocated at the first use): the
    /// extents and 0 = not asked yet, 1 = known, 2 = HarfBuzz has none. Raw storage, not Swift
    /// arrays: `FastMeasurer.inkBox` asks once per glyph shaped, and arrays would check
    /// uniqueness and bounds at each ask.
    // `@exclusivity(unchecked)`: one thread, no re-entrant access (see FastMeasurer).
    @exclusivity(unchecked) private var extents: UnsafeMutablePointer<hb_glyph_extents_t>?
    @exclusivity(unchecked) private var state: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var glyphCount = 0

    init(font: OpaquePointer) { self.font = font }

    deinit {
        extents?.deallocate()
        state?.deallocate()
    }

    /// The glyph's extents, as `hb_font_get_glyph_extents` gives them; false when it gives none.
    @inline(__always)
    func extents(of glyph: UInt32, _ result: inout hb_glyph_extents_t) -> Bool {
        let g = Int(glyph)
        if g < glyphCount, let state, let extents {
            switch state[g] {
            case 1:
                result = extents[g]
                return true
            case 2:
                return false
            default:
                break
            }
        }
        return ask(glyph, &result)
    }

    /// `extents(of:_:)` when the glyph is not known yet (or the table not made yet).
    private func ask(_ glyph: UInt32, _ result: inout hb_glyph_extents_t) -> Bool {
        if state == nil {
            let count = Int(hb_face_get_glyph_count(hb_font_get_face(font)))
            let s = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
            s.initialize(repeating: 0, count: max(1, count))
            let e = UnsafeMutablePointer<hb_glyph_extents_t>.allocate(capacity: max(1, count))
            e.initialize(repeating: hb_glyph_extents_t(), count: max(1, count))
            state = s
            extents = e
            glyphCount = count
        }
        let found = hb_font_get_glyph_extents(font, glyph, &result) != 0
        let g = Int(glyph)
        if g < glyphCount, let state, let extents {
            state[g] = found ? 1 : 2
            if found { extents[g] = result }
        }
        return found
    }
}
