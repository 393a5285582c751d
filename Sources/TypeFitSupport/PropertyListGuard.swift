import Foundation

/// What a property list must pass before `PropertyListSerialization` is called on it: every
/// property list TypeFit reads (Info.plist, project.pbxproj, .stringsdict, TypographyKit) goes
/// through `problem(in:)` first.
///
/// A binary property list's objects refer to one another by index, and one object may be referred
/// to many times: 40 arrays each holding the next one twice take 234 bytes and stand for 2^40
/// leaves, which `PropertyListSerialization` materializes one by one (a hang, then the memory
/// runs out). The guard counts what the references expand to, without building anything, and
/// refuses a file that expands to more than `maximumObjects` (or twice its bytes, when more)
/// objects — the same bound as YAML aliases in a config. XML and old-style (OpenStep) property
/// lists have no shared references.
public enum PropertyListGuard {
    /// The fewest objects a binary property list may expand to (more for big files: twice its bytes).
    public static let maximumObjects = 100_000

    /// nil when `data` may be given to `PropertyListSerialization`; otherwise the problem, one line
    /// ("the binary property list …").
    public static func problem(in data: Data) -> String? {
        if containsSet(data) { return "the binary property list contains a set" }
        let limit = max(maximumObjects, 2 * data.count)
        switch expandedObjects(data, limit: limit) {
        case .some(.cycle): return "the binary property list's objects refer to themselves"
        case .some(.tooMany):
            return "the binary property list's shared references expand to more than \(limit) objects; refusing what looks like a reference bomb"
        case nil: return nil
        }
    }

    enum Expansion { case cycle, tooMany }

    /// The first problem found walking the object graph from the top object, counting each
    /// reference as a copy; nil when the file is not a binary property list (or its table cannot be
    /// read: `PropertyListSerialization` reports that) or expands to at most `limit` objects.
    static func expandedObjects(_ data: Data, limit: Int) -> Expansion? {
        let bytes = [UInt8](data)
        let n = bytes.count
        guard n >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        func uint(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at <= n - size else { return nil }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }
        let trailer = n - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        guard let count = uint(trailer + 8, 8), let top = uint(trailer + 16, 8), let table = uint(trailer + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(referenceSize), count <= n, top < count,
              table <= trailer, count * offsetSize <= trailer - table else { return nil }
        /// The object references of object `index` (empty for a leaf or an unreadable object).
        func references(_ index: Int) -> [Int] {
            guard let offset = uint(table + index * offsetSize, offsetSize), offset < trailer else { return [] }
            let marker = bytes[offset]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var items = Int(marker & 0x0F)
            var start = offset + 1
            if items == 0x0F {
                guard start < trailer, bytes[start] >> 4 == 0x1 else { return [] }
                let size = 1 << Int(bytes[start] & 0x0F)
                guard let value = uint(start + 1, size) else { return [] }
                items = value
                start += 1 + size
            }
            let total = kind == 0xD ? 2 * items : items
            guard total <= (trailer - start) / referenceSize else { return [] }
            return (0..<total).compactMap { uint(start + $0 * referenceSize, referenceSize) }.filter { $0 < count }
        }
        // Post-order over the graph: each object's expansion once, saturated at limit + 1.
        var expanded = [Int](repeating: -1, count: count)  // -1: not visited, -2: on the path
        var stack: [(index: Int, children: [Int], next: Int, sum: Int)] = [(top, references(top), 0, 1)]
        expanded[top] = -2
        while !stack.isEmpty {
            let last = stack.count - 1
            if stack[last].next < stack[last].children.count {
                let child = stack[last].children[stack[last].next]
                stack[last].next += 1
                switch expanded[child] {
                case -2: return .cycle
                case -1:
                    expanded[child] = -2
                    stack.append((child, references(child), 0, 1))
                default:
                    stack[last].sum = min(limit + 1, stack[last].sum + expanded[child])
                }
                continue
            }
            let done = stack.removeLast()
            expanded[done.index] = done.sum
            if let parent = stack.indices.last { stack[parent].sum = min(limit + 1, stack[parent].sum + done.sum) }
        }
        return expanded[top] > limit ? .tooMany : nil
    }

    /// Whether `data` is a binary property list (`bplist0…`) whose object table holds a set (marker 0xC_).
    /// Swift on Linux crashes (SIGSEGV while bridging NSSet to Set<AnyHashable>, Swift 6.3.1) when
    /// `PropertyListSerialization` meets one, so such files are refused before it is called; no
    /// TypeFit input format uses sets. Unparsable trailers are left to `PropertyListSerialization`.
    static func containsSet(_ data: Data) -> Bool {
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
}
