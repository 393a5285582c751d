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
