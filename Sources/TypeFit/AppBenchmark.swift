import Foundation
import InterfaceBuilder

/// `typefit bench --app DIR`: what a user waits for in an app's repository (storyboards, XIBs,
/// SwiftUI), `typefit init`
/// then `typefit audit` in a copy of the app, each a child process timed as a shell's `time`
/// does (ProcessBenchmark.run): wall, CPU and the child's peak resident memory. The copy is made
/// in a temporary folder (nothing is written into DIR) and removed afterwards.
///
/// With `ibFiles`, the copy is instead an app made of DIR's iOS storyboards and XIBs (with the
/// `<locale>.lproj/<Name>.strings` beside each) copied into `copy-1/`, `copy-2/`, … until it holds
/// that many files: a large app built from a real one's files, without an Xcode project (init
/// then walks the folder).
public enum AppBenchmark {
    /// One step's figures.
    public struct Step: Sendable {
        public var command: String
        public var wall: Double
        public var cpu: Double
        public var peakResidentMegabytes: Double
        public var status: Int32
    }

    public struct Figures: Sendable {
        /// Storyboards and XIBs in the audited folder, and how many of them are iOS files.
        public var interfaceBuilderFiles: Int
        public var steps: [Step]
        /// The summary init printed (its counts).
        public var initSummary: String
        /// /proc/loadavg's 1-minute load before and after (the machine may be shared).
        public var loadBefore: String
        public var loadAfter: String
        public var threads: Int?

        public var totalWall: Double { steps.reduce(0) { $0 + $1.wall } }
        public var peakResidentMegabytes: Double { steps.map(\.peakResidentMegabytes).max() ?? 0 }
    }

    /// The targets: init + audit of an app of 200 Interface Builder files in 10 s on 2 cores, 300 MB.
    public static let targetSeconds = 10.0
    public static let targetMegabytes = 300.0

    /// Whether the file at `url` is an iOS storyboard or XIB (its `targetRuntime`, in the first 2 KB).
    static func isIOSInterfaceBuilderFile(_ url: URL) -> Bool {
        guard ["storyboard", "xib"].contains(url.pathExtension), let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 2048)) ?? Data(), as: UTF8.self)
        return head.contains("targetRuntime=\"iOS")
    }

    /// The iOS storyboards and XIBs under `app` (paths relative to it, sorted), each with the
    /// strings files that translate it (IBLocalization).
    static func interfaceBuilderFiles(in app: URL) -> [(file: String, strings: [String])] {
        let files = (FileManager.default.enumerator(atPath: app.path)?.compactMap { $0 as? String } ?? []).sorted()
        return files.filter { isIOSInterfaceBuilderFile(app.appendingPathComponent($0)) }.map { file in
            (file, IBLocalization.stringsFiles(for: file, among: files).map(\.path))
        }
    }

    /// Makes the app of `count` Interface Builder files from `source`'s in `folder`: returns how many were copied.
    public static func makeApp(from source: URL, files count: Int, in folder: URL) throws -> Int {
        let found = interfaceBuilderFiles(in: source)
        guard !found.isEmpty else { throw ProcessBenchmarkError(message: "\(source.path): no iOS storyboard or XIB to copy") }
        var copied = 0
        var copy = 0
        while copied < count {
            copy += 1
            for (file, strings) in found where copied < count {
                for path in [file] + strings {
                    let target = folder.appendingPathComponent("copy-\(copy)/\(path)")
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileManager.default.copyItem(at: source.appendingPathComponent(path), to: target)
                }
                copied += 1
            }
        }
        return copied
    }

    /// Copies `app` (or makes the app of `ibFiles` files from it), then runs `executable init` and
    /// `executable audit` there; `threads` is passed to the audit.
    public static func run(app: URL, ibFiles: Int?, executable: String, threads: Int?,
                           progress: (String) -> Void = { _ in }) throws -> Figures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-app-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let appFolder = folder.appendingPathComponent("app")
        if let ibFiles {
            progress("bench: app: \(ibFiles) storyboards and XIBs from \(app.path)")
            try FileManager.default.createDirectory(at: appFolder, withIntermediateDirectories: true)
            _ = try makeApp(from: app, files: ibFiles, in: appFolder)
        } else {
            progress("bench: app: copying \(app.path)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: app, to: appFolder)
            try? FileManager.default.removeItem(at: appFolder.appendingPathComponent("typefit.yml"))
        }
        let count = (FileManager.default.enumerator(atPath: appFolder.path)?.compactMap { $0 as? String } ?? [])
            .filter { ["storyboard", "xib"].contains(URL(fileURLWithPath: $0).pathExtension) }.count
        let loadBefore = ShardBenchmark.load()
        progress("bench: app: typefit init")
        let initArguments = ["init", appFolder.path]
        let initRun = try ProcessBenchmark.run(executable, initArguments, output: true)
        progress("bench: app: typefit audit")
        let auditArguments = ["audit", appFolder.appendingPathComponent("typefit.yml").path,
                              "--output", appFolder.appendingPathComponent("Reports").path, "--no-progress"]
            + (threads.map { ["--threads", String($0)] } ?? [])
        let auditRun = try ProcessBenchmark.run(executable, auditArguments, accepting: [0, 1])
        func step(_ name: String, _ child: ProcessBenchmark.Child) -> Step {
            Step(command: name, wall: child.timing.wall, cpu: child.timing.cpu,
                 peakResidentMegabytes: child.peakResidentMegabytes, status: child.status)
        }
        return Figures(interfaceBuilderFiles: count,
                       steps: [step("typefit init", initRun),
                               step("typefit audit" + (threads.map { " --threads \($0)" } ?? ""), auditRun)],
                       initSummary: initRun.output, loadBefore: loadBefore, loadAfter: ShardBenchmark.load(), threads: threads)
    }

    /// The figures as the bench prints them, against the targets.
    public static func describe(_ f: Figures) -> String {
        func s(_ v: Double) -> String { String(format: "%.2f s", v) }
        var rows: [[String]] = f.steps.map { [$0.command, s($0.wall), s($0.cpu), String(format: "%.0f MB", $0.peakResidentMegabytes), "\($0.status)"] }
        rows.append(["init + audit", s(f.totalWall), s(f.steps.reduce(0) { $0 + $1.cpu }),
                     String(format: "%.0f MB", f.peakResidentMegabytes), ""])
        var out = "App: typefit init + typefit audit as child processes (\(f.interfaceBuilderFiles) storyboards and XIBs) "
        out += "(load average \(f.loadBefore) before, \(f.loadAfter) after):\n"
        out += Benchmark.table(header: ["step", "wall", "CPU", "peak RSS", "exit"], rows: rows)
        out += "target (an app of 200 storyboards and XIBs, or of 1,600 Swift files): init + audit ≤ "
        out += "\(String(format: "%.0f", targetSeconds)) s wall on 2 cores, "
        out += "peak memory ≤ \(String(format: "%.0f", targetMegabytes)) MB: "
        out += (f.totalWall <= targetSeconds && f.peakResidentMegabytes <= targetMegabytes ? "met" : "not met")
        out += "\n"
        let counts = f.initSummary.split(separator: "\n").filter {
            $0.hasPrefix("Target:") || $0.hasPrefix("Interface Builder files:") || $0.hasPrefix("SwiftUI:")
                || $0.hasPrefix("  Text views:") || $0.hasPrefix("Elements:")
        }
        if !counts.isEmpty { out += "init said:\n" + counts.map { "  " + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n") + "\n" }
        return out
    }
}
