import DynamicType
import Foundation
import TestSupport
import Testing
@testable import Reports

@Suite struct TerminalTests {
    @Test func colourPolicy() {
        // NO_COLOR with any value, even empty, wins over everything (https://no-color.org).
        #expect(!TerminalStyle.shouldUseColors(environment: ["NO_COLOR": ""], isTTY: true))
        #expect(!TerminalStyle.shouldUseColors(environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"], isTTY: true))
        #expect(TerminalStyle.shouldUseColors(environment: ["FORCE_COLOR": "1"], isTTY: false))
        #expect(!TerminalStyle.shouldUseColors(environment: ["FORCE_COLOR": "0"], isTTY: false))
        #expect(!TerminalStyle.shouldUseColors(environment: ["TERM": "dumb"], isTTY: true))
        #expect(!TerminalStyle.shouldUseColors(environment: [:], isTTY: false))  // a pipe
        #expect(TerminalStyle.shouldUseColors(environment: ["TERM": "xterm-256color"], isTTY: true))
    }

    @Test func summaryContents() {
        let doc = Fixture.document()
        let plain = TerminalReporter.render(doc, colors: false, verbose: true)
        #expect(!plain.contains("\u{1B}"))
        let coloured = TerminalReporter.render(doc, colors: TerminalStyle.shouldUseColors(environment: ["FORCE_COLOR": "1"], isTTY: false), verbose: true)
        #expect(coloured.contains("\u{1B}[31m") || coloured.contains("\u{1B}[1;31m"))
        let noColor = TerminalReporter.render(doc, colors: TerminalStyle.shouldUseColors(environment: ["NO_COLOR": "1"], isTTY: true), verbose: true)
        #expect(noColor == plain)

        let lines = plain.split(separator: "\n").map(String.init)
        func row(_ prefix: String, after header: String) -> [String]? {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return nil }
            return lines[start...].first { $0.hasPrefix(prefix + " ") }?.split(separator: " ").map(String.init)
        }
        // By check (hand counts in Expected): groups, new, worse, baselined, failing, occurrences.
        #expect(row("Check", after: "Check") == ["Check", "groups", "new", "worse", "baselined", "failing", "occurrences"])
        #expect(row("text.truncated", after: "Check") == ["text.truncated", "3", "3", "0", "0", "3", "27"])
        // text.clipped: en baselined, ar new; warnings do not fail (failOn error).
        #expect(row("text.clipped", after: "Check") == ["text.clipped", "2", "1", "0", "1", "0", "32"])
        #expect(row("text.autoshrink", after: "Check") == ["text.autoshrink", "0", "0", "0", "0", "0", "0"])
        #expect(row("Occurrences", after: "Occurrences by category")
            == ["Occurrences", "by", "category", "xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        // text.truncated by category: xxxL 1 (Contacts SE); AX1, AX2 4 (Contacts × 2 devices + Settings en × 2);
        // AX3…AX5 6 (+ Settings ar × 2). 1 + 4 + 4 + 6 + 6 + 6 = 27.
        #expect(row("text.truncated", after: "Occurrences by category") == ["text.truncated", "0", "0", "0", "0", "0", "0", "1", "4", "4", "6", "6", "6"])
        #expect(row("text.clipped", after: "Occurrences by category") == ["text.clipped", "0", "0", "0", "0", "4", "4", "4", "4", "4", "4", "4", "4"])
        #expect(plain.contains("New groups, worst first (6):"))
        // 11 + 10 + 6 occurrences in the three failing groups.
        #expect(plain.contains("✖ 3 new failing groups (27 occurrences)."))
        // The worst group first, one line: place, summary, file:line. The summary says where each part
        // happens: the name needs 15.533 em, so it is truncated where 15.533 × size > the width —
        // on iPhone SE (343 pt) from 23 pt (xxxL), on iPhone 15 Pro (361 pt) from 28 pt (AX1).
        let newGroups = try! #require(lines.firstIndex { $0.hasPrefix("New groups, worst first") })
        let listed = lines[newGroups...].filter { $0.hasPrefix("  error") || $0.hasPrefix("  warning") || $0.hasPrefix("  info") }
        #expect(listed.count == 6)
        #expect(listed.first == "  error    new    text.truncated  Contacts / contact-1 / name  contact.name (en): text is truncated "
            + "from xxxL to AX5 on iPhone SE; from AX1 to AX5 on iPhone 15 Pro; needs 823.249 pt, has 343 pt  "
            + "Examples/ContactsApp/en.lproj/Localizable.strings:12")
        // The baselined en clipped group is not listed.
        #expect(!listed.contains { $0.contains("text.clipped") && $0.contains("(en)") })
    }

    /// Default output fits 40 lines whatever the app; `verbose` 300: 10,000 new groups (10,000 labels,
    /// so 10,000 places) give the summary, 40 groups and the count of the rest.
    @Test func fitsAScreen() {
        var findings: [Finding] = []
        for i in 0..<10_000 {
            findings.append(Finding(checkId: "text.truncated", severity: .error, message: "m", screen: "S\(i % 7)", row: "r\(i)",
                                    label: "l", device: "iPhone SE", category: ContentSizeCategory(rawValue: Fixture.categories[11]), locale: "de",
                                    stringKey: "k\(i)", figures: ["lines": 3, "maxLines": 1]))
        }
        let doc = ReportDocument(tool: ToolInfo(version: "1"), config: "c.yml",
                                 scope: Scope(categories: Fixture.categories, devices: ["iPhone SE"], locales: ["de"]),
                                 checks: Fixture.checks, findings: findings, screens: [], fonts: [])
        // By default: header, blank, "Checks with findings:", the one check, blank, "Fix first", 31
        // places, "…and 9969 more places", blank, the verdict = 40 lines.
        let short = TerminalReporter.render(doc, colors: false)
        #expect(short.split(separator: "\n", omittingEmptySubsequences: false).count - 1 == 40)
        #expect(short.contains("  …and 9969 more places"))
        #expect(short.hasSuffix("✖ 10000 new failing groups (10000 occurrences) in 10000 places.\n"))
        let out = TerminalReporter.render(doc, colors: false, verbose: true)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 300)
        #expect(out.contains("  …and 9960 more new groups"))
        #expect(out.contains("k0 (de): text is truncated at AX5 on iPhone SE; needs 3 lines, has 1"))
    }

    @Test func passingRun() {
        var doc = Fixture.document()
        doc.failOn = .error
        doc.groups = doc.groups.filter { $0.severity != .error }
        let out = TerminalReporter.render(doc, colors: false)
        #expect(out.contains("✔ No new findings at or above error."))
        #expect(!out.contains("✖"))
    }

    @Test func fixedGroupsAreNamed() {
        var doc = Fixture.document()
        doc.fixed = [FixedGroup(key: GroupKey(checkId: "text.truncated", screen: "Settings", row: "r", label: "l",
                                              stringKey: "settings.gone", locale: "de"), message: "m")]
        #expect(TerminalReporter.render(doc, colors: false).contains("Fixed since the baseline: 1 group — run `typefit audit --update-baseline` to drop them.\n"))
        let out = TerminalReporter.render(doc, colors: false, verbose: true)
        #expect(out.contains("Fixed since the baseline (1) — run `typefit audit --update-baseline` to drop them:\n"
            + "  fixed    text.truncated  settings.gone (de)  Settings / r / l\n"))
    }
}

@Suite struct MarkdownTests {
    @Test func prComment() {
        let md = MarkdownReporter.render(Fixture.document())
        // The three failing groups are the truncated Contacts name (en) and the Settings label in en
        // and ar: two places, listed first.
        #expect(md.hasPrefix("## ❌ TypeFit: 3 new failing groups (27 occurrences) in 2 places\n"))
        let fixFirst = md.range(of: "### Fix first (2 places)\n\n| Where | Checks | Locales | Sizes and devices | Fix |")
        let checks = md.range(of: "### Checks")
        #expect(fixFirst != nil && checks != nil && fixFirst!.lowerBound < checks!.lowerBound)
        // Table by check: groups, new, worse, failing, occurrences (hand counts in Expected).
        #expect(md.contains("| text.truncated | error | 3 | 3 | 0 | 3 | 27 |"))
        #expect(md.contains("| text.clipped | warning | 2 | 1 | 0 | 0 | 32 |"))
        #expect(md.contains("| rows.minimumVisible | warning | 1 | 1 | 0 | 0 | 1 |"))
        // Rows visible, fewest over en and ar with the locale named; worst first (fewest at AX5).
        // Contacts / iPhone SE (en only): min(12, 554 / (2 × leading + 22)):
        // xS 554/60 = 9.233, S 554/62 = 8.935, M 554/64 = 8.656, L 554/66 = 8.394, xL 554/70 = 7.914,
        // xxL 554/74 = 7.486, xxxL 554/80 = 6.925, AX1 554/90 = 6.156, AX2 554/102 = 5.431,
        // AX3 554/118 = 4.695, AX4 554/134 = 4.134, AX5 554/146 = 3.795.
        #expect(md.contains("### Rows visible on list screens (fewest over the locales, locale named), worst first"))
        #expect(md.contains("| Contacts | iPhone SE | 9.233 (en) | 8.935 (en) | 8.656 (en) | 8.394 (en) | 7.914 (en) | 7.486 (en) | "
            + "6.925 (en) | 6.156 (en) | 5.431 (en) | 4.695 (en) | 4.134 (en) | 3.795 (en) |"))
        // Settings: fixed 44 pt rows, min(10, 554/44 = 12.59) = 10 in both locales (the first locale named on a tie).
        #expect(md.contains("| Settings | iPhone SE | " + Array(repeating: "10 (en)", count: 12).joined(separator: " | ") + " |"))
        let settings = md.range(of: "| Settings | iPhone SE |")?.lowerBound
        let contacts = md.range(of: "| Contacts | iPhone SE |")?.lowerBound
        #expect(settings != nil && contacts != nil && contacts! < settings!)
        // The 6 new groups in a collapsed table, worst first, with key, place, the sizes on each device
        // (iPhone SE from 23 pt = xxxL, iPhone 15 Pro from 28 pt = AX1, as the terminal test shows), the
        // worst occurrence's message (AX5, 15.533 × 53 = 823.249 pt on the narrower iPhone SE) and file:line.
        #expect(md.contains("<details><summary>6 new groups, worst first</summary>\n\n| Severity | Check | Key | Where | Sizes and devices | Worst | Source |"))
        #expect(md.contains("| error | text.truncated | `contact.name` (en) | Contacts / contact-1 / name | "
            + "from xxxL to AX5 on iPhone SE; from AX1 to AX5 on iPhone 15 Pro | "
            + "“Grace Hopper-Lovelace Johnson” needs 823.249 pt but the label has 343 pt. | "
            + "`Examples/ContactsApp/en.lproj/Localizable.strings:12` |"))
        let rows = md.split(separator: "\n").filter { $0.hasPrefix("| error |") || $0.hasPrefix("| warning |") || $0.hasPrefix("| info |") }
        #expect(rows.count == 6)
        let capped = MarkdownReporter.render(Fixture.document(), maxGroups: 2)
        #expect(capped.contains("…and 4 more new groups."))
        #expect(capped.contains("**Left out here**: 4 new groups. Every group is in report.html"))
        #expect(MarkdownReporter.cell("a|b\nc") == "a\\|b c")
    }

    @Test func greenHeadline() {
        var doc = Fixture.document()
        doc.groups = doc.groups.filter { $0.severity == .info }
        let md = MarkdownReporter.render(doc.rollingUp())
        #expect(md.hasPrefix("## ✅ TypeFit: no new failing findings\n"))
        #expect(!md.contains("### Fix first"))
        #expect(md.contains("<details><summary>1 new group, worst first</summary>"))
    }
}

@Suite struct GitHubAnnotationTests {
    @Test func escaping() {
        // GitHub's rules (actions/toolkit command.ts escapeData / escapeProperty).
        #expect(GitHubAnnotations.escapeData("100% done\r\nnext") == "100%25 done%0D%0Anext")
        #expect(GitHubAnnotations.escapeData("a: b, c") == "a: b, c")
        #expect(GitHubAnnotations.escapeProperty("a: b, c%") == "a%3A b%2C c%25")
        #expect(GitHubAnnotations.escapeProperty("C:\\x,y\n") == "C%3A\\x%2Cy%0A")
    }

    @Test func runningInActions() {
        #expect(GitHubAnnotations.isRunningInActions(environment: ["GITHUB_ACTIONS": "true"]))
        #expect(!GitHubAnnotations.isRunningInActions(environment: ["GITHUB_ACTIONS": "false"]))
        #expect(!GitHubAnnotations.isRunningInActions(environment: [:]))
    }

    @Test func annotations() {
        let out = GitHubAnnotations.render(Fixture.document())
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == Expected.new)  // one per new group; the baselined one is not annotated
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 2)  // ar clipped + rows
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1)
        #expect(lines.first ==
            "::error file=Examples/ContactsApp/en.lproj/Localizable.strings,line=12,title=Text is truncated (Contacts / contact-1 / name)"
            + "::contact.name (en): text is truncated from xxxL to AX5 on iPhone SE; from AX1 to AX5 on iPhone 15 Pro; needs 823.249 pt, has 343 pt"
            + "%0A“Grace Hopper-Lovelace Johnson” needs 823.249 pt but the label has 343 pt.")
        // No source → the config file, no line.
        #expect(lines.contains("::warning file=Examples/ContactsApp/typefit.yml,title=Too few rows visible (Contacts)"
            + "::Contacts (en): too few rows visible at AX5 on iPhone SE; shows 3.795 rows, needs 4%0AOnly 3.795 rows are visible; at least 4 are required."))
        // The ink message's "%" escaped in the message, "," kept.
        #expect(lines.contains { $0.hasPrefix("::notice ") && $0.contains("by 1.5 pt (3%25), above the row") })
        // A limit of 2: the two worst groups, then the count of the other 4; a fixed group is counted too.
        var doc = Fixture.document()
        doc.fixed = [FixedGroup(key: GroupKey(checkId: "text.truncated", stringKey: "gone", locale: "de"), message: "m")]
        let capped = GitHubAnnotations.render(doc, limit: 2).split(separator: "\n").map(String.init)
        #expect(capped.count == 4)
        #expect(capped[2] == "::notice file=Examples/ContactsApp/typefit.yml,title=More new findings::…and 4 more new groups (see report.md, report.html or report.sarif)")
        #expect(capped[3] == "::notice file=Examples/ContactsApp/typefit.yml,title=Fixed since the baseline::1 baseline groups no longer occur — run `typefit audit --update-baseline`")
        #expect(GitHubAnnotations.render(doc).split(separator: "\n").last
            == "::notice file=Examples/ContactsApp/typefit.yml,title=Fixed since the baseline::text.truncated gone (de): no longer occurs — run `typefit audit --update-baseline`")
    }
}

@Suite struct JUnitTests {
    @Test func validatesAgainstJUnitXSD() throws {
        let dir = try ScratchDirectory()
        let file = dir.url.appendingPathComponent("junit.xml")
        try Data(JUnitReporter.render(Fixture.document()).utf8).write(to: file)
        let xsd = Repository.url("Tests/ReportsTests/Schemas/junit-10.xsd").path
        let r: ProcessOutput
        do {
            r = try Run.run(["xmllint", "--noout", "--schema", xsd, file.path])
        } catch {
            Issue.record("xmllint could not run (apt-get install libxml2-utils): \(error)")
            return
        }
        #expect(r.status == 0, "junit.xml does not validate: \(r.stderr)")
        #expect(r.stderr.contains("validates"), "xmllint did not report validation: \(r.stderr)")
    }

    @Test func structure() {
        let xml = JUnitReporter.render(Fixture.document())
        #expect(xml.contains("<testsuites name=\"typefit\" tests=\"7\" failures=\"3\" errors=\"0\">"))
        #expect(xml.contains("<testsuite name=\"text.truncated\" tests=\"3\" failures=\"3\" errors=\"0\" skipped=\"0\">"))
        #expect(xml.contains("<testsuite name=\"text.clipped\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<testsuite name=\"text.autoshrink\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">"))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 7)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 3)
        #expect(xml.contains("name=\"Contacts / contact-1 / name — contact.name (en)\""))
        #expect(xml.contains("11 occurrences</failure>"))
        #expect(XML.escape("a\"<b>&'\n\u{1}") == "a&quot;&lt;b&gt;&amp;&#39;&#10;")
        // Text with nothing to escape comes back as it is; U+FFFE and U+FFFF are dropped, other
        // scalars whose UTF-8 starts with 0xEF (U+FF09 "）", EF BC 89) are kept.
        #expect(XML.escape("Réglages — 設定 👍") == "Réglages — 設定 👍")
        #expect(XML.escape("a\u{FFFF}b\u{FFFE}（c）") == "ab（c）")
    }
}

@Suite struct RollupTests {
    static func truncated(_ row: String, _ category: Int, lines: Double, needed: Double, label: String = "l") -> Finding {
        Finding(checkId: "text.truncated", severity: .error, message: "m", screen: "S", row: row, label: label, device: "iPhone SE",
                category: ContentSizeCategory(rawValue: Fixture.categories[category]), locale: "de", stringKey: "k",
                figures: ["lines": lines, "maxLines": 1, "neededWidth": needed, "availableWidth": 343])
    }

    static let checks = [
        CheckDescriptor(id: "text.truncated", title: "Text is truncated", rationale: "r", defaultSeverity: .error, severity: .error,
                        fix: .linesOrWidth(lines: "lines", limit: "maxLines", needed: "neededWidth", available: "availableWidth")),
        CheckDescriptor(id: "ui.fixed-font", title: "Fixed font", rationale: "r", defaultSeverity: .warning, severity: .warning,
                        fix: .textStyle(pointSize: "pointSize")),
        CheckDescriptor(id: "ui.fixed-height", title: "Fixed height", rationale: "r", defaultSeverity: .error, severity: .error,
                        fix: .removeFixed(height: "heightConstraint", what: "height")),
    ]

    /// One label's findings of three checks roll up to one place with a hint per check, computed
    /// by hand: at xL (index 4) it needs 2 lines and 500 − 343 = 157 pt more; at AX1 (index 7) 3
    /// lines and 700 − 343 = 357 pt. So 3 lines fit everywhere, 2 up to xL (xxL has no finding but
    /// is not a run from xL through AX1's need), and a one-line label needs 357 pt more at AX1.
    @Test func rollsUpPerElementWithHints() {
        var findings = [Self.truncated("r", 4, lines: 2, needed: 500), Self.truncated("r", 7, lines: 3, needed: 700)]
        findings.append(Finding(checkId: "ui.fixed-font", severity: .warning, message: "m", screen: "S", row: "r", label: "l",
                                figures: ["pointSize": 15]))
        findings.append(Finding(checkId: "ui.fixed-height", severity: .error, message: "m", screen: "S", row: "r", label: "l",
                                figures: ["heightConstraint": 44]))
        findings.append(Self.truncated("other", 11, lines: 2, needed: 400))
        let doc = ReportDocument(tool: ToolInfo(version: "1"), config: "c.yml",
                                 scope: Scope(screens: ["S"], categories: Fixture.categories, devices: ["iPhone SE"], locales: ["de"]),
                                 checks: Self.checks, findings: findings, screens: [], fonts: [])
        #expect(doc.rollups.count == 2)
        let first = doc.rollups[0]
        #expect(first.element == "S / r / l" && first.groups == 3 && first.failing)
        #expect(Set(first.checks) == ["text.truncated", "ui.fixed-font", "ui.fixed-height"])
        #expect(first.hints.contains("allow 3 lines (2 fit up to xL) or 357 pt more width at AX1"))
        #expect(first.hints.contains("use a text style instead of 15 pt"))
        #expect(first.hints.contains("remove the fixed 44 pt height"))
        // The other label: 2 lines at AX5 only (no smaller count to name), 400 − 343 = 57 pt.
        #expect(doc.rollups[1].hints == ["allow 2 lines or 57 pt more width at AX5"])
    }

    /// report.md stays under 60,000 characters however many and however long the groups are, and
    /// says what it left out; the terminal stays at 40 lines.
    @Test func markdownStaysUnderTheLimit() {
        let long = String(repeating: "Wörter_@|", count: 200)
        let findings = (0..<3_000).map { Self.truncated("r\($0)" + long, 11, lines: 4, needed: 900, label: long) }
        let doc = ReportDocument(tool: ToolInfo(version: "1"), config: long,
                                 scope: Scope(screens: ["S"], categories: Fixture.categories, devices: ["iPhone SE"], locales: ["de"]),
                                 checks: Self.checks, findings: findings, screens: [], fonts: [])
        let md = MarkdownReporter.render(doc)
        #expect(md.utf16.count <= 60_000)
        #expect(md.hasPrefix("## ❌ TypeFit: 3000 new failing groups (3000 occurrences) in 3000 places\n"))
        #expect(md.contains("**Left out here**: "))
        #expect(TerminalReporter.render(doc, colors: false).split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 40)
    }
}
