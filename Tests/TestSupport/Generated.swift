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

/// A binary property list built by hand: the dictionary `{"k": A0}` where each array `Ai` holds two
/// references to `Ai+1` and the last refers to the string "leaf" twice (or, with `cycle`, to `A0`).
/// Expanded as a tree, `A0` is 2^(depth+1) − 1 objects (each level doubles), from 8 + 3 + 2 + 3 ×
/// depth + 5 bytes of objects: the shape that makes Foundation on Linux copy objects exponentially.
/// Objects: 0 the dictionary (D1, key 1, value 2), 1 "k" (51 6B), 2…depth+1 the arrays (A2, two
/// 1-byte references), depth+2 "leaf" (54 6C 65 61 66); 1-byte offsets and references (depth ≤ 60).
public func binaryPlistOfSharedArrays(depth: Int, cycle: Bool = false) -> Data {
    precondition(depth >= 1 && depth <= 60)
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.append(bytes.count); bytes += [0xD1, 0x01, 0x02]
    offsets.append(bytes.count); bytes += [0x51, 0x6B]
    let leaf = UInt8(depth + 2)
    for i in 0..<depth {
        offsets.append(bytes.count)
        let next: UInt8 = i == depth - 1 ? (cycle ? 2 : leaf) : UInt8(3 + i)
        bytes += [0xA2, next, next]
    }
    offsets.append(bytes.count); bytes += [0x54] + Array("leaf".utf8)
    let table = bytes.count
    bytes += offsets.map { UInt8($0) }
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]                       // unused ×6, offset size 1, reference size 1
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsets.count)]    // object count
    bytes += [0, 0, 0, 0, 0, 0, 0, 0]                       // top object 0
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]            // offset table
    return Data(bytes)
}
