import FontEngine
import TypeFitSupport

/// `typefit measure`'s JSON Lines record, written with `JSONBytes` exactly as `JSONEncoder`
/// (sorted keys, slashes unescaped) wrote the former `Encodable` record:
/// `{"aboveAscender":…,"advance":…,"belowDescender":…,"clusters":…,"fallback":…,"ink":[xMin,yMin,xMax,yMax]|null,
/// "letterSpacing":…,"missing":…,"missingCharacters":["U+XXXX",…],"text":…,"widths":{"17":…}}`
/// — `fallback` only with --fallback (null when none found), `letterSpacing` and `widths` only
/// when asked for. Widths are points rounded to 1/1000 (`roundedPoints`).
public struct MeasureRecordFormat: Sendable {
    public let info: FontInfo
    /// Point sizes in the order given (duplicates removed), and the same with keys in `.sortedKeys` order.
    public let sizes: [Double]
    private let sortedSizes: [(key: String, size: Double)]
    public let letterSpacing: Double?
    public let withFallback: Bool

    /// Sizes must be positive and finite and `letterSpacing` finite (JSON has no NaN or infinity).
    public init(info: FontInfo, sizes: [Double], letterSpacing: Double?, withFallback: Bool) {
        precondition(sizes.allSatisfy { $0.isFinite } && (letterSpacing?.isFinite ?? true), "MeasureRecordFormat: non-finite size or spacing")
        var seen = Set<String>()
        self.info = info
        self.sizes = sizes.filter { seen.insert(sizeKey($0)).inserted }
        let keyed = self.sizes.map { (key: sizeKey($0), size: $0) }
        let order = JSONBytes.sortedKeys(keyed.map(\.key))
        self.sortedSizes = order.map { key in keyed.first { $0.key == key }! }
        self.letterSpacing = letterSpacing
        self.withFallback = withFallback
    }

    /// Width in points of `advance` font units at `size`, rounded to 1/1000.
    public func width(_ advance: Int, size: Double) -> Double { roundedPoints(info.points(Double(advance), size: size)) }

    /// Letter-spacing in points for `clusters` grapheme clusters, nil when not asked for.
    public func spacing(clusters: Int) -> Double? { letterSpacing.map { roundedPoints($0 * Double(clusters)) } }

    /// "U+0041" for a missing character.
    public static func characterName(_ scalar: Unicode.Scalar) -> String {
        withCharacterName(scalar) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of `characterName(scalar)`: "U+" and at least 4
    /// uppercase hex digits, written into 8 bytes on the stack.
    static func withCharacterName<R>(_ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var buffer: UInt64 = 0
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            bytes[0] = UInt8(ascii: "U")
            bytes[1] = UInt8(ascii: "+")
            var count = 2
            forEachHexDigit(scalar.value) {
                bytes[count] = $0
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: bytes[0..<count]))
        }
    }

    /// The digits of `characterName` after "U+": at least 4, uppercase hex.
    @inline(__always)
    static func forEachHexDigit(_ value: UInt32, _ body: (UInt8) -> Void) {
        var count = 4
        while value >> (4 * UInt32(count)) != 0 { count += 1 }
        for k in 0..<count {
            let nibble = UInt8(truncatingIfNeeded: value >> (4 * UInt32(count - 1 - k)) & 0xF)
            body(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
        }
    }

    /// Appends one record and its line feed. `fallback` is used only `withFallback`: nil = none found.
    public func write(_ text: Substring, _ m: LineMeasurement, fallback: FontLocation?, to json: inout JSONBytes) {
        var text = text
        text.withUTF8 { write(utf8: $0, m, fallback: fallback, to: &json) }
    }

    /// `write(_:_:fallback:to:)` for a line given as its UTF-8 bytes: the whole record written
    /// through one `JSONBytes.Cursor` (one capacity check per record; keys in sorted order as
    /// literals).
    public func write(utf8 text: UnsafeBufferPointer<UInt8>, _ m: LineMeasurement, fallback: FontLocation?, to json: inout JSONBytes) {
        typealias C = JSONBytes.Cursor
        // Room: the keys and punctuation (≤ 200 bytes), 7 numbers, the texts escaped, 11 bytes
        // per missing character ("U+10FFFF",), the optional parts.
        var room = 200 + 7 * C.maximumIntBytes + C.maximumEscapedBytes(text.count) + 12 * m.missingCharacters.count
        if withFallback, let fallback {
            room += 80 + C.maximumIntBytes + C.maximumEscapedBytes(fallback.family.utf8.count + fallback.path.utf8.count + fallback.postScriptName.utf8.count)
        }
        if letterSpacing != nil { room += 20 + C.maximumDoubleBytes }
        for (key, _) in sortedSizes { room += 4 + C.maximumEscapedBytes(key.utf8.count) + C.maximumDoubleBytes }
        json.appendRecord(maximumBytes: room) { c in
            c.raw("{\"aboveAscender\":")
            c.bool(info.isAboveAscender(m.ink))
            c.raw(",\"advance\":")
            c.int(m.advance)
            c.raw(",\"belowDescender\":")
            c.bool(info.isBelowDescender(m.ink))
            c.raw(",\"clusters\":")
            c.int(m.clusterCount)
            if withFallback {
                c.raw(",\"fallback\":")
                if let fallback {
                    c.raw("{\"faceIndex\":")
                    c.int(fallback.faceIndex)
                    c.raw(",\"family\":")
                    Self.string(fallback.family, &c)
                    c.raw(",\"path\":")
                    Self.string(fallback.path, &c)
                    c.raw(",\"postscriptName\":")
                    Self.string(fallback.postScriptName, &c)
                    c.byte(UInt8(ascii: "}"))
                } else {
                    c.raw("null")
                }
            }
            c.raw(",\"ink\":")
            if let ink = m.ink {
                c.byte(UInt8(ascii: "["))
                c.double(ink.xMin)
                c.byte(UInt8(ascii: ","))
                c.double(ink.yMin)
                c.byte(UInt8(ascii: ","))
                c.double(ink.xMax)
                c.byte(UInt8(ascii: ","))
                c.double(ink.yMax)
                c.byte(UInt8(ascii: "]"))
            } else {
                c.raw("null")
            }
            if let spacing = spacing(clusters: m.clusterCount) {
                c.raw(",\"letterSpacing\":")
                c.double(spacing)
            }
            c.raw(",\"missing\":")
            c.int(m.missingGlyphCount)
            c.raw(",\"missingCharacters\":[")
            for (k, scalar) in m.missingCharacters.enumerated() {
                if k > 0 { c.byte(UInt8(ascii: ",")) }
                c.raw("\"U+")
                Self.forEachHexDigit(scalar.value) { c.byte($0) }
                c.byte(UInt8(ascii: "\""))
            }
            c.raw("],\"text\":")
            c.string(utf8: text)
            if !sortedSizes.isEmpty {
                c.raw(",\"widths\":{")
                for (k, (key, size)) in sortedSizes.enumerated() {
                    if k > 0 { c.byte(UInt8(ascii: ",")) }
                    Self.string(key, &c)
                    c.byte(UInt8(ascii: ":"))
                    c.double(width(m.advance, size: size))
                }
                c.byte(UInt8(ascii: "}"))
            }
            c.raw("}\n")
        }
    }

    private static func string(_ value: String, _ c: inout JSONBytes.Cursor) {
        var copy = value
        copy.withUTF8 { c.string(utf8: $0) }
    }
}

/// "17" for 17.0, "17.5" otherwise: JSON object keys and table headers for sizes.
public func sizeKey(_ size: Double) -> String {
    size == size.rounded() && abs(size) < 1e9 ? String(Int(size)) : String(size)
}

/// Points rounded to 1/1000 for output (the numbers are exact in font units).
public func roundedPoints(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
