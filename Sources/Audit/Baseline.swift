import DynamicType
import Foundation
import TypeFitSupport
import Reports

/// Known finding groups a team has accepted. A run marks a group found in the baseline as
/// `.baselined`, unless it got worse: it spread to a category or device the baseline does not
/// list, or a figure is worse than the baseline's worst by more than `tolerance` (a longer text
/// needs more width or lines). A worse group is new: it fails the run. Baseline groups that no
/// longer occur are reported as fixed.
///
/// The file is JSON with sorted keys and sorted groups, so it diffs cleanly. It is only ever
/// written when the CLI is asked to (`Baseline.write`); nothing here writes implicitly.
/// Schema 1 files (one entry per finding) are still read: their entries are grouped, and having
/// no figures, they only catch spreading.
public struct Baseline: Codable, Sendable, Equatable {
    /// 3: SwiftUI elements and rows keyed by what the source says (`SettingsView.label(key)`,
    /// `SettingsView row label(key)`), no longer by reading order (`SettingsView#3`) or line
    /// (`SettingsView row at line 42`). Files of schema 1 and 2 are read as they are.
    public static let currentSchemaVersion = 3
    /// How much worse a figure may get before a group counts as worse (points, lines, rows).
    public static let tolerance = 0.5

    public var schemaVersion: Int
    /// Version of typefit that wrote the file.
    public var toolVersion: String
    /// Sorted by key.
    public var groups: [Group]

    /// One accepted group: its key, where it happened and its worst figures.
    public struct Group: Codable, Sendable, Equatable {
        public var key: GroupKey
        public var categories: [String]
        public var devices: [String]
        public var worst: [String: Double]
        /// For people reading the file; not used for matching.
        public var message: String

        public init(key: GroupKey, categories: [String], devices: [String], worst: [String: Double], message: String) {
            self.key = key
            self.categories = categories
            self.devices = devices
            self.worst = worst
            self.message = message
        }

        public init(_ group: FindingGroup) {
            self.init(key: group.key, categories: group.categories, devices: group.devices, worst: group.worst,
                      message: group.message)
        }
    }

    public init(groups: [FindingGroup], toolVersion: String) {
        schemaVersion = Baseline.currentSchemaVersion
        self.toolVersion = toolVersion
        self.groups = groups.map(Group.init).sorted { Self.precedes($0.key, $1.key) }
    }

    /// A baseline of `findings`, grouped (categories in UIKit order, devices by name).
    public init(findings: [Finding], toolVersion: String) {
        var grouper = FindingGrouper()
        grouper.add(findings)
        let devices = Array(Set(findings.compactMap(\.device))).sorted()
        self.init(groups: grouper.groups(scope: Scope(categories: ContentSizeCategory.allCases.map(\.uikitName), devices: devices, locales: []),
                                         checks: CheckRegistry.all.map { $0.descriptor() }),
                  toolVersion: toolVersion)
    }

    /// Whether this file was written before schema 3 and keys SwiftUI elements by reading order or
    /// line: those groups cannot match today's keys, so they come back as new (and fixed) until
    /// the baseline is renewed. Interface Builder and config keys did not change and still match.
    public var predatesStableKeys: Bool {
        schemaVersion < 3 && groups.contains { group in
            (group.key.row?.contains(" row at line ") ?? false)
                || (group.key.label.map { $0.range(of: "#[0-9]+$", options: .regularExpression) != nil } ?? false)
        }
    }

    /// The largest baseline read (256 MB; one of 100,000 groups takes about 40 MB).
    public static let maxBytes = 256 << 20

    /// Reads a baseline (at most `maxBytes`; a named pipe or a device is refused). Errors are one line naming `path`: missing file, unreadable, invalid
    /// JSON (with the coding path when there is one), an invalid schema version, or a schema newer
    /// than this version.
    public static func load(path: String) throws -> Baseline {
        guard FileManager.default.fileExists(atPath: path) else { throw AuditError.baselineMissing(path: path) }
        let data: Data
        do {
            data = try BoundedRead.data(atPath: path, limit: maxBytes)
        } catch {
            throw AuditError.baselineUnreadable(path: path, reason: "\(error)")
        }
        // Check the schema version first, so a newer file gets the upgrade message, not a decoding error.
        struct Header: Decodable { var schemaVersion: Int }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            if let failure = JSONSyntax.firstError(in: data) {  // file:line:column for a syntax error
                throw AuditError.baselineInvalid(path: "\(path):\(failure.position)", reason: "not valid JSON: \(failure.problem)")
            }
            throw AuditError.baselineInvalid(path: path, reason: describe(error))
        }
        if header.schemaVersion > currentSchemaVersion {
            throw AuditError.baselineNewerSchema(path: path, found: header.schemaVersion, supported: currentSchemaVersion)
        }
        if header.schemaVersion < 1 {
            throw AuditError.baselineInvalid(
                path: path, reason: "schemaVersion \(header.schemaVersion) is not a schema version (1…\(currentSchemaVersion))")
        }
        let baseline: Baseline
        do {
            if header.schemaVersion == 1 { return try JSONDecoder().decode(Version1.self, from: data).baseline }
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw AuditError.baselineInvalid(path: path, reason: describe(error))
        }
        // Two entries for one group would each match it, and which one counts would depend on order.
        var seen: [GroupKey: Int] = [:]
        for (i, group) in baseline.groups.enumerated() {
            if let first = seen[group.key] {
                throw AuditError.baselineInvalid(
                    path: path, reason: "groups[\(i)] repeats groups[\(first)] (\(quotedInput(group.key.checkId)) \(quotedInput(group.key.subject))); keep one")
            }
            seen[group.key] = i
        }
        return baseline
    }

    /// Schema 1: one entry per finding, matched by check, screen, row, label, key, locale, style, font,
    /// category and device.
    struct Version1: Decodable {
        struct Entry: Decodable {
            var checkId: String
            var screen, row, label, stringKey, locale, category, device, style, font, selector: String?
            var message: String
        }
        var toolVersion: String
        var entries: [Entry]

        var baseline: Baseline {
            var byKey: [GroupKey: [Entry]] = [:]
            for e in entries {
                let key = GroupKey(checkId: e.checkId, screen: e.screen, row: e.row, label: e.label,
                                   stringKey: e.stringKey, locale: e.locale, style: e.style, font: e.font,
                                   selector: e.selector)
                byKey[key, default: []].append(e)
            }
            var b = Baseline(groups: [], toolVersion: toolVersion)
            b.groups = byKey.map { key, list in
                let categories = Set(list.compactMap(\.category))
                let known = ContentSizeCategory.allCases.map(\.uikitName)
                return Group(key: key, categories: known.filter(categories.contains)
                                 + categories.filter { ContentSizeCategory(rawValue: $0) == nil }.sorted(),
                             devices: Array(Set(list.compactMap(\.device))).sorted(), worst: [:],
                             message: list.map(\.message).min() ?? "")
            }.sorted { Baseline.precedes($0.key, $1.key) }
            return b
        }
    }

    /// `groups` with their status against this baseline (`.new`, `.worse` with `worseIn`, or
    /// `.baselined`), and the baseline groups none of them matched (fixed).
    ///
    /// A literal text's group (keyed without a locale, `FindingGroup.locales`) that a baseline
    /// recorded per locale (one group per locale, as baselines written before such groups were)
    /// matches those groups together: its categories and devices against their union, each figure
    /// against the least strict of theirs.
    public func apply(to groups: [FindingGroup]) -> (groups: [FindingGroup], fixed: [FixedGroup]) {
        var index: [GroupKey: Group] = [:]
        for g in self.groups { index[g.key] = g }
        var seen = Set<GroupKey>()
        let result = groups.map { group -> FindingGroup in
            var group = group
            var known = index[group.key].map { [$0] } ?? []
            if known.isEmpty, group.key.locale == nil, let locales = group.locales {
                for locale in locales {
                    var key = group.key
                    key.locale = locale
                    if let g = index[key] { known.append(g) }
                }
            }
            guard !known.isEmpty else {
                group.status = .new
                group.worseIn = nil
                return group
            }
            for g in known { seen.insert(g.key) }
            var reasons: [String] = []
            if !Set(group.categories).isSubset(of: known.flatMap(\.categories)) { reasons.append("categories") }
            if !Set(group.devices).isSubset(of: known.flatMap(\.devices)) { reasons.append("devices") }
            // Each figure's direction as its check declares it (an unknown check's figures have none).
            let check = try? CheckRegistry.check(id: group.checkId).descriptor()
            for name in group.worst.keys.sorted() {
                let then = known.compactMap { $0.worst[name] }
                guard let now = group.worst[name], !then.isEmpty, let check else { continue }
                if then.allSatisfy({ check.direction(of: name).isWorse(now, than: $0, tolerance: Self.tolerance) }) {
                    reasons.append(name)
                }
            }
            group.status = reasons.isEmpty ? .baselined : .worse
            group.worseIn = reasons.isEmpty ? nil : reasons
            return group
        }
        let fixed = self.groups.filter { !seen.contains($0.key) }.map { FixedGroup(key: $0.key, message: $0.message) }
        return (result, fixed)
    }

    /// Deterministic JSON: sorted keys, pretty-printed, trailing newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Writes a baseline of `findings` to `path` atomically (temp file in the same folder, then rename).
    /// On failure the old file is left as it was and the error is one line naming `path`.
    public static func write(_ findings: [Finding], toolVersion: String, to path: String) throws {
        try Baseline(findings: findings, toolVersion: toolVersion).write(to: path)
    }

    /// Writes this baseline to `path` atomically.
    public func write(to path: String) throws {
        let data: Data
        do {
            data = try encoded()
        } catch {
            throw AuditError.writeFailed(path: path, reason: "\(error)")
        }
        try AtomicFile.write(data, to: path)
    }

    /// Key order of the file: check, screen, row, label, string key, locale, variant, style, font, selector.
    static func precedes(_ a: GroupKey, _ b: GroupKey) -> Bool {
        let ka = [a.checkId, a.screen ?? "", a.row ?? "", a.label ?? "", a.stringKey ?? "", a.locale ?? "", a.variant ?? "",
                  a.style ?? "", a.font ?? "", a.selector ?? ""]
        let kb = [b.checkId, b.screen ?? "", b.row ?? "", b.label ?? "", b.stringKey ?? "", b.locale ?? "", b.variant ?? "",
                  b.style ?? "", b.font ?? "", b.selector ?? ""]
        if ka != kb { return ka.lexicographicallyPrecedes(kb) }
        // nil sorts before "" so two keys differing only there keep a fixed order.
        let na = [a.screen, a.row, a.label, a.stringKey, a.locale, a.variant, a.style, a.font, a.selector].map { $0 == nil ? 0 : 1 }
        let nb = [b.screen, b.row, b.label, b.stringKey, b.locale, b.variant, b.style, b.font, b.selector].map { $0 == nil ? 0 : 1 }
        return na.lexicographicallyPrecedes(nb)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case let DecodingError.dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(keyPath(context.codingPath)): \(context.debugDescription)"
        case let DecodingError.keyNotFound(key, context):
            return "\(keyPath(context.codingPath + [key])): missing"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "\(keyPath(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func keyPath(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }
}

/// Atomic file replacement: write a temp file next to the target, then rename(2) over it. A
/// symlink is written through: the file it leads to is replaced (atomically, in that file's
/// folder), and the link stays a link.
enum AtomicFile {
    /// `rename` is injectable so tests can make the last step fail.
    static func write(_ data: Data, to path: String,
                      rename: (String, String) -> Int32 = { Foundation.rename($0, $1) }) throws {
        let target = URL(fileURLWithPath: try linkTarget(of: path))
        let directory = target.deletingLastPathComponent()
        removeLeftovers(of: target)
        let temp = directory.appendingPathComponent(
            ".\(target.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temp.path, contents: data) else {
            throw AuditError.writeFailed(path: path, reason: "cannot create a temporary file in \(directory.path)")
        }
        if rename(temp.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temp)
            throw AuditError.writeFailed(path: path, reason: reason)
        }
    }

    /// The file `path` leads to: `path` itself when it is not a symlink, else the end of its chain
    /// of links (relative links read from their own folder; the last may not exist yet). More than
    /// 40 links (the kernel's own limit) is a loop.
    static func linkTarget(of path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : (URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path)
        }
        throw AuditError.writeFailed(path: path, reason: "too many levels of symbolic links")
    }

    /// Removes `.NAME.tmp-PID-…` files next to `target` that a run which no longer exists left behind.
    static func removeLeftovers(of target: URL) {
        let directory = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0, errno != EPERM else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
