import CHarfBuzz
import TypeFitSupport

/// Splits a line into the script runs `Shaper` shapes separately. Shared by `Shaper` (whole
/// lines) and `FastMeasurer` (cached segments), so both shape exactly the same runs.
struct ScriptItemizer {
    /// A script run: UTF-8 byte range and HarfBuzz script (HB_SCRIPT_INVALID = only common characters).
    typealias Run = (start: Int, end: Int, script: hb_script_t)
    /// The runs of the last `itemize` call.
    private(set) var runs: [Run] = []
    private var bracketStack: [(UInt32, hb_script_t)] = []

    init() {
        runs.reserveCapacity(8)
        bracketStack.reserveCapacity(8)
    }

    /// Splits UTF-8 `bytes` into script runs (into `runs`). Common, Inherited and Unknown
    /// characters join the run before them (or the first real script at the start of the line);
    /// a closing bracket takes the script of its opening bracket; CJK scripts share a run.
    mutating func itemize(_ bytes: UnsafeBufferPointer<UInt8>) {
        runs.removeAll(keepingCapacity: true)
        if let script = Self.asciiScript(bytes) {
            runs.append((0, bytes.count, script))
            return
        }
        itemizeScalars(bytes)
    }

    /// The one run of an all-ASCII line: HarfBuzz (Unicode's Scripts.txt) gives A–Z and a–z
    /// Latin and every other ASCII character Common, so the line is one Latin run when it has a
    /// letter, else one neutral run; brackets cannot split it (a closing bracket moves only to an
    /// opening bracket's different script, and there is one script). nil: not all ASCII.
    /// `itemizeScalars` gives the same runs (checked on every ASCII line of the corpus fixture).
    @inline(__always)
    static func asciiScript(_ bytes: UnsafeBufferPointer<UInt8>) -> hb_script_t? {
        guard let base = bytes.baseAddress else { return HB_SCRIPT_INVALID }
        var i = 0, letter = false
        while i < bytes.count && !letter {
            let c = base[i]
            if c >= 0x80 { return nil }
            if (c | 0x20) &- UInt8(ascii: "a") < 26 { letter = true }
            i += 1
        }
        let raw = UnsafeRawPointer(base)
        while i + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return nil }
            i += 8
        }
        while i < bytes.count {
            if base[i] >= 0x80 { return nil }
            i += 1
        }
        return letter ? HB_SCRIPT_LATIN : HB_SCRIPT_INVALID
    }

    /// `itemize` scalar by scalar (any text).
    mutating func itemizeScalars(_ bytes: UnsafeBufferPointer<UInt8>) {
        runs.removeAll(keepingCapacity: true)
        bracketStack.removeAll(keepingCapacity: true)
        let funcs = hb_unicode_funcs_get_default()
        let table = ScriptItemizer.table  // read once, not per character (a lazy global's check)
        var current = HB_SCRIPT_INVALID
        var runStart = 0
        var i = 0
        while i < bytes.count {
            let (scalar, length) = ScriptItemizer.decode(bytes, at: i)
            var script: hb_script_t
            let category: hb_unicode_general_category_t
            if scalar < ScriptItemizer.tableSize {
                // U+0000…U+07FF (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, …): the same
                // answers, looked up once (most UI text is mostly in these blocks).
                let entry = table[Int(scalar)]
                script = hb_script_t(rawValue: entry.script)
                category = hb_unicode_general_category_t(rawValue: UInt32(entry.category))
            } else {
                script = hb_unicode_script(funcs, scalar)
                category = hb_unicode_general_category(funcs, scalar)
            }
            let isNeutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            if isNeutral {
                if category == HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION {
                    if bracketStack.count < 64 { bracketStack.append((hb_unicode_mirroring(funcs, scalar), current)) }
                } else if category == HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION,
                          let match = bracketStack.lastIndex(where: { $0.0 == scalar }) {
                    let opened = bracketStack[match].1
                    bracketStack.removeSubrange(match...)
                    if opened != HB_SCRIPT_INVALID, opened != current {
                        // The closing bracket belongs with its opening bracket's run.
                        if current != HB_SCRIPT_INVALID { runs.append((runStart, i, current)) }
                        runStart = i
                        current = opened
                    }
                }
                script = current
            } else if current == HB_SCRIPT_INVALID {
                // The first real script also covers the neutral characters before it.
                current = script
                for k in bracketStack.indices where bracketStack[k].1 == HB_SCRIPT_INVALID { bracketStack[k].1 = script }
            } else if script != current && !(ScriptItemizer.isHanCompatible(script) && ScriptItemizer.isHanCompatible(current)) {
                runs.append((runStart, i, current))
                runStart = i
                current = script
            }
            i += length
        }
        runs.append((runStart, bytes.count, current))
    }

    /// `hb_unicode_script` and `hb_unicode_general_category` (raw values) of U+0000…U+07FF
    /// (two-byte UTF-8), asked of HarfBuzz once.
    private static let tableSize: UInt32 = 0x800
    /// Raw storage (made once, kept for the process): indexed without bounds checks (the index is
    /// below `tableSize`). `nonisolated(unsafe)`: written once by the lazy initialiser, read-only after.
    nonisolated(unsafe) private static let table: UnsafePointer<(script: UInt32, category: UInt8)> = {
        let funcs = hb_unicode_funcs_get_default()
        let t = UnsafeMutablePointer<(script: UInt32, category: UInt8)>.allocate(capacity: Int(tableSize))
        for c in 0..<tableSize {
            t[Int(c)] = (hb_unicode_script(funcs, c).rawValue, UInt8(truncatingIfNeeded: hb_unicode_general_category(funcs, c).rawValue))
        }
        return UnsafePointer(t)
    }()

    /// Han, Hiragana, Katakana, Bopomofo and Hangul mix within one Japanese, Chinese or Korean
    /// line: they stay in one run (the run keeps its first script), as HarfBuzz's own guess does.
    static func isHanCompatible(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
            || script == HB_SCRIPT_BOPOMOFO || script == HB_SCRIPT_HANGUL
    }

    /// Decodes one scalar of valid UTF-8 (Swift strings are always valid) at `i`.
    @inline(__always)
    static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        TextLimits.decode(b, at: i)
    }

}
