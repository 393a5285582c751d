import Foundation
import Testing
import TypeFitSupport

/// `WorkerPool`, the one pool of TypeFit's parallel work.
@Suite struct WorkerPoolTests {
    /// Every item runs exactly once, on a worker numbered below the pool's size and below the
    /// item count, for pools of 1 to 5 workers and loops of 0 to 1,000 items.
    @Test(arguments: [1, 2, 3, 5])
    func everyItemOnce(threads: Int) {
        let pool = WorkerPool(threads: threads)
        #expect(pool.size == threads)
        for count in [0, 1, 7, 1_000] {
            let seen = Tally(count: count)
            pool.forEach(count) { worker, item in seen.add(item, worker: worker) }
            #expect(seen.counts == Array(repeating: 1, count: count), "\(count) items on \(threads) workers")
            #expect(seen.workers.allSatisfy { $0 < min(threads, max(1, count)) })
        }
    }

    /// `map` returns the results in item order whichever worker made them (i² worked out for
    /// 0…999 by the test itself).
    @Test(arguments: [1, 2, 3])
    func mapKeepsItemOrder(threads: Int) {
        let pool = WorkerPool(threads: threads)
        #expect(pool.map(1_000) { _, i in i * i } == (0..<1_000).map { $0 * $0 })
        #expect(pool.map(0) { _, i in i }.isEmpty)
    }

    /// Items are handed out in order: with one worker they run 0, 1, 2, …
    @Test func oneWorkerRunsItemsInOrder() {
        let order = Tally(count: 50)
        WorkerPool(threads: 1).forEach(50) { worker, item in order.add(item, worker: worker) }
        #expect(order.sequence == Array(0..<50))
    }

    /// An item's error is rethrown; when several items throw, the one rethrown is the
    /// lowest-numbered (the error a loop in item order meets first), and every item below it ran.
    @Test(arguments: [1, 2, 4])
    func errorsPropagateLowestItemFirst(threads: Int) {
        struct Failure: Error, Equatable { let item: Int }
        let pool = WorkerPool(threads: threads)
        let seen = Tally(count: 500)
        #expect(throws: Failure(item: 120)) {
            try pool.forEach(500) { worker, item in
                seen.add(item, worker: worker)
                if item == 120 || item == 121 || item == 300 { throw Failure(item: item) }
            }
        }
        #expect(seen.counts.prefix(121).allSatisfy { $0 == 1 })
        #expect(throws: Failure(item: 7)) {
            _ = try pool.map(50) { _, item -> Int in
                if item % 7 == 0 && item > 0 { throw Failure(item: item) }
                return item
            }
        }
    }

    /// `run` calls its body once on each worker, numbered 0..<size.
    @Test(arguments: [1, 3])
    func runStartsEveryWorkerOnce(threads: Int) {
        let seen = Tally(count: threads)
        WorkerPool(threads: threads).run { worker in seen.add(worker, worker: worker) }
        #expect(seen.counts == Array(repeating: 1, count: threads))
    }

    /// The default size (`Processors.available`) is the number of CPUs this process may run
    /// on, as coreutils' `nproc` counts them (both honour the affinity: run under `taskset -c 0`,
    /// both say 1).
    @Test func defaultSizeIsWhatNprocCounts() throws {
        let nproc = Process()
        nproc.executableURL = URL(fileURLWithPath: "/usr/bin/nproc")
        let out = Pipe()
        nproc.standardOutput = out
        try nproc.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        nproc.waitUntilExit()
        let count = try #require(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Processors.available == count)
        #expect(WorkerPool().size == count)
    }
}

/// What a loop did, recorded under a lock.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var hits: [Int]
    private var seenWorkers = Set<Int>()
    private var order: [Int] = []
    init(count: Int) { hits = Array(repeating: 0, count: count) }
    func add(_ item: Int, worker: Int) {
        lock.withLock {
            hits[item] += 1
            seenWorkers.insert(worker)
            order.append(item)
        }
    }
    var counts: [Int] { lock.withLock { hits } }
    var workers: Set<Int> { lock.withLock { seenWorkers } }
    var sequence: [Int] { lock.withLock { order } }
}
