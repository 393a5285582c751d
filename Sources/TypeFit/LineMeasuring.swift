import Dispatch
import FontEngine
import Foundation
import TypeFitSupport

/// The lines of a UTF-8 text as `typefit measure` reads them: split on U+000A, a "\r" right
/// before it is part of the line end (CRLF files, as Windows editors write them), nothing else
/// trimmed, a final "\n" adds no empty line, a leading byte-order mark is dropped. One `String` holds the whole text; lines are `Substring`s of it
/// (no per-line allocation).
public struct TextLines: Sendable {
    /// The whole text (without the byte-order mark).
    public let text: String
    /// UTF-8 offsets of each line's start and end in `text`.
    private let starts: [Int]
    private let ends: [Int]

    /// Number of lines.
    public var count: Int { starts.count }

    /// The lines of UTF-8 `bytes`; nil when they are not valid UTF-8.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var body = bytes
        if body.count >= 3, body[0] == 0xEF, body[1] == 0xBB, body[2] == 0xBF { body = UnsafeBufferPointer(rebasing: body[3...]) }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        var starts: [Int] = [], ends: [Int] = []
        if let base = body.baseAddress, body.count > 0 {
            var start = 0
            while start < body.count {
                // memchr: the line feed search runs at memory speed.
                var end = body.count
                var next = body.count
                if let found = memchr(base + start, 0x0A, body.count - start) {
                    end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    next = end + 1
                    if end > start, body[end - 1] == 0x0D { end -= 1 }   // CRLF
                }
                starts.append(start)
                ends.append(end)
                start = next
            }
        }
        self.text = text
        self.starts = starts
        self.ends = ends
    }

    /// The lines of UTF-8 `data` (see `init(utf8:)`).
    public init?(data: Data) {
        guard let lines = data.withUnsafeBytes({ TextLines(utf8: $0.bindMemory(to: UInt8.self)) }) else { return nil }
        self = lines
    }

    /// Line `i` (0-based), a slice of `text`.
    public subscript(i: Int) -> Substring {
        // Through the UTF-8 view: line ends are at "\n" (or "\r\n"), always scalar boundaries,
        // so the view's slice needs none of `String`'s index rounding.
        let utf8 = text.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: starts[i])..<utf8.index(utf8.startIndex, offsetBy: ends[i])])
    }

    /// Calls `body` with the text's UTF-8 bytes (no copy); `byteRange(i)` are line i's in them.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var text = self.text  // native: shares the storage, no copy
        return try text.withUTF8(body)
    }

    /// UTF-8 offsets of line `i` in `text` (without its line end).
    public func byteRange(_ i: Int) -> Range<Int> { starts[i]..<ends[i] }
}

/// Measures lines on several threads and hands each chunk's output over in line order, as
/// `typefit measure` does: the fast path (`FastMeasurer`, one per thread over one shared
/// `ShapingFont`) for every line, missing characters included (each line is shaped at most once).
/// Each chunk's output
/// (JSON Lines, table cells, …) is encoded on the worker thread that measured it; `emit` is called
/// with the chunks strictly in order, one call at a time, from whichever worker completes the next
/// one (so output starts while later lines are still being measured).
public enum LineMeasuring {
    /// Lines per chunk: small enough that output starts early and threads balance, large enough
    /// that handing chunks over costs nothing measurable.
    public static let chunkLines = 128

    /// Runs `encode(index, line's UTF-8, measurement, &output)` for every line on `threads` threads
    /// (0 = all cores) and `emit(output)` for every chunk in order. Rethrows the first error of
    /// `encode` or `emit`; no further chunk is emitted after an error.
    public static func run<Output>(
        lines: TextLines, font: ShapingFont, features: String = "", language: String? = nil, threads: Int = 0,
        makeOutput: @escaping @Sendable () -> Output,
        encode: @escaping @Sendable (Int, UnsafeBufferPointer<UInt8>, LineMeasurement, inout Output) throws -> Void,
        emit: @escaping @Sendable (Output) throws -> Void
    ) throws {
        let chunkCount = (lines.count + chunkLines - 1) / chunkLines
        let threadCount = max(1, min(threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount, max(1, chunkCount)))
        // One cache shared by the threads (a word or line is shaped once per run, not once per
        // thread). A long run over many lines: the cache on huge pages (fewer page faults; a few
        // lines would touch only a few small pages).
        let measurers = try FastMeasurer.group(count: threadCount, font: font, features: features, language: language, computesInk: true,
                                               cacheLimits: FastMeasurer.CacheLimits(entries: FastMeasurer.CacheLimits.standard.entries,
                                                                                     bytes: FastMeasurer.CacheLimits.standard.bytes,
                                                                                     hugePages: lines.count >= 2_000))
        let order = ChunkOrder<Output>()
        // Chunks in order to whichever thread is free (the cache is shared: see ChunkScheduler).
        // Finished chunks wait in `order` until those before them are written.
        let scheduler = ChunkScheduler(chunks: chunkCount, threads: threadCount)
        let shared = UncheckedSendable((measurers, lines))
        DispatchQueue.concurrentPerform(iterations: threadCount) { t in
            let (all, lines) = shared.value
            let fast = all[t]
            while !order.failed, let chunk = scheduler.next(for: t) {
                var output = makeOutput()
                do {
                    try lines.withUTF8 { text in
                        for i in chunk * chunkLines..<min(lines.count, (chunk + 1) * chunkLines) {
                            let line = UnsafeBufferPointer(rebasing: text[lines.byteRange(i)])
                            try encode(i, line, fast.measure(utf8: line), &output)
                        }
                    }
                } catch {
                    order.fail(error)
                    return
                }
                order.complete(chunk, output, emit: emit)
            }
        }
        if let error = order.error { throw error }
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

/// Hands values to `DispatchQueue.concurrentPerform` workers: each worker uses only its own
/// measurer and reads the shared lines.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// `typefit measure`'s JSON Lines record, written with `JSONBytes` exactly as `JSONEncoder`
/// (sorted keys, slashes unescaped) wrote the former `Encodable` record:
/// `{"aboveAscender":…,"advance":…,"belowDescender":…,"clusters":…,"fallback":…,"ink":[xMin,yMin,xMax,yMax]|null,
/// "letterSpacing":…,"missing":…,"missingCharacters":["U+XXXX",…],"text":…,"widths":{"17":…}}`
/// — `fallback` only with --fallback (null when none found), `letterSpacing` and `widths` only
/// when asked for. Widths are points rounded to 1/1000 (`roundedPoints`).
public struct MeasureRecordFormat: Sendable {
    public let info: FontInfo
    /// Point sizes in the order given (duplicates removed), and the same with keys in `.sortedKeys` order.
    public let sizes: [Double]
    private let sortedSizes: [(key: String, size: Double)]
    public let letterSpacing: Double?
    public let withFallback: Bool

    /// Sizes must be positive and finite and `letterSpacing` finite (JSON has no NaN or infinity).
    public init(info: FontInfo, sizes: [Double], letterSpacing: Double?, withFallback: Bool) {
        precondition(sizes.allSatisfy { $0.isFinite } && (letterSpacing?.isFinite ?? true), "MeasureRecordFormat: non-finite size or spacing")
        var seen = Set<String>()
        self.info = info
        self.sizes = sizes.filter { seen.insert(sizeKey($0)).inserted }
        let keyed = self.sizes.map { (key: sizeKey($0), size: $0) }
        let order = JSONBytes.sortedKeys(keyed.map(\.key))
        self.sortedSizes = order.map { key in keyed.first { $0.key == key }! }
        self.letterSpacing = letterSpacing
        self.withFallback = withFallback
    }

    /// Width in points of `advance` font units at `size`, rounded to 1/1000.
    public func width(_ advance: Int, size: Double) -> Double { roundedPoints(info.points(Double(advance), size: size)) }

    /// Letter-spacing in points for `clusters` grapheme clusters, nil when not asked for.
    public func spacing(clusters: Int) -> Double? { letterSpacing.map { roundedPoints($0 * Double(clusters)) } }

    /// "U+0041" for a missing character.
    public static func characterName(_ scalar: Unicode.Scalar) -> String {
        withCharacterName(scalar) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of `characterName(scalar)`: "U+" and at least 4
    /// uppercase hex digits, written into 8 bytes on the stack.
    static func withCharacterName<R>(_ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var buffer: UInt64 = 0
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            bytes[0] = UInt8(ascii: "U")
            bytes[1] = UInt8(ascii: "+")
            var count = 2
            forEachHexDigit(scalar.value) {
                bytes[count] = $0
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: bytes[0..<count]))
        }
    }

    /// The digits of `characterName` after "U+": at least 4, uppercase hex.
    @inline(__always)
    static func forEachHexDigit(_ value: UInt32, _ body: (UInt8) -> Void) {
        var count = 4
        while value >> (4 * UInt32(count)) != 0 { count += 1 }
        for k in 0..<count {
            let nibble = UInt8(truncatingIfNeeded: value >> (4 * UInt32(count - 1 - k)) & 0xF)
            body(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
        }
    }

    /// Appends one record and its line feed. `fallback` is used only `withFallback`: nil = none found.
    public func write(_ text: Substring, _ m: LineMeasurement, fallback: FontLocation?, to json: inout JSONBytes) {
        var text = text
        text.withUTF8 { write(utf8: $0, m, fallback: fallback, to: &json) }
    }

    /// `write(_:_:fallback:to:)` for a line given as its UTF-8 bytes: the whole record written
    /// through one `JSONBytes.Cursor` (one capacity check per record; keys in sorted order as
    /// literals).
    public func write(utf8 text: UnsafeBufferPointer<UInt8>, _ m: LineMeasurement, fallback: FontLocation?, to json: inout JSONBytes) {
        typealias C = JSONBytes.Cursor
        // Room: the keys and punctuation (≤ 200 bytes), 7 numbers, the texts escaped, 11 bytes
        // per missing character ("U+10FFFF",), the optional parts.
        var room = 200 + 7 * C.maximumIntBytes + C.maximumEscapedBytes(text.count) + 12 * m.missingCharacters.count
        if withFallback, let fallback {
            room += 80 + C.maximumIntBytes + C.maximumEscapedBytes(fallback.family.utf8.count + fallback.path.utf8.count + fallback.postScriptName.utf8.count)
        }
        if letterSpacing != nil { room += 20 + C.maximumDoubleBytes }
        for (key, _) in sortedSizes { room += 4 + C.maximumEscapedBytes(key.utf8.count) + C.maximumDoubleBytes }
        json.appendRecord(maximumBytes: room) { c in
            c.raw("{\"aboveAscender\":")
            c.bool(info.isAboveAscender(m.ink))
            c.raw(",\"advance\":")
            c.int(m.advance)
            c.raw(",\"belowDescender\":")
            c.bool(info.isBelowDescender(m.ink))
            c.raw(",\"clusters\":")
            c.int(m.clusterCount)
            if withFallback {
                c.raw(",\"fallback\":")
                if let fallback {
                    c.raw("{\"faceIndex\":")
                    c.int(fallback.faceIndex)
                    c.raw(",\"family\":")
                    Self.string(fallback.family, &c)
                    c.raw(",\"path\":")
                    Self.string(fallback.path, &c)
                    c.raw(",\"postscriptName\":")
                    Self.string(fallback.postScriptName, &c)
                    c.byte(UInt8(ascii: "}"))
                } else {
                    c.raw("null")
                }
            }
            c.raw(",\"ink\":")
            if let ink = m.ink {
                c.byte(UInt8(ascii: "["))
                c.double(ink.xMin)
                c.byte(UInt8(ascii: ","))
                c.double(ink.yMin)
                c.byte(UInt8(ascii: ","))
                c.double(ink.xMax)
                c.byte(UInt8(ascii: ","))
                c.double(ink.yMax)
                c.byte(UInt8(ascii: "]"))
            } else {
                c.raw("null")
            }
            if let spacing = spacing(clusters: m.clusterCount) {
                c.raw(",\"letterSpacing\":")
                c.double(spacing)
            }
            c.raw(",\"missing\":")
            c.int(m.missingGlyphCount)
            c.raw(",\"missingCharacters\":[")
            for (k, scalar) in m.missingCharacters.enumerated() {
                if k > 0 { c.byte(UInt8(ascii: ",")) }
                c.raw("\"U+")
                Self.forEachHexDigit(scalar.value) { c.byte($0) }
                c.byte(UInt8(ascii: "\""))
            }
            c.raw("],\"text\":")
            c.string(utf8: text)
            if !sortedSizes.isEmpty {
                c.raw(",\"widths\":{")
                for (k, (key, size)) in sortedSizes.enumerated() {
                    if k > 0 { c.byte(UInt8(ascii: ",")) }
                    Self.string(key, &c)
                    c.byte(UInt8(ascii: ":"))
                    c.double(width(m.advance, size: size))
                }
                c.byte(UInt8(ascii: "}"))
            }
            c.raw("}\n")
        }
    }

    private static func string(_ value: String, _ c: inout JSONBytes.Cursor) {
        var copy = value
        copy.withUTF8 { c.string(utf8: $0) }
    }
}

/// "17" for 17.0, "17.5" otherwise: JSON object keys and table headers for sizes.
public func sizeKey(_ size: Double) -> String {
    size == size.rounded() && abs(size) < 1e9 ? String(Int(size)) : String(size)
}

/// Points rounded to 1/1000 for output (the numbers are exact in font units).
public func roundedPoints(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
