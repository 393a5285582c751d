import CThreadStart
import Foundation
import Testing
import TypeFitSupport

/// `WorkerCrew`: threads started once and handed a background job and loops.
@Suite struct WorkerCrewTests {
    /// Every item runs exactly once, on a worker numbered below the crew's size, for crews of 1
    /// to 5 threads and loops of 0 to 1,000 items.
    @Test(arguments: [1, 2, 3, 5])
    func everyItemOnce(threads: Int) {
        let crew = WorkerCrew(threads: threads)
        #expect(crew.size == threads)
        for count in [0, 1, 7, 1_000] {
            let seen = Tally(count: count)
            crew.forEach(count) { worker, item in seen.add(item, worker: worker) }
            #expect(seen.counts == Array(repeating: 1, count: count), "\(count) items on \(threads) threads")
            #expect(seen.workers.allSatisfy { $0 < threads })
        }
    }

    /// A helper busy with a background job does not hold up a loop: here the job waits until the
    /// loop has ended, so the calling thread (worker 0) must do every item itself; the job's
    /// value comes afterwards.
    @Test func busyHelperDoesNotHoldUpALoop() throws {
        let crew = WorkerCrew(threads: 2)
        let loopDone = DispatchSemaphore(value: 0)
        let job = crew.start { () -> Int in
            loopDone.wait()
            return 42
        }
        let seen = Tally(count: 100)
        crew.forEach(100) { worker, item in seen.add(item, worker: worker) }
        #expect(seen.counts == Array(repeating: 1, count: 100))
        #expect(seen.workers == Set([0]))
        loopDone.signal()
        #expect(try job.value() == 42)
    }

    /// A job's error comes back from `value()`; with no helpers the job runs at once, on this thread.
    @Test func jobErrorsAndInlineJobs() throws {
        struct Failure: Error, Equatable { let code: Int }
        let crew = WorkerCrew(threads: 2)
        #expect(throws: Failure(code: 7)) { try crew.start { () throws -> Int in throw Failure(code: 7) }.value() }
        let alone = WorkerCrew(threads: 1)
        let caller = pthread_self()
        let ranHere = alone.start { pthread_equal(pthread_self(), caller) != 0 }
        #expect(try ranHere.value())
        // With a helper, the job runs on the helper's thread.
        let elsewhere = crew.start { pthread_equal(pthread_self(), caller) != 0 }
        #expect(try elsewhere.value() == false)
    }

    /// Helpers are started on the CPUs other than their creator's: a helper may run on one CPU
    /// fewer than the process (all of them when the process has one), and not on the CPU the
    /// caller was on when it made the crew (checked when the caller was on the same CPU before
    /// and after; the caller itself stays free to move).
    @Test func helpersStartOnOtherCPUs() throws {
        let processCPUs = Int(tf_thread_cpu_count())
        try #require(processCPUs > 0, "the system does not say which CPUs this thread may use")
        let before = tf_thread_current_cpu()
        let crew = WorkerCrew(threads: 2)
        let after = tf_thread_current_cpu()
        let seen = crew.start { (count: Int(tf_thread_cpu_count()), onCreatorsCPU: tf_thread_may_run_on(before)) }
        let helper = try seen.value()
        #expect(helper.count == (processCPUs > 1 ? processCPUs - 1 : processCPUs))
        if processCPUs > 1 && before == after && before >= 0 {
            #expect(helper.onCreatorsCPU == 0)
        }
    }

    /// The default size (`Processors.available`) is the number of CPUs this process may run
    /// on, as coreutils' `nproc` counts them (both honour the affinity: run under `taskset -c 0`, both say 1).
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
        #expect(WorkerCrew(threads: 0).size == count)
    }

    /// `map` returns the results in item order whichever thread made them (i² worked out for
    /// 0…999 by the test itself).
    @Test(arguments: [1, 2, 3])
    func mapKeepsItemOrder(threads: Int) {
        let crew = WorkerCrew(threads: threads)
        #expect(crew.map(1_000) { _, i in i * i } == (0..<1_000).map { $0 * $0 })
        #expect(crew.map(0) { _, i in i }.isEmpty)
    }

    /// Items are handed out in order: with one thread they run 0, 1, 2, …
    @Test func oneThreadRunsItemsInOrder() {
        let crew = WorkerCrew(threads: 1)
        let order = Tally(count: 50)
        crew.forEach(50) { worker, item in order.add(item, worker: worker) }
        #expect(order.sequence == Array(0..<50))
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
