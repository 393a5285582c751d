import ArgumentParser
import TypeFitSupport
import DynamicType
import FontEngine
import Foundation
import Layout
import TypeFit

/// `typefit scale`: sizes (and line heights) of styles at every Dynamic Type category.
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Print a style × category table of point sizes and line heights.",
        discussion: """
        Models (see docs/scaling-models.md):
          apple          HIG size and leading of the system text styles (all 11)
          uifontmetrics  --size at L on --style's curve; --algorithm, --device/--scale
          stepping       TypographyKit: --size + --step × --multiplier × index(-3…8)
          interpolate    --smallest --normal --maximum-normal --maximum-accessibility
          table          --table: 12 sizes xS…AX5 (optional --line-heights)
          android        --size sp at the category's Android font scale (--android-*)

        UIFontMetrics sizes (leading-ratio, the default algorithm) are rounded to the device pixel, as the \
        audit rounds them per device: --device NAME takes the scale of that device (iPhone SE (1st generation): \
        2×, iPhone 16: 3×), --scale N sets it directly; the default is the scale all devices of a typefit.yml \
        share, else 3×. The scale used is named on stderr.

        --config typefit.yml lists every style of the project (its own and those imported from TypographyKit) \
        with the size it has on that device and the line height its labels get: the style's font line height \
        (by the config's lineHeightRule, or --line-height-rule), or the HIG leading / points of the style's \
        lineHeight setting. --config TypographyKit.json|plist scales every style of the config with \
        TypographyKit's own rules.

        --font PATH_OR_PATTERN: the line height column is that font's line height at each size, by \
        --line-height-rule (hhea, the default: ascender − descender + lineGap; typo; win). --minimum/--maximum \
        clamp any model; --categories limits it to a range (outside: nearest end).

        Examples:
          typefit scale --model apple --format json
          typefit scale --model uifontmetrics --size 17 --algorithm size-ratio
          typefit scale --model uifontmetrics --size 34 --style largeTitle --device "iPhone SE (1st generation)"
          typefit scale --model interpolate --smallest 12 --normal 17 --maximum-normal 23 --maximum-accessibility 40
          typefit scale --config TypographyKit.json --categories ...AX2
          typefit scale --model apple --style body --font Fonts/Inter/Inter-Regular.otf --format json
          typefit scale --config Examples/Wayfell/typefit.yml --style cell-title,group-header --device "iPhone 16"
          typefit scale --model android --size 14 --android-variant vendor   # a vendor build's 1.05/1.1/1.2 tables
        """
    )

    enum Model: String, ExpressibleByArgument, CaseIterable {
        case apple, uifontmetrics, stepping, interpolate, table, android
    }
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }
    enum Algorithm: String, ExpressibleByArgument, CaseIterable {
        case sizeRatio = "size-ratio", leadingRatio = "leading-ratio"
    }
    enum Conversion: String, ExpressibleByArgument, CaseIterable { case linear, nonlinear }
    enum Variant: String, ExpressibleByArgument, CaseIterable { case aosp, vendor, androidx, early, later }
    enum Mapping: String, ExpressibleByArgument, CaseIterable {
        case nearestPreset = "nearest-preset", bodyRatio = "body-ratio"
    }

    @Option(help: "Scaling model.") var model: Model?
    @Option(help: "Text style(s), comma-separated (e.g. body,title1); with --config: style names of the config; with stepping, interpolate, table, android: the row label.")
    var style: String?
    @Option(help: "Point size at Large (uifontmetrics, stepping) or sp size (android).") var size: Double?
    @Option(help: "A typefit.yml (.yml/.yaml, or .json without ui-font-text-styles) or a TypographyKit.json/.plist whose styles to scale.")
    var config: String?
    @Option(help: "A font file or fontconfig pattern whose line height fills the line height column, or system (iOS's system font).") var font: String?
    @Option(help: "Line height rule for --font and typefit.yml fonts: hhea (default), typo or win.")
    var lineHeightRule: LineHeightRule?
    @Option(help: "Output format.") var format: Format = .text
    @Option(help: "Minimum point size (any model).") var minimum: Double?
    @Option(help: "Maximum point size (any model; uifontmetrics: maximumPointSize).") var maximum: Double?
    @Option(help: "Stepping: point-step-size.") var step: Double = 2
    @Option(help: "Stepping: point-step-multiplier.") var multiplier: Double = 1
    @Option(help: "Interpolate: size at xS.") var smallest: Double?
    @Option(help: "Interpolate: size at L.") var normal: Double?
    @Option(help: "Interpolate: size at xxxL.") var maximumNormal: Double?
    @Option(help: "Interpolate: size at AX5.") var maximumAccessibility: Double?
    @Option(help: "Table: 12 comma-separated sizes xS…AX5.") var table: String?
    @Option(help: "Table: 12 comma-separated line heights xS…AX5.") var lineHeights: String?
    @Option(help: "UIFontMetrics algorithm (default leading-ratio).") var algorithm: Algorithm = .leadingRatio
    @Option(help: "Device whose pixel scale rounds UIFontMetrics sizes as the audit does on it, e.g. \"iPhone SE (1st generation)\" (2×) or \"iPhone 16\" (3×); with a typefit.yml also its customDevices.")
    var device: String?
    @Option(help: "Pixels per point for that rounding, instead of --device (default: the scale all devices of a typefit.yml share, else 3).")
    var scale: Double?
    @Option(help: "Android sp→dp conversion.") var androidConversion: Conversion = .nonlinear
    @Option(help: "Android non-linear variant: aosp (AOSP's FontScaleConverterFactory, default), vendor (a vendor build's extra 1.05/1.1/1.2 tables), androidx; early = aosp, later = vendor (old names).") var androidVariant: Variant = .aosp
    @Option(help: "Android font scale per category: nearest-preset (default) or body-ratio.") var androidMapping: Mapping = .nearestPreset
    @Option(help: "Category range, e.g. xS...AX2, ...xxxL, L...") var categories: String?

    /// Sizes must be real positive numbers: `--size=nan` or `--size=-3` would print a table of nonsense.
    func validate() throws {
        let positive: [(String, Double?)] = [("--size", size), ("--minimum", minimum), ("--maximum", maximum),
                                             ("--smallest", smallest), ("--normal", normal), ("--maximum-normal", maximumNormal),
                                             ("--maximum-accessibility", maximumAccessibility), ("--scale", scale),
                                             ("--multiplier", multiplier)]
        for (option, value) in positive {
            if let value, !(value.isFinite && value > 0) {
                throw ValidationError("\(option): \(value) is not a positive finite number")
            }
        }
        guard step.isFinite else { throw ValidationError("--step: \(step) is not a finite number") }
        for (option, value) in positive + [("--step", step)] {
            if let value, let problem = Figures.problem(with: value) { throw ValidationError("\(option): \(problem)") }
        }
        if device != nil && scale != nil { throw ValidationError("give --device or --scale, not both") }
    }

    /// The pixel scale UIFontMetrics sizes are rounded at, and where it came from (for the note on stderr).
    func pixelScale(project: AuditPlan?) throws -> (value: Double, source: String) {
        if let device {
            let known = (project?.devices ?? []) + Device.catalog
            do { let d = try Device.named(device, in: known); return (d.scale, "--device \(d.name)") } catch {
                throw ValidationError("--device: \(error)")
            }
        }
        if let scale { return (scale, "--scale") }
        if let project, let first = project.devices.first, project.devices.allSatisfy({ $0.scale == first.scale }) {
            return (first.scale, "the config's devices: \(project.devices.map(\.name).joined(separator: ", "))")
        }
        if let project, !project.devices.isEmpty {
            return (3, "default; the config's devices differ (\(project.devices.map { "\($0.name) \(Self.times($0.scale))" }.joined(separator: ", "))): pass --device")
        }
        return (3, "default; pass --device or --scale for another screen")
    }

    /// 2 → "2×", 2.608 → "2.608×".
    static func times(_ scale: Double) -> String {
        scale == scale.rounded() ? "\(Int(scale))×" : "\(scale)×"
    }

    func run() throws {
        let range = try categories.map { text in
            do throws(DynamicTypeError) { return try CategoryRange(parsing: text) } catch {
                throw ValidationError("--categories: \(error.message)")
            }
        } ?? .all
        var styles: [(name: String, model: any ScalingModel)] = []
        // Say which pixel scale rounded the sizes, where it matters (UIFontMetrics, leading ratio).
        var rounding: (value: Double, source: String)?
        if let config, Self.isTypeFitConfig(config) {
            if model != nil {
                throw ValidationError("--config scales with the config's own models; do not combine it with --model")
            }
            let project = try AuditPlan.load(path: config)
            for d in project.diagnostics { writeMessage("\(d)") }
            let pixel = try pixelScale(project: project)
            styles = try projectStyles(project, path: config, scale: pixel.value)
            rounding = pixel
        } else if let config {
            let pixel = try pixelScale(project: nil)
            styles = try typographyKitStyles(path: config, scale: pixel.value)
            rounding = algorithm == .leadingRatio ? pixel : nil
        } else {
            let pixel = try pixelScale(project: nil)
            styles = try modelStyles(scale: pixel.value)
            rounding = model == .uifontmetrics && algorithm == .leadingRatio ? pixel : nil
        }
        let limited: [(name: String, model: any ScalingModel)] = styles.map { entry in
            (entry.name, Limited(AnyScalingModel(entry.model), minimum: minimum, maximum: maximum, categories: range))
        }
        var fontLineHeight: ((Double) -> Double)?
        if font == SystemFontCLI.fontName {
            fontLineHeight = { SystemFont.lineHeight(size: $0) }  // iOS's, whatever measures widths
        } else if let font {
            let info = try FontFace.open(font) { try FontCatalog(directories: FontCatalog.bundledFontsDirectory().map { [$0] } ?? []) }.info
            let rule = lineHeightRule ?? .hhea
            fontLineHeight = { info.lineHeight(rule, size: $0) }
        }
        let rows = ScalingTable.rows(styles: limited, fontLineHeight: fontLineHeight)
        switch format {
        case .json: writeStdout(try ScalingTable.json(rows), terminator: "")
        case .text: writeStdout(ScalingTable.text(rows), terminator: "")
        }
        // After the table, so that an error above stays the only line on stderr.
        if let rounding {
            writeMessage("UIFontMetrics sizes rounded to the pixel at \(Self.times(rounding.value)) (\(rounding.source))")
        }
    }

    func fontMetricsAlgorithm(scale: Double) -> UIFontMetricsScaling.Algorithm {
        algorithm == .sizeRatio ? .sizeRatio : .leadingRatioPixelRounded(scale: scale)
    }

    func parsedStyles(default fallback: [TextStyle]) throws -> [TextStyle] {
        guard let style else { return fallback }
        return try style.split(separator: ",").map { name in
            do throws(DynamicTypeError) { return try TextStyle(parsing: String(name)) } catch {
                throw ValidationError("--style: \(error.message)")
            }
        }
    }

    func require(_ value: Double?, _ option: String, for model: Model) throws -> Double {
        guard let value else { throw ValidationError("--model \(model.rawValue) needs \(option)") }
        return value
    }

    func numbers(_ text: String, _ option: String) throws -> [Double] {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let values = parts.compactMap(Double.init)
        guard values.count == parts.count, values.count == 12,
              values.allSatisfy({ $0 > 0 && Figures.problem(with: $0) == nil }) else {
            throw ValidationError("\(option) needs 12 comma-separated positive numbers ≤ 10000 (xS…AX5), got \"\(text)\"")
        }
        return values
    }

    func modelStyles(scale: Double) throws -> [(name: String, model: any ScalingModel)] {
        let model = self.model ?? .apple
        switch model {
        case .apple:
            return try parsedStyles(default: TextStyle.dynamicTypeStyles).map { ($0.rawValue, AppleScaling(style: $0)) }
        case .uifontmetrics:
            let v = try require(size, "--size", for: model)
            return try parsedStyles(default: [.body]).map {
                ($0.rawValue, UIFontMetricsScaling(pointSize: v, style: $0, maximumPointSize: maximum, algorithm: fontMetricsAlgorithm(scale: scale)))
            }
        case .stepping:
            let v = try require(size, "--size", for: model)
            return [(style ?? "stepping", SteppingScaling(pointSize: v, stepSize: step, multiplier: multiplier, minimum: minimum, maximum: maximum))]
        case .interpolate:
            let m = FourPointScaling(smallest: try require(smallest, "--smallest", for: model),
                                     normal: try require(normal, "--normal", for: model),
                                     maximumNormal: try require(maximumNormal, "--maximum-normal", for: model),
                                     maximumAccessibility: try require(maximumAccessibility, "--maximum-accessibility", for: model))
            return [(style ?? "interpolate", m)]
        case .table:
            guard let table else { throw ValidationError("--model table needs --table with 12 sizes") }
            let sizes = try numbers(table, "--table")
            let heights = try lineHeights.map { try numbers($0, "--line-heights") }
            let entries = sizes.enumerated().map { i, s in ScaledSize(pointSize: s, lineHeight: heights?[i]) }
            do throws(DynamicTypeError) { return [(style ?? "table", try TableScaling(sizes: entries))] } catch {
                throw ValidationError(error.message)
            }
        case .android:
            let v = try require(size, "--size", for: model)
            let variant: AndroidFontScaling.Variant = switch androidVariant {
            case .aosp, .early: .aosp
            case .vendor, .later: .vendor
            case .androidx: .androidx
            }
            let conversion: AndroidScaling.Conversion = androidConversion == .linear ? .linear : .nonlinear(variant)
            let mapping: AndroidFontScaleMapping = androidMapping == .bodyRatio ? .iosBodyRatio : .nearestAndroid14Preset
            return [(style ?? "android", AndroidScaling(spSize: v, mapping: mapping, conversion: conversion))]
        }
    }

    /// Whether `path` is a typefit.yml: .yml/.yaml, or .json without TypographyKit's `ui-font-text-styles`.
    static func isTypeFitConfig(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") { return true }
        guard lower.hasSuffix(".json"), let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["ui-font-text-styles"] == nil
    }

    /// Every style of a typefit.yml (sorted by name), or those of --style.
    func projectStyles(_ project: AuditPlan, path: String, scale: Double) throws -> [(name: String, model: any ScalingModel)] {
        let all = project.styles.map(\.name)
        let names = style.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? all
        return try names.map { name in
            guard let model = project.scalingModel(forStyle: name, scale: scale, lineHeightRule: lineHeightRule) else {
                throw CLIError(message: "\(path): --style \(name): no such style; styles: \(all.joined(separator: ", "))")
            }
            return (name, model)
        }
    }

    func typographyKitStyles(path: String, scale: Double) throws -> [(name: String, model: any ScalingModel)] {
        if model != nil {
            throw ValidationError("--config scales with the config's own rules; do not combine it with --model")
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CLIError(message: "\(path): cannot read the file")
        }
        let config: TypographyKitConfig
        do throws(TypographyKitConfigError) {
            config = path.lowercased().hasSuffix(".plist") ? try .parse(propertyList: data)
                : path.lowercased().hasSuffix(".json") ? try .parse(json: data) : try .parse(data: data)
        } catch {
            throw CLIError(message: "\(path):\(error.position.map { "\($0):" } ?? "") \(error.keyPath.isEmpty ? "" : error.keyPath + ": ")\(error.message)")
        }
        for w in config.warnings { writeMessage("warning: \(path): \(w)") }
        var names = config.styles.keys.sorted()
        if let style {
            let wanted = style.split(separator: ",").map(String.init)
            for w in wanted where config.styles[w] == nil {
                throw CLIError(message: "\(path): --style \(w): no such style; styles: \(names.joined(separator: ", "))")
            }
            names = wanted
        }
        return names.compactMap { name in
            config.scaling(forStyle: name, algorithm: fontMetricsAlgorithm(scale: scale)).map { (name, $0 as any ScalingModel) }
        }
    }
}

extension LineHeightRule: ExpressibleByArgument {}
