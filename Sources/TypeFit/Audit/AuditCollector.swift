import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport

/// What one unit hands to the collector.
struct UnitOutput: @unchecked Sendable {
    // ScreenSnapshot, ScreenRun and the observations are values; the tuple array is not inferred Sendable.
    var order: Int
    var findings: [Finding] = []
    /// Group keys of the unit's findings that have no category or device.
    var placeless: Set<GroupKey> = []
    var rowsVisible: [ScreenObservation] = []
    var ink: [FontID: UnitObservation.InkRange] = [:]
    var snapshots: [(SnapshotKey, ScreenSnapshot)] = []
    var layouts: [ScreenRun] = []

    init(order: Int) { self.order = order }

    /// What the report needs of the unit besides its findings (the collector groups those, and
    /// keeps the snapshots).
    var record: UnitRecord {
        UnitRecord(order: order, rowsVisible: rowsVisible,
                   ink: ink.sorted { $0.key < $1.key }.map { InkRecord(font: $0.key.index, yMin: $0.value.yMin, yMax: $0.value.yMax) })
    }
}

/// The results of one unit the report is made from besides its findings: its rows-visible
/// figures and ink. Codable: a shard writes them to its part file and `typefit merge` reads them back.
struct UnitRecord: Codable, Sendable {
    /// The unit's place in the run's unit list (plan order).
    var order: Int
    var rowsVisible: [ScreenObservation]
    var ink: [InkRecord]
}

/// The ink of a unit's texts measured with one font (`FontID.index`).
struct InkRecord: Codable, Sendable {
    var font: Int
    var yMin: Double
    var yMax: Double
}

/// Everything kept from a run's units, in plan order: one run's, or the parts of a sharded run
/// merged (`merging`), which gives the same value as the unsharded run.
struct Collected: Codable, Sendable {
    var units: [UnitRecord]
    /// Every occurrence of the units, compactly (grouped, strings interned).
    var grouper: FindingGrouper
    /// The snapshots kept, smallest keys first, at most the snapshot limit.
    var snapshots: [KeyedSnapshot]
    /// Snapshots that wanted a place (kept or not).
    var candidates: Int
    /// Screen layouts (`typefit layout`); not part of a shard's part.
    var layouts: [ScreenRun] = []

    enum CodingKeys: String, CodingKey { case units, grouper, snapshots, candidates }

    var rowsVisible: [ScreenObservation] { units.flatMap(\.rowsVisible) }
    var snapshotsLeftOut: Int { max(0, candidates - snapshots.count) }
    var ink: [FontID: UnitObservation.InkRange] {
        var ink: [FontID: UnitObservation.InkRange] = [:]
        for unit in units {
            for r in unit.ink {
                let range = UnitObservation.InkRange(yMin: r.yMin, yMax: r.yMax)
                ink[FontID(r.font)] = ink[FontID(r.font)].map { $0.union(range) } ?? range
            }
        }
        return ink
    }

    /// `parts` as one: units in plan order, the `snapshotLimit` smallest snapshots of all (each
    /// part kept its own smallest, so these are the run's), candidates added up.
    static func merging(_ parts: [Collected], snapshotLimit: Int) -> Collected {
        var snapshots = parts.flatMap(\.snapshots).sorted { $0.key < $1.key }
        if snapshots.count > max(0, snapshotLimit) { snapshots.removeLast(snapshots.count - max(0, snapshotLimit)) }
        var grouper = FindingGrouper()
        for part in parts { grouper.merge(part.grouper) }
        return Collected(units: parts.flatMap(\.units).sorted { $0.order < $1.order }, grouper: grouper,
                         snapshots: snapshots, candidates: parts.map(\.candidates).reduce(0, +))
    }
}

/// Hands out unit indices to worker threads.
final class UnitScheduler: @unchecked Sendable {
    /// Each worker's own units, in plan order, front first; a worker that has run out takes from
    /// the back of the longest other queue.
    private var queues: [ArraySlice<Int>]
    private let lock = NSLock()

    /// Locale affinity: each worker gets whole locales (greedily, the costliest locale first to
    /// the least loaded worker), so the words of a locale are shaped, measured and laid out in
    /// one worker's caches rather than in every worker's. Which worker runs a unit never changes
    /// what the unit gives (tests compare 1 and 2 threads).
    init(_ units: [AuditUnit], workers: Int) {
        let workers = max(1, workers)
        var costByLocale: [Int: Int] = [:]
        for unit in units { costByLocale[unit.locale, default: 0] += unit.cost }
        var load = Array(repeating: 0, count: workers)
        var workerOfLocale: [Int: Int] = [:]
        for (locale, cost) in costByLocale.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let w = load.indices.min(by: { (load[$0], $0) < (load[$1], $1) }) ?? 0
            workerOfLocale[locale] = w
            load[w] += cost
        }
        var queues = Array(repeating: [Int](), count: workers)
        for (i, unit) in units.enumerated() { queues[workerOfLocale[unit.locale] ?? 0].append(i) }
        self.queues = queues.map { $0[...] }
    }

    func take(worker: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if queues.indices.contains(worker), let index = queues[worker].popFirst() { return index }
        guard let victim = queues.indices.max(by: { queues[$0].count < queues[$1].count }),
              let index = queues[victim].popLast() else { return nil }
        return index
    }
}

/// Gathers unit outputs from worker threads behind a lock, keeping at most `snapshotLimit`
/// snapshots (the smallest keys, so the set does not depend on thread timing).
final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private let snapshotLimit: Int
    private let only: Set<SnapshotPlace>?
    private var records: [UnitRecord] = []
    private var grouper: FindingGrouper
    private var layouts: [(Int, [ScreenRun])] = []
    private var snapshots: [(SnapshotKey, ScreenSnapshot)] = []
    private var candidates = 0
    private var error: (any Error)?
    private var done = 0
    private let total: Int
    private let progress: (@Sendable (Int, Int) -> Void)?

    /// `categories`: the run's, in scope order (the grouper keeps only messages that can be a group's worst).
    /// `only`: keep the snapshots of these places alone.
    init(snapshotLimit: Int, categories: [String], total: Int, progress: (@Sendable (Int, Int) -> Void)?,
         only: Set<SnapshotPlace>? = nil) {
        self.snapshotLimit = max(0, snapshotLimit)
        self.only = only
        grouper = FindingGrouper(categories: categories)
        self.total = total
        self.progress = progress
    }

    /// Whether a snapshot with `key` could still be kept (so a unit need not build it otherwise).
    func wouldKeep(_ key: SnapshotKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let only, !only.contains(key.place) { return false }
        candidates += 1
        guard snapshotLimit > 0 else { return false }
        guard snapshots.count >= snapshotLimit, let worst = snapshots.last?.0 else { return true }
        return key < worst
    }

    func add(_ output: UnitOutput) {
        lock.lock()
        defer { lock.unlock() }
        var output = output
        if !output.snapshots.isEmpty {
            // Kept sorted: each new snapshot goes in at its place; the largest keys fall off the end.
            for item in output.snapshots {
                var low = 0, high = snapshots.count
                while low < high {
                    let mid = (low + high) / 2
                    if snapshots[mid].0 < item.0 { low = mid + 1 } else { high = mid }
                }
                if low < snapshotLimit { snapshots.insert(item, at: low) }
                if snapshots.count > snapshotLimit { snapshots.removeLast() }
            }
            output.snapshots = []
        }
        grouper.add(output.findings)
        records.append(output.record)
        if !output.layouts.isEmpty { layouts.append((output.order, output.layouts)) }
    }

    func fail(_ e: any Error) {
        lock.lock()
        if error == nil { error = e }
        lock.unlock()
    }

    /// Counts one laid-out screen and reports progress (serialised, so the bar never goes back).
    func tick() {
        lock.lock()
        done += 1
        progress?(done, total)
        lock.unlock()
    }

    func result() throws -> Collected {
        lock.lock()
        defer { lock.unlock() }
        if let error { throw error }
        return Collected(units: records.sorted { $0.order < $1.order }, grouper: grouper,
                         snapshots: snapshots.map { KeyedSnapshot(key: $0.0, snapshot: $0.1) }, candidates: candidates,
                         layouts: layouts.sorted { $0.0 < $1.0 }.flatMap(\.1))
    }
}
