#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import TypeFitSupport

/// A bounded hash table from (tag, UTF-8 bytes) to a shaped segment's measurements, for one
/// `FastMeasurer` (one font, features and language; one thread). Keys are compared byte for byte
/// (never by Swift `String` equality, which treats canonically equivalent texts as equal though
/// they can shape differently). Memory is reserved at init (missing-character lists included): when the entries, key bytes or lists are
/// full, the table is cleared and refilled (clear-on-full keeps the hot path free of allocation).
/// Its counters are `@exclusivity(unchecked)`: one thread, no re-entrant access (see FastMeasurer).
final class SegmentCache {
    /// What is cached for a segment (all in font units).
    struct Entry {
        var hash: UInt64
        var start: Int32
        var length: Int32
        var tag: UInt32
        /// Where this entry's missing characters start in the cache's list store, -1 = none kept
        /// (fills the padding before `advance`: the entry stays 72 bytes).
        var missingList: Int32 = -1
        /// 64-bit: a line's advance passes 2³¹ − 1 units at about a million wide glyphs.
        var advance: Int
        /// `Flags` bits.
        var flags: UInt32
        var missing: Int32
        /// xMin, yMin, xMax, yMax, 64-bit like `advance` (x grows with the pen).
        var ink: (Int, Int, Int, Int)
    }

    enum Flags {
        /// `ink` holds a box.
        static let hasInk: UInt32 = 4
        /// A line's entry (`FastMeasurer.measure`): bits 8… hold its grapheme clusters + 1
        /// (0 = not counted, or 2²⁴ − 1 clusters or more).
        static let clusterShift: UInt32 = 8
    }

    let entryCapacity: Int
    let byteCapacity: Int
    private let slotMask: Int
    private let slots: UnsafeMutablePointer<Int32>  // 0 = empty, else entry index + 1
    private let entries: UnsafeMutablePointer<Entry>
    private let bytes: UnsafeMutablePointer<UInt8>
    /// The mapping that holds slots, entries and bytes.
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int
    /// Missing-character lists: at an entry's `missingList`, the count n, then n values
    /// (UTF-8 offset in the segment << 32 | scalar). In the mapping after the key bytes (it was
    /// a growing Swift array: 12 % of `typefit measure`'s page faults), cleared with the table.
    private let lists: UnsafeMutablePointer<UInt64>
    private let listCapacity: Int
    @exclusivity(unchecked) private var listCount = 0
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var usedBytes = 0
    /// How many times the table was full and cleared.
    @exclusivity(unchecked) private(set) var clears = 0

    /// At most `entryCapacity` segments holding at most `byteCapacity` key bytes.
    init(entryCapacity: Int, byteCapacity: Int, hugePages: Bool = false) {
        self.entryCapacity = max(16, entryCapacity)
        self.byteCapacity = max(1024, byteCapacity)
        var slotCount = 16
        while slotCount < self.entryCapacity * 2 { slotCount <<= 1 }
        slotMask = slotCount - 1
        listCapacity = self.byteCapacity / 4
        // Slots, entries and key bytes in one anonymous mapping: the kernel hands out zeroed
        // pages as they are first touched, so a measurer that sees few lines does not pay for
        // zeroing the whole table. With `hugePages` (MADV_HUGEPAGE, 2 MiB aligned) a page fault
        // maps 2 MiB instead of 4 KiB: `typefit measure` on 20,000 lines touched about 1,200
        // small pages here, and page faults were about a tenth of its CPU time (`perf record`).
        // Where the kernel has huge pages off, the advice is ignored.
        let slotBytes = slotCount * MemoryLayout<Int32>.stride
        let entryOffset = (slotBytes + 63) & ~63
        let byteOffset = entryOffset + self.entryCapacity * MemoryLayout<Entry>.stride
        let listOffset = (byteOffset + self.byteCapacity + 7) & ~7
        let huge = 2 << 20
        mappedBytes = (listOffset + listCapacity * 8 + huge - 1) / huge * huge + huge  // + room to align
        guard let mapped = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { fatalError("SegmentCache: out of memory (\(mappedBytes) bytes)") }
        mapping = mapped
        let aligned = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: mapped) + huge - 1) & ~(huge - 1))!
        if hugePages { _ = madvise(aligned, mappedBytes - huge, MADV_HUGEPAGE) }
        slots = aligned.bindMemory(to: Int32.self, capacity: slotCount)
        entries = (aligned + entryOffset).bindMemory(to: Entry.self, capacity: self.entryCapacity)
        bytes = (aligned + byteOffset).bindMemory(to: UInt8.self, capacity: self.byteCapacity)
        lists = (aligned + listOffset).bindMemory(to: UInt64.self, capacity: listCapacity)
    }

    deinit {
        munmap(mapping, mappedBytes)
    }

    /// Bytes this cache can hold (reserved at init; pages are touched as they fill), missing-character
    /// lists included.
    var memoryFootprint: Int { (slotMask + 1) * 4 + entryCapacity * MemoryLayout<Entry>.stride + byteCapacity + listCapacity * 8 }

    /// A 64-bit hash of `length` bytes at `p` and `tag` (`ByteHash`).
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ length: Int, _ tag: UInt32) -> UInt64 { ByteHash.hash(p, length, tag) }

    /// The entry for these bytes and tag, if cached.
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ length: Int, tag: UInt32, hash: UInt64) -> Entry? {
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let index = Int(slots[slot])
            if index == 0 { return nil }
            let e = entries[index - 1]
            if e.hash == hash, e.tag == tag, Int(e.length) == length,
               memcmp(bytes + Int(e.start), p, length) == 0 {
                return e
            }
            slot = (slot + 1) & slotMask
        }
    }

    /// Stores `entry` (its hash, tag and flags set by the caller) for these bytes; clears the
    /// whole table first when it is full. Segments longer than a quarter of the byte capacity
    /// are not stored.
    func insert(_ p: UnsafePointer<UInt8>, _ length: Int, entry: Entry, missing: ArraySlice<UInt64>? = nil) {
        if length > byteCapacity / 4 { return }
        let listLength = missing.map { $0.count + 1 } ?? 0
        if listLength > listCapacity / 4 { return }
        if count == entryCapacity || usedBytes + length > byteCapacity || listCount + listLength > listCapacity { clear() }
        var e = entry
        if let missing {
            e.missingList = Int32(listCount)
            lists[listCount] = UInt64(missing.count)
            var at = listCount + 1
            for value in missing {
                lists[at] = value
                at += 1
            }
            listCount = at
        } else {
            e.missingList = -1
        }
        e.start = Int32(usedBytes)
        e.length = Int32(length)
        (bytes + usedBytes).update(from: p, count: length)
        usedBytes += length
        entries[count] = e
        count += 1
        var slot = Int(truncatingIfNeeded: e.hash) & slotMask
        while slots[slot] != 0 { slot = (slot + 1) & slotMask }
        slots[slot] = Int32(count)
    }

    /// The missing-character list stored with `entry` (empty when none was stored).
    func missingList(of entry: Entry) -> UnsafeBufferPointer<UInt64> {
        guard entry.missingList >= 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = Int(entry.missingList) + 1
        return UnsafeBufferPointer(start: lists + start, count: Int(lists[start - 1]))
    }

    /// Forgets everything (memory stays allocated).
    func clear() {
        slots.update(repeating: 0, count: slotMask + 1)
        listCount = 0
        count = 0
        usedBytes = 0
        clears += 1
    }
}
