import ArgumentParser
import TypeFitSupport
import FontEngine
import Foundation
import TypeFit

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure each line of a text file with a real font (HarfBuzz shaping, font units).",
        discussion: """
        Each line of the file (split on \\n only, nothing trimmed) is shaped with HarfBuzz in
        script runs, with the font's default features plus --features. Advances and ink boxes are
        font units; widths in points = advance × size / unitsPerEm. Letter-spacing is reported
        separately (PT per grapheme cluster). Output is a table on a terminal and JSON Lines (one
        object per input line) when piped.

        Examples:
          typefit measure Fonts/Roboto/Roboto-Regular.ttf --text-file strings.txt --sizes 14,17,53
          printf 'AV Wave\\n' | typefit measure "Inter:weight=600" --text-file - --features=-kern
          typefit measure Fonts/Noto/NotoSansArabic-Regular.ttf --text-file ar.txt --language ar --fallback
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

    @Option(help: "Threads (default: all cores). Lines are measured with the cached fast path, identical to whole-line shaping.")
    var threads: Int?

    func run() throws {
        let sizes = try parseSizes(sizes)
        if let letterSpacing, let problem = Figures.problem(with: letterSpacing) {
            throw ValidationError("--letter-spacing: \(problem)")
        }
        if let threads, threads < 1 { throw MeasureError(message: "--threads \(threads): must be at least 1") }
        let lines = try readLines(textFile)
        for (i, line) in lines.enumerated() {
            if let violation = TextLimits.violation(in: Substring(line)) {
                throw MeasureError(message: "\(textFile == "-" ? "stdin" : textFile):\(i + 1): \(violation)")
            }
        }
        let face = try fontOptions.load()
        let shaper = try Shaper(face: face, features: features, language: language)
        let catalog = fallback ? try fontOptions.catalog() : nil
        let info = face.info
        // Fast path on all cores; lines with missing glyphs are re-measured by the Shaper to name them.
        let fast = try FastMeasurer.measurements(of: lines, font: ShapingFont(face: face), features: features, language: language,
                                                 threads: threads ?? 0)
        var results: [MeasureLine] = []
        for (line, quick) in zip(lines, fast) {
            let m = quick ?? shaper.measure(Substring(line))
            var result = MeasureLine(text: line, advance: m.advance, clusters: m.clusterCount, missing: m.missingGlyphCount,
                                     missingCharacters: m.missingCharacters.map { String(format: "U+%04X", $0.value) },
                                     ink: m.ink.map { [$0.xMin, $0.yMin, $0.xMax, $0.yMax] },
                                     aboveAscender: info.isAboveAscender(m.ink), belowDescender: info.isBelowDescender(m.ink))
            if !sizes.isEmpty {
                result.widths = Dictionary(uniqueKeysWithValues: sizes.map { (sizeKey($0), roundedPoints(info.points(Double(m.advance), size: $0))) })
            }
            if let letterSpacing {
                result.letterSpacing = roundedPoints(letterSpacing * Double(m.clusterCount))
            }
            if let catalog {
                result.fallback = .init(catalog.fallback(for: m.missingCharacters, like: info.family))
            }
            results.append(result)
        }
        switch OutputFormat.resolve(format) {
        case .json:
            for result in results { try writeJSON(result) }
        case .text:
            var header = ["#", "advance", "missing", "ink (xMin,yMin,xMax,yMax)"] + sizes.map { "\(sizeKey($0)) pt" }
            if letterSpacing != nil { header.append("+spacing pt") }
            header.append("text")
            let rows = results.enumerated().map { i, r -> [String] in
                var row = ["\(i + 1)", "\(r.advance)", r.missing == 0 ? "0" : "\(r.missing) \(r.missingCharacters.joined(separator: " "))",
                           r.ink.map { $0.map { sizeKey($0) }.joined(separator: ",") } ?? "none"]
                row += sizes.map { String(format: "%.2f", r.widths?[sizeKey($0)] ?? 0) }
                if let spacing = r.letterSpacing { row.append(String(format: "%.2f", spacing)) }
                row.append(r.text.count > 48 ? String(r.text.prefix(47)) + "…" : r.text)
                return row
            }
            print(textTable(header: header, rows: rows), terminator: "")
            if catalog != nil {
                for (i, r) in results.enumerated() where r.missing > 0 {
                    print("line \(i + 1): fallback for \(r.missingCharacters.joined(separator: " ")): \(r.fallback?.value.map { "\($0.family) (\($0.path))" } ?? "none found")")
                }
            }
        }
    }

    /// The lines of a UTF-8 file (or stdin for "-"): split on \n only, nothing trimmed; a final
    /// \n does not add an empty line; a leading byte-order mark is dropped.
    func readLines(_ path: String) throws -> [String] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw MeasureError(message: "\(path): no such text file")
            }
            guard let read = FileManager.default.contents(atPath: path) else { throw MeasureError(message: "\(path): cannot read the file") }
            data = read
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw MeasureError(message: "\(path == "-" ? "stdin" : path): not valid UTF-8 text")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        if text.isEmpty { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }
}

struct MeasureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// One JSON Lines record of `measure`.
struct MeasureLine: Encodable {
    struct Fallback: Encodable {
        var value: FontLocation?
        init(_ value: FontLocation?) { self.value = value }
        enum Keys: String, CodingKey { case family, postscriptName, path, faceIndex }
        func encode(to encoder: any Encoder) throws {
            guard let value else {
                var single = encoder.singleValueContainer()
                try single.encodeNil()
                return
            }
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(value.family, forKey: .family)
            try c.encode(value.postScriptName, forKey: .postscriptName)
            try c.encode(value.path, forKey: .path)
            try c.encode(value.faceIndex, forKey: .faceIndex)
        }
    }
    var text: String
    var advance: Int
    var clusters: Int
    var missing: Int
    var missingCharacters: [String]
    var ink: [Double]?
    var aboveAscender: Bool
    var belowDescender: Bool
    var widths: [String: Double]?
    var letterSpacing: Double?
    var fallback: Fallback?

    enum Keys: String, CodingKey {
        case text, advance, clusters, missing, missingCharacters, ink, aboveAscender, belowDescender, widths, letterSpacing, fallback
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(text, forKey: .text)
        try c.encode(advance, forKey: .advance)
        try c.encode(clusters, forKey: .clusters)
        try c.encode(missing, forKey: .missing)
        try c.encode(missingCharacters, forKey: .missingCharacters)
        try c.encode(ink, forKey: .ink)  // null when the line has no ink
        try c.encode(aboveAscender, forKey: .aboveAscender)
        try c.encode(belowDescender, forKey: .belowDescender)
        try c.encodeIfPresent(widths, forKey: .widths)
        try c.encodeIfPresent(letterSpacing, forKey: .letterSpacing)
        try c.encodeIfPresent(fallback, forKey: .fallback)
    }
}
