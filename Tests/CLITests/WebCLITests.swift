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
