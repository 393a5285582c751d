import DynamicType
import FontEngine
import Foundation
import Reports
import TypeFitSupport

extension AuditPlan {
    /// The largest TypographyKit config read.
    static let maximumTypographyKitBytes = 16 << 20

    /// The styles of the TypographyKit config (if any), by name, with their fonts added to `fonts`.
    /// Styles TypographyKit gives no font (dropped, or no font-name/point-size) go to
    /// `withoutFont` with the reason, for the error of a label that uses one.
    static func typographyKitStyles(config: TypeFitConfig, fonts: inout FontPlanner, diagnostics: inout [Diagnostic],
                                    withoutFont: inout [String: String]) throws -> [String: PlannedStyle] {
        guard let url = config.typographyKit else { return [:] }
        let file = displayPath(url.path)
        let data: Data
        do { data = try RepositoryBoundary(root: config.baseDirectory).read(url.path, limit: maximumTypographyKitBytes) } catch {
            let message = if case .unreadable = error { "cannot read the file" } else { "\(error)" }
            throw ConfigError(file: file, line: nil, column: nil, path: nil, message: message)
        }
        let tk: TypographyKitConfig
        do { tk = try TypographyKitConfig.parse(data: data) } catch {
            throw ConfigError(file: file, line: nil, column: nil, path: error.keyPath.isEmpty ? nil : error.keyPath,
                              message: error.message)
        }
        // Each warning names its kind, the word `ignoreTypographyKitWarnings:` takes to silence it.
        diagnostics += tk.warnings.filter { !config.ignoredTypographyKitWarnings.contains($0.code) }.map {
            Diagnostic(location: file, code: .typographyKit, message: "\($0) [\($0.code.rawValue)]")
        }
        for w in tk.warnings where w.code == .droppedStyle {
            let name = w.keyPath.dropFirst("ui-font-text-styles.".count).dropLast(".extends".count)
            withoutFont[String(name)] = "\(file): \(w)"
        }
        var styles: [String: PlannedStyle] = [:]
        for name in tk.styles.keys.sorted() {
            guard let style = tk.styles[name] else { continue }
            // No font-name or point-size: TypographyKit gives the style no font (the parser warned).
            guard style.hasFont, let pointSize = style.pointSize else {
                withoutFont[name] = "TypographyKit gives it no font (no \(style.fontName == nil ? "font-name" : "point-size") in \(file))"
                continue
            }
            let font = try fonts.id(forTypographyKit: style.fontName, style: name, file: file, diagnostics: &diagnostics)
            let mode = style.scalingMode ?? tk.settings.scalingMode
            let minimum = style.minimumPointSize ?? tk.settings.minimumPointSize
            let maximum = style.maximumPointSize ?? tk.settings.maximumPointSize
            let step = tk.settings.pointStepSize, multiplier = tk.settings.pointStepMultiplier
            styles[name] = PlannedStyle(
                id: StyleID(0), name: name, font: font, modelName: "typographykit:\(mode.rawValue)", textStyle: nil,
                lineHeight: .font, lineHeightMultiple: nil, minimumLineHeight: nil, maximumLineHeight: nil,
                letterCase: style.letterCase ?? .regular, letterSpacing: max(0, style.letterSpacing ?? 0),
                minimum: minimum, maximum: maximum, fromTypographyKit: true,
                makeModel: { scale in
                    AnyScalingModel(TypographyKitScaling(mode: mode, pointSize: pointSize, stepSize: step,
                                                         multiplier: multiplier, minimum: minimum, maximum: maximum,
                                                         algorithm: .leadingRatioPixelRounded(scale: scale)))
                })
        }
        return styles
    }

    /// A config style, refining the TypographyKit style of the same name when there is one.
    static func resolve(_ style: ConfigStyle, refining base: PlannedStyle?, fonts: inout FontPlanner) throws -> PlannedStyle {
        let location = style.location
        let textStyle = style.textStyle
        let categories = style.categories ?? .all
        let minimum = style.minimum, maximum = style.maximum
        let limit: @Sendable (any ScalingModel) -> AnyScalingModel = { model in
            if minimum == nil && maximum == nil && categories == .all { return AnyScalingModel(model) }
            return AnyScalingModel(Limited(AnyScalingModel(model), minimum: minimum, maximum: maximum, categories: categories))
        }
        var makeModel: (@Sendable (Double) -> AnyScalingModel)?
        var lineHeightDefault = StyleLineHeight.font
        if let model = style.model {
            // The parser guarantees each model's required keys (ConfigParser.requiredKeys).
            func need<T>(_ value: T?, _ key: String) throws -> T {
                guard let value else { throw location.error("model \(model.rawValue) needs `\(key)`") }
                return value
            }
            switch model {
            case .apple:
                let ts = try need(textStyle, "textStyle")
                makeModel = { _ in limit(AppleScaling(style: ts)) }
            case .uifontmetrics:
                let ts = try need(textStyle, "textStyle")
                let size = try need(style.size, "size")
                let sizeRatio = style.algorithm == .sizeRatio
                makeModel = { scale in
                    limit(UIFontMetricsScaling(pointSize: size, style: ts, maximumPointSize: maximum,
                                               algorithm: sizeRatio ? .sizeRatio : .leadingRatioPixelRounded(scale: scale)))
                }
            case .stepping:
                let size = try need(style.size, "size")
                let model = SteppingScaling(pointSize: size, stepSize: style.step ?? 2, multiplier: style.multiplier ?? 1,
                                            minimum: minimum, maximum: maximum)
                makeModel = { _ in
                    categories == .all ? AnyScalingModel(model) : AnyScalingModel(Limited(model, categories: categories))
                }
            case .interpolate:
                let model = FourPointScaling(smallest: try need(style.smallest, "smallest"),
                                             normal: try need(style.size, "size"),
                                             maximumNormal: try need(style.maximumNormal, "maximumNormal"),
                                             maximumAccessibility: try need(style.maximumAccessibility,
                                                                            "maximumAccessibility"))
                makeModel = { _ in limit(model) }
            case .table:
                var entries: [ContentSizeCategory: ScaledSize] = [:]
                for (category, value) in try need(style.sizes, "sizes") { entries[category] = ScaledSize(pointSize: value) }
                for (category, value) in style.lineHeights ?? [:] {
                    entries[category, default: ScaledSize(pointSize: 0)].lineHeight = value
                }
                let table: TableScaling
                do { table = try TableScaling(entries) } catch { throw location.error(error.description) }
                if style.lineHeights != nil { lineHeightDefault = .model }
                makeModel = { _ in limit(table) }
            case .android:
                let size = try need(style.size, "size")
                let conversion: AndroidScaling.Conversion =
                    style.androidConversion == .linear ? .linear : .nonlinear(.aosp)
                makeModel = { _ in limit(AndroidScaling(spSize: size, conversion: conversion)) }
            case .fixed:
                let size = try need(style.size, "size")
                let table = try TableScaling(sizes: Array(repeating: ScaledSize(pointSize: size), count: 12))
                makeModel = { _ in limit(table) }
            }
        }
        let font: FontID
        if let name = style.font {
            if let weight = SystemFontWeight(fontID: name) {
                font = try fonts.system(weight)
            } else {
                guard let id = fonts.id(name) else { throw location.error("unknown font \"\(name)\"") }
                font = id
            }
        } else if let inherited = base?.font {
            font = inherited
        } else if let ts = textStyle, style.model == .apple || style.model == .uifontmetrics {
            // An Apple text style is drawn in the system font, in the style's HIG weight.
            font = try fonts.system(SystemFontWeight(nearest: ts.weight))
        } else {
            throw location.error("a style needs `font` (or an Apple `textStyle`, drawn in the system font)")
        }
        guard let model = makeModel ?? base?.makeModel else { throw location.error("a style needs `model`") }
        let lineHeight: StyleLineHeight
        switch style.lineHeight {
        case .font: lineHeight = .font
        case .hig:
            guard let ts = textStyle ?? base?.textStyle else { throw location.error("lineHeight: hig needs `textStyle`") }
            lineHeight = .hig(ts)
        case .points(let p): lineHeight = .points(p)
        case nil: lineHeight = base?.lineHeight ?? lineHeightDefault
        }
        return PlannedStyle(
            id: StyleID(0), name: style.name, font: font,
            modelName: style.model?.rawValue ?? base?.modelName ?? "fixed", textStyle: textStyle ?? base?.textStyle,
            lineHeight: lineHeight, lineHeightMultiple: style.lineHeightMultiple ?? base?.lineHeightMultiple,
            minimumLineHeight: style.minimumLineHeight ?? base?.minimumLineHeight,
            maximumLineHeight: style.maximumLineHeight ?? base?.maximumLineHeight,
            letterCase: style.letterCase ?? base?.letterCase ?? .regular,
            letterSpacing: style.letterSpacing ?? base?.letterSpacing ?? 0,
            minimum: style.minimum ?? base?.minimum, maximum: style.maximum ?? base?.maximum,
            fromTypographyKit: base?.fromTypographyKit ?? false, makeModel: model)
    }
}
