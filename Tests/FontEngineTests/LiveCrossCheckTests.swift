import Foundation
import TestSupport
import Testing
@testable import FontEngine

/// Corpus lines (single-script, no escapes) shaped by us and by the `hb-shape` CLI
/// (a subprocess, HarfBuzz's own script guess): advances must agree to the font unit.
/// Skipped gracefully when `hb-shape` is not installed (scripts/deps installs it in CI).
@Suite struct LiveCrossCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var font: String
        var files: [String]
        var ranges: [ClosedRange<UInt32>]
        var testDescription: String { font }
    }

    static let latin: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF]
    static let cases: [Case] = [
        Case(font: "Noto/NotoSansThai-Regular.ttf", files: ["lantern/th.strings"], ranges: [0x0E00...0x0E7F]),
        Case(font: "Noto/NotoSansHebrew-Regular.ttf", files: ["lantern/he.strings", "harbor/he.strings", "tidepool/he.strings"],
             ranges: [0x0590...0x05FF, 0xFB1D...0xFB4F]),
        Case(font: "Noto/NotoSansArabic-Regular.ttf", files: ["lantern/ar.strings", "tidepool/ar.strings"],
             ranges: [0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF]),
        Case(font: "Noto/NotoSansDevanagari-Regular.ttf", files: ["lantern/hi-IN.strings"], ranges: [0x0900...0x097F, 0xA8E0...0xA8FF]),
        Case(font: "Noto/NotoSans-Regular.ttf", files: ["lantern/vi.strings", "tidepool/vi.strings"], ranges: latin),
        Case(font: "Inter/Inter-Regular.otf", files: ["harbor/de.strings", "lantern/vi.strings"], ranges: latin),
        Case(font: "Roboto/Roboto-Regular.ttf", files: ["harbor/fr.strings", "tidepool/fi.strings"], ranges: latin),
        Case(font: "OpenSans/OpenSans-Regular.ttf", files: ["tidepool/nl.strings", "harbor/es.strings"], ranges: latin),
    ]

    /// Japanese lines mix Han, Hiragana and Katakana: one run, as HarfBuzz guesses. Uses the
    /// system's Noto Sans CJK collection (face 0) when installed (fonts-noto-cjk), else skips.
    @Test func japaneseLinesMatchHbShape() throws {
        let font = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        guard FileManager.default.fileExists(atPath: font) else { return }
        var lines: [String] = []
        for file in ["lantern/ja.strings", "tidepool/ja.strings"] {
            lines += stringsValues(Repository.corpusFile(file)).prefix(25)
        }
        #expect(lines.count >= 30)
        let textFile = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-live-ja-\(getpid()).txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: textFile)
        defer { try? FileManager.default.removeItem(at: textFile) }
        guard let out = runTool("hb-shape", ["--no-glyph-names", "--output-format=json", "--face-index=0", "--text-file=\(textFile.path)", font])
        else { return }
        let expected = hbShapeAdvances(out)
        try #require(expected.count == lines.count)
        let face = try FontFace(path: font, faceIndex: 0)
        #expect(face.info.faceCount > 1)
        let shaper = try Shaper(face: face)
        var mismatches: [String] = []
        for (line, advance) in zip(lines, expected) where shaper.advance(of: Substring(line)) != advance {
            mismatches.append(line)
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test(arguments: cases)
    func corpusLinesMatchHbShape(_ c: Case) throws {
        var lines: [String] = []
        for file in c.files {
            let values = stringsValues(Repository.corpusFile(file)).filter { value in
                // Every letter in the target script; at least one letter.
                let letters = value.unicodeScalars.filter { $0.properties.isAlphabetic }
                return !letters.isEmpty && letters.allSatisfy { s in c.ranges.contains { $0.contains(s.value) } }
            }
            lines += values.prefix(20)
        }
        #expect(lines.count >= 10, "corpus lines for \(c.font)")
        let textFile = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-live-\(getpid())-\(c.font.hashValue).txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: textFile)
        defer { try? FileManager.default.removeItem(at: textFile) }
        guard let out = runTool("hb-shape", ["--no-glyph-names", "--output-format=json", "--text-file=\(textFile.path)", Repository.font(c.font)]) else {
            return  // hb-shape not installed
        }
        let expected = hbShapeAdvances(out)
        try #require(expected.count == lines.count)
        let shaper = try Shaper(face: FontFace(path: Repository.font(c.font)))
        for (line, advance) in zip(lines, expected) {
            #expect(shaper.advance(of: Substring(line)) == advance, "\(line)")
        }
    }
}
