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

/// The human summary printed at the end of `typefit audit`. By default it fits `screenLines`
/// lines whatever the size of the app; `--verbose` adds the tables.
public enum TerminalReporter {
    /// The default summary's length at most, in lines.
    public static let screenLines = 40

    /// Renders by default (at most `screenLines` lines): a header; one line per check that has
    /// groups; the failing roll-ups (`ReportDocument.rollups`: element, line to change, checks,
    /// locales, sizes and devices, fix), as many as fit; one line each for the fixed baseline
    /// groups and the other new places; the verdict. `verbose`: instead, a table by check (groups,
    /// new, worse, baselined, failing, occurrences), a table by check × category (xS…AX5,
    /// occurrences), the fixed baseline groups (at most 10, then a count), every failing roll-up
    /// (at most `limit`), the new groups worst first (`ReportDocument.worstFirst`), at most `limit`,
    /// then the count of the rest; then the verdict.
    /// ANSI escapes only when `colors` is true.
    /// `normalized`: `document` is already `normalized()`.
    public static func render(_ document: ReportDocument, colors: Bool, limit: Int = 40, verbose: Bool = false,
                              normalized: Bool = false) -> String {
        let stream = ReportStream()
        write(document, colors: colors, limit: limit, verbose: verbose, to: stream, normalized: normalized)
        return String(decoding: stream.data, as: UTF8.self)
    }

    /// Writes what `render` returns into `stream`.
    public static func write(_ document: ReportDocument, colors: Bool, limit: Int = 40, verbose: Bool = false,
                             to stream: ReportStream, normalized isNormalized: Bool = false) {
        let doc = isNormalized ? document : document.normalized()
        if !verbose {
            stream.write(summary(doc, Palette(on: colors)))
            return
        }
        let s = Palette(on: colors)
        var out = ""
        out += s.bold("\(doc.tool.name) \(doc.tool.version)") + " — \(shown(doc.config))"
        out += " (fail on: \(doc.failOn.rawValue)" + (doc.baseline.map { ", baseline: \(shown($0))" } ?? "") + ")\n"
        if let system = doc.systemText { out += shown(system.summary) + "\n" }
        if let counts = doc.certaintyCounts { out += "Groups: \(counts)\n" }
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

        let places = doc.rollups.filter(\.failing)
        if !places.isEmpty {
            out += s.bold("Fix first (\(places.count) place\(places.count == 1 ? "" : "s")):") + "\n"
            for r in places.prefix(limit) { out += rollupLine(r, doc, s) + "\n" }
            if places.count > limit { out += "  …and \(places.count - limit) more places (report.md, report.html, report.json)\n" }
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

    /// The default summary (see `render`), at most `screenLines` lines.
    static func summary(_ doc: ReportDocument, _ s: Palette) -> String {
        var head = s.bold("\(doc.tool.name) \(doc.tool.version)") + " — \(short(doc.config))"
        head += " (fail on: \(doc.failOn.rawValue)" + (doc.baseline.map { ", baseline: \(short($0))" } ?? "") + ")\n"
        if let system = doc.systemText { head += short(system.summary, 200) + "\n" }
        if let counts = doc.certaintyCounts { head += "Groups: \(counts)\n" }
        var tail: [String] = []
        if !doc.fixed.isEmpty {
            tail.append(s.green("Fixed since the baseline: \(doc.fixed.count) group\(doc.fixed.count == 1 ? "" : "s") — run `typefit audit --update-baseline` to drop them."))
        }
        let others = doc.rollups.filter { !$0.failing }
        if !others.isEmpty {
            tail.append("Other new findings, below \(doc.failOn.rawValue): \(others.count) place\(others.count == 1 ? "" : "s") (report.md; --verbose).")
        }
        let failing = doc.groups.indices.filter { doc.isFailing(doc.groups[$0]) }
        let places = doc.rollups.filter(\.failing)
        if failing.isEmpty {
            let new = doc.groups.count(where: \.isNew)
            tail.append(new == 0 ? s.green("✔ No new findings.") : s.green("✔ No new findings at or above \(doc.failOn.rawValue)."))
        } else {
            let occurrences = failing.reduce(0) { $0 + doc.groups[$1].occurrences.count }
            tail.append(s.red("✖ \(failing.count) new failing group\(failing.count == 1 ? "" : "s") (\(occurrences) occurrence\(occurrences == 1 ? "" : "s")) in \(places.count) place\(places.count == 1 ? "" : "s")."))
        }
        // Lines: header, blank, checks (+ heading), blank, places (+ heading, + "more"), blank, tail.
        let headLines = head.count(where: { $0 == "\n" })
        let byCheck = doc.groupIndicesByCheck()
        let ids = checkIds(doc).filter { !(byCheck[$0] ?? []).isEmpty }
        let fixed = headLines + 1 + 1 + 1 + tail.count + (places.isEmpty ? 0 : 3)
        let room = max(0, screenLines - fixed)
        // Places get at least 10 lines (or as many as there are); checks the rest.
        let placeLines = min(places.count, max(10, room - ids.count))
        let checkLines = min(ids.count, max(1, room - placeLines))
        var out = head + "\n"
        if ids.isEmpty {
            out += "No findings.\n"
        } else {
            out += s.bold("Checks with findings:") + "\n"
            // The checks with failing groups first when not all fit.
            let ranked = ids.indices.sorted { a, b in
                let fa = (byCheck[ids[a]] ?? []).count(where: { doc.isFailing(doc.groups[$0]) })
                let fb = (byCheck[ids[b]] ?? []).count(where: { doc.isFailing(doc.groups[$0]) })
                return fa != fb ? fa > fb : a < b
            }
            let shownChecks = ids.count <= checkLines ? Array(ids.indices) : Array(ranked.prefix(max(0, checkLines - 1))).sorted()
            let idWidth = min(28, shownChecks.map { ids[$0].count }.max() ?? 0)
            for i in shownChecks {
                let id = ids[i]
                let gs = byCheck[id] ?? []
                let new = gs.count(where: { doc.groups[$0].status == .new }), worse = gs.count(where: { doc.groups[$0].status == .worse })
                let baselined = gs.count(where: { doc.groups[$0].status == .baselined })
                let failingCount = gs.count(where: { doc.isFailing(doc.groups[$0]) })
                let severity = doc.checks.first { $0.id == id }?.severity ?? doc.groups[gs[0]].severity
                var parts = ["\(gs.count) group\(gs.count == 1 ? "" : "s")"]
                var detail: [String] = []
                if failingCount > 0 { detail.append(s.red("\(failingCount) failing")) }
                if new > 0 { detail.append("\(new) new") }
                if worse > 0 { detail.append("\(worse) worse") }
                if baselined > 0 { detail.append("\(baselined) baselined") }
                if !detail.isEmpty { parts[0] += " (" + detail.joined(separator: ", ") + ")" }
                let occurrences = gs.reduce(0) { $0 + doc.groups[$1].occurrences.count }
                parts.append("\(occurrences) occurrence\(occurrences == 1 ? "" : "s")")
                out += "  " + pad(short(id, 28), idWidth) + s.severity(severity) + "  " + parts.joined(separator: ", ") + "\n"
            }
            if shownChecks.count < ids.count {
                out += "  …and \(ids.count - shownChecks.count) more checks with findings (--verbose)\n"
            }
        }
        out += "\n"
        if !places.isEmpty {
            out += s.bold("Fix first (\(places.count) place\(places.count == 1 ? "" : "s"), worst first):") + "\n"
            for r in places.prefix(placeLines) { out += rollupLine(r, doc, s) + "\n" }
            if places.count > placeLines {
                out += "  …and \(places.count - placeLines) more places (report.md, report.html, report.json; --verbose)\n"
            }
            out += "\n"
        }
        out += tail.joined(separator: "\n") + "\n"
        return out
    }

    /// One roll-up on one line: severity, element, the line to change, checks, locales, where, the fix.
    static func rollupLine(_ r: Rollup, _ doc: ReportDocument, _ s: Palette) -> String {
        var parts = [s.severity(r.severity), short(r.element, 80)]
        if let src = r.source { parts.append(short(src.file, 80) + (src.line >= 1 ? ":\(src.line)" : "")) }
        parts.append(short(r.checks.joined(separator: ", "), 80))
        if !r.locales.isEmpty { parts.append(short(r.localeList(shown: 3), 60)) }
        let where_ = r.sizesAndDevices(scope: doc.scope.categories)
        if !where_.isEmpty { parts.append(short(where_, 120)) }
        if !r.hints.isEmpty { parts.append("→ " + short(r.hints.joined(separator: "; "), 200)) }
        return "  " + parts.joined(separator: "  ")
    }

    /// `shown(s)`, at most `limit` characters ("…" where cut), on one line.
    static func short(_ s: String, _ limit: Int = 120) -> String {
        let flat = shown(s.replacingOccurrences(of: "\n", with: " "))
        return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
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
