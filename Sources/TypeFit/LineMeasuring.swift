import Dispatch
import FontEngine
import Foundation
import TypeFitSupport
#if canImport(Glibc)
import Glibc
#endif

/// The lines of a UTF-8 text as `typefit measure` reads them: split on U+000A, a "\r" right
/// before it is part of the line end (CRLF files, as Windows editors write them), nothing else
/// trimmed, a final "\n" adds no empty line, a leading byte-order mark is dropped. The bytes are
/// kept once, as read (one buffer of the file's size: `init(contentsOfFile:)`), and validated as
/// UTF-8 in place; lines are byte ranges of them (no per-line allocation).
public struct TextLines: Sendable {
    /// The bytes (without the byte-order mark).
    private let storage: TextStorage
    /// UTF-8 offsets of each line's start and end in the bytes.
    private let starts: [Int]
    private let ends: [Int]
    /// `ByteHash` of each line's bytes (tag 0), computed while the text is split into lines (the
    /// bytes are in the processor's cache then), for `RepeatedLines`.
    private let hashes: [UInt64]

    /// Number of lines.
    public var count: Int { starts.count }

    /// The lines of UTF-8 `bytes` (copied); nil when they are not valid UTF-8.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let lines = try? TextLines(storage: TextStorage(copying: bytes)) else { return nil }
        self = lines
    }

    /// The lines of UTF-8 `data` (see `init(utf8:)`).
    public init?(data: Data) {
        guard let lines = data.withUnsafeBytes({ TextLines(utf8: $0.bindMemory(to: UInt8.self)) }) else { return nil }
        self = lines
    }

    /// Why a text file could not be read as lines.
    public enum ReadError: Error, Sendable {
        /// No such file, or a folder.
        case notFound
        /// It exists but cannot be read (`errno`'s text).
        case unreadable(String)
        /// Not UTF-8: where (0-based byte offset, and line:column) and the byte there, if any.
        case notUTF8(offset: Int, position: TextPosition, byte: UInt8?)
    }

    /// The lines of a file, read once into one buffer of its size (through `Data` and then a
    /// `String`, 20,000 corpus lines took 460 page faults and two copies), or of standard input
    /// for "-". Not mapped: a file shortened by another program while it is being measured would
    /// kill the process (SIGBUS) instead of being read as it was. A long text is split into lines
    /// and validated on the threads of `crew`, in pieces that start at line starts.
    public init(contentsOfFile path: String, crew: WorkerCrew? = nil) throws(ReadError) {
        let storage = path == "-" ? try TextStorage.reading(STDIN_FILENO) : try TextStorage.file(path)
        do {
            try self.init(storage: storage, crew: crew)
        } catch {
            // The first invalid byte, found again on a copy (rare: an error is about to be printed).
            let data = storage.withBytes { Data(buffer: $0) }
            let offset = TextPosition.firstInvalidUTF8(in: data) ?? 0
            throw .notUTF8(offset: offset, position: TextPosition(byteOffset: offset, in: data),
                           byte: offset < data.count ? data[data.startIndex + offset] : nil)
        }
    }

    private struct NotUTF8: Error {}

    /// Bytes per piece at least: below this, handing a piece to another thread costs more than it saves.
    static let minimumPieceBytes = 64 * 1024

    private init(storage: TextStorage, crew: WorkerCrew? = nil) throws {
        var crewUsed: WorkerCrew?
        let pieces = storage.withBytes { body -> [Piece] in
            guard let base = body.baseAddress, body.count > 0 else { return [] }
            let n = body.count
            let count = max(1, min((crew?.size ?? 1) * 4, n / Self.minimumPieceBytes))
            guard count > 1, let crew else { return [Self.scan(base, 0..<n)] }
            // Piece k starts at the first line start at or after k·n/count, so no line is split.
            var bounds = [0]
            for k in 1..<count {
                var at = max(k * n / count, bounds[k - 1] + 1) - 1
                if let found = memchr(base + at, 0x0A, n - at) {
                    at = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                } else {
                    at = n
                }
                bounds.append(at)
            }
            bounds.append(n)
            let text = UncheckedSendable(base)
            crewUsed = crew
            return crew.map(count) { [bounds] _, k in Self.scan(text.value, bounds[k]..<bounds[k + 1]) }
        }
        guard pieces.allSatisfy(\.valid) else { throw NotUTF8() }
        longestLine = pieces.map(\.longest).max() ?? 0
        if let crew = crewUsed {
            // The pieces' lines copied into place on every thread (each piece at its first
            // line's index: the arrays' pages are first touched there too).
            var firstLines = [0]
            for piece in pieces { firstLines.append(firstLines[firstLines.count - 1] + piece.starts.count) }
            let total = firstLines[pieces.count]
            let all = UncheckedSendable((pieces, firstLines))
            var endArray: [Int] = [], hashArray: [UInt64] = []
            starts = [Int](unsafeUninitializedCapacity: total) { starts, startsCount in
                endArray = [Int](unsafeUninitializedCapacity: total) { ends, endsCount in
                    hashArray = [UInt64](unsafeUninitializedCapacity: total) { hashes, hashesCount in
                        let out = UncheckedSendable((starts, ends, hashes))
                        crew.forEach(pieces.count) { _, k in
                            let (pieces, firstLines) = all.value
                            let (starts, ends, hashes) = out.value
                            let at = firstLines[k]
                            pieces[k].starts.withUnsafeBufferPointer { _ = UnsafeMutableBufferPointer(rebasing: starts[at...]).initialize(fromContentsOf: $0) }
                            pieces[k].ends.withUnsafeBufferPointer { _ = UnsafeMutableBufferPointer(rebasing: ends[at...]).initialize(fromContentsOf: $0) }
                            pieces[k].hashes.withUnsafeBufferPointer { _ = UnsafeMutableBufferPointer(rebasing: hashes[at...]).initialize(fromContentsOf: $0) }
                        }
                        hashesCount = total
                    }
                    endsCount = total
                }
                startsCount = total
            }
            ends = endArray
            hashes = hashArray
        } else {
            starts = pieces.first?.starts ?? []
            ends = pieces.first?.ends ?? []
            hashes = pieces.first?.hashes ?? []
        }
        self.storage = storage
    }

    /// The lines starting in `range` of the text (which starts at a line start and ends at a
    /// line start or the text's end) and whether they are valid UTF-8.
    private struct Piece {
        var starts: [Int] = []
        var ends: [Int] = []
        var hashes: [UInt64] = []
        var valid = true
        /// Bytes of its longest line.
        var longest = 0
    }

    private static func scan(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Piece {
        var piece = Piece()
        let limit = range.upperBound
        // Room for lines of 24 bytes on average (the corpus's are 37), grown if shorter: counting
        // the line feeds first cost one more memchr call per line.
        let room = range.count / 24 + 16
        piece.starts.reserveCapacity(room)
        piece.ends.reserveCapacity(room)
        piece.hashes.reserveCapacity(room)
        var start = range.lowerBound
        while start < limit {
            var end = limit
            var next = limit
            if let found = memchr(base + start, 0x0A, limit - start) {
                end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                next = end + 1
                if end > start, base[end - 1] == 0x0D { end -= 1 }   // CRLF
            }
            // Validated line by line, in place (no String made): a line feed is never part
            // of a multi-byte sequence, so the lines are valid UTF-8 exactly when the text
            // is. ASCII lines (most UI text) are checked 8 bytes at a time; others by
            // `UTF8Span(validating:)` (which has no such fast path: on the whole text at once,
            // 9 instructions a byte).
            if piece.valid && !Self.isASCII(base + start, next - start) {
                piece.valid = (try? UTF8Span(validating: UnsafeBufferPointer(start: base + start, count: next - start).span)) != nil
            }
            piece.starts.append(start)
            piece.ends.append(end)
            piece.hashes.append(ByteHash.hash(base + start, end - start, 0))
            piece.longest = max(piece.longest, end - start)
            start = next
        }
        return piece
    }

    /// Whether the `n` bytes at `p` are all ASCII.
    private static func isASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        var i = 0, high: UInt64 = 0
        while i + 8 <= n {
            high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n {
            high |= UInt64(p[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Line `i` (0-based), as a new string.
    public subscript(i: Int) -> Substring {
        withUTF8 { Substring(String(decoding: UnsafeBufferPointer(rebasing: $0[byteRange(i)]), as: UTF8.self)) }
    }

    /// Calls `body` with the text's UTF-8 bytes (no copy); `byteRange(i)` are line i's in them.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withBytes(body)
    }

    /// UTF-8 offsets of line `i` in the bytes (without its line end).
    public func byteRange(_ i: Int) -> Range<Int> { starts[i]..<ends[i] }

    /// UTF-8 bytes of the longest line (0 without lines).
    public let longestLine: Int

    /// `ByteHash.hash` of line `i`'s bytes with tag 0 (equal lines have equal hashes).
    public func lineHash(_ i: Int) -> UInt64 { hashes[i] }
}

/// The bytes of a `TextLines`, in memory of its own. Immutable after init, so `@unchecked Sendable`.
private final class TextStorage: @unchecked Sendable {
    /// Where the text starts (after a byte-order mark) and its length.
    private let base: UnsafePointer<UInt8>?
    private let count: Int
    /// The allocation (`free`d at deinit).
    private let region: UnsafeMutableRawPointer?

    private init(region: UnsafeMutableRawPointer?, length: Int) {
        self.region = region
        if let region, length >= 3, region.load(as: UInt8.self) == 0xEF, region.load(fromByteOffset: 1, as: UInt8.self) == 0xBB,
           region.load(fromByteOffset: 2, as: UInt8.self) == 0xBF {
            base = UnsafePointer(region.assumingMemoryBound(to: UInt8.self)) + 3
            count = length - 3
        } else {
            base = region.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }
            count = region == nil ? 0 : length
        }
    }

    deinit { free(region) }

    /// A copy of `bytes`.
    convenience init(copying bytes: UnsafeBufferPointer<UInt8>) {
        let memory = malloc(max(1, bytes.count))!
        if let source = bytes.baseAddress { memory.copyMemory(from: source, byteCount: bytes.count) }
        self.init(region: memory, length: bytes.count)
    }

    /// All of `descriptor` read into memory; `expected` bytes (a regular file's size) fit the
    /// first allocation, and one more read finds the end (a file that grew meanwhile is read on).
    static func reading(_ descriptor: Int32, expected: Int = 1 << 16) throws(TextLines.ReadError) -> TextStorage {
        var capacity = max(64, expected + 1), length = 0
        var memory = malloc(capacity)!
        while true {
            if length == capacity {
                capacity *= 2
                memory = realloc(memory, capacity)!
            }
            let n = read(descriptor, memory + length, capacity - length)
            if n < 0 {
                if errno == EINTR { continue }
                let problem = String(cString: strerror(errno))
                free(memory)
                throw .unreadable(problem)
            }
            if n == 0 { break }
            length += n
        }
        return TextStorage(region: memory, length: length)
    }

    /// The file at `path` (a regular file, a pipe, a device).
    static func file(_ path: String) throws(TextLines.ReadError) -> TextStorage {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .notFound }
        return try reading(fd, expected: info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 1 << 16)
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

/// Which lines repeat an earlier line byte for byte. Real strings files repeat a lot (the
/// bench's 20,000 corpus lines have 10,770 distinct ones: the same "OK", "Cancel", "%@" in every
/// locale and app), and a JSON Lines record depends only on the line's bytes and its
/// measurement, so `LineMeasuring.writeRecords` measures and encodes each distinct line once and
/// copies its record for the repeats. Found before the workers start, with hash tables of line
/// numbers (keys compared byte for byte; the hashes are `TextLines.lineHash`), so the work does
/// not depend on how lines are spread over threads. On a crew, each thread takes the lines whose
/// hash falls in its part (equal lines have equal hashes, so a line and
/// all its repeats are in one part, met in line order), and slots are numbered afterwards in the
/// order of their first repeat, exactly as one pass over all lines numbers them.
public struct RepeatedLines: Sendable {
    /// Per line: `measure` (-1), `keep` a record in slot k (2k, a first occurrence that recurs),
    /// or `copy` slot k (2k + 1, a repeat).
    private let roles: [Int32]
    /// Number of slots (distinct lines that recur).
    public let slots: Int
    /// Number of distinct lines.
    public let distinct: Int
    /// Number of lines.
    public var lineCount: Int { roles.count }
    /// UTF-8 bytes of the lines that keep a record (the first occurrences of lines that recur).
    public let keptBytes: Int

    /// What to do with one line.
    public enum Role: Equatable, Sendable {
        /// The only occurrence so far and none later: measure it.
        case measure
        /// The first of several occurrences: measure it and keep its record in `slot`.
        case keep(slot: Int)
        /// A repeat: copy the record kept in `slot`.
        case copy(slot: Int)
    }

    public func role(of line: Int) -> Role {
        let r = Int(roles[line])
        return r < 0 ? .measure : r & 1 == 0 ? .keep(slot: r >> 1) : .copy(slot: r >> 1)
    }

    /// Whether line `i` is measured (it is not a repeat).
    @inline(__always)
    public func isMeasured(_ line: Int) -> Bool { roles[line] < 0 || roles[line] & 1 == 0 }

    /// Lines per part at least: below this, a second thread costs more than it saves.
    static let minimumLinesPerPart = 4_096

    public init(_ lines: TextLines, crew: WorkerCrew? = nil) {
        let count = lines.count
        precondition(count < Int(Int32.max) / 2, "RepeatedLines: too many lines")
        let partCount = max(1, min(crew?.size ?? 1, count / Self.minimumLinesPerPart))
        var roles = [Int32](repeating: -1, count: count)
        // (The buffer stays valid throughout: `forEach` returns when every part is done.)
        let parts = roles.withUnsafeMutableBufferPointer { roles -> [Part] in
            guard partCount > 1, let crew else {
                return [lines.withUTF8 { Part(lines: lines, text: $0, part: 0, of: 1, size: count, roles: roles) }]
            }
            // Lines per part, so each part's table is sized for it (a quick pass over the hashes).
            var sizes = [Int](repeating: 0, count: partCount)
            for i in 0..<count { sizes[Part.part(of: lines.lineHash(i), partCount)] += 1 }
            let out = UncheckedSendable(roles)
            return crew.map(partCount) { [sizes] _, p in
                lines.withUTF8 { Part(lines: lines, text: $0, part: p, of: partCount, size: sizes[p], roles: out.value) }
            }
        }
        // Slots in the order of their first repeat: each part's are in line order already, so
        // merging the parts' lists by line number numbers them as one pass would.
        var slotNumbers = parts.map { [Int32](repeating: 0, count: $0.firstRepeats.count) }
        var next = [Int](repeating: 0, count: parts.count)
        var slots = 0
        while true {
            var pick = -1
            for p in parts.indices where next[p] < parts[p].firstRepeats.count {
                if pick < 0 || parts[p].firstRepeats[next[p]] < parts[pick].firstRepeats[next[pick]] { pick = p }
            }
            guard pick >= 0 else { break }
            slotNumbers[pick][next[pick]] = Int32(slots)
            next[pick] += 1
            slots += 1
        }
        if parts.count > 1 {
            for i in 0..<count where roles[i] >= 0 {
                let r = roles[i]
                roles[i] = 2 * slotNumbers[Part.part(of: lines.lineHash(i), parts.count)][Int(r >> 1)] | (r & 1)
            }
        }
        self.roles = roles
        self.slots = slots
        self.distinct = parts.reduce(0) { $0 + $1.distinct }
        self.keptBytes = parts.reduce(0) { $0 + $1.keptBytes }
    }

    /// The lines of one part: their roles written into `roles` with slots numbered within the
    /// part, in the order of their first repeat (`firstRepeats`: the line of each slot's first repeat).
    private struct Part: Sendable {
        var distinct = 0
        var keptBytes = 0
        var firstRepeats: [Int] = []

        /// Which part a line with hash `h` is in (the hash's high bits; the table uses the low ones).
        @inline(__always)
        static func part(of h: UInt64, _ parts: Int) -> Int { Int(truncatingIfNeeded: (h >> 40) % UInt64(parts)) }

        /// The lines of `part` (of `parts`), `size` of them.
        init(lines: TextLines, text: UnsafeBufferPointer<UInt8>, part: Int, of parts: Int, size: Int, roles: UnsafeMutableBufferPointer<Int32>) {
            var capacity = 16
            while capacity < 2 * size { capacity <<= 1 }
            // Open addressing: 0 = empty, else the first line with those bytes, + 1. Mapped and
            // populated (`AnonymousMapping`), not an array filled with zeros (a table this size,
            // 256 KiB for 20,000 lines, is fresh pages the kernel zeroes, and an array would write
            // each once more), nor calloc'd: lines hash all over it and a slot is read before it
            // is written, so each page would be faulted twice, the second time with a TLB flush
            // on the CPU of the thread parsing the options meanwhile (`EarlyMeasureStart`).
            let mapping = AnonymousMapping(bytes: capacity * MemoryLayout<Int32>.stride, hugePages: false, populate: true, owner: "RepeatedLines")
            let table = mapping.base.bindMemory(to: Int32.self, capacity: capacity)
            defer { mapping.unmap() }
            let base = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
            for i in 0..<lines.count {
                let h = lines.lineHash(i)
                guard parts == 1 || Self.part(of: h, parts) == part else { continue }
                let range = lines.byteRange(i)
                let p = base + range.lowerBound, n = range.count
                var slot = Int(truncatingIfNeeded: h) & (capacity - 1)
                while true {
                    let found = Int(table[slot]) - 1
                    if found < 0 {
                        table[slot] = Int32(i + 1)
                        distinct += 1
                        break
                    }
                    let other = lines.byteRange(found)
                    if other.count == n && memcmp(base + other.lowerBound, p, n) == 0 {
                        if roles[found] < 0 {
                            roles[found] = Int32(2 * firstRepeats.count)
                            firstRepeats.append(i)
                            keptBytes += n
                        }
                        roles[i] = roles[found] | 1
                        break
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
            }
        }
    }
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
    /// (0 = `Processors.available`), or on `crew`'s when given, and `emit(output)` for every chunk in order.
    /// Rethrows the first error of `encode` or `emit`; no further chunk is emitted after an error.
    public static func run<Output>(
        lines: TextLines, font: ShapingFont, features: String = "", language: String? = nil, threads: Int = 0,
        crew: WorkerCrew? = nil,
        makeOutput: @escaping @Sendable () -> Output,
        encode: @escaping @Sendable (Int, UnsafeBufferPointer<UInt8>, LineMeasurement, inout Output) throws -> Void,
        emit: @escaping @Sendable (Output) throws -> Void
    ) throws {
        try chunks(lines: lines, font: font, features: features, language: language, crew: crew ?? Self.crew(threads, lines), repeats: nil,
                   makeOutput: { _ in makeOutput() }, encode: encode, emit: emit)
    }

    /// A crew of `threads` threads (0 = `Processors.available`), no more than `lines` has chunks.
    private static func crew(_ threads: Int, _ lines: TextLines) -> WorkerCrew {
        let chunkCount = (lines.count + chunkLines - 1) / chunkLines
        return WorkerCrew(threads: max(1, min(threads > 0 ? threads : Processors.available, chunkCount)))
    }

    /// Writes one record per line, in line order, where a record is a function of the line's
    /// bytes and its measurement only (JSON Lines): `encode(line, measurement, &json)` appends a
    /// line's record, `write(bytes)` is called with consecutive runs of the output, in order, one
    /// call at a time. Each distinct line is measured and encoded once (`RepeatedLines`); a
    /// repeat's record is a copy of the first occurrence's bytes, so the output is exactly what
    /// encoding every line would give. Records of lines that recur are kept until the end (at
    /// most the output's size; on the bench's 20,000 lines, the records of 2,976 lines).
    /// `repeats`: the lines' `RepeatedLines` when already found (found here otherwise).
    public static func writeRecords(
        lines: TextLines, repeats known: RepeatedLines? = nil, font: ShapingFont, features: String = "", language: String? = nil,
        threads: Int = 0, crew: WorkerCrew? = nil,
        encode: @escaping @Sendable (UnsafeBufferPointer<UInt8>, LineMeasurement, inout JSONBytes) throws -> Void,
        write: @escaping @Sendable (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        let crew = crew ?? Self.crew(threads, lines)
        precondition(known.map { $0.lineCount == lines.count } ?? true, "writeRecords: repeats of other lines")
        let repeats = known ?? RepeatedLines(lines, crew: crew)
        let kept = KeptRecords(slots: repeats.slots, textBytes: repeats.keptBytes)
        try chunks(lines: lines, font: font, features: features, language: language, crew: crew, repeats: repeats,
                   makeOutput: { range in RecordChunk(lines: range) },
                   encode: { _, line, m, chunk in
                       try encode(line, m, &chunk.json)
                       chunk.ends.append(chunk.json.count)
                   },
                   emit: { chunk in try kept.emit(chunk, repeats: repeats, write: write) })
    }

    private static func chunks<Output>(
        lines: TextLines, font: ShapingFont, features: String, language: String?, crew: WorkerCrew, repeats: RepeatedLines?,
        makeOutput: @escaping @Sendable (Range<Int>) -> Output,
        encode: @escaping @Sendable (Int, UnsafeBufferPointer<UInt8>, LineMeasurement, inout Output) throws -> Void,
        emit: @escaping @Sendable (Output) throws -> Void
    ) throws {
        let chunkCount = (lines.count + chunkLines - 1) / chunkLines
        let threadCount = max(1, min(crew.size, chunkCount))
        // One cache shared by the threads (a word or line is shaped once per run, not once per
        // thread), sized to the text: room for two entries a line (the bench's 20,000 corpus
        // lines filled 21,500 to 21,850 entries: words, neighbourhoods, lines), at least 16,384
        // and at most the standard 131,072; a fuller table goes on in the measurers' own tables.
        // A long run over many lines: the cache on huge pages (fewer page faults; a few lines
        // would touch only a few small pages). With 131,072 entries on 20,000 lines, its slots
        // (2 MiB) and records (2.2 MiB) took 3 huge pages; sized to the text, 2.
        let limits = FastMeasurer.CacheLimits(entries: min(FastMeasurer.CacheLimits.standard.entries, max(1 << 14, 2 * lines.count)),
                                              bytes: FastMeasurer.CacheLimits.standard.bytes, hugePages: lines.count >= 2_000)
        let measurers = try FastMeasurer.group(count: threadCount, font: font, features: features, language: language, computesInk: true,
                                               cacheLimits: limits)
        let order = ChunkOrder<Output>()
        // Chunks in order to whichever thread is free (the cache is shared: a word met in chunk
        // 5 is more likely met again in chunk 6 than in chunk 90). Finished chunks wait in
        // `order` until those before them are written.
        let shared = UncheckedSendable((measurers, lines))
        crew.forEach(chunkCount) { worker, chunk in
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
    // `@exclusivity(unchecked)`: one emitter at a time, never re-entered (the runtime's access
    // checks were a third of `emit`'s instructions).
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

/// Hands values to the crew's workers: each worker uses only its own measurer and reads the
/// shared lines and text.
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
