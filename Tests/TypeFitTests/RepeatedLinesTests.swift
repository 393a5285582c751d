import FontEngine
import Foundation
import TestSupport
import Testing
import TypeFit
import TypeFitSupport

/// `typefit measure`'s input and output plumbing: lines read from a mapped file, repeated lines
/// found byte for byte, and records written once per distinct line and copied for repeats.
@Suite struct RepeatedLinesTests {
    static func lines(_ text: String) -> TextLines {
        var text = text
        return text.withUTF8 { TextLines(utf8: $0)! }
    }

    /// Roles worked out by hand: a first occurrence that recurs keeps its record in the next free
    /// slot, in order of first occurrence; repeats copy that slot; a line seen once is measured.
    @Test func rolesByHand() {
        // lines:  0 "a", 1 "b", 2 "a", 3 "", 4 "b", 5 "a", 6 "", 7 "c"
        let repeats = RepeatedLines(Self.lines("a\nb\na\n\nb\na\n\nc\n"))
        #expect((0..<8).map(repeats.role(of:)) == [
            .keep(slot: 0), .keep(slot: 1), .copy(slot: 0), .keep(slot: 2), .copy(slot: 1), .copy(slot: 0), .copy(slot: 2), .measure,
        ])
        #expect(repeats.slots == 3)
        #expect(repeats.distinct == 4)
    }

    /// Lines are the same only byte for byte: "é" precomposed (C3 A9) and decomposed (65 CC 81)
    /// are equal as Swift strings but shape differently, so neither copies the other; "a" and
    /// "a " and "A" differ; a CRLF line end is not part of the line, so "x\r\n" repeats "x\n".
    @Test func sameBytesOnly() {
        let text = "\u{E9}\ne\u{301}\na\na \nA\nx\r\nx\n"
        #expect("\u{E9}" == "e\u{301}")  // Swift's canonical equivalence, which must not be used here
        let repeats = RepeatedLines(Self.lines(text))
        #expect((0..<7).map(repeats.role(of:)) == [.measure, .measure, .measure, .measure, .measure, .keep(slot: 0), .copy(slot: 0)])
    }

    /// Many lines, many collisions in the table: every role checked against a dictionary of the
    /// lines' byte arrays, found alone and on pools of 2 and 3 workers (13,000 lines: 3 parts of
    /// at least `minimumLinesPerPart`, so the parts and the renumbering of their slots are used).
    @Test(arguments: [1, 2, 3])
    func rolesMatchADictionaryOnManyLines(threads: Int) {
        var generator = SystemRandomNumberGenerator()
        let words = ["OK", "Cancel", "%@", "", " ", "Done", "é", "e\u{301}", "Fertig", "完了", "Abbrechen", "Annuler", "OK?"]
        let texts = (0..<13_000).map { _ in (0..<Int.random(in: 0...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ") }
        let repeats = RepeatedLines(Self.lines(texts.joined(separator: "\n") + "\n"), pool: WorkerPool(threads: threads))
        var firstIndex: [[UInt8]: Int] = [:], slotOf: [[UInt8]: Int] = [:]
        var expected: [RepeatedLines.Role] = []
        var keptBytes = 0
        for (i, text) in texts.enumerated() {
            let key = Array(text.utf8)
            if let first = firstIndex[key] {
                if slotOf[key] == nil {
                    slotOf[key] = slotOf.count
                    expected[first] = .keep(slot: slotOf[key]!)
                    keptBytes += key.count
                }
                expected.append(.copy(slot: slotOf[key]!))
            } else {
                firstIndex[key] = i
                expected.append(.measure)
            }
        }
        #expect((0..<texts.count).map(repeats.role(of:)) == expected)
        #expect(repeats.distinct == firstIndex.count)
        #expect(repeats.slots == slotOf.count)
        #expect(repeats.keptBytes == keptBytes)
    }

    /// `writeRecords` on the corpus's lantern strings files (their 6,459 raw lines, 2,161 distinct
    /// by `cat lantern/*.strings | sort -u | wc -l`, repeat a lot: blank lines, comments, "OK"): the bytes equal encoding every line, in order, with the
    /// whole-line `Shaper` (independent of the fast path and of the dedup), on 1, 2 and 3 threads.
    @Test(arguments: [1, 2, 3])
    func recordsEqualEncodingEveryLine(threads: Int) throws {
        let dir = Repository.lanternStrings
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".strings") }.sorted()
        let text = try files.map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }.joined()
        let lines = Self.lines(text)
        let repeats = RepeatedLines(lines)
        #expect(repeats.distinct < lines.count * 3 / 4, "the fixture must repeat lines for the copies to be tested")
        let face = try FontFace(path: Repository.root.appendingPathComponent("Fonts/Roboto/Roboto-Regular.ttf").path)
        let format = MeasureRecordFormat(info: face.info, sizes: [17, 53], letterSpacing: 0.5, withFallback: false)
        let shaper = try Shaper(face: face)
        var expected = JSONBytes()
        for i in 0..<lines.count { format.write(lines[i], shaper.measure(lines[i]), fallback: nil, to: &expected) }
        let written = Collected()
        try LineMeasuring.writeRecords(lines: lines, font: ShapingFont(face: face), pool: WorkerPool(threads: threads),
                                       encode: { line, m, json in format.write(utf8: line, m, fallback: nil, to: &json) },
                                       write: { written.append($0) })
        #expect(written.bytes == expected.bytes)
    }

    /// A mapped file gives the same lines as the bytes in memory: byte-order mark dropped, CRLF
    /// ends, no line after a final line feed, an empty file has no lines; a folder is `notFound`
    /// and invalid UTF-8 names its first bad byte.
    @Test func mappedFileLines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-textlines-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func read(_ bytes: [UInt8]) throws -> [String] {
            let file = dir.appendingPathComponent("t.txt")
            try Data(bytes).write(to: file)
            let lines = try TextLines(contentsOfFile: file.path)
            return (0..<lines.count).map { String(lines[$0]) }
        }
        #expect(try read([0xEF, 0xBB, 0xBF] + Array("a\r\nb\n\nc\n".utf8)) == ["a", "b", "", "c"])
        #expect(try read(Array("x\ny".utf8)) == ["x", "y"])
        #expect(try read([]) == [])
        #expect(throws: TextLines.ReadError.self) { try TextLines(contentsOfFile: dir.path) }
        /// The error for `bytes`: offset, line:column and byte expected.
        func expectNotUTF8(_ bytes: [UInt8], offset: Int, _ position: TextPosition, byte: UInt8) {
            do {
                _ = try read(bytes)
                Issue.record("invalid UTF-8 was read: \(bytes)")
            } catch let error as TextLines.ReadError {
                #expect("\(error)" == "\(TextLines.ReadError.notUTF8(offset: offset, position: position, byte: byte))")
            } catch {
                Issue.record("\(error)")
            }
        }
        // "ok\n" is 3 bytes, "ab" 2: the bad lead byte 0xC3 is byte 5, line 2, column 3.
        expectNotUTF8(Array("ok\nab".utf8) + [0xC3, 0x28], offset: 5, TextPosition(line: 2, column: 3), byte: 0xC3)
        // "€" (E2 82 AC) cut before its last byte by a line feed: invalid although each line is
        // checked alone (a line feed is never inside a sequence).
        expectNotUTF8([0x61, 0xE2, 0x82, 0x0A, 0xAC, 0x62], offset: 1, TextPosition(line: 1, column: 2), byte: 0xE2)
    }

    /// A long text read on a pool (in pieces that start at line starts, scanned by several
    /// threads) gives the lines the text split on "\n" by hand gives: 1 MB of random lines
    /// (empty ones, CRLF ends, lone "\r", 2- to 4-byte characters, some lines far longer than a
    /// piece), without and with a final line feed, and the longest line's length; a bad byte near
    /// the end is found there.
    @Test(arguments: [1, 2, 3])
    func longTextOnAPool(threads: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-poollines-\(getpid())-\(threads)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "OK", " ", "\r", "é", "€", "𝄞", "完了", "Done."]
        var texts: [String] = []
        var size = 0
        while size < 1_000_000 {
            let words = Int.random(in: 0...12, using: &generator) == 0 ? Int.random(in: 0...40_000, using: &generator) : Int.random(in: 0...8, using: &generator)
            let text = (0..<words).map { _ in pieces.randomElement(using: &generator)! }.joined()
            texts.append(text)
            size += text.utf8.count + 1
        }
        let pool = WorkerPool(threads: threads)
        for finalFeed in [true, false] {
            // Every other line ends in CRLF; the "\r" is not part of the line.
            var bytes: [UInt8] = []
            for (i, text) in texts.enumerated() {
                bytes += Array(text.utf8)
                if i < texts.count - 1 || finalFeed { bytes += i % 2 == 0 ? [0x0D, 0x0A] : [0x0A] }
            }
            let file = dir.appendingPathComponent("long.txt")
            try Data(bytes).write(to: file)
            let lines = try TextLines(contentsOfFile: file.path, pool: pool)
            // A line ended by "\r\n" is its text; one ended by "\n" alone loses a final "\r" of
            // its text (that "\r" and the "\n" are a CRLF); an unended last line keeps it.
            let expected = texts.enumerated().map { i, text in
                (i < texts.count - 1 || finalFeed) && i % 2 == 1 && text.hasSuffix("\r") ? String(text.dropLast()) : text
            }
            #expect(lines.count == expected.count)
            #expect((0..<lines.count).allSatisfy { String(lines[$0]) == expected[$0] })
            #expect(lines.longestLine == expected.map(\.utf8.count).max())
        }
        // One bad byte (a lone continuation byte) 100 bytes before the end of 1 MB of "ab\n" lines.
        var bad = Array(repeating: Array("ab\n".utf8), count: 340_000).flatMap { $0 }
        bad[bad.count - 100] = 0x80
        let file = dir.appendingPathComponent("bad.txt")
        try Data(bad).write(to: file)
        do {
            _ = try TextLines(contentsOfFile: file.path, pool: pool)
            Issue.record("invalid UTF-8 was read")
        } catch {
            // Offset 1,019,900 = line 339,967 (3 bytes a line; the bad byte replaced its line
            // feed), column 1,019,900 - 3·339,966 + 1 = 3.
            #expect("\(error)" == "\(TextLines.ReadError.notUTF8(offset: 1_019_900, position: TextPosition(line: 339_967, column: 3), byte: 0x80))")
        }
    }
}

/// Bytes handed to `write`, in call order (calls are one at a time).
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt8] = []
    func append(_ bytes: UnsafeBufferPointer<UInt8>) { lock.withLock { stored.append(contentsOf: bytes) } }
    var bytes: [UInt8] { lock.withLock { stored } }
}
