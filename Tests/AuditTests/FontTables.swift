import Audit
import Foundation
import TestSupport

/// Reads the few sfnt fields the font checks need straight from a bundled font file, so the
/// figures in the tests come from the real tables (cross-checked with `ttx -t hhea -t OS/2 -t head`).
/// Test-only: the product reads fonts through FreeType in FontEngine.
struct FontTables {
    var unitsPerEm = 0, headYMin = 0, headYMax = 0
    var hheaAscender = 0, hheaDescender = 0, hheaLineGap = 0
    var typoAscender = 0, typoDescender = 0, typoLineGap = 0, winAscent = 0, winDescent = 0
    var useTypoMetrics = false

    init(relativePath: String) throws {
        let data = try Data(contentsOf: Repository.root.appendingPathComponent(relativePath))
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for i in 0..<u16(4) {
            let record = 12 + 16 * i
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables[tag] = u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let os2 = tables["OS/2"] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        unitsPerEm = u16(head + 18)
        headYMin = i16(head + 38)
        headYMax = i16(head + 42)
        hheaAscender = i16(hhea + 4)
        hheaDescender = i16(hhea + 6)
        hheaLineGap = i16(hhea + 8)
        useTypoMetrics = u16(os2 + 62) & (1 << 7) != 0
        typoAscender = i16(os2 + 68)
        typoDescender = i16(os2 + 70)
        typoLineGap = i16(os2 + 72)
        winAscent = u16(os2 + 74)
        winDescent = u16(os2 + 76)
    }

    func observation(id: String, inkYMax: Double? = nil, inkYMin: Double? = nil,
                     inkSource: InkBoundsSource = .auditedText) -> FontObservation {
        FontObservation(font: id, unitsPerEm: Double(unitsPerEm), hheaAscender: Double(hheaAscender),
                        hheaDescender: Double(hheaDescender), hheaLineGap: Double(hheaLineGap),
                        typoAscender: Double(typoAscender), typoDescender: Double(typoDescender),
                        typoLineGap: Double(typoLineGap), winAscent: Double(winAscent), winDescent: Double(winDescent),
                        useTypoMetrics: useTypoMetrics, inkYMax: inkYMax, inkYMin: inkYMin, inkSource: inkSource,
                        headYMin: Double(headYMin), headYMax: Double(headYMax))
    }
}
