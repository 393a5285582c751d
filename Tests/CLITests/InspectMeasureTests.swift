import Foundation
import TestSupport
import FontEngine
import Testing
import TypeFit
import TypeFitSupport

/// End-to-end: the built binary's exit codes, one-line errors and JSON contracts.
/// Expected numbers: font tables dumped with fontTools (ttx), advances from
/// `hb-shape --no-glyph-names --output-format=json` (HarfBuzz 6.0.0), points by hand.
@Suite struct InspectMeasureTests {
    @Test func inspectJSONContract() throws {
        let r = try CLIRunner.run(["inspect", "Fonts/OpenSans/OpenSans-Regular.ttf", "--sizes", "17", "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 1)
        let json = try #require(CLIRunner.object(r.stdout))
        // ttx -t head -t hhea -t OS/2 OpenSans-Regular.ttf
        #expect(json["postscriptName"] as? String == "OpenSans")
        #expect(json["unitsPerEm"] as? Int == 2048)
        let hhea = try #require(json["hhea"] as? [String: Any])
        #expect(hhea["ascender"] as? Int == 2189 && hhea["descender"] as? Int == -600 && hhea["lineGap"] as? Int == 0)
        let os2 = try #require(json["os2"] as? [String: Any])
        #expect(os2["typoAscender"] as? Int == 1567 && os2["typoDescender"] as? Int == -492 && os2["typoLineGap"] as? Int == 132)
        #expect(os2["winAscent"] as? Int == 2189 && os2["winDescent"] as? Int == 600)
        #expect(os2["useTypoMetrics"] as? Bool == false)
        let lineHeight = try #require(json["lineHeight"] as? [String: Any])
        // hhea 2189 + 600 + 0 = 2789; typo 1567 + 492 + 132 = 2191; win 2189 + 600 = 2789.
        #expect(lineHeight["hhea"] as? Double == 2789 && lineHeight["typo"] as? Double == 2191 && lineHeight["win"] as? Double == 2789)
        #expect(json["format"] as? String == "TrueType")
        #expect(json["glyphCount"] as? Int == 938)
        let sizes = try #require(json["sizes"] as? [String: [String: Double]])
        // 2789 × 17 / 2048 = 23.1508… → 23.151 (rounded to 1/1000)
        #expect(sizes["17"]?["hhea"] == 23.151)
        // Sorted keys: "axes" comes first.
        #expect(r.stdout.hasPrefix("{\"axes\":"))
    }

    @Test func inspectVariableInstance() throws {
        let r = try CLIRunner.run(["inspect", "Fonts/Inter/Inter.var.ttf", "--instance", "Semi Bold", "--format", "json"])
        #expect(r.status == 0)
        let json = try #require(CLIRunner.object(r.stdout))
        let axes = try #require(json["axes"] as? [[String: Any]])
        // fvar instance "Semi Bold" = wght 600 (ttx -t fvar).
        #expect(axes.first?["tag"] as? String == "wght" && axes.first?["value"] as? Double == 600)
        #expect(json["instance"] as? String == "Semi Bold")
    }

    @Test func measureJSONLines() throws {
        // Three lines, the last without a final newline handled; a trailing \n adds no line.
        let input = "AV Wave Office fi Ồ\n\n  AV  \n"
        let r = try CLIRunner.run(["measure", "Fonts/Inter/Inter-Regular.otf", "--text-file", "-", "--sizes", "17,53",
                                   "--letter-spacing", "0.5", "--format", "json"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        let first = try #require(CLIRunner.object(lines[0]))
        #expect(first["text"] as? String == "AV Wave Office fi Ồ")
        // hb-shape Inter-Regular.otf "AV Wave Office fi Ồ": Σ ax = 25880
        #expect(first["advance"] as? Int == 25880)
        #expect(first["missing"] as? Int == 0)
        // fontTools BoundsPen at hb-shape positions: (72, -36, 25712, 2844); 2844 > hhea ascender 2728.
        #expect(first["ink"] as? [Double] == [72, -36, 25712, 2844])
        #expect(first["aboveAscender"] as? Bool == true)
        let widths = try #require(first["widths"] as? [String: Double])
        // 25880 × 17 / 2816 = 156.2358… → 156.236; × 53 / 2816 = 487.088…
        #expect(widths["17"] == 156.236)
        #expect(widths["53"] == 487.088)
        // 19 grapheme clusters × 0.5 pt
        #expect(first["letterSpacing"] as? Double == 9.5)
        let empty = try #require(CLIRunner.object(lines[1]))
        #expect(empty["text"] as? String == "")
        #expect(empty["ink"] is NSNull)
        let spaced = try #require(CLIRunner.object(lines[2]))
        #expect(spaced["text"] as? String == "  AV  ")  // not trimmed
    }

    @Test func measureKerningAndMissing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("lines.txt")
        try Data("AV Wave Office fi Ồ\nHi 😀\n".utf8).write(to: file)
        let r = try CLIRunner.run(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", file.path, "--features=-kern", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        // hb-shape --features=-kern Roboto-Regular.ttf "AV Wave Office fi Ồ": Σ ax = 17540
        #expect(CLIRunner.object(lines[0])?["advance"] as? Int == 17540)
        let emoji = try #require(CLIRunner.object(lines[1]))
        #expect(emoji["missing"] as? Int == 1)
        #expect(emoji["missingCharacters"] as? [String] == ["U+1F600"])
    }

    @Test func linesEndAtLineFeedOrCRLF() throws {
        // A BOM is dropped; CRLF ends a line like LF (the "\r" is not measured), a lone "\r" stays in its
        // line, nothing else is trimmed; no final line feed still ends the last line.
        let r = try CLIRunner.run(["measure", "Fonts/Inter/Inter-Regular.otf", "--text-file", "-", "--format", "json", "--threads", "2"],
                                  stdin: "\u{FEFF}a\r\n\r\n c\rd \nb")
        #expect(r.status == 0, "\(r.stderr)")
        let records = r.stdout.split(separator: "\n").map { CLIRunner.object($0) }
        #expect(records.map { $0?["text"] as? String } == ["a", "", " c\rd ", "b"])
        // Inter has no glyph for U+000D (fontTools: no cmap entry; `hb-shape` gives .notdef for it):
        // only the lone "\r" is missing, CRLF line ends are not.
        #expect(records.map { $0?["missing"] as? Int } == [0, 0, 1, 0])
    }

    @Test func textFormatIsATable() throws {
        let r = try CLIRunner.run(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--sizes", "17", "--format", "text"],
                                  stdin: "AV\n")
        #expect(r.status == 0)
        let rows = r.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[0].hasPrefix("#"))
        #expect(rows[0].contains("17 pt"))
        #expect(rows[1].hasSuffix("AV"))
    }

    @Test(arguments: [
        ["inspect", "/nonexistent/Font.ttf"],
        ["inspect", "Package.swift"],
        ["inspect", "Fonts/Roboto/Roboto-Regular.ttf", "--face-index", "2"],
        ["inspect", "Fonts/Inter/Inter.var.ttf", "--instance", "Ultra Wide"],
        ["inspect", "Fonts/Inter/Inter.var.ttf", "--variations", "wdth=50"],
        ["inspect", "NoSuchFamily", "--font-dir", "Fonts"],
        ["measure", "/nonexistent/Font.ttf", "--text-file", "-"],
        ["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "/nonexistent/strings.txt"],
        ["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--features", "kern=x=y"],
        ["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--letter-spacing", "nan"],
        ["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--sizes", "1e300"],
    ])
    func badInputExitsTwoWithOneLine(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments, stdin: "x\n")
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("typefit: error: "))
        #expect(r.stdout.isEmpty)
    }

    @Test func zeroByteAndTruncatedFonts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-cli-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let empty = dir.appendingPathComponent("empty.ttf")
        try Data().write(to: empty)
        let truncated = dir.appendingPathComponent("truncated.otf")
        let real = try Data(contentsOf: Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf"))
        try real.prefix(100).write(to: truncated)
        for file in [empty, truncated] {
            let r = try CLIRunner.run(["inspect", file.path])
            #expect(r.status == 2)
            #expect(r.stderrLines.count == 1)
            #expect(r.stderr.contains(file.path))
        }
    }

    @Test func fontconfigPatternAndNoCacheNoise() throws {
        // Without HOME, fontconfig must not print "No writable cache directories".
        let r = try CLIRunner.run(["inspect", ":postscriptname=Roboto-Medium", "--format", "json"],
                                  environment: ["PATH": "/usr/bin:/bin", "TYPEFIT_FONTS": Repository.root.appendingPathComponent("Fonts").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(CLIRunner.object(r.stdout)?["postscriptName"] as? String == "Roboto-Medium")
    }

    @Test func pipedOutputDefaultsToJSON() throws {
        // stdout is a pipe here, so without --format the output is JSON Lines.
        let r = try CLIRunner.run(["measure", "Fonts/Noto/NotoSans-Regular.ttf", "--text-file", "-"], stdin: "a\nb\n")
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { CLIRunner.object($0) != nil })
        // hb-shape NotoSans-Regular.ttf "a" → ax 561
        #expect(CLIRunner.object(lines[0])?["advance"] as? Int == 561)
    }

    @Test func helpHasExamples() throws {
        let r = try CLIRunner.run(["measure", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Examples:"))
        #expect(r.stdout.contains("--text-file"))
    }
}

/// `typefit measure --format json` writes its records with `JSONBytes` on the worker threads. The
/// reference here is the `Encodable` record the command encoded with `JSONEncoder` before
/// (copied from Sources/typefit/MeasureCommand.swift at e07ecb5, `MeasureLine`, with the same
/// encoder settings as `writeJSON`), filled from whole-line `Shaper.measure` results: the bytes
/// must be identical, on localized lines (the corpus's lantern strings, Tests/Fixtures/corpus/lantern:
/// quotes, comments, format specifiers, RTL, Thai, Devanagari, Japanese with missing glyphs).
@Suite struct MeasureJSONLinesTests {
    struct ReferenceRecord: Encodable {
        struct Fallback: Encodable {
            var value: FontLocation?
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
            try c.encode(ink, forKey: .ink)
            try c.encode(aboveAscender, forKey: .aboveAscender)
            try c.encode(belowDescender, forKey: .belowDescender)
            try c.encodeIfPresent(widths, forKey: .widths)
            try c.encodeIfPresent(letterSpacing, forKey: .letterSpacing)
            try c.encodeIfPresent(fallback, forKey: .fallback)
        }

        /// As the command filled it: widths = advance × size / unitsPerEm rounded to 1/1000, keys "17" / "11.5".
        init(_ text: Substring, _ m: LineMeasurement, info: FontInfo, sizes: [Double], letterSpacing: Double?, fallback: FontLocation??) {
            func key(_ size: Double) -> String { size == size.rounded() ? String(Int(size)) : String(size) }
            func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
            self.text = String(text)
            advance = m.advance
            clusters = m.clusterCount
            missing = m.missingGlyphCount
            missingCharacters = m.missingCharacters.map { String(format: "U+%04X", $0.value) }
            ink = m.ink.map { [$0.xMin, $0.yMin, $0.xMax, $0.yMax] }
            aboveAscender = (m.ink?.yMax ?? 0) > Double(info.hhea.ascender)
            belowDescender = (m.ink?.yMin ?? 0) < Double(info.hhea.descender)
            if !sizes.isEmpty {
                widths = Dictionary(uniqueKeysWithValues: sizes.map { (key($0), rounded(Double(m.advance) * $0 / Double(info.unitsPerEm))) })
            }
            self.letterSpacing = letterSpacing.map { rounded($0 * Double(m.clusterCount)) }
            self.fallback = fallback.map { Fallback(value: $0) }
        }
    }

    static func referenceBytes(_ records: [ReferenceRecord]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out: [UInt8] = []
        for r in records { out += try encoder.encode(r) + Data("\n".utf8) }
        return out
    }

    /// Every line of every lantern strings file, raw (comments and quoted keys and values included).
    static func corpusLines() throws -> [String] {
        let dir = Repository.lanternStrings
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".strings") }.sorted()
        #expect(files.count == 9)
        return try files.flatMap { file in
            try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test(arguments: [
        ([], nil, false), ([17, 53, 11.5, 100, 9], 0.5, false), ([14], -0.25, true),
    ] as [([Double], Double?, Bool)])
    func writerMatchesJSONEncoderOnCorpusLines(sizes: [Double], spacing: Double?, withFallback: Bool) throws {
        let face = try FontFace(path: Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path)
        let shaper = try Shaper(face: face)
        let format = MeasureRecordFormat(info: face.info, sizes: sizes, letterSpacing: spacing, withFallback: withFallback)
        let lines = try Self.corpusLines()
        // --fallback's lookup: fontconfig over the repository's fonts only.
        let catalog = try FontCatalog(directories: [Repository.root.appendingPathComponent("Fonts").path], includeSystemFonts: false)
        var lookups: [[Unicode.Scalar]: FontLocation?] = [:]
        var foundSome = false
        var json = JSONBytes()
        var reference: [ReferenceRecord] = []
        var missingLines = 0
        for line in lines {
            let m = shaper.measure(line[...])
            if m.missingGlyphCount > 0 { missingLines += 1 }
            var fallback: FontLocation?
            if withFallback, !m.missingCharacters.isEmpty {
                if lookups[m.missingCharacters] == nil { lookups[m.missingCharacters] = .some(catalog.fallback(for: m.missingCharacters, like: face.info.family)) }
                fallback = lookups[m.missingCharacters] ?? nil
                foundSome = foundSome || fallback != nil
            }
            format.write(line[...], m, fallback: fallback, to: &json)
            reference.append(ReferenceRecord(line[...], m, info: face.info, sizes: sizes, letterSpacing: spacing,
                                             fallback: withFallback ? .some(fallback) : .none))
        }
        #expect(foundSome == withFallback)  // e.g. Noto Sans Thai for Thai lines
        #expect(missingLines > 1_000)  // 1,198 of the 6,468 lines (split at line feeds, each file's empty last one included) have Arabic, Hebrew, Thai, Devanagari or Japanese letters (a Python regex over the blocks), which Inter has no glyphs for
        let expected = try Self.referenceBytes(reference)
        #expect(json.bytes.count == expected.count)
        let mine = json.bytes.split(separator: UInt8(ascii: "\n")), theirs = expected.split(separator: UInt8(ascii: "\n"))
        for (a, b) in zip(mine, theirs) where a != b {
            Issue.record("\(String(decoding: a, as: UTF8.self))\n≠ \(String(decoding: b, as: UTF8.self))")
            break
        }
        #expect(json.bytes == expected)
    }

    /// The command end to end: one and two threads give the same bytes, equal to the reference
    /// encoding of whole-line shaping (the fast path is exact, chunks come out in order).
    @Test func commandWritesReferenceBytesOnAnyThreadCount() throws {
        let lines = try Self.corpusLines()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-measure-jsonl-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("lines.txt")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let font = "Fonts/Roboto/Roboto-Regular.ttf"
        let face = try FontFace(path: Repository.root.appendingPathComponent(font).path)
        let shaper = try Shaper(face: face)
        let reference = lines.map { line in
            ReferenceRecord(line[...], shaper.measure(line[...]), info: face.info, sizes: [17, 53], letterSpacing: nil, fallback: .none)
        }
        let expected = String(decoding: try Self.referenceBytes(reference), as: UTF8.self)
        for threads in ["1", "2", "3"] {
            let r = try CLIRunner.run(["measure", font, "--text-file", file.path, "--sizes", "17,53", "--format", "json", "--threads", threads])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == lines.count + 1)
            #expect(r.stdout == expected, "--threads \(threads)")
        }
    }
}
