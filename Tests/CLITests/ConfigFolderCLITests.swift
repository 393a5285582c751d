import Foundation
import TestSupport
import Testing

/// Where `typefit audit` writes and what it compares with when the command line does not say
/// (docs/cli.md, `typefit audit`), and `typefit` found through `PATH`.
@Suite("Config folder defaults", .serialized)
struct ConfigFolderCLITests {
    /// An app folder `app/` inside a fresh folder: a one-screen config whose only label (one line,
    /// 88 characters, on a 288 pt row of the iPhone SE) truncates, an error that fails a run
    /// without a baseline.
    func project() throws -> (URL, URL) {
        let dir = try temporaryDirectory("typefit-config-folder")
        let app = dir.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try writeMinimalProject(in: app)
        let long = String(repeating: "Wide words ", count: 8)
        try Data("\"settings.title\" = \"\(long)\";\n".utf8).write(to: app.appendingPathComponent("strings/en.strings"))
        return (dir, app)
    }

    /// The groups of a report.json: "<key as sorted JSON> <status>", in order (a group's key holds
    /// names — check, screen, label, string key — and no file path).
    func groups(_ reports: URL) throws -> [String] {
        let object = try #require(CLIRunner.object(String(decoding: try Data(contentsOf: reports.appendingPathComponent("report.json")), as: UTF8.self)))
        let groups = try #require(object["groups"] as? [[String: Any]])
        return try groups.map { group in
            let key = try JSONSerialization.data(withJSONObject: group["key"] ?? [:], options: [.sortedKeys])
            return "\(String(decoding: key, as: UTF8.self)) \(group["status"] ?? "?")"
        }
    }

    /// The first `--update-baseline` creates `./typefit-baseline.json`, which plain `typefit audit`
    /// then reads; `typefit audit app/typefit.yml` from the folder above uses app/Reports and
    /// app/typefit-baseline.json, as `typefit audit` run in app/ does.
    @Test func auditOfAConfigIsTheAuditInItsFolder() throws {
        let (dir, app) = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        // No baseline yet: the truncation is new and fails the run, in the folder and from above.
        let inside = try CLIRunner.run(["audit", "--no-progress"], directory: app)
        #expect(inside.status == 1, "\(inside.stderr)")
        let insideGroups = try groups(app.appendingPathComponent("Reports"))
        #expect(!insideGroups.isEmpty && insideGroups.allSatisfy { $0.hasSuffix(" new") })
        try fm.removeItem(at: app.appendingPathComponent("Reports"))
        let above = try CLIRunner.run(["audit", "app/typefit.yml", "--no-progress"], directory: dir)
        #expect(above.status == 1, "\(above.stderr)")
        #expect(above.stderr.contains("typefit: reports in app/Reports\n"))
        #expect(try groups(app.appendingPathComponent("Reports")) == insideGroups)
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("Reports").path))
        #expect(!fm.fileExists(atPath: app.appendingPathComponent("typefit-baseline.json").path))

        // The first --update-baseline, with no --baseline: creates the default baseline.
        let update = try CLIRunner.run(["audit", "--no-progress", "--update-baseline"], directory: app)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains("typefit: wrote \(insideGroups.count) groups to the baseline typefit-baseline.json\n"))
        let written = try Data(contentsOf: app.appendingPathComponent("typefit-baseline.json"))

        // Both ways now read it: the same groups, baselined, and the runs pass.
        let again = try CLIRunner.run(["audit", "--no-progress"], directory: app)
        #expect(again.status == 0, "\(again.stderr)")
        let baselined = try groups(app.appendingPathComponent("Reports"))
        #expect(baselined == insideGroups.map { $0.replacingOccurrences(of: " new", with: " baselined") })
        let aboveAgain = try CLIRunner.run(["audit", "app/typefit.yml", "--no-progress"], directory: dir)
        #expect(aboveAgain.status == 0, "\(aboveAgain.stderr)")
        #expect(try groups(app.appendingPathComponent("Reports")) == baselined)

        // From above, --update-baseline writes app/typefit-baseline.json: the same bytes.
        try fm.removeItem(at: app.appendingPathComponent("typefit-baseline.json"))
        let updateAbove = try CLIRunner.run(["audit", "app/typefit.yml", "--no-progress", "--update-baseline"], directory: dir)
        #expect(updateAbove.status == 0, "\(updateAbove.stderr)")
        #expect(try Data(contentsOf: app.appendingPathComponent("typefit-baseline.json")) == written)

        // --output and --baseline still win, and a terminal-only run writes no folder.
        let elsewhere = dir.appendingPathComponent("elsewhere")
        let given = try CLIRunner.run(["audit", "app/typefit.yml", "--no-progress", "--output", elsewhere.path], directory: dir)
        #expect(given.status == 0 && fm.fileExists(atPath: elsewhere.appendingPathComponent("report.json").path))
        try fm.removeItem(at: app.appendingPathComponent("Reports"))
        let terminal = try CLIRunner.run(["audit", "app/typefit.yml", "--no-progress", "--format", "terminal"], directory: dir)
        #expect(terminal.status == 0 && !terminal.stderr.contains("reports in"))
        #expect(!fm.fileExists(atPath: app.appendingPathComponent("Reports").path))
    }

    /// `typefit` run through a symbolic link on `PATH` (as a Homebrew or `/usr/local/bin` install
    /// is): argv[0] is then only "typefit", yet the bundled example and the bundled fonts are found
    /// beside the real executable. From a folder with no config the audit is an error; with
    /// `--bundled-example` it picks the bundled example (refusing `--update-baseline` into the
    /// checkout, which it does only once it found it), and `Inter` resolves to the bundled
    /// Fonts/Inter. The machine's own fonts are hidden (FONTCONFIG_FILE names a fontconfig file with
    /// no font folder), so a system Inter (Debian's fonts-inter) is not found first.
    @Test func typefitFoundThroughPATHFindsItsCheckout() throws {
        let dir = try temporaryDirectory("typefit-path")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin"), work = dir.appendingPathComponent("work")
        for folder in [bin, work] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("typefit"), withDestinationURL: CLIRunner.binary)
        let noFonts = dir.appendingPathComponent("fonts.conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: noFonts)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["TYPEFIT_FONTS"] = nil
        environment["FONTCONFIG_FILE"] = noFonts.path
        func shell(_ command: String) throws -> ProcessOutput {
            try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], directory: work, environment: environment)
        }
        let none = try shell("typefit audit --no-progress")
        #expect(none.status == 2)
        #expect(none.stderr == "typefit: error: no typefit.yml here; `typefit init` writes one\n")
        #expect(none.stdout.isEmpty)
        let argv0 = try shell("typefit audit --bundled-example --no-progress --update-baseline")
        #expect(argv0.status == 2)
        #expect(argv0.stderrLines.count == 1)
        #expect(argv0.stderr.hasPrefix("typefit: error: --update-baseline would write into the bundled example in the tool's checkout; pass --baseline FILE"))
        let fonts = try shell("typefit inspect 'Inter:weight=400' --format json")
        #expect(fonts.status == 0, "\(fonts.stderr)")
        let object = try #require(CLIRunner.object(fonts.stdout))
        let path = try #require(object["path"] as? String)
        #expect(URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            == Repository.url("Fonts/Inter/Inter-Regular.otf").resolvingSymlinksInPath().path)
    }

    /// stdout and stderr in one pipe (a CI log): each line whole, in the order written — the report
    /// on stdout, then "typefit: reports in …" on stderr on a line of its own, not glued to the
    /// report's last characters (stdout was buffered while stderr was not).
    @Test func stdoutAndStderrInOnePipeDoNotInterleaveMidLine() throws {
        let dir = try temporaryDirectory("typefit-one-pipe")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let command = "'\(CLIRunner.binary.path)' audit Examples/Wayfell/typefit.yml --no-progress --format terminal,json --output '\(out.path)' 2>&1"
        let both = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], directory: Repository.root)
        #expect(both.status == 0, "\(both.stdout)")
        let alone = try CLIRunner.run(["audit", "Examples/Wayfell/typefit.yml", "--no-progress", "--format", "terminal,json", "--output", out.path])
        #expect(!alone.stdout.isEmpty)
        // The terminal report whole, then the last stderr line.
        #expect(both.stdout.hasSuffix(alone.stdout + "typefit: reports in \(out.path)\n"))
        for line in both.stdout.split(separator: "\n") where line.contains("typefit: ") {
            #expect(line.hasPrefix("typefit: "), "a message inside a line: \(line)")
        }
    }
}
