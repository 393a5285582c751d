import ArgumentParser
import FontEngine
import Foundation
import TypeFit
import TypeFitSupport

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure each line of a text file with a real font (HarfBuzz shaping, font units).",
        discussion: """
        Each line of the file (split on \\n only, nothing trimmed) is shaped with HarfBuzz in script runs, \
        with the font's default features plus --features. Advances and ink boxes are font units; widths in \
        points = advance × size / unitsPerEm. Letter-spacing is reported separately (PT per grapheme cluster). \
        Output is a table on a terminal and JSON Lines (one object per input line, sorted keys) when piped. \
        Lines are measured and encoded on every core the process may use (--threads) and written in input order as they are done.

        Examples:
          typefit measure Fonts/Roboto/Roboto-Regular.ttf --text-file strings.txt --sizes 14,17,53
          printf 'AV Wave\\n' | typefit measure "Inter:weight=600" --text-file - --features=-kern
          typefit measure Fonts/Noto/NotoSansArabic-Regular.ttf --text-file ar.txt --language ar --fallback
          typefit measure Fonts/Inter/Inter-Regular.otf --text-file lines.txt --format json --threads 1 > lines.jsonl
        """
    )

    @OptionGroup var fontOptions: FontOptions

    @Option(name: .customLong("text-file"), help: "UTF-8 text file, one string per line; - reads stdin.")
    var textFile: String

    @Option(help: "Point sizes for widths in points, e.g. 14,17,53.")
    var sizes: String?

    @Option(help: "HarfBuzz features, e.g. -kern,+smcp (added to the font's defaults).")
    var features: String = ""

    @Option(help: "Shaping language (BCP 47), e.g. ar, de, tr.")
    var language: String?

    @Option(name: .customLong("letter-spacing"), help: "Extra points per grapheme cluster (reported separately).")
    var letterSpacing: Double?

    @Flag(help: "For lines with missing characters, ask fontconfig which font covers them.")
    var fallback = false

    @Option(help: "Output format: text or json (default: text on a terminal, json when piped).")
    var format: OutputFormat?

    @Option(help: "Threads (default: one per core this process may use, as `nproc` counts). Lines are measured with the cached fast path, identical to whole-line shaping.")
    var threads: Int?

    func run() throws {
        let sizes = try parseSizes(sizes)
        if let threads, threads < 1 { throw MeasureError(message: "--threads \(threads): must be at least 1") }
        if let letterSpacing, !letterSpacing.isFinite || letterSpacing.magnitude > 1e6 {
            throw MeasureError(message: "--letter-spacing \(letterSpacing): expected a number of points between -1000000 and 1000000")
        }
        if let large = sizes.first(where: { $0 > 1e6 }) {
            throw MeasureError(message: "--sizes: '\(sizeKey(large))' is larger than 1000000 pt")
        }
        let pool = WorkerPool(threads: threads ?? 0)
        let lines = try readLines(textFile) { try TextLines(contentsOfFile: textFile, pool: pool) }
        if fontOptions.font == SystemFontCLI.fontName {
            return try SystemFontCLI.measure(fontOptions, lines: (0..<lines.count).map { lines[$0] }, sizes: sizes, format: format)
        }
        // Only a line of `shortestViolatingLine` bytes or more can pass a limit (most files have none).
        if lines.longestLine >= TextLimits.shortestViolatingLine {
            try lines.withUTF8 { text in
                for i in 0..<lines.count {
                    if let violation = TextLimits.violation(in: UnsafeBufferPointer(rebasing: text[lines.byteRange(i)])) {
                        throw MeasureError(message: "\(textFile == "-" ? "stdin" : textFile):\(i + 1): \(violation)")
                    }
                }
            }
        }
        // fontconfig is initialized only for a pattern (not a file path) or --fallback.
        let catalog = fallback || !FontCatalog.isPath(fontOptions.font) ? try fontOptions.catalog() : nil
        let face = try fontOptions.load(catalog: catalog)
        _ = try Shaper(face: face, features: features, language: language)  // checks --features once, with its one-line error
        let font = ShapingFont(face: face)
        let format = MeasureRecordFormat(info: face.info, sizes: sizes, letterSpacing: letterSpacing, withFallback: fallback)
        let fallbacks = UncheckedCatalog(catalog: catalog)
        let info = format.info
        switch OutputFormat.resolve(self.format) {
        case .json:
            // Each distinct line is measured and encoded on a worker thread; records are written in order.
            try LineMeasuring.writeRecords(lines: lines, font: font, features: features, language: language, pool: pool,
                                           encode: { line, m, json in
                                               format.write(utf8: line, m, fallback: fallbacks.fallback(for: m, like: info.family), to: &json)
                                           },
                                           write: { try StandardOutput.put($0) })
        case .text:
            try writeTable(lines: lines, font: font, format: format, fallbacks: fallbacks, pool: pool)
        }
    }

    /// The text table: rows are formatted on the worker threads, aligned once all are known.
    private func writeTable(lines: TextLines, font: ShapingFont, format: MeasureRecordFormat,
                            fallbacks: UncheckedCatalog, pool: WorkerPool) throws {
        let sizes = format.sizes
        let family = format.info.family
        var header = ["#", "advance", "missing", "ink (xMin,yMin,xMax,yMax)"] + sizes.map { "\(sizeKey($0)) pt" }
        if format.letterSpacing != nil { header.append("+spacing pt") }
        header.append("text")
        struct Chunk { var rows: [[String]] = []; var notes: [String] = [] }
        let collected = Collected<Chunk>()
        try LineMeasuring.run(lines: lines, font: font, features: features, language: language, pool: pool,
                              makeOutput: { Chunk() },
                              encode: { i, bytes, m, chunk in
                                  let line = String(decoding: bytes, as: UTF8.self)
                                  let missing = m.missingCharacters.map(MeasureRecordFormat.characterName).joined(separator: " ")
                                  var row = ["\(i + 1)", "\(m.advance)", m.missingGlyphCount == 0 ? "0" : "\(m.missingGlyphCount) \(missing)",
                                             m.ink.map { [$0.xMin, $0.yMin, $0.xMax, $0.yMax].map { sizeKey($0) }.joined(separator: ",") } ?? "none"]
                                  row += sizes.map { String(format: "%.2f", format.width(m.advance, size: $0)) }
                                  if let spacing = format.spacing(clusters: m.clusterCount) { row.append(String(format: "%.2f", spacing)) }
                                  row.append(line.count > 48 ? String(line.prefix(47)) + "…" : String(line))
                                  chunk.rows.append(row)
                                  if format.withFallback, m.missingGlyphCount > 0 {
                                      let found = fallbacks.fallback(for: m, like: family)
                                      chunk.notes.append("line \(i + 1): fallback for \(missing): \(found.map { "\($0.family) (\($0.path))" } ?? "none found")")
                                  }
                              },
                              emit: { collected.append($0) })
        let chunks = collected.values
        writeStdout(textTable(header: header, rows: chunks.flatMap(\.rows)), terminator: "")
        for note in chunks.flatMap(\.notes) { writeStdout(note) }
    }

    /// The lines of a UTF-8 file (or stdin for "-") read by `read` (see `TextLines`), with its
    /// `TextLines.ReadError` as a one-line error naming `path`.
    func readLines<T>(_ path: String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as TextLines.ReadError {
            switch error {
            case .notFound: throw MeasureError(message: "\(path): no such text file")
            case .unreadable(let problem): throw MeasureError(message: "\(path == "-" ? "stdin" : path): cannot read the file (\(problem))")
            case .notUTF8(_, let position, let byte):
                let shown = byte.map { " (byte 0x\(String($0, radix: 16, uppercase: true)))" } ?? ""
                throw MeasureError(message: "\(path == "-" ? "stdin" : path):\(position): not valid UTF-8 text\(shown)")
            }
        }
    }
}

/// `--fallback`'s fontconfig catalog, shared by the workers. `@unchecked Sendable`:
/// `FontCatalog.fallback` serializes fontconfig calls behind the catalog's own lock.
struct UncheckedCatalog: @unchecked Sendable {
    let catalog: FontCatalog?

    func fallback(for m: LineMeasurement, like family: String) -> FontLocation? {
        guard let catalog, !m.missingCharacters.isEmpty else { return nil }
        return catalog.fallback(for: m.missingCharacters, like: family)
    }
}

/// Values handed over in order by `LineMeasuring.run`'s `emit` (called one at a time).
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}

/// Writes to file descriptor 1 directly (no copy into `Data`), retrying short writes.
enum StandardOutput {
    static func put(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = write(STDOUT_FILENO, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw MeasureError(message: "stdout: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}

typealias MeasureError = CLIError
