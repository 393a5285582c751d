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

/// The test corpus inside the repository (Tests/Fixtures/corpus/README.md): slices of the
/// Home Assistant and Swiftfin strings, with their licences.
let corpusRoot = packageRoot.appendingPathComponent("Tests/Fixtures/corpus")

/// Firefox Focus's strings, unmodified, as the bundled example ships them (Examples/Focus/strings).
let focusStringsRoot = packageRoot.appendingPathComponent("Examples/Focus/strings")

/// A corpus file by its name in the corpus: `firefox-focus-ios/…` is read from the bundled
/// example, everything else from Tests/Fixtures/corpus.
func corpusFile(_ relative: String) -> URL {
    let focus = "firefox-focus-ios/"
    if relative.hasPrefix(focus) { return focusStringsRoot.appendingPathComponent(String(relative.dropFirst(focus.count))) }
    return corpusRoot.appendingPathComponent(relative)
}

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
