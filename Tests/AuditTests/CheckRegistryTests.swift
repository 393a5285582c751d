import Audit
import Foundation
import TestSupport
import Testing

@Suite struct CheckRegistryTests {
    @Test func idsAreUniqueSortedAndComplete() {
        let ids = CheckRegistry.ids
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        // The checks the project brief asks for, plus font.win-clipping.
        for required in ["text.truncated", "text.clipped", "glyph.ink-clipped", "glyph.missing", "style.not-scaling",
                         "style.too-small", "style.capped", "text.autoshrink", "screen.row-too-tall",
                         "screen.rows-visible", "font.metrics", "font.win-clipping"] {
            #expect(ids.contains(required), "missing \(required)")
        }
    }

    @Test func unknownIdSuggestsTheClosest() {
        #expect(throws: AuditError.unknownCheck(id: "text.truncate", suggestion: "text.truncated", origin: "typefit.yml")) {
            try CheckRegistry.check(id: "text.truncate", origin: "typefit.yml")
        }
        do {
            _ = try CheckRegistry.check(id: "style.caped", origin: "typefit.yml: checks.disabled")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "typefit.yml: checks.disabled: unknown check id 'style.caped' (did you mean 'style.capped'?); `typefit checks` lists them")
        }
        // Nothing is close to this: no suggestion.
        #expect(CheckRegistry.suggestion(for: "completely-unrelated-name") == nil)
        #expect(CheckRegistry.suggestion(for: "GLYPH.MISSING") == "glyph.missing")
    }

    /// docs/checks.md is generated from the registry; it must list every check id and be current.
    @Test func docsAreCurrent() throws {
        let url = Repository.root.appendingPathComponent("docs/checks.md")
        let expected = CheckRegistry.markdown()
        if ProcessInfo.processInfo.environment["TYPEFIT_REGENERATE_DOCS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(expected.utf8).write(to: url, options: .atomic)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        for id in CheckRegistry.ids {
            #expect(text.contains("## `\(id)`"), "docs/checks.md does not describe \(id)")
        }
        #expect(text == expected, "docs/checks.md is stale: run TYPEFIT_REGENERATE_DOCS=1 swift test --filter AuditTests")
    }
}
