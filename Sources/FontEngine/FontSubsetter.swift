import CHarfBuzz
import Foundation

/// Font subsetting with HarfBuzz's hb-subset: a font file reduced to the glyphs of some
/// characters, so a report can embed the real fonts it draws with at a fraction of their size.
public enum FontSubsetter {
    /// The face `faceIndex` of the font file at `path`, reduced to the glyphs of `characters`
    /// (with every OpenType layout feature kept, so the browser shapes as HarfBuzz does here),
    /// as an OpenType file. nil when the file cannot be read or HarfBuzz cannot subset it.
    public static func subset(path: String, faceIndex: Int = 0, characters: Set<Unicode.Scalar>) -> Data? {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(max(0, faceIndex))) else { return nil }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in characters { hb_set_add(unicodes, scalar.value) }
        // Keep every layout feature (the default keeps only a common list).
        let features = hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG)
        hb_set_clear(features)
        hb_set_invert(features)
        guard let subset = hb_subset_or_fail(face, input) else { return nil }
        defer { hb_face_destroy(subset) }
        guard let out = hb_face_reference_blob(subset) else { return nil }
        defer { hb_blob_destroy(out) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(out, &length), length > 0 else { return nil }
        return Data(bytes: bytes, count: Int(length))
    }
}
