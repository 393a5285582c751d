/// GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`).
public enum GitHubAnnotations {
    /// True when `GITHUB_ACTIONS` is "true" (GitHub sets it in every step).
    public static func isRunningInActions(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// One line per new finding (baselined ones are not annotated): error/warning/notice by severity,
    /// at the string's file and line, or at the config file when the finding has no source.
    public static func render(_ document: ReportDocument) -> String {
        let doc = document.normalized()
        var out = ""
        for f in doc.findings where f.isNew {
            let command: String
            switch f.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var props: [(String, String)] = []
            if let src = f.source {
                props.append(("file", src.file))
                if src.line >= 1 { props.append(("line", String(src.line))) }
            } else {
                props.append(("file", doc.config))
            }
            let title = doc.checks.first { $0.id == f.checkId }?.title ?? f.checkId
            props.append(("title", "\(title) (\(ReportDocument.place(f)))"))
            var message = f.message
            let figures = ReportText.figures(f.figures)
            if !figures.isEmpty { message += "\n" + figures }
            out += "::\(command) " + props.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
                + "::" + escapeData(message) + "\n"
        }
        return out
    }

    /// Escapes a command's message: `%` → %25, CR → %0D, LF → %0A.
    public static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value: as `escapeData`, plus `:` → %3A and `,` → %2C.
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
