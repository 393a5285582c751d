import DynamicType
import TypeFitSupport

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

/// The human summary printed at the end of `typefit audit`. It fits a screen whatever the size of
/// the app: its length depends on the number of checks and categories, not of findings.
public enum TerminalReporter {
    /// Renders: a header; a table by check (groups, new, worse, baselined, failing, occurrences); a
    /// table by check × category (12 columns xS…AX5, occurrences); the baseline groups that no longer
    /// occur (at most 10, then a count); then the new groups worst first (`ReportDocument.worstFirst`),
    /// one line each, at most `limit`, then the count of the rest; then the verdict.
    /// ANSI escapes only when `colors` is true.
    /// `normalized`: `document` is already `normalized()`.
    public static func render(_ document: ReportDocument, colors: Bool, limit: Int = 40, normalized: Bool = false) -> String {
        let stream = ReportStream()
        write(document, colors: colors, limit: limit, to: stream, normalized: normalized)
        return String(decoding: stream.data, as: UTF8.self)
    }

    /// Writes what `render` returns into `stream`.
    public static func write(_ document: ReportDocument, colors: Bool, limit: Int = 40, to stream: ReportStream,
                             normalized isNormalized: Bool = false) {
        let doc = isNormalized ? document : document.normalized()
        let s = Palette(on: colors)
        var out = ""
        out += s.bold("\(doc.tool.name) \(doc.tool.version)") + " — \(shown(doc.config))"
        out += " (fail on: \(doc.failOn.rawValue)" + (doc.baseline.map { ", baseline: \(shown($0))" } ?? "") + ")\n"
        if let system = doc.systemText { out += shown(system.summary) + "\n" }
        out += "\n"

        // By check.
        let ids = checkIds(doc)
        let byCheck = doc.groupIndicesByCheck()
        let idWidth = max(5, ids.map(\.count).max() ?? 0)
        let cols = ["groups", "new", "worse", "baselined", "failing", "occurrences"]
        out += s.bold(pad("Check", idWidth) + cols.map { lpad($0, 12) }.joined()) + "\n"
        for id in ids {
            let gs = byCheck[id] ?? []
            let values = doc.groups.withUnsafeBufferPointer { groups in
                [gs.count, gs.count(where: { groups[$0].status == .new }), gs.count(where: { groups[$0].status == .worse }),
                 gs.count(where: { groups[$0].status == .baselined }), gs.count(where: { doc.isFailing(groups[$0]) }),
                 gs.reduce(0) { $0 + groups[$1].occurrences.count }]
            }
            out += pad(shown(id), idWidth) + values.map { lpad(String($0), 12) }.joined() + "\n"
        }
        out += "\n"

        // By category: occurrences.
        let cats = doc.scope.categories
        let w = max(7, cats.map { ContentSizeCategory.shortName(of: $0).count + 1 }.max() ?? 0)
        let catWidth = max(idWidth, 23)
        out += s.bold(pad("Occurrences by category", catWidth) + cats.map { lpad(ContentSizeCategory.shortName(of: $0), w) }.joined()) + "\n"
        for id in ids {
            var counts = [Int](repeating: 0, count: cats.count)
            let index = Dictionary(cats.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            doc.groups.withUnsafeBufferPointer { groups in
                for g in byCheck[id] ?? [] {
                    // Occurrences per category of the group, then per scope category.
                    var perCategory = [Int](repeating: 0, count: groups[g].categories.count)
                    for o in groups[g].occurrences where perCategory.indices.contains(o.category) { perCategory[o.category] += 1 }
                    for (c, n) in zip(groups[g].categories, perCategory) where n > 0 {
                        if let i = index[c] { counts[i] += n }
                    }
                }
            }
            out += pad(shown(id), catWidth) + counts.map { lpad(String($0), w) }.joined() + "\n"
        }
        out += "\n"
        stream.write(out)
        out = ""

        // Fixed since the baseline.
        if !doc.fixed.isEmpty {
            out += s.green("Fixed since the baseline (\(doc.fixed.count)) — run `typefit audit --update-baseline` to drop them:") + "\n"
            for f in doc.fixed.prefix(10) {
                out += "  fixed    \(shown(f.key.checkId))  \(shown(f.key.subject))" + (f.key.label != nil && f.key.stringKey != nil ? "  \(shown(f.key.place))" : "") + "\n"
            }
            if doc.fixed.count > 10 { out += "  …and \(doc.fixed.count - 10) more\n" }
            out += "\n"
        }

        // New groups, worst first.
        let new = doc.newWorstFirst()
        let failing = doc.groups.indices.filter { doc.isFailing(doc.groups[$0]) }
        if new.isEmpty {
            out += s.green("✔ No new findings.") + "\n"
        } else {
            out += s.bold("New groups, worst first (\(new.count)):") + "\n"
            for g in new.prefix(limit) { out += line(doc.groups[g], doc, s) + "\n" }
            if new.count > limit {
                out += "  …and \(new.count - limit) more new group\(new.count - limit == 1 ? "" : "s") (every group is in report.md, report.html and report.json)\n"
            }
            out += "\n"
            if failing.isEmpty {
                out += s.green("✔ No new findings at or above \(doc.failOn.rawValue).") + "\n"
            }
        }
        if !failing.isEmpty {
            let occurrences = failing.reduce(0) { $0 + doc.groups[$1].occurrences.count }
            out += s.red("✖ \(failing.count) new failing group\(failing.count == 1 ? "" : "s") (\(occurrences) occurrence\(occurrences == 1 ? "" : "s")).") + "\n"
        }
        stream.write(out)
    }

    static func checkIds(_ doc: ReportDocument) -> [String] {
        Array(Set(doc.checks.map(\.id) + doc.groups.map(\.checkId))).sorted()
    }

    /// One group: severity, status, check, place, summary (with the message when the group has no
    /// figures to sum it up, such as a key typo's did-you-mean), source.
    static func line(_ g: FindingGroup, _ doc: ReportDocument, _ s: Palette) -> String {
        var parts = [s.severity(g.severity), g.status == .worse ? "worse" : "new  "]
        if g.certainty != .measured { parts.append(s.wrap("33", g.certainty.label)) }
        parts.append(shown(g.checkId))
        if g.key.stringKey != nil, !g.key.place.isEmpty { parts.append(shown(g.key.place)) }
        var summary = doc.summary(g)
        // An unverified group's message names the fallback font that measured it.
        if (g.worst.isEmpty || g.certainty == .unverified), !g.message.isEmpty { summary += ": " + g.message }
        parts.append(shown(summary.replacingOccurrences(of: "\n", with: " ")))
        if let src = g.source { parts.append(shown(src.file) + (src.line >= 1 ? ":\(src.line)" : "")) }
        if let reasons = g.worseIn, !reasons.isEmpty { parts.append("(worse: \(shown(reasons.joined(separator: ", "))))") }
        return "  " + parts.joined(separator: "  ")
    }

    /// Text from an input (a name, a key, a path, a message) as the terminal shows it: control and
    /// bidi characters written as `\u{…}` (`visible`), so it can neither act on the terminal nor
    /// start a line of its own. Every such text passes through here.
    static func shown(_ s: String) -> String { visible(s) }

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
