import FontEngine
import Foundation
import TestSupport
import Testing
import TypeFit
@testable import Layout
import TypeFitSupport

/// Layout's fast paths give the layouts of its slow paths, field for field:
/// the one-line fit (`LineFiller.fitsOnOneLine`: no line filling for a text that fits on one line)
/// and `TextMeasuring.specialized(for:)` (a font cascade measuring a text its primary font draws
/// with that font alone). `LabelStyle.fastPaths = false` takes the slow paths; every layout below
/// is compared in full (`LabelLayout` is Equatable: lines, widths, heights, baselines, truncation,
/// ink overflow). The expectations are the slow paths' own results, which the other layout tests
/// check against hand computations.
@Suite struct LayoutFastPathTests {
    static let modes: [LineBreakMode] = [.wordWrap, .charWrap, .truncateTail, .truncateHead, .truncateMiddle, .clip]

    /// Lays `text` out with and without the fast paths over widths and line limits; returns how
    /// many layouts were one line (so a test can show the fast path was taken).
    @discardableResult
    func compare(_ font: any TextMeasuring, _ texts: [String], sizes: [Double], widths: [Double],
                 letterSpacing: Double = 0) -> Int {
        var oneLine = 0
        for text in texts {
            for size in sizes {
                for width in widths {
                    for mode in Self.modes {
                        for lines in [0, 1, 2] {
                            var fast = LabelStyle(font: font, pointSize: size, numberOfLines: lines, lineBreakMode: mode,
                                                  letterSpacing: letterSpacing)
                            fast.cache = LayoutCache()
                            var slow = fast
                            slow.cache = nil
                            slow.fastPaths = false
                            let a = fast.layout(text, width: width, scale: 3)
                            let b = slow.layout(text, width: width, scale: 3)
                            #expect(a == b, "\(text) at \(size) pt in \(width) pt, \(mode), \(lines) lines")
                            if a.lines.count == 1 && !a.truncated { oneLine += 1 }
                        }
                    }
                }
            }
        }
        return oneLine
    }

    // MARK: The fake font (FakeFont.swift: 500 units per cluster, upem 1000)

    @Test func fakeFontFastPathsMatchTheFiller() {
        let texts = ["Hello", "Hello world", "a b c d e f", "  leading", "trailing  ", "a\nb", "ab\n", "",
                     "long-hyphenated-compound word", "jump", "ab 日本"]
        // At 10 pt a cluster is 5 pt: widths from one cluster to the whole of the longest text.
        let oneLine = compare(FakeFont(fallback: LineMetrics(ascender: 1100, descender: -350, lineGap: 0)), texts,
                              sizes: [10, 17], widths: [4, 5, 9.999, 10, 25, 27.5, 55, 60, 149, 300])
        #expect(oneLine > 0)
        compare(FakeFont(), texts, sizes: [10], widths: [10, 25, 60, 300], letterSpacing: 1.5)
    }

    /// The counter-example the one-line fit must not take: with kerning, the whole text can be
    /// narrower than a prefix. FakeFont with " c" kerned by −1200 units: "ab c" = 4 × 500 − 1200 =
    /// 800 units = 8 pt at 10 pt, but its first line candidate "ab" = 1000 units = 10 pt. In 9 pt
    /// the whole fits and the prefix does not, so the filler breaks "ab" by clusters ("a" 5 pt).
    @Test func kernedPrefixWiderThanTheWholeTextIsFilled() {
        let font = FakeFont(kerning: [" c": -1200])
        let model = TextModel(text: "ab c", font: font)
        let filler = LineFiller(model: model, breakSet: model.breakSet(of: model.font), charWrap: false)
        let m = Metrics(model: model, scale: 0.01, letterSpacing: 0)
        #expect(m.visibleWidth(0, model.count) == 8)
        #expect(!filler.fitsOnOneLine(metrics: m, maxWidth: 9))
        #expect(filler.nextLine(from: 0, metrics: m, maxWidth: 9) == 1)
        let r = LabelStyle(font: font, pointSize: 10, lineBreakMode: .wordWrap).layout("ab c", width: 9)
        #expect(r.lines.map(\.text) == ["a", "b c"])
        compare(font, ["ab c", "ab cab c"], sizes: [10], widths: [7, 8, 9, 10, 20])
    }

    /// A hard break ends the first line however wide the label is: "a\nb" is never one line.
    @Test func hardBreakIsNeverOneLine() {
        let font = FakeFont()
        let model = TextModel(text: "a\nb", font: font)
        let filler = LineFiller(model: model, breakSet: model.breakSet(of: model.font), charWrap: false)
        let m = Metrics(model: model, scale: 0.01, letterSpacing: 0)
        #expect(!filler.fitsOnOneLine(metrics: m, maxWidth: 1000))
        #expect(LabelStyle(font: font, pointSize: 10).layout("a\nb", width: 1000).lines.map(\.text) == ["a", "b"])
    }

    @Test func oneLineFitAgreesWithTheFillerOnEveryWidth() {
        // Every width from 0 to 80 pt in 0.25 pt steps at 10 pt: when the fast path answers yes the
        // filler returns the end of the text, and from one cluster's width (5 pt) up it answers yes
        // whenever the filler does (below it the filler still places "x" alone on its line, as
        // it places at least one cluster per line; the fast path leaves that to the filler).
        let font = FakeFont(kerning: ["lo": -40, " w": -700, "rl": 35])
        for text in ["Hello world", "Hello  world ", "x", "a-b-c"] {
            let model = TextModel(text: text, font: font)
            let filler = LineFiller(model: model, breakSet: model.breakSet(of: model.font), charWrap: false)
            let m = Metrics(model: model, scale: 0.01, letterSpacing: 0)
            for step in 0...320 {
                let width = Double(step) / 4
                let fits = filler.fitsOnOneLine(metrics: m, maxWidth: width)
                let filled = filler.fill(from: 0, metrics: m, maxWidth: width) == model.count
                #expect(!fits || filled, "\(text) in \(width) pt")
                if width >= 5 { #expect(fits == filled, "\(text) in \(width) pt") }
            }
        }
    }

    // MARK: The real engine (HarfBuzz + ICU)

    func engine(_ relative: String, faceIndex: Int = 0, language: String? = nil) throws -> EngineMeasurer {
        try EngineMeasurer(face: FontFace(path: Repository.root.appendingPathComponent(relative).path, faceIndex: faceIndex),
                           language: language)
    }

    /// Inter with Hebrew and Japanese fallbacks, as the whole-app benchmark configures them.
    func cascade() throws -> CascadeMeasurer {
        CascadeMeasurer(primary: .init(id: "inter", measurer: try engine("Fonts/Inter/Inter-Regular.otf")),
                        fallbacks: ["Hebr": .init(id: "hebrew", measurer: try engine("Fonts/Noto/NotoSansHebrew-Regular.ttf")),
                                    "Jpan": .init(id: "cjk", measurer: try engine("Fonts/Noto/NotoSansCJK-Subset.ttc",
                                                                                  language: "ja"))])
    }

    static let realTexts = ["Hello world", "Last seen yesterday", "Einstellungen für Benachrichtigungen",
                            "AV Wa To. Ty, \"quoted\" — dash", "Shalom שלום עולם", "設定を保存しました", "Hello 日本語 text",
                            "Two\nparagraphs here", "fi fl ffi ligatures"]

    @Test func interFastPathsMatchTheFiller() throws {
        let oneLine = compare(try engine("Fonts/Inter/Inter-Regular.otf"), Self.realTexts, sizes: [11, 17, 53],
                              widths: [20, 61, 90.02, 150, 288, 361])
        #expect(oneLine > 0)
    }

    @Test func cascadeFastPathsMatchTheFiller() throws {
        let oneLine = compare(try cascade(), Self.realTexts, sizes: [11, 17, 53], widths: [20, 61, 150, 288, 361])
        #expect(oneLine > 0)
    }

    /// "Hello world" in Inter Regular is 14912 units (hb-shape, RealEngineTests) = 90.02 pt at 17 pt:
    /// one line in 90.02 pt and more, filled in 90.
    @Test func interOneLineThreshold() throws {
        let model = TextModel(text: "Hello world", font: try engine("Fonts/Inter/Inter-Regular.otf"))
        let filler = LineFiller(model: model, breakSet: model.breakSet(of: model.font), charWrap: false)
        let m = Metrics(model: model, scale: 17 / 2816, letterSpacing: 0)
        #expect(filler.fitsOnOneLine(metrics: m, maxWidth: 14912 * 17 / 2816))
        #expect(!filler.fitsOnOneLine(metrics: m, maxWidth: 90))
        #expect(filler.fill(from: 0, metrics: m, maxWidth: 90) == 6) // "Hello " | "world"
    }

    /// The cascade hands a text its primary font draws to that font's measurer, and keeps itself
    /// for a text with a word in a fallback font; the primary's answers equal the cascade's on
    /// every cluster-aligned substring and with "…".
    @Test func cascadeSpecializesToThePrimaryOnlyForTextsItDraws() throws {
        let font = try cascade()
        let latin = "AV Wa, “Tó” fi — 1.5×"
        let special = font.specialized(for: latin)
        #expect(special === font.primary.measurer)
        #expect(font.specialized(for: "Shalom שלום") === font)
        #expect(font.specialized(for: "Hello 日本語") === font)
        let chars = Array(latin)
        for a in 0..<chars.count {
            for b in (a + 1)...chars.count {
                for piece in [String(chars[a..<b]), String(chars[a..<b]) + "…", "…" + String(chars[a..<b])] {
                    #expect(special.advance(of: piece[...]) == font.advance(of: piece[...]), "\(piece)")
                    #expect(special.inkBox(of: piece[...]) == font.inkBox(of: piece[...]), "\(piece)")
                    #expect(special.lineMetrics(of: piece[...]) == font.lineMetrics(of: piece[...]), "\(piece)")
                }
            }
        }
        #expect(special.lineBreaks(in: latin) == font.lineBreaks(in: latin))
    }
}

/// The cascade's cluster tables (texts with runs in fallback fonts) give the runs the cluster walk
/// gives, on every cluster-aligned substring: advances, ink and line metrics compared with a
/// cascade that has no table for the text (a fresh one, asked directly).
@Suite struct CascadeClusterTableTests {
    @Test func tableRunsMatchTheWalk() throws {
        let t = LayoutFastPathTests()
        let fast = try t.cascade(), slow = try t.cascade()
        for text in ["Shalom שלום, 12 עולם!", "Hello 日本語 (テスト) 2.5 text", "א 1 b 2 ג", "🇩🇪🇫🇷 שלום 👍🏽 ok"] {
            #expect(fast.specialized(for: text) === fast)
            let chars = Array(text)
            var offsets = [text.startIndex]
            for c in chars { offsets.append(text.index(offsets.last!, offsetBy: String(c).count)) }
            for a in 0..<chars.count {
                for b in (a + 1)...chars.count {
                    let piece = text[offsets[a]..<offsets[b]]
                    let copy = String(piece)[...] // not a substring of `text`: the walk
                    #expect(fast.advance(of: piece) == slow.advance(of: copy), "\(piece)")
                    #expect(fast.inkBox(of: piece) == slow.inkBox(of: copy), "\(piece)")
                    #expect(fast.lineMetrics(of: piece) == slow.lineMetrics(of: copy), "\(piece)")
                    #expect(fast.fontsUsed(in: String(piece)) == slow.fontsUsed(in: String(piece)))
                }
            }
        }
    }
}
