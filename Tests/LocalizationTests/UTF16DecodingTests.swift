import Testing
@testable import Localization

/// The .strings parser's UTF-16 → String conversion (`utf16String`) gives what the standard
/// library's decoder gives (`String(decoding:as: UTF16.self)`, the reference): the same scalars,
/// each lone surrogate one U+FFFD.
@Suite struct UTF16DecodingTests {
    @Test func sameStringsAsTheStandardDecoder() {
        var cases: [[UInt16]] = [
            [], Array("Hello, world".utf16), Array("Grüße — 設定 🇩🇪 👍🏽 שלום".utf16),
            [0xD800], [0xDC00], [0xD800, 0x41], [0x41, 0xDBFF], [0xDBFF, 0xDFFF], [0xDC00, 0xD800],
            [0xD83D, 0xD83D, 0xDE00], [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0xFFFD, 0xD7FF, 0xE000],
        ]
        // A deterministic spread of units, weighted towards surrogates and the UTF-8 length edges.
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        let pool: [UInt16] = [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFF, 0x5D0, 0x3042]
        for length in 1...64 {
            var units: [UInt16] = []
            for _ in 0..<length {
                x = x &* 6364136223846793005 &+ 1442695040888963407
                units.append((x >> 60) < 6 ? pool[Int(x >> 33) % pool.count] : UInt16(truncatingIfNeeded: x >> 40))
            }
            cases.append(units)
        }
        for units in cases {
            #expect(utf16String(units) == String(decoding: units, as: UTF16.self), "\(units)")
            #expect(Array(utf16String(units).unicodeScalars) == Array(String(decoding: units, as: UTF16.self).unicodeScalars))
            if units.count > 2 {
                let slice = units[1..<(units.count - 1)]
                #expect(utf16String(slice) == String(decoding: slice, as: UTF16.self))
            }
        }
    }
}
