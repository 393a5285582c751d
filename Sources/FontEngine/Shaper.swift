import CHarfBuzz
import TypeFitSupport

/// The result of measuring one line.
public struct LineMeasurement: Sendable, Hashable {
    /// Sum of HarfBuzz x_advance over all script runs, in font units (no letter-spacing).
    public var advance: Int
    /// Grapheme clusters (Swift `Character`s) that letter-spacing applies to.
    public var clusterCount: Int
    /// Glyphs that came out as .notdef (glyph id 0).
    public var missingGlyphCount: Int
    /// The characters behind those .notdef glyphs, in order, without repeats.
    public var missingCharacters: [Unicode.Scalar]
    /// Ink bounds of the shaped line in font units; nil when nothing has ink.
    public var ink: GlyphBox?
}

/// A script run: UTF-8 byte range of the line, its script and direction.
public struct ScriptRun: Sendable, Hashable {
    /// UTF-8 offsets into the line.
    public var start: Int
    public var end: Int
    /// ISO 15924 tag, e.g. "Latn", "Arab"; "Zyyy" when the line has only common characters.
    public var script: String
    public var isRightToLeft: Bool
}

/// Shapes lines with one face, features and language. Owns a reusable `hb_buffer_t` and
/// scratch arrays, so `advance(of:)` allocates nothing per string once warmed up.
/// Not thread-safe: use one `Shaper` per thread. Shapers only use the face's HarfBuzz font
/// (shareable), but `FontFace` also owns a FreeType face, so keep each `FontFace` and its
/// shapers on one thread (or load one `FontFace` per thread).
public final class Shaper {
    /// The face this shaper measures with (kept alive).
    public let face: FontFace
    /// The features as given, e.g. "-kern,+smcp".
    public let featureString: String
    /// BCP 47 language, nil = HarfBuzz's default language (as `hb-shape` does).
    public let language: String?

    private let buffer: OpaquePointer
    private var features: [hb_feature_t]
    private let hbLanguage: hb_language_t?
    private var itemizer = ScriptItemizer()
    private lazy var glyphExtents = GlyphExtentsCache(font: face.hbFont)
    private var runs: [ScriptItemizer.Run] { itemizer.runs }

    /// A shaper over `face` with `features` (comma-separated, HarfBuzz syntax: "-kern,+smcp,liga=0")
    /// and an optional `language` ("de", "ar"). Throws `FontError.invalidFeature`.
    public init(face: FontFace, features: String = "", language: String? = nil) throws {
        let parsed = try Shaper.parseFeatures(features)
        self.face = face
        self.featureString = features
        self.language = language
        self.features = parsed
        self.hbLanguage = language.map { hb_language_from_string($0, -1) }
        self.buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Parses comma-separated HarfBuzz feature syntax ("-kern,+smcp,liga=0").
    static func parseFeatures(_ features: String) throws -> [hb_feature_t] {
        var parsed: [hb_feature_t] = []
        for part in features.split(separator: ",") {
            let text = String(part).trimmingCharacters(in: " ")
            if text.isEmpty { continue }
            var feature = hb_feature_t()
            guard hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 else {
                throw FontError.invalidFeature(feature: text)
            }
            parsed.append(feature)
        }
        return parsed
    }

    /// Shaped advance of `text` in font units: the sum of x_advance over its script runs.
    public func advance(of text: Substring) -> Int {
        let text = TextLimits.boundedText(text)
        var total = 0
        shape(text) { info, pos, count, _ in
            for i in 0..<count { total += Int(pos[i].x_advance) }
        }
        return total
    }

    /// Ink bounds of the shaped `text` in font units (HarfBuzz glyph extents, i.e. control-point
    /// boxes, at their shaped positions, offsets included); nil when nothing has ink.
    public func inkBox(of text: Substring) -> GlyphBox? {
        measure(text).ink
    }

    /// Advance, cluster count, missing glyphs and ink box of one line.
    public func measure(_ text: Substring) -> LineMeasurement {
        let text = TextLimits.boundedText(text)
        var total = 0
        var pen = 0
        var ink: GlyphBox?
        var missing = 0
        var missingAt: [(offset: Int, scalar: Unicode.Scalar)] = []
        var utf8: [UInt8] = []  // filled only when a glyph is missing
        // Linear in the line even when every glyph is missing (a hostile 1 MiB line): each cluster is
        // examined once, scalars are deduplicated with a set, and cluster ends come from one sorted pass.
        var seenClusters: Set<Int> = []
        var seenScalars: Set<Unicode.Scalar> = []
        shape(text) { info, pos, count, runEnd in
            var clusterEnds: [Int: Int]?  // per run, built at its first missing glyph
            for i in 0..<count {
                let p = pos[i]
                let glyph = info[i].codepoint
                if glyph == 0 {
                    missing += 1
                    let cluster = Int(info[i].cluster)
                    if seenClusters.insert(cluster).inserted {
                        if utf8.isEmpty { utf8 = Array(text.utf8) }
                        let ends = clusterEnds ?? Shaper.clusterEnds(info: info, count: count, runEnd: min(runEnd, utf8.count))
                        clusterEnds = ends
                        for scalar in self.scalars(in: utf8, cluster: cluster, end: ends[cluster] ?? cluster)
                        where seenScalars.insert(scalar).inserted {
                            missingAt.append((cluster, scalar))
                        }
                    }
                }
                var e = hb_glyph_extents_t()
                if self.glyphExtents.extents(of: glyph, &e), e.width != 0, e.height != 0 {
                    let x = Double(pen + Int(p.x_offset)), y = Double(p.y_offset)
                    let box = GlyphBox(xMin: x + Double(e.x_bearing), yMin: y + Double(e.y_bearing + e.height),
                                       xMax: x + Double(e.x_bearing + e.width), yMax: y + Double(e.y_bearing))
                    ink = ink.map { $0.union(box) } ?? box
                }
                pen += Int(p.x_advance)
                total += Int(p.x_advance)
            }
        }
        // In text order (RTL runs come out of HarfBuzz reversed).
        let missingScalars = missingAt.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element.scalar)
        return LineMeasurement(advance: total, clusterCount: text.count, missingGlyphCount: missing,
                               missingCharacters: missingScalars, ink: ink)
    }

    /// The script runs `text` is shaped in (see `ScriptItemizer`).
    public func scriptRuns(of text: Substring) -> [ScriptRun] {
        var utf8 = Array(text.utf8)
        if utf8.isEmpty { return [] }
        itemize(&utf8)
        return runs.map { run in
            var tag = [CChar](repeating: 0, count: 5)
            hb_tag_to_string(run.script.rawValue, &tag)
            let name = run.script == HB_SCRIPT_INVALID ? "Zyyy" : String(decoding: tag.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return ScriptRun(start: run.start, end: run.end, script: name,
                             isRightToLeft: hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL)
        }
    }

    // MARK: shaping

    /// Shapes each script run of `text` and hands its glyphs to `body` (info, positions, count, run end).
    func shape(_ text: Substring,
                       _ body: (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int, Int) -> Void) {
        if text.isEmpty { return }
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            itemize(bytes)
            let total = Int32(bytes.count)
            for run in runs {
                hb_buffer_clear_contents(buffer)
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                    hb_buffer_add_utf8(buffer, chars, total, UInt32(run.start), Int32(run.end - run.start))
                }
                if run.script != HB_SCRIPT_INVALID {
                    hb_buffer_set_script(buffer, run.script)
                    hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(run.script))
                }
                if let hbLanguage { hb_buffer_set_language(buffer, hbLanguage) }
                hb_buffer_guess_segment_properties(buffer)
                features.withUnsafeBufferPointer { f in
                    hb_shape(face.hbFont, buffer, f.baseAddress, UInt32(f.count))
                }
                var count: UInt32 = 0
                guard let info = hb_buffer_get_glyph_infos(buffer, &count),
                      let pos = hb_buffer_get_glyph_positions(buffer, nil) else { continue }
                body(info, pos, Int(count), run.end)
            }
        }
    }

    private func itemize(_ bytes: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { itemize($0) }
    }

    private func itemize(_ bytes: UnsafeBufferPointer<UInt8>) {
        itemizer.itemize(bytes)
    }

    /// The characters of the cluster a .notdef glyph came from that the font lacks
    /// (or the cluster's first character when it lacks none of them).
    private func scalars(in utf8: [UInt8], cluster: Int, end: Int) -> [Unicode.Scalar] {
        guard cluster < end, end <= utf8.count else { return [] }
        let slice = utf8[cluster..<end]
        let scalars = String(decoding: slice, as: UTF8.self).unicodeScalars
        let lacking = scalars.filter { !face.covers($0) && !Shaper.isDefaultIgnorable($0) }
        if !lacking.isEmpty { return Array(lacking) }
        return scalars.first.map { [$0] } ?? []
    }

    /// Each cluster value of a run → where that cluster ends: the next larger cluster value in the run
    /// (RTL runs are reversed, so position order is not used), or `runEnd` for the last one.
    static func clusterEnds(info: UnsafeMutablePointer<hb_glyph_info_t>, count: Int, runEnd: Int) -> [Int: Int] {
        let values = Set((0..<count).map { Int(info[$0].cluster) }).sorted()
        var ends: [Int: Int] = [:]
        ends.reserveCapacity(values.count)
        for (j, value) in values.enumerated() { ends[value] = j + 1 < values.count ? min(values[j + 1], runEnd) : runEnd }
        return ends
    }

    static func isDefaultIgnorable(_ s: Unicode.Scalar) -> Bool {
        s.properties.isDefaultIgnorableCodePoint
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
