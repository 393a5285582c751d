import TypeFitSupport

extension FastMeasurer {
    /// `count` measurers with the same settings for the `count` workers of one run (one each).
    /// They share one cache (`SegmentCache`, holding `cacheLimits.entries` entries and about
    /// `cacheLimits.bytes` bytes of text): a word, line or cut one measurer has shaped is not
    /// shaped again by another.
    public static func group(count: Int, font: ShapingFont, features: String = "", language: String? = nil,
                             computesInk: Bool = false, cacheLimits: CacheLimits = .standard) throws -> [FastMeasurer] {
        guard count > 0 else { return [] }
        let cache = SegmentCache(limits: cacheLimits, measurers: count)
        return try (0..<count).map { _ in
            try FastMeasurer(font: font, features: features, language: language, computesInk: computesInk, cache: cache)
        }
    }

    /// Advances (font units) of every line of `lines`, on `threads` workers (0 = all cores), each
    /// with its own measurer of one `group`. Returns the advances in line order and the summed
    /// statistics.
    public static func advances(of lines: PackedLines, font: ShapingFont, features: String = "", language: String? = nil,
                                threads: Int = 0, cacheLimits: CacheLimits = .standard) throws -> (advances: [Int], statistics: Statistics) {
        let chunk = 256
        let chunks = (lines.count + chunk - 1) / chunk
        let pool = WorkerPool(threads: threads)
        let measurers = try group(count: pool.workers(for: chunks), font: font, features: features, language: language,
                                  cacheLimits: cacheLimits)
        let inputs = UnsafeSendable((lines, measurers))
        // Chunks in order to whichever worker is free: the measurers share one cache.
        let advances = pool.map(chunks) { worker, c in
            let (lines, measurers) = inputs.value
            return lines.bytes.withUnsafeBufferPointer { bytes in
                (c * chunk..<min(lines.count, (c + 1) * chunk)).map { i in
                    let start = Int(lines.offsets[i]), end = Int(lines.offsets[i + 1])
                    return measurers[worker].advance(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
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
        return (advances.flatMap { $0 }, total)
    }

    /// `measure(_:)` of every line on `threads` workers (0 = all cores), each with its own
    /// measurer of one `group`.
    public static func measurements(of lines: [String], font: ShapingFont, features: String = "", language: String? = nil,
                                    threads: Int = 0) throws -> [LineMeasurement] {
        let pool = WorkerPool(threads: threads)
        let measurers = UnsafeSendable(try group(count: pool.workers(for: lines.count), font: font, features: features,
                                                 language: language, computesInk: true))
        return pool.map(lines.count) { worker, i in measurers.value[worker].measure(Substring(lines[i])) }
    }
}
