import Foundation
import TestSupport
import Testing

/// What a new user hit: the commands run from the user's own folder, `bench` without the
/// reference corpus, `scale` rounding like the audit, and help text the parser wraps.
@Suite("Everyday use", .serialized)
struct EverydayCLITests {
    let root = Repository.root

    /// A fresh folder `…/<uuid>/work`, with nothing beside it (no reference corpus next to it).
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-everyday-\(UUID().uuidString)/work")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func remove(_ dir: URL) { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }

    // MARK: bench --corpus (point 1)

    @Test func benchSaysWhatItNeedsWithoutTheDefaultCorpus() throws {
        let dir = try folder()
        defer { remove(dir) }
        let run = try CLIRunner.run(["bench"], directory: dir)
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1)
        // The default folder, as `bench --help` documents it ("default: DIR;"), relative to `dir`.
        let help = try CLIRunner.run(["bench", "--help"], environment: ["COLUMNS": "1000"]).stdout
        let documented = try #require(help.range(of: "(default: ").map { help[$0.upperBound...].prefix { $0 != ";" } })
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(String(documented)).path))
        #expect(run.stderr == "typefit: error: bench needs a strings corpus: \(documented) (the default) does not exist; "
            + "pass --corpus DIR, a folder of .strings/.stringsdict/.xcstrings files (read recursively), e.g. --corpus Examples/Wayfell/strings\n")

        let missing = try CLIRunner.run(["bench", "--corpus", "nowhere"], directory: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "typefit: error: nowhere: no such corpus folder (--corpus needs a folder of .strings/.stringsdict/.xcstrings files (read recursively))\n")

        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("not strings".utf8).write(to: empty.appendingPathComponent("README.md"))
        let none = try CLIRunner.run(["bench", "--corpus", "empty"], directory: dir)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("typefit: error: empty: no strings found in the corpus folder"))
    }

    /// --verify on a corpus given with --corpus runs end to end (nothing outside the repository needed):
    /// 2 lines × 16 bundled faces.
    @Test func benchVerifyRunsOnAGivenCorpus() throws {
        let dir = try folder()
        defer { remove(dir) }
        try Data("\"a\" = \"Hello world\";\n\"b\" = \"Einstellungen\";\n".utf8).write(to: dir.appendingPathComponent("de.strings"))
        let run = try CLIRunner.run(["bench", "--corpus", dir.path, "--verify", "--threads", "1"],
                                    environment: ["TYPEFIT_FONTS": root.appendingPathComponent("Fonts").path,
                                                  "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("verify: ") && run.stdout.contains("(2 lines × ") && run.stdout.hasSuffix("0 differences\n"))
    }

    // MARK: audit with no argument (point 4)

    func writeProject(in dir: URL, name: String = "typefit.yml") throws {
        try writeMinimalProject(in: dir, name: name)
    }

    /// The committed reports' bytes, to show a run elsewhere never touched them.
    func committedReports() throws -> [String: Data] {
        let folder = root.appendingPathComponent("Reports")
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test func auditWithNoArgumentAuditsTheCurrentFoldersConfig() throws {
        let dir = try folder()
        defer { remove(dir) }
        try writeProject(in: dir)
        let before = try committedReports()
        let run = try CLIRunner.run(["audit", "--no-progress"], directory: dir)
        #expect(run.status == 0, "\(run.stderr)")
        // Its own reports, in ./Reports, about its own screen; the tool's Reports/ untouched.
        let json = String(decoding: try Data(contentsOf: dir.appendingPathComponent("Reports/report.json")), as: UTF8.self)
        let document = try #require(CLIRunner.object(json))
        #expect(document["config"] as? String == "typefit.yml")
        // One screen × one device × one category, not the bundled example's three screens × two devices.
        #expect((document["scope"] as? [String: Any])?["screens"] as? [String] == ["Settings"] && !json.contains("\"Route\""))
        #expect(run.stderr.contains("typefit: reports in Reports"))
        #expect(try committedReports() == before)
    }

    @Test func auditFindsYamlAndJsonNamesAndRefusesTwo() throws {
        let dir = try folder()
        defer { remove(dir) }
        try writeProject(in: dir, name: "typefit.yaml")
        let run = try CLIRunner.run(["audit", "--no-progress"], directory: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Reports/report.json").path))
        try writeProject(in: dir, name: "typefit.yml")
        let two = try CLIRunner.run(["audit", "--no-progress"], directory: dir)
        #expect(two.status == 2)
        #expect(two.stderr == "typefit: error: no CONFIG given and typefit.yml and typefit.yaml are both here; pass the one to audit\n")
    }

    /// From a folder without a config the audit is an error (exit 2, one line, nothing written): in an
    /// app's CI a green check must not come from auditing the bundled example. `--bundled-example`
    /// audits it there to the terminal only: nothing is written into the tool's checkout (or the
    /// current folder), and --update-baseline is refused.
    @Test func auditElsewhereWithoutConfigNeverWritesIntoTheCheckout() throws {
        let dir = try folder()
        defer { remove(dir) }
        let before = try committedReports()
        let none = try CLIRunner.run(["audit", "--no-progress"], directory: dir)
        #expect(none.status == 2)
        #expect(none.stderr == "typefit: error: no typefit.yml here; `typefit init` writes one\n")
        #expect(none.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let run = try CLIRunner.run(["audit", "--bundled-example", "--no-progress"], directory: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("auditing the bundled example \(root.path)/Examples/Wayfell/typefit.yml (terminal report only"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(try committedReports() == before)
        let update = try CLIRunner.run(["audit", "--bundled-example", "--no-progress", "--update-baseline"], directory: dir)
        #expect(update.status == 2)
        #expect(update.stderr.contains("--update-baseline would write into the bundled example"))
    }

    // MARK: {locale} patterns (point 2)

    /// `Resources/{locale}.lproj/Localizable.strings` with locales [en, de, fr] and no fr.lproj: fr
    /// falls back to the development language with one warning at the pattern (line 9
    /// `  - path: "Resources/…"`, the scalar at column 11); with `required: true` it is exit 2, one line there.
    @Test func auditedLocaleWithoutAFileStopsTheAudit() throws {
        let dir = try folder()
        defer { remove(dir) }
        try writeProject(in: dir)
        var yaml = try String(contentsOf: dir.appendingPathComponent("typefit.yml"), encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "strings:\n  - path: strings", with: "locales: [en, de, fr]\nstrings:\n  - path: \"Resources/{locale}.lproj/Localizable.strings\"")
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
        for (locale, text) in [("en", "Settings"), ("de", "Einstellungen")] {
            let lproj = dir.appendingPathComponent("Resources/\(locale).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data("\"settings.title\" = \"\(text)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let fallback = try CLIRunner.run(["audit", "typefit.yml", "--no-progress", "--format", "terminal"], directory: dir)
        #expect(fallback.status != 2, "\(fallback.stderr)")
        let warnings = fallback.stderrLines.filter { $0.contains("has no file in") }
        #expect(warnings == [#"typefit: typefit.yml:9:11: warning: strings[0].path: Resources/{locale}.lproj/Localizable.strings has no file in 1 of 3 locales (fr): their keys are measured in the development language (en) there, as iOS falls back; `required: true` on an entry makes this an error"#])
        yaml = yaml.replacingOccurrences(of: "  - path: \"Resources/{locale}.lproj/Localizable.strings\"",
                                         with: "  - { path: \"Resources/{locale}.lproj/Localizable.strings\", required: true }")
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
        let run = try CLIRunner.run(["audit", "typefit.yml", "--no-progress"], directory: dir)
        #expect(run.status == 2)
        // The scalar now starts at column 13 of `  - { path: "Resources/…`.
        #expect(run.stderr == #"typefit: error: typefit.yml:9:13: strings[0].path: no file for locale "fr" matches the pattern "Resources/{locale}.lproj/Localizable.strings" (it matches de, en; it is `required: true`)"# + "\n")
    }

    // MARK: scale --device (point 11)

    /// UIFontMetrics leading ratio, pixel-rounded: body 17 at AX1 = 17 × 34 / 22 (HIG body leadings,
    /// Tests/DynamicTypeTests/Fixtures/reference/apple-dynamic-type.json) = 26.2727 pt; at 3× round(78.818)/3 = 79/3 = 26.333;
    /// on the iPhone SE (1st generation), 2×: round(52.545)/2 = 53/2 = 26.5.
    @Test func scaleRoundsForTheDeviceAndSaysWhichScale() throws {
        func ax1(_ extra: [String]) throws -> (Double?, String) {
            let run = try CLIRunner.run(["scale", "--model", "uifontmetrics", "--size", "17", "--format", "json"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let rows = CLIRunner.object(run.stdout)?["rows"] as? [[String: Any]] ?? []
            let row = rows.first { $0["category"] as? String == "accessibilityMedium" }
            return ((row?["pointSize"] as? NSNumber)?.doubleValue, run.stderr)
        }
        let (se, seNote) = try ax1(["--device", "iPhone SE (1st gen)"])
        #expect(se == 53.0 / 2)
        #expect(seNote == "typefit: UIFontMetrics sizes rounded to the pixel at 2× (--device iPhone SE (1st generation))\n")
        let (phone, _) = try ax1(["--device", "iPhone 16"])
        #expect(phone == 79.0 / 3)
        let (byScale, scaleNote) = try ax1(["--scale", "2"])
        #expect(byScale == 53.0 / 2)
        #expect(scaleNote.contains("at 2× (--scale)"))
        let (plain, plainNote) = try ax1([])
        #expect(plain == 79.0 / 3)
        #expect(plainNote.contains("at 3× (default; pass --device or --scale"))
        let both = try CLIRunner.run(["scale", "--model", "uifontmetrics", "--size", "17", "--device", "iPhone 16", "--scale", "2"])
        #expect(both.status == 2)
        let unknown = try CLIRunner.run(["scale", "--model", "uifontmetrics", "--size", "17", "--device", "Nokia 3310"])
        #expect(unknown.status == 2 && unknown.stderrLines.count == 1 && unknown.stderr.contains("unknown device 'Nokia 3310'"))
        // Models without pixel rounding say nothing about it.
        #expect(try CLIRunner.run(["scale", "--model", "apple"]).stderr.isEmpty)
    }

    /// With a typefit.yml, the config's own devices decide (the audit's rounding): the example's
    /// single iPhone SE (1st gen) is 2×.
    @Test func scaleWithAConfigUsesItsDevices() throws {
        let dir = try folder()
        defer { remove(dir) }
        try writeProject(in: dir)
        let run = try CLIRunner.run(["scale", "--config", "typefit.yml"], directory: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("at 2× (the config's devices: iPhone SE (1st generation))"))
    }

    // MARK: help text (point 12)

    static let commands: [[String]] = [[], ["audit"], ["bench"], ["checks"], ["explain"], ["inspect"], ["layout"],
                                       ["measure"], ["scale"]]

    /// With a very wide terminal (COLUMNS=1000) the parser wraps nothing, so what is left is the text
    /// as written: a paragraph broken inside a sentence shows as an unindented line that does not end a
    /// sentence followed by another unindented line. Lists and examples are indented and exempt.
    @Test(arguments: commands)
    func helpParagraphsAreNotBrokenMidSentence(_ command: [String]) throws {
        let run = try CLIRunner.run(command + ["--help"], environment: ["COLUMNS": "1000"])
        #expect(run.status == 0)
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines.count > 5)
        var broken: [String] = []
        for (line, next) in zip(lines, lines.dropFirst()) {
            guard !line.isEmpty, !next.isEmpty, !line.hasPrefix(" "), !next.hasPrefix(" ") else { continue }
            guard let last = line.last, !".:?!)".contains(last) else { continue }
            broken.append(line)
        }
        #expect(broken.isEmpty, "help of `typefit \(command.joined(separator: " "))` breaks lines inside paragraphs: \(broken)")
        // And at 80 columns the parser wraps the long paragraphs itself: no line is longer than 80.
        let narrow = try CLIRunner.run(command + ["--help"], environment: ["COLUMNS": "80"])
        let prose = narrow.stdout.components(separatedBy: "\n").filter { !$0.hasPrefix("  ") && !$0.hasPrefix("USAGE:") }
        #expect(prose.allSatisfy { $0.count <= 80 }, "\(prose.filter { $0.count > 80 })")
    }
}
