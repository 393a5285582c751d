import Foundation
import TypeFitSupport

/// What a group of findings is about: one check on one label (screen, row, label, string key,
/// locale and plural/device variant), or on one style or font. Everything of a finding but its
/// device, category, figures and message. Baselines match groups by this key.
public struct GroupKey: Codable, Hashable, Sendable {
    public var checkId: String
    public var screen: String?
    public var row: String?
    public var label: String?
    public var stringKey: String?
    public var locale: String?
    public var variant: String?
    public var style: String?
    public var font: String?
    /// For web content: the CSS selector of the element (`screen` is the web view).
    public var selector: String?

    public init(checkId: String, screen: String? = nil, row: String? = nil, label: String? = nil,
                stringKey: String? = nil, locale: String? = nil, variant: String? = nil, style: String? = nil,
                font: String? = nil, selector: String? = nil) {
        self.checkId = checkId
        self.screen = screen
        self.row = row
        self.label = label
        self.stringKey = stringKey
        self.locale = locale
        self.variant = variant
        self.style = style
        self.font = font
        self.selector = selector
    }

    /// An opaque, stable identifier for tools outside TypeFit (SARIF `partialFingerprints`): the
    /// 64-bit FNV-1a hash, as 16 hex digits, of the fields in order, each written as its UTF-8 length,
    /// ":" and its bytes ("-" when absent), joined by "," — so no field value can imitate a separator.
    public var fingerprint: String {
        // A selector is appended only when there is one, so keys without one keep their fingerprint.
        let text = ([checkId, screen, row, label, stringKey, locale, variant, style, font] + (selector.map { [$0] } ?? []))
            .map { v in v.map { "\($0.utf8.count):\($0)" } ?? "-" }.joined(separator: ",")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What a person calls the subject: "settings.offline (de)", "settings.offline [one] (de)",
    /// "Settings / row / label (de)", a web view's element ("Help / #prices > table"), the style or the font.
    public var subject: String {
        var s: String
        if let stringKey { s = stringKey }
        else if let selector { s = [screen, selector].compactMap { $0 }.joined(separator: " / ") }
        else if let label { s = [screen, row, label].compactMap { $0 }.joined(separator: " / ") }
        else if let row { s = [screen, row].compactMap { $0 }.joined(separator: " / ") }
        else if let screen { s = screen }
        else if let style { s = style + (font.map { " (\($0))" } ?? "") }
        else if let font { s = font }
        else { s = checkId }
        if let variant { s += " " + variant }
        if let locale { s += " (\(locale))" }
        return s
    }

    /// The row and label (or a web view's element), when the key names them: "Settings / offline / title".
    public var place: String {
        [screen, row, label, selector].compactMap { $0 }.joined(separator: " / ")
    }
}

/// Whether a larger value of a figure means a worse problem. Used to find a group's worst figures
/// and to tell whether a group got worse than its baseline.
public enum FigureDirection: Sendable {
    case higherIsWorse, lowerIsWorse, neutral

    /// Needed sizes, lines, overflows and counts are worse when larger; what is available
    /// (width, height, rows visible, growth) is worse when smaller; limits, reference values and
    /// point sizes (maxLines, minimumRows, pointSize: it follows the category, so a group that
    /// spreads to a smaller size would look "worse") have no direction.
    public static func of(_ name: String) -> FigureDirection {
        switch name {
        case "neededWidth", "lines", "height", "contentHeight", "clippedBy", "inkTop", "inkBottom", "inkLeft",
             "inkRight", "inkOverflow", "missingCount", "spread", "inkYMax":
            .higherIsWorse
        case "availableWidth", "availableHeight", "rowsVisible", "fullyVisibleRows", "growth", "inkYMin":
            .lowerIsWorse
        default:
            .neutral
        }
    }

    /// True when `a` is worse than `b` by more than `tolerance`.
    public func isWorse(_ a: Double, than b: Double, tolerance: Double = 0) -> Bool {
        switch self {
        case .higherIsWorse: a > b + tolerance
        case .lowerIsWorse: a < b - tolerance
        case .neutral: false
        }
    }
}

/// Where a group stands against the baseline.
public enum GroupStatus: String, Codable, Sendable, CaseIterable {
    /// Not in the baseline (every group is new without one).
    case new
    /// In the baseline, but it spread to more categories or devices or needs more than it did
    /// (see `FindingGroup.worseIn`). Counts as new: it fails the run.
    case worse
    /// In the baseline and no worse.
    case baselined
}

/// One occurrence of a group: a device and a category, with its figures.
/// Encoded as one flat JSON array: `[device, category, figure…]`, where device and category are
/// indexes into the group's `devices` and `categories` (−1 when the finding has none) and the
/// figures follow the group's `figureNames` (null where this occurrence lacks one).
public struct Occurrence: Codable, Sendable, Equatable, Hashable {
    public var device: Int
    public var category: Int
    public var figures: [Double?]

    public init(device: Int, category: Int, figures: [Double?]) {
        self.device = device
        self.category = category
        self.figures = figures
    }

    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        device = try c.decode(Int.self)
        category = try c.decode(Int.self)
        var values: [Double?] = []
        while !c.isAtEnd { values.append(try c.decodeIfPresent(Double.self)) }
        figures = values
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(device)
        try c.encode(category)
        for v in figures {
            if let v { try c.encode(v) } else { try c.encodeNil() }
        }
    }
}

/// Findings of one check on one subject (`GroupKey`) across devices and categories: the unit a
/// person reads ("settings.offline (de): Text is truncated from xL to AX5 on iPhone SE and
/// iPhone 16; needs 3 lines, has 1"), the unit SARIF, JUnit and annotations report, and the unit
/// a baseline matches.
public struct FindingGroup: Codable, Sendable, Equatable {
    public var key: GroupKey
    /// The highest severity of its occurrences.
    public var severity: Severity
    /// The message of its worst occurrence.
    public var message: String
    /// The measured text of its worst occurrence.
    public var text: String?
    /// Where the text comes from (string file and line).
    public var source: SourceLocation?
    /// The categories it happens at, in `Scope.categories` order.
    public var categories: [String]
    /// The devices it happens on, in `Scope.devices` order.
    public var devices: [String]
    /// Each figure at its worst over the occurrences (`FigureDirection`: the largest needed size,
    /// the smallest available one); figures without a direction are the worst occurrence's.
    public var worst: [String: Double]
    public var status: GroupStatus
    /// For `status == .worse`: what got worse ("categories", "devices", or figure names).
    public var worseIn: [String]?
    /// The names of `Occurrence.figures`, sorted.
    public var figureNames: [String]
    /// Every occurrence, sorted by device, category and figures.
    public var occurrences: [Occurrence]

    public init(key: GroupKey, severity: Severity, message: String, text: String? = nil, source: SourceLocation? = nil,
                categories: [String], devices: [String], worst: [String: Double], status: GroupStatus = .new,
                worseIn: [String]? = nil, figureNames: [String], occurrences: [Occurrence]) {
        self.key = key
        self.severity = severity
        self.message = message
        self.text = text
        self.source = source
        self.categories = categories
        self.devices = devices
        self.worst = worst
        self.status = status
        self.worseIn = worseIn
        self.figureNames = figureNames
        self.occurrences = occurrences
    }

    public var checkId: String { key.checkId }
    /// New or worse than the baseline.
    public var isNew: Bool { status != .baselined }

    /// The occurrences as findings (message and text are the group's).
    public var findings: [Finding] {
        occurrences.map { o in
            var figures: [String: Double] = [:]
            for (name, value) in zip(figureNames, o.figures) { if let value { figures[name] = value } }
            return Finding(checkId: key.checkId, severity: severity, message: message, screen: key.screen, row: key.row,
                           label: key.label, device: devices.indices.contains(o.device) ? devices[o.device] : nil,
                           category: categories.indices.contains(o.category) ? categories[o.category] : nil,
                           locale: key.locale, style: key.style, font: key.font, stringKey: key.stringKey,
                           source: source, figures: figures, text: text, isNew: isNew, variant: key.variant,
                           selector: key.selector)
        }
    }
}

/// A baseline group that no longer occurs: fixed since the baseline was written.
public struct FixedGroup: Codable, Sendable, Equatable {
    public var key: GroupKey
    /// The message the baseline recorded.
    public var message: String
    public init(key: GroupKey, message: String) {
        self.key = key
        self.message = message
    }
}

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
/// Adding is order-independent: `groups(scope:)` sorts everything, so findings from any number of
/// units or threads, in any order, give the same groups. Codable (a shard's part carries one) and
/// mergeable (`merge`: `typefit merge` joins the parts' groupers).
public struct FindingGrouper: Sendable, Codable {
    /// One occurrence as stored: string ids into `strings` (−1: none) and its figures' place in the
    /// bucket's flat figure arrays.
    struct Stored: Sendable, Equatable {
        var device: Int32
        var category: Int32
        var message: Int32
        var text: Int32
        var sourceFile: Int32
        var sourceLine: Int32
        var figureStart: Int32
        var figureCount: Int32
        var severity: Severity
        var isNew: Bool
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

    private var strings = StringTable()
    private var keys: [GroupKey] = []
    private var buckets: [Bucket] = []
    private var index: [GroupKey: Int] = [:]
    public private(set) var occurrenceCount = 0
    /// The scope's categories in order (`Scope.categories`), when known: messages that cannot be
    /// a group's worst are dropped.
    private var categories: [String]?
    private var categoryRanks: [Int32: Int] = [:]

    public init() {}

    /// A grouper that keeps messages only where they can be a group's worst, ranking categories as
    /// `groups(scope:)` will with a scope of these `categories`.
    public init(categories: [String]) {
        setCategories(categories)
    }

    private mutating func setCategories(_ list: [String]) {
        categories = list
        categoryRanks = [:]
        for (i, name) in list.enumerated() {
            let id = strings.id(name)
            if categoryRanks[id] == nil { categoryRanks[id] = i }
        }
    }

    /// (severity rank, category rank) as `group` ranks members (no category −1, unknown last).
    private func rank(_ m: Stored) -> (Int, Int) {
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
            device: strings.id(finding.device), category: strings.id(finding.category),
            message: -1, text: strings.id(finding.text),
            sourceFile: strings.id(finding.source?.file), sourceLine: Int32(clamping: finding.source?.line ?? 0),
            figureStart: start, figureCount: Int32(finding.figures.count), severity: finding.severity,
            isNew: finding.isNew))
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
    /// Groups are built on every core (each from its own occurrences only).
    public func groups(scope: Scope) -> [FindingGroup] {
        let order = ScopeOrder(scope)
        let grouper = self
        // Each string's device and category rank, once (the members name them by id).
        let ranks = Ranks(device: strings.strings.map(order.device), category: strings.strings.map(order.category))
        // The keys are sorted first (they are distinct, so the order is the groups' canonical
        // order) and the groups built in that order: no group is moved after it is built.
        let keyRanks = keys.map(order.ranks)
        let sorted = keys.withUnsafeBufferPointer { k in
            k.indices.sorted { order.precedes(k[$0], keyRanks[$0], k[$1], keyRanks[$1]) }
        }
        return WorkerPool().map(keys.count) { _, n in
            grouper.group(sorted[n], order, ranks)
        }
    }

    /// The scope rank of every string of `strings` as a device and as a category (`ScopeOrder`).
    struct Ranks: Sendable {
        var device: [Int]
        var category: [Int]
    }

    // Coded compactly, for shard parts: the string table and the categories (when known), then per
    // group its key, its members as one flat integer array (8 per member: device, category,
    // message, text, source file, source line, figure count, severity rank × 2 + isNew; the
    // message indexes the group's `messages`, the other strings `strings`) and its figures as
    // (name ids, values).
    enum CodingKeys: String, CodingKey { case strings, categories, groups }
    /// A group as coded. The number lists are coded as strings of space-separated numbers (values
    /// in Swift's shortest round-trip form): a part holds hundreds of thousands of them, and
    /// JSONDecoder decoding them one by one was most of `typefit merge`'s reading.
    struct CodedGroup: Codable {
        var key: GroupKey
        var members: [Int32]
        var messages: [String]
        var names: [Int32]
        var values: [Double]

        enum CodingKeys: String, CodingKey { case key, members, messages, names, values }

        init(key: GroupKey, members: [Int32], messages: [String], names: [Int32], values: [Double]) {
            self.key = key
            self.members = members
            self.messages = messages
            self.names = names
            self.values = values
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            key = try c.decode(GroupKey.self, forKey: .key)
            messages = try c.decode([String].self, forKey: .messages)
            func numbers<T>(_ field: CodingKeys, _ parse: (Substring) -> T?) throws -> [T] {
                let text = try c.decode(String.self, forKey: field)
                return try text.split(separator: " ").map { word in
                    guard let n = parse(word) else {
                        throw DecodingError.dataCorruptedError(forKey: field, in: c, debugDescription: "not a number: \(word)")
                    }
                    return n
                }
            }
            members = try numbers(.members) { Int32($0) }
            names = try numbers(.names) { Int32($0) }
            values = try numbers(.values) { Double($0) }
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(key, forKey: .key)
            try c.encode(messages, forKey: .messages)
            try c.encode(members.map(String.init).joined(separator: " "), forKey: .members)
            try c.encode(names.map(String.init).joined(separator: " "), forKey: .names)
            try c.encode(values.map(\.description).joined(separator: " "), forKey: .values)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        strings = StringTable(try c.decode([String].self, forKey: .strings))
        if let list = try c.decodeIfPresent([String].self, forKey: .categories) { setCategories(list) }
        let coded = try c.decode([CodedGroup].self, forKey: .groups)
        let count = Int32(strings.strings.count)
        func checked(_ id: Int32) throws -> Int32 {
            guard id >= -1 && id < count else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "string id \(id) out of range"))
            }
            return id
        }
        for group in coded {
            guard group.members.count % 8 == 0, group.names.count == group.values.count,
                  index[group.key] == nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "malformed group"))
            }
            var bucket = Bucket(figureNames: try group.names.map(checked), figureValues: group.values,
                                messages: group.messages)
            var start: Int32 = 0
            for i in stride(from: 0, to: group.members.count, by: 8) {
                let f = group.members[i..<i + 8].map { $0 }
                let rank = Int(f[7] >> 1)
                guard let severity = Severity.allCases.first(where: { $0.rank == rank }), f[6] >= 0,
                      Int(start + f[6]) <= bucket.figureNames.count, f[2] >= -1, Int(f[2]) < group.messages.count else {
                    throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "malformed occurrence"))
                }
                bucket.members.append(Stored(device: try checked(f[0]), category: try checked(f[1]),
                                             message: f[2], text: try checked(f[3]),
                                             sourceFile: try checked(f[4]), sourceLine: f[5], figureStart: start,
                                             figureCount: f[6], severity: severity, isNew: f[7] & 1 == 1))
                start += f[6]
            }
            index[group.key] = keys.count
            if categories != nil {
                for m in bucket.members where m.message >= 0 {
                    let r = rank(m)
                    if bucket.top.map({ $0 < r }) ?? true { bucket.top = r }
                }
            }
            keys.append(group.key)
            buckets.append(bucket)
            occurrenceCount += bucket.members.count
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(strings.strings, forKey: .strings)
        try c.encodeIfPresent(categories, forKey: .categories)
        let coded = keys.indices.map { g -> CodedGroup in
            let bucket = buckets[g]
            var members: [Int32] = []
            var names: [Int32] = []
            var values: [Double] = []
            members.reserveCapacity(bucket.members.count * 8)
            for m in bucket.members {
                members += [m.device, m.category, m.message, m.text, m.sourceFile, m.sourceLine, m.figureCount,
                            Int32(m.severity.rank * 2 + (m.isNew ? 1 : 0))]
                names += bucket.figureNames[Int(m.figureStart)..<Int(m.figureStart + m.figureCount)]
                values += bucket.figureValues[Int(m.figureStart)..<Int(m.figureStart + m.figureCount)]
            }
            return CodedGroup(key: keys[g], members: members, messages: bucket.messages, names: names, values: values)
        }
        try c.encode(coded, forKey: .groups)
    }

    /// Group `g` built from its stored members, their strings looked up by id only where a
    /// string decides: equal ids are equal strings, and different ids are compared as `String`s
    /// (canonical equivalence included), so the order does not depend on how strings were interned.
    func group(_ g: Int, _ order: ScopeOrder, _ ranks: Ranks) -> FindingGroup {
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
        let permutation = list.indices.sorted { i, j in
            let a = list[i], b = list[j]
            if deviceRanks[i] != deviceRanks[j] { return deviceRanks[i] < deviceRanks[j] }
            if a.device != b.device, strings[a.device] != strings[b.device] { return (strings[a.device] ?? "") < (strings[b.device] ?? "") }
            if categoryRanks[i] != categoryRanks[j] { return categoryRanks[i] < categoryRanks[j] }
            if a.category != b.category, strings[a.category] != strings[b.category] {
                return (strings[a.category] ?? "") < (strings[b.category] ?? "")
            }
            for (x, y) in zip(values[i], values[j]) where x != y { return (x ?? -.infinity) < (y ?? -.infinity) }
            if a.message != b.message, message(a) != message(b) { return message(a) < message(b) }
            return a.text != b.text && (strings[a.text] ?? "") < (strings[b.text] ?? "")
        }
        let directions = names.map(FigureDirection.of)
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
            return Occurrence(device: device, category: category, figures: values[i])
        }
        return FindingGroup(key: keys[g], severity: list.lazy.map(\.severity).max() ?? worstMember.severity,
                            message: message(worstMember), text: strings[worstMember.text],
                            source: source(worstMember) ?? permutation.lazy.compactMap { source(list[$0]) }.first,
                            categories: categories, devices: devices, worst: worst,
                            status: list.contains(where: \.isNew) ? .new : .baselined,
                            figureNames: names, occurrences: occurrences)
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
        /// Byte equality (not `String`'s canonical equivalence), compared as one block: the
        /// byte-by-byte `utf8.elementsEqual` was 4.5 % of the unit loop's instructions.
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

/// Positions in the scope's lists, for canonical orders: known names in scope order, unknown
/// ones after them by name.
struct ScopeOrder {
    let screens: [String: Int]
    /// Row positions per screen.
    let rows: [String: [String: Int]]
    let categories: [String: Int]
    let devices: [String: Int]
    let locales: [String: Int]

    init(_ scope: Scope) {
        func index(_ list: [String]) -> [String: Int] {
            var d: [String: Int] = [:]
            for (i, v) in list.enumerated() where d[v] == nil { d[v] = i }
            return d
        }
        screens = index(scope.screens)
        rows = scope.rows.mapValues(index)
        categories = index(scope.categories)
        devices = index(scope.devices)
        locales = index(scope.locales)
    }

    func category(_ name: String) -> Int { categories[name] ?? Int.max / 2 }
    func device(_ name: String) -> Int { devices[name] ?? Int.max / 2 }

    // By (rank, name), each name's rank looked up once (not twice per comparison).
    func sortedCategories(_ names: Set<String>) -> [String] {
        names.map { (category($0), $0) }.sorted { $0 < $1 }.map(\.1)
    }
    func sortedDevices(_ names: Set<String>) -> [String] {
        names.map { (device($0), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// Position of an optional name: nil first, then known names in order, then unknown ones.
    static func rank(_ value: String?, _ table: [String: Int]) -> Int {
        guard let value else { return -1 }
        return table[value] ?? Int.max / 2
    }

    /// Canonical group order: screen (project-wide groups first, then config order), row (screen-level
    /// groups first, then layout order), label, string key, locale (scope order), variant, check, style, font.
    func precedes(_ a: GroupKey, _ b: GroupKey) -> Bool {
        precedes(a, ranks(a), b, ranks(b))
    }

    /// The scope positions `precedes` compares for a key: its screen, its row among its screen's
    /// rows, its locale.
    struct KeyRanks: Sendable {
        var screen: Int
        var row: Int
        var locale: Int
    }

    func ranks(_ key: GroupKey) -> KeyRanks {
        KeyRanks(screen: Self.rank(key.screen, screens), row: Self.rank(key.row, key.screen.flatMap { rows[$0] } ?? [:]),
                 locale: Self.rank(key.locale, locales))
    }

    /// `precedes(a, b)` with the keys' ranks looked up already (`ranks(_:)`), for sorting many keys.
    /// (Rows are compared only between keys of one screen, so each key's own screen's rows rank it.)
    func precedes(_ a: GroupKey, _ ranksA: KeyRanks, _ b: GroupKey, _ ranksB: KeyRanks) -> Bool {
        if ranksA.screen != ranksB.screen { return ranksA.screen < ranksB.screen }
        if a.screen != b.screen { return (a.screen ?? "") < (b.screen ?? "") }
        if a.row != b.row {
            if ranksA.row != ranksB.row { return ranksA.row < ranksB.row }
            return (a.row ?? "") < (b.row ?? "")
        }
        if a.label != b.label { return (a.label ?? "") < (b.label ?? "") }
        if a.stringKey != b.stringKey { return (a.stringKey ?? "") < (b.stringKey ?? "") }
        let la = ranksA.locale, lb = ranksB.locale
        if la != lb { return la < lb }
        if a.locale != b.locale { return (a.locale ?? "") < (b.locale ?? "") }
        if a.variant != b.variant { return (a.variant ?? "") < (b.variant ?? "") }
        if a.checkId != b.checkId { return a.checkId < b.checkId }
        if a.style != b.style { return (a.style ?? "") < (b.style ?? "") }
        if a.font != b.font { return (a.font ?? "") < (b.font ?? "") }
        return (a.selector ?? "") < (b.selector ?? "")
    }

    func sorted(_ groups: [FindingGroup]) -> [FindingGroup] {
        groups.sorted { precedes($0.key, $1.key) }
    }
}
