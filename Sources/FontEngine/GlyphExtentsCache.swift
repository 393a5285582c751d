import CHarfBuzz

/// `hb_font_get_glyph_extents` remembered per glyph id. Extents depend only on the glyph (and the
/// font's fixed variation coordinates), but computing them means interpreting the glyph's outline
/// (CFF charstrings, glyf points) on every call; a measurer asks for the same few hundred glyphs
/// over and over. Not thread-safe: one per `FastMeasurer` and per `Shaper`, like their buffers.
final class GlyphExtentsCache {
    private let font: OpaquePointer
    // `@exclusivity(unchecked)`: one thread, no re-entrant access (see FastMeasurer).
    @exclusivity(unchecked) private var extents: [hb_glyph_extents_t] = []
    /// 0 = not asked yet, 1 = known (in `extents`), 2 = HarfBuzz has none.
    @exclusivity(unchecked) private var state: [UInt8] = []

    init(font: OpaquePointer) { self.font = font }

    /// The glyph's extents, as `hb_font_get_glyph_extents` gives them; false when it gives none.
    func extents(of glyph: UInt32, _ result: inout hb_glyph_extents_t) -> Bool {
        let g = Int(glyph)
        if state.isEmpty {
            // Sized once, at the first use, to the face's glyph count (16 + 1 bytes per glyph).
            let count = Int(hb_face_get_glyph_count(hb_font_get_face(font)))
            state = [UInt8](repeating: 0, count: count)
            extents = [hb_glyph_extents_t](repeating: hb_glyph_extents_t(), count: count)
        }
        guard g < state.count else { return hb_font_get_glyph_extents(font, glyph, &result) != 0 }
        switch state[g] {
        case 1:
            result = extents[g]
            return true
        case 2:
            return false
        default:
            let found = hb_font_get_glyph_extents(font, glyph, &result) != 0
            state[g] = found ? 1 : 2
            if found { extents[g] = result }
            return found
        }
    }
}
