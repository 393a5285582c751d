/// Bounds on the text TypeFit shapes. HarfBuzz 6.0's time grows with the square of a
/// cluster's length — 200,000 combining marks on one base take 58 s, in `hb-shape` too — and a
/// real label never has a thousand marks on one letter (the longest real clusters, Tibetan or
/// Zalgo-free Vietnamese stacks, have under ten). FontEngine's `Shaper` and `FastMeasurer` measure
/// a line that passes a limit as the line with the excess dropped (bounded time, never a hang);
/// `StringTable` refuses such a localized value with an error naming file, line and key, and
/// `typefit measure` names the input line.
public enum TextLimits {
    /// The most combining marks (grapheme extenders, spacing marks, ZWJ) after one base character.
    public static let maximumClusterMarks = 1000
    /// The longest line shaped, in UTF-8 bytes (64 MiB): HarfBuzz takes 32-bit lengths, and a
    /// label is never a book.
    public static let maximumLineBytes = 64 << 20

    /// Lines shorter than this (in UTF-8 bytes) pass every limit: a mark takes at least 2 bytes.
    public static let shortestViolatingLine = 2 * maximumClusterMarks

    /// What a line exceeds.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// UTF-8 offset where the limit is passed.
        public var utf8Offset: Int
        /// Marks in the over-long cluster (counted up to the limit + 1), or nil for a too-long line.
        public var clusterMarks: Int?
        public var description: String {
            if clusterMarks != nil {
                return "a character carries more than \(TextLimits.maximumClusterMarks) combining marks (at UTF-8 offset \(utf8Offset)); TypeFit shapes at most \(TextLimits.maximumClusterMarks) per character"
            }
            return "the line is longer than \(TextLimits.maximumLineBytes >> 20) MiB of UTF-8, the most TypeFit shapes"
        }
    }

    /// The first limit `text` passes, or nil.
    public static func violation(in text: Substring) -> Violation? {
        var copy = text
        return copy.withUTF8 { violation(in: $0) }
    }

    /// The first limit UTF-8 `bytes` pass, or nil. Lines shorter than 2 × maximumClusterMarks
    /// bytes cannot pass (every mark takes ≥ 2 bytes), so short lines cost one comparison.
    public static func violation(in bytes: UnsafeBufferPointer<UInt8>) -> Violation? {
        if bytes.count > maximumLineBytes { return Violation(utf8Offset: maximumLineBytes, clusterMarks: nil) }
        if bytes.count < shortestViolatingLine { return nil }
        var marks = 0, i = 0
        while i < bytes.count {
            let (scalar, length) = decode(bytes, at: i)
            if bytes[i] >= 0x80, isMark(scalar) {
                marks += 1
                if marks > maximumClusterMarks { return Violation(utf8Offset: i, clusterMarks: marks) }
            } else {
                marks = 0
            }
            i += max(1, length)
        }
        return nil
    }

    /// `bytes` cut to the limits: marks past maximumClusterMarks on one character dropped, then
    /// at most maximumLineBytes (cut at a character boundary).
    public static func bounded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(min(bytes.count, maximumLineBytes))
        var marks = 0, i = 0
        while i < bytes.count {
            let (scalar, decoded) = decode(bytes, at: i)
            let length = min(max(1, decoded), bytes.count - i)
            if bytes[i] >= 0x80, isMark(scalar) { marks += 1 } else { marks = 0 }
            if marks <= maximumClusterMarks {
                if out.count + length > maximumLineBytes { break }
                out.append(contentsOf: bytes[i..<i + length])
            }
            i += length
        }
        return out
    }

    /// `text`, or its bounded copy when it passes a limit.
    public static func boundedText(_ text: Substring) -> Substring {
        var copy = text
        let cut: [UInt8]? = copy.withUTF8 { violation(in: $0) == nil ? nil : bounded($0) }
        return cut.map { Substring(String(decoding: $0, as: UTF8.self)) } ?? text
    }

    /// One scalar of UTF-8 at `i` (Swift strings are valid UTF-8): value and length; (U+FFFD, 1)
    /// for a sequence cut off by the end. Also FontEngine's itemizer's decoder (hot: inlinable).
    @inlinable
    public static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(b[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0, i + 1 < b.count { return ((b0 & 0x1F) << 6 | UInt32(b[i + 1]) & 0x3F, 2) }
        if b0 < 0xF0, i + 2 < b.count {
            return ((b0 & 0x0F) << 12 | (UInt32(b[i + 1]) & 0x3F) << 6 | UInt32(b[i + 2]) & 0x3F, 3)
        }
        if i + 3 < b.count {
            return ((b0 & 0x07) << 18 | (UInt32(b[i + 1]) & 0x3F) << 12 | (UInt32(b[i + 2]) & 0x3F) << 6 | UInt32(b[i + 3]) & 0x3F, 4)
        }
        return (0xFFFD, 1)
    }

    static func isMark(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        if value == 0x200D { return true }
        let p = scalar.properties
        return p.isGraphemeExtend || p.generalCategory == .spacingMark
    }
}
