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
/// full, the table is cleared and refilled (clear-on-full keeps the hot path free of allocation):
/// an insert into a full table is dropped and the table is cleared at the next lookup of a whole
/// line (`lineTag`), so the missing-character list of an entry found while measuring a line stays
/// readable until that line is done (a clear between a piece's lookup and its use gave another
/// list's characters, or crashed on an index past the end).
/// Its counters are `@exclusivity(unchecked)`: one thread, no re-entrant access (see FastMeasurer).
/// With `shared` (the measurers of one run, `FastMeasurer.group`), entries go to the shared
/// table and are looked up there first; this private table holds what the shared one has no
/// room for once it is full.
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
        /// The entry is a `SharedSegmentTable`'s: `missingList` indexes its arena.
        static let shared: UInt32 = 8
        /// A line's entry (`FastMeasurer.measure`): bits 8… hold its grapheme clusters + 1
        /// (0 = not counted, or 2²⁴ − 1 clusters or more). Above `shared` (bit 3) and `hasInk` (bit 2).
        static let clusterShift: UInt32 = 8
    }

    let entryCapacity: Int
    let byteCapacity: Int
    private let slotMask: Int
    private let slots: UnsafeMutablePointer<Int32>  // 0 = empty, else entry index + 1
    private let entries: UnsafeMutablePointer<Entry>
    private let bytes: UnsafeMutablePointer<UInt8>
    /// The mapping that holds slots, entries and bytes.
    private let mapping: AnonymousMapping
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
    /// Full: cleared at the next lookup with `lineTag`; inserts are dropped until then.
    @exclusivity(unchecked) private var clearPending = false
    /// The tag of whole lines (FastMeasurer's): a lookup with it starts a line.
    static let lineTag: UInt32 = 0xFFFF_FFFF
    /// The table shared with the run's other measurers, this measurer's place in it, and whether
    /// it was full when this measurer last inserted (then this table takes the new entries).
    let shared: SharedSegmentTable?
    @exclusivity(unchecked) private var sharedCursor = SharedSegmentTable.Cursor()
    @exclusivity(unchecked) private(set) var sharedFull = false

    /// At most `entryCapacity` segments holding at most `byteCapacity` key bytes.
    init(entryCapacity: Int, byteCapacity: Int, hugePages: Bool = false, shared: SharedSegmentTable? = nil) {
        self.shared = shared
        self.entryCapacity = max(16, entryCapacity)
        self.byteCapacity = max(1024, byteCapacity)
        var slotCount = 16
        while slotCount < self.entryCapacity * 2 { slotCount <<= 1 }
        slotMask = slotCount - 1
        listCapacity = self.byteCapacity / 4
        // Slots, entries and key bytes in one `AnonymousMapping` (pages zeroed as first touched;
        // with `hugePages`, 2 MiB per fault: `typefit measure` on 20,000 lines touched about
        // 1,200 small pages here, and page faults were about a tenth of its CPU time).
        let slotBytes = slotCount * MemoryLayout<Int32>.stride
        let entryOffset = (slotBytes + 63) & ~63
        let byteOffset = entryOffset + self.entryCapacity * MemoryLayout<Entry>.stride
        let listOffset = (byteOffset + self.byteCapacity + 7) & ~7
        mapping = AnonymousMapping(bytes: listOffset + listCapacity * 8, hugePages: hugePages, owner: "SegmentCache")
        // Alone (no shared table), its slots are read and written all over from the first
        // lines: made writable at once (`AnonymousMapping`: touched page by page, each slot page
        // was faulted twice, the second time interrupting the other threads' CPUs to flush
        // their TLBs; `typefit audit` on the bench's 30-screen slice, 2 threads: 608 of its 925
        // such interrupts). With a shared table they stay untouched until it is full.
        if shared == nil { mapping.populate(0..<slotBytes) }
        let aligned = mapping.base
        slots = aligned.bindMemory(to: Int32.self, capacity: slotCount)
        entries = (aligned + entryOffset).bindMemory(to: Entry.self, capacity: self.entryCapacity)
        bytes = (aligned + byteOffset).bindMemory(to: UInt8.self, capacity: self.byteCapacity)
        lists = (aligned + listOffset).bindMemory(to: UInt64.self, capacity: listCapacity)
    }

    deinit {
        mapping.unmap()
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
        // An empty table is not probed: with a shared table, this one stays untouched (no page
        // faults) until the shared one is full. (A pending clear implies a full table.)
        if count != 0, let e = lookupPrivate(p, length, tag: tag, hash: hash) { return e }
        return shared == nil ? nil : lookupShared(p, length, tag: tag, hash: hash)
    }

    /// The shared table (this one holds only what the shared one had no room for). Out of line:
    /// one measurer alone runs none of it.
    @inline(never)
    private func lookupShared(_ p: UnsafePointer<UInt8>, _ length: Int, tag: UInt32, hash: UInt64) -> Entry? {
        shared!.lookup(p, length, tag: tag, hash: hash)
    }

    @inline(__always)
    private func lookupPrivate(_ p: UnsafePointer<UInt8>, _ length: Int, tag: UInt32, hash: UInt64) -> Entry? {
        if tag == Self.lineTag && clearPending { clear() }
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

    /// Stores `entry` (its hash, tag and flags set by the caller) for these bytes; drops it when
    /// the table is full (cleared at the next line). Segments longer than a quarter of the byte capacity
    /// are not stored.
    func insert(_ p: UnsafePointer<UInt8>, _ length: Int, entry: Entry, missing: ArraySlice<UInt64>? = nil) {
        if shared != nil && !sharedFull && insertShared(p, length, entry: entry, missing: missing) { return }
        if length > byteCapacity / 4 { return }
        let listLength = missing.map { $0.count + 1 } ?? 0
        if listLength > listCapacity / 4 { return }
        if clearPending { return }
        if count == entryCapacity || usedBytes + length > byteCapacity || listCount + listLength > listCapacity {
            clearPending = true
            return
        }
        var e = entry
        e.flags &= ~Flags.shared
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

    /// Stores the entry in the shared table; false when it goes here (too large, or the shared table is full).
    @inline(never)
    private func insertShared(_ p: UnsafePointer<UInt8>, _ length: Int, entry: Entry, missing: ArraySlice<UInt64>?) -> Bool {
        switch shared!.insert(p, length, entry: entry, missing: missing, cursor: &sharedCursor) {
        case .stored: return true
        case .tooLarge: return false
        case .full:
            sharedFull = true
            return false
        }
    }

    /// The missing-character list stored with `entry` (empty when none was stored).
    func missingList(of entry: Entry) -> UnsafeBufferPointer<UInt64> {
        guard entry.missingList >= 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        if entry.flags & Flags.shared != 0, let shared { return shared.missingList(at: entry.missingList) }
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
        clearPending = false
    }
}
