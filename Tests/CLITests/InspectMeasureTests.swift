import Foundation
import Testing

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
        let real = try Data(contentsOf: CLIRunner.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf"))
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
                                  environment: ["PATH": "/usr/bin:/bin", "TYPEFIT_FONTS": CLIRunner.root.appendingPathComponent("Fonts").path])
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
