import Dispatch
import Foundation
import TestSupport
import Synchronization
import Testing
@testable import FontEngine

/// The cache shared by the measurers of one run (`FastMeasurer.group`, `SegmentCache`): what one
/// measurer shaped another finds; answers stay those of whole-line shaping (`Shaper`, checked
/// against `hb-shape` by ShapingTests) when the table fills and when threads race.
@Suite(.serialized) struct SharedCacheTests {
    static let lines = FastPathExactnessTests.lines

    /// A value that depends on every byte of a key (FNV-1a), to check a looked-up entry is the key's own.
    static func fnv(_ bytes: [UInt8]) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: h >> 1)
    }

    static func entry(_ key: [UInt8], tag: UInt32) -> SegmentCache.Entry {
        let hash = key.withUnsafeBufferPointer { SegmentCache.hash($0.baseAddress!, $0.count, tag) }
        return SegmentCache.Entry(hash: hash, start: 0, length: 0, tag: tag, advance: fnv(key), flags: 0, missing: Int32(key.count % 3),
                                  ink: (key.count, 0, 0, 0))
    }

    @Test func aSecondMeasurerFindsTheFirstOnesLinesAndWords() throws {
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let shaper = try Shaper(face: face)
        let group = try FastMeasurer.group(count: 2, font: ShapingFont(face: face), computesInk: true)
        let sample = Array(Self.lines.prefix(800))
        for line in sample { #expect(group[0].measure(Substring(line)) == shaper.measure(Substring(line)), "\(line)") }
        #expect(group[0].statistics.shapeCalls > sample.count / 2)
        // Every line is already in the shared table: no shaping at all, same answers.
        for line in sample { #expect(group[1].measure(Substring(line)) == shaper.measure(Substring(line)), "\(line)") }
        #expect(group[1].statistics.lineHits == sample.count)
        #expect(group[1].statistics.shapeCalls == 0)
        // A line made of words the first measurer shaped: found word by word.
        let words = sample[3].split(separator: " ").reversed().joined(separator: " ")
        #expect(group[1].measure(Substring(words)) == shaper.measure(Substring(words)))
    }

    /// A measurer of a group finds what the others shaped (pieces, lines and cut checks) as if it
    /// had shaped it itself: after measurer 0 has seen the sample, measurer 1 makes about as many
    /// hb_shape calls on changed lines (a word appended: new lines, mostly known pieces and cut
    /// neighbourhoods) as one measurer that saw both, and far fewer than a measurer that saw only
    /// them. (Not exactly as many: the parts of a new cut neighbourhood, "x␣" and "Y", are kept per
    /// measurer, so measurer 1 shapes those it has not met.)
    @Test func aGroupShapesAboutAsLittleAsOneMeasurer() throws {
        let face = try FontFace(path: Repository.font("Inter/Inter-Regular.otf"))
        let font = ShapingFont(face: face)
        let shaper = try Shaper(face: face)
        let sample = Array(Self.lines.prefix(1200))
        let changed = sample.map { $0 + " Okay" }
        let one = try FastMeasurer(font: font, computesInk: true)
        for line in sample { _ = one.measure(Substring(line)) }
        let before = one.statistics.shapeCalls
        for line in changed { _ = one.measure(Substring(line)) }
        let alone = one.statistics.shapeCalls - before
        let fresh = try FastMeasurer(font: font, computesInk: true)
        for line in changed { _ = fresh.measure(Substring(line)) }
        let group = try FastMeasurer.group(count: 2, font: font, computesInk: true)
        for line in sample { _ = group[0].measure(Substring(line)) }
        #expect(group[0].statistics.shapeCalls == before)
        for line in changed { #expect(group[1].measure(Substring(line)) == shaper.measure(Substring(line))) }
        let shared = group[1].statistics.shapeCalls
        #expect(shared >= alone && shared - alone < (fresh.statistics.shapeCalls - alone) / 20, "\(alone) \(shared) \(fresh.statistics.shapeCalls)")
    }

    /// 16 entries: the table is full after the first 16 inserts; shared by two measurers, it
    /// keeps those and takes no more (it is not cleared under a measurer that may be reading
    /// it), and every answer is still exact.
    @Test func aFullSharedTableKeepsAnswersExact() throws {
        let face = try FontFace(path: Repository.font("Inter/Inter-Regular.otf"))
        let shaper = try Shaper(face: face)
        let limits = FastMeasurer.CacheLimits(entries: 16, bytes: 1024)
        let group = try FastMeasurer.group(count: 2, font: ShapingFont(face: face), computesInk: true, cacheLimits: limits)
        let sample = Array(Self.lines.prefix(1500))
        var differences: [String] = []
        for (i, line) in sample.enumerated() {
            let m = group[i % 2]
            if m.measure(Substring(line)) != shaper.measure(Substring(line)) { differences.append(line) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(3))")
        #expect(group[0].cache === group[1].cache)
        #expect(group[0].cache.count == 16)
        #expect(group.allSatisfy { $0.cacheIsFull })
        #expect(group.allSatisfy { $0.statistics.cacheClears == 0 })
    }

    /// Four threads insert and look up the same 3,000 keys in different orders (every key raced
    /// for), with room for 2,000 entries (the table fills while they race); every entry found is
    /// the key's own (advance = FNV-1a of its bytes, missing list = its bytes).
    @Test func fourThreadsRacingKeepEveryEntryExact() {
        let keys: [[UInt8]] = (0..<3000).map { k in Array("w\(k * 7919 % 10007)\(String(repeating: "é", count: k % 5)) ".utf8) }
        let table = SegmentCache(entryCapacity: 2000, arenaBytes: 2000 * 100, measurers: 4)
        let wrong = Mutex(0), found = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            var cursor = SegmentCache.Cursor()
            var bad = 0, hits = 0
            for round in 0..<2 {
                for k in 0..<keys.count {
                    let key = keys[(k + t * 750) % keys.count]
                    let tag = UInt32(key.count % 2)
                    let e = Self.entry(key, tag: tag)
                    key.withUnsafeBufferPointer { p in
                        if let hit = table.lookup(p.baseAddress!, p.count, tag: tag, hash: e.hash) {
                            hits += 1
                            let list = table.missingList(of: hit).map { UInt8($0) }
                            if hit.advance != e.advance || hit.ink.0 != key.count || list != key { bad += 1 }
                        } else if round == 0 {
                            table.insert(p.baseAddress!, p.count, entry: e, missing: key.map(UInt64.init)[...], cursor: &cursor)
                        }
                    }
                }
            }
            wrong.withLock { $0 += bad }
            found.withLock { $0 += hits }
        }
        #expect(wrong.withLock { $0 } == 0)
        // Full at 2,000 reservations (a dropped duplicate also takes one): at most 2,000 kept.
        let count = table.count
        #expect(count > 500 && count <= 2000)
        // Second round: each thread finds every stored key.
        #expect(found.withLock { $0 } >= 4 * count)
    }

    /// One measurer alone, a table of 16 entries (full every few lines, cleared at the next
    /// line), missing characters named: a piece found in the table keeps its own list while
    /// later pieces of the same line fill the table (a clear in between would give another
    /// entry's list, or an index past the end).
    @Test(arguments: ["Roboto/Roboto-Regular.ttf", "Noto/NotoSansHebrew-Regular.ttf"])
    func aTinyTableKeepsEachPiecesMissingCharacters(_ file: String) throws {
        let face = try FontFace(path: Repository.font(file))
        let shaper = try Shaper(face: face)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true, cacheLimits: .init(entries: 16, bytes: 1024))
        var differences: [String] = []
        var missing = 0
        for line in Self.lines {
            let expected = shaper.measure(Substring(line))
            missing += expected.missingCharacters.count
            if fast.measure(Substring(line)) != expected { differences.append(line) }
        }
        #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(3))")
        #expect(missing > 100)
        #expect(fast.statistics.cacheClears > 100)
    }

    /// A line whose record would not fit a quarter of a 64 KiB chunk (20,000 bytes) is not
    /// cached: measured again, by either measurer, it is measured again, with the same answer.
    @Test func aLongLineIsNotCached() throws {
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let shaper = try Shaper(face: face)
        let group = try FastMeasurer.group(count: 2, font: ShapingFont(face: face), computesInk: true)
        let line = String(repeating: "Wave AV. ", count: 2_000) + "\u{0E01}"  // + a Thai letter Roboto lacks
        #expect(line.utf8.count > SegmentCache.chunkBytes / 4)
        let expected = shaper.measure(Substring(line))
        #expect(expected.missingCharacters == ["\u{0E01}"])
        #expect(group[0].measure(Substring(line)) == expected)
        #expect(group[0].measure(Substring(line)) == expected)
        #expect(group[1].measure(Substring(line)) == expected)
        #expect(group.allSatisfy { $0.statistics.lineHits == 0 })
        #expect(!group[0].cacheIsFull)
    }

    @Test func twoThreadsMeasureLikeOne() throws {
        let face = try FontFace(path: Repository.font("Noto/NotoSansArabic-Regular.ttf"))
        let shaper = try Shaper(face: face)
        let font = ShapingFont(face: face)
        let expected = Self.lines.map { shaper.measure(Substring($0)) }
        #expect(try FastMeasurer.measurements(of: Self.lines, font: font, threads: 2) == expected)
        #expect(try FastMeasurer.measurements(of: Self.lines, font: font, threads: 3) == expected)
    }
}
