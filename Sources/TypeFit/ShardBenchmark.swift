import Foundation

/// `typefit bench --whole-app --shards 2,4`: the whole-app audit split as a CI matrix splits it.
/// Each run is a child `typefit` process on one thread (`--threads 1`, one core per runner), run
/// one after the other so each has the machine to itself as far as the machine allows: the
/// unsharded audit, then for each N the N shards (`--shard I/N`) and the merge. The slowest
/// shard's wall time is what a matrix waits for; the merge follows it. The merged report.json is
/// compared with the unsharded one byte for byte.
public enum ShardBenchmark {
    public struct Run: Sendable {
        public var shards: Int
        /// Wall seconds of each shard, in shard order.
        public var shardWall: [Double]
        public var shardCPU: [Double]
        public var mergeWall: Double
        public var mergeCPU: Double
        public var identical: Bool
    }

    public struct Figures: Sendable {
        public var keys: Int
        public var locales: Int
        public var unshardedWall: Double
        public var unshardedCPU: Double
        public var runs: [Run]
        /// /proc/loadavg's 1-minute load before and after (the machine may be shared).
        public var loadBefore: String
        public var loadAfter: String
    }

    /// Runs the figures for the whole-app config of `corpus`.
    public static func run(corpus: URL, fonts: String, executable: String, shardCounts: [Int],
                           progress: (String) -> Void = { _ in }) throws -> Figures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-shard-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (config, keys, locales, _) = try WholeAppBenchmark.writeConfig(corpus: corpus, fonts: fonts, in: folder)
        let loadBefore = load()
        progress("bench: shards: unsharded audit of \(keys.count) keys × \(locales.count) locales, 1 thread")
        let whole = folder.appendingPathComponent("whole")
        let unsharded = try child(executable, ["audit", config.path, "--output", whole.path, "--format", "json",
                                               "--threads", "1", "--no-progress"], in: folder)
        let wholeJSON = try Data(contentsOf: whole.appendingPathComponent("report.json"))
        var runs: [Run] = []
        for n in shardCounts {
            var walls: [Double] = [], cpus: [Double] = [], parts: [String] = []
            for i in 1...n {
                progress("bench: shards: shard \(i)/\(n)")
                let part = folder.appendingPathComponent("parts-\(n)/part-\(i)").path
                let t = try child(executable, ["audit", config.path, "--shard", "\(i)/\(n)", "--output", part,
                                               "--threads", "1", "--no-progress"], in: folder)
                walls.append(t.wall)
                cpus.append(t.cpu)
                parts.append(part)
            }
            progress("bench: shards: merge of \(n)")
            let merged = folder.appendingPathComponent("merged-\(n)")
            let m = try child(executable, ["merge"] + parts + ["--output", merged.path, "--format", "json"], in: folder)
            let identical = (try? Data(contentsOf: merged.appendingPathComponent("report.json"))) == wholeJSON
            runs.append(Run(shards: n, shardWall: walls, shardCPU: cpus, mergeWall: m.wall, mergeCPU: m.cpu,
                            identical: identical))
        }
        return Figures(keys: keys.count, locales: locales.count, unshardedWall: unsharded.wall,
                       unshardedCPU: unsharded.cpu, runs: runs, loadBefore: loadBefore, loadAfter: load())
    }

    /// Runs `executable arguments` in `folder` (output discarded): wall and CPU seconds. Exit 0 or 1
    /// (findings) is a run; anything else is an error.
    static func child(_ executable: String, _ arguments: [String], in folder: URL) throws -> (wall: Double, cpu: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        let before = WholeAppBenchmark.childUsage().cpu
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard process.terminationStatus <= 1 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey:
                "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)"])
        }
        return (wall, WholeAppBenchmark.childUsage().cpu - before)
    }

    static func load() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
    }

    public static func describe(_ f: Figures) -> String {
        func s(_ x: Double) -> String { String(format: "%.2f s", x) }
        var out = """
        Whole-app audit sharded (\(f.keys) keys × \(f.locales) locales; every run a child typefit on 1 thread, \
        one after another; 1-minute load \(f.loadBefore) before, \(f.loadAfter) after):
          unsharded: wall \(s(f.unshardedWall)), CPU \(s(f.unshardedCPU))

        """
        for r in f.runs {
            let slowest = r.shardWall.max() ?? 0
            out += "  \(r.shards) shards: slowest shard wall \(s(slowest)) (\(String(format: "%.2f×", slowest / f.unshardedWall)) the unsharded), "
                + "shards \(r.shardWall.map(s).joined(separator: ", ")), CPU total \(s(r.shardCPU.reduce(0, +))); "
                + "merge wall \(s(r.mergeWall)), CPU \(s(r.mergeCPU)); slowest shard + merge \(s(slowest + r.mergeWall)); "
                + "report.json \(r.identical ? "identical to" : "DIFFERS from") the unsharded run's\n"
        }
        return out
    }
}
