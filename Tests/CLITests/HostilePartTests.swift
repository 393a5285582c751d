import Foundation
import TestSupport
import Testing

/// Shard parts and options are inputs like any other: every number read from a part or an option
/// is range-checked before use, a part is read with a size bound, and each refusal is one line on
/// stderr naming the part, with exit 2.
@Suite("Hostile shard parts and options", .serialized)
struct HostilePartTests {
    let config = "Examples/Wayfell/typefit.yml"

    /// One real part (the whole run as shard 1/1) and its JSON object.
    func part(in dir: URL) throws -> (URL, [String: Any]) {
        let folder = dir.appendingPathComponent("part")
        let r = try CLIRunner.run(["audit", config, "--shard", "1/1", "--output", folder.path, "--threads", "1", "--no-progress"])
        #expect(r.status == 0, "\(r.stderr)")
        let file = folder.appendingPathComponent("typefit-part.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        return (file, object)
    }

    /// `object` written as a part in a folder of its own.
    func write(_ object: [String: Any], _ name: String, in dir: URL) throws -> String {
        let folder = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("typefit-part.json"))
        return folder.path
    }

    func refused(_ arguments: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("typefit: error: "), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(expected), "\(r.stderr)", sourceLocation: sourceLocation)
    }

    /// Shard options beyond any CI matrix: refused before anything is allocated (a count of 2^63 − 1
    /// once allocated a load table of that many shards).
    @Test func shardOptionsOutOfRange() throws {
        for text in ["1/9223372036854775807", "1/1000000000", "1/4097", "0/0"] {
            try refused(["audit", config, "--shard", text, "--output", "p"], "--shard \(text): expected I/N with 1 ≤ I ≤ N ≤ 4096")
        }
    }

    /// Numbers in a part: shard count 0 (once a trap in `1...0`), a count of 2^62 (once a
    /// missing-shard list without end), an index beyond the count, a unit count or units out of
    /// range, a negative cost.
    @Test func partNumbersAreRangeChecked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, object) = try part(in: dir)
        func tampered(_ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var copy = object
            change(&copy)
            return try write(copy, name, in: dir)
        }
        let cases: [(String, (inout [String: Any]) -> Void, String)] = [
            ("zero", { $0["shard"] = ["index": 1, "count": 0] }, "shard count 0 is out of range (1…4096)"),
            ("huge", { $0["shard"] = ["index": 1, "count": 1 << 62] }, "shard count 4611686018427387904 is out of range (1…4096)"),
            ("index", { $0["shard"] = ["index": 3, "count": 2] }, "shard index 3 is out of range (1…2)"),
            ("units", { $0["unitCount"] = Int.max }, "unit count 9223372036854775807 is out of range"),
            ("unit", { $0["units"] = [0, 99] }, "unit 99 is out of range or order"),
            ("cost", { $0["cost"] = -1 }, "cost -1 is negative"),
        ]
        for (name, change, expected) in cases {
            let path = try tampered(name, change)
            try refused(["merge", path, "--output", dir.appendingPathComponent("out").path],
                        "\(path)/typefit-part.json: \(expected)")
        }
    }

    /// A part cut short names the line and column where it stops; a part larger than the bound
    /// (a sparse 300 MB file: no disk used) is refused before it is read; a FIFO is not opened.
    @Test func truncatedHugeAndSpecialParts() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, _) = try part(in: dir)
        let data = try Data(contentsOf: file)
        let cut = dir.appendingPathComponent("cut.json")
        // The first 100 bytes are on line 1 (the part is written without line breaks).
        #expect(!data.prefix(100).contains(0x0A))
        try data.prefix(100).write(to: cut)
        // JSONSyntax names where the unfinished value began (line 1: the part has no line breaks).
        try refused(["merge", cut.path], "\(cut.path):1:")
        try refused(["merge", cut.path], ": not valid JSON: ")
        try refused(["merge", cut.path], "the file stops after 100 bytes: it was cut short")

        let huge = dir.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        try refused(["merge", huge.path], "\(huge.path): is larger than 256 MB, the most TypeFit reads for it")

        let fifo = dir.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try refused(["merge", fifo.path], "\(fifo.path): is a named pipe (FIFO), not a regular file")
    }

    /// A part naming another file as its config: the merge quotes the name it was given, cut, and
    /// never the file's content.
    @Test func aPartNamingAnotherFileQuotesTheName() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, object) = try part(in: dir)
        var copy = object
        copy["config"] = "/etc/passwd"
        let path = try write(copy, "passwd", in: dir)
        let r = try CLIRunner.run(["merge", path, "--output", dir.appendingPathComponent("out").path])
        #expect(r.status == 2 && r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("/etc/passwd"), "\(r.stderr)")
        #expect(!r.stderr.contains("root:"), "\(r.stderr)")
        #expect(r.stderr.utf8.count < 400, "\(r.stderr)")
    }

    /// An error quoting a path with an escape sequence, a carriage return and a bidi override
    /// shows them as `\u{…}` on its one line: the terminal is not cleared, nothing is overwritten.
    @Test func errorLinesShowControlCharacters() throws {
        let name = "part\u{1B}[2J\r\u{202E}x"
        let r = try CLIRunner.run(["merge", name])
        #expect(r.status == 2 && r.stderrLines.count == 1, "\(r.stderr)")
        // The carriage return is a line break: the one line joins it as a space.
        #expect(r.stderr.contains(#"part\u{1B}[2J \u{202E}x: no such part"#), "\(r.stderr)")
        #expect(!r.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{202E}" })
    }
}
