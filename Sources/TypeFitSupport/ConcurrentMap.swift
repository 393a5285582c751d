import Foundation

/// `body(0) … body(count - 1)` computed on every core by up to `workers` threads (worker `w` takes
/// indices w, w + workers, …), returned in index order: each result depends only on its index, so
/// the array is the same whatever the threads do. Used where the tail's work splits into
/// independent pieces (reading strings files, building groups, encoding report lines).
public func concurrentMap<T>(count: Int, workers: Int, _ body: @Sendable (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    let threads = max(1, min(workers, count))
    results.withUnsafeMutableBufferPointer { buffer in
        let slots = Slots(buffer: buffer)
        DispatchQueue.concurrentPerform(iterations: threads) { w in
            for i in stride(from: w, to: count, by: threads) { slots.buffer[i] = body(i) }
        }
    }
    return results.map { $0! }
}

/// The result slots of `concurrentMap`: each index is written by one thread only.
private struct Slots<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>
}
