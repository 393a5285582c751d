import TypeFitSupport

extension FastMeasurer {
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
    /// common in UI text, are among them.
    static func isOwnCluster(_ s: UInt32) -> Bool {
        ownClusterBits.withUnsafeBufferPointer { isOwnCluster(s, bits: $0) }
    }

    /// `isOwnCluster(_:)` with `ownClusterBits` at hand.
    @inline(__always)
    static func isOwnCluster(_ s: UInt32, bits: UnsafeBufferPointer<UInt64>) -> Bool {
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
    static let ownClusterRangesInBMP = ownClusterRanges.firstIndex { $0.lowerBound >= 0x10000 } ?? ownClusterRanges.count

    /// The BMP part of `ownClusterRanges` as 65,536 bits (8 KiB): one load per character instead
    /// of a comparison per range.
    static let ownClusterBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for range in ownClusterRanges.prefix(ownClusterRangesInBMP) {
            for s in range { bits[Int(s >> 6)] |= 1 << UInt64(s & 63) }
        }
        return bits
    }()
}
