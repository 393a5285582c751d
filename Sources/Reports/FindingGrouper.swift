import Foundation
import TypeFitSupport

/// Collects findings into groups, compactly: a finding is stored as its group's index and the
/// small part that varies per occurrence (device, category, severity, figures), with the strings
/// it carries (device and category names, text, source file, figure names) interned once in a
/// `StringTable`. The pipeline adds every occurrence of a run here as its units finish, so memory
/// grows with distinct strings and groups, not with copies of `Finding`s.
///
/// Messages (one sentence per occurrence, nearly all different) are kept only for the occurrences
/// that can still become the group's worst, when the grouper knows the scope's categories
/// (`init(categories:)`): the worst is always among the occurrences of highest severity, then
/// highest category (`group`'s `isWorse` compares those first, and a member below them never
/// replaces one of them), so the others' messages are dropped as they arrive; the groups are the
/// same as with every message kept.
///
/// Adding is order-independent: `groups(scope:checks:)` sorts everything, so findings from any number of
/// units or threads, in any order, give the same groups. Codable (a shard's part carries one) and
/// mergeable (`merge`: `typefit merge` joins the parts' groupers).
public struct FindingGrouper: Sendable {
    /// One occurrence as stored: string ids into `strings` (−1: none) and its figures' place in the
    /// bucket's flat figure arrays.
    struct Stored: Sendable, Equatable {
        var device: Int32
        var category: Int32
        /// The locale, for a group keyed without one (`Finding.literalText`); −1 otherwise.
        var locale: Int32 = -1
        var message: Int32
        var text: Int32
        var sourceFile: Int32
        var sourceLine: Int32
        var figureStart: Int32
        var figureCount: Int32
        var severity: Severity
        var isNew: Bool
        var certainty: Certainty
    }

    /// The occurrences of one group: members, their figures as parallel (name id, value) arrays,
    /// and the messages kept (`Stored.message` indexes `messages`; −1: dropped).
    struct Bucket: Sendable {
        var members: [Stored] = []
        var figureNames: [Int32] = []
        var figureValues: [Double] = []
        var messages: [String] = []
        /// (severity rank, category rank) of the members whose messages are kept: the highest so far.
        var top: (Int, Int)?
    }

    var strings = StringTable()
    var keys: [GroupKey] = []
    var buckets: [Bucket] = []
    var index: [GroupKey: Int] = [:]
    public internal(set) var occurrenceCount = 0
    /// The scope's categories in order (`Scope.categories`), when known: messages that cannot be
    /// a group's worst are dropped.
    var categories: [String]?
    var categoryRanks: [Int32: Int] = [:]

    public init() {}

    /// A grouper that keeps messages only where they can be a group's worst, ranking categories as
    /// `groups(scope:checks:)` will with a scope of these `categories`.
    public init(categories: [String]) {
        setCategories(categories)
    }

    mutating func setCategories(_ list: [String]) {
        categories = list
        categoryRanks = [:]
        for (i, name) in list.enumerated() {
            let id = strings.id(name)
            if categoryRanks[id] == nil { categoryRanks[id] = i }
        }
    }

    /// (severity rank, category rank) as `group` ranks members (no category −1, unknown last).
    func rank(_ m: Stored) -> (Int, Int) {
        (m.severity.rank, m.category < 0 ? -1 : categoryRanks[m.category] ?? Int.max / 2)
    }

    /// Keeps `message` for member `i` of bucket `g` if it can be the worst, dropping those it outranks.
    private mutating func keep(_ message: String, member i: Int, in g: Int) {
        guard categories != nil else {
            buckets[g].members[i].message = Int32(buckets[g].messages.count)
            buckets[g].messages.append(message)
            return
        }
        let r = rank(buckets[g].members[i])
        if let top = buckets[g].top, r < top {
            buckets[g].members[i].message = -1
            return
        }
        if let top = buckets[g].top, r == top {
            buckets[g].members[i].message = Int32(buckets[g].messages.count)
            buckets[g].messages.append(message)
            return
        }
        // A new highest rank: every message kept so far is outranked.
        for j in buckets[g].members.indices { buckets[g].members[j].message = -1 }
        buckets[g].messages = [message]
        buckets[g].members[i].message = 0
        buckets[g].top = r
    }

    public var isEmpty: Bool { keys.isEmpty }
    /// Groups collected so far.
    public var groupCount: Int { keys.count }

    /// The bucket of `key`, made when the key is new.
    private mutating func bucket(for key: GroupKey) -> Int {
        if let known = index[key] { return known }
        index[key] = keys.count
        keys.append(key)
        buckets.append(Bucket())
        return keys.count - 1
    }

    public mutating func add(_ finding: Finding) {
        let g = bucket(for: finding.groupKey)
        let start = Int32(buckets[g].figureNames.count)
        for (name, value) in finding.figures {
            buckets[g].figureNames.append(strings.id(name))
            buckets[g].figureValues.append(Finding.round(value))
        }
        buckets[g].members.append(Stored(
            device: strings.id(finding.device), category: strings.id(finding.category?.uikitName),
            locale: finding.literalText ? strings.id(finding.locale) : -1, message: -1, text: strings.id(finding.text),
            sourceFile: strings.id(finding.source?.file), sourceLine: Int32(clamping: finding.source?.line ?? 0),
            figureStart: start, figureCount: Int32(finding.figures.count), severity: finding.severity,
            isNew: finding.isNew, certainty: finding.certainty))
        keep(finding.message, member: buckets[g].members.count - 1, in: g)
        occurrenceCount += 1
    }

    public mutating func add<S: Sequence>(_ findings: S) where S.Element == Finding {
        for f in findings { add(f) }
    }

    /// Adds every finding another grouper collected (e.g. another thread's, or a shard's part).
    public mutating func merge(_ other: FindingGrouper) {
        if categories == nil, let list = other.categories { setCategories(list) }
        let map = other.strings.strings.map { strings.id($0) }
        func id(_ i: Int32) -> Int32 { i < 0 ? -1 : map[Int(i)] }
        for (k, key) in other.keys.enumerated() {
            let g = bucket(for: key)
            let source = other.buckets[k]
            let offset = Int32(buckets[g].figureNames.count)
            buckets[g].figureNames += source.figureNames.map(id)
            buckets[g].figureValues += source.figureValues
            for m in source.members {
                var m = m
                m.device = id(m.device)
                m.category = id(m.category)
                m.locale = id(m.locale)
                m.text = id(m.text)
                m.sourceFile = id(m.sourceFile)
                m.figureStart += offset
                let message = m.message >= 0 ? source.messages[Int(m.message)] : nil
                m.message = -1
                buckets[g].members.append(m)
                // A message the other grouper dropped was outranked there, so it is here too.
                if let message { keep(message, member: buckets[g].members.count - 1, in: g) }
            }
        }
        occurrenceCount += other.occurrenceCount
    }

    /// The groups, in canonical order (`ReportDocument.normalized()`). A group is `.new` when any
    /// of its findings is new, else `.baselined`; apply a baseline to change that. Each group's
    /// occurrences get their strings back only while that group is built.
    /// Groups are built on every core (each from its own occurrences only). Each group's worst
    /// figures follow the directions its check declares in `checks` (none declared: neutral).
    public func groups(scope: Scope, checks: [CheckDescriptor]) -> [FindingGroup] {
        var byID: [String: CheckDescriptor] = [:]
        for check in checks where byID[check.id] == nil { byID[check.id] = check }
        let declared = byID
        let order = ScopeOrder(scope)
        let grouper = self
        // Each string's device and category rank, once (the members name them by id).
        let ranks = Ranks(device: strings.strings.map(order.device), category: strings.strings.map(order.category),
                          locale: strings.strings.map { ScopeOrder.rank($0, order.locales) })
        // The keys are sorted first (they are distinct, so the order is the groups' canonical
        // order) and the groups built in that order: no group is moved after it is built.
        let keyRanks = keys.map(order.ranks)
        let sorted = keys.withUnsafeBufferPointer { k in
            k.indices.sorted { order.precedes(k[$0], keyRanks[$0], k[$1], keyRanks[$1]) }
        }
        return WorkerPool().map(keys.count) { _, n in
            grouper.group(sorted[n], order, ranks, declared[grouper.keys[sorted[n]].checkId])
        }
    }

    /// The scope rank of every string of `strings` as a device and as a category (`ScopeOrder`).
    struct Ranks: Sendable {
        var device: [Int]
        var category: [Int]
        var locale: [Int]
    }

    /// Group `g` built from its stored members, their strings looked up by id only where a
    /// string decides: equal ids are equal strings, and different ids are compared as `String`s
    /// (canonical equivalence included), so the order does not depend on how strings were interned.
    func group(_ g: Int, _ order: ScopeOrder, _ ranks: Ranks, _ check: CheckDescriptor?) -> FindingGroup {
        let bucket = buckets[g]
        let list = bucket.members
        // Figure names: distinct as strings, sorted; each name id's column.
        let nameIds = Array(Set(bucket.figureNames))
        let names = Array(Set(nameIds.map { strings[$0] ?? "" })).sorted()
        var column: [Int32: Int] = [:]
        for id in nameIds { column[id] = names.firstIndex(of: strings[id] ?? "") }
        // Each member's figures in `names` order (nil where it lacks one; a name given twice keeps
        // the last value), looked up once: the sort, the worst figures and the occurrences read these.
        let values = list.map { m -> [Double?] in
            var row = [Double?](repeating: nil, count: names.count)
            for f in Int(m.figureStart)..<Int(m.figureStart + m.figureCount) {
                if let c = column[bucket.figureNames[f]] { row[c] = bucket.figureValues[f] }
            }
            return row
        }
        func message(_ m: Stored) -> String { m.message >= 0 ? bucket.messages[Int(m.message)] : "" }
        func source(_ m: Stored) -> SourceLocation? { strings[m.sourceFile].map { SourceLocation(file: $0, line: Int(m.sourceLine)) } }
        // Canonical member order: device, category, figures, message, text. The ranks are looked
        // up once per member (not twice per comparison); the indices are sorted by the same rule.
        let deviceRanks = list.map { $0.device < 0 ? -1 : ranks.device[Int($0.device)] }
        let categoryRanks = list.map { $0.category < 0 ? -1 : ranks.category[Int($0.category)] }
        let localeRanks = list.map { $0.locale < 0 ? -1 : ranks.locale[Int($0.locale)] }
        let permutation = list.indices.sorted { i, j in
            let a = list[i], b = list[j]
            if deviceRanks[i] != deviceRanks[j] { return deviceRanks[i] < deviceRanks[j] }
            if a.device != b.device, strings[a.device] != strings[b.device] { return (strings[a.device] ?? "") < (strings[b.device] ?? "") }
            if categoryRanks[i] != categoryRanks[j] { return categoryRanks[i] < categoryRanks[j] }
            if a.category != b.category, strings[a.category] != strings[b.category] {
                return (strings[a.category] ?? "") < (strings[b.category] ?? "")
            }
            if localeRanks[i] != localeRanks[j] { return localeRanks[i] < localeRanks[j] }
            if a.locale != b.locale, strings[a.locale] != strings[b.locale] { return (strings[a.locale] ?? "") < (strings[b.locale] ?? "") }
            for (x, y) in zip(values[i], values[j]) where x != y { return (x ?? -.infinity) < (y ?? -.infinity) }
            if a.message != b.message, message(a) != message(b) { return message(a) < message(b) }
            return a.text != b.text && (strings[a.text] ?? "") < (strings[b.text] ?? "")
        }
        let directions = names.map { check?.direction(of: $0) ?? .neutral }
        // The worst member: highest severity, then largest category, then worse figures.
        func isWorse(_ i: Int, _ j: Int) -> Bool {
            let a = permutation[i], b = permutation[j]
            if list[a].severity != list[b].severity { return list[a].severity > list[b].severity }
            if categoryRanks[a] != categoryRanks[b] { return categoryRanks[a] > categoryRanks[b] }
            for k in names.indices {
                guard let x = values[a][k], let y = values[b][k] else { continue }
                if directions[k].isWorse(x, than: y) { return true }
                if directions[k].isWorse(y, than: x) { return false }
            }
            return false
        }
        var worstIndex = 0
        for i in permutation.indices.dropFirst() where isWorse(i, worstIndex) { worstIndex = i }
        let worstMember = list[permutation[worstIndex]]
        var worst: [String: Double] = [:]
        for (k, n) in names.enumerated() {
            let column = permutation.lazy.compactMap { values[$0][k] }
            switch directions[k] {
            case .higherIsWorse: worst[n] = column.max()
            case .lowerIsWorse: worst[n] = column.min()
            case .neutral: worst[n] = values[permutation[worstIndex]][k] ?? column.first
            }
        }
        let devices = order.sortedDevices(Set(Set(list.map(\.device)).compactMap { strings[$0] }))
        let categories = order.sortedCategories(Set(Set(list.map(\.category)).compactMap { strings[$0] }))
        let deviceIndex = Dictionary(uniqueKeysWithValues: devices.enumerated().map { ($1, $0) })
        let categoryIndex = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($1, $0) })
        // The locales of a group keyed without one, in scope order.
        let localeIds = Set(list.map(\.locale)).filter { $0 >= 0 }
        let locales = Array(Set(localeIds.compactMap { strings[$0] }))
            .sorted { (ScopeOrder.rank($0, order.locales), $0) < (ScopeOrder.rank($1, order.locales), $1) }
        let localeById = Dictionary(uniqueKeysWithValues: localeIds.map { id in (id, strings[id].flatMap(locales.firstIndex) ?? -1) })
        // Positions by id (an id's string is one of the sorted names).
        var deviceById: [Int32: Int] = [:], categoryById: [Int32: Int] = [:]
        let occurrences = permutation.map { i in
            let m = list[i]
            let device = m.device < 0 ? -1 : deviceById[m.device] ?? {
                let d = strings[m.device].flatMap { deviceIndex[$0] } ?? -1
                deviceById[m.device] = d
                return d
            }()
            let category = m.category < 0 ? -1 : categoryById[m.category] ?? {
                let c = strings[m.category].flatMap { categoryIndex[$0] } ?? -1
                categoryById[m.category] = c
                return c
            }()
            return Occurrence(device: device, category: category, figures: values[i],
                              locale: m.locale < 0 ? -1 : localeById[m.locale] ?? -1)
        }
        return FindingGroup(key: keys[g], severity: list.lazy.map(\.severity).max() ?? worstMember.severity,
                            message: message(worstMember), text: strings[worstMember.text],
                            source: source(worstMember) ?? permutation.lazy.compactMap { source(list[$0]) }.first,
                            categories: categories, devices: devices, worst: worst,
                            status: list.contains(where: \.isNew) ? .new : .baselined,
                            figureNames: names, occurrences: occurrences,
                            certainty: Self.certainty(list.lazy.map(\.certainty)),
                            locales: locales.isEmpty ? nil : locales)
    }
}

extension FindingGrouper {
    /// A group's certainty from its occurrences': measured when any is (that occurrence rests on
    /// known facts); else unverified when any is (it keeps the check's severity); else estimated
    /// when any is — an estimate says more than a font's band — or at risk.
    static func certainty(_ members: some Sequence<Certainty>) -> Certainty {
        var estimated = false, unverified = false
        for c in members {
            switch c {
            case .measured: return .measured
            case .unverified: unverified = true
            case .estimated: estimated = true
            case .atRisk: break
            }
        }
        return unverified ? .unverified : estimated ? .estimated : .atRisk
    }
}

/// Strings stored once, by id (`id(_:)` interns; nil is −1). Strings are told apart by their
/// UTF-8 bytes, not by `String` equality: two canonically equivalent texts stay as they were
/// written (and which one a report shows does not depend on which thread added it first), and
/// hashing bytes skips Unicode normalization.
struct StringTable: Sendable {
    private(set) var strings: [String] = []
    private var ids: [Bytes: Int32] = [:]

    struct Bytes: Hashable, Sendable {
        var string: String
        /// Byte equality (not `String`'s canonical equivalence), compared as one block (`memcmp`),
        /// not byte by byte.
        static func == (a: Bytes, b: Bytes) -> Bool {
            var x = a.string, y = b.string
            return x.withUTF8 { p in
                y.withUTF8 { q in p.count == q.count && (p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
            }
        }
        func hash(into hasher: inout Hasher) {
            var s = string
            s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    init() {}

    init(_ strings: [String]) {
        self.strings = strings
        for (i, s) in strings.enumerated() where ids[Bytes(string: s)] == nil { ids[Bytes(string: s)] = Int32(i) }
    }

    mutating func id(_ string: String?) -> Int32 {
        guard let string else { return -1 }
        let key = Bytes(string: string)
        if let known = ids[key] { return known }
        let id = Int32(strings.count)
        strings.append(string)
        ids[key] = id
        return id
    }

    subscript(id: Int32) -> String? { id < 0 ? nil : strings[Int(id)] }
}
