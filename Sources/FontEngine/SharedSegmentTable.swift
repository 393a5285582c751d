#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Synchronization
import TypeFitSupport

/// The segment (and line) cache shared by the `FastMeasurer`s of one run (`FastMeasurer.group`):
/// what one thread shapes, the others find. Same keys and entries as `SegmentCache` (tag and
/// UTF-8 bytes compared byte for byte), insert-only, bounded:
///
/// - `slots`: an open-addressing table of 64-bit words, 0 = empty, else the entry's hash's high
///   32 bits and (its record's offset in `arena` / 8 + 1). Read with acquire loads, filled with
///   a compare-and-exchange (acquire-release; acquire on failure): a lookup never takes a lock
///   and never waits, and it sees a record only after its writer's release, so only after the
///   record's bytes are written. A slot, once filled, never changes.
/// - `arena`: the records (`SegmentCache.Entry`, key bytes, missing-character list). Each writer
///   (one per measurer, `Cursor`) takes 64 KiB chunks with one atomic add and writes its records
///   there with plain stores before publishing them, so no two threads write the same bytes.
///
/// Full (more than `entryCapacity` entries, or no chunk left): the inserting measurer keeps
/// its further entries in its own private `SegmentCache` (clear-on-full, as without sharing)
/// and still reads this table. Two threads inserting the same key at once: the second finds the
/// first's slot while probing, compares its key, and drops its own record (both hold the same
/// measurements: the same font, features, language and text shape the same). Memory: one
/// anonymous mapping (pages touched as they fill) freed when the last measurer goes.
final class SharedSegmentTable: @unchecked Sendable {  // shared state: atomics; records are immutable once published
    typealias Entry = SegmentCache.Entry

    /// A writer's place in its current chunk (one per measurer; never shared).
    struct Cursor {
        var next = 0
        var end = 0
    }

    enum InsertResult {
        case stored
        /// Larger than a chunk allows: keep it elsewhere; the table is not full.
        case tooLarge
        /// No room left (entries or bytes): keep this and later entries elsewhere.
        case full
    }

    static let chunkBytes = 64 << 10
    static let recordHeader = (MemoryLayout<Entry>.stride + 7) & ~7

    let entryCapacity: Int
    let arenaBytes: Int
    private let slotMask: Int
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>
    private let arena: UnsafeMutableRawPointer
    private let mapping: AnonymousMapping
    /// Entries reserved (inserts attempted while not full), and chunks handed out.
    private let reserved = Atomic<Int>(0)
    private let chunksTaken = Atomic<Int>(0)
    private let chunkCount: Int

    /// At most `entryCapacity` entries; `arenaBytes` for records (each: 72-byte entry, key bytes
    /// rounded up to 8, 8 bytes per missing character + 8). `hugePages`: as `SegmentCache`.
    init(entryCapacity: Int, arenaBytes: Int, hugePages: Bool = false) {
        self.entryCapacity = max(16, entryCapacity)
        chunkCount = max(1, (arenaBytes + Self.chunkBytes - 1) / Self.chunkBytes)
        self.arenaBytes = chunkCount * Self.chunkBytes
        // Offsets / 8 + 1 fit 31 bits (slot words and `Entry.missingList`).
        precondition(self.arenaBytes < 1 << 33, "SharedSegmentTable: arena too large")
        var slotCount = 16
        // Load ≤ 2/3 when full, so probing ends. Not ≤ 1/2: a lookup waits mostly on its slot's
        // load from memory, and fewer slots stay in the processor's cache more often. On the
        // bench's 20,000 lines (40,000 entries reserved, about 21,800 used): 65,536 slots,
        // 512 KiB, instead of 1 MiB; `typefit measure`, Liberation Sans, 40 alternated runs,
        // best wall 46.4 → 45.8 ms on one thread, 27.3 → 27.0 ms on two.
        while slotCount < self.entryCapacity * 3 / 2 { slotCount <<= 1 }
        slotMask = slotCount - 1
        let slotBytes = slotCount * 8
        let arenaOffset = (slotBytes + Self.chunkBytes - 1) & ~(Self.chunkBytes - 1)
        mapping = AnonymousMapping(bytes: arenaOffset + self.arenaBytes, hugePages: hugePages, owner: "SharedSegmentTable")
        // The kernel's zeroed pages are empty slots: an `Atomic<UInt64>` is its value's 8 bytes.
        slots = mapping.base.bindMemory(to: Atomic<UInt64>.self, capacity: slotCount)
        arena = mapping.base + arenaOffset
    }

    deinit {
        mapping.unmap()
    }

    /// Bytes reserved: slots and arena (pages are touched as they fill).
    var memoryFootprint: Int { (slotMask + 1) * 8 + arenaBytes }

    /// Entries stored (for tests: duplicates dropped are not counted).
    var count: Int {
        var n = 0
        for s in 0...slotMask where slots[s].load(ordering: .acquiring) != 0 { n += 1 }
        return n
    }

    @inline(__always)
    private func record(_ word: UInt64) -> UnsafeMutableRawPointer {
        arena + (Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1) * 8
    }

    @inline(__always)
    private func matches(_ word: UInt64, _ p: UnsafePointer<UInt8>, _ length: Int, tag: UInt32, hash: UInt64) -> Entry? {
        guard word >> 32 == hash >> 32 else { return nil }
        let r = record(word)
        let e = r.load(as: Entry.self)
        guard e.hash == hash, e.tag == tag, Int(e.length) == length,
              memcmp(r + Self.recordHeader, p, length) == 0 else { return nil }
        return e
    }

    /// The entry for these bytes and tag, if stored. Lock-free; its `flags` carry
    /// `SegmentCache.Flags.shared` and its `missingList` is this table's (`missingList(at:)`).
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ length: Int, tag: UInt32, hash: UInt64) -> Entry? {
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let word = slots[slot].load(ordering: .acquiring)
            if word == 0 { return nil }
            if let e = matches(word, p, length, tag: tag, hash: hash) { return e }
            slot = (slot + 1) & slotMask
        }
    }

    /// Stores `entry` (hash, tag, advance, … set by the caller) for these bytes with its
    /// missing-character list, writing the record at `cursor` (the caller's own).
    func insert(_ p: UnsafePointer<UInt8>, _ length: Int, entry: Entry, missing: ArraySlice<UInt64>?,
                cursor: inout Cursor) -> InsertResult {
        let keyBytes = (length + 7) & ~7
        let size = Self.recordHeader + keyBytes + (missing.map { ($0.count + 1) * 8 } ?? 0)
        if size > Self.chunkBytes / 4 { return .tooLarge }
        if cursor.next + size > cursor.end {
            let chunk = chunksTaken.wrappingAdd(1, ordering: .relaxed).oldValue
            if chunk >= chunkCount { return .full }
            cursor.next = chunk * Self.chunkBytes
            cursor.end = cursor.next + Self.chunkBytes
        }
        if reserved.wrappingAdd(1, ordering: .relaxed).oldValue >= entryCapacity { return .full }
        let r = arena + cursor.next
        var e = entry
        e.start = 0
        e.length = Int32(length)
        e.flags |= SegmentCache.Flags.shared
        e.missingList = -1
        if let missing {
            let list = cursor.next + Self.recordHeader + keyBytes
            e.missingList = Int32(list / 8)
            let words = (arena + list).assumingMemoryBound(to: UInt64.self)
            words[0] = UInt64(missing.count)
            for (k, v) in missing.enumerated() { words[1 + k] = v }
        }
        r.storeBytes(of: e, as: Entry.self)
        (r + Self.recordHeader).copyMemory(from: p, byteCount: length)
        let word = (e.hash >> 32) << 32 | UInt64(cursor.next / 8 + 1)
        var slot = Int(truncatingIfNeeded: e.hash) & slotMask
        while true {
            let (stored, found) = slots[slot].compareExchange(expected: 0, desired: word, successOrdering: .acquiringAndReleasing,
                                                             failureOrdering: .acquiring)
            if stored {
                cursor.next += size
                return .stored
            }
            // Another writer's entry for the same key: keep it (same measurements); this
            // record's bytes are reused by the next insert.
            if matches(found, p, length, tag: e.tag, hash: e.hash) != nil { return .stored }
            slot = (slot + 1) & slotMask
        }
    }

    /// The missing-character list at `index` (an entry's `missingList`); published records never
    /// change, so it stays valid as long as the table.
    func missingList(at index: Int32) -> UnsafeBufferPointer<UInt64> {
        let words = UnsafePointer((arena + Int(index) * 8).assumingMemoryBound(to: UInt64.self))
        return UnsafeBufferPointer(start: words + 1, count: Int(words[0]))
    }
}

extension FastMeasurer {
    /// `count` measurers with the same settings for the `count` threads of one run (one each).
    /// They share one segment and line cache (`SharedSegmentTable`, holding `cacheLimits.entries`
    /// entries and `cacheLimits.bytes` bytes of text): a word or line one thread has shaped is
    /// not shaped again by another. Each also has a private table of those limits, touched only
    /// once the shared one is full. A group of one has the shared table too: its slots and one
    /// arena of records touch fewer pages than a private table's four regions (slots, entries,
    /// key bytes, missing lists, each reserved at full size): on 20,000 corpus lines, 2 huge
    /// pages instead of 4 (`typefit measure --threads 1`).
    public static func group(count: Int, font: ShapingFont, features: String = "", language: String? = nil,
                             computesInk: Bool = false, cacheLimits: CacheLimits = .standard) throws -> [FastMeasurer] {
        let shared = count > 0
            ? SharedSegmentTable(entryCapacity: cacheLimits.entries,
                                 arenaBytes: max(16, cacheLimits.entries) * (SharedSegmentTable.recordHeader + 8) + cacheLimits.bytes * 3 / 2,
                                 hugePages: cacheLimits.hugePages)
            : nil
        return try (0..<max(0, count)).map { _ in
            try FastMeasurer(font: font, features: features, language: language, computesInk: computesInk, cacheLimits: cacheLimits,
                             shared: shared)
        }
    }
}
