import CHarfBuzz
import Foundation
import TestSupport
import Localization
import Testing
@testable import FontEngine

/// The fast path (`FastMeasurer`: cached space-separated segments, unsafe-boundary fallbacks,
/// whole-line cache, threads) against plain whole-line shaping (`Shaper.advance(of:)`, which
/// ShapingTests/LiveCrossCheckTests check against `hb-shape` to the unit). The expected value
/// of every comparison is computed independently by `Shaper` on the whole line.
@Suite(.serialized) struct FastPathExactnessTests {
    /// Every line of every value of the repository's corpus (Tests/Fixtures/corpus: three invented
    /// apps' strings, every language), read with Localization's StringTable; values
    /// split at line feeds; empty lines dropped; repeats kept once (a repeat is answered from the
    /// line cache, which a first occurrence in the same run has filled).
    static let lines: [String] = {
        var entries: [LocalizedString] = []
        guard let table = try? StringTable.load(contentsOf: Repository.corpus, options: .init(mode: .lenient)) else { return [] }
        entries += table.entries
        var seen = Set<[UInt8]>()
        var result: [String] = []
        for entry in entries {
            for line in entry.value.split(separator: "\n") where seen.insert(Array(line.utf8)).inserted {
                result.append(String(line))
            }
        }
        return result
    }()

    /// Every bundled face: Inter ×3 (CFF) + Inter.var, Roboto ×3, Open Sans, Noto ×5, and both
    /// faces of NotoSansCJK-Subset.ttc.
    static let faces: [(String, Int)] = [
        ("Inter/Inter-Regular.otf", 0), ("Inter/Inter-SemiBold.otf", 0), ("Inter/Inter-Bold.otf", 0), ("Inter/Inter.var.ttf", 0),
        ("Roboto/Roboto-Regular.ttf", 0), ("Roboto/Roboto-Medium.ttf", 0), ("Roboto/Roboto-Bold.ttf", 0),
        ("OpenSans/OpenSans-Regular.ttf", 0), ("Noto/NotoSans-Regular.ttf", 0), ("Noto/NotoSansArabic-Regular.ttf", 0),
        ("Noto/NotoSansHebrew-Regular.ttf", 0), ("Noto/NotoSansThai-Regular.ttf", 0), ("Noto/NotoSansDevanagari-Regular.ttf", 0),
        ("Noto/NotoSansCJK-Subset.ttc", 0), ("Noto/NotoSansCJK-Subset.ttc", 1),
    ]

    @Test func corpusIsLarge() {
        // 5,019 distinct non-empty lines by an independent Python count (regex over the .strings
        // files, continuation lines and escapes expanded); the reader may differ slightly on escapes.
        #expect(Self.lines.count > 4900 && Self.lines.count < 5100)
    }

    @Test(arguments: faces.indices)
    func everyCorpusLineMatchesWholeLineShaping(_ index: Int) throws {
        let (file, faceIndex) = Self.faces[index]
        let face = try FontFace(path: Repository.font(file), faceIndex: faceIndex)
        let shaper = try Shaper(face: face)
        let font = ShapingFont(face: face)
        let fast = try FastMeasurer(font: font)
        var mismatches: [String] = []
        for line in Self.lines {
            let expected = shaper.advance(of: Substring(line))
            let got = fast.advance(of: Substring(line))
            if got != expected { mismatches.append("\(got) ≠ \(expected): \(line)") }
        }
        #expect(mismatches.isEmpty, "\(file)#\(faceIndex): \(mismatches.count) lines differ, e.g. \(mismatches.prefix(3))")
        // The second pass is all line-cache hits and still equal.
        let stats = fast.statistics
        #expect(stats.lines == Self.lines.count)
        #expect(stats.segmentHits > 0)
    }

    @Test func parallelAndTinyCacheGiveTheSameAdvances() throws {
        // Roboto: the font whose space + T kerning HarfBuzz 6.0 does not flag (see below).
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let shaper = try Shaper(face: face)
        let font = ShapingFont(face: face)
        let packed = PackedLines(Self.lines)
        let expected = Self.lines.map { shaper.advance(of: Substring($0)) }
        let parallel = try FastMeasurer.advances(of: packed, font: font, threads: 2)
        #expect(parallel.advances == expected)
        // A cache of 256 entries / 4 KiB fills and clears constantly.
        let tiny = try FastMeasurer.advances(of: packed, font: font, threads: 1, cacheLimits: .init(entries: 256, bytes: 4096))
        #expect(tiny.advances == expected)
        #expect(tiny.statistics.cacheClears > 10)
    }

    /// Grapheme clusters counted from the bytes for ASCII: one per byte except CR LF (UAX #29
    /// GB3), by hand: "a\r\nb" is a, CR LF, b = 3; "e\u{301}x" (not ASCII) is é, x = 2.
    @Test func clusterCountOfASCIIAndOtherText() {
        #expect(FastMeasurer.clusterCount("AV Wave, 12/3!") == 14)
        #expect(FastMeasurer.clusterCount("a\r\nb") == 3)
        #expect(FastMeasurer.clusterCount("a\rb") == 3)
        #expect(FastMeasurer.clusterCount("e\u{301}x") == 2)
        #expect(FastMeasurer.clusterCount("") == 0)
        // Latin-1, Greek, Cyrillic from the bytes; U+0483 (Extend) and U+0301 join their base.
        #expect(FastMeasurer.clusterCount("Größe Ελλάδα Привет") == 19)
        #expect(FastMeasurer.clusterCount("и\u{483}б") == 2)
        #expect(FastMeasurer.clusterCount("ά\u{301}") == 1)
        // By UAX #29, by hand: a curly apostrophe is a character of its own (Don’t = 5); two
        // Hangul syllables are two clusters, a syllable and a following T jamo one (GB7: LV × T);
        // an emoji and its skin tone one (GB9: × Extend), two emoji two, a ZWJ sequence one (GB11).
        #expect(FastMeasurer.clusterCount("Don\u{2019}t") == 5)
        #expect(FastMeasurer.clusterCount("\u{AC00}\u{B098}") == 2)
        #expect(FastMeasurer.clusterCount("\u{AC00}\u{11A8}") == 1)
        #expect(FastMeasurer.clusterCount("\u{1F44D}\u{1F3FD}") == 1)
        #expect(FastMeasurer.clusterCount("\u{1F44D}\u{1F44D}") == 2)
        #expect(FastMeasurer.clusterCount("\u{1F468}\u{200D}\u{1F469}") == 1)
        // Every character counted from the bytes, twice between "a" and "b", beside a letter of
        // each range and before a combining mark: the grapheme breaker agrees (a character that
        // joined a neighbour, as Extend, SpacingMark or Prepend do, would make the counts differ).
        let ranges = [0x00...0x2FF, 0x370...0x5FF, 0x600...0x6FF, 0x1DF0...0x2FFF, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                      0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1F6FF, 0x1F900...0x1F9FF]
        var fast = 0
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value), value != 0x0D else { continue }
            if FastMeasurer.isOwnCluster(UInt32(value)) { fast += 1 }
            let c = String(Character(scalar))
            for text in ["a" + c + c + "b", "\u{5D0}" + c + "\u{627}" + c + "日", c + "\u{301}", "\u{3042}" + c + "\u{30A2}"] {
                #expect(FastMeasurer.clusterCount(Substring(text)) == text.count, "U+\(String(value, radix: 16)) in \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(fast > 21_000 + 4_500 + 11_172 + 6_592)  // + the ranges after Latin, Hangul syllables, CJK Extension A
        for line in Self.lines { #expect(FastMeasurer.clusterCount(Substring(line)) == line.count) }
        // ASCII is counted 8 bytes at a time: a CR (CR LF is one cluster) or a non-ASCII byte in
        // any of the 8 positions, and in the tail, leaves that path.
        for k in 0..<20 {
            for inserted in ["\r\n", "\r", "é", "e\u{301}", "\u{7F}", "\u{0C}"] {
                let text = String(repeating: "x", count: k) + inserted + String(repeating: "y", count: 19 - k)
                #expect(FastMeasurer.clusterCount(Substring(text)) == text.count, "\(text.debugDescription)")
            }
        }
    }

    /// An all-ASCII line is one run without looking at each character (`ScriptItemizer.asciiScript`):
    /// HarfBuzz's own script property gives Latin for A–Z, a–z and Common for every other ASCII
    /// character (the premise, asked of `hb_unicode_script` here), and the runs equal the
    /// character-by-character itemizer's on every ASCII corpus line and on bracket mixes.
    @Test func asciiLinesAreOneRun() {
        let funcs = hb_unicode_funcs_get_default()
        for c in UInt32(0)..<0x80 {
            let letter = (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
            #expect(hb_unicode_script(funcs, c) == (letter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON), "U+\(String(c, radix: 16))")
        }
        var fast = ScriptItemizer(), slow = ScriptItemizer()
        var ascii = 0
        let mixes = ["(a) [b] {c}", "((", "))a((", "1 (2) [3]", "", " ", "a", "(x", "x)", "[(Hello)] 12:30 {world}!", "\t\u{1}~"]
        for line in Self.lines + mixes where line.utf8.allSatisfy({ $0 < 0x80 }) {
            ascii += 1
            var text = line
            text.withUTF8 { b in
                fast.itemize(b)
                slow.itemizeScalars(b)
                #expect(ScriptItemizer.asciiScript(b) != nil)
                #expect(fast.runs.map { [$0.start, $0.end, Int($0.script.rawValue)] } == slow.runs.map { [$0.start, $0.end, Int($0.script.rawValue)] }, "\(line)")
            }
        }
        #expect(ascii > 1_000)  // 1,197 of the unique corpus lines (the same Python count), plus the mixes
        var other = "Größe (Straße)"
        other.withUTF8 { #expect(ScriptItemizer.asciiScript($0) == nil) }
    }

    @Test func spaceKerningKeepsPiecesTogether() throws {
        // hb-shape 6.0.0 Roboto-Regular.ttf --show-flags:
        //   "Pride: "      → … gid5=6+508           (space alone: 508, no unsafe-to-concat flag)
        //   "Trans"        → gid57=0+1147|…         (T alone: 1147)
        //   "Pride: Trans" → … gid5=6+468|gid57=7+1147 … (kerned space: 508 − 40 = 468)
        // Sum of ax over "Pride: Trans" by hb-shape: 1292+694+498+1155+1086+496+468+1147+654+1114+1131+1057 = 10792.
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let fast = try FastMeasurer(font: ShapingFont(face: face))
        #expect(fast.advance(of: "Pride: ") == 1292 + 694 + 498 + 1155 + 1086 + 496 + 508)
        #expect(fast.advance(of: "Trans") == 1147 + 654 + 1114 + 1131 + 1057)
        #expect(fast.advance(of: "Pride: Trans") == 10792)
        #expect(fast.statistics.unsafeCuts == 1)
    }

    @Test(arguments: ["Inter/Inter-Regular.otf", "Noto/NotoSansArabic-Regular.ttf", "Noto/NotoSansHebrew-Regular.ttf", "Noto/NotoSansThai-Regular.ttf"])
    func measureMatchesShaperInkAndMissing(_ file: String) throws {
        let face = try FontFace(path: Repository.font(file))
        let shaper = try Shaper(face: face)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        var differences = 0
        for (index, line) in Self.lines.prefix(6000).enumerated() {
            let expected = shaper.measure(Substring(line))
            // Every other line is first measured for its advance only: the cached entry must
            // still carry the ink.
            if index % 2 == 0 { #expect(fast.advance(of: Substring(line)) == expected.advance) }
            if fast.measure(Substring(line)) != expected { differences += 1 }
        }
        #expect(differences == 0)
    }
}

/// `measure(_:)` shapes a run with nothing cached once and caches each piece ("word ") from its
/// stretch of the run's glyphs (`FastMeasurer.harvest`). Each such piece entry must be what the
/// piece shaped alone gives: here each piece of a corpus line, measured afterwards as a line of its
/// own (so answered from the harvested entry), is compared with `Shaper.measure` of that piece
/// alone (whole-line shaping, checked against `hb-shape` by ShapingTests): advance, .notdef count,
/// missing characters and ink box.
@Suite(.serialized) struct HarvestedPieceTests {
    /// The whole-line shaper (the reference) and the shaping font of a fixture font.
    static func engines(_ file: String) throws -> (Shaper, ShapingFont) {
        let face = try FontFace(path: Repository.font(file))
        return (try Shaper(face: face), ShapingFont(face: face))
    }

    /// MissingCharactersTests' fonts: Latin ones (the corpus's other scripts are missing) and RTL ones.
    @Test(arguments: MissingCharactersTests.fonts)
    func harvestedPiecesAreThePiecesShapedAlone(_ file: String) throws {
        let (shaper, font) = try Self.engines(file)
        var tally = Tally()
        // Every third line with at least two spaces, each on a fresh measurer (small cache) so that
        // nothing of the line is cached and its runs are shaped whole.
        for line in Self.sample(spaces: 2, every: 3) {
            let fast = try Self.freshMeasurer(font)
            if fast.measure(Substring(line)) != shaper.measure(Substring(line)) { tally.differences.append("line: \(line)") }
            let harvested = fast.statistics.harvestedPieces
            if harvested == 0 { continue }
            tally.produced += harvested
            // The line's pieces: cut after each run of spaces (a cut found unsafe joins two of
            // them; such a text is then no cached piece and is simply shaped — still compared).
            tally.compare(Self.pieces(of: line), of: line, fast, shaper)
            // Pieces answered from the harvested entries (one-piece lines whose piece is cached;
            // pieces touching another script run are not cached, and the line had no hits).
            tally.fromCache += fast.statistics.segmentHits
        }
        tally.expectCoverage(file)
    }

    /// Pieces shaped concatenated with other uncached pieces of their run (`batchUncached`: the
    /// line's pieces between them are cached, so each joint is an artificial boundary "x␣Y" that
    /// the line does not have) equal the pieces shaped alone by `Shaper`, and so does the line.
    @Test(arguments: MissingCharactersTests.fonts)
    func batchedPiecesAreThePiecesShapedAlone(_ file: String) throws {
        let (shaper, font) = try Self.engines(file)
        var tally = Tally()
        for line in Self.sample(spaces: 3, every: 2) {
            let pieces = Self.pieces(of: line)
            // A fresh measurer; every second piece is measured (and cached) first, so the line's
            // other pieces are shaped together with the cached ones left out.
            let fast = try Self.freshMeasurer(font)
            for k in stride(from: 1, to: pieces.count, by: 2) { _ = fast.measure(pieces[k]) }
            let before = fast.statistics
            if fast.measure(Substring(line)) != shaper.measure(Substring(line)) { tally.differences.append("line: \(line)") }
            let after = fast.statistics
            if after.batchedPieces == before.batchedPieces { continue }
            tally.produced += after.batchedPieces - before.batchedPieces
            tally.compare(stride(from: 0, to: pieces.count, by: 2).map { pieces[$0] }, of: line, fast, shaper)
            tally.fromCache += fast.statistics.segmentHits - after.segmentHits
        }
        tally.expectCoverage(file)
    }

    /// Every `step`-th fixture corpus line with at least `spaces` spaces.
    static func sample(spaces: Int, every step: Int) -> [String] {
        let lines = FastPathExactnessTests.lines.filter { $0.utf8.filter { $0 == 0x20 }.count >= spaces }
        return stride(from: 0, to: lines.count, by: step).map { lines[$0] }
    }

    /// A measurer with a small cache of its own (nothing of a line cached before it is measured).
    static func freshMeasurer(_ font: ShapingFont) throws -> FastMeasurer {
        try FastMeasurer(font: font, computesInk: true, cacheLimits: .init(entries: 256, bytes: 16_384))
    }

    /// What the two corpus tests count: pieces produced (harvested or batched), pieces compared,
    /// pieces answered from the cache afterwards, compared pieces with missing glyphs, right-to-left
    /// lines, and the first differences.
    struct Tally {
        var produced = 0, compared = 0, fromCache = 0, withMissing = 0, rightToLeft = 0
        var differences: [String] = []

        /// Compares each of `pieces` (of `line`) measured by `fast` with `Shaper.measure` of the
        /// piece alone; counts them, those with missing glyphs and the line if it has a
        /// right-to-left run, and names the first five pieces that differ.
        mutating func compare(_ pieces: [Substring], of line: String, _ fast: FastMeasurer, _ shaper: Shaper) {
            if shaper.scriptRuns(of: Substring(line)).contains(where: \.isRightToLeft) { rightToLeft += 1 }
            for piece in pieces {
                let expected = shaper.measure(piece)
                if expected.missingGlyphCount > 0 { withMissing += 1 }
                compared += 1
                if fast.measure(piece) != expected, differences.count < 5 { differences.append("piece “\(piece)” of \(line)") }
            }
        }

        /// No difference, and enough of each kind of piece that the comparison means something.
        func expectCoverage(_ file: String) {
            #expect(differences.isEmpty, "\(file): \(differences)")
            #expect(produced > 500 && compared > 1000 && fromCache > 500)
            if file.contains("Arabic") || file.contains("Hebrew") {
                #expect(rightToLeft > 20)  // right-to-left runs (pieces in reversed glyph order)
            } else {
                #expect(withMissing > 50)  // pieces with .notdef glyphs and missing characters
            }
        }
    }

    /// An artificial boundary that is not a safe cut ends the batch. Inter's contextual
    /// alternates give a parenthesis its capital-height form after a capital, across a space,
    /// when a space follows: `hb-shape Inter-Regular.otf "A ( x"` gives uni0028.case, while
    /// "( x" and "then ( x" give uni0028 (HarfBuzz 6.0; ink y −416…2144 vs −256…2304 for the
    /// case form, `hb_font_get_glyph_extents`). In "Press A then ( next" with "then " cached,
    /// the pieces to shape are "Press ", "A ", "( " and "next"; "A " and "( " are not neighbours
    /// in the line, and shaped together they would give "( " the case form, so "Press A " and
    /// "( next" are shaped in two calls. The "( " entry is then read in "x ( " (a Latin run, as
    /// in the line; "( " alone is a neutral run with its own entries), where the parenthesis
    /// sets the ink box's top and bottom: a batch not split makes it differ from `Shaper`'s.
    @Test func anUnsafeArtificialBoundaryEndsTheBatch() throws {
        let face = try FontFace(path: Repository.font("Inter/Inter-Regular.otf"))
        let shaper = try Shaper(face: face)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        _ = fast.measure("then ")
        let calls = fast.statistics.shapeCalls
        let line: Substring = "Press A then ( next"
        #expect(fast.measure(line) == shaper.measure(line))
        #expect(fast.statistics.batchedPieces == 4)
        #expect(fast.statistics.harvestedPieces == 4)
        #expect(fast.statistics.shapeCalls - calls >= 2)
        var hits = fast.statistics.segmentHits
        for piece: Substring in ["Press ", "A ", "next"] { #expect(fast.measure(piece) == shaper.measure(piece), "\(piece)") }
        #expect(fast.statistics.segmentHits - hits == 3)  // the batched entries, from the cache
        hits = fast.statistics.segmentHits
        #expect(fast.measure("x ( ") == shaper.measure("x ( "))
        #expect(fast.statistics.segmentHits - hits == 1)  // "( " from the batch
        // uharfbuzz 0.57: "x ( " shapes to x, space, uni0028, space (advances 1520, 792, 1020,
        // 792); the union of their extents from the pen positions is x 120…3200, y −416…2144.
        #expect(shaper.measure("x ( ").ink == GlyphBox(xMin: 120, yMin: -416, xMax: 3200, yMax: 2144))
    }

    /// A batch longer than the measurer's first scratch text (1,024 bytes) grows it: 400 words
    /// of 6 bytes with every second one cached leave 200 to shape together (1,200 bytes).
    @Test func aLongBatchGrowsTheScratchText() throws {
        let face = try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf"))
        let shaper = try Shaper(face: face)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        let words = (0..<400).map { "w\(1000 + $0) " }
        for k in stride(from: 1, to: words.count, by: 2) { _ = fast.measure(Substring(words[k])) }
        let line = Substring(words.joined())
        #expect(fast.measure(line) == shaper.measure(line))
        #expect(fast.statistics.batchedPieces == 200 && fast.statistics.harvestedPieces == 200)
        for k in stride(from: 0, to: words.count, by: 37) { #expect(fast.measure(Substring(words[k])) == shaper.measure(Substring(words[k]))) }
    }

    /// The line's pieces cut after each run of spaces (as `FastMeasurer` cuts it where every cut is safe).
    static func pieces(of line: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = line.startIndex, i = line.startIndex
        while i < line.endIndex {
            let next = line.index(after: i)
            if line[i] == " " && (next == line.endIndex || line[next] != " ") {
                pieces.append(line[start..<next])
                start = next
            }
            i = next
        }
        if start < line.endIndex { pieces.append(line[start...]) }
        return pieces
    }

    /// The rule: a run is shaped whole only when none of it is cached.
    @Test func runsWithCachedPiecesAreShapedPieceByPiece() throws {
        let face = try FontFace(path: Repository.font("Inter/Inter-Regular.otf"))
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        _ = fast.measure("Open the settings")  // 3 pieces, nothing cached: shaped whole
        #expect(fast.statistics.harvestedPieces == 3)
        _ = fast.measure("Open the door")  // "Open " and "the " cached: "door" shaped alone
        #expect(fast.statistics.harvestedPieces == 3)
        #expect(fast.statistics.segmentHits == 2)
    }
}
