import CHarfBuzz
import CShapeBaseline

/// A face's HarfBuzz font, shareable across threads for shaping (`FastMeasurer`s on several
/// threads, each with its own buffer and cache, may use one `ShapingFont`).
///
/// `@unchecked Sendable`: it holds only an `hb_font_t` (with its face and blob), made immutable
/// here and never changed afterwards; HarfBuzz documents immutable fonts as safe to shape with
/// from several threads at once (its lazily loaded tables use atomic operations). No FreeType
/// handle is reachable from it, unlike `FontFace`.
public final class ShapingFont: @unchecked Sendable {
    let hbFont: OpaquePointer
    /// Units per em of the face (shaping results are in font units).
    public let unitsPerEm: Int
    /// File and face index it came from (for reports).
    public let path: String
    public let faceIndex: Int

    /// Shares the HarfBuzz font of `face` (a new reference; the face may be released afterwards).
    public init(face: FontFace) {
        hbFont = hb_font_reference(face.hbFont)
        hb_font_make_immutable(hbFont)
        unitsPerEm = face.info.unitsPerEm
        path = face.info.path
        faceIndex = face.info.faceIndex
    }

    deinit { hb_font_destroy(hbFont) }
}

/// The benchmark floor: plain C (Sources/CShapeBaseline) shaping each line once with HarfBuzz,
/// one reused buffer, `hb_buffer_guess_segment_properties`, default features, summing advances.
public final class PlainHarfBuzzBaseline {
    private let font: OpaquePointer

    /// Opens the font file with HarfBuzz only. Throws `FontError.unreadable` when it cannot.
    public init(path: String, faceIndex: Int = 0) throws {
        guard let font = csb_open(path, UInt32(faceIndex)) else { throw FontError.unreadable(path: path) }
        self.font = font
    }

    deinit { csb_close(font) }

    /// Shapes every line of `lines` once; returns the sum of all advances (font units).
    public func shapeAll(_ lines: PackedLines) -> Int64 {
        lines.bytes.withUnsafeBufferPointer { b in
            lines.offsets.withUnsafeBufferPointer { o in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { text in
                    csb_shape_lines(font, text, o.baseAddress, Int32(lines.count))
                }
            }
        }
    }
}

/// Lines packed into one UTF-8 byte array (line i = bytes[offsets[i] ..< offsets[i + 1]]), the
/// form both the C baseline and `FastMeasurer.advances` read without per-line allocation.
public struct PackedLines: Sendable {
    /// All lines' UTF-8 bytes, back to back (plus one trailing 0 so the array is never empty).
    public private(set) var bytes: [UInt8]
    /// count + 1 offsets into `bytes`.
    public private(set) var offsets: [Int32]
    /// Number of lines.
    public var count: Int { offsets.count - 1 }

    /// Packs `lines`.
    public init<S: Sequence>(_ lines: S) where S.Element: StringProtocol {
        bytes = []
        offsets = [0]
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            offsets.append(Int32(bytes.count))
        }
        bytes.append(0)
    }

    /// The first `n` lines.
    public func prefix(_ n: Int) -> PackedLines {
        var copy = self
        let n = max(0, min(n, count))
        copy.offsets = Array(offsets.prefix(n + 1))
        copy.bytes = Array(bytes.prefix(Int(offsets[n]))) + [0]
        return copy
    }
}
