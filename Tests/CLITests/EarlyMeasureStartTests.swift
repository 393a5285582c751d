import Foundation
import Testing
@testable import typefit

/// `typefit measure` reads its text file on another core while the options are parsed
/// (`EarlyMeasureStart`): what the arguments are taken to say before parsing, and that the output
/// and the errors are the same whether or not the early read is used.
@Suite struct EarlyMeasureStartTests {
    /// The guess from the arguments, worked out by hand from ArgumentParser's rules: a value after
    /// the option or after "=", the last one when repeated, nothing after "--", no guess for
    /// another command or with --threads (the early read uses the default crew).
    @Test func guessFromArguments() {
        func guess(_ arguments: String) -> EarlyGuess? {
            EarlyMeasureStart.guess(from: ["typefit"] + arguments.split(separator: " ").map(String.init)).map { EarlyGuess(textFile: $0.textFile, format: $0.format) }
        }
        #expect(guess("measure F.ttf --text-file a.txt") == EarlyGuess(textFile: "a.txt", format: nil))
        #expect(guess("measure --text-file=a.txt F.ttf --format text") == EarlyGuess(textFile: "a.txt", format: .text))
        #expect(guess("measure F.ttf --format=json --text-file - --sizes 14,17") == EarlyGuess(textFile: "-", format: .json))
        #expect(guess("measure F.ttf --text-file a.txt --text-file b.txt") == EarlyGuess(textFile: "b.txt", format: nil))
        #expect(guess("measure F.ttf --format yaml --text-file a.txt") == EarlyGuess(textFile: "a.txt", format: nil))
        #expect(guess("measure F.ttf -- --text-file a.txt") == EarlyGuess(textFile: nil, format: nil))
        #expect(guess("measure F.ttf --text-file") == EarlyGuess(textFile: nil, format: nil))
        #expect(guess("measure F.ttf --text-file a.txt --threads 2") == nil)
        #expect(guess("measure F.ttf --threads=1 --text-file a.txt") == nil)
        #expect(guess("inspect F.ttf --text-file a.txt") == nil)
        #expect(guess("measure") == nil)
    }

    struct EarlyGuess: Equatable {
        var textFile: String?
        var format: OutputFormat?
    }

    /// The same bytes with the early read (no --threads) as without it (--threads given), for
    /// JSON Lines (repeats found early) and the table, a file named either way and stdin. The
    /// path with --threads is checked against whole-line shaping encoded independently
    /// (`MeasureJSONLinesTests.commandWritesReferenceBytesOnAnyThreadCount`); the text below has
    /// 8 lines (counted by hand: the empty one too), so at least 8 output lines (8 records, or a
    /// header and 8 rows).
    @Test func sameOutputWithAndWithoutTheEarlyRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-early-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Repeats (the early read finds them for JSON Lines), CRLF, a missing character (U+0E01).
        let text = "Cancel\nOK\r\nCancel\nก ok\nOK\r\n\nSave changes?\nCancel\n"
        let file = dir.appendingPathComponent("lines.txt")
        try Data(text.utf8).write(to: file)
        let font = "Fonts/Roboto/Roboto-Regular.ttf"
        let threads = String(ProcessInfo.processInfo.activeProcessorCount)
        for (early, stdin) in [
            (["measure", font, "--text-file", file.path, "--sizes", "17"], nil as String?),
            (["measure", "--text-file=\(file.path)", font, "--format", "json"], nil),
            (["measure", font, "--text-file", file.path, "--format", "text"], nil),
            (["measure", font, "--text-file", "-"], text),
        ] {
            let withEarlyRead = try CLIRunner.run(early, stdin: stdin)
            let without = try CLIRunner.run(early + ["--threads", threads], stdin: stdin)
            #expect(withEarlyRead.status == 0, "\(withEarlyRead.stderr)")
            #expect(withEarlyRead.stdout.split(separator: "\n").count >= 8, "\(early)")
            #expect(withEarlyRead.stdout == without.stdout, "\(early)")
            #expect(withEarlyRead.stderr == without.stderr)
        }
    }

    /// A bad text file is reported before a bad font, with or without the early read (the
    /// text's error is the one a user can act on first; the font is opened meanwhile).
    @Test(arguments: [[], ["--threads", "2"]])
    func badTextFileIsReportedBeforeABadFont(_ extra: [String]) throws {
        let r = try CLIRunner.run(["measure", "/nonexistent/Font.ttf", "--text-file", "/nonexistent/lines.txt"] + extra)
        #expect(r.status == 2)
        #expect(r.stderr == "typefit: error: /nonexistent/lines.txt: no such text file\n")
    }
}
