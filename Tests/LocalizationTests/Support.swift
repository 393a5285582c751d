import Foundation

/// Package root: the nearest folder above this file holding Package.swift.
let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        url = url.deletingLastPathComponent()
    }
    return url
}()

/// Shared corpus at root/../shared/corpus.
let corpusRoot = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

/// A fresh temporary directory for one test.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

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
