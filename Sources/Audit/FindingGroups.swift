import Reports

/// Findings of one check on one subject (screen, row, label, device, locale, style, font, string key)
/// across content size categories, for readable terminal and Markdown output. Grouping is for
/// display only: the findings keep their own identities (the baseline matches each one).
public struct FindingGroup: Sendable, Equatable {
    /// The finding at the smallest category (in category order): where the problem starts.
    public var first: Finding
    /// All findings of the group, in category order.
    public var findings: [Finding]
    /// The categories of the group, in category order (empty names for findings without one).
    public var categories: [String] { findings.map { $0.category ?? "" } }
    /// The highest severity in the group.
    public var severity: Severity { findings.map(\.severity).max() ?? first.severity }
    /// True when any finding of the group is new.
    public var isNew: Bool { findings.contains(where: \.isNew) }

    /// Groups `findings`; groups come in `FindingOrder` of their first finding.
    public static func grouped(_ findings: [Finding]) -> [FindingGroup] {
        var order: [[String]] = []
        var buckets: [[String]: [Finding]] = [:]
        for finding in findings {
            let key = [finding.checkId, finding.screen ?? "", finding.row ?? "", finding.label ?? "",
                       finding.device ?? "", finding.locale ?? "", finding.style ?? "", finding.font ?? "",
                       finding.stringKey ?? ""]
            if buckets[key] == nil { order.append(key) }
            buckets[key, default: []].append(finding)
        }
        let groups = order.compactMap { key -> FindingGroup? in
            let members = (buckets[key] ?? []).sorted { categoryRank($0) < categoryRank($1) }
            guard let first = members.first else { return nil }
            return FindingGroup(first: first, findings: members)
        }
        return groups.sorted { FindingOrder.precedes($0.first, $1.first) }
    }

    private static func categoryRank(_ finding: Finding) -> Int {
        finding.category.flatMap(CategoryOrder.index(of:)) ?? -1
    }
}
