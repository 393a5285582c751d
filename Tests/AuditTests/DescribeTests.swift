import Foundation
import Testing
@testable import Audit

/// `Describe`'s formatting without Foundation's formatter gives Foundation's strings (the
/// formatter, `String(format:)`, is the independent reference here: printf's "%.1f").
@Suite struct DescribeTests {
    /// Values around every rounding decision: exact ties in binary (0.25, 0.75, 2.25 — printf
    /// rounds them to even), decimal "ties" that are not exact in binary (0.05, 0.15, 1.45, 2.675),
    /// their neighbours one ulp away, negatives and −0.0, and a deterministic spread of others.
    static var values: [Double] {
        var values: [Double] = [0, -0.0, 0.25, 0.75, 2.25, 0.05, 0.15, 0.35, 1.45, 2.675, 1e-300, 9.95, 99.95, 199.99,
                                231.4, 200, 0x1p47, 0x1p48 - 1, 0x1p48, 0x1p50 - 1, 0x1p50, 1e300, .infinity, -.infinity, .nan]
        for k in 0..<4000 { values.append(Double(k) * 0.05) } // every x.x5 up to 200
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<4000 {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            values.append(Double(x >> 11) / Double(1 << 53) * 500)
        }
        return values.flatMap { [$0, $0.nextUp, $0.nextDown, -$0] }
    }

    @Test func oneDecimalIsPrintfs() {
        for v in Self.values {
            #expect(Describe.oneDecimal(v) == String(format: "%.1f", v), "\(v)")
            #expect(Describe.pt(v) == String(format: "%.1f pt", v), "\(v)")
        }
    }

    /// The short-text path of `quote` gives what splitting and counting gives.
    @Test func quoteKeepsItsRules() {
        func reference(_ text: String) -> String {
            let flat = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "⏎")
            return "“" + (flat.count > 60 ? String(flat.prefix(59)) + "…" : flat) + "”"
        }
        let sixty = String(repeating: "a", count: 60)
        for text in ["", "Settings", sixty, sixty + "b", String(repeating: "é", count: 30), String(repeating: "é", count: 31),
                     String(repeating: "é", count: 61), String(repeating: "👍🏽", count: 59), String(repeating: "👍🏽", count: 61),
                     String(repeating: "x", count: 200) + "\n", "a\nb", "a\r\nb", "a\u{2028}b", "a\u{85}b", "tab\there", "line\u{0B}tab", "日本語のテキスト"] {
            #expect(Describe.quote(text) == reference(text), "\(text)")
        }
    }
}
