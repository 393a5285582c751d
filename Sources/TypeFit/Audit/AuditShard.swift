import Audit
import Foundation
import Reports
import TypeFitSupport

// Sharding: a CI matrix runs `typefit audit --shard I/N` on N machines and `typefit merge` joins
// the parts into the reports the unsharded run writes (report.json byte for byte).
//
// - The share is a set of `AuditUnit`s (one screen in one locale, on every device, orientation and
//   category). A unit is the smallest share whose findings need nothing from another unit: every
//   label, row and screen finding, its rows-visible figures and its once-per-unit findings (those
//   with no device or category) are complete inside it. Units are dealt to shards by estimated cost
//   (`AuditUnit.cost`: characters × layouts), largest first, each to the least loaded shard
//   (longest-processing-time greedy; ties to the earlier unit and the lower shard) — deterministic,
//   and within 4/3 of the best split.
// - A part carries its units' occurrences compactly (a `FindingGrouper`: each string once, each
//   occurrence a few integers and its figures; nothing grouped into `FindingGroup`s), each unit's
//   rows-visible figures and ink ranges, and its smallest snapshots. Everything that spans units is computed
//   once at merge, by the same tail as the unsharded run (`AuditPipeline.finish`): grouping (a group
//   whose categories or locales fall into different shards is one group), the rows-visible series,
//   the style and string checks (from the plan, which the merge loads again from the config and
//   checks against the parts' digest), the font checks (from the ink of every part, which only the
//   merge sees whole), the baseline, the mockups and the report document.

/// A shard of a run: `index` of `count`, 1-based (`--shard 2/4`).
public struct Shard: Codable, Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The most shards of a run: far more than a CI matrix runs (GitHub Actions allows 256 jobs),
    /// and small enough that the per-shard tables of a deal or a merge stay a few kilobytes.
    public static let maxCount = 4096

    /// Parses "I/N" with 1 ≤ I ≤ N ≤ `maxCount`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
        guard problem == nil else { return nil }
    }

    /// What is wrong with the numbers, or nil: a count outside 1…`maxCount` or an index outside 1…count.
    public var problem: String? {
        guard (1...Self.maxCount).contains(count) else {
            return "shard count \(count) is out of range (1…\(Self.maxCount))"
        }
        guard (1...count).contains(index) else { return "shard index \(index) is out of range (1…\(count))" }
        return nil
    }

    public var description: String { "\(index)/\(count)" }

    /// The shard (0-based) each of `costs` goes to: largest cost first (ties: earlier first), each to
    /// the shard with the least total so far (ties: the lower shard).
    public static func assign(costs: [Int], shards: Int) -> [Int] {
        var load = Array(repeating: 0, count: max(1, shards))
        var assignment = Array(repeating: 0, count: costs.count)
        let order = costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        for unit in order {
            let target = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            assignment[unit] = target
            load[target] += costs[unit]
        }
        return assignment
    }
}

/// The partial report a shard writes: self-describing (kind, schema, TypeFit version, config digest,
/// shard) and holding what the merge needs — occurrences and figures, not groups.
public struct AuditPart: Codable, Sendable {
    /// What the file is, so a merge refuses anything else.
    public static let kindName = "typefit-audit-part"
    /// 2: occurrences as a compact `FindingGrouper` (1: one `Finding` object per occurrence).
    public static let currentSchemaVersion = 2
    /// The file a part folder holds.
    public static let fileName = "typefit-part.json"

    public var kind: String
    public var schemaVersion: Int
    public var tool: ToolInfo
    /// The config as the audit was given it (the merge loads it again from there).
    public var config: String
    /// `AuditPlan.digest` of the config the part was audited with.
    public var configDigest: String
    /// The folder the shard ran in (absolute), from which `config` and every path in the part are
    /// shown: the merge shows paths from it too, whatever folder it runs in. Absent in parts of
    /// earlier TypeFit versions.
    public var workingDirectory: String?
    public var shard: Shard
    /// Units of the whole run, and this shard's (indices into the run's unit list).
    public var unitCount: Int
    public var units: [Int]
    /// Estimated cost of this shard's units (`AuditUnit.cost` summed).
    public var cost: Int
    /// `AuditOptions.snapshotLimit` of the run (every part keeps its own smallest snapshots up to it).
    public var snapshotLimit: Int
    var collected: Collected

    /// Writes the part as `directory/typefit-part.json` (folder created; file replaced atomically).
    public func write(to directory: String) throws -> String {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        let file = url.appendingPathComponent(Self.fileName)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Self.encoder.encode(self).write(to: file, options: .atomic)
        } catch {
            throw AuditError.writeFailed(path: file.path, reason: error.localizedDescription)
        }
        return file.path
    }

    /// The largest part read (256 MB): a part of an audit of thousands of screens in a dozen
    /// locales stays far below it, and reading one costs about twice its size in memory.
    public static let maxBytes = 256 << 20
    /// The most units a run's part may name (an app with 10,000 screens in 100 locales).
    public static let maxUnits = 1_000_000

    /// Reads the part at `path` (its folder or the file itself): at most `maxBytes`, then every
    /// number in it range-checked (`problem`) before the merge uses it.
    public static func load(path: String) throws -> AuditPart {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MergeError(path: path, problem: "no such part (a folder written by `typefit audit --shard`)")
        }
        let file = isDirectory.boolValue ? (path as NSString).appendingPathComponent(fileName) : path
        if isDirectory.boolValue, !FileManager.default.fileExists(atPath: file) {
            throw MergeError(path: path, problem: "no \(fileName) in it (not a part written by `typefit audit --shard`)")
        }
        let data: Data
        do {
            data = try BoundedRead.data(atPath: file, limit: maxBytes)
        } catch {
            throw MergeError(path: file, problem: "\(error)")
        }
        return try read(data, file: file)
    }

    /// A part from its bytes (`file` names it in errors): decoded, then its numbers checked.
    public static func read(_ data: Data, file: String) throws -> AuditPart {
        let part = try decode(data, file: file)
        if let problem = part.problem { throw MergeError(path: file, problem: problem) }
        return part
    }

    /// What is wrong with the part's numbers, or nil: the shard, the unit count and units (each
    /// in 0..<unitCount, ascending), the cost and the snapshot limit.
    var problem: String? {
        if let problem = shard.problem { return problem }
        guard (0...Self.maxUnits).contains(unitCount) else { return "unit count \(unitCount) is out of range (0…\(Self.maxUnits))" }
        guard units.count <= unitCount else { return "names \(units.count) units of a run of \(unitCount)" }
        for (i, unit) in units.enumerated() where unit < 0 || unit >= unitCount || (i > 0 && unit <= units[i - 1]) {
            return "unit \(unit) is out of range or order (0…\(unitCount - 1), ascending)"
        }
        guard cost >= 0 else { return "cost \(cost) is negative" }
        guard (0...Int(Int32.max)).contains(snapshotLimit) else { return "snapshot limit \(snapshotLimit) is out of range" }
        return nil
    }

    /// Decodes a part's bytes, saying why when they are not one: not JSON where it stops (cut
    /// short), another kind of file, another schema, or the field that does not decode.
    static func decode(_ data: Data, file: String) throws -> AuditPart {
        struct Header: Decodable {
            var kind: String?
            var schemaVersion: Int?
        }
        // The part is read once; only when it does not decode as this schema's part is it read
        // again for the header, to say why.
        let decodeError: Error
        do {
            let part = try decoder.decode(AuditPart.self, from: data)
            if part.kind == kindName && part.schemaVersion == currentSchemaVersion { return part }
            decodeError = MergeError(path: file, problem: "not a typefit audit part")
        } catch {
            decodeError = error
        }
        if let failure = JSONSyntax.firstError(in: data) {
            let cut = failure.problem.contains("the end of the text")
                ? "; the file stops after \(data.count) bytes: it was cut short (write it again with `typefit audit --shard`)" : ""
            throw MergeError(path: "\(file):\(failure.position)", problem: "not valid JSON: \(failure.problem)\(cut)")
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data), header.kind == kindName else {
            throw MergeError(path: file, problem: "not a typefit audit part")
        }
        guard header.schemaVersion == currentSchemaVersion else {
            throw MergeError(path: file, problem: "part schema \(header.schemaVersion.map(String.init) ?? "?"), this typefit reads \(currentSchemaVersion)")
        }
        throw MergeError(path: file, problem: "unreadable part: \(ReportDecodingError.describe(decodeError))")
    }

    static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                 nan: "nan")
        return e
    }

    static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                   nan: "nan")
        return d
    }
}

/// Why parts cannot be merged: one line naming the part.
public struct MergeError: Error, CustomStringConvertible {
    public var path: String
    public var problem: String
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
    public var description: String { "\(path): \(problem)" }
}

extension AuditPipeline {
    /// This run's units with the shard each goes to in a run of `count` shards (0-based).
    func shardAssignment(count: Int) -> [Int] {
        Shard.assign(costs: units.map(\.cost), shards: count)
    }

    /// Audits the units of `shard` and returns the part to write.
    public func runShard(_ shard: Shard) throws -> AuditPart {
        let all = units
        let assignment = shardAssignment(count: shard.count)
        let mine = all.indices.filter { assignment[$0] == shard.index - 1 }
        let collected = try collect(mine.map { all[$0] }, orders: mine)
        return AuditPart(kind: AuditPart.kindName, schemaVersion: AuditPart.currentSchemaVersion,
                         tool: ToolInfo(version: TypeFitVersion.string),
                         config: options.configDisplayPath ?? plan.config.file, configDigest: plan.digest,
                         workingDirectory: DisplayPathBase.folder ?? FileManager.default.currentDirectoryPath,
                         shard: shard, unitCount: all.count, units: mine,
                         cost: mine.map { all[$0].cost }.reduce(0, +), snapshotLimit: options.snapshotLimit,
                         collected: collected)
    }
}

/// The parts of one sharded run, read and checked against each other, and where their paths are
/// from: the config to load and the folder the shards ran in.
public struct MergeInput: Sendable {
    public var paths: [String]
    public var parts: [AuditPart]
    /// The config file to load, as this process opens it.
    public var configFile: String
    /// The folder (absolute) the parts' paths are relative to: the shards' working folder, or the
    /// folder that holds the config at the path the parts name. Reports show paths from it.
    public var frame: String

    /// The config's own baseline, `typefit-baseline.json` beside it (absolute), which
    /// `typefit audit CONFIG` compares with by default.
    public var defaultBaseline: String {
        let config = Self.absolute(configFile, in: FileManager.default.currentDirectoryPath)
        return ((config as NSString).deletingLastPathComponent as NSString).appendingPathComponent(DefaultAuditTarget.baselineName)
    }

    /// `path` as an absolute, standardized path (relative paths from `folder`).
    static func absolute(_ path: String, in folder: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
    }

    /// Reads and checks the parts at `paths` and finds their config: `configPath` when given, else
    /// the path the parts name — from the current folder, else from the folder the shards ran in.
    public static func read(partPaths paths: [String], configPath: String? = nil) throws -> MergeInput {
        guard !paths.isEmpty else { throw MergeError(path: "merge", problem: "no parts given") }
        let parts = try paths.map { try AuditPart.load(path: $0) }
        let first = parts[0]
        var byShard: [Int: String] = [:]
        for (path, part) in zip(paths, parts) {
            if part.tool.version != first.tool.version {
                throw MergeError(path: path, problem: "written by typefit \(quotedInput(part.tool.version)), \(paths[0]) by \(quotedInput(first.tool.version)) (parts of one run come from one typefit)")
            }
            if part.configDigest != first.configDigest || part.config != first.config {
                throw MergeError(path: path, problem: "audited another config (\(quotedInput(part.config)), digest \(quotedInput(part.configDigest))) than \(paths[0]) (\(quotedInput(first.config)), digest \(quotedInput(first.configDigest))): a part of another run")
            }
            if part.shard.count != first.shard.count {
                throw MergeError(path: path, problem: "shard \(part.shard) of a run in \(part.shard.count) shards, \(paths[0]) is \(first.shard) (a part of another run)")
            }
            if part.snapshotLimit != first.snapshotLimit || part.unitCount != first.unitCount {
                throw MergeError(path: path, problem: "audited with other options (snapshot limit \(part.snapshotLimit), \(part.unitCount) units) than \(paths[0]) (snapshot limit \(first.snapshotLimit), \(first.unitCount) units)")
            }
            if let other = byShard[part.shard.index] {
                throw MergeError(path: path, problem: "shard \(part.shard) given twice (also \(other))")
            }
            byShard[part.shard.index] = path
        }
        // The count is at most Shard.maxCount (checked as each part loaded); the list names at most 10.
        let missing = (1...first.shard.count).filter { byShard[$0] == nil }
        if !missing.isEmpty {
            func list(_ shards: [Int]) -> String {
                shards.prefix(10).map { "\($0)/\(first.shard.count)" }.joined(separator: ", ")
                    + (shards.count > 10 ? " and \(shards.count - 10) more" : "")
            }
            throw MergeError(path: "merge", problem: "shard\(missing.count > 1 ? "s" : "") \(list(missing)) missing (got \(list(byShard.keys.sorted())))")
        }
        let cwd = FileManager.default.currentDirectoryPath
        let fm = FileManager.default
        // The shards' folder, when the parts name one that is here.
        var isFolder: ObjCBool = false
        let recorded = first.workingDirectory.flatMap { folder in
            folder.hasPrefix("/") && fm.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue ? folder : nil
        }
        let named = first.config
        let configFile: String, frame: String
        if let configPath {
            configFile = configPath
            // The folder from which the given config is at the path the parts name.
            let given = absolute(configPath, in: cwd)
            if !named.hasPrefix("/"), given.hasSuffix("/" + named) {
                frame = String(given.dropLast(named.count + 1))
            } else {
                frame = recorded ?? cwd
            }
        } else if named.hasPrefix("/") {
            configFile = named
            frame = recorded ?? cwd
        } else if fm.fileExists(atPath: absolute(named, in: cwd)) {
            configFile = named
            frame = cwd
        } else if let recorded, fm.fileExists(atPath: absolute(named, in: recorded)) {
            configFile = absolute(named, in: recorded)
            frame = recorded
        } else {
            throw MergeError(path: named, problem: "the parts' config is not in the current folder\(recorded.map { " nor in the folder the shards ran in (\($0))" } ?? ""); give it with --config FILE")
        }
        return MergeInput(paths: paths, parts: parts, configFile: configFile, frame: frame == "" ? "/" : frame)
    }
}

/// Reads and checks the parts at `paths` (`MergeInput.read`) and merges them.
public func merge(partPaths paths: [String], configPath: String? = nil,
                  options: AuditOptions = AuditOptions()) throws -> AuditRun {
    try merge(MergeInput.read(partPaths: paths, configPath: configPath), options: options)
}

/// Loads the parts' config and runs the audit's tail over their merged results: the same report
/// the unsharded run writes. Paths are shown from the shards' folder (`input.frame`), so the
/// reports do not depend on the folder the merge runs in. `options.snapshotLimit` and
/// `configDisplayPath` are taken from the parts; `options.baselinePath` is read as given (from the
/// current folder) and shown from the shards' folder.
public func merge(_ input: MergeInput, options: AuditOptions = AuditOptions()) throws -> AuditRun {
    let first = input.parts[0]
    var options = options
    options.configDisplayPath = first.config
    options.snapshotLimit = first.snapshotLimit
    let baseline = options.baselinePath.map { MergeInput.absolute($0, in: FileManager.default.currentDirectoryPath) }
    return try DisplayPathBase.$folder.withValue(input.frame) {
        if let baseline, options.baselineDisplayPath == nil { options.baselineDisplayPath = displayPath(baseline) }
        // The config's positions (a label's source, say) named as the shards named them.
        let plan = try AuditPlan(config: TypeFitConfig.load(path: input.configFile, shownAs: first.config))
        if plan.digest != first.configDigest {
            throw MergeError(path: input.configFile, problem: "changed since the parts were audited (digest \(plan.digest), parts \(first.configDigest)); audit the shards again")
        }
        let pipeline = try AuditPipeline(plan: plan, options: options)
        // The parts must be this run's shares: the same deal of units the shards made.
        let assignment = pipeline.shardAssignment(count: first.shard.count)
        for (path, part) in zip(input.paths, input.parts) {
            let expected = assignment.indices.filter { assignment[$0] == part.shard.index - 1 }
            if part.unitCount != assignment.count || part.units != expected {
                throw MergeError(path: path, problem: "holds other units than shard \(part.shard) of this config (a part of another run)")
            }
        }
        let collected = Collected.merging(input.parts.map(\.collected), snapshotLimit: first.snapshotLimit)
        return try pipeline.finish(collected)
    }
}

extension AuditPlan {
    /// A digest of what the audit reads: the config file, every text the screens show (so the
    /// strings files), and each font's path and size. FNV-1a 64, hex. Parts of one run share it.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for b in bytes {
                hash ^= UInt64(b)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x100_0000_01b3
        }
        // The file itself (its name may be shown from another folder: `TypeFitConfig.load(path:shownAs:)`).
        add(FileManager.default.contents(atPath: config.baseDirectory.appendingPathComponent((config.file as NSString).lastPathComponent).path) ?? Data())
        for screen in screens {
            for row in screen.rows {
                for label in row.labels {
                    for texts in label.texts {
                        for text in texts { add(text.text.utf8) }
                    }
                }
            }
        }
        for font in fonts {
            add(font.displayPath.utf8)
            let size = (try? FileManager.default.attributesOfItem(atPath: font.info.path)[.size] as? Int) ?? -1
            add(String(size).utf8)
        }
        return String(hash, radix: 16)
    }
}
