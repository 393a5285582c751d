import DynamicType
import Foundation

extension Finding {
    /// Rounds a figure to 3 decimals (half away from zero), so reports are byte-identical across
    /// runs and platforms. Non-finite values and −0 become 0.
    public static func round(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let r = (value * 1000).rounded(.toNearestOrAwayFromZero) / 1000
        return r == 0 ? 0 : r
    }
}

/// A report could not be read: one line naming the source and the problem.
public struct ReportDecodingError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// A decoding error on one line: the key path and what is wrong (never Foundation's dump).
    public static func describe(_ error: Error) -> String { ReportDocument.oneLine(error) }
}

extension ReportDocument {
    /// The document in its canonical order, with every measured number rounded by `Finding.round(_:)`.
    /// This is the one normalizer: the audit, `merge` and every reporter use it.
    ///
    /// - Groups: two groups with the same key are merged; a group's devices and categories are in
    ///   scope order, its occurrences by (device, category, figures); groups by screen (project-wide
    ///   groups first, then `scope.screens` order), row, label, string key, locale (scope order),
    ///   variant, check, style, font.
    /// - Fixed groups the same way; rows-visible series by screen, device, locale; screens by screen,
    ///   device, category and locale in scope order, rows and labels in layout order, and a label's
    ///   `hasFindings` set when an occurrence names its screen, row, label, device, category and locale.
    /// - Checks and fonts by id.
    ///
    /// Every reporter normalizes what it is given, so a document is often normalized again: groups
    /// already canonical (checked in one pass, `isCanonical`) are kept as they are.
    public func normalized() -> ReportDocument {
        normalized(groupsAreCanonical: false)
    }

    /// `normalized()`, told that `groups` already are canonical (they are not checked again).
    func normalized(groupsAreCanonical: Bool) -> ReportDocument {
        var doc = self
        let order = ScopeOrder(scope)
        if !groupsAreCanonical && !Self.areCanonical(groups, order) {
            var byKey: [GroupKey: [FindingGroup]] = [:]
            for g in groups { byKey[g.key, default: []].append(g) }
            let merged = byKey.values.map { list -> FindingGroup in
                if list.count == 1 { return Self.normalized(list[0], order) }
                var grouper = FindingGrouper()
                for g in list { grouper.add(g.findings) }
                var g = grouper.groups(scope: scope, checks: checks)[0]
                let statuses = list.map(\.status)
                g.status = statuses.contains(.new) ? .new : (statuses.contains(.worse) ? .worse : .baselined)
                let reasons = Set(list.compactMap(\.worseIn).joined())
                g.worseIn = g.status == .worse ? reasons.sorted() : nil
                return g
            }
            doc.groups = order.sorted(merged)
        }
        doc.fixed = fixed.sorted { order.precedes($0.key, $1.key) }
        let screenRank = { (s: String) in ScopeOrder.rank(s, order.screens) }
        let localeRank = { (s: String) in ScopeOrder.rank(s, order.locales) }
        doc.rowsVisible = rowsVisible.map { series in
            var series = series
            series.values = series.values.map { $0.map(Finding.round) }
            return series
        }.sorted { a, b in
            let ka = (screenRank(a.screen), order.device(a.device), localeRank(a.locale))
            let kb = (screenRank(b.screen), order.device(b.device), localeRank(b.locale))
            if ka != kb { return ka < kb }
            return (a.screen, a.device, a.locale) < (b.screen, b.device, b.locale)
        }
        struct Place: Hashable { var screen, row, label, device, category, locale: String }
        struct Drawn: Hashable { var screen, locale: String }
        // Only the occurrences on a screen and locale drawn here can flag a label.
        let drawn = Set(screens.map { Drawn(screen: $0.screen, locale: $0.locale) })
        var flagged = Set<Place>()
        doc.groups.withUnsafeBufferPointer { groups in
            for g in groups.indices {
                let key = groups[g].key
                guard let screen = key.screen, let row = key.row, let label = key.label else { continue }
                let devices = groups[g].devices, categories = groups[g].categories
                for o in groups[g].occurrences where devices.indices.contains(o.device) && categories.indices.contains(o.category) {
                    // A literal text's group names each occurrence's locale.
                    guard let locale = groups[g].locale(of: o), drawn.contains(Drawn(screen: screen, locale: locale))
                    else { continue }
                    flagged.insert(Place(screen: screen, row: row, label: label, device: devices[o.device],
                                         category: categories[o.category], locale: locale))
                }
            }
        }
        doc.screens = screens.map { snapshot in
            var s = snapshot.rounded()
            for r in s.rows.indices {
                for l in s.rows[r].labels.indices {
                    let place = Place(screen: s.screen, row: s.rows[r].name, label: s.rows[r].labels[l].name,
                                      device: s.device, category: s.category, locale: s.locale)
                    if flagged.contains(place) { s.rows[r].labels[l].hasFindings = true }
                }
            }
            return s
        }.sorted { a, b in
            let ka = (screenRank(a.screen), order.device(a.device), order.category(a.category), localeRank(a.locale))
            let kb = (screenRank(b.screen), order.device(b.device), order.category(b.category), localeRank(b.locale))
            if ka != kb { return ka < kb }
            return (a.screen, a.device, a.category, a.locale) < (b.screen, b.device, b.category, b.locale)
        }
        doc.checks = checks.sorted { $0.id < $1.id }
        doc.fonts = fonts.sorted { $0.id < $1.id }
        return doc
    }

    /// True when `groups` are what normalizing them gives: in canonical order, no two with one key,
    /// each canonical. One pass, nothing allocated.
    static func areCanonical(_ groups: [FindingGroup], _ order: ScopeOrder) -> Bool {
        // Read in place through the buffer: indexing the array copied each group.
        groups.withUnsafeBufferPointer { groups in
            for i in groups.indices {
                if i > 0 && (groups[i - 1].key == groups[i].key || !order.precedes(groups[i - 1].key, groups[i].key)) {
                    return false
                }
                if !isCanonical(groups.baseAddress! + i, order) { return false }
            }
            return true
        }
    }

    /// True when `normalized(group.pointee, order)` would return it unchanged.
    static func isCanonical(_ group: UnsafePointer<FindingGroup>, _ order: ScopeOrder) -> Bool {
        // Read through the pointer: the group is not copied (a copy retains all its strings and arrays).
        let devices = group.pointee.devices, categories = group.pointee.categories, figureNames = group.pointee.figureNames
        for i in devices.indices.dropFirst() {
            let a = devices[i - 1], b = devices[i]
            guard (order.device(a), a) < (order.device(b), b) else { return false }
        }
        for i in categories.indices.dropFirst() {
            let a = categories[i - 1], b = categories[i]
            guard (order.category(a), a) < (order.category(b), b) else { return false }
        }
        for i in figureNames.indices.dropFirst() where !(figureNames[i - 1] < figureNames[i]) { return false }
        let locales = group.pointee.locales ?? []
        for i in locales.indices.dropFirst() {
            let a = locales[i - 1], b = locales[i]
            guard (ScopeOrder.rank(a, order.locales), a) < (ScopeOrder.rank(b, order.locales), b) else { return false }
        }
        if group.pointee.status != .worse && group.pointee.worseIn != nil { return false }
        for v in group.pointee.worst.values where Finding.round(v) != v { return false }
        var previous: Occurrence?
        for o in group.pointee.occurrences {
            guard (o.device == -1 || devices.indices.contains(o.device)),
                  (o.category == -1 || categories.indices.contains(o.category)),
                  (o.locale == -1 && group.pointee.locales == nil) || locales.indices.contains(o.locale),
                  o.figures.count == figureNames.count else { return false }
            for v in o.figures { if let v, Finding.round(v) != v { return false } }
            if let p = previous, occurrencePrecedes(o, p) { return false }
            previous = o
        }
        return true
    }

    /// The canonical order of a group's occurrences: device, category, locale, figures (nil first).
    static func occurrencePrecedes(_ a: Occurrence, _ b: Occurrence) -> Bool {
        if a.device != b.device { return a.device < b.device }
        if a.category != b.category { return a.category < b.category }
        if a.locale != b.locale { return a.locale < b.locale }
        for (x, y) in zip(a.figures, b.figures) where x != y { return (x ?? -.infinity) < (y ?? -.infinity) }
        return false
    }

    /// One group in canonical form: devices and categories in scope order, figure names sorted,
    /// figures rounded, occurrences sorted.
    static func normalized(_ group: FindingGroup, _ order: ScopeOrder) -> FindingGroup {
        var g = group
        g.devices = order.sortedDevices(Set(group.devices))
        g.categories = order.sortedCategories(Set(group.categories))
        g.figureNames = Array(Set(group.figureNames)).sorted()
        let deviceMap = Dictionary(uniqueKeysWithValues: g.devices.enumerated().map { ($1, $0) })
        let categoryMap = Dictionary(uniqueKeysWithValues: g.categories.enumerated().map { ($1, $0) })
        let nameMap = Dictionary(group.figureNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let localeRank = { (s: String) in ScopeOrder.rank(s, order.locales) }
        g.locales = group.locales.map { Array(Set($0)).sorted { (localeRank($0), $0) < (localeRank($1), $1) } }
        let localeMap = Dictionary((g.locales ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        g.occurrences = group.occurrences.map { o in
            let device = group.devices.indices.contains(o.device) ? deviceMap[group.devices[o.device]] ?? -1 : -1
            let category = group.categories.indices.contains(o.category)
                ? categoryMap[group.categories[o.category]] ?? -1 : -1
            let figures = g.figureNames.map { name -> Double? in
                guard let i = nameMap[name], o.figures.indices.contains(i), let v = o.figures[i] else { return nil }
                return Finding.round(v)
            }
            let locale = group.locales.flatMap { $0.indices.contains(o.locale) ? localeMap[$0[o.locale]] : nil } ?? -1
            return Occurrence(device: device, category: category, figures: figures, locale: locale)
        }.sorted(by: occurrencePrecedes)
        g.worst = group.worst.mapValues(Finding.round)
        if g.status != .worse { g.worseIn = nil }
        return g
    }

    /// Canonical JSON: normalized, sorted keys, pretty-printed, slashes unescaped, trailing newline
    /// (written by `writeJSON(to:)`, the same bytes as `JSONEncoder` gives).
    public func jsonData() -> Data {
        let stream = ReportStream()
        writeJSON(to: stream)
        return stream.data
    }

    /// Reads a report written by `jsonData()`. `source` names the input in error messages.
    /// A document whose `schemaVersion` is newer than `currentSchemaVersion` is refused with a clear message.
    public static func decode(_ data: Data, source: String) throws -> ReportDocument {
        struct Version: Decodable { var schemaVersion: Int }
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(Version.self, from: data).schemaVersion
        } catch {
            throw ReportDecodingError("\(source): not a typefit report (no integer \"schemaVersion\"): \(Self.oneLine(error))")
        }
        if version > currentSchemaVersion {
            throw ReportDecodingError(
                "\(source): report schema version \(version) is newer than this typefit supports (\(currentSchemaVersion)); upgrade typefit")
        }
        if version < 1 {
            throw ReportDecodingError("\(source): invalid report schema version \(version)")
        }
        if version < currentSchemaVersion {
            throw ReportDecodingError(
                "\(source): report schema version \(version) is older than this typefit reads (\(currentSchemaVersion)); run the audit again")
        }
        do {
            return try decoder.decode(ReportDocument.self, from: data)
        } catch {
            throw ReportDecodingError("\(source): \(Self.oneLine(error))")
        }
    }

    static func oneLine(_ error: Error) -> String {
        if let e = error as? DecodingError {
            switch e {
            case .keyNotFound(let key, let ctx):
                return "missing key \"\(path(ctx.codingPath + [key]))\""
            case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx), .dataCorrupted(let ctx):
                let p = path(ctx.codingPath)
                return (p.isEmpty ? "" : "at \"\(p)\": ") + ctx.debugDescription.replacingOccurrences(of: "\n", with: " ")
            @unknown default:
                break
            }
        }
        return "\(error)".replacingOccurrences(of: "\n", with: " ")
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { k in k.intValue.map { "[\($0)]" } ?? ".\(k.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

}

extension ScreenSnapshot {
    func rounded() -> ScreenSnapshot {
        var s = self
        let r = Finding.round
        s.width = r(width); s.height = r(height); s.scale = r(scale)
        s.contentTop = r(contentTop); s.contentHeight = r(contentHeight); s.rowsVisible = r(rowsVisible)
        s.rows = rows.map { row in
            var row = row
            row.height = r(row.height); row.clippedBy = r(row.clippedBy)
            row.labels = row.labels.map { l in
                var l = l
                l.x = r(l.x); l.y = r(l.y); l.width = r(l.width); l.height = r(l.height)
                l.pointSize = r(l.pointSize); l.lineHeight = r(l.lineHeight); l.baselineOffset = r(l.baselineOffset)
                l.lineBaselines = l.lineBaselines?.map(r); l.lineHeights = l.lineHeights?.map(r)
                l.lineWidths = l.lineWidths.map(r); l.inkOverflow = r(l.inkOverflow)
                return l
            }
            return row
        }
        return s
    }
}

/// Shared vocabulary for the reporters: category ranges, lists, number formatting.
public enum ReportText {
    /// A number with at most 3 decimals and no trailing zeros ("343", "412.5", "3.42").
    public static func number(_ value: Double) -> String {
        let v = Finding.round(value)
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// "from xL to AX5" for categories that follow each other in `scope`, "at xL" for one, else
    /// "at xS, L and AX5"; "" for none.
    public static func categories(_ categories: [String], scope: [String]) -> String {
        guard let first = categories.first, let last = categories.last else { return "" }
        if categories.count == 1 { return "at " + ContentSizeCategory.shortName(of: first) }
        if let i = scope.firstIndex(of: first), i + categories.count <= scope.count,
           Array(scope[i..<(i + categories.count)]) == categories {
            return "from \(ContentSizeCategory.shortName(of: first)) to \(ContentSizeCategory.shortName(of: last))"
        }
        return "at " + list(categories.map(ContentSizeCategory.shortName(of:)))
    }

    /// "A", "A and B", "A, B and C".
    public static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension ReportDocument {
    /// A group fails the run when it is new (or worse than the baseline), at or above `failOn`,
    /// and measured: only findings resting on known facts fail a run (`Certainty.canFail`).
    public func isFailing(_ group: FindingGroup) -> Bool {
        group.isNew && group.severity >= failOn && group.certainty.canFail
    }

    /// A finding fails the run when it is new, at or above `failOn`, and measured.
    public func isFailing(_ finding: Finding) -> Bool {
        finding.isNew && finding.severity >= failOn && finding.certainty.canFail
    }

    /// The groups per certainty, in `Certainty.allCases` order, as the reports' headers write it
    /// ("12 measured, 3 at risk, 40 estimated"); nil when every group is measured.
    public var certaintyCounts: String? {
        var counts = [Int](repeating: 0, count: Certainty.allCases.count)
        for g in groups { counts[g.certainty.index] += 1 }
        guard counts[Certainty.measured.index] < groups.count else { return nil }
        return Certainty.allCases.filter { counts[$0.index] > 0 }.map { "\(counts[$0.index]) \($0.label)" }
            .joined(separator: ", ")
    }

    /// The groups that fail the run, in canonical order.
    public var failingGroups: [FindingGroup] { normalized().groups.filter(isFailing) }

    /// The findings that fail the run, in canonical order.
    public var failingFindings: [Finding] { failingGroups.flatMap(\.findings) }

    /// 0 when no group fails the run, 1 otherwise.
    public var exitCode: Int32 { groups.contains(where: isFailing) ? 1 : 0 }

    /// `groups` worst first: failing first, then by severity, then the group that starts at the
    /// smallest category (it affects more people), then the one with more occurrences, then
    /// canonical order. Pass normalized groups for a deterministic result.
    public func worstFirst(_ groups: [FindingGroup]) -> [FindingGroup] {
        Self.worstFirst(groups, ScopeOrder(scope), newOnly: false, failOn: failOn).map { groups[$0] }
    }

    /// The indices of this document's new groups (`isNew`), in `worstFirst` order.
    /// The reporters use it to walk the groups they print without copying every group (a copy
    /// retains each of a group's strings and arrays).
    func newWorstFirst() -> [Int] {
        Self.worstFirst(groups, ScopeOrder(scope), newOnly: true, failOn: failOn)
    }

    /// The indices of `groups` (of the new ones only with `newOnly`), worst first (see
    /// `worstFirst`); a group fails when it is new and at or above `failOn` (`isFailing`).
    static func worstFirst(_ groups: [FindingGroup], _ order: ScopeOrder, newOnly: Bool, failOn: Severity) -> [Int] {
        groups.withUnsafeBufferPointer { gs in
            let picked = gs.indices.filter { !newOnly || gs[$0].status != .baselined }
            // Sort keys computed once per group, and indices sorted (not the groups).
            let keys = picked.map { i in
                (failing: gs[i].status != .baselined && gs[i].severity >= failOn ? 0 : 1, severity: -gs[i].severity.rank,
                 start: gs[i].categories.first.map(order.category) ?? -1, occurrences: -gs[i].occurrences.count)
            }
            return picked.indices.sorted { a, b in
                if keys[a] != keys[b] { return keys[a] < keys[b] }
                return a < b
            }.map { picked[$0] }
        }
    }

    /// The indices of the groups of each check, in canonical order.
    func groupIndicesByCheck() -> [String: [Int]] {
        groups.withUnsafeBufferPointer { gs in Dictionary(grouping: gs.indices, by: { gs[$0].key.checkId }) }
    }

    /// The check's title, or its id when the document does not describe it.
    func title(_ checkId: String) -> String {
        checks.first { $0.id == checkId }?.title ?? checkId
    }

    /// A group's worst figures in words, as its check's readings say ("needs 3 lines, has 1",
    /// "shows 3.42 rows, needs 4"); name=value when none applies or the check is not described.
    public func worstFigures(_ g: FindingGroup) -> String {
        FigureReading.summary(g.worst, readings: checks.first { $0.id == g.checkId }?.readings ?? [])
    }

    /// "screen / device / category / locale" for a finding (missing parts left out).
    static func place(_ f: Finding) -> String {
        [f.screen, f.device, f.category?.shortName, f.locale, f.selector].compactMap { $0 }
            .joined(separator: " / ")
    }

    /// The sentence a person reads for a group (a literal text's names its locales, `FindingGroup.subject`):
    /// "settings.offline (de): text is truncated from xL to
    /// AX5 on iPhone SE and iPhone 16; needs 3 lines, has 1", each device's categories apart where
    /// they differ ("from M to AX5 on iPhone SE; from AX2 to AX5 on iPad Pro 11\"", `FindingGroup.places`).
    public func summary(_ g: FindingGroup) -> String {
        var title = self.title(g.checkId)
        if let first = title.first, title.dropFirst().first?.isLowercase ?? true {
            title = first.lowercased() + title.dropFirst()
        }
        var s = g.subject + ": " + title
        let places = g.places(scope: scope.categories)
        if !places.isEmpty { s += " " + places }
        let worst = worstFigures(g)
        if !worst.isEmpty { s += "; " + worst }
        if let reason = g.estimateReason { s += " (\(reason))" }
        return s
    }
}
