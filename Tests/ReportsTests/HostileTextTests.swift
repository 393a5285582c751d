import Foundation
import Testing
@testable import Reports

/// Names, keys and messages come from the app under audit (strings files, storyboards, web pages):
/// printed to a terminal, a CI log or a pull-request comment they must show, never act.
enum HostileNames {
    /// A label name that would start a fake GitHub annotation on a line of its own, retitle the
    /// terminal (OSC 0 … BEL), return the cursor and overwrite the line with a green verdict, and
    /// reverse what follows (U+202E RIGHT-TO-LEFT OVERRIDE).
    static let label = "name\n::error file=README.md,line=1::pwned\u{1B}]0;owned\u{07}\r\u{1B}[32m✔ No new findings.\u{202E}txt.exe"

    /// A document whose first new group (the worst, shown first everywhere) carries the hostile
    /// label, row and message.
    static func document(label: String = HostileNames.label, message: String? = nil) -> ReportDocument {
        var doc = Fixture.document()
        let first = doc.newWorstFirst()[0]
        doc.groups[first].key.label = label
        doc.groups[first].key.row = label
        if let message { doc.groups[first].message = message }
        return doc
    }
}

@Suite struct TerminalInjectionTests {
    @Test func acting_characters_are_shown_not_sent() {
        let out = TerminalReporter.render(HostileNames.document(message: "msg\r\u{1B}[2J"), colors: false, verbose: true)
        // Without colours the reporter writes no control character but the line feed.
        #expect(!out.unicodeScalars.contains { $0 != "\n" && isActingCharacterForTest($0) })
        // No line of the output is a workflow command (GitHub reads `::` only at a line's start).
        #expect(!out.split(separator: "\n").contains { $0.hasPrefix("::") })
        // The name is shown with its control characters written out (Swift's \u{…} spelling).
        #expect(out.contains(#"name\u{A}::error file=README.md,line=1::pwned\u{1B}]0;owned\u{7}\u{D}\u{1B}[32m✔ No new findings.\u{202E}txt.exe"#))
        // With colours, the only escapes are the reporter's own SGR sequences (ESC [ digits/; m).
        let coloured = TerminalReporter.render(HostileNames.document(), colors: true, verbose: true)
        let escapes = coloured.components(separatedBy: "\u{1B}").dropFirst()
        #expect(escapes.allSatisfy { $0.range(of: #"^\[[0-9;]+m"#, options: .regularExpression) != nil })
    }

    @Test func fixed_groups_and_paths_are_shown() {
        var doc = Fixture.document()
        doc.fixed = [FixedGroup(key: GroupKey(checkId: "text.truncated", stringKey: "k\u{1B}[2Jgone", locale: "de"), message: "")]
        doc.config = "typefit\u{202E}lmy.yml"
        let out = TerminalReporter.render(doc, colors: false, verbose: true)
        #expect(out.contains(#"k\u{1B}[2Jgone (de)"#))
        #expect(out.contains(#"typefit\u{202E}lmy.yml"#))
        #expect(!out.unicodeScalars.contains { $0 != "\n" && isActingCharacterForTest($0) })
    }
}

@Suite struct AnnotationInjectionTests {
    @Test func a_name_cannot_start_another_command() {
        let doc = HostileNames.document()
        let out = GitHubAnnotations.render(doc)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // One line per new group, as for the plain fixture: the hostile newline did not add one.
        #expect(lines.count == GitHubAnnotations.render(Fixture.document()).split(separator: "\n").count)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
        // The first line is the hostile group's. In its title (a property) the newline is %0A and the
        // name's ':' and ',' are %3A and %2C (GitHub's escapeProperty); ESC, BEL, CR-as-%0D and
        // U+202E: CR is %0D, the others shown as \u{…}.
        let first = String(lines[0])
        let title = "name%0A%3A%3Aerror file=README.md%2Cline=1%3A%3Apwned\\u{1B}]0;owned\\u{7}%0D\\u{1B}[32m✔ No new findings.\\u{202E}txt.exe"
        #expect(first.contains("title=Text is truncated (Contacts / \(title) / \(title))::"))
        #expect(!first.unicodeScalars.contains(where: isActingCharacterForTest))
        // Exactly two `::` separators (after the command and after the properties) are live: the
        // rest are inside data, where GitHub reads them as text (`::` only ends the properties).
        #expect(first.components(separatedBy: "::").count == 3)
    }

    @Test func escaping_follows_github() {
        // actions/toolkit packages/core/src/command.ts: escapeData replaces % \r \n; escapeProperty
        // also : and ,.
        #expect(GitHubAnnotations.escapeData("a\u{1B}b\u{202E}%\r\n") == "a\\u{1B}b\\u{202E}%25%0D%0A")
        #expect(GitHubAnnotations.escapeProperty("x:y,z\u{7}") == "x%3Ay%2Cz\\u{7}")
    }
}

@Suite struct MarkdownInjectionTests {
    /// Each construct and what CommonMark 0.31 (with GitHub's extensions) makes of the escaped text:
    /// a backslash before ASCII punctuation makes it literal (spec §2.4), so `\[x\]\(u\)` is the
    /// text "[x](u)", not a link (§6.3 needs an unescaped `[`); `\!\[` no image (§6.4); `` \` `` no
    /// code span (§6.1); `\*` `\_` no emphasis (§6.2); `\~` no strikethrough (GFM §6.5); `&lt;` an
    /// entity, so no raw HTML or autolink (§6.5, §6.6); `\&` keeps `&#64;` from being an entity
    /// (§2.5); `@&#8203;` puts a zero-width space after the `@`, and GitHub links a mention only
    /// for `@` directly followed by the name; `:&#8203;//` and `www&#8203;.` break GFM's extended
    /// autolinks (§6.9: "www." or a scheme followed by "://"); a leading `\#` no heading (an ATX
    /// heading needs `#` first on its line, §4.2; elsewhere `#` is text); `\$` no math.
    /// Checked by hand and with markdown-it-py 4.0 (`MarkdownIt("gfm-like").render`): no <a>, <img>,
    /// <code>, <em>, <strong>, <s> or HTML element in the output.
    @Test func cell_is_inert() {
        let cases: [(String, String)] = [
            ("[click](https://evil.example)", #"\[click\](https:&#8203;//evil.example)"#),
            ("![img](x.png)", #"\!\[img\](x.png)"#),
            ("@octocat and @org/team", "@&#8203;octocat and @&#8203;org/team"),
            ("`rm -rf`", #"\`rm -rf\`"#),
            ("*bold* _it_ ~~gone~~", #"\*bold\* \_it\_ \~\~gone\~\~"#),
            ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
            ("&#64;user &amp;", #"\&#64;user \&amp;"#),
            ("www.evil.example", "www&#8203;.evil.example"),
            ("# Heading $x$", ##"\# Heading \$x\$"##),
            ("a|b\\", #"a\|b\\"#),
            ("- item", #"\- item"#),
            ("12. item", #"12\. item"#),
            ("line\nbreak\u{202E}", #"line break\\u{202E}"#),
        ]
        for (input, expected) in cases {
            #expect(MarkdownReporter.cell(input) == expected, "\(input)")
        }
    }

    @Test func report_md_carries_no_markup_from_inputs() {
        let hostile = "[x](https://evil.example) ![i](https://evil.example/i.png) @octocat `c` *e* <b>"
        let md = MarkdownReporter.render(HostileNames.document(label: hostile, message: hostile))
        let line = md.split(separator: "\n").first { $0.contains("evil") }.map(String.init) ?? ""
        #expect(line.contains(#"Contacts / \[x\](https:&#8203;//evil.example) \!\[i\](https:&#8203;//evil.example/i.png) @&#8203;octocat \`c\` \*e\* &lt;b&gt;"#))
        // An independent scan by CommonMark's escape rule: outside the reporter's own code spans,
        // every markup character of the line is preceded by a backslash.
        #expect(unescapedMarkup(in: line).isEmpty, "\(unescapedMarkup(in: line))")
    }

    /// The markup characters of `line` that are not backslash-escaped, outside the reporter's own
    /// code spans (`…` around a key or a path, which hold only the input's text).
    func unescapedMarkup(in line: String) -> [Character] {
        var found: [Character] = []
        var chars = Array(line)
        // Drop the code spans the reporter writes: a backtick not escaped starts or ends one.
        var i = 0, inCode = false
        var kept: [Character] = []
        while i < chars.count {
            if chars[i] == "\\", i + 1 < chars.count { kept += [chars[i], chars[i + 1]]; i += 2; continue }
            if chars[i] == "`" { inCode.toggle(); i += 1; continue }
            if !inCode { kept.append(chars[i]) }
            i += 1
        }
        chars = kept
        i = 0
        while i < chars.count {
            if chars[i] == "\\" { i += 2; continue }
            if "[]!*_~<>@".contains(chars[i]) {
                // "@" only counts when a name follows it directly.
                if chars[i] != "@" || (i + 1 < chars.count && chars[i + 1].isLetter) { found.append(chars[i]) }
            }
            i += 1
        }
        return found
    }
}

/// Independent of `isActingCharacter`: C0, DEL, C1, and U+202A–U+202E, U+2066–U+2069, U+200E–F,
/// U+061C, U+2028–9 (Unicode's bidi formatting characters and line separators).
func isActingCharacterForTest(_ s: Unicode.Scalar) -> Bool {
    s.value < 0x20 || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)
        || (0x2066...0x2069).contains(s.value) || s.value == 0x200E || s.value == 0x200F || s.value == 0x061C
        || s.value == 0x2028 || s.value == 0x2029
}

@Suite struct HostileNumbersTests {
    /// Occurrence figure counts whose running sum passes Int32.max: the first member takes 1 figure,
    /// the second claims 2,147,483,647 more (the part holds 1). Summed in Int32 before the check,
    /// this trapped; it is a decoding error.
    @Test func figureCountsThatOverflowInt32AreRefused() throws {
        // 8 integers per member: device, category, message, text, source file, source line,
        // figure count, severity rank × 2 + isNew (FindingGrouperCoding.swift).
        let json = #"""
        {"strings": ["a"], "groups": [{"key": {"checkId": "x"}, "messages": ["m"],
          "members": "0 0 0 0 0 0 1 0 0 0 0 0 0 0 2147483647 0", "names": "0", "values": "1"}]}
        """#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FindingGrouper.self, from: Data(json.utf8)) }
    }

    /// A rows-visible figure of a billion (from a part or a report read back) draws at most 13
    /// grid lines (0 and 12 steps), as a chart of 12 rows does; infinities are not drawn.
    @Test func hugeRowsVisibleDrawsABoundedGrid() {
        var doc = Fixture.document()
        doc.rowsVisible[0].values[0] = 1e9
        doc.rowsVisible[0].values[1] = .infinity
        let s = doc.rowsVisible[0]
        let chart = HTMLReporter.rowsChart(doc, screen: s.screen, device: s.device, index: .init(doc))
        let lines = chart.components(separatedBy: "<line class=\"grid\"").count - 1
        #expect(lines >= 2 && lines <= 13, "\(lines)")
        #expect(!chart.contains("inf") && !chart.contains("nan"))
        // The step: top = 1e9 + 1; 1e9 + 1 over 12 lines needs a step of at least 83,333,334 → the
        // next of 2, 5, 10 × a power of ten is 1e8 (10 lines above zero).
        #expect(HTMLReporter.gridStep(top: 1e9 + 1) == 1e8)
        #expect(HTMLReporter.gridStep(top: 12) == 1)
        #expect(HTMLReporter.gridStep(top: 13) == 2)
        #expect(HTMLReporter.gridStep(top: 61) == 10)
    }
}
