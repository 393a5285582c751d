import Foundation

// Small helpers every reader of user input shares (typefit.yml, TypographyKit configs, string
// files, check ids), kept in one pure-Swift module so they exist once.

/// The candidate closest to `word` by optimal-string-alignment distance (case-insensitive), if ≤ 2
/// (≤ 1 for words of up to 3 characters).
public func nearest(_ word: String, in candidates: [String]) -> String? {
    let limit = word.count <= 3 ? 1 : 2
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(word.lowercased(), candidate.lowercased())
        guard distance <= limit else { continue }
        if let current = best, current.1 <= distance { continue }
        best = (candidate, distance)
    }
    return best?.0
}

/// Damerau–Levenshtein distance (optimal string alignment: insert, delete, substitute, swap adjacent).
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// Whether `data` is a binary property list (`bplist0…`) whose object table holds a set (marker 0xC_).
/// Swift on Linux crashes (SIGSEGV while bridging NSSet to Set<AnyHashable>, Swift 6.3.1) when
/// `PropertyListSerialization` meets one, so such files are refused before it is called; no
/// TypeFit input format uses sets. Unparsable trailers are left to `PropertyListSerialization`.
public func binaryPropertyListContainsSet(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    let n = bytes.count
    guard n >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return false }
    func uint(_ at: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 8, at >= 0, at + size <= n else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }
    // Trailer (last 32 bytes): 6 unused, offset size, reference size, object count, top object, table offset.
    let trailer = n - 32
    let offsetSize = Int(bytes[trailer + 6])
    guard let count = uint(trailer + 8, 8), let table = uint(trailer + 24, 8),
          offsetSize >= 1, offsetSize <= 8, count <= n, table <= trailer, count * offsetSize <= trailer - table else { return false }
    for index in 0..<count {
        guard let offset = uint(table + index * offsetSize, offsetSize), offset < trailer else { continue }
        if bytes[offset] >> 4 == 0xC { return true }
    }
    return false
}
