/// Whether terminal output gets ANSI colours.
public enum TerminalStyle {
    /// NO_COLOR (any value, even empty) disables colour; otherwise FORCE_COLOR (any value but "0")
    /// enables it; otherwise colour only on a TTY whose TERM is not "dumb".
    public static func shouldUseColors(environment: [String: String], isTTY: Bool) -> Bool {
        if environment["NO_COLOR"] != nil { return false }
        if let force = environment["FORCE_COLOR"], force != "0" { return true }
        if environment["TERM"] == "dumb" { return false }
        return isTTY
    }
}

/// The human summary printed at the end of `typefit audit`.
public enum TerminalReporter {
    /// Renders: a header, a table by check (findings by severity, new, baselined, failing), a table by
    /// check × category (12 columns xS…AX5, counts of findings), then the failing findings grouped by check
    /// under a "check — title (count)" heading, each on one line.
    /// ANSI escapes only when `colors` is true.
    public static func render(_ document: ReportDocument, colors: Bool) -> String {
        let doc = document.normalized()
        let s = Palette(on: colors)
        var out = ""
        out += s.bold("\(doc.tool.name) \(doc.tool.version)") + " — \(doc.config)"
        out += " (fail on: \(doc.failOn.rawValue)" + (doc.baseline.map { ", baseline: \($0)" } ?? "") + ")\n\n"

        // By check.
        let idWidth = max(5, doc.checks.map(\.id.count).max() ?? 0, doc.findings.map(\.checkId.count).max() ?? 0)
        let cols = ["error", "warning", "info", "new", "baselined", "failing"]
        out += s.bold(pad("Check", idWidth) + cols.map { lpad($0, 10) }.joined()) + "\n"
        for id in checkIds(doc) {
            let fs = doc.findings.filter { $0.checkId == id }
            let values = [fs.filter { $0.severity == .error }.count, fs.filter { $0.severity == .warning }.count,
                          fs.filter { $0.severity == .info }.count, fs.filter(\.isNew).count,
                          fs.filter { !$0.isNew }.count, fs.filter(doc.isFailing).count]
            out += pad(id, idWidth) + values.map { lpad(String($0), 10) }.joined() + "\n"
        }
        out += "\n"

        // By category.
        let cats = doc.scope.categories
        let w = max(5, cats.map { ReportText.shortCategory($0).count + 1 }.max() ?? 0)
        out += s.bold(pad("By category", idWidth) + cats.map { lpad(ReportText.shortCategory($0), w) }.joined()) + "\n"
        for id in checkIds(doc) {
            let fs = doc.findings.filter { $0.checkId == id }
            out += pad(id, idWidth) + cats.map { c in lpad(String(fs.filter { $0.category == c }.count), w) }.joined() + "\n"
        }
        out += "\n"

        // Failing findings.
        let failing = doc.findings.filter(doc.isFailing)
        if failing.isEmpty {
            out += s.green("✔ No new findings at or above \(doc.failOn.rawValue).") + "\n"
        } else {
            out += s.bold("Failing findings (\(failing.count)):") + "\n"
            var current: String?
            for f in failing {
                if f.checkId != current {
                    current = f.checkId
                    let title = doc.checks.first { $0.id == f.checkId }?.title
                    let count = failing.filter { $0.checkId == f.checkId }.count
                    out += s.bold(f.checkId + (title.map { " — \($0)" } ?? "") + " (\(count))") + "\n"
                }
                out += line(f, s) + "\n"
            }
            out += "\n" + s.red("✖ \(failing.count) new failing finding\(failing.count == 1 ? "" : "s").") + "\n"
        }
        return out
    }

    static func checkIds(_ doc: ReportDocument) -> [String] {
        Array(Set(doc.checks.map(\.id) + doc.findings.map(\.checkId))).sorted()
    }

    static func line(_ f: Finding, _ s: Palette) -> String {
        var parts = [s.severity(f.severity), f.checkId, ReportDocument.place(f)]
        if let row = f.row { parts.append("row=\(row)") }
        if let label = f.label { parts.append("label=\(label)") }
        if let key = f.stringKey { parts.append("key=\(key)") }
        let figures = ReportText.figures(f.figures)
        if !figures.isEmpty { parts.append(figures) }
        if let src = f.source { parts.append("\(src.file):\(src.line)") }
        return "  " + parts.joined(separator: "  ") + " — " + f.message.replacingOccurrences(of: "\n", with: " ")
    }

    static func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(1, n + 2 - s.count)) }
    static func lpad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(1, n - s.count)) + s }

    struct Palette {
        var on: Bool
        func wrap(_ code: String, _ t: String) -> String { on ? "\u{1B}[\(code)m\(t)\u{1B}[0m" : t }
        func bold(_ t: String) -> String { wrap("1", t) }
        func red(_ t: String) -> String { wrap("31", t) }
        func green(_ t: String) -> String { wrap("32", t) }
        func severity(_ v: Severity) -> String {
            switch v {
            case .error: wrap("1;31", "error  ")
            case .warning: wrap("33", "warning")
            case .info: wrap("36", "info   ")
            }
        }
    }
}
