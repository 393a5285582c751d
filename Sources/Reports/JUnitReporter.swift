/// JUnit XML (the Jenkins/Ant `junit-10.xsd` dialect).
public enum JUnitReporter {
    /// One `<testsuite>` per check (checks without findings get an empty suite), one `<testcase>` per
    /// finding named "screen / device / category / locale / label"; a `<failure>` for findings that fail the
    /// run (new and at or above `failOn`), `<skipped>` for baselined ones, `<system-out>` for the others.
    public static func render(_ document: ReportDocument) -> String {
        let doc = document.normalized()
        let ids = TerminalReporter.checkIds(doc)
        let failingTotal = doc.findings.filter(doc.isFailing).count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(XML.escape(doc.tool.name))\" tests=\"\(doc.findings.count)\" failures=\"\(failingTotal)\" errors=\"0\">\n"
        for id in ids {
            let fs = doc.findings.filter { $0.checkId == id }
            let failures = fs.filter(doc.isFailing).count
            let skipped = fs.filter { !$0.isNew }.count
            out += "  <testsuite name=\"\(XML.escape(id))\" tests=\"\(fs.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            for f in fs {
                var nameParts = [f.screen, f.device, f.category.map(ReportText.shortCategory), f.locale, f.row, f.label,
                                 f.selector].compactMap { $0 }
                if let key = f.stringKey { nameParts.append(key) }
                let name = nameParts.isEmpty ? f.checkId : nameParts.joined(separator: " / ")
                out += "    <testcase classname=\"typefit.\(XML.escape(id))\" name=\"\(XML.escape(name))\">"
                let detail = detailText(f)
                if doc.isFailing(f) {
                    out += "\n      <failure type=\"\(XML.escape(f.severity.rawValue))\" message=\"\(XML.escape(f.message))\">"
                        + XML.escape(detail) + "</failure>\n    "
                } else if !f.isNew {
                    out += "\n      <skipped message=\"in baseline\"/>\n    "
                } else {
                    out += "\n      <system-out>" + XML.escape("\(f.severity.rawValue): " + detail) + "</system-out>\n    "
                }
                out += "</testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func detailText(_ f: Finding) -> String {
        var lines = [f.message]
        let figures = ReportText.figures(f.figures)
        if !figures.isEmpty { lines.append(figures) }
        if let t = f.text { lines.append("text: \(t)") }
        if let s = f.source { lines.append("\(s.file):\(s.line)") }
        return lines.joined(separator: "\n")
    }
}

enum XML {
    /// Escapes the five XML specials and drops characters XML 1.0 cannot carry (C0 controls but tab/LF/CR).
    /// Used for both text and attribute values (LF/CR/tab in attributes are written as character references).
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
