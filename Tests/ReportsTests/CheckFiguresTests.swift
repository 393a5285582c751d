import DynamicType
import Reports
import Testing

/// Figures read through their check's declaration: summaries by the check's readings, a group's
/// worst figures by the declared directions. Expected phrases and values are worked by hand below.
@Suite struct CheckFiguresTests {
    /// `text.truncated` as Fixture.checks declares it (its readings: lines over a positive limit,
    /// else the width).
    static let truncated = Fixture.checks[0]

    @Test func summariesFollowTheReadingsInOrder() {
        let readings = Self.truncated.readings
        // 3 lines needed over a limit of 1: the lines reading speaks, the width reading does not
        // (it speaks only when nothing did before).
        #expect(FigureReading.summary(["lines": 3, "maxLines": 1, "neededWidth": 412.5, "availableWidth": 343,
                                       "pointSize": 17], readings: readings) == "needs 3 lines, has 1")
        // 1 line of 1: the lines reading is silent, the width speaks; pointSize is left out.
        #expect(FigureReading.summary(["lines": 1, "maxLines": 1, "neededWidth": 412.5, "availableWidth": 343,
                                       "pointSize": 17], readings: readings) == "needs 412.5 pt, has 343 pt")
        // A fixed-height row (text.clipped's second reading, which also accounts for clippedBy).
        let clipped = Fixture.checks[1].readings
        #expect(FigureReading.summary(["height": 44, "contentHeight": 61.3, "clippedBy": 17.3], readings: clipped)
                == "needs 61.3 pt of height, has 44 pt")
        // No reading applies: every figure as name=value, sorted by name.
        #expect(FigureReading.summary(["spread": 0.125, "hheaLineHeight": 1.172], readings: [])
                == "hheaLineHeight=1.172, spread=0.125")
    }

    @Test func worstFiguresFollowTheDeclaredDirections() {
        // Two occurrences at AX1 of one label: 400 pt needed in 300 pt, and 420 pt needed in 280 pt.
        // Declared: neededWidth ↑, availableWidth ↓ → worst 420 and 280; maxLines has no direction
        // and is the worst occurrence's (the second: it is worse on neededWidth).
        func finding(_ needed: Double, _ available: Double, device: String) -> Finding {
            Finding(checkId: "text.truncated", severity: .error, message: "m", screen: "S", row: "r", label: "l",
                    device: device, category: .accessibilityMedium, locale: "en",
                    figures: ["neededWidth": needed, "availableWidth": available, "maxLines": 1])
        }
        var grouper = FindingGrouper()
        grouper.add([finding(400, 300, device: "a"), finding(420, 280, device: "b")])
        let scope = Scope(categories: ContentSizeCategory.allCases.map(\.uikitName), devices: ["a", "b"], locales: ["en"])
        let declared = grouper.groups(scope: scope, checks: [Self.truncated])
        #expect(declared.first?.worst == ["neededWidth": 420, "availableWidth": 280, "maxLines": 1])
        // Without a declaration nothing has a direction: each figure is the worst occurrence's, and
        // with no figure deciding, the worst occurrence is the first in canonical order (device a).
        let undeclared = grouper.groups(scope: scope, checks: [])
        #expect(undeclared.first?.worst == ["neededWidth": 400, "availableWidth": 300, "maxLines": 1])
    }

    @Test func theDeclarationIsNotWrittenToTheDocument() throws {
        // report.json's schema has no place for figures or codes: a decoded descriptor has none,
        // and equals the one it was written from (equality is what the document holds).
        let doc = Fixture.document()
        let decoded = try ReportDocument.decode(doc.jsonData(), source: "report.json")
        #expect(decoded.checks == doc.normalized().checks)
        #expect(decoded.checks.allSatisfy { $0.figures.isEmpty && $0.readings.isEmpty && $0.codes.isEmpty })
        #expect(!doc.checks[0].figures.isEmpty)
    }
}
