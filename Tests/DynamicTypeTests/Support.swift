import Foundation
import TestSupport

/// A reference file copied into `Tests/DynamicTypeTests/Fixtures/<path>` (licences and sources in the
/// NOTICE.md beside each), so the tests need nothing outside the repository.
func sharedFile(_ path: String) throws -> Data {
    try Data(contentsOf: Repository.url("Tests/DynamicTypeTests/Fixtures/\(path)"))
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
