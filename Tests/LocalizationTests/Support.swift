import Foundation

/// UTF-16 bytes of `text`, optionally with a BOM.
func utf16Bytes(_ text: String, bigEndian: Bool, bom: Bool) -> Data {
    var bytes: [UInt8] = []
    if bom { bytes += bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE] }
    for u in text.utf16 {
        let hi = UInt8(u >> 8), lo = UInt8(u & 0xFF)
        bytes += bigEndian ? [hi, lo] : [lo, hi]
    }
    return Data(bytes)
}
