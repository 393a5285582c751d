import Foundation
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
        let plain = TerminalReporter.render(doc, colors: false)
        #expect(!plain.contains("\u{1B}"))
        let coloured = TerminalReporter.render(doc, colors: TerminalStyle.shouldUseColors(environment: ["FORCE_COLOR": "1"], isTTY: false))
        #expect(coloured.contains("\u{1B}[31m") || coloured.contains("\u{1B}[1;31m"))
        let noColor = TerminalReporter.render(doc, colors: TerminalStyle.shouldUseColors(environment: ["NO_COLOR": "1"], isTTY: true))
        #expect(noColor == plain)

        let lines = plain.split(separator: "\n").map(String.init)
        func row(_ prefix: String, after header: String) -> [String]? {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return nil }
            return lines[start...].first { $0.hasPrefix(prefix + " ") }?.split(separator: " ").map(String.init)
        }
        // By check: text.truncated 27 error, 0 warning, 0 info, 26 new, 1 baselined, 26 failing (see Expected).
        #expect(row("text.truncated", after: "Check") == ["text.truncated", "27", "0", "0", "26", "1", "26"])
        // text.clipped: 32 warnings, 16 new, 16 baselined, 0 failing (warning < failOn error).
        #expect(row("text.clipped", after: "Check") == ["text.clipped", "0", "32", "0", "16", "16", "0"])
        #expect(row("text.autoshrink", after: "Check") == ["text.autoshrink", "0", "0", "0", "0", "0", "0"])
        // By category header: the 12 short names.
        #expect(row("By", after: "By category") == ["By", "category", "xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        // text.truncated by category: xxxL 1 (Contacts SE); AX1, AX2 4 (Contacts × 2 devices + Settings en × 2);
        // AX3…AX5 6 (+ Settings ar × 2). 1 + 4 + 4 + 6 + 6 + 6 = 27.
        #expect(row("text.truncated", after: "By category") == ["text.truncated", "0", "0", "0", "0", "0", "0", "1", "4", "4", "6", "6", "6"])
        // clipped: xL…AX5, 4 each (2 devices × 2 locales).
        #expect(row("text.clipped", after: "By category") == ["text.clipped", "0", "0", "0", "0", "4", "4", "4", "4", "4", "4", "4", "4"])
        #expect(plain.contains("Failing findings (26):"))
        #expect(plain.contains("\ntext.truncated — Text is truncated (26)\n"))
        #expect(plain.contains("✖ 26 new failing findings."))
        // One failing line: Contacts / iPhone SE / xxxL: 15.533 × 23 = 357.259 needed, 343 available.
        let line = lines.first { $0.contains("Contacts / iPhone SE / xxxL / en") }
        #expect(line?.contains("key=contact.name") == true)
        #expect(line?.contains("width 357.259/343 pt, lines 1/1") == true)
        #expect(line?.contains("Examples/ContactsApp/en.lproj/Localizable.strings:12") == true)
        // The baselined AX5 one is not listed as failing.
        #expect(!lines.contains { $0.contains("Contacts / iPhone SE / AX5 / en") && $0.contains("text.truncated") })
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains("text.truncated") }.count == 26)
    }

    @Test func passingRun() {
        var doc = Fixture.document()
        doc.failOn = .error
        doc.findings = doc.findings.filter { $0.severity != .error }
        let out = TerminalReporter.render(doc, colors: false)
        #expect(out.contains("✔ No new findings at or above error."))
        #expect(!out.contains("Failing findings"))
    }
}

@Suite struct MarkdownTests {
    @Test func prComment() {
        let md = MarkdownReporter.render(Fixture.document())
        #expect(md.hasPrefix("## ❌ TypeFit: 26 new failing findings\n"))
        // Table by check: findings, new, failing (hand counts in Expected).
        #expect(md.contains("| text.truncated | error | 27 | 26 | 26 |"))
        #expect(md.contains("| text.clipped | warning | 32 | 16 | 0 |"))
        #expect(md.contains("| rows.minimumVisible | warning | 1 | 1 | 0 |"))
        // Rows visible, en. Contacts / iPhone SE: min(12, 554 / (2 × leading + 22)):
        // xS 554/60 = 9.233, S 554/62 = 8.935, M 554/64 = 8.656, L 554/66 = 8.394, xL 554/70 = 7.914,
        // xxL 554/74 = 7.486, xxxL 554/80 = 6.925, AX1 554/90 = 6.156, AX2 554/102 = 5.431,
        // AX3 554/118 = 4.695, AX4 554/134 = 4.134, AX5 554/146 = 3.795.
        #expect(md.contains("| Contacts | iPhone SE | 9.233 | 8.935 | 8.656 | 8.394 | 7.914 | 7.486 | 6.925 | 6.156 | 5.431 | 4.695 | 4.134 | 3.795 |"))
        // Settings: fixed 44 pt rows, min(10, 554/44 = 12.59) = 10 everywhere.
        #expect(md.contains("| Settings | iPhone SE | 10 | 10 | 10 | 10 | 10 | 10 | 10 | 10 | 10 | 10 | 10 | 10 |"))
        #expect(md.contains("| Screen | Device | xS | S | M | L | xL | xxL | xxxL | AX1 | AX2 | AX3 | AX4 | AX5 |"))
        // 44 new findings > 10 → collapsed; all 44 listed (cap 50).
        #expect(md.contains("<details><summary>44 new findings</summary>"))
        #expect(!md.contains("more."))
        let rows = md.split(separator: "\n").filter { $0.hasPrefix("| error |") || $0.hasPrefix("| warning |") || $0.hasPrefix("| info |") }
        #expect(rows.count == 44)
        // The ink message contains no pipe, but cells escape them; a cap of 10 leaves 34.
        let capped = MarkdownReporter.render(Fixture.document(), maxFindings: 10)
        #expect(capped.contains("…and 34 more."))
        #expect(MarkdownReporter.cell("a|b\nc") == "a\\|b c")
    }

    @Test func greenHeadline() {
        var doc = Fixture.document()
        doc.findings = doc.findings.filter { $0.severity == .info }
        let md = MarkdownReporter.render(doc)
        #expect(md.hasPrefix("## ✅ TypeFit: no new failing findings\n"))
        #expect(md.contains("### New findings"))
        #expect(!md.contains("<details>"))
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
        #expect(lines.count == Expected.new)  // baselined findings are not annotated
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 26)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 17)  // 16 ar clipped + 1 rows
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1)
        #expect(lines.contains(
            "::error file=Examples/ContactsApp/en.lproj/Localizable.strings,line=12,title=Text is truncated (Contacts / iPhone SE / xxxL / en)"
            + "::“Grace Hopper-Lovelace Johnson” needs 357.259 pt but the label has 343 pt.%0Awidth 357.259/343 pt, lines 1/1"))
        // No source → the config file, no line.
        #expect(lines.contains { $0.hasPrefix("::warning file=Examples/ContactsApp/typefit.yml,title=Too few rows visible (Contacts / iPhone SE / AX5 / en)::") })
        // The ink message's "%" and "," : "%" escaped in the message, "," kept.
        #expect(lines.contains { $0.hasPrefix("::notice ") && $0.contains("by 1.5 pt (3%25), above the row") })
    }
}

@Suite struct JUnitTests {
    @Test func validatesAgainstJUnitXSD() throws {
        let dir = try TempDir()
        let file = dir.url.appendingPathComponent("junit.xml")
        try Data(JUnitReporter.render(Fixture.document()).utf8).write(to: file)
        let xsd = Fixture.packageRoot.appendingPathComponent("Tests/ReportsTests/Schemas/junit-10.xsd").path
        let r: Run
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
        #expect(xml.contains("<testsuites name=\"typefit\" tests=\"61\" failures=\"26\" errors=\"0\">"))
        #expect(xml.contains("<testsuite name=\"text.truncated\" tests=\"27\" failures=\"26\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<testsuite name=\"text.clipped\" tests=\"32\" failures=\"0\" errors=\"0\" skipped=\"16\">"))
        #expect(xml.contains("<testsuite name=\"text.autoshrink\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">"))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 61)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 26)
        #expect(xml.contains("name=\"Contacts / iPhone SE / xxxL / en / contact-1 / name / contact.name\""))
        // Quotes in messages are escaped in attributes.
        #expect(XML.escape("a\"<b>&'\n\u{1}") == "a&quot;&lt;b&gt;&amp;&#39;&#10;")
    }
}
