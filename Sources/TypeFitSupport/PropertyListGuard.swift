import Foundation

/// Why a binary property list (`bplist0…`) must not be given to `PropertyListSerialization`, or nil
/// when it may (any other data is left to it).
///
/// - A set (object marker 0xC_): Swift on Linux crashes (SIGSEGV while bridging NSSet to
///   Set<AnyHashable>, Swift 6.3.1) when it meets one; no TypeFit input format uses sets.
/// - Shared objects that expand past `max(100,000, 2 × the file's bytes)` objects: an array or
///   dictionary may refer to one object many times, and Foundation on Linux converts each
///   reference into its own copy, so 28 nested arrays of two references to the next (173 bytes)
///   would become 2²⁸ objects (it did not finish in 20 s). A list written without sharing
///   expands to at most one object per reference, fewer than the file's bytes.
/// - An object that contains itself (a cycle of references), which no writer produces.
///
/// The object graph is walked from the top object with an explicit stack (no recursion), every
/// offset and count checked against the file's size. Trailers that cannot be read are left to
/// `PropertyListSerialization`, which refuses them.
public func binaryPropertyListProblem(_ data: Data) -> String? {
    let bytes = [UInt8](data)
    let n = bytes.count
    guard n >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
    func uint(_ at: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 8, at >= 0, at <= n - size else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }
    // Trailer (last 32 bytes): 6 unused, offset size, reference size, object count, top object, table offset.
    let trailer = n - 32
    let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
    guard let count = uint(trailer + 8, 8), let top = uint(trailer + 16, 8), let table = uint(trailer + 24, 8),
          offsetSize >= 1, offsetSize <= 8, referenceSize >= 1, referenceSize <= 8, count <= n, top < count,
          table <= trailer, count * offsetSize <= trailer - table else { return nil }
    func offset(_ object: Int) -> Int? {
        guard let at = uint(table + object * offsetSize, offsetSize), at >= 8, at < trailer else { return nil }
        return at
    }
    for object in 0..<count {
        if let at = offset(object), bytes[at] >> 4 == 0xC { return "the binary property list contains a set" }
    }
    /// The objects an array or dictionary at `at` refers to (nil for any other object or one cut short).
    func references(_ at: Int) -> [Int]? {
        let marker = bytes[at] >> 4
        guard marker == 0xA || marker == 0xD else { return nil }
        var length = Int(bytes[at] & 0x0F), start = at + 1
        if length == 0x0F {
            guard start < trailer, bytes[start] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[start] & 0x0F)
            guard let value = uint(start + 1, size) else { return nil }
            length = value
            start += 1 + size
        }
        let total = marker == 0xD ? 2 : 1
        guard length <= n, length * total * referenceSize <= trailer - start else { return nil }
        return (0..<length * total).compactMap { uint(start + $0 * referenceSize, referenceSize) }.filter { $0 < count }
    }
    // Expanded size of every object reached from the top, children first, saturating past the limit.
    let limit = max(100_000, 2 * n)
    var size = [Int](repeating: -1, count: count)  // -1 unvisited, -2 on the stack
    var stack: [(object: Int, children: [Int], next: Int, sum: Int)] = []
    func push(_ object: Int) -> String? {
        if size[object] == -2 { return "the binary property list has an object that contains itself" }
        guard size[object] == -1 else { return nil }
        size[object] = -2
        stack.append((object, offset(object).flatMap(references) ?? [], 0, 1))
        return nil
    }
    if let problem = push(top) { return problem }
    while !stack.isEmpty {
        let last = stack.count - 1
        if stack[last].next < stack[last].children.count {
            let child = stack[last].children[stack[last].next]
            stack[last].next += 1
            if size[child] >= 0 {
                stack[last].sum = min(limit + 1, stack[last].sum + size[child])
            } else {
                if let problem = push(child) { return problem }
                continue
            }
        } else {
            let done = stack.removeLast()
            size[done.object] = done.sum
            if done.sum > limit {
                return "the binary property list's shared objects expand to more than \(limit) objects"
            }
            if !stack.isEmpty { stack[stack.count - 1].sum = min(limit + 1, stack[stack.count - 1].sum + done.sum) }
        }
    }
    return nil
}
