/// A fast 64-bit hash of a byte string and a 32-bit tag, for hash tables keyed by raw UTF-8
/// (the segment cache, repeated lines). Not for anything adversarial: a table using it must
/// still compare the bytes (every user does), and it only has to spread real text well.
public enum ByteHash {
    /// The hash of `length` bytes at `p` with `tag` (8 bytes at a time, then the tail).
    @inline(__always)
    public static func hash(_ p: UnsafePointer<UInt8>, _ length: Int, _ tag: UInt32) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length) ^ (UInt64(tag) << 32)
        var i = 0
        while i + 8 <= length {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < length {
            tail |= UInt64(p[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
