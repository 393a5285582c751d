import Audit
import FontEngine
import Foundation
import Layout
import Reports
import TestSupport
import Testing
@testable import TypeFit

/// Ink is attributed to the font that drew it: an Arabic fallback's deep glyphs are the
/// fallback's ink, not the label font's.
@Suite("Fallback ink attribution")
struct FallbackInkTests {
    /// "Inbox بح": Inter draws "Inbox", Noto Sans Arabic (the `Arab` fallback) draws "بح".
    /// Expected ink from `hb-shape --show-extents` (x_bearing, y_bearing, width, height, font units):
    /// Inter (upem 2816) "Inbox": I <248,2048,248,-2048>, n <216,1556,1216,-1556>,
    ///   b <248,2048,1356,-2080>, o <144,1556,1392,-1588>, x <120,1536,1280,-1536>
    ///   → yMax 2048, yMin min(0, 0, 2048 − 2080, 1556 − 1588, 0) = −32.
    /// Noto Sans Arabic (upem 1000) "بح": final ح <10,416,689,-810>, initial ب <0,403,219,-594>
    ///   → yMax 416, yMin 416 − 810 = −394.
    /// In Inter's units the ح would reach −394 × 2.816 = −1109.5, past Inter's usWinDescent 680
    /// (fontTools: OS/2.usWinDescent): counted as Inter's ink, it made a false `font.win-clipping`.
    @Test func fallbackInkIsTheFallbacks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-fallink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
          arabic: { file: \(Repository.root.path)/Fonts/Noto/NotoSansArabic-Regular.ttf }
        fallbackFonts:
          Arab: arabic
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)"]
        categories: [L]
        screens:
          - name: Home
            rows:
              - { name: r, labels: [{ name: title, style: body, text: "Inbox بح" }] }
        """.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let pipeline = try AuditPipeline(plan: plan, options: AuditOptions(categories: [.large]))
        let collected = try pipeline.collect(plan.units())
        let fonts = try pipeline.fontObservations(collected.ink)
        let inter = try #require(fonts.first { $0.font == "text" })
        let arabic = try #require(fonts.first { $0.font == "arabic" })
        #expect(inter.inkYMax == 2048)
        #expect(inter.inkYMin == -32)
        #expect(arabic.inkYMax == 416)
        #expect(arabic.inkYMin == -394)
        let run = try pipeline.run()
        #expect(!run.document.findings.contains { $0.checkId == "font.win-clipping" && $0.font == "text" })
    }

    /// `glyph.ink-clipped` names the fallback that drew the clipped glyph. "بح" in Inter with Noto
    /// Sans Arabic as the `Arab` fallback, the line height by the label's font alone (Inter hhea
    /// 2728 / −680, upem 2816): at 17 pt the line is 3408 × 17 / 2816 = 20.574 pt, 20.667 at 3×,
    /// the baseline 2728 × 17 / 2816 = 16.469 pt down. ح (final) reaches 416 − 810 = −394 units
    /// (hb-shape --show-extents, upem 1000): 6.698 pt below the baseline, 23.167 pt from the top,
    /// 2.5 pt below the box.
    @Test func clippedFallbackGlyphNamesItsFont() throws {
        func member(_ id: String, _ path: String) throws -> CascadeMeasurer.Member {
            .init(id: id, measurer: try EngineMeasurer(face: FontFace(path: Repository.root.appendingPathComponent(path).path)))
        }
        let cascade = CascadeMeasurer(primary: try member("text", "Fonts/Inter/Inter-Regular.otf"),
                                      fallbacks: ["Arab": try member("arabic", "Fonts/Noto/NotoSansArabic-Regular.ttf")])
        let style = LabelStyle(font: cascade, pointSize: 17, lineBreakMode: .wordWrap, lineHeightFonts: .labelFont)
        let laid = style.layout("بح", width: 200, scale: 3)
        #expect(laid.height == 62.0 / 3)
        let expected = 2728.0 * 17 / 2816 + 394.0 * 17 / 1000 - 62.0 / 3
        #expect(abs(laid.inkOverflow.bottom - expected) < 1e-9)
        #expect(laid.inkOverflow.source?.characters == ["ح"])
        #expect(laid.inkOverflow.source?.fonts == ["arabic"])
        let observation = LabelObservation(
            screen: "Home", row: "r", label: "title", device: "iPhone SE (1st gen)", category: .large, locale: "ar",
            style: "body", font: "text", text: "بح", neededWidth: 20, availableWidth: 200, pointSize: 17,
            inkOverflow: laid.inkOverflow)
        let message = GlyphInkClippedCheck().run(AuditInput(labels: [observation]), context: .default).first?.message ?? ""
        #expect(message.contains("“ح” drawn in arabic on line 1"))
    }
}
