import Foundation
import TestSupport
import Testing

/// Hostile input through the built binary: every case exits 2 with exactly one stderr line
/// `typefit: error: …` naming the input, or — where the input is legitimate — exits 0 with a correct
/// result. Inputs are generated here. The audit cases use Examples/Contacts (literal texts, about a
/// second per run).
@Suite(.serialized) struct HostileCLITests {
    /// Runs and checks the bad-input contract: status 2, one stderr line, naming `needle`, nothing on stdout.
    @discardableResult
    func expectBadInput(_ arguments: [String], naming needle: String, stdin: String? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let r = try CLIRunner.run(arguments, stdin: stdin)
        #expect(r.status == 2, "\(arguments): status \(r.status), stderr \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderrLines.count == 1, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("typefit: error: "), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(needle), "\(arguments): \(r.stderr) does not name \(needle)", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, sourceLocation: sourceLocation)
        return r.stderr
    }

    static func lcg(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data((0..<count).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407  // Knuth's MMIX LCG
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }

    // MARK: Fonts

    @Test func randomBytesAndFakeWoff2() throws {
        let scratch = try ScratchDirectory()
        let random = try scratch.write("random.ttf", Self.lcg(8192, seed: 1))
        try expectBadInput(["inspect", random], naming: random)
        try expectBadInput(["measure", random, "--text-file", "-"], naming: random, stdin: "AV\n")
        let woff2 = try scratch.write("fake.woff2", Data("wOF2".utf8) + Self.lcg(4096, seed: 2))
        try expectBadInput(["inspect", woff2], naming: woff2)
    }

    @Test func brokenTablesLoadOrFailOnOneLine() throws {
        let scratch = try ScratchDirectory()
        var bytes = [UInt8](try Data(contentsOf: Repository.root.appendingPathComponent("Fonts/Roboto/Roboto-Regular.ttf")))
        // Table record 1 (GPOS: records start at byte 12, 16 bytes each, sorted GDEF, GPOS, …): zero its
        // 67 322 bytes at offset 227 172 (struct dump of the directory). HarfBuzz drops the broken table, so
        // "AV" is unkerned: hb-shape --features=-kern Roboto-Regular.ttf "AV" → 1336 + 1304 = 2640.
        #expect(Array(bytes[28..<32]) == Array("GPOS".utf8))
        for i in 227_172..<(227_172 + 67_322) { bytes[i] = 0 }
        let noGPOS = try scratch.write("noGPOS.ttf", Data(bytes))
        let r = try CLIRunner.run(["measure", noGPOS, "--text-file", "-", "--format", "json"], stdin: "AV\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLIRunner.object(r.stdout.split(separator: "\n").first ?? "")?["advance"] as? Int == 2640)
        // 'head' (record 6: GDEF, GPOS, GSUB, OS/2, cmap, glyf, head; at 12 + 16 × 6 = 108, its offset
        // field 8 bytes later) pointing past the end of the file.
        var noHead = [UInt8](try Data(contentsOf: Repository.root.appendingPathComponent("Fonts/Roboto/Roboto-Regular.ttf")))
        #expect(Array(noHead[108..<112]) == Array("head".utf8))
        let past = noHead.count + 4096
        for k in 0..<4 { noHead[116 + k] = UInt8(truncatingIfNeeded: past >> (24 - 8 * k)) }
        let headless = try scratch.write("headless.ttf", Data(noHead))
        let result = try CLIRunner.run(["inspect", headless, "--format", "json"])
        if result.status == 0 {
            // FreeType/HarfBuzz may recover; then the numbers must still be the font's (fontTools: 3359 glyphs).
            #expect(CLIRunner.object(result.stdout)?["glyphCount"] as? Int == 3359, "\(result.stdout)")
        } else {
            try expectBadInput(["inspect", headless], naming: headless)
        }
    }

    @Test func collectionFaceIndex() throws {
        // Fonts/Noto/NotoSansCJK-Subset.ttc has two faces (Fonts/Noto/NotoSansCJK-Subset.md).
        let stderr = try expectBadInput(["inspect", "Fonts/Noto/NotoSansCJK-Subset.ttc", "--face-index", "2"],
                                        naming: "Fonts/Noto/NotoSansCJK-Subset.ttc")
        #expect(stderr == "typefit: error: Fonts/Noto/NotoSansCJK-Subset.ttc: face index 2 out of range (the file has 2 faces, 0…1)\n")
        try expectBadInput(["inspect", "Fonts/Noto/NotoSansCJK-Subset.ttc", "--face-index", "-1"], naming: "face")
    }

    // MARK: Text

    @Test func hostileTextFiles() throws {
        let scratch = try ScratchDirectory()
        let invalid = try scratch.write("invalid.txt", Data([0x61, 0xC3, 0x28, 0x0A]))
        let message = try expectBadInput(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", invalid], naming: invalid)
        // "a" then 0xC3 0x28: the bad byte is line 1, column 2.
        #expect(message == "typefit: error: \(invalid):1:2: not valid UTF-8 text (byte 0xC3)\n")

        // Legitimate: a 1 MiB line, a NUL, bidi controls. Advances from hb-shape on Roboto-Regular.ttf:
        // "a" = 1114 with no a–a kerning, so 2^20 × 1114; U+0061 U+0000 U+0062 = 1114 + 0 + 1150;
        // U+202E A V U+202C = 0 + 1249 + 1304 + 0 (the controls are default-ignorable, "AV" kerns).
        let lines = String(repeating: "a", count: 1 << 20) + "\na\u{0}b\n\u{202E}AV\u{202C}\n"
        let text = try scratch.write("hostile.txt", Data(lines.utf8))
        let r = try CLIRunner.run(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", text, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let advances = r.stdout.split(separator: "\n").map { CLIRunner.object($0)?["advance"] as? Int }
        #expect(advances == [1114 << 20, 2264, 2553])
    }

    @Test func badSizes() throws {
        for sizes in ["nan", "-1", "inf", "0", "12,,x"] {
            try expectBadInput(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--sizes", sizes],
                               naming: "--sizes", stdin: "AV\n")
        }
        // Regression: scale printed a table of nan / negative sizes for these.
        for option in ["--size=nan", "--size=-3", "--size=inf", "--multiplier=0"] {
            try expectBadInput(["scale", "--model", "stepping", "--size=17", option], naming: option.split(separator: "=")[0].description)
        }
        try expectBadInput(["scale", "--model", "table", "--table", "1,2,3,4,5,6,7,8,9,10,11,nan"], naming: "--table")
    }

    /// Regression: 1e308 passed validation and printed `EncodingError.invalidValue: inf …`
    /// naming no input. Every figure is bounded by ±10,000 (Figures.largestMagnitude) where it enters.
    @Test func hugeFiguresNeverReachTheEncoder() throws {
        try expectBadInput(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--sizes", "1e308"],
                           naming: "--sizes: '1e+308' is larger than 1000000 pt", stdin: "AV\n")
        try expectBadInput(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-", "--sizes", "14", "--letter-spacing", "1e308"],
                           naming: "--letter-spacing 1e+308: expected a number of points between", stdin: "AV\n")
        for option in ["--size=1e308", "--step=-1e308", "--multiplier=1e308"] {
            try expectBadInput(["scale", "--model", "stepping", "--size=17", option], naming: "\(option.split(separator: "=")[0]): ")
        }
        try expectBadInput(["scale", "--model", "table", "--table", "1,2,3,4,5,6,7,8,9,10,11,1e308"], naming: "--table")
        let scratch = try ScratchDirectory()
        let tk = try scratch.write("huge.json", Data(#"{"ui-font-text-styles":{"body":{"point-size":1e308}}}"#.utf8))
        try expectBadInput(["scale", "--config", tk], naming: "ui-font-text-styles.body.point-size: expected a finite number, got 1e+308 is out of range")
        // typefit.yml: "    size: " is 10 characters, so the value is at column 11 of line 7.
        let yml = try scratch.write("typefit.yml", Data("""
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          caption:
            font: text
            model: fixed
            size: 1e308
        """.utf8))
        for command in ["layout", "scale"] {
            let arguments = command == "scale" ? ["scale", "--config", yml] : ["layout", yml]
            try expectBadInput(arguments, naming: "\(yml):7:11: styles.caption.size: expected a finite number > 0, got \"1e308\" (numbers in a config are limited to ±10000)")
        }
    }

    /// Regression: 200,000 combining marks on one letter took 58 s to shape. `measure`
    /// names the line; an audit names the .strings file, line and key (Examples/Contacts with a
    /// strings table whose line 2 holds such a value).
    @Test func overlongClusterIsAnErrorNamingTheInput() throws {
        let zalgo = "a" + String(repeating: "\u{301}", count: 200_000)
        try expectBadInput(["measure", "Fonts/Roboto/Roboto-Regular.ttf", "--text-file", "-"],
                           naming: "stdin:2: a character carries more than 1000 combining marks (at UTF-8 offset 2001)", stdin: "AV\n" + zalgo + "\n")
    }

    /// Regression: a named pipe given as a config or font said "You don't have permission"
    /// (or blocked); now it says what it is.
    @Test func specialFilesAreNamedAsSuch() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.url.appendingPathComponent("pipe.yml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectBadInput(["layout", fifo], naming: "\(fifo): is a named pipe (FIFO), not a regular file")
        try expectBadInput(["inspect", fifo], naming: "\(fifo): not a regular file")
        try expectBadInput(["layout", "/dev/null"], naming: "/dev/null: is a character device, not a regular file")
    }

    /// Regression: with an unwritable cache folder, fontconfig printed 5–15 "Fontconfig
    /// error" lines before every command's own output. (As root every folder is writable and fontconfig
    /// stays quiet anyway; as another user this is the case the issue saw.)
    @Test func unwritableFontconfigCacheIsQuiet() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = "/proc/typefit-no-such-folder"
        environment["HOME"] = "/proc/typefit-no-such-home"
        let r = try CLIRunner.run(["measure", "Roboto", "--text-file", "-", "--format", "json"], stdin: "AV\n", environment: environment)
        #expect(!r.stderr.contains("Fontconfig error"), "\(r.stderr)")
        let bad = try CLIRunner.run(["measure", "NoSuchFamilyAtAll", "--text-file", "-"], stdin: "AV\n", environment: environment)
        #expect(bad.status == 2 && bad.stderrLines.count == 1, "\(bad.stderr)")
    }

    // MARK: TypographyKit configs

    @Test func typographyKitConfigs() throws {
        let scratch = try ScratchDirectory()
        let cases: [(String, Data, String)] = [
            ("bool.json", Data(#"{"ui-font-text-styles":{"a":{"point-size":true}}}"#.utf8),
             "ui-font-text-styles.a.point-size: expected a number, got true"),
            ("nan.plist", Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>ui-font-text-styles</key><dict><key>b</key><dict><key>point-size</key><real>nan</real></dict></dict></dict></plist>"#.utf8),
             "ui-font-text-styles.b.point-size: expected a finite number, got nan"),
            // (.json with ui-font-text-styles is read as TypographyKit, without it as a typefit.yml.)
            ("type.json", Data(#"{"typography-kit":{"point-step-size":"x"},"ui-font-text-styles":{}}"#.utf8),
             #"typography-kit.point-step-size: expected a number, got "x""#),
            ("empty.json", Data(), "not valid JSON"),
            ("random.plist", Self.lcg(2048, seed: 3), "not a valid property list"),
            // PropertyListSerialization crashes on a set (Linux): `scale` must refuse it first.
            ("set.plist", binaryPlistWithSet(),
             "the binary property list contains a set"),
        ]
        for (name, data, problem) in cases {
            let path = try scratch.write(name, data)
            let stderr = try expectBadInput(["scale", "--config", path], naming: path)
            #expect(stderr.contains(problem), "\(stderr)")
        }
        try expectBadInput(["scale", "--config", "/nonexistent/TypographyKit.json"], naming: "/nonexistent/TypographyKit.json")
    }

    // MARK: Usage

    @Test func usageErrorsAreOneLine() throws {
        // ArgumentParser's usage errors are folded onto one line with a pointer to help (CLIMain).
        let unknown = try expectBadInput(["inspect", "Fonts/Roboto/Roboto-Regular.ttf", "--bogus"], naming: "--bogus")
        #expect(unknown == "typefit: error: Unknown option '--bogus' (see `typefit help`)\n")
        try expectBadInput(["frobnicate"], naming: "frobnicate")
    }

    // MARK: Audit: bad configs, unwritable output, nothing half-written

    static let contacts = "Examples/Contacts/typefit.yml"

    /// Audit runs may print warnings (`typefit: …: warning: …`) before failing; the failure itself
    /// must be exactly one `typefit: error:` line and the exit code 2.
    @discardableResult
    func expectAuditError(_ arguments: [String], naming needle: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let r = try CLIRunner.run(["audit"] + arguments + ["--no-progress"])
        let errors = r.stderrLines.filter { $0.hasPrefix("typefit: error: ") }
        #expect(r.status == 2, "\(arguments): \(r.status) \(r.stderr)", sourceLocation: sourceLocation)
        #expect(errors.count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderrLines.allSatisfy { $0.hasPrefix("typefit: ") }, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(errors.first?.contains(needle) == true, "\(r.stderr) does not name \(needle)", sourceLocation: sourceLocation)
        return String(errors.first ?? "")
    }

    /// File name → contents of a folder (directories shown as "<dir>").
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isDir: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
            result[name] = isDir.boolValue ? Data("<dir>".utf8) : try Data(contentsOf: url)
        }
        return result
    }

    @Test func auditHostileConfigs() throws {
        let scratch = try ScratchDirectory()
        try expectAuditError(["/nonexistent/typefit.yml"], naming: "/nonexistent/typefit.yml: no such file")
        // A 512-byte merge-key bomb: refused by the parser's entry budget instead of hanging.
        var items = ["&a0 {x: 1}"]
        for i in 1...11 { items.append("&a\(i) {<<: [" + Array(repeating: "*a\(i - 1)", count: 6).joined(separator: ", ") + "]}") }
        let bomb = try scratch.write("bomb.yml", Data(("<<: [\n  " + items.joined(separator: ",\n  ") + "]\n").utf8))
        try expectAuditError([bomb], naming: "\(bomb):1:1: the config expands to more than 100000 entries")
        // Wrong type, unknown key with a suggestion, NaN size, missing font file, invalid UTF-8.
        let cases: [(String, String, String)] = [
            ("type.yml", "screens: 3\n", "screens: expected "),
            ("key.yml", "screen: []\n", #"unknown key "screen" at the top level; did you mean "screens"?"#),
            ("font.yml", "fonts:\n  t: { file: ../../nope.otf }\n", "nope.otf"),
            ("nan.yml", "fonts:\n  t: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }\n"
                + "styles:\n  s: { font: t, model: fixed, size: .nan }\n", "styles.s.size: expected a finite number > 0, got \".nan\" (not finite)"),
        ]
        for (name, yaml, problem) in cases {
            let path = try scratch.write(name, Data(yaml.utf8))
            let line = try expectAuditError([path], naming: path)
            #expect(line.contains(problem), "\(line)")
        }
        let bad = try scratch.write("bad.yml", Data([0x61, 0x3A, 0x20, 0xFF, 0x0A]))
        try expectAuditError([bad], naming: "\(bad):1:4: not valid UTF-8 text (byte 0xFF)")
    }

    @Test func auditOutputThatCannotBeWritten() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write("a-file", Data("x".utf8))
        try expectAuditError([Self.contacts, "--output", file], naming: "\(file): exists and is not a directory")
        try expectAuditError([Self.contacts, "--output", file + "/Reports"], naming: file + "/Reports: cannot create directory")
        // /proc takes no new entries, even from root (CI containers run tests as root).
        try expectAuditError([Self.contacts, "--output", "/proc/typefit-reports"], naming: "/proc/typefit-reports: cannot create directory")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test func failedAuditLeavesEarlierReportsIntact() throws {
        let scratch = try ScratchDirectory()
        let reports = scratch.url.appendingPathComponent("Reports")
        // Run 1 writes the five report files (the example has failing findings: exit 1).
        let first = try CLIRunner.run(["audit", Self.contacts, "--output", reports.path, "--no-progress"])
        #expect(first.status == 1, "\(first.stderr)")
        var earlier = try snapshot(reports)
        #expect(Set(earlier.keys) == ["junit.xml", "report.html", "report.json", "report.md", "report.sarif"])
        // Mark run 1's files, so that any rewrite by a later run would show.
        for name in earlier.keys {
            let marked = earlier[name]! + Data("\n<!-- run 1 -->\n".utf8)
            try marked.write(to: reports.appendingPathComponent(name))
            earlier[name] = marked
        }
        // Run 2 fails before writing: a broken config.
        let broken = try scratch.write("broken.yml", Data("screens: [\n".utf8))
        try expectAuditError([broken, "--output", reports.path], naming: broken)
        #expect(try snapshot(reports) == earlier)
        // Run 3 fails while writing: report.sarif has become a directory, so nothing may be replaced.
        try FileManager.default.removeItem(at: reports.appendingPathComponent("report.sarif"))
        try FileManager.default.createDirectory(at: reports.appendingPathComponent("report.sarif"), withIntermediateDirectories: false)
        earlier["report.sarif"] = Data("<dir>".utf8)
        try expectAuditError([Self.contacts, "--output", reports.path], naming: reports.appendingPathComponent("report.sarif").path)
        // All other reports are still run 1's, and no temporary file is left.
        #expect(try snapshot(reports) == earlier)
    }

    /// Issue 12 point 5: `--update-baseline` with an output that cannot be written leaves the baseline
    /// as it was (it is written only after the reports); a baseline inside the output folder is refused
    /// before anything runs; a baseline with schemaVersion 0 or −5 is bad input naming the file.
    @Test func baselineIsWrittenOnlyAfterTheReports() throws {
        let scratch = try ScratchDirectory()
        let baseline = scratch.url.appendingPathComponent("typefit-baseline.json")
        let write = try CLIRunner.run(["audit", Self.contacts, "--baseline", baseline.path, "--update-baseline", "--format", "terminal", "--no-progress"])
        #expect(write.status == 0, "\(write.stderr)")
        // Make it differ from what this run would write, so a rewrite would show.
        let object = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: baseline)) as? [String: Any])
        var fewer = object
        fewer["groups"] = Array((object["groups"] as? [Any] ?? []).prefix(1))
        let before = try JSONSerialization.data(withJSONObject: fewer, options: [.sortedKeys])
        try before.write(to: baseline)
        let file = try scratch.write("not-a-folder", Data("x".utf8))
        try expectAuditError([Self.contacts, "--baseline", baseline.path, "--update-baseline", "--output", file],
                             naming: "\(file): exists and is not a directory")
        #expect(try Data(contentsOf: baseline) == before)
        // Inside the output folder: refused, nothing written.
        let reports = scratch.url.appendingPathComponent("Reports")
        let inside = reports.appendingPathComponent("typefit-baseline.json").path
        try expectAuditError([Self.contacts, "--baseline", inside, "--update-baseline", "--output", reports.path],
                             naming: "\(inside): cannot write: the baseline is inside the output folder")
        #expect(!FileManager.default.fileExists(atPath: reports.path))
        for version in [0, -5] {
            let bad = try scratch.write("v\(version).json", Data(#"{"schemaVersion": \#(version), "toolVersion": "0.1.0", "groups": []}"#.utf8))
            try expectAuditError([Self.contacts, "--baseline", bad],
                                 naming: "\(bad): invalid baseline: schemaVersion \(version) is not a schema version (1…3)")
        }
    }

    @Test func baselineChangesOnlyWithUpdateBaseline() throws {
        let scratch = try ScratchDirectory()
        let baseline = scratch.url.appendingPathComponent("typefit-baseline.json")
        // No baseline file and no --update-baseline: an error, and no file appears.
        try expectAuditError([Self.contacts, "--baseline", baseline.path], naming: baseline.path)
        #expect(!FileManager.default.fileExists(atPath: baseline.path))
        // --update-baseline writes it; every finding is then baselined, so the run passes.
        let write = try CLIRunner.run(["audit", Self.contacts, "--baseline", baseline.path, "--update-baseline", "--format", "terminal", "--no-progress"])
        #expect(write.status == 0, "\(write.stderr)")
        let written = try Data(contentsOf: baseline)
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let groups = try #require(object["groups"] as? [Any])
        #expect(!groups.isEmpty)
        // Empty the baseline by hand: a run without --update-baseline fails on the now-new findings
        // and must leave the file byte for byte as it is.
        var emptied = object
        emptied["groups"] = [Any]()
        let emptiedData = try JSONSerialization.data(withJSONObject: emptied, options: [.sortedKeys])
        try emptiedData.write(to: baseline)
        let check = try CLIRunner.run(["audit", Self.contacts, "--baseline", baseline.path, "--format", "terminal", "--no-progress"])
        #expect(check.status == 1, "\(check.stderr)")
        #expect(try Data(contentsOf: baseline) == emptiedData)
        // With --update-baseline it is rewritten, identical to the first write (deterministic output).
        let rewrite = try CLIRunner.run(["audit", Self.contacts, "--baseline", baseline.path, "--update-baseline", "--format", "terminal", "--no-progress"])
        #expect(rewrite.status == 0, "\(rewrite.stderr)")
        #expect(try Data(contentsOf: baseline) == written)
        // A corrupt baseline is bad input (exit 2, one line) and is not touched either.
        try Data("{not json".utf8).write(to: baseline)
        try expectAuditError([Self.contacts, "--baseline", baseline.path], naming: baseline.path)
        #expect(try String(contentsOf: baseline, encoding: .utf8) == "{not json")
    }

    // MARK: Layout

    @Test func layoutHostileInput() throws {
        let scratch = try ScratchDirectory()
        var items = ["&a0 {x: 1}"]
        for i in 1...11 { items.append("&a\(i) {<<: [" + Array(repeating: "*a\(i - 1)", count: 6).joined(separator: ", ") + "]}") }
        let bomb = try scratch.write("bomb.yml", Data(("<<: [\n  " + items.joined(separator: ",\n  ") + "]\n").utf8))
        try expectBadInput(["layout", bomb], naming: "\(bomb):1:1: the config expands to more than 100000 entries")
        try expectBadInput(["layout", "/nonexistent/typefit.yml"], naming: "/nonexistent/typefit.yml: no such file")
        try expectBadInput(["layout", Self.contacts, "--category", "AX9"], naming: #"--category: unknown content size category "AX9""#)
        try expectBadInput(["layout", Self.contacts, "--device", "Nokia 3310"],
                           naming: "--device 'Nokia 3310': not a device of \(Self.contacts); devices: iPhone SE (1st generation), iPhone 16")
        // A device of the catalog the config does not list (Examples/Contacts/typefit.yml line 29:
        // iPhone SE (1st gen) and iPhone 16) is refused too: the audit lays out nothing on it.
        try expectBadInput(["layout", Self.contacts, "--device", "iPad mini"],
                           naming: "--device 'iPad mini': not a device of \(Self.contacts); devices: iPhone SE (1st generation), iPhone 16")
        let empty = try scratch.write("empty.yml", Data())
        try expectBadInput(["layout", empty], naming: "\(empty):1:1: the config is empty")
    }
}
