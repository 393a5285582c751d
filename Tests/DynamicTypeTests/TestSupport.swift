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

/// `Tests/Fixtures/<path>`: reference data and third-party examples copied into the repository
/// with their notices (Tests/Fixtures/reference/NOTICE.md, Tests/Fixtures/typographykit/NOTICE.md).
func fixtureFile(_ path: String) throws -> Data {
    try Data(contentsOf: packageRoot().appendingPathComponent("Tests/Fixtures/\(path)"))
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
