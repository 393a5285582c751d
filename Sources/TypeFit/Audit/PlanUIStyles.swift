import AppUI
import Audit
import DynamicType
import FontEngine
import Foundation
import Reports

/// Why an element's font cannot be laid out.
struct UIFontFailure: Error {
    var message: String
}

/// A UI style: a font and the letter case the code applies to its texts.
struct UIStyleKey: Hashable {
    var font: UIFontSpec
    var letterCase: LetterCase
}

extension UIPlanner {
    /// The plan style for a UI font, made once per face and size: a text style follows Apple's
    /// model (HIG sizes and leading for the system font), a fixed size stays, a size relative to a
    /// style scales with UIFontMetrics. The system font is the font id `system`, `systemBold`, …
    /// (`FontPlanner.system`).
    mutating func style(_ spec: UIFontSpec, letterCase: LetterCase = .regular) -> Result<StyleID, UIFontFailure> {
        let key = UIStyleKey(font: spec, letterCase: letterCase)
        if let known = styleIDs[key] { return .success(known) }
        guard case .font(let face, let size) = spec else {
            if case .unknown(let reason) = spec { return .failure(UIFontFailure(message: "font unknown: \(reason)")) }
            return .failure(UIFontFailure(message: "font unknown"))
        }
        let font: FontID
        switch fontID(face) {
        case .success(let id): font = id
        case .failure(let failure): return .failure(failure)
        }
        let faceName = Self.describe(face)
        let name: String, modelName: String, lineHeight: StyleLineHeight, textStyle: TextStyle?
        let makeModel: @Sendable (Double) -> AnyScalingModel
        switch size {
        case .textStyle(let ts):
            name = "\(ts.rawValue) (\(faceName))"
            modelName = "apple"
            textStyle = ts
            if case .system = face { lineHeight = .hig(ts) } else { lineHeight = .font }
            makeModel = { _ in AnyScalingModel(AppleScaling(style: ts)) }
        case .fixed(let points):
            name = "\(faceName) \(Self.points(points)) pt"
            modelName = "fixed"
            textStyle = nil
            lineHeight = .font
            guard let table = try? TableScaling(sizes: Array(repeating: ScaledSize(pointSize: points), count: 12)) else {
                return .failure(UIFontFailure(message: "font size \(points) is not usable"))
            }
            makeModel = { _ in AnyScalingModel(table) }
        case .relative(let points, let ts):
            name = "\(faceName) \(Self.points(points)) pt relative to \(ts.rawValue)"
            modelName = "uifontmetrics"
            textStyle = ts
            lineHeight = .font
            makeModel = { scale in
                AnyScalingModel(UIFontMetricsScaling(pointSize: points, style: ts, algorithm: .leadingRatioPixelRounded(scale: scale)))
            }
        }
        let id = StyleID(styles.count)
        let cased = letterCase == .regular ? name : "\(name), \(letterCase.rawValue) case"
        styles.append(PlannedStyle(id: id, name: cased, font: font, modelName: modelName, textStyle: textStyle,
                                   lineHeight: lineHeight, lineHeightMultiple: nil, minimumLineHeight: nil,
                                   maximumLineHeight: nil, letterCase: letterCase, letterSpacing: 0, minimum: nil,
                                   maximum: nil, fromTypographyKit: false, makeModel: makeModel, fromAppUI: true))
        styleIDs[key] = id
        return .success(id)
    }

    /// "system", "system semibold", or the font's name.
    static func describe(_ face: UIFontFace) -> String {
        switch face {
        case .system(let weight): weight == .regular ? "system" : "system \(weight.rawValue)"
        case .named(let name): name
        }
    }

    /// The plan font of a face.
    private mutating func fontID(_ face: UIFontFace) -> Result<FontID, UIFontFailure> {
        if let missing = missingFaces[face] { return .failure(UIFontFailure(message: missing)) }
        switch face {
        case .system(let weight):
            do { return .success(try fonts.system(SystemFontWeight(nearest: weight))) } catch {
                let message = "the system font cannot be measured: \(error)"
                missingFaces[face] = message
                return .failure(UIFontFailure(message: message))
            }
        case .named(let name):
            if let id = fonts.id(name) { return .success(id) }
            if let font = fonts.fonts.first(where: { $0.info.postScriptName == name || $0.info.family == name }) {
                return .success(font.id)
            }
            var notes: [Diagnostic] = []
            do {
                return .success(try fonts.id(forTypographyKit: .named(name), style: name, file: base.config.file,
                                             diagnostics: &notes))
            } catch {
                let message = "font \"\(name)\" not found in the repository's fonts, fontDirectories or the system fonts"
                missingFaces[face] = message
                warnings.append("\(base.config.file): \(message)")
                return .failure(UIFontFailure(message: message))
            }
        }
    }

    /// The element's observation for the `ui.*` checks (nil when its font is unknown).
    @discardableResult
    mutating func observe(_ e: UIElement, screen: String, row: String?) -> UIElementObservation? {
        // Another state of a control in the control's font: the ui.* checks judge the control once.
        // Drawn by the system (a bar item, a menu): its size is the system's, not the font's.
        guard e.stateOf == nil, e.drawnBy == nil, case .font(let face, let size) = e.font else { return nil }
        let categories = ContentSizeCategory.allCases
        let sizes: [Double]
        var textStyle: String?
        switch size {
        case .textStyle(let ts):
            sizes = categories.map { ts.pointSize(at: $0) }
            textStyle = ts.rawValue
        case .fixed(let p):
            sizes = Array(repeating: p, count: categories.count)
        case .relative(let p, let ts):
            let large = ts.pointSize(at: .large)
            sizes = categories.map { p * ts.pointSize(at: $0) / large }
            textStyle = ts.rawValue
        }
        // The font's own line height (hhea; iOS's 1.193359375 em for the system font) when it is
        // in the plan, as UILabel draws a line; else 1.2 × the size.
        // The clearance: how much of its line box, in em per side, a line can lose before the
        // tops of its capitals or its baseline are cut (the line box is centred in the height):
        // the smaller of ascender − cap height and the descender, plus half the line gap.
        var ratio = 1.2
        var clearance: Double?
        if case .success(let id) = fontID(face) {
            let font = fonts.fonts[id.index]
            if font.system != nil {
                ratio = SystemFont.lineHeight
                // SF Pro: ascender 1950, cap height 1443, descender 494 of 2048 units (docs/system-font.md).
                clearance = min(SystemFont.ascenderUnits - SystemFont.capHeightUnits, -SystemFont.descenderUnits) / SystemFont.unitsPerEm
            } else if font.info.unitsPerEm > 0 {
                let upem = Double(font.info.unitsPerEm), hhea = font.info.hhea
                ratio = Double(hhea.lineHeight) / upem
                if let cap = font.info.os2?.capHeight, cap > 0 {
                    clearance = (min(Double(hhea.ascender) - Double(cap), -Double(hhea.descender)) + Double(hhea.lineGap) / 2) / upem
                }
            }
        }
        let lineHeights = sizes.map { $0 * ratio }
        let text: String? = switch e.text {
        case .localized(_, _, let development): development
        case .verbatim(let s): s
        case .runtime, .unresolved: nil
        }
        let height = e.height
        let relation: String? = height.map {
            switch $0.relation { case .equal: "="; case .lessThanOrEqual: "≤"; case .greaterThanOrEqual: "≥" }
        }
        let observation = UIElementObservation(
            screen: screen, row: row, element: e.id.local, kind: e.kind.rawValue, text: text,
            source: Self.location(e.position), textStyle: textStyle, face: Self.describe(face), pointSizes: sizes,
            lineHeights: lineHeights, isFixedSize: { if case .fixed = size { true } else { false } }(),
            adjustsForContentSizeCategory: e.adjustsForContentSizeCategory, lines: e.lines,
            minimumScaleFactor: e.minimumScaleFactor, heightConstant: height?.constant, heightRelation: relation,
            heightRequired: height?.isRequired ?? true, heightSource: height?.position.map(Self.location),
            heightClipsText: height?.clipsText ?? true, clearance: clearance,
            fontSource: e.fontPosition.map(Self.location), categories: e.categories,
            categoriesSource: e.categoriesPosition.map(Self.location))
        observations.append(observation)
        return observation
    }
}

extension UIPlanner {
    /// A point size without a needless decimal: 17 → "17", 14.5 → "14.5".
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
