import Foundation
import Testing

/// `typefit inspect` runs the font checks. Expected verdicts: fontbakery 1.1.0's rules applied with
/// fontTools by scripts/fontbakery-vmetrics.py (the rules are cited in Tests/TypeFitTests/FontQATests.swift):
/// - Open Sans: os2_metrics_match_hhea FAIL (typo ascender 1567 ≠ hhea 2189), family/win_ascent_and_descent PASS
///   (win 2189 / 600 cover head 2146 / −555, and are under twice them), linegaps WARN (sTypoLineGap 132),
///   typoascender_exceeds_Agrave WARN (À yMax 1907 > 1567); font.metrics: 2789 / 2191 − 1 = 27.3 % > 10 %.
/// - Inter Regular: PASS, FAIL (head yMax 3072 > usWinAscent 2728), PASS, PASS (À 2720 ≤ 2728); metrics equal.
/// - Noto Sans CJK subset face 0: 758 CJK code points (> 150), so fontbakery skips the first two; no line gap,
///   no À; font.metrics: hhea 1448 vs typo 1000 units → warn.
@Suite struct InspectChecksTests {
    func checks(_ arguments: [String]) throws -> [String: String] {
        let r = try CLIRunner.run(["inspect"] + arguments + ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(CLIRunner.object(r.stdout)?["checks"] as? [String: String])
    }

    @Test func openSansVerdicts() throws {
        #expect(try checks(["Fonts/OpenSans/OpenSans-Regular.ttf"]) == [
            "font.vertical-split": "fail", "font.win-metrics": "pass", "font.line-gap": "warn",
            "font.accent-clearance": "warn", "font.metrics": "warn",
        ])
    }

    @Test func interVerdicts() throws {
        #expect(try checks(["Fonts/Inter/Inter-Regular.otf"]) == [
            "font.vertical-split": "pass", "font.win-metrics": "fail", "font.line-gap": "pass",
            "font.accent-clearance": "pass", "font.metrics": "pass",
        ])
    }

    @Test func cjkFontIsSkippedWhereFontbakerySkipsIt() throws {
        #expect(try checks(["Fonts/Noto/NotoSansCJK-Subset.ttc", "--face-index", "0"]) == [
            "font.vertical-split": "not applicable", "font.win-metrics": "not applicable", "font.line-gap": "pass",
            "font.accent-clearance": "not applicable", "font.metrics": "warn",
        ])
    }

    /// Noto Sans Arabic has no "À" (no cmap entry for U+00C0: fontTools `getBestCmap()`), so
    /// fontbakery's typoascender_exceeds_Agrave yields SKIP "lacks-Agrave"
    /// (fonttools/fontbakery Lib/fontbakery/checks/typoascender_exceeds_Agrave.py:39–44, commit 9689c8d).
    @Test func fontWithoutAgraveIsNotApplicable() throws {
        #expect(try checks(["Fonts/Noto/NotoSansArabic-Regular.ttf"])["font.accent-clearance"] == "not applicable")
    }

    /// Roboto at the HIG body size at AX5 (53 pt): lines (2701 − 2400) / 2048 × 53 = 7.789 pt taller off iOS;
    /// at title1 (AX5: 58 pt, HIG table A) 301 / 2048 × 58 = 8.524 pt.
    @Test func textListsEveryCheckWithVerdictAndFigures() throws {
        let r = try CLIRunner.run(["inspect", "Fonts/Roboto/Roboto-Regular.ttf", "--format", "text"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("font checks (sizes of the HIG body style, 14–53 pt)"))
        for (id, verdict) in [("font.vertical-split", "fail"), ("font.win-metrics", "fail"), ("font.line-gap", "pass"),
                              ("font.accent-clearance", "pass"), ("font.metrics", "warn")] {
            #expect(lines.contains { $0.hasPrefix("  \(id) ") && $0.contains("  \(verdict)  ") }, "\(id)")
        }
        #expect(r.stdout.contains("body at AX5 (53 pt): each line 7.8 pt taller where typo or win metrics are used than on iOS"))
        #expect(r.stdout.contains("figures: hheaLineHeight 1.172, pointSize 53, spread 0.125, typoLineDelta 7.79"))
        let title = try CLIRunner.run(["inspect", "Fonts/Roboto/Roboto-Regular.ttf", "--style", "title1", "--format", "text"])
        #expect(title.stdout.contains("title1 at AX5 (58 pt): each line 8.5 pt taller"))
    }

    @Test func unknownStyleIsOneLineExit2() throws {
        let r = try CLIRunner.run(["inspect", "Fonts/Roboto/Roboto-Regular.ttf", "--style", "bodyy"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--style: unknown text style \"bodyy\""))
        #expect(r.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
    }

    @Test func explainNamesTheFontbakeryCheck() throws {
        let r = try CLIRunner.run(["explain", "font.vertical-split"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("fontbakery\n  Corresponds to fontbakery's `os2_metrics_match_hhea`: a finding is its FAIL"))
    }
}
