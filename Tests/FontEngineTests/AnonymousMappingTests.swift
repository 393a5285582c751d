#if os(Linux)
import Glibc
import Testing
import TypeFitSupport

/// `AnonymousMapping`'s two ways of getting pages, as the kernel reports them: which pages are
/// resident (mincore(2)) and how many page faults this thread took (getrusage(RUSAGE_THREAD),
/// ru_minflt). The test bodies do not suspend, so they stay on one thread.
@Suite struct AnonymousMappingTests {
    static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Resident pages of the first `pages` pages at `base` (bit 0 of each byte mincore writes).
    static func resident(_ base: UnsafeMutableRawPointer, pages: Int) -> [Bool] {
        var vector = [UInt8](repeating: 0, count: pages)
        #expect(mincore(base, pages * page, &vector) == 0)
        return vector.map { $0 & 1 != 0 }
    }

    static func faults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (sys/resource.h), not imported by name
        return usage.ru_minflt
    }

    @Test func pagesAreMadeAsTheyAreFirstTouched() {
        let pages = 16
        let m = AnonymousMapping(bytes: pages * Self.page, hugePages: false, owner: "test")
        defer { m.unmap() }
        #expect(Self.resident(m.base, pages: pages).filter { $0 }.isEmpty)
        m.base.storeBytes(of: 7, toByteOffset: 3 * Self.page + 5, as: UInt8.self)
        let expected = (0..<pages).map { $0 == 3 }
        #expect(Self.resident(m.base, pages: pages) == expected)
    }

    @Test func aRangeIsPopulatedToWholePages() {
        let pages = 16
        let m = AnonymousMapping(bytes: pages * Self.page, hugePages: false, owner: "test")
        defer { m.unmap() }
        // Bytes 2.5 pages to 5.25 pages: pages 2, 3, 4 and 5.
        m.populate(Self.page * 5 / 2..<Self.page * 21 / 4)
        let expected = (0..<pages).map { (2...5).contains($0) }
        #expect(Self.resident(m.base, pages: pages) == expected)
    }

    /// The reason for `populate`: a hash table reads a slot before writing it. On an untouched
    /// page that is a fault that maps the kernel's zero page, and the write a second one that
    /// replaces it (the one that, with another thread of the process running, interrupts that
    /// thread's CPU to flush its TLB). Populated pages take neither, and read as zeros.
    @Test func populatedPagesAreThereAtOnceAndTakeNoFaults() {
        let pages = 48
        let lazy = AnonymousMapping(bytes: pages * Self.page, hugePages: false, owner: "test")
        let populated = AnonymousMapping(bytes: pages * Self.page, hugePages: false, populate: true, owner: "test")
        defer { lazy.unmap(); populated.unmap() }
        #expect(Self.resident(populated.base, pages: pages) == Array(repeating: true, count: pages))

        func readThenWrite(_ base: UnsafeMutableRawPointer, pages: Int = pages) -> (faults: Int, sum: Int) {
            var sum = 0
            let before = Self.faults()
            for p in 0..<pages {
                let address = base + p * Self.page + 64
                sum += Int(address.load(as: UInt64.self))
                address.storeBytes(of: UInt64(p + 1), as: UInt64.self)
            }
            return (Self.faults() - before, sum)
        }
        // A first run over a populated page of its own maps this code and stack in, so the runs
        // below count the mapping's faults (a page of code or stack met for the first time is a
        // fault of this thread too: hence "at most 2", where the lazy mapping takes 96).
        let warmUp = AnonymousMapping(bytes: Self.page, hugePages: false, populate: true, owner: "test")
        defer { warmUp.unmap() }
        _ = readThenWrite(warmUp.base, pages: 1)
        let populatedRun = readThenWrite(populated.base)
        let lazyRun = readThenWrite(lazy.base)
        #expect(populatedRun.sum == 0 && lazyRun.sum == 0)
        #expect(populatedRun.faults <= 2, "populated: \(populatedRun.faults) faults for \(pages) pages")
        // At least one fault per page; two on Linux, with the zero page: read, then write (96 for
        // these 48 pages on the project's machine, kernel 6.18).
        #expect(lazyRun.faults >= pages, "lazy: \(lazyRun.faults) faults for \(pages) pages")
    }
}
#endif
