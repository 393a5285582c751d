import TypeFitSupport

/// Which vertical metrics give the line height.
public enum LineHeightRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// hhea ascender − descender + lineGap: CoreText's rule and the default.
    case hhea
    /// OS/2 typoAscender − typoDescender + typoLineGap.
    case typo
    /// OS/2 winAscent + winDescent.
    case win
}

/// The OS/2 table's vertical values, in font units, as stored (winDescent is positive).
public struct OS2Metrics: Sendable, Hashable, Codable {
    public var version: Int
    public var typoAscender: Int
    public var typoDescender: Int
    public var typoLineGap: Int
    public var winAscent: Int
    public var winDescent: Int
    /// fsSelection bit 7 (USE_TYPO_METRICS).
    public var useTypoMetrics: Bool
    /// sxHeight (OS/2 version ≥ 2), else nil.
    public var xHeight: Int?
    /// sCapHeight (OS/2 version ≥ 2), else nil.
    public var capHeight: Int?
}

/// One variation axis of a variable font (values in design units, e.g. wght 100…900).
public struct VariationAxis: Sendable, Hashable, Codable {
    /// Four-letter tag, e.g. "wght".
    public var tag: String
    /// Name from the name table, e.g. "Weight".
    public var name: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
    /// The coordinate this face uses (after `--variations` / `--instance`).
    public var value: Double
}

/// Everything about a loaded face that does not depend on text, copied out of the C handles.
public struct FontInfo: Sendable, Hashable, Codable {
    /// The file the face was loaded from.
    public var path: String
    public var faceIndex: Int
    /// Faces in the file (more than 1 for .ttc collections).
    public var faceCount: Int
    public var family: String
    public var style: String
    public var postScriptName: String
    /// FreeType's font format: "TrueType" (glyf) or "CFF" (also CFF2).
    public var format: String
    public var glyphCount: Int
    public var unitsPerEm: Int
    public var hhea: LineMetrics
    /// nil when the font has no OS/2 table.
    public var os2: OS2Metrics?
    public var isVariable: Bool
    public var axes: [VariationAxis]
    /// Names of the fvar named instances, in order (e.g. "Regular", "SemiBold").
    public var namedInstances: [String]
    /// The named instance applied, if any.
    public var instance: String?

    /// Vertical metrics for a rule. typo and win fall back to hhea when there is no OS/2 table.
    public func verticalMetrics(_ rule: LineHeightRule) -> LineMetrics {
        guard let os2 else { return hhea }
        switch rule {
        case .hhea: return hhea
        case .typo: return LineMetrics(ascender: Double(os2.typoAscender), descender: Double(os2.typoDescender), lineGap: Double(os2.typoLineGap))
        case .win: return LineMetrics(ascender: Double(os2.winAscent), descender: Double(-os2.winDescent), lineGap: 0)
        }
    }

    /// Line height in font units by `rule` (the tables' values are whole units).
    public func lineHeight(_ rule: LineHeightRule) -> Int { Int(verticalMetrics(rule).lineHeight) }

    /// Line height in points at `size` points: units × size / unitsPerEm.
    public func lineHeight(_ rule: LineHeightRule, size: Double) -> Double {
        Double(lineHeight(rule)) * size / Double(unitsPerEm)
    }

    /// Whether ink reaches above the hhea ascender (e.g. Vietnamese capitals with stacked marks).
    public func isAboveAscender(_ ink: GlyphBox?) -> Bool { (ink?.yMax ?? 0) > hhea.ascender }

    /// Whether ink reaches below the hhea descender.
    public func isBelowDescender(_ ink: GlyphBox?) -> Bool { (ink?.yMin ?? 0) < hhea.descender }

    /// Font units to points at `size`.
    public func points(_ units: Double, size: Double) -> Double { units * size / Double(unitsPerEm) }
}

/// An ink box in font units, y up from the baseline.
public struct GlyphBox: Sendable, Hashable, Codable {
    public var xMin: Double
    public var yMin: Double
    public var xMax: Double
    public var yMax: Double
    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }
    /// The smallest box holding both.
    public func union(_ other: GlyphBox) -> GlyphBox {
        GlyphBox(xMin: min(xMin, other.xMin), yMin: min(yMin, other.yMin),
                 xMax: max(xMax, other.xMax), yMax: max(yMax, other.yMax))
    }
}

/// A user variation setting such as `wght=600`.
public struct VariationSetting: Sendable, Hashable {
    public var tag: String
    public var value: Double
    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }

    /// Parses "wght=600,wdth=75" (also space separated). Throws `FontError.invalidVariation`.
    public static func parseList(_ text: String, path: String) throws -> [VariationSetting] {
        var result: [VariationSetting] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, pieces[0].count == 4, pieces[0].allSatisfy({ $0.isASCII }),
                  let value = Double(pieces[1].trimmingCharactersInSpaces), value.isFinite
            else {
                throw FontError.invalidVariation(path: path, setting: String(part), reason: "expected TAG=NUMBER, e.g. wght=600")
            }
            result.append(VariationSetting(tag: String(pieces[0]), value: value))
        }
        return result
    }
}

extension Substring {
    var trimmingCharactersInSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
