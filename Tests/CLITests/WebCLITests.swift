import Foundation
import TestSupport
import Testing

/// `typefit audit` with `webViews:`: one-line errors (exit 2) for a missing browser and a page that
/// never loads, and no browser process left behind.
@Suite(.serialized) struct WebCLITests {
    /// Command lines of running processes that mention `text`.
    static func processes(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { $0.allSatisfy(\.isNumber) }.compactMap { id in
            guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    @Test func missingChromiumIsOneLineExitTwo() throws {
        var env = ProcessInfo.processInfo.environment
        env["TYPEFIT_CHROMIUM"] = "/nonexistent/chromium"
        let result = try CLIRunner.run(["audit", "Examples/Web/typefit.yml", "--no-progress"], environment: env)
        #expect(result.status == 2)
        #expect(result.stderrLines == [
            "typefit: error: Examples/Web/typefit.yml:11:5: webViews need a browser: TYPEFIT_CHROMIUM=/nonexistent/chromium is not an executable file",
        ])
    }

    @Test func pageThatNeverLoadsIsOneLineAndTheBrowserIsGone() throws {
        let dir = try temporaryDirectory("typefit-webcli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("""
            webViews:
              - name: Stuck
                file: stuck.html
                scaling: none
                timeout: 2
            devices: ["iPhone 16"]
            """.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
        try Data("<!DOCTYPE html><html><body><script>for (;;) {}</script></body></html>".utf8)
            .write(to: dir.appendingPathComponent("stuck.html"))
        // The browser's profile goes under TMPDIR, so its processes are recognisable by this folder.
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = dir.path
        let result = try CLIRunner.run(["audit", "typefit.yml", "--no-progress"], directory: dir, environment: env)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["typefit: error: stuck.html: the page did not finish loading within 2 s"])
        #expect(Self.processes(mentioning: dir.path).isEmpty)
    }
}

/// A run stopped by a signal leaves no browser and no temporary folder; a killed browser is
/// replaced; a browser that keeps failing has its own exit status (3).
@Suite(.serialized) struct WebCLIBrowserLifeTests {
    /// A folder with a config whose page never finishes loading (the page's `timeout` is `timeout`).
    static func stuckProject(timeout: Int) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-webcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("""
            webViews:
              - name: Stuck
                file: stuck.html
                scaling: none
                timeout: \(timeout)
            devices: ["iPhone 16"]
            """.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
        try Data("<!DOCTYPE html><html><body><script>for (;;) {}</script></body></html>".utf8)
            .write(to: dir.appendingPathComponent("stuck.html"))
        return dir
    }

    static func browserFolders(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix("typefit-chromium-") }
    }

    /// Polls `condition` every 50 ms for at most `seconds`.
    static func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// Starts `typefit audit` in `dir` with its temporary folder there.
    /// (Through `env --default-signal`: a test runner may start its children with SIGINT ignored,
    /// which TypeFit, like any program, then leaves ignored.)
    static func start(_ arguments: [String], in dir: URL, temporary: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=INT,TERM", CLIRunner.binary.path] + arguments
        process.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = temporary.path
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Browser main processes (the one with the DevTools pipe, not a `--type=` helper) using `dir`.
    static func browserMains(in dir: URL) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { id -> Int32? in
            guard id.allSatisfy(\.isNumber), let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(dir.path) && line.contains("--remote-debugging-pipe") && !line.contains("--type=") ? Int32(id) : nil
        }
    }

    @Test func termAndIntEndTheBrowserAndRemoveItsFolder() throws {
        let dir = try Self.stuckProject(timeout: 30)
        defer { try? FileManager.default.removeItem(at: dir) }
        for signalNumber in [SIGTERM, SIGINT] {
            let process = try Self.start(["audit", "typefit.yml", "--no-progress"], in: dir, temporary: dir)
            #expect(Self.wait(20) { !Self.browserMains(in: dir).isEmpty })
            kill(process.processIdentifier, signalNumber)
            #expect(Self.wait(20) { !process.isRunning })
            process.waitUntilExit()
            // It ends with the signal, as without TypeFit's handler.
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber)
            // Nothing of the browser's is left in the temporary folder (its own temporary files included)
            // once its helpers, which the kernel reaps after the main process, are gone (10 s at most:
            // on a loaded machine a zygote can outlive TypeFit's exit by a moment).
            #expect(Self.wait(10) { WebCLITests.processes(mentioning: dir.path).isEmpty })
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["typefit.yml", "stuck.html"])
        }
    }

    @Test func aKilledRunsFolderIsRemovedByTheNextRun() throws {
        let dir = try Self.stuckProject(timeout: 2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = try Self.start(["audit", "typefit.yml", "--no-progress"], in: dir, temporary: dir)
        #expect(Self.wait(20) { !Self.browserMains(in: dir).isEmpty })
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = Self.browserFolders(in: dir)
        #expect(left.count == 1)
        // The browser ends when its pipe closes.
        #expect(Self.wait(20) { WebCLITests.processes(mentioning: dir.path).isEmpty })
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = dir.path
        let next = try CLIRunner.run(["audit", "typefit.yml", "--no-progress"], directory: dir, environment: env)
        #expect(next.stderrLines == ["typefit: error: stuck.html: the page did not finish loading within 2 s"])
        // The killed run's folder and the killed browser's singleton-socket folder are gone.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["typefit.yml", "stuck.html"])
    }

    /// The example's findings, once with a browser that is killed while it renders.
    @Test func aBrowserKilledMidRunIsReplacedWithTheSameResults() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-webcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = Repository.root.appendingPathComponent("Examples/Web/typefit.yml").path
        /// The report's finding groups (each with its findings, figures, selectors and sources).
        func findings(_ folder: String) throws -> NSArray {
            let data = try Data(contentsOf: dir.appendingPathComponent("\(folder)/report.json"))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
            return try #require(document["groups"] as? NSArray)
        }
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = dir.path
        let clean = try CLIRunner.run(["audit", config, "--no-progress", "--output", dir.appendingPathComponent("clean").path],
                                      environment: env)
        #expect(clean.status == 1)
        let process = try Self.start(["audit", config, "--no-progress", "--output", dir.appendingPathComponent("killed").path],
                                     in: Repository.root, temporary: dir)
        var first: Int32 = 0
        #expect(Self.wait(20) { first = Self.browserMains(in: dir).first ?? 0; return first != 0 })
        usleep(300_000)  // let it open the page
        kill(first, SIGKILL)
        var replacement: Int32 = 0
        #expect(Self.wait(20) { replacement = Self.browserMains(in: dir).first { $0 != first } ?? 0; return replacement != 0 || !process.isRunning })
        process.waitUntilExit()
        #expect(replacement != 0)
        #expect(process.terminationStatus == 1)
        let groups = try findings("clean"), killed = try findings("killed")
        #expect(groups.count > 0 && groups == killed)
        // The same reports, byte for byte (they carry no time stamps): screenshots included.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("clean").path).sorted()
        #expect(names.contains("report.json") && names.contains("report.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("killed").path).sorted() == names)
        for name in names {
            let a = try Data(contentsOf: dir.appendingPathComponent("clean/\(name)"))
            let b = try Data(contentsOf: dir.appendingPathComponent("killed/\(name)"))
            #expect(a == b, "\(name) differs after the browser was killed")
        }
        #expect(Self.browserFolders(in: dir).isEmpty)
    }

    @Test func aBrowserThatKeepsFailingExitsThreeQuotingIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-webcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = dir.appendingPathComponent("browser")
        try Data("#!/bin/sh\necho '[1:1:1127/000000.000000:FATAL:zygote_host.cc:1] the test browser gives up' >&2\nexit 1\n".utf8)
            .write(to: browser)
        chmod(browser.path, 0o755)
        let counter = dir.appendingPathComponent("starts")
        try Data("#!/bin/sh\necho x >> \(counter.path)\nexec \(browser.path)\n".utf8).write(to: dir.appendingPathComponent("counted"))
        chmod(dir.appendingPathComponent("counted").path, 0o755)
        var env = ProcessInfo.processInfo.environment
        env["TYPEFIT_CHROMIUM"] = dir.appendingPathComponent("counted").path
        env["TMPDIR"] = dir.path
        let result = try CLIRunner.run(["audit", "Examples/Web/typefit.yml", "--no-progress"], environment: env)
        #expect(result.status == 3)
        // Whether the browser is gone before TypeFit's first command is written or while it waits
        // for the answer, the line says how it ended and quotes its fatal message.
        let line = try #require(result.stderrLines.first.map(String.init))
        #expect(result.stderrLines.count == 1)
        #expect(line.hasPrefix("typefit: error: Examples/Web/typefit.yml:11:5: webViews need a browser: \(dir.path)/counted did not start: "
            + "the browser exited while "))
        #expect(line.hasSuffix(" Browser.getVersion (it exited with status 1: the test browser gives up)"))
        // Three starts, each once with and once without the sandbox where the kernel allows it.
        let starts = try String(contentsOf: counter, encoding: .utf8).split(separator: "\n").count
        #expect(starts == 3 * (getuid() == 0 ? 1 : 2))
    }
}
