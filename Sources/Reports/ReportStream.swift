import Foundation
import TypeFitSupport

/// Where a report is written, piece by piece: into memory, or into a file through a buffer, so
/// no report needs its whole text in memory at once.
public final class ReportStream {
    private var buffer = Data()
    private let handle: FileHandle?
    private let flushSize = 1 << 20
    /// The first write error of a file stream (later writes are dropped).
    public private(set) var error: Error?

    /// A stream into memory (`data`).
    public init() { handle = nil }

    /// A stream into an open file; call `flush()` at the end.
    public init(fileHandle: FileHandle) {
        handle = fileHandle
        buffer.reserveCapacity(flushSize + (1 << 16))
    }

    /// What a memory stream holds.
    public var data: Data { buffer }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if handle != nil, buffer.count >= flushSize { flush() }
    }

    public func write(_ data: Data) {
        buffer.append(data)
        if handle != nil, buffer.count >= flushSize { flush() }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if handle != nil, buffer.count >= flushSize { flush() }
    }

    /// Writes the buffer to the file (no-op for a memory stream).
    public func flush() {
        guard let handle else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard error == nil, !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch { self.error = error }
    }
}

/// Writes pretty-printed JSON with sorted keys piece by piece, byte for byte as Foundation's
/// encoders write the whole value (`.sortedKeys, .prettyPrinted, .withoutEscapingSlashes`): two
/// spaces per level, `"key" : value`, an empty array as `[`, an empty line, `]`. Each element of a
/// large array is encoded alone and indented, which is exact because encoded JSON never holds a
/// raw line break inside a string.
struct PrettyJSON {
    let stream: ReportStream
    let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return e
    }()

    /// `data` (a value encoded at level 0) re-indented to `level`.
    func write(encoded data: Data, level: Int) {
        guard level > 0 else { stream.write(data); return }
        let pad = [UInt8](repeating: 0x20, count: 2 * level)
        var out = Data()
        out.reserveCapacity(data.count + data.count / 8)
        var start = data.startIndex
        while let nl = data[start...].firstIndex(of: 0x0A) {
            out.append(data[start...nl])
            start = data.index(after: nl)
            // The blank line inside an empty array or object stays empty.
            if start < data.endIndex, data[start] == 0x0A { continue }
            out.append(contentsOf: pad)
        }
        out.append(data[start...])
        stream.write(out)
    }

    /// One value encoded by `JSONEncoder` at `level` (encoding TypeFit's report values cannot fail:
    /// they hold only strings, integers, finite doubles and optionals).
    func value<T: Encodable>(_ v: T, level: Int) {
        write(encoded: (try? encoder.encode(v)) ?? Data("null".utf8), level: level)
    }

    /// An object whose members are written by `members` (name → writer of the value at the given
    /// level); names are sorted here, nil writers are left out (as `encodeIfPresent` does).
    func object(level: Int, _ members: [(String, ((Int) -> Void)?)]) {
        let present = members.compactMap { m in m.1.map { (m.0, $0) } }.sorted { $0.0 < $1.0 }
        guard !present.isEmpty else { stream.write("{\n\n" + pad(level) + "}"); return }
        stream.write("{\n")
        for (i, (name, write)) in present.enumerated() {
            stream.write(pad(level + 1) + "\"" + name + "\" : ")
            write(level + 1)
            stream.write(i == present.count - 1 ? "\n" : ",\n")
        }
        stream.write(pad(level) + "}")
    }

    /// An array of `count` elements, each written by `element(index, level)`.
    func array(level: Int, count: Int, _ element: (Int, Int) -> Void) {
        guard count > 0 else { stream.write("[\n\n" + pad(level) + "]"); return }
        stream.write("[\n")
        for i in 0..<count {
            stream.write(pad(level + 1))
            element(i, level + 1)
            stream.write(i == count - 1 ? "\n" : ",\n")
        }
        stream.write(pad(level) + "]")
    }

    /// An array of encodable values, each encoded alone.
    func array<T: Encodable>(_ values: [T], level: Int) {
        array(level: level, count: values.count) { i, l in value(values[i], level: l) }
    }

    /// An array of values, each on one line as `JSONEncoder` writes it without pretty printing
    /// (written by hand: `JSONLine`).
    func lines<T: JSONLine & Sendable>(_ values: [T], level: Int) {
        encodedLines(count: values.count, level: level) { i, json in values[i].writeJSON(to: &json) }
    }

    /// An array of encodable values, each on one line as `JSONEncoder` writes it without pretty
    /// printing (for the few element types without a `JSONLine` writer: mockups, web pages).
    func encoderLines<T: Encodable & Sendable>(_ values: [T], level: Int) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encodedLines(count: values.count, level: level) { i, json in
            let data = (try? encoder.encode(values[i])) ?? Data("null".utf8)
            data.withUnsafeBytes { json.verbatim($0) }
        }
    }

    /// An array of `count` elements, each written on one line by `encode(index, into)` as one
    /// top-level JSON value. Elements are encoded a batch at a time, the batch split over every
    /// core, and written in order: each element's bytes depend only on the element, so the file is
    /// the same whatever the threads do, and at most one batch is held encoded.
    func encodedLines(count: Int, level: Int, _ encode: @escaping @Sendable (Int, inout JSONBytes) -> Void) {
        guard count > 0 else { stream.write("[\n\n" + pad(level) + "]"); return }
        stream.write("[\n")
        let batch = 2048
        let cores = max(1, Processors.available)
        let indent = Array(pad(level + 1).utf8)
        for first in stride(from: 0, to: count, by: batch) {
            let range = first..<min(count, first + batch)
            let parts = Self.encodeInSlices(range, slices: range.count < 64 ? 1 : cores) { slice in
                var json = JSONBytes(capacity: 256 * slice.count)
                for i in slice {
                    indent.withUnsafeBytes { json.verbatim($0) }
                    encode(i, &json)
                    Self.separator(last: i == count - 1).withUTF8Buffer { json.verbatim(UnsafeRawBufferPointer($0)) }
                }
                return json
            }
            for part in parts { part.withBytes { stream.write(UnsafeRawBufferPointer($0)) } }
        }
        stream.write(pad(level) + "]")
    }

    static func separator(last: Bool) -> StaticString { last ? "\n" : ",\n" }

    /// `encode` over `range`, split into `slices` ranges run on as many threads, results in order.
    static func encodeInSlices<T>(_ range: Range<Int>, slices: Int, _ encode: @escaping @Sendable (Range<Int>) -> T) -> [T] {
        let per = (range.count + slices - 1) / slices
        return WorkerPool(threads: slices).map(slices) { _, s in
            let lo = min(range.upperBound, range.lowerBound + s * per), hi = min(range.upperBound, lo + per)
            return encode(lo..<hi)
        }
    }

    func pad(_ level: Int) -> String { String(repeating: " ", count: 2 * level) }
}

extension ReportDocument {
    /// Writes the canonical report.json group by group, without its whole text in memory: the
    /// normalized document with sorted keys, slashes unescaped and a trailing newline, pretty-printed
    /// as `JSONEncoder` does, except that each element of `groups`, `fixed`, `rollups`, `rowsVisible`,
    /// `screens` and `webPages` takes one line, encoded by `JSONEncoder` without pretty printing (a report of
    /// 100,000 occurrences stays small, and a diff still shows one changed group per line).
    /// Pass `normalized: true` when the document already is.
    public func writeJSON(to stream: ReportStream, normalized isNormalized: Bool = false) {
        let doc = isNormalized ? self : normalized()
        let json = PrettyJSON(stream: stream)
        func v<T: Encodable>(_ x: T) -> (Int) -> Void { { json.value(x, level: $0) } }
        func a<T: Encodable>(_ x: [T]) -> (Int) -> Void { { json.array(x, level: $0) } }
        func l<T: Encodable & Sendable>(_ x: [T]) -> (Int) -> Void { { json.encoderLines(x, level: $0) } }
        func j<T: JSONLine & Sendable>(_ x: [T]) -> (Int) -> Void { { json.lines(x, level: $0) } }
        json.object(level: 0, [
            ("baseline", doc.baseline.map(v)),
            ("checks", a(doc.checks)),
            ("config", v(doc.config)),
            ("failOn", v(doc.failOn)),
            ("fixed", j(doc.fixed)),
            ("fonts", a(doc.fonts)),
            ("generatedAt", doc.generatedAt.map(v)),
            ("groups", j(doc.groups)),
            ("largerText", doc.largerText.map(v)),
            ("mockups", v(doc.mockups)),
            ("rollups", l(doc.rollups)),
            ("rowsVisible", j(doc.rowsVisible)),
            ("schemaVersion", v(doc.schemaVersion)),
            ("scope", v(doc.scope)),
            ("screens", l(doc.screens)),
            ("systemText", doc.systemText.map(v)),
            ("tool", v(doc.tool)),
            ("webPages", doc.webPages.map(l)),
        ])
        stream.write("\n")
    }
}

