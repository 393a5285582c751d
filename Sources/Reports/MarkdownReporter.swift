/// A pull-request comment.
public enum MarkdownReporter {
    /// Renders a headline verdict (✅ or ❌ with the count of new failing findings), a table by check,
    /// the rows-visible table (screen × device rows, category columns, first locale), and the new
    /// findings (inside a collapsed `<details>` when more than 10; at most `maxFindings`, then "…and N more").
    public static func render(_ document: ReportDocument, maxFindings: Int = 50) -> String {
        let doc = document.normalized()
        let failing = doc.findings.filter(doc.isFailing)
        var out = ""
        if failing.isEmpty {
            out += "## ✅ TypeFit: no new failing findings\n\n"
        } else {
            out += "## ❌ TypeFit: \(failing.count) new failing finding\(failing.count == 1 ? "" : "s")\n\n"
        }
        out += "Config `\(code(doc.config))` · fail on **\(doc.failOn.rawValue)**"
        if let b = doc.baseline { out += " · baseline `\(code(b))`" }
        out += " · \(doc.tool.name) \(doc.tool.version)\n\n"

        out += "| Check | Severity | Findings | New | Failing |\n|---|---|---:|---:|---:|\n"
        for id in TerminalReporter.checkIds(doc) {
            let fs = doc.findings.filter { $0.checkId == id }
            let sev = doc.checks.first { $0.id == id }?.severity.rawValue ?? ""
            out += "| \(cell(id)) | \(sev) | \(fs.count) | \(fs.filter(\.isNew).count) | \(fs.filter(doc.isFailing).count) |\n"
        }
        out += "\n"

        if let locale = doc.scope.locales.first {
            let snaps = doc.screens.filter { $0.locale == locale }
            if !snaps.isEmpty {
                let cats = doc.scope.categories
                out += "### Rows visible (\(cell(locale)))\n\n"
                out += "| Screen | Device | " + cats.map(ReportText.shortCategory).joined(separator: " | ") + " |\n"
                out += "|---|---|" + String(repeating: "---:|", count: cats.count) + "\n"
                var seen = Set<String>()
                for s in snaps where seen.insert(s.screen + "\u{0}" + s.device).inserted {
                    let values = cats.map { c in
                        snaps.first { $0.screen == s.screen && $0.device == s.device && $0.category == c }
                            .map { ReportText.number($0.rowsVisible) } ?? "–"
                    }
                    out += "| \(cell(s.screen)) | \(cell(s.device)) | " + values.joined(separator: " | ") + " |\n"
                }
                out += "\n"
            }
        }
        out += webTable(doc)  // WebPageSnapshot.swift

        let new = doc.findings.filter(\.isNew)
        if !new.isEmpty {
            var table = "| Severity | Check | Where | Key | Figures | Message |\n|---|---|---|---|---|---|\n"
            for f in new.prefix(maxFindings) {
                let key = f.stringKey.map { "`\(code($0))`" } ?? ""
                table += "| \(f.severity.rawValue) | \(cell(f.checkId)) | \(cell(ReportDocument.place(f))) | \(key) | "
                    + "\(cell(ReportText.figures(f.figures))) | \(cell(f.message)) |\n"
            }
            if new.count > maxFindings { table += "\n…and \(new.count - maxFindings) more.\n" }
            if new.count > 10 {
                out += "<details><summary>\(new.count) new findings</summary>\n\n" + table + "\n</details>\n"
            } else {
                out += "### New findings\n\n" + table
            }
        }
        return out
    }

    /// A table cell: pipes escaped, line breaks and HTML-significant angle brackets neutralized.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Inside a code span: backticks cannot be escaped, so they are replaced by a prime.
    static func code(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "ʹ")
    }
}
