#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Synchronization
import TypeFitSupport

/// The cache of the `FastMeasurer`s of one run (`FastMeasurer.group`; a lone measurer is a group
/// of one): shaped pieces, whole lines and cut checks, keyed by a tag (script, `lineTag`, or
/// `cutTag`) and UTF-8 bytes compared byte for byte (never by Swift `String` equality, which
/// treats canonically equivalent texts as equal though they can shape differently). What one
/// thread shapes, the others find. Bounded; memory is one anonymous mapping, reserved at init,
/// pages touched as they fill, freed with the last measurer.
///
/// - `slots`: an open-addressing table of 64-bit words, 0 = empty, else the entry's hash's high
///   32 bits and (its record's offset in `arena` / 8 + 1). Read with acquire loads, filled with
///   a compare-and-exchange (acquire-release; acquire on failure): a lookup never takes a lock
///   and never waits, and it sees a record only after its writer's release, so only after the
///   record's bytes are written. A slot, once filled, never changes while the table is shared.
/// - `arena`: the records (`Entry`, key bytes, missing-character list). Each writer (one per
///   measurer, `Cursor`) takes 64 KiB chunks with one atomic add and writes its records there
///   with plain stores before publishing them, so no two threads write the same bytes.
///
/// Full (more than `entryCapacity` entries, or no chunk left): a table shared by several
/// measurers keeps what it has and takes no more (`LineMeasuring` sizes it for its text); a
/// table with one measurer is cleared when that measurer starts its next line (`startLine`),
/// so the missing-character list of an entry found while measuring a line stays readable until
/// the line is done. Two threads inserting the same key at once: the second finds the first's
/// slot while probing, compares its key, and drops its own record (both hold the same
/// measurements: the same font, features, language and text shape the same).
final class SegmentCache: @unchecked Sendable {  // shared state: atomics; records are immutable once published
    /// What is kept for a piece, a line or a cut check (all in font units).
    struct Entry {
        var hash: UInt64
        var start: Int32
        var length: Int32
        var tag: UInt32
        /// Where this entry's missing characters are (an offset in the arena / 8), -1 = none
        /// kept (fills the padding before `advance`: the entry stays 72 bytes).
        var missingList: Int32 = -1
        /// 64-bit: a line's advance passes 2³¹ − 1 units at about a million wide glyphs. A cut
        /// check's entry: 1 = safe, 0 = unsafe.
        var advance: Int
        /// `Flags` bits.
        var flags: UInt32
        var missing: Int32
        /// xMin, yMin, xMax, yMax, 64-bit like `advance` (x grows with the pen).
        var ink: (Int, Int, Int, Int)

        /// An entry with nothing measured yet.
        static func empty(hash: UInt64 = 0, tag: UInt32 = 0) -> Entry {
            Entry(hash: hash, start: 0, length: 0, tag: tag, advance: 0, flags: 0, missing: 0, ink: (0, 0, 0, 0))
        }
    }

    enum Flags {
        /// `ink` holds a box.
        static let hasInk: UInt32 = 4
        /// A line's entry (`FastMeasurer.measure`): bits 8… hold its grapheme clusters + 1
        /// (0 = not counted, or 2²⁴ − 1 clusters or more). Above `hasInk` (bit 2).
        static let clusterShift: UInt32 = 8
    }

    /// The tag of whole lines.
    static let lineTag: UInt32 = 0xFFFF_FFFF
    /// The tag of a cut check in a run of `script` (a HarfBuzz script tag: its high bit is never set).
    @inline(__always)
    static func cutTag(_ script: UInt32) -> UInt32 { script | 1 << 31 }

    /// A 64-bit hash of `length` bytes at `p` and `tag` (`ByteHash`).
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ length: Int, _ tag: UInt32) -> UInt64 { ByteHash.hash(p, length, tag) }

    /// A measurer's place in the table: the chunk it writes into, and what it knows of the
    /// table being full (one per measurer; never shared).
    struct Cursor {
        var next = 0
        var end = 0
        /// The table was full at this measurer's last insert; with one measurer, it is cleared
        /// at the next `startLine`.
        var full = false
        /// Times the table was cleared (one measurer only).
        var clears = 0
    }

    static let chunkBytes = 64 << 10
    static let recordHeader = (MemoryLayout<Entry>.stride + 7) & ~7

    let entryCapacity: Int
    let arenaBytes: Int
    /// Measurers writing into the table (`FastMeasurer.group`'s count).
    let measurers: Int
    private let slotMask: Int
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>
    private let arena: UnsafeMutableRawPointer
    private let mapping: AnonymousMapping
    /// Entries reserved (inserts attempted while not full), and chunks handed out.
    private let reserved = Atomic<Int>(0)
    private let chunksTaken = Atomic<Int>(0)
    private let chunkCount: Int

    /// At most `entryCapacity` entries; `arenaBytes` for records (each: 72-byte entry, key bytes
    /// rounded up to 8, 8 bytes per missing character + 8); written by `measurers` measurers.
    /// `hugePages`: the mapping asked for as transparent huge pages (`AnonymousMapping`), for
    /// long runs over many lines.
    init(entryCapacity: Int, arenaBytes: Int, measurers: Int, hugePages: Bool = false) {
        self.entryCapacity = max(16, entryCapacity)
        self.measurers = measurers
        chunkCount = max(1, (arenaBytes + Self.chunkBytes - 1) / Self.chunkBytes)
        self.arenaBytes = chunkCount * Self.chunkBytes
        // Offsets / 8 + 1 fit 31 bits (slot words and `Entry.missingList`).
        precondition(self.arenaBytes < 1 << 33, "SegmentCache: arena too large")
        // Load ≤ 2/3 when full, so probing ends; fewer slots than at ≤ 1/2 stay in the
        // processor's cache more often, and a lookup waits mostly on its slot's load.
        var slotCount = 16
        while slotCount < self.entryCapacity * 3 / 2 { slotCount <<= 1 }
        slotMask = slotCount - 1
        let slotBytes = slotCount * 8
        let arenaOffset = (slotBytes + Self.chunkBytes - 1) & ~(Self.chunkBytes - 1)
        mapping = AnonymousMapping(bytes: arenaOffset + self.arenaBytes, hugePages: hugePages, owner: "SegmentCache")
        // The kernel's zeroed pages are empty slots: an `Atomic<UInt64>` is its value's 8 bytes.
        slots = mapping.base.bindMemory(to: Atomic<UInt64>.self, capacity: slotCount)
        arena = mapping.base + arenaOffset
    }

    /// A table for `limits`, written by `measurers` measurers: room for `limits.entries` entries
    /// and about 1.5 × `limits.bytes` of key bytes and missing-character lists besides them.
    convenience init(limits: FastMeasurer.CacheLimits, measurers: Int) {
        let entries = max(16, limits.entries)
        self.init(entryCapacity: entries, arenaBytes: entries * (Self.recordHeader + 8) + limits.bytes * 3 / 2,
                  measurers: measurers, hugePages: limits.hugePages)
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

    /// The entry for these bytes and tag, if stored. Lock-free; its `missingList` is read with
    /// `missingList(of:)`.
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
    /// missing-character list, writing the record at `cursor` (the caller's own). Not stored:
    /// a record larger than a quarter of a chunk, or the table is full (`cursor.full`).
    func insert(_ p: UnsafePointer<UInt8>, _ length: Int, entry: Entry, missing: ArraySlice<UInt64>? = nil, cursor: inout Cursor) {
        if cursor.full { return }
        let keyBytes = (length + 7) & ~7
        let size = Self.recordHeader + keyBytes + (missing.map { ($0.count + 1) * 8 } ?? 0)
        if size > Self.chunkBytes / 4 { return }
        if cursor.next + size > cursor.end {
            let chunk = chunksTaken.wrappingAdd(1, ordering: .relaxed).oldValue
            if chunk >= chunkCount {
                cursor.full = true
                return
            }
            cursor.next = chunk * Self.chunkBytes
            cursor.end = cursor.next + Self.chunkBytes
        }
        if reserved.wrappingAdd(1, ordering: .relaxed).oldValue >= entryCapacity {
            cursor.full = true
            return
        }
        let r = arena + cursor.next
        var e = entry
        e.start = 0
        e.length = Int32(length)
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
                return
            }
            // Another writer's entry for the same key: keep it (same measurements); this
            // record's bytes are reused by the next insert.
            if matches(found, p, length, tag: e.tag, hash: e.hash) != nil { return }
            slot = (slot + 1) & slotMask
        }
    }

    /// The missing-character list stored with `entry` (empty when none was stored); published
    /// records never change, so it stays valid until the table is cleared.
    func missingList(of entry: Entry) -> UnsafeBufferPointer<UInt64> {
        guard entry.missingList >= 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        let words = UnsafePointer((arena + Int(entry.missingList) * 8).assumingMemoryBound(to: UInt64.self))
        return UnsafeBufferPointer(start: words + 1, count: Int(words[0]))
    }

    /// Called by a measurer before it measures a line: a full table with no other measurer is
    /// emptied (its memory stays reserved) and filled again from here.
    @inline(__always)
    func startLine(_ cursor: inout Cursor) {
        if cursor.full && measurers == 1 { clear(&cursor) }
    }

    private func clear(_ cursor: inout Cursor) {
        UnsafeMutableRawPointer(slots).initializeMemory(as: UInt8.self, repeating: 0, count: (slotMask + 1) * 8)
        reserved.store(0, ordering: .relaxed)
        chunksTaken.store(0, ordering: .relaxed)
        cursor = Cursor(clears: cursor.clears + 1)
    }
}
