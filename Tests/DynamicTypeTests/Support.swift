import Foundation

/// The package root (the folder holding Package.swift), found from this file's path.
func packageRoot() -> URL {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        url.deleteLastPathComponent()
    }
    return url
}

/// A reference file copied into `Tests/DynamicTypeTests/Fixtures/<path>` (licences and sources in the
/// NOTICE.md beside each), so the tests need nothing outside the repository.
func sharedFile(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(path)"))
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
