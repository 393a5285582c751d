import CHarfBuzz

/// Table values the font-level checks need beyond `FontInfo` (font QA in the manner of fontbakery):
/// the head table's font-wide bounding box, one character's outline bounds, and how many CJK
/// characters the cmap maps. All in font units, unhinted, read through this face's HarfBuzz face
/// and FreeType outlines (see `outlineBounds`).
public struct FontQATables: Sendable, Hashable, Codable {
    /// head.yMin / head.yMax: the box of every glyph, as stored (y up from the baseline).
    public var headYMin: Int
    public var headYMax: Int
    /// Top of "À" (U+00C0) by its exact outline bounds (curve extrema) at this face's variation
    /// coordinates (fontbakery measures the default ones); nil when the font does not map U+00C0 or the
    /// glyph is empty. The head box is the default master's in a variable font.
    public var agraveYMax: Double?
    /// Code points the cmap maps in fontbakery's CJK ranges (`CJK_UNICODE_RANGES`).
    public var cjkCodepoints: Int
}

extension FontFace {
    /// The font-QA table values of this face (head box from the raw table: 0 when it is short).
    public func qaTables() -> FontQATables {
        var yMin = 0, yMax = 0
        if let blob = hb_face_reference_table(hbFace, hb_tag_from_string("head", -1)) {
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            if let data = hb_blob_get_data(blob, &length), length >= 44 {
                let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
                func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))) }
                yMin = i16(38)
                yMax = i16(42)
            }
        }
        let agrave = glyph(for: "\u{00C0}").flatMap { outlineBounds(glyph: $0, exact: true) }?.yMax
        return FontQATables(headYMin: yMin, headYMax: yMax, agraveYMax: agrave, cjkCodepoints: cjkCodepointCount())
    }

    /// fontbakery's CJK ranges (Lib/fontbakery/constants.py, `CJK_UNICODE_RANGES`; U+3000–303F is
    /// commented out there and left out here too).
    static let cjkRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0x3100...0x312F, 0x31A0...0x31BF,
        0x3130...0x318F, 0x3200...0x32FF, 0x3300...0x33FF, 0xAC00...0xD7AF, 0x4E00...0x9FFF, 0x2E80...0x2EFF,
        0x2F00...0x2FDF, 0x2FF0...0x2FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x3190...0x319F, 0x31C0...0x31EF,
        0xF900...0xFAFF, 0x2F800...0x2FA1F,
    ]

    private func cjkCodepointCount() -> Int {
        guard let set = hb_set_create() else { return 0 }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hbFace, set)
        var count = 0
        var first: hb_codepoint_t = hb_codepoint_t.max, last: hb_codepoint_t = hb_codepoint_t.max
        // Walk the set's ranges and intersect each with the CJK ranges.
        while hb_set_next_range(set, &first, &last) != 0 {
            for range in Self.cjkRanges {
                let low = max(first, range.lowerBound), high = min(last, range.upperBound)
                if low <= high { count += Int(high - low) + 1 }
            }
        }
        return count
    }
}
