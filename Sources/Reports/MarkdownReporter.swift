import DynamicType
import TypeFitSupport

/// A pull-request comment.
public enum MarkdownReporter {
    /// Renders a headline verdict (✅ or ❌ with the count of new failing groups), a table by check,
    /// the baseline groups that no longer occur, the rows-visible table (screen × device rows in config
    /// order, category columns; each cell the fewest rows visible over the locales, with that locale
    /// named when there are several), and the new groups worst first with key, place, the sizes on each
    /// device (`FindingGroup.places`), the worst occurrence's message and file:line (inside a collapsed `<details>` when more than 10; at most
    /// `maxGroups`, then "…and N more").
    public static func render(_ document: ReportDocument, maxGroups: Int = 50, normalized isNormalized: Bool = false) -> String {
        let doc = isNormalized ? document : document.normalized()
        let failing = doc.groups.indices.filter { doc.isFailing(doc.groups[$0]) }
        var out = ""
        if failing.isEmpty {
            out += "## ✅ TypeFit: no new failing findings\n\n"
        } else {
            let occurrences = failing.reduce(0) { $0 + doc.groups[$1].occurrences.count }
            out += "## ❌ TypeFit: \(failing.count) new failing group\(failing.count == 1 ? "" : "s") "
                + "(\(occurrences) occurrence\(occurrences == 1 ? "" : "s"))\n\n"
        }
        out += "Config `\(code(doc.config))` · fail on **\(doc.failOn.rawValue)**"
        if let b = doc.baseline { out += " · baseline `\(code(b))`" }
        out += " · \(doc.tool.name) \(doc.tool.version)\n\n"
        if let system = doc.systemText { out += cell(system.summary) + "\n\n" }

        let byCheck = doc.groupIndicesByCheck()
        let groups = doc.groups
        out += "| Check | Severity | Groups | New | Worse | Failing | Occurrences |\n|---|---|---:|---:|---:|---:|---:|\n"
        for id in TerminalReporter.checkIds(doc) {
            let gs = byCheck[id] ?? []
            let sev = doc.checks.first { $0.id == id }?.severity.rawValue ?? ""
            out += "| \(cell(id)) | \(sev) | \(gs.count) | \(gs.count(where: { groups[$0].status == .new })) | "
                + "\(gs.count(where: { groups[$0].status == .worse })) | \(gs.count(where: { doc.isFailing(groups[$0]) })) | "
                + "\(gs.reduce(0) { $0 + groups[$1].occurrences.count }) |\n"
        }
        out += "\n"

        if !doc.fixed.isEmpty {
            out += "### Fixed since the baseline (\(doc.fixed.count))\n\n"
            out += "These baseline groups no longer occur — run `typefit audit --update-baseline` to drop them.\n\n"
            for f in doc.fixed.prefix(maxGroups) {
                out += "- \(cell(f.key.checkId)): \(cell(f.key.subject))" + (f.key.place.isEmpty ? "" : " — \(cell(f.key.place))") + "\n"
            }
            if doc.fixed.count > maxGroups { out += "- …and \(doc.fixed.count - maxGroups) more\n" }
            out += "\n"
        }
        out += webTable(doc)  // WebPageSnapshot.swift

        out += rowsVisibleTable(doc)

        let new = doc.newWorstFirst()
        if !new.isEmpty {
            var table = "| Severity | Check | Key | Where | Sizes and devices | Worst | Source |\n|---|---|---|---|---|---|---|\n"
            for index in new.prefix(maxGroups) {
                let g = groups[index]
                let key = g.key.stringKey.map { "`\(code($0 + (g.key.variant.map { " " + $0 } ?? "")))`" } ?? ""
                // A literal text's group names its locales.
                let locale = (g.key.locale.map { [$0] } ?? g.locales).map { " (\(cell($0.joined(separator: ", "))))" } ?? ""
                let severity = g.severity.rawValue + (g.certainty == .measured ? "" : " (\(g.certainty.label))")
                    + (g.status == .worse ? " (worse)" : "")
                let where_ = g.key.place.isEmpty ? cell(g.key.subject) : cell(g.key.place)
                let source = g.source.map { "`\(code($0.file)):\($0.line)`" } ?? ""
                table += "| \(severity) | \(cell(g.checkId)) | \(key)\(locale) | \(where_) | "
                    + "\(cell(g.places(scope: doc.scope.categories))) | \(cell(g.message)) | \(source) |\n"
            }
            if new.count > maxGroups { table += "\n…and \(new.count - maxGroups) more (see report.html or report.json).\n" }
            if new.count > 10 {
                out += "<details><summary>\(new.count) new groups, worst first</summary>\n\n" + table + "\n</details>\n"
            } else {
                out += "### New findings\n\n" + table
            }
        }
        return out
    }

    /// Screen × device rows (config order) and category columns; a cell is the fewest rows visible
    /// over the locales, with the locale named when the document has more than one.
    static func rowsVisibleTable(_ doc: ReportDocument) -> String {
        guard !doc.rowsVisible.isEmpty else { return "" }
        let cats = doc.scope.categories
        let several = Set(doc.rowsVisible.map(\.locale)).count > 1
        var out = "### Rows visible" + (several ? " (fewest over the locales, locale named)" : " (\(cell(doc.rowsVisible[0].locale)))") + "\n\n"
        out += "| Screen | Device | " + cats.map(ContentSizeCategory.shortName(of:)).joined(separator: " | ") + " |\n"
        out += "|---|---|" + String(repeating: "---:|", count: cats.count) + "\n"
        struct Pair: Hashable { var screen, device: String }
        var order: [Pair] = []
        var series: [Pair: [RowsVisibleSeries]] = [:]
        for s in doc.rowsVisible {
            let p = Pair(screen: s.screen, device: s.device)
            if series[p] == nil { order.append(p) }
            series[p, default: []].append(s)
        }
        for p in order {
            let list = series[p] ?? []
            let values = cats.indices.map { i -> String in
                var best: (Double, String)?
                for s in list {
                    guard i < s.values.count, let v = s.values[i] else { continue }
                    if let b = best, b.0 <= v { continue }
                    best = (v, s.locale)
                }
                guard let best else { return "–" }
                return ReportText.number(best.0) + (several ? " (\(cell(best.1)))" : "")
            }
            out += "| \(cell(p.screen)) | \(cell(p.device)) | " + values.joined(separator: " | ") + " |\n"
        }
        return out + "\n"
    }

    /// Text from an input as report.md shows it: inert, whatever it holds, in a table cell or a list
    /// item. Every character CommonMark or GitHub could read as markup is escaped — backslash,
    /// backtick, `*`, `_`, `[`, `]`, `!`, `|`, `~`, `$`, `&` with a backslash (so no emphasis,
    /// code span, link, image, table cell, strikethrough, math or entity arises), `<` `>` as
    /// entities (no HTML, no autolink), a leading `-`, `+`, `#` or `1.`-style marker escaped (no
    /// list or heading inside a list item); `@` and the `://` and `www.` of a bare address get a zero-width
    /// space (`&#8203;`) so GitHub links no mention, team or address; line breaks become spaces and
    /// control and bidi characters are shown as `\u{…}` (`visible`).
    static func cell(_ s: String) -> String {
        let text = visible(s.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " "))
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        // A leading block marker: "-", "+", or digits then "." or ")".
        var leading = -1
        if let first = scalars.first, first == "-" || first == "+" || first == "#" { leading = 0 }
        else if let end = scalars.firstIndex(where: { !("0"..."9").contains($0) }), end > 0, end <= 9,
                scalars[end] == "." || scalars[end] == ")" { leading = end }
        for (i, c) in scalars.enumerated() {
            switch c {
            case "\\", "`", "*", "_", "[", "]", "!", "|", "~", "$", "&": out += "\\"; out.unicodeScalars.append(c)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@": out += "@&#8203;"
            case ":" where scalars[(i + 1)...].starts(with: ["/", "/"]): out += ":&#8203;"
            case "." where i >= 3 && scalars[(i - 3)..<i].map { Character($0).lowercased() }.joined() == "www":
                out += "&#8203;."
            default:
                if i == leading { out += "\\" }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Inside a code span (nothing but the span's end is markup there): backticks cannot be
    /// escaped, so they become a prime; pipes are escaped for the table; line breaks become spaces
    /// and control and bidi characters are shown as `\u{…}`.
    static func code(_ s: String) -> String {
        visible(s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "ʹ"))
    }
}
