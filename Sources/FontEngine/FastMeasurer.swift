import CHarfBuzz
import TypeFitSupport

/// Measures lines like `Shaper.advance(of:)` / `Shaper.measure(_:)`, to the font unit, but
/// shapes each distinct word once.
///
/// Every script run (the same runs as `Shaper`, via `ScriptItemizer`) is cut after each run of
/// spaces, but only where the cut is safe (`cutIsSafe`: HarfBuzz shapes the cut's neighbourhood
/// "x␣Y" whole and its parts "x␣" and "Y" alone, and the cut is used only when nothing marks it
/// unsafe and the glyphs agree). Each piece ("word ") is shaped alone and cached by its bytes
/// and its run's script (font, features and language are fixed per measurer); pieces touching
/// another script run are shaped with their real context, as `Shaper` shapes runs, and not
/// cached. Whole lines and cut answers are cached too, in the same `SegmentCache`. Advances and
/// ink are summed in 64 bits (a 2 MiB line passes 2³¹ − 1 units); a line past `TextLimits` is
/// measured with its excess dropped. `measure(_:)` names the missing characters too, by
/// `Shaper.measure`'s rule, from the glyphs of the pieces as they are shaped (kept with each
/// cached piece and line), so no line is shaped a second time to name them. Identity with
/// whole-line shaping is checked on every corpus line in every bundled font
/// (FastPathExactnessTests, MissingCharactersTests, `typefit bench --verify`).
///
/// Where a run has several pieces to shape, fewer hb_shape calls do (FastMeasurer+Batches.swift):
/// `advance(of:)` shapes the whole run once when little of it is cached; `measure(_:)` shapes a
/// run with nothing cached whole and takes each piece's entry from its stretch of glyphs, and a
/// run with cached pieces has its uncached ones shaped concatenated.
///
/// Not thread-safe (it owns an `hb_buffer_t` and scratch state): one per thread, sharing one
/// `ShapingFont` and, within a `group`, one cache. `advances(of:font:...)` spreads lines over
/// threads that way.
public final class FastMeasurer {
    /// Limits of the cache (memory is reserved once, at init; pages are touched as it fills).
    public struct CacheLimits: Sendable, Hashable {
        /// Segments (and whole lines) kept.
        public var entries: Int
        /// Bytes of segment text kept.
        public var bytes: Int
        /// 131,072 entries and 4 MiB of text.
        public static let standard = CacheLimits(entries: 1 << 17, bytes: 4 << 20)
        /// Whether the cache's memory is asked for as transparent huge pages (2 MiB per page
        /// fault instead of 4 KiB): fewer page faults for one long run over many lines, up to
        /// 2 MiB of resident memory per region touched, so measurers that see few lines leave it off.
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
        /// Times the cache was full and cleared (a measurer alone: see `SegmentCache`).
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

    let buffer: OpaquePointer
    let features: UnsafeMutableBufferPointer<hb_feature_t>
    let hbLanguage: hb_language_t?
    @exclusivity(unchecked) var itemizer = ScriptItemizer()
    /// The cache of this measurer's group, and this measurer's place in it.
    let cache: SegmentCache
    @exclusivity(unchecked) var cursor = SegmentCache.Cursor()
    let glyphExtents: GlyphExtentsCache
    // `@exclusivity(unchecked)` on the mutable state below: a measurer is used by one thread and
    // no method is re-entered while another holds one of these (none calls out to user code),
    // so the runtime's dynamic exclusivity checks (swift_beginAccess on every access) can never fire.
    @exclusivity(unchecked) var stats = Statistics()
    // Scratch for ink: per segment of the current run (advance, ink box, has ink).
    @exclusivity(unchecked) var runPieces: [(advance: Int, ink: (Int, Int, Int, Int), hasInk: Bool)] = []
    // Missing characters (measure mode). `pieceMissing`: the piece just shaped, as (UTF-8 offset
    // in the piece << 32 | scalar) in glyph order; `runMissing`: the run's pieces' lists (line
    // offsets) with each piece's range; `lineRecords`: the line's, deduplicated in shaping order;
    // `lineMissing`: the current line's answer, in text order.
    @exclusivity(unchecked) var pieceMissing: [UInt64] = []
    @exclusivity(unchecked) var runMissing: [UInt64] = []
    @exclusivity(unchecked) var runMissingRanges: [Range<Int>] = []
    @exclusivity(unchecked) var lineRecords: [UInt64] = []
    @exclusivity(unchecked) var seenScalars: Set<UInt32> = []
    // The same for U+0000…U+FFFF without hashing: `seenGeneration[s] == generation` = seen in
    // this line (a new line bumps `generation`); `lacksBMP[s]`: 0 = not asked yet, 1 = the
    // font has it, 2 = lacks it. `seenScalars` and `lacks` keep the scalars above U+FFFF.
    let seenGeneration: UnsafeMutablePointer<UInt32>
    let scalarTables: AnonymousMapping
    @exclusivity(unchecked) var generation: UInt32 = 0
    let lacksBMP: UnsafeMutablePointer<UInt8>
    // Which 4 KiB blocks of `scalarTables` have been written: a block's first access is a write
    // (`writeFirst`), so reading an untouched page never maps the zero page that the write after
    // it would have to replace, with a TLB flush on the other threads' CPUs (`AnonymousMapping`).
    // Not populated at once: a text touches few of these 80 blocks (a Latin one, one or two).
    // Looked at only where a glyph is missing.
    let scalarBlocksWritten: UnsafeMutablePointer<Bool>
    static let scalarBlocks = 0x10000 * (MemoryLayout<UInt32>.stride + 1) / 4096
    @exclusivity(unchecked) var lineMissing: [Unicode.Scalar] = []
    // Whether the font lacks a character (no cmap entry, not default-ignorable), per character seen.
    @exclusivity(unchecked) var lacks: [UInt32: Bool] = [:]

    /// A piece of the current run: UTF-8 range, hash, whether it is shaped with context, its
    /// cache entry if any, and (batch mode) its advance and missing glyphs.
    struct Piece {
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
    @exclusivity(unchecked) var pieces: [Piece] = []
    /// Ink batch: the missing-character lists of the pieces harvested from one run (piece offsets).
    @exclusivity(unchecked) var batchMissing: [UInt64] = []
    /// Ink batch: the pieces shaped in one call (index in `pieces`, UTF-8 range in the text shaped).
    @exclusivity(unchecked) var members: [(piece: Int, start: Int, end: Int)] = []
    /// The uncached pieces of a run concatenated (`batchUncached`).
    @exclusivity(unchecked) var scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
    @exclusivity(unchecked) var scratchCapacity = 1024

    /// Glyphs of a neighbourhood being checked (`cutIsSafe`).
    @exclusivity(unchecked) var glyphScratch: [GlyphKey] = []
    /// Glyphs of neighbourhood parts shaped alone (`appendPartGlyphs`).
    @exclusivity(unchecked) var partGlyphs: [PartKey: [GlyphKey]] = [:]

    /// A measurer over `font` with `features` (HarfBuzz syntax) and `language`; `computesInk`
    /// enables `measure(_:)`. Throws `FontError.invalidFeature`. Its cache is its own (a group of one).
    public convenience init(font: ShapingFont, features: String = "", language: String? = nil, computesInk: Bool = false,
                            cacheLimits: CacheLimits = .standard) throws {
        try self.init(font: font, features: features, language: language, computesInk: computesInk,
                      cache: SegmentCache(limits: cacheLimits, measurers: 1))
    }

    /// A measurer writing into `cache` (shared with the other measurers of its group, all with these settings).
    init(font: ShapingFont, features: String, language: String?, computesInk: Bool, cache: SegmentCache) throws {
        let parsed = try Shaper.parseFeatures(features)
        self.font = font
        self.featureString = features
        self.language = language
        self.computesInk = computesInk
        self.features = .allocate(capacity: max(1, parsed.count))
        _ = self.features.initialize(from: parsed)
        self.hbLanguage = language.map { hb_language_from_string($0, -1) }
        self.buffer = hb_buffer_create()
        self.cache = cache
        self.glyphExtents = GlyphExtentsCache(font: font.hbFont)
        // Mapped, not calloc'd: the kernel zeroes a page when it is first touched, where calloc
        // on memory malloc had already used would write all 320 KiB.
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
    func writeFirst(_ p: UnsafeMutableRawPointer) {
        let block = (p - scalarTables.base) >> 12
        if !scalarBlocksWritten[block] {
            scalarBlocksWritten[block] = true
            p.storeBytes(of: 0, as: UInt8.self)
        }
    }

    /// Counters since init.
    public var statistics: Statistics {
        var s = stats
        s.cacheClears = cursor.clears
        return s
    }

    /// Memory reserved by the cache, in bytes (fixed at init; shared within a group).
    public var cacheFootprint: Int { cache.memoryFootprint }
    /// Whether the cache was full when this measurer last inserted into it.
    var cacheIsFull: Bool { cursor.full }

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
}
