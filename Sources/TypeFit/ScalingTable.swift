import DynamicType
import FontEngine
import Foundation

/// One row of `typefit scale`: a style at a category.
public struct ScaleRow: Equatable, Sendable, Codable {
    /// The style name (a text style such as `body`, or a TypographyKit style name).
    public var style: String
    /// The UIKit category name, e.g. `extraLarge`.
    public var category: String
    public var pointSize: Double
    /// The HIG leading (apple model) or the font's line height; nil (JSON null) when unknown.
    public var lineHeight: Double?

    public init(style: String, category: String, pointSize: Double, lineHeight: Double?) {
        self.style = style
        self.category = category
        self.pointSize = pointSize
        self.lineHeight = lineHeight
    }

    enum CodingKeys: String, CodingKey { case style, category, pointSize, lineHeight }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(style, forKey: .style)
        try c.encode(category, forKey: .category)
        try c.encode(pointSize, forKey: .pointSize)
        try c.encode(lineHeight, forKey: .lineHeight) // explicit null when nil
    }
}

/// Builds and renders the style × category table of `typefit scale`.
public enum ScalingTable {
    /// Rows for every (style, category), styles in the given order, categories smallest first.
    /// `fontLineHeight` (size → line height), when given, replaces the model's line height: it is
    /// how a font bound to the styles (loaded by the caller) supplies `(asc − desc + gap) × size / upem`.
    public static func rows(styles: [(name: String, model: any ScalingModel)],
                            categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                            fontLineHeight: ((Double) -> Double)? = nil) -> [ScaleRow] {
        var rows: [ScaleRow] = []
        for (name, model) in styles {
            for c in categories {
                let s = model.size(at: c)
                rows.append(ScaleRow(style: name, category: c.uikitName, pointSize: s.pointSize,
                                     lineHeight: fontLineHeight.map { $0(s.pointSize) } ?? s.lineHeight))
            }
        }
        return rows
    }

    /// `{"rows": [...]}` with sorted keys, pretty-printed, ending in a newline.
    public static func json(_ rows: [ScaleRow]) throws -> String {
        struct Document: Encodable { let rows: [ScaleRow] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(rows: rows))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A text table: one line per style, one column per category (`size/lineHeight`).
    public static func text(_ rows: [ScaleRow]) -> String {
        var styles: [String] = []
        var cells: [String: [String: String]] = [:]
        var categories: [String] = []
        for r in rows {
            if cells[r.style] == nil { styles.append(r.style); cells[r.style] = [:] }
            if !categories.contains(r.category) { categories.append(r.category) }
            let lh = r.lineHeight.map { "/" + number($0) } ?? ""
            cells[r.style]?[r.category] = number(r.pointSize) + lh
        }
        let short = categories.map { (try? ContentSizeCategory(parsing: $0))?.shortName ?? $0 }
        var table = [["style"] + short]
        for s in styles { table.append([s] + categories.map { cells[s]?[$0] ?? "" }) }
        return TextTable.render(table)
    }

    /// A number as the tables print it: up to 3 decimals, trailing zeros removed ("17", "20.573").
    public static func formatted(_ v: Double) -> String { number(v) }

    /// Up to 3 decimals, trailing zeros removed.
    static func number(_ v: Double) -> String {
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}

extension AuditPlan {
    /// The scaling model of the style `name` on a device of `scale`, whose line heights are the
    /// ones a label of that style gets: the style's font line height by `lineHeightRule` (default:
    /// the config's `lineHeightRule`), the HIG leading or fixed points per the style's `lineHeight`,
    /// then × `lineHeightMultiple` and clamped to `minimumLineHeight`/`maximumLineHeight`
    /// (docs/layout.md). Nil when there is no such style.
    public func scalingModel(forStyle name: String, scale: Double, lineHeightRule: LineHeightRule? = nil)
        -> (any ScalingModel)? {
        guard let style = style(named: name) else { return nil }
        let font = font(style.font)
        return ProjectStyleScaling(style: style, scale: scale, font: font.info, isSystemFont: font.system != nil,
                                   rule: lineHeightRule ?? self.lineHeightRule)
    }
}

/// A project style as a `ScalingModel` with the line height its labels get.
struct ProjectStyleScaling: ScalingModel {
    let style: PlannedStyle
    let scale: Double
    let font: FontEngine.FontInfo?
    /// The system font's line height is iOS's (1.193359375 em) whatever face measures its widths.
    var isSystemFont = false
    let rule: LineHeightRule

    func size(at category: ContentSizeCategory) -> ScaledSize {
        var s = style.size(at: category, scale: scale)
        var lineHeight: Double?
        switch style.lineHeight {
        case .font: lineHeight = isSystemFont ? SystemFont.lineHeight(size: s.pointSize) : font?.lineHeight(rule, size: s.pointSize)
        case .hig(let textStyle): lineHeight = textStyle.leading(at: category)
        case .points(let p): lineHeight = p
        case .model: lineHeight = s.lineHeight
        }
        if var lh = lineHeight {
            if let m = style.lineHeightMultiple, m > 0 { lh *= m }
            if let minimum = style.minimumLineHeight, minimum > 0 { lh = max(lh, minimum) }
            if let maximum = style.maximumLineHeight, maximum > 0 { lh = min(lh, maximum) }
            lineHeight = lh
        }
        s.lineHeight = lineHeight
        return s
    }
}
