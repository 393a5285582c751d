import FontEngine
import Foundation
import TypeFitSupport

/// Measures lines on a pool's workers and hands each chunk's output over in line order, as
/// `typefit measure` does: the fast path (`FastMeasurer`, one per worker, one `group` over one
/// shared `ShapingFont`) for every line, missing characters included (each line is shaped at
/// most once). Each chunk's output (JSON Lines, table cells, …) is encoded on the worker that
/// measured it; `emit` is called with the chunks strictly in order, one call at a time, from
/// whichever worker completes the next one (so output starts while later lines are still being
/// measured).
public enum LineMeasuring {
    /// Lines per chunk: small enough that output starts early and workers balance, large enough
    /// that handing chunks over costs nothing measurable.
    public static let chunkLines = 128

    /// Runs `encode(index, line's UTF-8, measurement, &output)` for every line on `pool`'s
    /// workers and `emit(output)` for every chunk in order. Rethrows the first error of `encode`
    /// or `emit`; no further chunk is emitted after an error.
    public static func run<Output>(
        lines: TextLines, font: ShapingFont, features: String = "", language: String? = nil, pool: WorkerPool = WorkerPool(),
        makeOutput: @escaping @Sendable () -> Output,
        encode: @escaping @Sendable (Int, UnsafeBufferPointer<UInt8>, LineMeasurement, inout Output) throws -> Void,
        emit: @escaping @Sendable (Output) throws -> Void
    ) throws {
        try chunks(lines: lines, font: font, features: features, language: language, pool: pool, repeats: nil,
                   makeOutput: { _ in makeOutput() }, encode: encode, emit: emit)
    }

    /// Writes one record per line, in line order, where a record is a function of the line's
    /// bytes and its measurement only (JSON Lines): `encode(line, measurement, &json)` appends a
    /// line's record, `write(bytes)` is called with consecutive runs of the output, in order, one
    /// call at a time. Each distinct line is measured and encoded once (`RepeatedLines`); a
    /// repeat's record is a copy of the first occurrence's bytes, so the output is exactly what
    /// encoding every line would give. Records of lines that recur are kept until the end (at
    /// most the output's size).
    /// `repeats`: the lines' `RepeatedLines` when already found (found here otherwise).
    public static func writeRecords(
        lines: TextLines, repeats known: RepeatedLines? = nil, font: ShapingFont, features: String = "", language: String? = nil,
        pool: WorkerPool = WorkerPool(),
        encode: @escaping @Sendable (UnsafeBufferPointer<UInt8>, LineMeasurement, inout JSONBytes) throws -> Void,
        write: @escaping @Sendable (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        precondition(known.map { $0.lineCount == lines.count } ?? true, "writeRecords: repeats of other lines")
        let repeats = known ?? RepeatedLines(lines, pool: pool)
        let kept = KeptRecords(slots: repeats.slots, textBytes: repeats.keptBytes)
        try chunks(lines: lines, font: font, features: features, language: language, pool: pool, repeats: repeats,
                   makeOutput: { range in RecordChunk(lines: range) },
                   encode: { _, line, m, chunk in
                       try encode(line, m, &chunk.json)
                       chunk.ends.append(chunk.json.count)
                   },
                   emit: { chunk in try kept.emit(chunk, repeats: repeats, write: write) })
    }

    private static func chunks<Output>(
        lines: TextLines, font: ShapingFont, features: String, language: String?, pool: WorkerPool, repeats: RepeatedLines?,
        makeOutput: @escaping @Sendable (Range<Int>) -> Output,
        encode: @escaping @Sendable (Int, UnsafeBufferPointer<UInt8>, LineMeasurement, inout Output) throws -> Void,
        emit: @escaping @Sendable (Output) throws -> Void
    ) throws {
        let chunkCount = (lines.count + chunkLines - 1) / chunkLines
        let workers = pool.workers(for: chunkCount)
        // One cache shared by the workers (a word, cut or line is shaped once per run, not once
        // per worker), sized to the text: room for two entries a line (corpus text needs about
        // 1.1: its words, cut neighbourhoods and lines), at least 16,384 and at most the
        // standard 131,072. A long run over many lines: the cache on huge pages (fewer page
        // faults; a few lines would touch only a few small pages).
        let limits = FastMeasurer.CacheLimits(entries: min(FastMeasurer.CacheLimits.standard.entries, max(1 << 14, 2 * lines.count)),
                                              bytes: FastMeasurer.CacheLimits.standard.bytes, hugePages: lines.count >= 2_000)
        let measurers = try FastMeasurer.group(count: workers, font: font, features: features, language: language, computesInk: true,
                                               cacheLimits: limits)
        let order = ChunkOrder<Output>()
        // Chunks in order to whichever thread is free (the cache is shared: a word met in chunk
        // 5 is more likely met again in chunk 6 than in chunk 90). Finished chunks wait in
        // `order` until those before them are written.
        let shared = UnsafeSendable((measurers, lines))
        pool.forEach(chunkCount) { worker, chunk in
            let (all, lines) = shared.value
            let fast = all[worker]
            guard !order.failed else { return }
            let range = chunk * chunkLines..<min(lines.count, (chunk + 1) * chunkLines)
            var output = makeOutput(range)
            do {
                try lines.withUTF8 { text in
                    for i in range {
                        let line = UnsafeBufferPointer(rebasing: text[lines.byteRange(i)])
                        if let repeats {
                            // Distinct lines only: the whole-line cache would never be hit.
                            guard repeats.isMeasured(i) else { continue }
                            try encode(i, line, fast.measure(utf8: line, cachingLine: false), &output)
                        } else {
                            try encode(i, line, fast.measure(utf8: line), &output)
                        }
                    }
                }
            } catch {
                order.fail(error)
                return
            }
            order.complete(chunk, output, emit: emit)
        }
        if let error = order.error { throw error }
    }
}

/// One chunk of `writeRecords`: the records of its measured lines, back to back, and where each ends.
private struct RecordChunk {
    let lines: Range<Int>
    var json = JSONBytes(capacity: 64 * 1024)
    var ends: [Int] = []
    init(lines: Range<Int>) {
        self.lines = lines
        ends.reserveCapacity(lines.count)
    }
}

/// The records kept for repeats, and the output of a chunk with repeats in it. Used only by
/// the one thread that emits at a time (`ChunkOrder`), so `@unchecked Sendable`.
private final class KeptRecords: @unchecked Sendable {
    // `@exclusivity(unchecked)`: one emitter at a time, never re-entered, so the runtime's
    // access checks (on every access) can never fire.
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    @exclusivity(unchecked) private var ranges: [Range<Int>]
    @exclusivity(unchecked) private var output: [UInt8] = []

    /// `textBytes`: the kept lines' UTF-8 length in all. Room for their records is reserved at
    /// once (at most twice the text, escaped, plus 512 bytes of keys and numbers per record):
    /// growing by doubling instead copied each byte about twice more, into fresh pages each time.
    /// Reserved pages that are never written cost nothing.
    init(slots: Int, textBytes: Int) {
        ranges = Array(repeating: 0..<0, count: slots)
        bytes.reserveCapacity(2 * textBytes + 512 * slots)
        output.reserveCapacity(256 * 1024)
    }

    /// Writes `chunk`'s lines in order: measured lines' records as encoded (kept when they
    /// recur), repeats copied from what was kept (their first occurrence came earlier, so it was
    /// emitted before them).
    func emit(_ chunk: RecordChunk, repeats: RepeatedLines, write: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try chunk.json.withBytes { records in
            var k = 0, start = 0
            var copies = false
            for i in chunk.lines {
                switch repeats.role(of: i) {
                case .measure:
                    start = chunk.ends[k]
                    k += 1
                case .keep(let slot):
                    let end = chunk.ends[k]
                    let from = bytes.count
                    bytes.append(contentsOf: records[start..<end])
                    ranges[slot] = from..<bytes.count
                    start = end
                    k += 1
                case .copy:
                    copies = true
                }
            }
            guard copies else { return try write(records) }
            output.removeAll(keepingCapacity: true)
            k = 0
            start = 0
            for i in chunk.lines {
                switch repeats.role(of: i) {
                case .measure, .keep:
                    let end = chunk.ends[k]
                    output.append(contentsOf: records[start..<end])
                    start = end
                    k += 1
                case .copy(let slot):
                    output.append(contentsOf: bytes[ranges[slot]])
                }
            }
            try output.withUnsafeBufferPointer { try write($0) }
        }
    }
}

/// Passes finished chunks on in order. `@unchecked
/// Sendable`: all state is behind `lock`; `emit` runs outside it but only on the one thread that
/// holds the `emitting` role.
private final class ChunkOrder<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextToEmit = 0
    private var finished: [Int: Output] = [:]
    private var emitting = false
    private(set) var error: (any Error)?

    /// Whether a chunk failed (no more are taken).
    var failed: Bool { lock.withLock { error != nil } }

    func fail(_ error: any Error) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }

    func complete(_ chunk: Int, _ output: Output, emit: (Output) throws -> Void) {
        lock.lock()
        finished[chunk] = output
        // One emitter at a time; whoever finds the next chunk ready emits as many as are ready.
        guard !emitting else {
            lock.unlock()
            return
        }
        emitting = true
        while error == nil, let ready = finished.removeValue(forKey: nextToEmit) {
            nextToEmit += 1
            lock.unlock()
            do { try emit(ready) } catch { fail(error) }
            lock.lock()
        }
        emitting = false
        lock.unlock()
    }
}
