import Dispatch
import Foundation
import Synchronization

/// TypeFit's one pool for parallel work (measuring, audit units, report writers, strings files,
/// the benchmark): up to `size` workers at a time on Dispatch's threads
/// (`DispatchQueue.concurrentPerform`), the calling thread among them. Every call returns when
/// all its work is done; nothing runs in the background between calls.
///
/// Items are handed out in order (item 0 first) to whichever worker is free, so a worker that
/// finishes early takes the next item instead of waiting. Each worker has a number in
/// 0..<`workers(for:)`, for state of its own (a measurer, a buffer) indexed by it.
public struct WorkerPool: Sendable {
    /// Workers at most.
    public let size: Int

    /// A pool of `threads` workers; 0 = `Processors.available`.
    public init(threads: Int = 0) {
        size = max(1, threads > 0 ? threads : Processors.available)
    }

    /// Workers used for `count` items: no more than there are items.
    public func workers(for count: Int) -> Int { max(1, min(size, count)) }

    /// Runs `body(worker)` once on each worker (0..<size) at the same time and returns when all
    /// have returned: for loops that hand out work themselves. Rethrows the error of the
    /// lowest-numbered worker that threw.
    public func run<E: Error>(_ body: @Sendable (_ worker: Int) throws(E) -> Void) throws(E) {
        try run(workers: size, body)
    }

    private func run<E: Error>(workers: Int, _ body: @Sendable (_ worker: Int) throws(E) -> Void) throws(E) {
        let count = max(1, workers)
        if count == 1 { return try body(0) }
        let failures = Failures<E>()
        DispatchQueue.concurrentPerform(iterations: count) { worker in
            do throws(E) { try body(worker) } catch { failures.add(error, at: worker) }
        }
        if let error = failures.first { throw error }
    }

    /// Calls `body(worker, item)` for every item in 0..<count, each once, handed out in order to
    /// the workers as they come free. After an item throws, no further item is started; the
    /// error rethrown is that of the lowest-numbered item that threw, so it is the one a loop
    /// over the items in order would have met first (every item before it has run).
    public func forEach<E: Error>(_ count: Int, _ body: @Sendable (_ worker: Int, _ item: Int) throws(E) -> Void) throws(E) {
        guard count > 0 else { return }
        let next = Atomic<Int>(0)
        let failures = Failures<E>()
        try run(workers: workers(for: count)) { (worker: Int) throws(E) in
            while !failures.any {
                let item = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard item < count else { return }
                do throws(E) { try body(worker, item) } catch { failures.add(error, at: item) }
            }
        }
        if let error = failures.first { throw error }
    }

    /// `body(worker, item)` for every item in 0..<count, run as `forEach` runs it, the results in
    /// item order.
    public func map<T, E: Error>(_ count: Int, _ body: @Sendable (_ worker: Int, _ item: Int) throws(E) -> T) throws(E) -> [T] {
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let slots = UnsafeSendable(results)
        // Each slot is written by the one worker that runs its item.
        try forEach(count) { (worker: Int, item: Int) throws(E) in slots.value[item] = try body(worker, item) }
        return results.map { $0! }
    }
}

/// Errors thrown by a pool's workers, kept with the number of the worker or item that threw.
private final class Failures<E: Error>: Sendable {
    private let state = Mutex<(E, Int)?>(nil)
    private let raised = Atomic<Bool>(false)

    /// Whether an error was added (read without the lock, to stop handing out items).
    var any: Bool { raised.load(ordering: .relaxed) }

    func add(_ error: E, at position: Int) {
        state.withLock { kept in
            if kept == nil || position < kept!.1 { kept = (error, position) }
        }
        raised.store(true, ordering: .relaxed)
    }

    /// The error at the lowest position.
    var first: E? { state.withLock { $0?.0 } }
}

/// A value handed to the pool's workers that the compiler cannot see is safe to share: used only
/// where each worker touches parts of it no other worker touches (its own slot, its own state)
/// and the rest is read-only while the workers run.
public struct UnsafeSendable<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
