import DynamicType
import TypeFitSupport

/// A pull-request comment: what to fix first, then the rest, in at most `characterLimit` characters.
public enum MarkdownReporter {
    /// report.md's length at most, in UTF-16 code units (so also in characters), whatever the app:
    /// GitHub refuses a comment over 65,536.
    public static let characterLimit = 60_000

    /// Renders, in this order: the verdict (✅, or ❌ with the count of new failing groups and the
    /// places they roll up to); the failing roll-ups (`ReportDocument.rollups`: the element and the
    /// line to change, its checks, locales, sizes and devices, and the fix); the baseline groups
    /// that no longer occur; the other new roll-ups; the checks with groups; web views; rows visible
    /// on the list screens (`Scope.lists`), worst first; the new groups worst first (in a
    /// collapsed `<details>`). At most `maxGroups` rows a table, and never more than
    /// `characterLimit` characters: what is left out is counted, and report.html and report.json
    /// hold it all.
    public static func render(_ document: ReportDocument, maxGroups: Int = 50, normalized isNormalized: Bool = false) -> String {
        let doc = isNormalized ? document : document.normalized()
        let groups = doc.groups
        let failing = groups.indices.filter { doc.isFailing(groups[$0]) }
        let failingPlaces = doc.rollups.filter(\.failing)
        var out = Budget(limit: characterLimit - 1_000)  // the last 1,000 for the note of what was left out
        if failing.isEmpty {
            out.add("## ✅ TypeFit: no new failing findings\n\n")
        } else {
            let occurrences = failing.reduce(0) { $0 + groups[$1].occurrences.count }
            out.add("## ❌ TypeFit: \(failing.count) new failing group\(failing.count == 1 ? "" : "s") "
                + "(\(occurrences) occurrence\(occurrences == 1 ? "" : "s")) in \(failingPlaces.count) place\(failingPlaces.count == 1 ? "" : "s")\n\n")
        }
        var head = "Config `\(code(short(doc.config)))` · fail on **\(doc.failOn.rawValue)**"
        if let b = doc.baseline { head += " · baseline `\(code(short(b)))`" }
        head += " · \(code(short(doc.tool.name))) \(code(short(doc.tool.version)))\n\n"
        if let system = doc.systemText { head += cell(short(system.summary, 300)) + "\n\n" }
        if let counts = doc.certaintyCounts { head += "Groups: \(counts)\n\n" }
        out.add(head)

        // Fix first: the failing roll-ups.
        if !failingPlaces.isEmpty {
            out.add("### Fix first (\(failingPlaces.count) place\(failingPlaces.count == 1 ? "" : "s"))\n\n")
            rollupTable(failingPlaces, doc, maxRows: maxGroups, into: &out, what: "places")
        }

        if !doc.fixed.isEmpty {
            out.add("### Fixed since the baseline (\(doc.fixed.count))\n\n"
                + "These baseline groups no longer occur — run `typefit audit --update-baseline` to drop them.\n\n")
            var left = 0
            for (i, f) in doc.fixed.enumerated() {
                let line = "- \(cell(short(f.key.checkId))): \(cell(short(f.key.subject)))"
                    + (f.key.place.isEmpty ? "" : " — \(cell(short(f.key.place)))") + "\n"
                if i >= maxGroups || !out.add(line) { left += 1 }
            }
            if left > 0 { out.omit(left, "fixed groups"); out.add("- …and \(left) more\n", reserved: true) }
            out.add("\n")
        }

        let otherPlaces = doc.rollups.filter { !$0.failing }
        if !otherPlaces.isEmpty {
            out.add("### Other new findings (\(otherPlaces.count) place\(otherPlaces.count == 1 ? "" : "s"), below \(doc.failOn.rawValue))\n\n")
            rollupTable(otherPlaces, doc, maxRows: 20, into: &out, what: "places below the failing severity")
        }

        if let larger = doc.largerText { out.add(largerTextSection(larger)) }

        // Checks: those with groups; the others by name.
        let byCheck = doc.groupIndicesByCheck()
        let ids = TerminalReporter.checkIds(doc)
        let withGroups = ids.filter { !(byCheck[$0] ?? []).isEmpty }
        if !withGroups.isEmpty {
            var table = "| Check | Severity | Groups | New | Worse | Failing | Occurrences |\n|---|---|---:|---:|---:|---:|---:|\n"
            for id in withGroups {
                let gs = byCheck[id] ?? []
                let sev = doc.checks.first { $0.id == id }?.severity.rawValue ?? ""
                table += "| \(cell(short(id))) | \(sev) | \(gs.count) | \(gs.count(where: { groups[$0].status == .new })) | "
                    + "\(gs.count(where: { groups[$0].status == .worse })) | \(gs.count(where: { doc.isFailing(groups[$0]) })) | "
                    + "\(gs.reduce(0) { $0 + groups[$1].occurrences.count }) |\n"
            }
            if !out.add("### Checks\n\n" + table + "\n") { out.omit(1, "table of checks") }
        }
        let quiet = ids.filter { (byCheck[$0] ?? []).isEmpty }
        if !quiet.isEmpty {
            out.add("\(quiet.count) other check\(quiet.count == 1 ? "" : "s") found nothing: "
                + quiet.prefix(40).map { cell(short($0)) }.joined(separator: ", ") + (quiet.count > 40 ? ", …" : "") + ".\n\n")
        }
        if !out.add(webTable(doc)) { out.omit(1, "table of web views") }  // WebPageSnapshot.swift
        rowsVisibleTable(doc, maxRows: 20, into: &out)

        let new = doc.newWorstFirst()
        if !new.isEmpty {
            out.add("<details><summary>\(new.count) new group\(new.count == 1 ? "" : "s"), worst first</summary>\n\n", reserved: true)
            out.add("| Severity | Check | Key | Where | Sizes and devices | Worst | Source |\n|---|---|---|---|---|---|---|\n")
            var left = 0
            for (n, index) in new.enumerated() {
                guard n < maxGroups else { left += 1; continue }
                let g = groups[index]
                let key = g.key.stringKey.map { "`\(code(short($0 + (g.key.variant.map { " " + $0 } ?? ""))))`" } ?? ""
                // A literal text's group names its locales.
                let locale = (g.key.locale.map { [$0] } ?? g.locales).map { " (\(cell(short($0.joined(separator: ", ")))))" } ?? ""
                let severity = g.severity.rawValue + (g.certainty == .measured ? "" : " (\(g.certainty.label))")
                    + (g.status == .worse ? " (worse)" : "")
                let where_ = g.key.place.isEmpty ? cell(short(g.key.subject)) : cell(short(g.key.place))
                let source = g.source.map { "`\(code(short($0.file))):\($0.line)`" } ?? ""
                let row = "| \(severity) | \(cell(short(g.checkId))) | \(key)\(locale) | \(where_) | "
                    + "\(cell(short(g.places(scope: doc.scope.categories), 300))) | \(cell(short(g.message, 300))) | \(source) |\n"
                if !out.add(row) { left += 1 }
            }
            if left > 0 { out.omit(left, "new groups"); out.add("\n…and \(left) more new groups.\n", reserved: true) }
            out.add("\n</details>\n", reserved: true)
        }
        if !out.omitted.isEmpty {
            out.add("\n**Left out here**: " + out.omitted.joined(separator: ", ")
                + ". Every group is in report.html (the workflow's artifact) and report.json.\n", reserved: true)
        }
        return out.text
    }

    /// The Larger Text section: the verdict, the first blockers (`LargerText.markdownCap`), the
    /// count of the rest and of the findings listed apart.
    static func largerTextSection(_ t: LargerText) -> String {
        var s = "### Larger Text (App Store label): " + (t.isReady ? "✅ ready" : "❌ not ready, \(t.blockers.count) blocker\(t.blockers.count == 1 ? "" : "s")") + "\n\n"
        if t.isReady { s += "Text reaches at least 200 % of its size at Large, and none is truncated or clipped at AX1–AX5.\n" }
        for b in t.blockers.prefix(LargerText.markdownCap) { s += "- " + cell(short(b.summary, 300)) + "\n" }
        if t.blockers.count > LargerText.markdownCap {
            s += "- …and \(t.blockers.count - LargerText.markdownCap) more (report.html, report.json)\n"
        }
        if !t.uncertain.isEmpty {
            s += "\n\(t.uncertain.count) more estimated, unverified or at risk (not blockers; report.html).\n"
        }
        return s + "\n"
    }

    /// Text kept under a limit: a part is added only when it fits (parts `reserved` use the
    /// limit's margin); what was left out is named.
    struct Budget {
        var limit: Int
        var text = ""
        var length = 0
        var omitted: [String] = []

        /// Adds `part` when it fits; false when it was left out.
        @discardableResult
        mutating func add(_ part: String, reserved: Bool = false) -> Bool {
            let n = part.utf16.count
            guard length + n <= limit + (reserved ? 1_000 - 100 : 0) else { return false }
            text += part
            length += n
            return true
        }

        mutating func omit(_ count: Int, _ what: String) { omitted.append("\(count) \(what)") }
    }

    /// At most `limit` characters of `s` (whole characters), "…" where cut.
    static func short(_ s: String, _ limit: Int = 160) -> String {
        guard s.utf16.count > limit else { return s }
        var out = ""
        for c in s {
            if out.utf16.count + c.utf16.count > limit - 1 { break }
            out.append(c)
        }
        return out + "…"
    }

    /// The roll-ups as a table: where (element and source), severity, checks, locales, sizes and
    /// devices, and the fix.
    static func rollupTable(_ rollups: [Rollup], _ doc: ReportDocument, maxRows: Int, into out: inout Budget, what: String) {
        out.add("| Where | Checks | Locales | Sizes and devices | Fix |\n|---|---|---|---|---|\n")
        var left = 0
        for (i, r) in rollups.enumerated() {
            guard i < maxRows else { left += 1; continue }
            let source = r.source.map { " `\(code(short($0.file))):\($0.line)`" } ?? ""
            let groups = r.groups > 1 ? " (\(r.groups) groups)" : ""
            let row = "| \(cell(short(r.element)))\(source) | \(r.severity.rawValue): \(cell(short(r.checks.joined(separator: ", "), 200)))\(groups) | "
                + "\(cell(short(r.localeList(), 200))) | \(cell(short(r.sizesAndDevices(scope: doc.scope.categories), 300))) | "
                + "\(cell(short(r.hints.joined(separator: "; "), 300))) |\n"
            if !out.add(row) { left += 1 }
        }
        if left > 0 {
            out.omit(left, what)
            out.add("\n…and \(left) more (report.html, report.json).\n", reserved: true)
        }
        out.add("\n")
    }

    /// Rows visible on the list screens (`Scope.lists`): screen × device rows, worst first (the
    /// fewest rows visible at the largest size), category columns; a cell is the fewest rows
    /// visible over the locales, with the locale named when the document has more than one. At
    /// most `maxRows` rows.
    static func rowsVisibleTable(_ doc: ReportDocument, maxRows: Int, into out: inout Budget) {
        let lists = Set(doc.scope.lists)
        let all = doc.rowsVisible.filter { lists.contains($0.screen) }
        guard !all.isEmpty else { return }
        let cats = doc.scope.categories
        let several = Set(all.map(\.locale)).count > 1
        struct Pair: Hashable { var screen, device: String }
        var order: [Pair] = []
        var series: [Pair: [RowsVisibleSeries]] = [:]
        for s in all {
            let p = Pair(screen: s.screen, device: s.device)
            if series[p] == nil { order.append(p) }
            series[p, default: []].append(s)
        }
        /// The fewest rows visible at category i, and its locale.
        func fewest(_ list: [RowsVisibleSeries], _ i: Int) -> (Double, String)? {
            var best: (Double, String)?
            for s in list {
                guard i < s.values.count, let v = s.values[i], v.isFinite else { continue }
                if let b = best, b.0 <= v { continue }
                best = (v, s.locale)
            }
            return best
        }
        // Worst first: the fewest rows at the largest category laid out; then config order.
        let worst = order.map { p -> Double in
            let list = series[p] ?? []
            return cats.indices.reversed().lazy.compactMap { fewest(list, $0)?.0 }.first ?? .infinity
        }
        let ranked = order.indices.sorted { worst[$0] != worst[$1] ? worst[$0] < worst[$1] : $0 < $1 }
        out.add("### Rows visible on list screens" + (several ? " (fewest over the locales, locale named)" : " (\(cell(short(all[0].locale))))")
            + ", worst first\n\n")
        out.add("| Screen | Device | " + cats.map(ContentSizeCategory.shortName(of:)).joined(separator: " | ") + " |\n"
            + "|---|---|" + String(repeating: "---:|", count: cats.count) + "\n")
        var left = 0
        for (n, i) in ranked.enumerated() {
            guard n < maxRows else { left += 1; continue }
            let p = order[i]
            let list = series[p] ?? []
            let values = cats.indices.map { i -> String in
                guard let best = fewest(list, i) else { return "–" }
                return ReportText.number(best.0) + (several ? " (\(cell(short(best.1, 40))))" : "")
            }
            if !out.add("| \(cell(short(p.screen))) | \(cell(short(p.device))) | " + values.joined(separator: " | ") + " |\n") { left += 1 }
        }
        if left > 0 {
            out.omit(left, "rows-visible rows")
            out.add("\n…and \(left) more screen × device rows (report.html, report.json).\n", reserved: true)
        }
        out.add("\n")
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
