import Foundation
import TestSupport
import Testing
import TypeFit

/// The deal of units to shards (`Shard.assign`) and `--shard I/N` parsing.
@Suite("Shards")
struct ShardTests {
    /// Longest processing time first, by hand: costs 5, 7, 3, 3, 2 into 2 shards.
    /// 7 (unit 1) → shard 0 (loads 7, 0); 5 (unit 0) → shard 1 (7, 5); 3 (unit 2) → shard 1 (7, 8);
    /// 3 (unit 3) → shard 0 (10, 8); 2 (unit 4) → shard 1 (10, 10).
    @Test func greedyLongestFirst() {
        #expect(Shard.assign(costs: [5, 7, 3, 3, 2], shards: 2) == [1, 0, 1, 0, 1])
    }

    /// Equal costs go round the shards in unit order (ties: earlier unit, lower shard).
    @Test func tiesAreDeterministic() {
        #expect(Shard.assign(costs: [4, 4, 4, 4, 4], shards: 3) == [0, 1, 2, 0, 1])
        #expect(Shard.assign(costs: [1, 2], shards: 4) == [1, 0], "more shards than units: the rest are empty")
        #expect(Shard.assign(costs: [], shards: 2) == [])
    }

    /// The bundled example's units: the deal's loads differ by at most the largest unit's cost
    /// (the LPT bound), and every unit goes to one shard.
    @Test func bundledExampleIsBalanced() throws {
        let root = Repository.root
        let plan = try AuditPlan.load(path: root.appendingPathComponent("Examples/Wayfell/typefit.yml").path)
        let costs = plan.units().map(\.cost)
        for n in [2, 3, 4] {
            let assignment = Shard.assign(costs: costs, shards: n)
            var loads = Array(repeating: 0, count: n)
            for (unit, shard) in assignment.enumerated() { loads[shard] += costs[unit] }
            #expect(loads.reduce(0, +) == costs.reduce(0, +))
            #expect(loads.max()! - loads.min()! <= costs.max()!, "\(n) shards: \(loads)")
        }
    }

    @Test func parsing() {
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "1/1") == Shard(index: 1, count: 1))
        for bad in ["0/2", "3/2", "2", "a/b", "1/0", "-1/2", "1/2/3", ""] {
            #expect(Shard(parsing: bad) == nil, "\(bad)")
        }
    }
}
