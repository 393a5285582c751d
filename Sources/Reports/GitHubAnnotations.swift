import TypeFitSupport

/// GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`).
public enum GitHubAnnotations {
    /// True when `GITHUB_ACTIONS` is "true" (GitHub sets it in every step).
    public static func isRunningInActions(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// GitHub shows at most 50 annotations per job (10 errors and 10 warnings per step), so more
    /// would only lengthen the log.
    public static let limit = 50

    /// One line per new group (baselined ones are not annotated), worst first, at most `limit`:
    /// error/warning/notice by severity, at the string's file and line, or at the config file when
    /// the group has none; then a notice with the count of the rest; then one notice per baseline
    /// group that no longer occurs (within the same limit).
    public static func render(_ document: ReportDocument, limit: Int = GitHubAnnotations.limit) -> String {
        let doc = document.normalized()
        var out = ""
        let new = doc.worstFirst(doc.groups.filter(\.isNew))
        for g in new.prefix(limit) {
            let command: String
            switch g.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var props: [(String, String)] = []
            if let src = g.source {
                props.append(("file", src.file))
                if src.line >= 1 { props.append(("line", String(src.line))) }
            } else {
                props.append(("file", doc.config))
            }
            var title = doc.title(g.checkId)
            if !g.key.place.isEmpty { title += " (\(g.key.place))" }
            if g.status == .worse { title += " — worse than the baseline" }
            if g.certainty != .measured { title += " — \(g.certainty.label)" }
            props.append(("title", title))
            var message = doc.summary(g) + "\n" + g.message
            if g.certainty == .atRisk, let system = doc.systemText { message += "\n" + system.summary }
            out += "::\(command) " + props.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
                + "::" + escapeData(message) + "\n"
        }
        if new.count > limit {
            out += "::notice file=\(escapeProperty(doc.config)),title=\(escapeProperty("More new findings"))::"
                + escapeData("…and \(new.count - limit) more new groups (see report.md, report.html or report.sarif)") + "\n"
        }
        let room = max(0, limit - min(new.count, limit))
        for f in doc.fixed.prefix(room) {
            out += "::notice " + "file=\(escapeProperty(doc.config)),title=\(escapeProperty("Fixed since the baseline"))"
                + "::" + escapeData("\(f.key.checkId) \(f.key.subject): no longer occurs — run `typefit audit --update-baseline`") + "\n"
        }
        if doc.fixed.count > room, !doc.fixed.isEmpty {
            out += "::notice file=\(escapeProperty(doc.config)),title=\(escapeProperty("Fixed since the baseline"))::"
                + escapeData("\(doc.fixed.count) baseline groups no longer occur — run `typefit audit --update-baseline`") + "\n"
        }
        return out
    }

    /// Escapes a command's message as GitHub documents it (`%` → %25, CR → %0D, LF → %0A), then
    /// writes every other control or bidi character as `\u{…}` (`visible`), so no text from an
    /// input can end the command, start another one or act on the log viewer.
    public static func escapeData(_ s: String) -> String {
        visible(s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// Escapes a property value: as `escapeData`, plus `:` → %3A and `,` → %2C.
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
