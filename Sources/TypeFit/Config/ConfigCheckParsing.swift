import Reports

extension ConfigParser {
    func parseChecks(_ node: ConfigCursor) throws -> ConfigChecks {
        let map = try node.mapping(allowed: ["severity", "disabled", "failOn"], what: "check settings")
        let (scope, disabled) = try parseSeverityAndDisabled(map)
        return ConfigChecks(severity: scope.severity, disabled: disabled,
                            failOn: try map["failOn"]?.choice(Severity.self) ?? .error, idLocations: scope.idLocations)
    }

    /// `checks:` inside a screen, row or label: `severity` and `disabled` (no `failOn`, which is
    /// the run's).
    func parseCheckScope(_ node: ConfigCursor) throws -> ConfigCheckScope {
        let map = try node.mapping(allowed: ["severity", "disabled"], what: "check settings {severity, disabled}")
        return try parseSeverityAndDisabled(map).scope
    }

    /// `severity` and `disabled` of a `checks:` mapping (top level or scoped), with the position
    /// of each id; the disabled ids also in file order.
    private func parseSeverityAndDisabled(_ map: ConfigMap) throws -> (scope: ConfigCheckScope, disabled: [String]) {
        var scope = ConfigCheckScope()
        var disabled: [String] = []
        if let severityNode = map["severity"] {
            for entry in try severityNode.mapping(what: "a mapping of check id → severity").entries {
                scope.severity[entry.key] = try entry.value.choice(Severity.self)
                scope.idLocations[entry.key] = entry.keyCursor.location
            }
        }
        if let disabledNode = map["disabled"] {
            for (id, cursor) in try disabledNode.stringList(what: "a check id") {
                disabled.append(id)
                scope.disabled.insert(id)
                if scope.idLocations[id] == nil { scope.idLocations[id] = cursor.location }
            }
        }
        return (scope, disabled)
    }
}
