import DynamicType
import Foundation
import Reports
import TestSupport
import Testing
@testable import TypeFit

/// System text partly drawn by a fallback font (here Arabic, which the stand-in Inter lacks, in
/// Noto Sans Arabic): the stand-in's band δ is measured on Latin text, so such a finding is never
/// at risk: it is unverified, and its message says which font measured it.
@Suite("System text in a fallback font")
struct SystemFallbackTests {
    /// A Latin label and a mixed Latin + Arabic label in the system font at 17 pt, each in a row
    /// whose label has `limits[i]` points (320 − 2 × 16 − accessory − 16, as in SystemFontAuditTests).
    static func config(limits: [Double]) -> String {
        let arabic = Repository.root.appendingPathComponent("Fonts/Noto/NotoSansArabic-Regular.ttf").path
        let texts = ["Settings", "Settings محرك البحث"]
        let yaml = """
            version: 1
            fonts:
              arabic: { file: \(arabic) }
            fallbackFonts: { Arab: arabic }
            styles:
              body17: { font: system, model: fixed, size: 17 }
            devices: ["iPhone SE (1st gen)"]
            categories: [large]
            locales: [en]
            screens:
              - name: S
                rows:

            """
        return yaml + SystemFontAuditTests.rows(limits: limits, texts: Array(texts.prefix(limits.count)))
    }

    static func truncations(_ limits: [Double]) throws -> (run: AuditRun, latin: Finding, mixed: Finding) {
        let dir = try SystemFontAuditTests.project(config(limits: limits))
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path,
                                    options: AuditOptions(configDisplayPath: "typefit.yml", threads: 1))
        let truncated = run.document.findings.filter { $0.checkId == "text.truncated" }
        return (run, try #require(truncated.first { $0.row == "r0" }), try #require(truncated.first { $0.row == "r1" }))
    }

    @Test func fallbackTextIsUnverifiedNotAtRisk() throws {
        // First at 10 pt, where both truncate, to read each text's width as the audit measures it.
        let narrow = try Self.truncations([10, 10])
        let latinWidth = try #require(narrow.latin.figures["neededWidth"])
        let mixedWidth = try #require(narrow.mixed.figures["neededWidth"])
        // "Settings" alone is the hand-computed width of SystemFontAuditTests (rounded to 1/1000 pt).
        #expect(abs(latinWidth - SystemFontAuditTests.settingsWidth) < 0.001)
        #expect(mixedWidth > latinWidth)
        // Then 1 % short of each width: inside δ(17) = 2.1 %. The Latin text is at risk; the text
        // an Arabic fallback partly drew keeps the check's severity and says it is unverified.
        let (run, latin, mixed) = try Self.truncations([latinWidth / 1.01, mixedWidth / 1.01])
        #expect(latin.certainty == .atRisk && latin.severity == .warning)
        #expect(!latin.message.contains("unverified"))
        #expect(mixed.certainty == .unverified && mixed.severity == .error)
        #expect(mixed.message.hasSuffix(" (measured in fallback font arabic, unverified)"))
        // The group is unverified: it keeps its severity but does not fail `--fail-on error`, as
        // iOS's widths of that script are not known; the terminal and report.json say so.
        let group = try #require(run.document.groups.first { $0.checkId == "text.truncated" && $0.key.row == "r1" })
        #expect(group.certainty == .unverified && group.severity == .error && !run.document.isFailing(group))
        let terminal = TerminalReporter.render(run.document, colors: false, verbose: true)
        let newGroups = try #require(terminal.range(of: "New groups, worst first"))
        let line = try #require(terminal[newGroups.upperBound...].split(separator: "\n").first { $0.contains("S / r1 / t") })
        #expect(line.contains("unverified  text.truncated") && line.hasSuffix("(measured in fallback font arabic, unverified)"))
        #expect(MarkdownReporter.render(run.document).contains("| error (unverified) | text.truncated |"))
        #expect(MarkdownReporter.render(run.document).contains("| warning (at risk) | text.truncated |"))
        let json = String(decoding: run.document.jsonData(), as: UTF8.self)
        #expect(json.contains("(measured in fallback font arabic, unverified)\""))
        #expect(json.contains("\"certainty\":\"unverified\""))
    }
}
