import Foundation

/// `typefit bench --app DIR`: what a user waits for in an app's repository — `typefit init` then
/// `typefit audit`, each a child process of the typefit given, on a copy of the repository in a
/// temporary folder (the copy is not timed; the app's folder is never written). It reports each
/// step's wall time, their sum, the children's CPU time and peak resident memory, and what the
/// two steps found.
public enum AppRepositoryBenchmark {
    /// What one run measured.
    public struct Figures: Sendable {
        public var app: String
        public var initWallSeconds: Double
        public var auditWallSeconds: Double
        public var cpuSeconds: Double
        public var peakResidentMegabytes: Double
        public var initExitStatus: Int32
        public var auditExitStatus: Int32
        /// init's summary (its standard output), and the audit's report.json's finding groups.
        public var initSummary: String
        public var findings: Int?
        public var threads: Int?

        public var wallSeconds: Double { initWallSeconds + auditWallSeconds }
    }

    /// Copies `app` into a temporary folder and times `executable init` and `executable audit` there.
    public static func run(app: URL, executable: String, threads: Int?, progress: (String) -> Void = { _ in }) throws -> Figures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-app-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        progress("bench: app: copying \(app.path)")
        try FileManager.default.copyItem(at: app, to: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(".git"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("typefit.yml"))

        let before = WholeAppBenchmark.childUsage()
        progress("bench: app: typefit init")
        let initRun = try child(executable, ["init", folder.path], in: folder)
        progress("bench: app: typefit audit")
        let auditRun = try child(executable, ["audit", "--no-progress"] + (threads.map { ["--threads", "\($0)"] } ?? []), in: folder)
        let after = WholeAppBenchmark.childUsage()

        var findings: Int?
        if let data = try? Data(contentsOf: folder.appendingPathComponent("Reports/report.json")),
           let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            findings = (json["groups"] as? [Any])?.count
        }
        return Figures(app: app.path, initWallSeconds: initRun.wall, auditWallSeconds: auditRun.wall,
                       cpuSeconds: after.cpu - before.cpu, peakResidentMegabytes: after.maxRSS,
                       initExitStatus: initRun.status, auditExitStatus: auditRun.status,
                       initSummary: initRun.output, findings: findings, threads: threads)
    }

    /// Runs one child in `folder`: its wall time, exit status and standard output.
    private static func child(_ executable: String, _ arguments: [String], in folder: URL) throws -> (wall: Double, status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let stdout = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-app-bench-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: stdout.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: stdout.path])
        }
        defer { try? FileManager.default.removeItem(at: stdout) }
        let handle = try FileHandle(forWritingTo: stdout)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try handle.close()
        return (wall, process.terminationStatus, (try? String(contentsOf: stdout, encoding: .utf8)) ?? "")
    }

    /// The figures as the bench prints them, against the targets (≤ 10 s, ≤ 300 MB).
    public static func describe(_ f: Figures) -> String {
        let found = f.initSummary.split(separator: "\n").filter {
            $0.hasPrefix("Target:") || $0.hasPrefix("SwiftUI:") || $0.hasPrefix("  Text views:") || $0.hasPrefix("Elements:")
                || $0.hasPrefix("Interface Builder files:")
        }
        return """
        App repository: \(f.app) (typefit init, then typefit audit with all report formats, \
        \(f.threads.map { "\($0) threads" } ?? "default threads"); exits \(f.initExitStatus), \(f.auditExitStatus)):
          init wall: \(String(format: "%.2f s", f.initWallSeconds)), audit wall: \(String(format: "%.2f s", f.auditWallSeconds))
          init + audit wall: \(String(format: "%.2f s", f.wallSeconds)) (target ≤ 10 s), CPU \(String(format: "%.2f s", f.cpuSeconds))
          peak RSS: \(String(format: "%.0f MB", f.peakResidentMegabytes)) (target ≤ 300 MB)
          finding groups: \(f.findings.map(String.init) ?? "no report.json")
        \(found.map { "  " + $0 }.joined(separator: "\n"))

        """
    }
}
