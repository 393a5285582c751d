import Foundation
import CThreadStart
import Synchronization

/// Threads started once, at the start of a run, and handed work as it comes: one job in the
/// background (`start`) while the caller does something else, then loops over items on every
/// thread (`forEach`), the caller included.
///
/// Why not `DispatchQueue.concurrentPerform`: its pool starts threads when the loop starts, and
/// on this project's 2-core machine the second thread began 0.1–5 ms after the first
/// (`typefit measure` on 20,000 lines: 2 ms late on average, in a run of about 30 ms). A crew's
/// threads are started before the file is read and are running by the time there is work; and a
/// helper still busy with a background job (opening the font) joins a loop as soon as it is
/// free, instead of the loop waiting for it.
///
/// On Linux the helpers are started on the CPUs other than the caller's (when the process may
/// use more than one): Linux queues a new or woken thread on the CPU of the thread that made or
/// woke it, and moves it to an idle CPU only when it balances load, every few milliseconds. On
/// the project's 2-core virtual machine a C test program's new thread began 0.7–4.9 ms after
/// `pthread_create` while its creator kept working, and 50–120 µs after it when started on the
/// other CPU (12 threads each way). They stay on those CPUs while the crew lives (one
/// `typefit measure` run); the caller is not bound (logged per chunk, the two threads were on
/// different CPUs for all but 0–2 of 157 chunks).
public final class WorkerCrew: Sendable {
    /// Threads that work in `forEach`: the caller and the helpers.
    public let size: Int
    private let queue: JobQueue

    /// A crew of `threads` threads in all (at least 1): the caller and `threads - 1` helpers,
    /// started now. 0 = `Processors.available`.
    public init(threads: Int) {
        let wanted = max(1, threads > 0 ? threads : Processors.available)
        let queue = JobQueue()
        var started = 0
        for _ in 1..<wanted {
            let context = Unmanaged.passRetained(queue).toOpaque()
            let error = tf_thread_start_elsewhere({ context in
                Unmanaged<JobQueue>.fromOpaque(context!).takeRetainedValue().serve()
                return nil
            }, context)
            if error == 0 {
                started += 1
            } else {
                // Out of threads: the caller and the helpers already started do the work.
                Unmanaged<JobQueue>.fromOpaque(context).release()
            }
        }
        self.queue = queue
        size = 1 + started
    }

    /// Helpers finish the job they are doing, then end.
    deinit { queue.close() }

    /// Runs `work` on a helper (on this thread, now, when the crew has none); `value()` waits
    /// for its result.
    public func start<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> Pending<T> {
        let pending = Pending<T>()
        if size == 1 {
            pending.set(Result { try work() })
        } else {
            queue.add { pending.set(Result { try work() }) }
        }
        return pending
    }

    /// Calls `body(worker, item)` for every item in 0..<count, each once, handed out in order to
    /// this thread (worker 0) and to the helpers (workers 1…`size - 1`) as they come free.
    /// Returns when every item is done. `body` must not call `forEach` or `value()` of this crew.
    public func forEach(_ count: Int, _ body: @escaping @Sendable (_ worker: Int, _ item: Int) -> Void) {
        guard count > 0 else { return }
        let loop = Loop(count: count, body: body)
        if size > 1 && count > 1 {
            for worker in 1..<min(size, count) { queue.add { loop.work(as: worker) } }
        }
        loop.work(as: 0)
        loop.waitUntilDone()
    }

    /// `body(worker, item)` for every item in 0..<count, as `forEach` runs it, in item order.
    public func map<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (_ worker: Int, _ item: Int) -> T) -> [T] {
        let results = Results<T>(count: count)
        forEach(count) { worker, item in results.store(body(worker, item), at: item) }
        return results.values
    }

    /// `map`'s results, each stored by the thread that made it.
    private final class Results<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func store(_ value: T, at item: Int) { lock.withLock { slots[item] = value } }
        var values: [T] { lock.withLock { slots.map { $0! } } }
    }

    /// One `forEach` call: items handed out in order; the caller waits for those taken by helpers.
    private final class Loop: Sendable {
        let count: Int
        let body: @Sendable (Int, Int) -> Void
        private let taken = Atomic<Int>(0)
        private let done = Atomic<Int>(0)
        private let finished = Signal()

        init(count: Int, body: @escaping @Sendable (Int, Int) -> Void) {
            self.count = count
            self.body = body
        }

        func work(as worker: Int) {
            while true {
                let item = taken.wrappingAdd(1, ordering: .relaxed).oldValue
                guard item < count else { return }
                body(worker, item)
                if done.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == count { finished.raise() }
            }
        }

        func waitUntilDone() {
            finished.wait { done.load(ordering: .acquiring) == count }
        }
    }
}

/// The result of a `WorkerCrew.start` job.
public final class Pending<T: Sendable>: @unchecked Sendable {
    private let ready = Signal()
    /// Written once, before `ready` is raised; read after.
    private var result: Result<T, any Error>?
    private let isSet = Atomic<Bool>(false)

    fileprivate init() {}

    fileprivate func set(_ result: Result<T, any Error>) {
        self.result = result
        isSet.store(true, ordering: .releasing)
        ready.raise()
    }

    /// The job's value (waiting for it), or its error.
    public func value() throws -> T {
        ready.wait { isSet.load(ordering: .acquiring) }
        return try result!.get()
    }
}

/// Waiting for something another thread makes true: first by watching it for a moment (on the
/// project's 2-core virtual machine, waking a sleeping thread took from 30 µs to several ms, and
/// the phases of a `typefit measure` run hand over work every few hundred µs), then asleep.
private final class Signal: @unchecked Sendable {
    private let condition = NSCondition()
    private var raised = false

    /// How long to watch before sleeping: 2 ms. With 200 µs, `typefit measure`'s helper, done
    /// with the text 0.4 ms before the measuring loop began, had gone to sleep, and joined the
    /// loop 1.1 ms after the main thread (median of 40 runs, 20,000 lines, Liberation Sans;
    /// 0.03 ms when it was still watching). Watching costs the watcher's core, for at most this
    /// long at each wait.
    static let watchNanoseconds: UInt64 = 2_000_000

    func raise() {
        condition.lock()
        raised = true
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once `isDone()` (read without a lock: an atomic) is true.
    func wait(until isDone: () -> Bool) {
        if Signal.watch(isDone) { return }
        condition.lock()
        while !raised && !isDone() { condition.wait() }
        condition.unlock()
    }

    /// Whether `isDone()` became true within `watchNanoseconds`.
    static func watch(_ isDone: () -> Bool) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        var spins = 0
        while !isDone() {
            spins += 1
            if spins & 63 == 0 && DispatchTime.now().uptimeNanoseconds - start > watchNanoseconds { return false }
        }
        return true
    }
}

/// The helpers' jobs, first in first out. `@unchecked Sendable`: the jobs are behind
/// `condition`; `waiting` (jobs added and not yet taken) is an atomic, watched before sleeping.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var closed = false
    private let waiting = Atomic<Int>(0)
    /// `closed`, for watching without the lock.
    private let ended = Atomic<Bool>(false)

    func add(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        waiting.add(1, ordering: .releasing)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        ended.store(true, ordering: .releasing)
        condition.broadcast()
        condition.unlock()
    }

    /// A helper's loop: runs jobs as they come until the crew is gone and no job is left.
    func serve() {
        while true {
            _ = Signal.watch { waiting.load(ordering: .acquiring) > 0 || ended.load(ordering: .acquiring) }
            condition.lock()
            while head == jobs.count && !closed { condition.wait() }
            guard head < jobs.count else {
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            waiting.subtract(1, ordering: .relaxed)
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
