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

    /// The lines of a file, read once into one buffer of its size, or of standard input for
    /// "-". Not mapped: a file shortened by another program while it is being measured would
    /// kill the process (SIGBUS) instead of being read as it was. A long text is split into lines
    /// and validated by the workers of `pool`, in pieces that start at line starts.
    public init(contentsOfFile path: String, pool: WorkerPool = WorkerPool(threads: 1)) throws(ReadError) {
        let storage = path == "-" ? try TextStorage.reading(STDIN_FILENO) : try TextStorage.file(path)
        do {
            try self.init(storage: storage, pool: pool)
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

    private init(storage: TextStorage, pool: WorkerPool = WorkerPool(threads: 1)) throws {
        let pieces = storage.withBytes { body -> [Piece] in
            guard let base = body.baseAddress, body.count > 0 else { return [] }
            let n = body.count
            let count = pool.size > 1 ? max(1, min(pool.size * 4, n / Self.minimumPieceBytes)) : 1
            guard count > 1 else { return [Self.scan(base, 0..<n)] }
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
            let text = UnsafeSendable(base)
            return pool.map(count) { [bounds] _, k in Self.scan(text.value, bounds[k]..<bounds[k + 1]) }
        }
        guard pieces.allSatisfy(\.valid) else { throw NotUTF8() }
        longestLine = pieces.map(\.longest).max() ?? 0
        if pieces.count > 1 {
            // The pieces' lines copied into place on every thread (each piece at its first
            // line's index: the arrays' pages are first touched there too).
            var firstLines = [0]
            for piece in pieces { firstLines.append(firstLines[firstLines.count - 1] + piece.starts.count) }
            let total = firstLines[pieces.count]
            let all = UnsafeSendable((pieces, firstLines))
            var endArray: [Int] = [], hashArray: [UInt64] = []
            starts = [Int](unsafeUninitializedCapacity: total) { starts, startsCount in
                endArray = [Int](unsafeUninitializedCapacity: total) { ends, endsCount in
                    hashArray = [UInt64](unsafeUninitializedCapacity: total) { hashes, hashesCount in
                        let out = UnsafeSendable((starts, ends, hashes))
                        pool.forEach(pieces.count) { _, k in
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
