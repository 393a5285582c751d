import CFreeType
import CHarfBuzz
import Foundation
import TypeFitSupport

/// A loaded font face: owns the HarfBuzz blob/face/font (shaping at scale = unitsPerEm, i.e.
/// font units, unhinted) and a private FreeType library + face (tables, names, outlines).
/// Everything is freed in `deinit`; `Shaper`s keep their face alive.
///
/// Not `Sendable`: the FreeType face is not thread-safe. Create one `FontFace` per thread (or
/// share one and use `FontFace.info` values); the HarfBuzz font inside may be shared by several
/// `Shaper`s on one thread.
public final class FontFace {
    /// Metrics, names, axes: copied out at load time.
    public let info: FontInfo
    /// Design coordinates applied to both HarfBuzz and FreeType, one per axis (empty if static).
    public let coordinates: [Double]

    let blob: OpaquePointer
    /// The file `blob` maps, shared with every other face of it (`FontFiles`).
    private let file: FontFiles.Key
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    private let ftLibrary: FT_Library
    private let ftFace: FT_Face

    /// Loads face `faceIndex` of the font file at `path` (.ttf, .otf, .ttc; variable or not),
    /// applying `variations` (e.g. wght=600) after the named `instance` (e.g. "SemiBold").
    /// Throws `FontError` with a one-line description for any bad input; never crashes on
    /// garbage bytes.
    public convenience init(path: String, faceIndex: Int = 0, variations: [VariationSetting] = [], instance: String? = nil) throws {
        try self.init(path: path, faceIndex: faceIndex, variations: variations, instance: instance, instanceIndex: nil)
    }

    /// Loads the face fontconfig found (its face index and named instance), then `variations`.
    public convenience init(location: FontLocation, variations: [VariationSetting] = []) throws {
        try self.init(path: location.path, faceIndex: location.faceIndex, variations: variations, instance: nil,
                      instanceIndex: location.namedInstanceIndex)
    }

    /// Opens a font argument: a file path (see `FontCatalog.isPath`) or a fontconfig pattern
    /// resolved by `catalog()` (called only for patterns). `variations` is "wght=600,wdth=90".
    public static func open(_ argument: String, faceIndex: Int? = nil, variations: String? = nil, instance: String? = nil,
                            catalog: () throws -> FontCatalog) throws -> FontFace {
        if FontCatalog.isPath(argument) {
            let settings = try variations.map { try VariationSetting.parseList($0, path: argument) } ?? []
            return try FontFace(path: argument, faceIndex: faceIndex ?? 0, variations: settings, instance: instance)
        }
        var location = try catalog().resolve(argument)
        if let faceIndex { location.faceIndex = faceIndex }
        let settings = try variations.map { try VariationSetting.parseList($0, path: location.path) } ?? []
        if let instance {
            return try FontFace(path: location.path, faceIndex: location.faceIndex, variations: settings, instance: instance)
        }
        return try FontFace(location: location, variations: settings)
    }

    /// The largest font file read: 1 GiB. HarfBuzz's blobs hold at most 4 GiB (a 32-bit length: a
    /// 4 GiB + N byte file was read as its first N bytes), and the largest real fonts (Noto CJK
    /// collections, colour emoji) are a few hundred MB at most.
    public static let maximumFileBytes: Int64 = 1 << 30

    /// Throws `FontError.tooLarge` when a file of `size` bytes is past ``maximumFileBytes``.
    static func checkSize(_ size: Int64, path: String) throws {
        if size > maximumFileBytes { throw FontError.tooLarge(path: path, bytes: size, limit: maximumFileBytes) }
    }

    init(path: String, faceIndex: Int, variations: [VariationSetting], instance: String?, instanceIndex: Int?) throws {
        // One stat (it follows symbolic links), where FileManager's fileExists,
        // resolvingSymlinksInPath and attributesOfItem take 9 system calls, the last also looking
        // up the file's owner and group names (/etc/passwd, /etc/group, the nscd socket).
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG: throw FontError.fileNotFound(path: path)
            default: throw FontError.unreadable(path: path)
            }
        }
        // A folder, FIFO, device or socket: reading it would fail, block or never end.
        if info.st_mode & S_IFMT != S_IFREG { throw FontError.notAFile(path: path) }
        let size = Int64(info.st_size)
        if size == 0 { throw FontError.emptyFile(path: path) }
        try Self.checkSize(size, path: path)

        let file = FontFiles.Key(path: path, stat: info)
        guard let blob = FontFiles.blob(file) else { throw FontError.unreadable(path: path) }
        // Every failure below gives the file back.
        let giveBack = { FontFiles.release(file, blob: blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            giveBack()
            throw FontError.unreadable(path: path)
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            giveBack()
            throw FontError.notAFont(path: path, reason: "FreeType could not start")
        }
        // Count the faces first (face_index -1 only probes).
        var probe: FT_Face?
        let base = UnsafeRawPointer(bytes).assumingMemoryBound(to: FT_Byte.self)
        let probeError = FT_New_Memory_Face(library, base, FT_Long(length), -1, &probe)
        guard probeError == 0, let probeFace = probe else {
            FT_Done_FreeType(library)
            giveBack()
            throw FontError.notAFont(path: path, reason: "FreeType error \(probeError): \(FontFace.freeTypeMessage(probeError))")
        }
        let faceCount = Int(probeFace.pointee.num_faces)
        FT_Done_Face(probeFace)
        // Checked against the real count (it used to say "0 faces, 0…-1" for a negative index).
        guard faceIndex >= 0, faceIndex < faceCount else {
            FT_Done_FreeType(library)
            giveBack()
            throw FontError.faceIndexOutOfRange(path: path, index: faceIndex, faceCount: faceCount)
        }
        var opened: FT_Face?
        let openError = FT_New_Memory_Face(library, base, FT_Long(length), FT_Long(faceIndex), &opened)
        guard openError == 0, let ftFace = opened else {
            FT_Done_FreeType(library)
            giveBack()
            throw FontError.notAFont(path: path, reason: "FreeType error \(openError): \(FontFace.freeTypeMessage(openError))")
        }
        let flags = ftFace.pointee.face_flags
        let hbFace = hb_face_create(blob, UInt32(faceIndex))!
        let hbFont = hb_font_create(hbFace)!
        // From here on, `self` owns and frees everything.
        self.blob = blob
        self.file = file
        self.ftLibrary = library
        self.ftFace = ftFace
        self.hbFace = hbFace
        self.hbFont = hbFont

        let headLength = FontFace.tableLength(hbFace, "head")
        let glyphCount = Int(hb_face_get_glyph_count(hbFace))
        if flags & FT_Long(FT_FACE_FLAG_SFNT) == 0 || flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            self.info = FontInfo.empty(path)
            self.coordinates = []
            throw FontError.notAFont(path: path, reason: "not an OpenType/TrueType font")
        }
        if headLength == 0 || glyphCount == 0 || hb_face_get_upem(hbFace) == 0 {
            self.info = FontInfo.empty(path)
            self.coordinates = []
            throw FontError.notAFont(path: path, reason: glyphCount == 0 ? "no glyphs (truncated, WOFF or damaged file?)" : "no valid head table")
        }

        // Variations: axes, named instance, user settings → design coordinates for both libraries.
        let axesInfo = FontFace.axisInfos(hbFace)
        var coords = axesInfo.map { Double($0.default_value) }
        let instanceNames = FontFace.namedInstanceNames(hbFace)
        var appliedInstance: String?
        if let instance {
            guard let index = instanceNames.firstIndex(where: { $0.caseInsensitiveCompare(instance) == .orderedSame })
                ?? instanceNames.firstIndex(where: { $0.replacingOccurrences(of: " ", with: "").caseInsensitiveCompare(instance.replacingOccurrences(of: " ", with: "")) == .orderedSame })
            else {
                self.info = FontInfo.empty(path)
                self.coordinates = []
                throw FontError.unknownInstance(path: path, name: instance, available: instanceNames)
            }
            var count = UInt32(axesInfo.count)
            var values = [Float](repeating: 0, count: axesInfo.count)
            _ = hb_ot_var_named_instance_get_design_coords(hbFace, UInt32(index), &count, &values)
            for i in 0..<min(Int(count), coords.count) { coords[i] = Double(values[i]) }
            appliedInstance = instanceNames[index]
        } else if let instanceIndex, instanceIndex < instanceNames.count {
            var count = UInt32(axesInfo.count)
            var values = [Float](repeating: 0, count: axesInfo.count)
            _ = hb_ot_var_named_instance_get_design_coords(hbFace, UInt32(instanceIndex), &count, &values)
            for i in 0..<min(Int(count), coords.count) { coords[i] = Double(values[i]) }
            appliedInstance = instanceNames[instanceIndex]
        }
        for setting in variations {
            guard let axis = axesInfo.firstIndex(where: { FontFace.tagString($0.tag) == setting.tag }) else {
                self.info = FontInfo.empty(path)
                self.coordinates = []
                let reason = axesInfo.isEmpty ? "the font is not variable"
                    : "no axis '\(setting.tag)' (axes: \(axesInfo.map { FontFace.tagString($0.tag) }.joined(separator: ", ")))"
                throw FontError.invalidVariation(path: path, setting: "\(setting.tag)=\(FontFace.number(setting.value))", reason: reason)
            }
            let a = axesInfo[axis]
            guard setting.value >= Double(a.min_value), setting.value <= Double(a.max_value) else {
                self.info = FontInfo.empty(path)
                self.coordinates = []
                throw FontError.invalidVariation(path: path, setting: "\(setting.tag)=\(FontFace.number(setting.value))",
                                                 reason: "outside the axis range \(FontFace.number(Double(a.min_value)))…\(FontFace.number(Double(a.max_value)))")
            }
            coords[axis] = setting.value
        }
        if !axesInfo.isEmpty {
            let floats = coords.map { Float($0) }
            hb_font_set_var_coords_design(hbFont, floats, UInt32(floats.count))
            var fixed = coords.map { FT_Fixed(($0 * 65536).rounded()) }
            _ = FT_Set_Var_Design_Coordinates(ftFace, FT_UInt(fixed.count), &fixed)
        }
        self.coordinates = coords

        // Names and tables.
        let family = ftFace.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = appliedInstance ?? ftFace.pointee.style_name.map { String(cString: $0) } ?? ""
        let postScript = FT_Get_Postscript_Name(ftFace).map { String(cString: $0) } ?? ""
        let format = FT_Get_Font_Format(ftFace).map { String(cString: $0) } ?? ""
        var hhea = LineMetrics(ascender: Double(ftFace.pointee.ascender), descender: Double(ftFace.pointee.descender), lineGap: 0)
        if let raw = FT_Get_Sfnt_Table(ftFace, FT_SFNT_HHEA) {
            let t = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            hhea = LineMetrics(ascender: Double(t.Ascender), descender: Double(t.Descender), lineGap: Double(t.Line_Gap))
        }
        var os2: OS2Metrics?
        if let raw = FT_Get_Sfnt_Table(ftFace, FT_SFNT_OS2) {
            let t = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if t.version != 0xFFFF {
                os2 = OS2Metrics(version: Int(t.version), typoAscender: Int(t.sTypoAscender), typoDescender: Int(t.sTypoDescender),
                                 typoLineGap: Int(t.sTypoLineGap), winAscent: Int(t.usWinAscent), winDescent: Int(t.usWinDescent),
                                 useTypoMetrics: t.fsSelection & (1 << 7) != 0,
                                 xHeight: t.version >= 2 ? Int(t.sxHeight) : nil,
                                 capHeight: t.version >= 2 ? Int(t.sCapHeight) : nil)
            }
        }
        let axes = axesInfo.enumerated().map { i, a in
            VariationAxis(tag: FontFace.tagString(a.tag), name: FontFace.name(hbFace, a.name_id) ?? FontFace.tagString(a.tag),
                          minimum: Double(a.min_value), defaultValue: Double(a.default_value), maximum: Double(a.max_value),
                          value: coords[i])
        }
        self.info = FontInfo(path: path, faceIndex: faceIndex, faceCount: faceCount, family: family, style: style,
                             postScriptName: postScript, format: format, glyphCount: glyphCount,
                             unitsPerEm: Int(hb_face_get_upem(hbFace)), hhea: hhea, os2: os2,
                             isVariable: !axesInfo.isEmpty, axes: axes, namedInstances: instanceNames, instance: appliedInstance)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(ftLibrary)
        FontFiles.release(file, blob: blob)
    }

    /// Bounds of one glyph's outline in font units, from FreeType (unscaled, unhinted, at this
    /// face's variation coordinates): `exact` = FT_Outline_Get_BBox (curve extrema), otherwise
    /// FT_Outline_Get_CBox (all control points, what glyf headers and HarfBuzz's extents give).
    /// nil for an empty glyph or a load error. Used to cross-check HarfBuzz; `Shaper` uses HarfBuzz.
    public func outlineBounds(glyph: UInt32, exact: Bool = false) -> GlyphBox? {
        let loadFlags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, loadFlags) == 0, let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, slot.pointee.outline.n_points > 0
        else { return nil }
        var box = FT_BBox()
        if exact {
            guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 else { return nil }
        } else {
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        }
        return GlyphBox(xMin: Double(box.xMin), yMin: Double(box.yMin), xMax: Double(box.xMax), yMax: Double(box.yMax))
    }

    /// HarfBuzz's extents of one glyph in font units (at this face's coordinates): the control-point
    /// box, which holds the exact ink and exceeds it by a few units where curves bulge less than
    /// their off-curve points; nil if empty.
    public func glyphExtents(glyph: UInt32) -> GlyphBox? {
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &e) != 0, e.width != 0 || e.height != 0 else { return nil }
        return GlyphBox(xMin: Double(e.x_bearing), yMin: Double(e.y_bearing + e.height),
                        xMax: Double(e.x_bearing + e.width), yMax: Double(e.y_bearing))
    }

    /// The glyph the font maps `scalar` to (cmap), nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &g) != 0 ? g : nil
    }

    /// Whether the font maps `scalar` to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != nil }

    // MARK: helpers

    static func tableLength(_ face: OpaquePointer, _ tag: String) -> Int {
        guard let table = hb_face_reference_table(face, hb_tag_from_string(tag, -1)) else { return 0 }
        defer { hb_blob_destroy(table) }
        return Int(hb_blob_get_length(table))
    }

    static func axisInfos(_ face: OpaquePointer) -> [hb_ot_var_axis_info_t] {
        let count = Int(hb_ot_var_get_axis_count(face))
        guard count > 0 else { return [] }
        var n = UInt32(count)
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: count)
        _ = hb_ot_var_get_axis_infos(face, 0, &n, &infos)
        return Array(infos.prefix(Int(n)))
    }

    static func namedInstanceNames(_ face: OpaquePointer) -> [String] {
        let count = hb_ot_var_get_named_instance_count(face)
        return (0..<count).map { i in
            let id = hb_ot_var_named_instance_get_subfamily_name_id(face, i)
            return name(face, id) ?? "instance \(i)"
        }
    }

    /// A name-table string (English if present, else the first), nil if absent.
    static func name(_ face: OpaquePointer, _ id: hb_ot_name_id_t) -> String? {
        let language = hb_language_from_string("en", -1)
        var size: UInt32 = 0
        var length = hb_ot_name_get_utf8(face, id, language, &size, nil)
        if length == 0 { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        size = UInt32(buffer.count)
        length = hb_ot_name_get_utf8(face, id, language, &size, &buffer)
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func tagString(_ tag: hb_tag_t) -> String {
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        return String(decoding: bytes, as: UTF8.self)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func freeTypeMessage(_ error: FT_Error) -> String {
        if let s = FT_Error_String(error) { return String(cString: s) }
        switch error {
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x08: return "invalid table"
        case 0x09: return "broken table"
        case 0x55: return "unexpected end of file"
        default: return "cannot open the font"
        }
    }
}

extension FontInfo {
    static func empty(_ path: String) -> FontInfo {
        FontInfo(path: path, faceIndex: 0, faceCount: 0, family: "", style: "", postScriptName: "", format: "", glyphCount: 0,
                 unitsPerEm: 0, hhea: LineMetrics(ascender: 0, descender: 0, lineGap: 0), os2: nil, isVariable: false,
                 axes: [], namedInstances: [], instance: nil)
    }
}
