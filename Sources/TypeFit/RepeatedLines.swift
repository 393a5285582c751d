import FontEngine
import Foundation
import TypeFitSupport

/// Which lines repeat an earlier line byte for byte. Real strings files repeat a lot (the same
/// "OK", "Cancel", "%@" in every locale and app), and a JSON Lines record depends only on the line's bytes and its
/// measurement, so `LineMeasuring.writeRecords` measures and encodes each distinct line once and
/// copies its record for the repeats. Found before the workers start, with hash tables of line
/// numbers (keys compared byte for byte; the hashes are `TextLines.lineHash`), so the work does
/// not depend on how lines are spread over threads. On a pool, each worker takes the lines whose
/// hash falls in its part (equal lines have equal hashes, so a line and all its repeats are in
/// one part, met in line order), and slots are numbered afterwards in the
/// order of their first repeat, exactly as one pass over all lines numbers them.
public struct RepeatedLines: Sendable {
    /// Per line: `measure` (-1), `keep` a record in slot k (2k, a first occurrence that recurs),
    /// or `copy` slot k (2k + 1, a repeat).
    private let roles: [Int32]
    /// Number of slots (distinct lines that recur).
    public let slots: Int
    /// Number of distinct lines.
    public let distinct: Int
    /// Number of lines.
    public var lineCount: Int { roles.count }
    /// UTF-8 bytes of the lines that keep a record (the first occurrences of lines that recur).
    public let keptBytes: Int

    /// What to do with one line.
    public enum Role: Equatable, Sendable {
        /// The only occurrence so far and none later: measure it.
        case measure
        /// The first of several occurrences: measure it and keep its record in `slot`.
        case keep(slot: Int)
        /// A repeat: copy the record kept in `slot`.
        case copy(slot: Int)
    }

    public func role(of line: Int) -> Role {
        let r = Int(roles[line])
        return r < 0 ? .measure : r & 1 == 0 ? .keep(slot: r >> 1) : .copy(slot: r >> 1)
    }

    /// Whether line `i` is measured (it is not a repeat).
    @inline(__always)
    public func isMeasured(_ line: Int) -> Bool { roles[line] < 0 || roles[line] & 1 == 0 }

    /// Lines per part at least: below this, a second thread costs more than it saves.
    static let minimumLinesPerPart = 4_096

    public init(_ lines: TextLines, pool: WorkerPool = WorkerPool(threads: 1)) {
        let count = lines.count
        precondition(count < Int(Int32.max) / 2, "RepeatedLines: too many lines")
        let partCount = max(1, min(pool.size, count / Self.minimumLinesPerPart))
        var roles = [Int32](repeating: -1, count: count)
        // (The buffer stays valid throughout: `forEach` returns when every part is done.)
        let parts = roles.withUnsafeMutableBufferPointer { roles -> [Part] in
            guard partCount > 1 else {
                return [lines.withUTF8 { Part(lines: lines, text: $0, part: 0, of: 1, size: count, roles: roles) }]
            }
            // Lines per part, so each part's table is sized for it (a quick pass over the hashes).
            var sizes = [Int](repeating: 0, count: partCount)
            for i in 0..<count { sizes[Part.part(of: lines.lineHash(i), partCount)] += 1 }
            let out = UnsafeSendable(roles)
            return pool.map(partCount) { [sizes] _, p in
                lines.withUTF8 { Part(lines: lines, text: $0, part: p, of: partCount, size: sizes[p], roles: out.value) }
            }
        }
        // Slots in the order of their first repeat: each part's are in line order already, so
        // merging the parts' lists by line number numbers them as one pass would.
        var slotNumbers = parts.map { [Int32](repeating: 0, count: $0.firstRepeats.count) }
        var next = [Int](repeating: 0, count: parts.count)
        var slots = 0
        while true {
            var pick = -1
            for p in parts.indices where next[p] < parts[p].firstRepeats.count {
                if pick < 0 || parts[p].firstRepeats[next[p]] < parts[pick].firstRepeats[next[pick]] { pick = p }
            }
            guard pick >= 0 else { break }
            slotNumbers[pick][next[pick]] = Int32(slots)
            next[pick] += 1
            slots += 1
        }
        if parts.count > 1 {
            for i in 0..<count where roles[i] >= 0 {
                let r = roles[i]
                roles[i] = 2 * slotNumbers[Part.part(of: lines.lineHash(i), parts.count)][Int(r >> 1)] | (r & 1)
            }
        }
        self.roles = roles
        self.slots = slots
        self.distinct = parts.reduce(0) { $0 + $1.distinct }
        self.keptBytes = parts.reduce(0) { $0 + $1.keptBytes }
    }

    /// The lines of one part: their roles written into `roles` with slots numbered within the
    /// part, in the order of their first repeat (`firstRepeats`: the line of each slot's first repeat).
    private struct Part: Sendable {
        var distinct = 0
        var keptBytes = 0
        var firstRepeats: [Int] = []

        /// Which part a line with hash `h` is in (the hash's high bits; the table uses the low ones).
        @inline(__always)
        static func part(of h: UInt64, _ parts: Int) -> Int { Int(truncatingIfNeeded: (h >> 40) % UInt64(parts)) }

        /// The lines of `part` (of `parts`), `size` of them.
        init(lines: TextLines, text: UnsafeBufferPointer<UInt8>, part: Int, of parts: Int, size: Int, roles: UnsafeMutableBufferPointer<Int32>) {
            var capacity = 16
            while capacity < 2 * size { capacity <<= 1 }
            // Open addressing: 0 = empty, else the first line with those bytes, + 1. Mapped and
            // populated (`AnonymousMapping`), not an array filled with zeros (fresh pages the
            // kernel zeroes, which an array would write once more), nor calloc'd: lines hash all
            // over it and a slot is read before it is written, so each page would be faulted
            // twice, the second time with a TLB flush on the CPUs of the process's other threads.
            let mapping = AnonymousMapping(bytes: capacity * MemoryLayout<Int32>.stride, hugePages: false, populate: true, owner: "RepeatedLines")
            let table = mapping.base.bindMemory(to: Int32.self, capacity: capacity)
            defer { mapping.unmap() }
            let base = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
            for i in 0..<lines.count {
                let h = lines.lineHash(i)
                guard parts == 1 || Self.part(of: h, parts) == part else { continue }
                let range = lines.byteRange(i)
                let p = base + range.lowerBound, n = range.count
                var slot = Int(truncatingIfNeeded: h) & (capacity - 1)
                while true {
                    let found = Int(table[slot]) - 1
                    if found < 0 {
                        table[slot] = Int32(i + 1)
                        distinct += 1
                        break
                    }
                    let other = lines.byteRange(found)
                    if other.count == n && memcmp(base + other.lowerBound, p, n) == 0 {
                        if roles[found] < 0 {
                            roles[found] = Int32(2 * firstRepeats.count)
                            firstRepeats.append(i)
                            keptBytes += n
                        }
                        roles[i] = roles[found] | 1
                        break
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
            }
        }
    }
}
