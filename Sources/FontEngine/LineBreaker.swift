import CLineBreak

/// Unicode line break opportunities (UAX #14) from the system ICU, through the CLineBreak
/// facade (no ICU type reaches Swift; see Sources/CLineBreak/include/CLineBreak.h). ICU is loaded
/// at first use, not at process start: call ``requireICU()`` before breaking lines (EngineMeasurer's
/// init does), so a missing library is a one-line error rather than wrong layouts.
public enum LineBreaker {
    /// Throws when the system ICU could not be loaded (the message names the library, the
    /// loader's reason and the package to install); loads it on the first call.
    public static func requireICU() throws(LibraryUnavailable) {
        if let problem = clb_icu_problem() { throw LibraryUnavailable(String(cString: problem)) }
    }

    /// What loading ICU's functions from `library` (a name or path for dlopen) instead of the
    /// real one would report: nil when every function is there. Leaves the loaded ICU alone.
    public static func problemLoadingICU(from library: String) -> LibraryUnavailable? {
        LibraryUnavailable.trying { clb_icu_try_library(library, $0, $1) }
    }

    /// A break opportunity: a UTF-16 offset where a new line may start; `isHard` after a
    /// mandatory break (line feed, line separator, …). The end of the text is included.
    public struct Opportunity: Sendable, Hashable {
        public var offset: Int
        public var isHard: Bool
        public init(offset: Int, isHard: Bool) {
            self.offset = offset
            self.isHard = isHard
        }
    }

    /// Break opportunities of `text` for `locale` (nil = root rules; ICU's dictionaries still
    /// break Thai, Lao, Khmer, Burmese and CJK by words). ICU must have loaded (``requireICU()``
    /// did not throw): breaking without it is a programming error and stops the process.
    public static func opportunities(in text: String, locale: String? = nil) -> [Opportunity] {
        let units = Array(text.utf16)
        if units.isEmpty { return [] }
        var capacity = max(16, units.count / 2 + 2)
        while true {
            var offsets = [Int32](repeating: 0, count: capacity)
            var hard = [UInt8](repeating: 0, count: capacity)
            let count: Int32 = units.withUnsafeBufferPointer { u in
                offsets.withUnsafeMutableBufferPointer { o in
                    hard.withUnsafeMutableBufferPointer { h in
                        clb_line_breaks(u.baseAddress, Int32(u.count), locale, o.baseAddress, h.baseAddress,
                                        Int32(capacity))
                    }
                }
            }
            if count == -2, let problem = clb_icu_problem() {
                fatalError("LineBreaker used without LineBreaker.requireICU(): \(String(cString: problem))")
            }
            if count < 0 {
                // ICU could not open an iterator (no data): every position is a break.
                return [Opportunity(offset: units.count, isHard: false)]
            }
            if Int(count) <= capacity {
                return (0..<Int(count)).map { Opportunity(offset: Int(offsets[$0]), isHard: hard[$0] != 0) }
            }
            capacity = Int(count)
        }
    }

    /// The Unicode version of the system ICU, e.g. "15.0"; "" when ICU could not be loaded.
    public static var unicodeVersion: String {
        var buffer = [CChar](repeating: 0, count: 16)
        buffer.withUnsafeMutableBufferPointer { clb_unicode_version($0.baseAddress, 16) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
