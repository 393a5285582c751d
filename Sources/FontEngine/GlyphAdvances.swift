import CHarfBuzz
import TypeFitSupport

/// One shaped glyph: its glyph id, the UTF-8 offset of its cluster in the line, and its x advance
/// in font units (HarfBuzz's position, kerning included).
public struct ShapedGlyph: Sendable, Hashable {
    public var glyph: UInt32
    public var cluster: Int
    public var advance: Int
}

extension Shaper {
    /// The glyphs of `text` as HarfBuzz shapes them (script runs in text order, each run's glyphs in
    /// HarfBuzz's visual order): the same shaping as ``advance(of:)``, whose sum of advances it is.
    public func glyphs(of text: Substring) -> [ShapedGlyph] {
        let text = TextLimits.boundedText(text)
        var glyphs: [ShapedGlyph] = []
        shape(text) { info, pos, count, _ in
            for i in 0..<count {
                glyphs.append(ShapedGlyph(glyph: info[i].codepoint, cluster: Int(info[i].cluster), advance: Int(pos[i].x_advance)))
            }
        }
        return glyphs
    }
}

extension FontFace {
    /// The advance in font units (at this face's variation coordinates, HVAR applied) of the glyph
    /// the cmap maps `scalar` to, or of .notdef when it maps none (as fontkit's glyphsForString,
    /// which capsize averages with, gives).
    public func nominalAdvance(of scalar: Unicode.Scalar) -> Int {
        Int(hb_font_get_glyph_h_advance(hbFont, glyph(for: scalar) ?? 0))
    }

    /// The average glyph width in em over `weights`: Σ advance(c) × weight(c) / unitsPerEm
    /// (capsize's `xWidthAvg` divided by unitsPerEm when `weights` are its English frequencies).
    public func weightedAverageWidth(_ weights: [(character: Unicode.Scalar, weight: Double)]) -> Double {
        var sum = 0.0
        for (character, weight) in weights { sum += Double(nominalAdvance(of: character)) * weight }
        return sum / Double(info.unitsPerEm)
    }
}
