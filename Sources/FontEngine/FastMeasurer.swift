import CHarfBuzz
import Dispatch
import Foundation
import Synchronization
import TypeFitSupport

/// Measures lines like `Shaper.advance(of:)` / `Shaper.measure(_:)`, to the font unit, but
/// shapes each distinct word once. Every script run (the same runs as `Shaper`, via
/// `ScriptItemizer`) is cut after each run of spaces, but only where the cut is safe: HarfBuzz
/// shapes the cut's neighbourhood ("x␣Y") with the unsafe-to-break glyph flags and the pieces
/// "x␣" and "Y" separately, and the cut is used only when nothing marks it unsafe and the glyphs
/// agree (checked once per neighbourhood and script, answers kept in a `CutTable`). Each piece ("word ") is shaped alone and
/// cached by its bytes (per font, features, language — fixed per measurer — and script and
/// direction, part of the key). Pieces touching another script run are shaped with their real
/// context, as `Shaper` shapes runs, and not cached. Whole lines are cached too. Identity with
/// whole-line shaping is checked on every corpus line in every bundled font
/// (FastPathExactnessTests, `typefit bench --verify`). Advances and ink are summed in 64 bits (a
/// 2 MiB line passes 2³¹ − 1 units); a line past `TextLimits` is measured with its excess dropped.
/// `measure(_:)` names the missing characters too, by `Shaper.measure`'s rule, from the glyphs of
/// the pieces as they are shaped (kept with each cached piece and line), so no line is shaped a
/// second time to name them (MissingCharactersTests compares every fixture corpus line).
///
/// When a run's pieces are shaped in one call: a run (script run of a line not in the line cache)
/// with two or more pieces to shape is shaped whole, once, and each piece's entry is taken from
/// its stretch of the run's glyphs (exact: the cuts are safe) — with `measure(_:)`, only when no
/// piece of the run is cached (`harvest`); with `advance(of:)`, when the cached pieces are at
/// most a quarter of the run's bytes (`batch`). A call costs a fixed part (the shape plan's
/// lookup, buffer set-up: about 2,200 instructions in Liberation Sans) plus a part per glyph, and
/// shaping the run whole shapes its cached pieces again. Counter-example, measured with callgrind
/// on `typefit measure` (20,000 corpus lines, one thread): batching every run with two pieces to
/// shape cut hb_shape calls from 23,239 to 13,550 in Inter but raised its instructions by 44 %
/// (1.18 G to 1.71 G: Inter's kerning and contextual lookups cost about 1,500 instructions a
/// glyph, so re-shaping the cached words outweighs the calls saved; Roboto +40 %, Liberation Sans
/// +17 %); allowing up to 8 cached bytes per call saved still cost Inter +4 % and Roboto +3 %.
/// Only when nothing is cached is it a gain (−0.5 % to −0.7 % in the three fonts).
///
/// With `measure(_:)`, a run with cached pieces has its uncached pieces (those shaped without
/// context, not starting with a space) shaped CONCATENATED in a scratch text, in logical order,
/// in one hb_shape call (`batchUncached`), each entry taken from its stretch of glyphs as
/// `harvest` takes it. The rule: each artificial boundary — the end "x␣" of a piece before the
/// first character "Y" of a piece that does not follow it in the line — must itself be a safe
/// cut by `cutIsSafe` (the same rule that lets the line be cut at all, answers kept per
/// neighbourhood and script), or the batch ends there and another begins; only a piece that
/// ends in spaces may have another after it (the one that does not, the line's last, comes last
/// in logical order); where the stretches do not line up with the pieces, they are shaped alone.
/// Counter-example (HarvestedPieceTests.anUnsafeArtificialBoundaryEndsTheBatch): in Inter,
/// "A ( x" gives the parenthesis its capital-height form (uni0028.case) while "then ( x"
/// and "( x" do not; with "then " cached, "Press A then ( next" would concatenate "A " and "( "
/// — both cuts of the line are safe, the artificial "A␣(" is not — and cache the wrong "( ".
/// Roboto's space + T kerning cannot make such a boundary: a piece after a boundary always
/// starts at a safe cut of its line, and that kerning does not depend on "x" (uharfbuzz, every
/// pair of ASCII characters: each of Roboto's 94 unsafe "x␣Y" has a Y unsafe after every x or
/// an x unsafe before every Y; Inter has 1,176 like "A␣(" that are not). Measured with callgrind
/// on `typefit measure` (20,000 corpus lines, one thread, static build, before the shared
/// cache): hb_shape calls 21,992 → 13,928 (Inter), 22,099 → 13,951 (Roboto), 22,280 → 14,036
/// (Liberation Sans); instructions −2.7 % (1,137.0 M → 1,106.3 M), −3.2 % (956.3 M → 925.3 M),
/// −2.9 % (394.2 M → 382.8 M). A batch needs two pieces: three (batches of two shaped piece by
/// piece) gave 15,080 calls and 1,111.7 M in Inter, 930.8 M in Roboto, 385.0 M in Liberation
/// Sans. What the calls saved do not give back is mostly `cutIsSafe` shaping new artificial
/// neighbourhoods (+2.9 M in Liberation Sans, against 16.4 M less in hb_shape).
///
/// Not thread-safe (it owns an `hb_buffer_t` and a cache): one per thread, sharing one
/// `ShapingFont`. `advances(of:font:...)` spreads lines over threads that way.
public final class FastMeasurer {
    /// Limits of the per-measurer cache (memory is allocated once, at init).
    public struct CacheLimits: Sendable, Hashable {
        /// Segments (and whole lines) kept.
        public var entries: Int
        /// Bytes of segment text kept.
        public var bytes: Int
        /// 131,072 entries and 4 MiB of text: about 14 MiB per measurer (72-byte entries with 64-bit
        /// sums), plus up to 8 MiB of missing-character lists (reserved; pages touched as they fill).
        public static let standard = CacheLimits(entries: 1 << 17, bytes: 4 << 20)
        /// Whether the cache's memory is asked for as transparent huge pages (2 MiB per page
        /// fault instead of 4 KiB): for one long run over many lines (`typefit measure`: a tenth
        /// less CPU on 20,000 lines); it costs up to 2 MiB of resident memory per region touched
        /// (slots, entries, text), so measurers that see few lines leave it off.
        public var hugePages = false
        public init(entries: Int, bytes: Int, hugePages: Bool = false) {
            self.entries = entries
            self.bytes = bytes
            self.hugePages = hugePages
        }
    }

    /// Counters for the benchmark and tests.
    public struct Statistics: Sendable, Hashable {
        /// Lines measured, and those answered from the whole-line cache.
        public var lines = 0, lineHits = 0
        /// Segments looked up, and those found in the cache.
        public var segments = 0, segmentHits = 0
        /// hb_shape calls (segments, contextual segments, whole-run fallbacks).
        public var shapeCalls = 0
        /// Cuts (space then non-space) found unsafe, where pieces were kept together.
        public var unsafeCuts = 0
        /// Pieces whose entry was taken from the glyphs of a text shaped whole (`measure`: their
        /// run, `harvest`, or the run's uncached pieces concatenated, `batchUncached`).
        public var harvestedPieces = 0
        /// Pieces shaped concatenated with other uncached pieces of their run (`batchUncached`),
        /// whether or not their entries could be taken.
        public var batchedPieces = 0
        /// Times the cache was full and cleared.
        public var cacheClears = 0
    }

    /// The font measured with (shared, read-only).
    public let font: ShapingFont
    /// Features as given ("-kern,+smcp").
    public let featureString: String
    /// BCP 47 shaping language, nil = HarfBuzz's default (as `Shaper`).
    public let language: String?
    /// Whether `measure(_:)` is supported (ink boxes computed on misses).
    public let computesInk: Bool

    private let buffer: OpaquePointer
    private let features: UnsafeMutableBufferPointer<hb_feature_t>
    private let hbLanguage: hb_language_t?
    @exclusivity(unchecked) private var itemizer = ScriptItemizer()
    private let cache: SegmentCache
    private let glyphExtents: GlyphExtentsCache
    // `@exclusivity(unchecked)` on the mutable state below: a measurer is used by one thread and
    // no method is re-entered while another holds one of these (none calls out to user code),
    // so the runtime's dynamic exclusivity checks (swift_beginAccess on every access, about 8 %
    // of `typefit measure`'s instructions) can never fire.
    @exclusivity(unchecked) private var stats = Statistics()
    // Scratch for ink: per segment of the current run (advance, ink box, has ink).
    @exclusivity(unchecked) private var runPieces: [(advance: Int, ink: (Int, Int, Int, Int), hasInk: Bool)] = []
    // Missing characters (measure mode). `pieceMissing`: the piece just shaped, as (UTF-8 offset
    // in the piece << 32 | scalar) in glyph order; `runMissing`: the run's pieces' lists (line
    // offsets) with each piece's range; `lineRecords`: the line's, deduplicated in shaping order;
    // `lineMissing`: the current line's answer, in text order.
    @exclusivity(unchecked) private var pieceMissing: [UInt64] = []
    @exclusivity(unchecked) private var runMissing: [UInt64] = []
    @exclusivity(unchecked) private var runMissingRanges: [Range<Int>] = []
    @exclusivity(unchecked) private var lineRecords: [UInt64] = []
    @exclusivity(unchecked) private var seenScalars: Set<UInt32> = []
    // The same for U+0000…U+FFFF without hashing: `seenGeneration[s] == generation` = seen in
    // this line (a new line bumps `generation`); `lacksBMP[s]`: 0 = not asked yet, 1 = the
    // font has it, 2 = lacks it. `seenScalars` and `lacks` keep the scalars above U+FFFF.
    private let seenGeneration: UnsafeMutablePointer<UInt32>
    private let scalarTables: AnonymousMapping
    @exclusivity(unchecked) private var generation: UInt32 = 0
    private let lacksBMP: UnsafeMutablePointer<UInt8>
    // Which 4 KiB blocks of `scalarTables` have been written: a block's first access is a write
    // (`writeFirst`), so reading an untouched page never maps the zero page that the write after
    // it would have to replace, with a TLB flush on the other threads' CPUs (`AnonymousMapping`).
    // Not populated at once like the `CutTable`: a text touches few of these 80 blocks (a Latin
    // one, one or two); the bench's 20,000 corpus lines in Liberation Sans, which lacks 864 of
    // their BMP characters, about 40 (fontTools: those characters' blocks of the two tables).
    // Looked at only where a glyph is missing.
    private let scalarBlocksWritten: UnsafeMutablePointer<Bool>
    private static let scalarBlocks = 0x10000 * (MemoryLayout<UInt32>.stride + 1) / 4096
    @exclusivity(unchecked) private var lineMissing: [Unicode.Scalar] = []
    // Whether the font lacks a character (no cmap entry, not default-ignorable), per character seen.
    @exclusivity(unchecked) private var lacks: [UInt32: Bool] = [:]

    /// A piece of the current run: UTF-8 range, hash, whether it is shaped with context, its
    /// cache entry if any, and (batch mode) its advance and missing glyphs.
    private struct Piece {
        var start: Int
        var end: Int
        var hash: UInt64
        var context: Bool
        var hit: SegmentCache.Entry?
        var advance = 0
        var missing = 0
        /// Ink batch: `hit` holds the entry harvested from the run's glyphs (not from the cache),
        /// its missing characters are `batchMissing[missingList]`.
        var harvested = false
        var missingList: Range<Int> = 0..<0
    }
    @exclusivity(unchecked) private var pieces: [Piece] = []
    /// Ink batch: the missing-character lists of the pieces harvested from one run (piece offsets).
    @exclusivity(unchecked) private var batchMissing: [UInt64] = []
    /// Ink batch: the pieces shaped in one call (index in `pieces`, UTF-8 range in the text shaped).
    @exclusivity(unchecked) private var members: [(piece: Int, start: Int, end: Int)] = []
    /// The uncached pieces of a run concatenated (`batchUncached`).
    @exclusivity(unchecked) private var scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
    @exclusivity(unchecked) private var scratchCapacity = 1024

    private struct GlyphKey: Equatable {
        var glyph: UInt32
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }
    @exclusivity(unchecked) private var glyphScratch: [GlyphKey] = []
    /// A part of a cut's neighbourhood (≤ 16 UTF-8 bytes, zero-padded) and its script.
    private struct PartKey: Hashable {
        var bytes: (UInt64, UInt64)
        var length: UInt8
        var script: UInt32
        static func == (a: PartKey, b: PartKey) -> Bool {
            a.bytes == b.bytes && a.length == b.length && a.script == b.script
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.0)
            hasher.combine(bytes.1)
            hasher.combine(length)
            hasher.combine(script)
        }
    }
    /// Answered cut checks (`cutIsSafe`).
    private let cuts: CutTable
    /// Glyphs of neighbourhood parts shaped alone (`appendPartGlyphs`).
    @exclusivity(unchecked) private var partGlyphs: [PartKey: [GlyphKey]] = [:]

    private static let lineTag = SegmentCache.lineTag

    /// A measurer over `font` with `features` (HarfBuzz syntax) and `language`; `computesInk`
    /// enables `measure(_:)`. Throws `FontError.invalidFeature`.
    public convenience init(font: ShapingFont, features: String = "", language: String? = nil, computesInk: Bool = false,
                            cacheLimits: CacheLimits = .standard) throws {
        try self.init(font: font, features: features, language: language, computesInk: computesInk, cacheLimits: cacheLimits, shared: nil)
    }

    /// `shared`: the cache of the measurers of one run (`FastMeasurer.group`), all with these settings.
    init(font: ShapingFont, features: String, language: String?, computesInk: Bool, cacheLimits: CacheLimits,
         shared: SharedSegmentTable?) throws {
        let parsed = try Shaper.parseFeatures(features)
        self.font = font
        self.featureString = features
        self.language = language
        self.computesInk = computesInk
        self.features = .allocate(capacity: max(1, parsed.count))
        _ = self.features.initialize(from: parsed)
        self.hbLanguage = language.map { hb_language_from_string($0, -1) }
        self.buffer = hb_buffer_create()
        self.cache = SegmentCache(entryCapacity: cacheLimits.entries, byteCapacity: cacheLimits.bytes, hugePages: cacheLimits.hugePages,
                                  shared: shared)
        self.cuts = CutTable(shared: shared)
        self.glyphExtents = GlyphExtentsCache(font: font.hbFont)
        // Mapped, not calloc'd: the kernel zeroes a page when it is first touched (a Latin text
        // touches one or two of these 80), where calloc on memory malloc had already used wrote
        // all 320 KiB (after large frees glibc serves such sizes from its heap).
        scalarTables = AnonymousMapping(bytes: Self.scalarBlocks * 4096, hugePages: false, owner: "FastMeasurer")
        scalarBlocksWritten = .allocate(capacity: Self.scalarBlocks)
        scalarBlocksWritten.initialize(repeating: false, count: Self.scalarBlocks)
        seenGeneration = scalarTables.base.bindMemory(to: UInt32.self, capacity: 0x10000)
        lacksBMP = (scalarTables.base + 0x10000 * MemoryLayout<UInt32>.stride).bindMemory(to: UInt8.self, capacity: 0x10000)
        runPieces.reserveCapacity(64)
        pieces.reserveCapacity(64)
        members.reserveCapacity(64)
    }

    deinit {
        hb_buffer_destroy(buffer)
        features.deallocate()
        scratch.deallocate()
        scalarTables.unmap()
        scalarBlocksWritten.deallocate()
    }

    /// Before the first access to `p`'s 4 KiB block of `scalarTables`: writes it (a zero byte,
    /// as the kernel handed the block out), see `scalarBlocksWritten`.
    @inline(__always)
    private func writeFirst(_ p: UnsafeMutableRawPointer) {
        let block = (p - scalarTables.base) >> 12
        if !scalarBlocksWritten[block] {
            scalarBlocksWritten[block] = true
            p.storeBytes(of: 0, as: UInt8.self)
        }
    }

    /// Counters since init.
    public var statistics: Statistics {
        var s = stats
        s.cacheClears = cache.clears
        return s
    }

    /// Memory held by the cache, in bytes (fixed at init).
    public var cacheFootprint: Int { cache.memoryFootprint }
    /// The cache shared with the other measurers of a `group`, and whether it was full when this one last inserted.
    var sharedTable: SharedSegmentTable? { cache.shared }
    var sharedTableFull: Bool { cache.sharedFull }

    /// Shaped advance of `text` in font units: equal to `Shaper.advance(of:)` with the same
    /// font, features and language.
    public func advance(of text: Substring) -> Int {
        var text = text
        return text.withUTF8 { advance(utf8: $0) }
    }

    /// Advance of UTF-8 `bytes` (see `advance(of:)`).
    public func advance(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        if TextLimits.violation(in: bytes) != nil {
            return TextLimits.bounded(bytes).withUnsafeBufferPointer { advance(utf8: $0) }
        }
        // With `computesInk`, every cached entry carries ink, whichever call made it.
        return line(base, bytes.count, ink: computesInk).advance
    }

    /// Advance, cluster count, missing glyphs (count and characters) and ink box of a line, equal
    /// to `Shaper.measure(_:)`. Needs `computesInk`.
    public func measure(_ text: Substring) -> LineMeasurement {
        var text = text
        return text.withUTF8 { measure(utf8: $0) }
    }

    /// `measure(_:)` of a line given as valid UTF-8 `bytes`. `cachingLine: false` skips the
    /// whole-line cache (looked up and filled otherwise) for a caller that measures each
    /// distinct line once (`LineMeasuring.writeRecords`); its pieces are cached as always.
    public func measure(utf8 bytes: UnsafeBufferPointer<UInt8>, cachingLine: Bool = true) -> LineMeasurement {
        precondition(computesInk, "FastMeasurer.measure needs computesInk: true")
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return LineMeasurement(advance: 0, clusterCount: 0, missingGlyphCount: 0, missingCharacters: [], ink: nil)
        }
        if TextLimits.violation(in: bytes) != nil {
            return TextLimits.bounded(bytes).withUnsafeBufferPointer { measure(utf8: $0, cachingLine: cachingLine) }
        }
        // The cluster count is kept with a cached line's entry (not counted again when it is met again).
        let e = line(base, bytes.count, ink: true, clusters: cachingLine, cachingLine: cachingLine)
        let counted = Int(e.flags >> SegmentCache.Flags.clusterShift)
        let ink = e.flags & SegmentCache.Flags.hasInk != 0
            ? GlyphBox(xMin: Double(e.ink.0), yMin: Double(e.ink.1), xMax: Double(e.ink.2), yMax: Double(e.ink.3)) : nil
        return LineMeasurement(advance: e.advance, clusterCount: counted > 0 ? counted - 1 : Self.clusterCount(utf8: bytes),
                               missingGlyphCount: Int(e.missing),
                               missingCharacters: e.missing > 0 ? lineMissing : [], ink: ink)
    }

    /// Grapheme clusters of `text` (`text.count`). Where every character is in `isOwnCluster`'s
    /// ranges and there is no CR, each character is a cluster of its own and they are counted
    /// from the bytes; other text goes through Swift's grapheme breaker.
    static func clusterCount(_ text: Substring) -> Int {
        var text = text
        return text.withUTF8 { clusterCount(utf8: $0) }
    }

    /// `clusterCount(_:)` of valid UTF-8 `b`. ASCII without CR (most UI text) is one cluster per
    /// byte, checked 8 bytes at a time.
    static func clusterCount(utf8 b: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = b.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var i = 0
        var plain = true
        while i + 8 <= b.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let cr = w ^ 0x0D0D_0D0D_0D0D_0D0D  // a zero byte where w has CR
            if (w | ((cr &- 0x0101_0101_0101_0101) & ~cr)) & 0x8080_8080_8080_8080 != 0 {
                plain = false
                break
            }
            i += 8
        }
        while plain && i < b.count {
            if base[i] >= 0x80 || base[i] == 0x0D { plain = false }
            i += 1
        }
        if plain { return b.count }
        // The bits loaded once (a static's every use passes through its lazy initialization).
        let counted = ownClusterBits.withUnsafeBufferPointer { bits -> Int? in
            var count = 0, i = 0
            while i < b.count {
                let (scalar, length) = TextLimits.decode(b, at: i)
                if scalar == 0x0D || !isOwnCluster(scalar, bits: bits) { return nil }
                i += length
                count += 1
            }
            return count
        }
        return counted ?? String(decoding: b, as: UTF8.self).count
    }

    /// Characters that join no neighbour in the set, so that text made only of them (and no CR:
    /// CR LF, the one such pair, is left to the grapheme breaker by the caller) is one cluster per
    /// character. UAX #29 joins a character to its neighbour only by GB3 (CR × LF), GB6–GB8
    /// (Hangul L, V, T jamo with syllables), GB9/9a/9b (× Extend, ZWJ, SpacingMark; Prepend ×),
    /// GB9c (a conjunct linker, itself Extend), GB11 (ZWJ × Extended_Pictographic) and GB12/13
    /// (Regional_Indicator pairs); every character here has the property Other or Control
    /// (Control breaks on both sides, GB4/GB5), or is a precomposed Hangul syllable (LV, LVT),
    /// which joins only a following V or T jamo (GB7, GB8), and no jamo is here. The ranges:
    /// ASCII, Latin-1, Latin Extended-A/B, IPA, spacing modifiers (U+0000…U+02FF); Greek and
    /// Cyrillic past the combining marks (U+0370…U+0482, U+048A…U+052F; U+0483…U+0489 are
    /// Extend); Armenian (U+0531…U+0556, U+0559…U+058A); Hebrew letters (U+05D0…U+05EA,
    /// U+05F0…U+05F4); Arabic letters and digits (U+0621…U+064A, U+0660…U+066F, U+0671…U+06D5:
    /// the harakat U+064B…U+065F, U+0670 and U+06D6… are Extend, U+0600…U+0605 and U+06DD
    /// Prepend); Latin Extended Additional (Vietnamese, U+1E00…U+1EFF) and Greek Extended
    /// (U+1F00…U+1FFF); general punctuation except ZWNJ (Extend) and ZWJ (U+2000…U+200B,
    /// U+200E…U+206F: quotes, dashes, ellipsis, bidi controls); super- and subscripts and
    /// currency (U+2070…U+20CF; U+20D0… are Extend); letterlike symbols to dingbats
    /// (U+2100…U+27BF); CJK symbols and punctuation (U+3000…U+3029, U+3030…U+303F; U+302A…U+302F
    /// are Extend), Hiragana and Katakana (U+3041…U+3096, U+309B…U+30FF; U+3099…U+309A are
    /// Extend); CJK ideographs (U+3400…U+4DBF, U+4E00…U+9FFF, U+F900…U+FAFF); Hangul syllables
    /// (U+AC00…U+D7A3); fullwidth ASCII (U+FF01…U+FF5E); emoji without modifiers
    /// (U+1F300…U+1F3FA, U+1F400…U+1F64F, U+1F680…U+1F6FF, U+1F900…U+1F9FF; U+1F3FB…U+1F3FF,
    /// the skin tones, are Extend). Checked against `String.count` for every one of them and
    /// their neighbours (FastPathExactnessTests). Curly quotes and apostrophes (U+2018…U+201D),
    /// common in UI text, sent 267 of the bench's 10,770 distinct lines to the grapheme breaker.
    static func isOwnCluster(_ s: UInt32) -> Bool {
        ownClusterBits.withUnsafeBufferPointer { isOwnCluster(s, bits: $0) }
    }

    /// `isOwnCluster(_:)` with `ownClusterBits` at hand.
    @inline(__always)
    private static func isOwnCluster(_ s: UInt32, bits: UnsafeBufferPointer<UInt64>) -> Bool {
        if s < 0x10000 { return bits[Int(s >> 6)] >> UInt64(s & 63) & 1 != 0 }
        return ownClusterRanges.dropFirst(ownClusterRangesInBMP).contains { $0.contains(s) }
    }

    /// `isOwnCluster`'s ranges, ascending; the first `ownClusterRangesInBMP` are below U+10000.
    static let ownClusterRanges: [ClosedRange<UInt32>] = [
        0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x531...0x556, 0x559...0x58A, 0x5D0...0x5EA, 0x5F0...0x5F4,
        0x621...0x64A, 0x660...0x66F, 0x671...0x6D5, 0x1E00...0x1FFF, 0x2000...0x200B, 0x200E...0x206F,
        0x2070...0x20CF, 0x2100...0x27BF, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF5E,
        0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ]
    private static let ownClusterRangesInBMP = ownClusterRanges.firstIndex { $0.lowerBound >= 0x10000 } ?? ownClusterRanges.count

    /// The BMP part of `ownClusterRanges` as 65,536 bits (8 KiB), one load per character instead
    /// of a comparison per range: a switch over the 28 ranges cost 56 instructions a character
    /// and raised `typefit measure`'s (Liberation Sans, 20,000 corpus lines, one thread) from
    /// 370.9 M to 375.5 M instructions (callgrind).
    private static let ownClusterBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for range in ownClusterRanges.prefix(ownClusterRangesInBMP) {
            for s in range { bits[Int(s >> 6)] |= 1 << UInt64(s & 63) }
        }
        return bits
    }()

    // MARK: lines, runs, segments

    /// The line's entry, from the cache or measured and cached; with `clusters`, a measured
    /// line's entry carries its grapheme cluster count (`SegmentCache.Flags.clusterShift`: a
    /// line met again is not counted again; counting a non-ASCII line goes through the
    /// grapheme breaker, about as costly as shaping a short line from the cache). With
    /// `cachingLine: false` the whole-line cache is neither looked up nor filled.
    private func line(_ b: UnsafePointer<UInt8>, _ n: Int, ink: Bool, clusters: Bool = false, cachingLine: Bool = true) -> SegmentCache.Entry {
        stats.lines += 1
        let hash = cachingLine ? SegmentCache.hash(b, n, Self.lineTag) : 0
        if cachingLine, let hit = cache.lookup(b, n, tag: Self.lineTag, hash: hash) {
            stats.lineHits += 1
            if ink && hit.missing > 0 { lineMissing = cache.missingList(of: hit).map { Unicode.Scalar(UInt32(truncatingIfNeeded: $0))! } }
            return hit
        }
        if ink {
            lineRecords.removeAll(keepingCapacity: true)
            if !seenScalars.isEmpty { seenScalars.removeAll(keepingCapacity: true) }
            generation &+= 1
            if generation == 0 {  // wrapped: forget every mark
                seenGeneration.update(repeating: 0, count: 0x10000)
                scalarBlocksWritten.update(repeating: true, count: Self.scalarBlocks)  // all written now
                generation = 1
            }
        }
        itemizer.itemize(UnsafeBufferPointer(start: b, count: n))
        var result = SegmentCache.Entry(hash: hash, start: 0, length: 0, tag: Self.lineTag, advance: 0, flags: 0, missing: 0,
                                        ink: (0, 0, 0, 0))
        var pen = 0
        var missing = 0
        var box = (Int.max, Int.max, Int.min, Int.min)
        var hasInk = false
        let runs = itemizer.runs
        for run in runs {
            let r = self.run(b, n, run, ink: ink, missing: &missing)
            if ink {
                // Pieces come in logical order; glyph (pen) order is reversed for RTL runs.
                let rtl = run.script != HB_SCRIPT_INVALID && hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL
                var offset = rtl ? pen + r : pen
                for piece in runPieces {
                    if rtl { offset -= piece.advance }
                    if piece.hasInk {
                        let o = offset
                        box.0 = min(box.0, piece.ink.0 + o)
                        box.1 = min(box.1, piece.ink.1)
                        box.2 = max(box.2, piece.ink.2 + o)
                        box.3 = max(box.3, piece.ink.3)
                        hasInk = true
                    }
                    if !rtl { offset += piece.advance }
                }
            }
            pen += r
        }
        result.advance = pen
        result.missing = Int32(clamping: missing)
        if hasInk {
            result.ink = box
            result.flags |= SegmentCache.Flags.hasInk
        }
        if clusters {
            let count = Self.clusterCount(utf8: UnsafeBufferPointer(start: b, count: n))
            if count < 1 << 24 - 1 { result.flags |= UInt32(count + 1) << SegmentCache.Flags.clusterShift }
        }
        if ink && missing > 0 {
            // Text order, as `Shaper.measure` sorts: by offset, then in the order found. Records
            // come in glyph order, so usually already in text order (left-to-right runs), or in
            // strictly falling order (a right-to-left run, one character per cluster), where
            // reversing is that sort; otherwise they are sorted.
            var rising = true, falling = true
            for k in lineRecords.indices.dropFirst() {
                let previous = lineRecords[k - 1] >> 32, offset = lineRecords[k] >> 32
                if offset < previous { rising = false }
                if offset >= previous { falling = false }
            }
            if rising || falling {
                lineMissing.removeAll(keepingCapacity: true)
                if rising {
                    for r in lineRecords { lineMissing.append(Unicode.Scalar(UInt32(truncatingIfNeeded: r))!) }
                } else {
                    for r in lineRecords.reversed() { lineMissing.append(Unicode.Scalar(UInt32(truncatingIfNeeded: r))!) }
                }
            } else {
                let order = lineRecords.indices.sorted { (lineRecords[$0] >> 32, $0) < (lineRecords[$1] >> 32, $1) }
                lineMissing = order.map { Unicode.Scalar(UInt32(truncatingIfNeeded: lineRecords[$0]))! }
            }
            if cachingLine { cache.insert(b, n, entry: result, missing: ArraySlice(lineMissing.map { UInt64($0.value) })) }
        } else if cachingLine {
            cache.insert(b, n, entry: result)
        }
        return result
    }

    /// Advance of one script run; with `ink`, `runPieces` holds its pieces afterwards.
    private func run(_ b: UnsafePointer<UInt8>, _ n: Int, _ run: ScriptItemizer.Run, ink: Bool, missing: inout Int) -> Int {
        runPieces.removeAll(keepingCapacity: true)
        pieces.removeAll(keepingCapacity: true)
        let tag = run.script.rawValue
        // Cut the run into pieces and look each up.
        var toShape = 0, hitBytes = 0
        var i = run.start
        while i < run.end {
            var j = i
            repeat {
                // A piece ends after a run of spaces; where the cut is unsafe (pair kerning
                // with the space, …), the piece goes on past it.
                while j < run.end && b[j] != 0x20 { j += 1 }
                while j < run.end && b[j] == 0x20 { j += 1 }
            } while j < run.end && !cutIsSafe(b, n, at: j, run.script)
            stats.segments += 1
            let needsContext = (i == run.start && run.start > 0) || (j == run.end && run.end < n)
            var piece = Piece(start: i, end: j, hash: 0, context: needsContext, hit: nil)
            if !needsContext {
                piece.hash = SegmentCache.hash(b + i, j - i, tag)
                piece.hit = cache.lookup(b + i, j - i, tag: tag, hash: piece.hash)
                if piece.hit != nil { stats.segmentHits += 1 }
            }
            if piece.hit == nil { toShape += 1 } else { hitBytes += j - i }
            pieces.append(piece)
            i = j
        }
        // Several pieces to shape and little already cached: one hb_shape call for the run.
        if !ink && toShape >= 2 && hitBytes * 4 <= run.end - run.start { return batch(b, n, run, missing: &missing) }
        // Ink: one hb_shape call for the run only when none of it is cached (see the header).
        if ink && toShape >= 2 {
            if hitBytes == 0 { harvest(b, n, run) } else { batchUncached(b, run) }
        }
        var total = 0
        if ink { runMissingRanges.removeAll(keepingCapacity: true) }
        for piece in pieces {
            var e: SegmentCache.Entry
            var fresh = false
            if let hit = piece.hit, !piece.harvested {
                e = hit
            } else {
                if let shaped = piece.hit {
                    e = shaped
                    pieceMissing.removeAll(keepingCapacity: true)
                    if e.missing > 0 { pieceMissing.append(contentsOf: batchMissing[piece.missingList]) }
                } else {
                    e = shape(b, n, piece.start, piece.end - piece.start, script: run.script, context: piece.context, ink: ink)
                }
                fresh = true
                if !piece.context {
                    e.hash = piece.hash
                    e.tag = tag
                    cache.insert(b + piece.start, piece.end - piece.start, entry: e, missing: ink && e.missing > 0 ? pieceMissing[...] : nil)
                }
            }
            total += Int(e.advance)
            missing += Int(e.missing)
            if ink {
                runPieces.append((Int(e.advance), e.ink, e.flags & SegmentCache.Flags.hasInk != 0))
                if e.missing > 0 {
                    if runMissingRanges.isEmpty { runMissing.removeAll(keepingCapacity: true) }
                    let start = runMissing.count
                    let offset = UInt64(piece.start) << 32
                    if fresh {
                        for r in pieceMissing { runMissing.append(r &+ offset) }
                    } else {
                        for r in cache.missingList(of: e) { runMissing.append(r &+ offset) }
                    }
                    runMissingRanges.append(start..<runMissing.count)
                }
            }
        }
        if ink && !runMissingRanges.isEmpty {
            // Shaper's order: the run's glyphs as HarfBuzz outputs them (pieces reversed in an RTL
            // run), each character once (the first time it is found).
            let rtl = run.script != HB_SCRIPT_INVALID && hb_script_get_horizontal_direction(run.script) == HB_DIRECTION_RTL
            for range in rtl ? Array(runMissingRanges.reversed()) : runMissingRanges {
                for r in runMissing[range] where firstInLine(UInt32(truncatingIfNeeded: r)) { lineRecords.append(r) }
            }
        }
        return total
    }

    /// Whether `scalar` is met for the first time in the current line (and marks it met).
    @inline(__always)
    private func firstInLine(_ scalar: UInt32) -> Bool {
        guard scalar < 0x10000 else { return seenScalars.insert(scalar).inserted }
        writeFirst(seenGeneration + Int(scalar))
        if seenGeneration[Int(scalar)] == generation { return false }
        seenGeneration[Int(scalar)] = generation
        return true
    }

    /// Most of the run is not cached: shape the whole run once, exactly as `Shaper`
    /// does (its advance is the answer), and cache the missing pieces from its glyphs, split at
    /// the cuts (safe cuts: the glyphs of each piece are those it gets when shaped alone).
    private func batch(_ b: UnsafePointer<UInt8>, _ n: Int, _ run: ScriptItemizer.Run, missing: inout Int) -> Int {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        b.withMemoryRebound(to: CChar.self, capacity: n) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(n), UInt32(run.start), Int32(run.end - run.start))
        }
        shapeBuffer(run.script)
        for k in pieces.indices {
            pieces[k].advance = 0
            pieces[k].missing = 0
        }
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return 0 }
        var total = 0
        var k = 0
        for g in 0..<Int(count) {
            let cluster = Int(info[g].cluster)
            // Clusters are monotone (ascending, or descending for RTL): move to the right piece.
            while cluster >= pieces[k].end && k + 1 < pieces.count { k += 1 }
            while cluster < pieces[k].start && k > 0 { k -= 1 }
            let advance = Int(pos[g].x_advance)
            total += advance
            pieces[k].advance += advance
            if info[g].codepoint == 0 {
                pieces[k].missing += 1
                missing += 1
            }
        }
        let tag = run.script.rawValue
        for piece in pieces where piece.hit == nil && !piece.context {
            let e = SegmentCache.Entry(hash: piece.hash, start: 0, length: 0, tag: tag, advance: piece.advance, flags: 0,
                                       missing: Int32(clamping: piece.missing), ink: (0, 0, 0, 0))
            cache.insert(b + piece.start, piece.end - piece.start, entry: e)
        }
        return total
    }

    /// Ink mode, nothing of the run cached: shapes the whole run once, exactly as `Shaper` shapes
    /// it, and fills each piece's `hit` with the entry `shape(…)` gives that piece
    /// alone, from the run's glyphs (`takeStretches`). Exact because every cut between
    /// pieces is safe (`cutIsSafe`: the glyphs either side are those of the parts shaped alone).
    private func harvest(_ b: UnsafePointer<UInt8>, _ n: Int, _ run: ScriptItemizer.Run) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        b.withMemoryRebound(to: CChar.self, capacity: n) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(n), UInt32(run.start), Int32(run.end - run.start))
        }
        shapeBuffer(run.script)
        batchMissing.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        for k in pieces.indices { members.append((k, pieces[k].start, pieces[k].end)) }
        takeStretches(b)
    }

    /// Ink mode, some of the run cached: the pieces to shape that need no context are shaped
    /// together, concatenated in `scratch` (logical order, one hb_shape call per batch of at
    /// least `minimumBatch` pieces), and each one's entry is taken from its stretch of the
    /// glyphs (`takeStretches`). Each artificial boundary (the end "x␣" of one piece before the
    /// first character "Y" of a piece that does not follow it in the line) must pass `cutIsSafe`
    /// in the scratch text, or the batch ends there; only a piece that ends in spaces may have
    /// another after it, and a piece that starts with a space (leading spaces) is shaped alone.
    /// Pieces not batched are left to be shaped alone.
    private func batchUncached(_ b: UnsafePointer<UInt8>, _ run: ScriptItemizer.Run) {
        // A neutral run's script is guessed by HarfBuzz from the text shaped: not batched.
        guard run.script != HB_SCRIPT_INVALID else { return }
        batchMissing.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        var length = 0, previousEnd = -1
        for k in pieces.indices where pieces[k].hit == nil && !pieces[k].context && b[pieces[k].start] != 0x20 {
            let start = pieces[k].start, count = pieces[k].end - start
            if length + count > scratchCapacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(2 * scratchCapacity, length + count))
                grown.update(from: scratch, count: length)
                scratch.deallocate()
                scratch = grown
                scratchCapacity = max(2 * scratchCapacity, length + count)
            }
            (scratch + length).update(from: b + start, count: count)
            // Joined to the batch when the piece before ends in spaces and the boundary is a
            // cut of the line (checked already) or a safe cut in the scratch text.
            if !members.isEmpty && !(scratch[length - 1] == 0x20
                                     && (start == previousEnd || cutIsSafe(scratch, length + count, at: length, run.script))) {
                shapeScratch(length, run.script)
                members.removeAll(keepingCapacity: true)
                scratch.update(from: b + start, count: count)
                length = 0
            }
            members.append((k, length, length + count))
            length += count
            previousEnd = pieces[k].end
        }
        shapeScratch(length, run.script)
    }

    /// Shapes the `length` bytes of `scratch` holding the pieces `members` (at least
    /// `minimumBatch` of them, else nothing is done) and takes their entries.
    private func shapeScratch(_ length: Int, _ script: hb_script_t) {
        guard members.count >= Self.minimumBatch else { return }
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        scratch.withMemoryRebound(to: CChar.self, capacity: length) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(length), 0, Int32(length))
        }
        shapeBuffer(script)
        stats.batchedPieces += members.count
        takeStretches(UnsafePointer(scratch))
    }

    /// Pieces shaped together in one call (`batchUncached`): fewer are shaped alone.
    static let minimumBatch = 2

    /// From the buffer just shaped, whose text `text` holds `members` (piece, start, end: cluster
    /// values are offsets in `text`; the members in logical order, each cut between two of them
    /// safe), fills each uncached member's `hit` with the entry `shape(…)` gives that piece
    /// alone: its advance, ink box from its own pen start, .notdef count and missing characters
    /// (piece offsets, in `batchMissing`). Clusters are monotone, so each piece's glyphs are a
    /// contiguous stretch, found by cluster value (members in reverse for RTL). Where a stretch
    /// does not start at its piece's first byte's cluster (HarfBuzz merged a cluster across the
    /// cut, or deleted the piece's first character), or the stretches do not cover every glyph,
    /// the members are left to be shaped alone.
    private func takeStretches(_ text: UnsafePointer<UInt8>) {
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        let glyphs = Int(count)
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var g = 0
        var order = rtl ? members.count - 1 : 0
        for _ in members.indices {
            let (k, start, end) = members[order]
            order += rtl ? -1 : 1
            let first = g
            var hasStart = false
            while g < glyphs {
                let cluster = Int(info[g].cluster)
                if cluster < start || cluster >= end { break }
                if cluster == start { hasStart = true }
                g += 1
            }
            guard hasStart else {  // not cut where the pieces are: shape them alone
                forgetStretches()
                return
            }
            if pieces[k].hit != nil { continue }
            var e = SegmentCache.Entry(hash: 0, start: 0, length: 0, tag: 0, advance: 0, flags: 0, missing: 0, ink: (0, 0, 0, 0))
            var advance = 0, missing = 0
            for j in first..<g {
                advance += Int(pos[j].x_advance)
                if info[j].codepoint == 0 { missing += 1 }
            }
            e.advance = advance
            e.missing = Int32(clamping: missing)
            if missing > 0 {
                // The piece's text ends at its end, as when shaped alone.
                missingCharacters(info + first, g - first, UnsafeBufferPointer(start: text, count: end), first: start)
                let listStart = batchMissing.count
                batchMissing.append(contentsOf: pieceMissing)
                pieces[k].missingList = listStart..<batchMissing.count
            }
            if let box = inkBox(info + first, pos + first, g - first) {
                e.ink = box
                e.flags |= SegmentCache.Flags.hasInk
            }
            pieces[k].hit = e
            pieces[k].harvested = true
            stats.harvestedPieces += 1
        }
        if g != glyphs { forgetStretches() }
    }

    /// Undoes `takeStretches` for the current members: each is shaped alone.
    private func forgetStretches() {
        for (k, _, _) in members where pieces[k].harvested {
            pieces[k].hit = nil
            pieces[k].harvested = false
            stats.harvestedPieces -= 1
        }
    }

    /// Shapes bytes [start, start + length) of the line; with `context`, HarfBuzz sees the
    /// line around it (as `Shaper` does for a run), otherwise the piece alone.
    private func shape(_ b: UnsafePointer<UInt8>, _ n: Int, _ start: Int, _ length: Int, script: hb_script_t,
                       context: Bool, ink: Bool) -> SegmentCache.Entry {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT)
        b.withMemoryRebound(to: CChar.self, capacity: n) { chars in
            if context {
                hb_buffer_add_utf8(buffer, chars, Int32(n), UInt32(start), Int32(length))
            } else {
                hb_buffer_add_utf8(buffer, chars + start, Int32(length), 0, Int32(length))
            }
        }
        shapeBuffer(script)
        var count: UInt32 = 0
        var e = SegmentCache.Entry(hash: 0, start: 0, length: 0, tag: 0, advance: 0, flags: 0, missing: 0, ink: (0, 0, 0, 0))
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return e }
        var advance = 0
        var missing = 0
        for k in 0..<Int(count) {
            advance += Int(pos[k].x_advance)
            if info[k].codepoint == 0 { missing += 1 }
        }
        e.advance = advance
        e.missing = Int32(clamping: missing)
        if ink && missing > 0 {
            // Clusters are line offsets with context, piece offsets without.
            let text = context ? b : b + start
            let first = context ? start : 0
            missingCharacters(info, Int(count), UnsafeBufferPointer(start: text, count: first + length), first: first)
        }
        if ink, let box = inkBox(info, pos, Int(count)) {
            e.ink = box
            e.flags |= SegmentCache.Flags.hasInk
        }
        return e
    }

    /// Fills `pieceMissing` with the missing characters of a shaped piece, by `Shaper.measure`'s
    /// rule: for each cluster with a .notdef glyph (in glyph order, each cluster once), the
    /// characters of the cluster (from its value to the next larger cluster value, or the piece's
    /// end) that the font's cmap lacks and that are not default-ignorable, or the cluster's first
    /// character when it lacks none; each character once. Characters HarfBuzz draws with another
    /// glyph (U+2011 as U+2010's hyphen, say) make no .notdef and so are not missing. Entries are
    /// (offset of the cluster from `first` << 32 | scalar); `text[c]` is the byte of cluster c.
    private func missingCharacters(_ info: UnsafeMutablePointer<hb_glyph_info_t>, _ count: Int, _ text: UnsafeBufferPointer<UInt8>,
                                   first: Int) {
        pieceMissing.removeAll(keepingCapacity: true)
        // HarfBuzz's default cluster level keeps clusters monotone: ascending (LTR) or descending
        // (RTL) in glyph order, so a cluster's glyphs are adjacent and the next larger value is
        // a neighbour's. Otherwise (never seen; kept exact anyway) the sorted values are searched.
        var ascending = true, descending = true
        for k in 1..<max(1, count) {
            if info[k].cluster < info[k - 1].cluster { ascending = false }
            if info[k].cluster > info[k - 1].cluster { descending = false }
        }
        let sorted: [Int] = ascending || descending ? [] : Set((0..<count).map { Int(info[$0].cluster) }).sorted()
        var seenClusters = Set<Int>()
        var seen = Set<UInt32>()
        func add(_ cluster: Int, _ scalar: UInt32) {
            // Few characters per piece: a linear search until there are many (hostile lines).
            if pieceMissing.count < 32 {
                if pieceMissing.contains(where: { UInt32(truncatingIfNeeded: $0) == scalar }) { return }
            } else {
                if seen.isEmpty { for r in pieceMissing { seen.insert(UInt32(truncatingIfNeeded: r)) } }
                guard seen.insert(scalar).inserted else { return }
            }
            pieceMissing.append(UInt64(cluster - first) << 32 | UInt64(scalar))
        }
        var previous = -1
        for k in 0..<count where info[k].codepoint == 0 {
            let cluster = Int(info[k].cluster)
            if ascending || descending {
                if cluster == previous { continue }
                previous = cluster
            } else if !seenClusters.insert(cluster).inserted {
                continue
            }
            // Where the cluster ends: the next larger cluster value, or the end of the text.
            var end = text.count
            if ascending {
                var j = k + 1
                while j < count && Int(info[j].cluster) == cluster { j += 1 }
                if j < count { end = min(end, Int(info[j].cluster)) }
            } else if descending {
                var j = k - 1
                while j >= 0 && Int(info[j].cluster) == cluster { j -= 1 }
                if j >= 0 { end = min(end, Int(info[j].cluster)) }
            } else {
                var low = 0, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] <= cluster { low = middle + 1 } else { high = middle }
                }
                if low < sorted.count { end = min(end, sorted[low]) }
            }
            var i = cluster
            var firstScalar: UInt32?
            var lacking = false
            while i < end {
                let (scalar, length) = TextLimits.decode(text, at: i)
                if firstScalar == nil { firstScalar = scalar }
                let lacked: Bool
                if scalar < 0x10000 { writeFirst(lacksBMP + Int(scalar)) }
                if scalar < 0x10000, lacksBMP[Int(scalar)] != 0 {
                    lacked = lacksBMP[Int(scalar)] == 2
                } else if let known = lacks[scalar] {
                    lacked = known
                } else {
                    var glyph: hb_codepoint_t = 0
                    lacked = hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph) == 0
                        && !(Unicode.Scalar(scalar).map(Shaper.isDefaultIgnorable) ?? true)
                    if scalar < 0x10000 { lacksBMP[Int(scalar)] = lacked ? 2 : 1 } else { lacks[scalar] = lacked }
                }
                if lacked {
                    lacking = true
                    add(cluster, scalar)
                }
                i += max(1, length)
            }
            if !lacking, let firstScalar { add(cluster, firstScalar) }
        }
    }

    /// Whether the line may be cut at `i` (after a run of spaces, before a non-space): HarfBuzz
    /// shapes the neighbourhood "x␣…␣Y" (the character before the spaces, the spaces, the
    /// character at `i`) whole, with PRODUCE_UNSAFE_TO_CONCAT, and the cut is safe when
    /// (1) no glyph of the "Y" cluster carries HB_GLYPH_FLAG_UNSAFE_TO_BREAK, and (2) "x␣…␣"
    /// and "Y" shaped separately give the same glyphs, advances and offsets. Checked once per
    /// neighbourhood and script (cached). HarfBuzz 6.0's UNSAFE_TO_CONCAT alone cannot be used:
    /// it marks nearly every glyph after the first ("Hello " in Inter: flags 0,2,2,2,2,2), and
    /// it misses Roboto's space + T kerning at the end of "Pride: " (the space loses 40 units
    /// before "Trans"), which check (2) catches.
    private func cutIsSafe(_ b: UnsafePointer<UInt8>, _ n: Int, at i: Int, _ script: hb_script_t) -> Bool {
        let line = UnsafeBufferPointer(start: b, count: n)
        let (_, nextLength) = ScriptItemizer.decode(line, at: i)
        var k = i
        while k > 0 && b[k - 1] == 0x20 { k -= 1 }
        if k > 0 {
            k -= 1
            while k > 0 && b[k] & 0xC0 == 0x80 { k -= 1 }  // start of the previous scalar
        }
        let cut = i - k, length = cut + nextLength
        if length > 16 { return false }  // long runs of spaces: keep the text together
        var key = (UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &key) { raw -> Bool in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            p.update(from: b + k, count: length)
            let words = (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
            if let safe = cuts.lookup(words, length: length, script: script.rawValue) {
                if !safe { stats.unsafeCuts += 1 }
                return safe
            }
            glyphScratch.removeAll(keepingCapacity: true)
            var unsafe = appendGlyphs(p, length, script, cluster: UInt32(cut))
            let whole = glyphScratch.count
            appendPartGlyphs(p, cut, script)
            appendPartGlyphs(p + cut, nextLength, script)
            if glyphScratch.count != 2 * whole { unsafe = true }
            for g in 0..<whole where !unsafe && glyphScratch[g] != glyphScratch[whole + g] { unsafe = true }
            cuts.insert(words, length: length, script: script.rawValue, safe: !unsafe)
            if unsafe { stats.unsafeCuts += 1 }
            return !unsafe
        }
    }

    /// `appendGlyphs(p, length, script, cluster: nil)` (length ≤ 16) with the answer kept: the
    /// parts of a neighbourhood "x␣" and "Y" recur in many neighbourhoods (20,000 corpus lines:
    /// 3,311 neighbourhoods of 309 "x␣" and 286 "Y"), so a new neighbourhood costs one hb_shape
    /// (the whole) instead of three.
    private func appendPartGlyphs(_ p: UnsafePointer<UInt8>, _ length: Int, _ script: hb_script_t) {
        var key = PartKey(bytes: (0, 0), length: UInt8(length), script: script.rawValue)
        withUnsafeMutableBytes(of: &key.bytes) { $0.baseAddress!.copyMemory(from: p, byteCount: length) }
        if let known = partGlyphs[key] {
            glyphScratch.append(contentsOf: known)
            return
        }
        let first = glyphScratch.count
        _ = appendGlyphs(p, length, script, cluster: nil)
        if partGlyphs.count >= 4096 { partGlyphs.removeAll(keepingCapacity: true) }  // bounded on hostile text
        partGlyphs[key] = Array(glyphScratch[first...])
    }

    /// Shapes `length` bytes at `p` alone and appends (glyph, x advance, x offset, y offset) of
    /// each glyph, in logical order, to `glyphScratch`. Returns whether a glyph of `cluster`
    /// carries HB_GLYPH_FLAG_UNSAFE_TO_BREAK.
    private func appendGlyphs(_ p: UnsafePointer<UInt8>, _ length: Int, _ script: hb_script_t, cluster: UInt32?) -> Bool {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
        p.withMemoryRebound(to: CChar.self, capacity: length) { hb_buffer_add_utf8(buffer, $0, Int32(length), 0, Int32(length)) }
        shapeBuffer(script)
        var count: UInt32 = 0
        guard let info = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
              let pos = hb_buffer_get_glyph_positions(buffer, nil) else { return false }
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var unsafe = false
        for k in 0..<Int(count) {
            let g = rtl ? Int(count) - 1 - k : k
            glyphScratch.append(GlyphKey(glyph: info[g].codepoint, advance: pos[g].x_advance, xOffset: pos[g].x_offset, yOffset: pos[g].y_offset))
            if let cluster, info[g].cluster == cluster,
               hb_glyph_info_get_glyph_flags(info + g).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 { unsafe = true }
        }
        return unsafe
    }

    /// Sets the run's properties (as `Shaper` does) and shapes the buffer. Through `hb_shape`,
    /// not a kept plan and `hb_shape_plan_execute` (which would skip the plan lookup, about 4 % of
    /// `typefit measure`'s instructions in Liberation Sans): in HarfBuzz 6.0 `hb_shape_full`
    /// (src/hb-shape.cc:134) calls `hb_buffer_t::enter` (src/hb-buffer.cc:311–326), which bounds
    /// the call to max(64·len, 16384) glyphs and max(1024·len, 16384) nested lookups (enforced at
    /// src/hb-buffer.cc:158 and src/hb-ot-layout-gsubgpos.hh:663, 1646); no public function sets
    /// those bounds, and a bare execute keeps the buffer's defaults (2³⁰ glyphs, 2²⁹ lookups,
    /// src/hb-buffer.cc:330–331, 736–737), so a font whose lookups recurse or multiply glyphs past
    /// the bounds would shape differently from `Shaper`. The rest of `enter` (variables, serial,
    /// scratch flags, shaping_failed) `hb_buffer_clear_contents` also resets (src/hb-buffer.cc:286–308).
    @inline(__always)
    private func shapeBuffer(_ script: hb_script_t) {
        if script != HB_SCRIPT_INVALID {
            hb_buffer_set_script(buffer, script)
            hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script))
        }
        if let hbLanguage { hb_buffer_set_language(buffer, hbLanguage) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, features.baseAddress, UInt32(features.count))
        stats.shapeCalls += 1
    }

    /// Ink box of shaped glyphs with the pen starting at 0 (as `Shaper.measure` computes it).
    private func inkBox(_ info: UnsafeMutablePointer<hb_glyph_info_t>, _ pos: UnsafeMutablePointer<hb_glyph_position_t>,
                        _ count: Int) -> (Int, Int, Int, Int)? {
        // Wrapping arithmetic (no overflow checks): every term is a 32-bit HarfBuzz value and a
        // line has at most `TextLimits`' glyphs, so the 64-bit sums cannot overflow.
        var pen = 0
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for k in 0..<count {
            var ext = hb_glyph_extents_t()
            if glyphExtents.extents(of: info[k].codepoint, &ext), ext.width != 0, ext.height != 0 {
                let x = pen &+ Int(pos[k].x_offset) &+ Int(ext.x_bearing), y = Int(pos[k].y_offset) &+ Int(ext.y_bearing)
                x0 = min(x0, x)
                y0 = min(y0, y &+ Int(ext.height))
                x1 = max(x1, x &+ Int(ext.width))
                y1 = max(y1, y)
            }
            pen &+= Int(pos[k].x_advance)
        }
        return x0 == Int.max ? nil : (x0, y0, x1, y1)  // a glyph with ink sets x0 below Int.max
    }
}

extension FastMeasurer {
    /// Advances (font units) of every line of `lines`, on `threads` threads (0 = all cores), each
    /// with its own `FastMeasurer` over the shared `font`. Returns the advances in line order and
    /// the summed statistics.
    public static func advances(of lines: PackedLines, font: ShapingFont, features: String = "", language: String? = nil,
                                threads: Int = 0, cacheLimits: CacheLimits = .standard) throws -> (advances: [Int], statistics: Statistics) {
        let threadCount = max(1, min(threads > 0 ? threads : Processors.available, max(1, lines.count)))
        let measurers = try group(count: threadCount, font: font, features: features, language: language, cacheLimits: cacheLimits)
        var result = [Int](repeating: 0, count: lines.count)
        let chunk = 256
        let chunks = (lines.count + chunk - 1) / chunk
        let scheduler = ChunkScheduler(chunks: chunks)
        result.withUnsafeMutableBufferPointer { out in
            lines.bytes.withUnsafeBufferPointer { bytes in
                lines.offsets.withUnsafeBufferPointer { offsets in
                    let shared = UncheckedSendable((out.baseAddress!, bytes.baseAddress!, offsets.baseAddress!, measurers))
                    // Chunks in order to whichever thread is free (the measurers share one
                    // cache). Each line is written once.
                    DispatchQueue.concurrentPerform(iterations: threadCount) { t in
                        let (output, b, o, all) = shared.value
                        let m = all[t]
                        while let c = scheduler.next() {
                            for i in c * chunk..<min(lines.count, (c + 1) * chunk) {
                                let start = Int(o[i]), end = Int(o[i + 1])
                                output[i] = (m.advance(utf8: UnsafeBufferPointer(start: b + start, count: end - start)))
                            }
                        }
                    }
                }
            }
        }
        var total = Statistics()
        for m in measurers {
            let s = m.statistics
            total.lines += s.lines
            total.lineHits += s.lineHits
            total.segments += s.segments
            total.segmentHits += s.segmentHits
            total.shapeCalls += s.shapeCalls
            total.unsafeCuts += s.unsafeCuts
            total.harvestedPieces += s.harvestedPieces
            total.batchedPieces += s.batchedPieces
            total.cacheClears += s.cacheClears
        }
        return (result, total)
    }
}

extension FastMeasurer {
    /// `measure(_:)` of every line on `threads` threads (0 = all cores), each with its own
    /// measurer over the shared `font`.
    public static func measurements(of lines: [String], font: ShapingFont, features: String = "", language: String? = nil,
                                    threads: Int = 0) throws -> [LineMeasurement] {
        let threadCount = max(1, min(threads > 0 ? threads : Processors.available, max(1, lines.count)))
        let measurers = try group(count: threadCount, font: font, features: features, language: language, computesInk: true)
        let empty = LineMeasurement(advance: 0, clusterCount: 0, missingGlyphCount: 0, missingCharacters: [], ink: nil)
        var result = [LineMeasurement](repeating: empty, count: lines.count)
        result.withUnsafeMutableBufferPointer { out in
            let shared = UncheckedSendable((out.baseAddress!, lines, measurers))
            // Thread t measures lines t, t + threads, …: each slot is written by one thread.
            DispatchQueue.concurrentPerform(iterations: threadCount) { t in
                let (output, all, ms) = shared.value
                var i = t
                while i < all.count {
                    output[i] = ms[t].measure(Substring(all[i]))
                    i += threadCount
                }
            }
        }
        return result
    }
}

/// Hands out chunk numbers in order, one at a time, to whichever thread asks (one atomic add).
/// In order, because the measurers of a run share one cache (`FastMeasurer.group`): a thread no
/// longer gains from a contiguous share of its own, and finished chunks waiting to be written
/// in order stay few (with a contiguous share per thread, the second thread's whole share
/// waited in memory: 20,000 lines on 2 threads, 500–670 more page faults than in order and its
/// output written in one burst at the end).
public final class ChunkScheduler: Sendable {
    private let chunks: Int
    private let taken = Atomic<Int>(0)

    public init(chunks: Int) {
        self.chunks = chunks
    }

    /// The next chunk, nil when all are taken.
    public func next() -> Int? {
        let chunk = taken.wrappingAdd(1, ordering: .relaxed).oldValue
        return chunk < chunks ? chunk : nil
    }
}

/// Hands values to `DispatchQueue.concurrentPerform` workers. `@unchecked Sendable`: used only
/// where each worker touches disjoint parts (its own `FastMeasurer`, its own output slots) and the
/// shared inputs are read-only for the duration of the call.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The answers of `FastMeasurer.cutIsSafe`: neighbourhood "x␣…␣Y" (≤ 16 UTF-8 bytes, zero-padded,
/// as two words), its length and script → whether the cut is safe. Its own small open-addressing
/// table, compared as three words (no key bytes elsewhere to fetch): a corpus has a few thousand
/// neighbourhoods, met tens of thousands of times, so the table stays in the processor's cache
/// (the segment cache's 14 MiB does not). Cleared when three quarters full. One thread; with
/// `shared` (a `FastMeasurer.group`), answers are also kept in and looked up from the group's
/// shared table (tag: script | 1 << 31, advance: 1 = safe), so a neighbourhood is shaped once per run.
final class CutTable {
    private static let capacity = 8192
    /// (first 8 bytes, next 8 bytes, length | script << 8 | safe << 63); a zero third word = empty
    /// (length is never 0).
    private let slots: UnsafeMutablePointer<(UInt64, UInt64, UInt64)>
    private let mapping: AnonymousMapping
    @exclusivity(unchecked) private var count = 0
    private let shared: SharedSegmentTable?
    @exclusivity(unchecked) private var cursor = SharedSegmentTable.Cursor()

    init(shared: SharedSegmentTable? = nil) {
        self.shared = shared
        // Mapped: all-zero slots are empty. Populated at once (`AnonymousMapping`): neighbourhoods
        // hash all over the table and a slot is read before it is written, so touched page by
        // page each of the 48 pages was faulted twice, the second time interrupting the other
        // measuring threads' CPUs to flush their TLBs (`perf stat -e ipi:ipi_send_cpu`, Liberation
        // Sans, 20,000 corpus lines, 2 threads: 95 of the run's 282 interrupts came from here).
        mapping = AnonymousMapping(bytes: Self.capacity * MemoryLayout<(UInt64, UInt64, UInt64)>.stride, hugePages: false, populate: true, owner: "CutTable")
        slots = mapping.base.bindMemory(to: (UInt64, UInt64, UInt64).self, capacity: Self.capacity)
    }

    deinit { mapping.unmap() }

    @inline(__always)
    private static func meta(_ length: Int, _ script: UInt32) -> UInt64 { UInt64(length) | UInt64(script) << 8 }

    @inline(__always)
    private static func slot(_ words: (UInt64, UInt64), _ meta: UInt64) -> Int {
        var h = (words.0 ^ meta) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 29) ^ words.1) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: h >> 40) & (capacity - 1)
    }

    /// Whether the cut is safe, if answered before.
    @inline(__always)
    func lookup(_ words: (UInt64, UInt64), length: Int, script: UInt32) -> Bool? {
        let meta = Self.meta(length, script)
        var i = Self.slot(words, meta)
        while true {
            let s = slots[i]
            if s.2 == 0 { return shared == nil ? nil : lookupShared(words, length: length, script: script) }
            if s.2 & ~(1 << 63) == meta && s.0 == words.0 && s.1 == words.1 { return s.2 >> 63 != 0 }
            i = (i + 1) & (Self.capacity - 1)
        }
    }

    private func lookupShared(_ words: (UInt64, UInt64), length: Int, script: UInt32) -> Bool? {
        var words = words
        let tag = script | 1 << 31
        let found = withUnsafeBytes(of: &words) { raw -> SegmentCache.Entry? in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return shared!.lookup(p, length, tag: tag, hash: SegmentCache.hash(p, length, tag))
        }
        guard let found else { return nil }
        insertPrivate(words, length: length, script: script, safe: found.advance != 0)
        return found.advance != 0
    }

    func insert(_ words: (UInt64, UInt64), length: Int, script: UInt32, safe: Bool) {
        insertPrivate(words, length: length, script: script, safe: safe)
        guard let shared else { return }
        var words = words
        let tag = script | 1 << 31
        withUnsafeBytes(of: &words) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let e = SegmentCache.Entry(hash: SegmentCache.hash(p, length, tag), start: 0, length: 0, tag: tag, advance: safe ? 1 : 0,
                                       flags: 0, missing: 0, ink: (0, 0, 0, 0))
            _ = shared.insert(p, length, entry: e, missing: nil, cursor: &cursor)  // full: kept privately only
        }
    }

    private func insertPrivate(_ words: (UInt64, UInt64), length: Int, script: UInt32, safe: Bool) {
        if count >= Self.capacity * 3 / 4 {
            slots.update(repeating: (0, 0, 0), count: Self.capacity)
            count = 0
        }
        let meta = Self.meta(length, script)
        var i = Self.slot(words, meta)
        while slots[i].2 != 0 { i = (i + 1) & (Self.capacity - 1) }
        slots[i] = (words.0, words.1, meta | (safe ? 1 << 63 : 0))
        count += 1
    }
}
