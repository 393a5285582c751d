import Reports

/// Which checks run and at what severity: the `checks:` part of typefit.yml, already parsed.
public struct AuditConfiguration: Sendable, Equatable {
    /// Severity per check id, replacing the check's default.
    public var severityOverrides: [String: Severity]
    /// Check ids that do not run.
    public var disabledChecks: Set<String>
    /// Thresholds.
    public var context: CheckContext

    public init(severityOverrides: [String: Severity] = [:], disabledChecks: Set<String> = [],
                context: CheckContext = .default) {
        self.severityOverrides = severityOverrides
        self.disabledChecks = disabledChecks
        self.context = context
    }
}

/// Runs the enabled checks over an `AuditInput` and applies severity overrides.
public struct Auditor: Sendable {
    public let configuration: AuditConfiguration
    /// The checks that run, sorted by id.
    public let checks: [any Check]

    /// Validates every id in the configuration; throws `AuditError.unknownCheck` (did-you-mean)
    /// naming `origin` (e.g. the config file) for an unknown id.
    public init(configuration: AuditConfiguration = AuditConfiguration(), origin: String? = nil) throws {
        for id in configuration.severityOverrides.keys.sorted() + configuration.disabledChecks.sorted() {
            _ = try CheckRegistry.check(id: id, origin: origin)
        }
        self.configuration = configuration
        self.checks = CheckRegistry.all.filter { !configuration.disabledChecks.contains($0.id) }
    }

    /// Descriptors of the checks that run, with the severity in force.
    public var descriptors: [CheckDescriptor] {
        checks.map { $0.descriptor(severity: configuration.severityOverrides[$0.id]) }
    }

    /// All findings of the enabled checks, with overridden severities, sorted by `FindingOrder`.
    public func run(_ input: AuditInput) -> [Finding] {
        FindingOrder.sorted(findings(input))
    }

    /// All findings of the enabled checks, with overridden severities, in check order (for a
    /// pipeline that sorts everything once at the end).
    public func findings(_ input: AuditInput) -> [Finding] {
        var findings: [Finding] = []
        for check in checks {
            var produced = check.run(input, context: configuration.context)
            if produced.isEmpty { continue }
            if let severity = configuration.severityOverrides[check.id] {
                for i in produced.indices { produced[i].severity = severity }
            }
            // A finding within a stand-in's error band, or resting on an estimate, is one severity
            // below the check's.
            for i in produced.indices where produced[i].certainty == .atRisk || produced[i].certainty == .estimated {
                produced[i].severity = produced[i].severity.lowered
            }
            findings += produced
        }
        return findings
    }
}

/// The exit status of an audit.
public enum AuditOutcome {
    /// 0 when no new finding is at or above `failOn`, 1 otherwise. Findings in the baseline
    /// (`isNew == false`) never fail the run.
    /// Only measured findings fail the run (`Certainty.canFail`).
    public static func exitCode(findings: [Finding], failOn: Severity) -> Int32 {
        findings.contains { $0.isNew && $0.severity >= failOn && $0.certainty.canFail } ? 1 : 0
    }
}

/// The deterministic order of findings in reports and baselines.
public enum FindingOrder {
    /// Sorted by severity (error first), check id, screen, row, label, device, category (in
    /// category order, not alphabetical), locale, style, font, string key, message.
    public static func sorted(_ findings: [Finding]) -> [Finding] {
        // Each finding's key is built once (not once per comparison).
        findings.map { (rank: $0.severity.rank, key: key($0), finding: $0) }
            .sorted { a, b in
                if a.rank != b.rank { return a.rank > b.rank }
                return a.key.lexicographicallyPrecedes(b.key)
            }
            .map(\.finding)
    }

    /// The order of `sorted`, as a predicate.
    public static func precedes(_ a: Finding, _ b: Finding) -> Bool {
        if a.severity != b.severity { return a.severity > b.severity }
        return key(a).lexicographicallyPrecedes(key(b))
    }

    static func key(_ f: Finding) -> [String] {
        let category = f.category.map { String(format: "%02d", $0.position) } ?? ""
        return [f.checkId, f.screen ?? "", f.row ?? "", f.label ?? "", f.device ?? "", category, f.locale ?? "",
                f.style ?? "", f.font ?? "", (f.stringKey ?? "") + (f.variant ?? ""), f.message]
    }
}
