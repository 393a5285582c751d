import Foundation

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny deterministic generator, so random-byte cases
/// and shuffles in tests are reproducible.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A binary property list whose top object is a set holding the string "a" (built by hand: header,
/// objects C1 01 = set of 1 reference to object 1, 51 61 = ASCII string "a", 2-byte offsets, trailer).
/// Found by the stringsdict fuzz target: PropertyListSerialization crashes (SIGSEGV) on sets on Linux.
public func binaryPlistWithSet() -> Data {
    var bytes = Array("bplist00".utf8) + [0xC1, 0x01, 0x51, 0x61]
    let table = bytes.count
    bytes += [0x00, 0x08, 0x00, 0x0A]            // object offsets 8 and 10, 2 bytes each
    bytes += [0, 0, 0, 0, 0, 0, 2, 1]              // unused ×6, offset size 2, reference size 1
    bytes += [0, 0, 0, 0, 0, 0, 0, 2]              // 2 objects
    bytes += [0, 0, 0, 0, 0, 0, 0, 0]              // top object 0
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]   // offset table at byte 12
    return Data(bytes)
}
