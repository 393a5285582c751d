import Foundation
import Testing
@testable import Reports

/// Labels whose lines differ in height (a line in a taller fallback font) are drawn
/// with each line box and each line at its own baseline. Values by hand: a label at (10, 20), lines
/// 10 pt and 14.5 pt tall, baselines 8 and 21 from its top.
@Suite struct LineBoxTests {
    func label(lineBaselines: [Double]?, lineHeights: [Double]?) -> LabelSnapshot {
        LabelSnapshot(name: "t", x: 10, y: 20, width: 50, height: 24.5, font: "f", pointSize: 10, lineHeight: 10,
                      baselineOffset: 8, lines: ["ab", "日本"], lineWidths: [10, 10], rightToLeft: false,
                      truncated: false, clipped: false, inkOverflow: 0, hasFindings: false,
                      lineBaselines: lineBaselines, lineHeights: lineHeights)
    }

    @Test func linesOfDifferentHeights() {
        let svg = HTMLReporter.label(label(lineBaselines: [8, 21], lineHeights: [10, 14.5]))
        #expect(svg.contains(#"<rect class="linebox" x="10" y="20" width="50" height="10"/>"#))
        #expect(svg.contains(#"<rect class="linebox" x="10" y="30" width="50" height="14.5"/>"#))
        // Baselines: 20 + 8 = 28 and 20 + 21 = 41.
        #expect(svg.contains(#"y="28" font-family"#) && svg.contains(#"y="41" font-family"#))
    }

    @Test func uniformLinesAreDrawnAsBefore() {
        let svg = HTMLReporter.label(label(lineBaselines: nil, lineHeights: nil))
        #expect(!svg.contains("linebox"))
        // 20 + i × 10 + 8: 28 and 38.
        #expect(svg.contains(#"y="28" font-family"#) && svg.contains(#"y="38" font-family"#))
    }
}
