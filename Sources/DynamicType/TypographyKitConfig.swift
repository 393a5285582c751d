import Foundation
import TypeFitSupport

/// A TypographyKit configuration (`TypographyKit.json` / `.plist`), read unchanged.
public struct TypographyKitConfig: Sendable {
    public var settings: TypographyKitSettings
    /// `typography-colors`, by key.
    public var colors: [String: TypographyKitColor]
    /// `ui-font-text-styles`, by name, with `extends` resolved.
    public var styles: [String: TypographyKitStyle]
    /// Styles TypographyKit drops while parsing (`extends` of an unknown, cyclic or dropped style):
    /// not in `styles`, each with a `droppedStyle` warning.
    public var droppedStyles: Set<String> = []
    /// Quirks, ignored values and keys, dropped styles: sorted by `description`.
    public var warnings: [TypographyKitWarning]

    /// Reads JSON (via `JSONSerialization`).
    public static func parse(json data: Data) throws(TypographyKitConfigError) -> TypographyKitConfig {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            if let failure = JSONSyntax.firstError(in: data) {
                throw TypographyKitConfigError(keyPath: "", message: "not valid JSON: \(failure.problem)", position: failure.position)
            }
            throw TypographyKitConfigError(keyPath: "", message: "not valid JSON (\(oneLine(error)))")
        }
        return try parse(object: object)
    }

    /// Reads a property list (via `PropertyListSerialization`).
    public static func parse(propertyList data: Data) throws(TypographyKitConfigError) -> TypographyKitConfig {
        let object: Any
        if let problem = PropertyListGuard.problem(in: data) {
            throw TypographyKitConfigError(keyPath: "", message: "not a valid TypographyKit config (\(problem))")
        }
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw TypographyKitConfigError(keyPath: "", message: "not a valid property list (\(plistProblem(error)))")
        }
        return try parse(object: object)
    }

    /// Reads JSON when the data starts with `{` (after whitespace), else a property list.
    public static func parse(data: Data) throws(TypographyKitConfigError) -> TypographyKitConfig {
        let first = data.first { !(Character(UnicodeScalar($0)).isWhitespace) }
        return first == UInt8(ascii: "{") ? try parse(json: data) : try parse(propertyList: data)
    }

    /// The effective scaling rule of a style, or nil when TypographyKit gives it no font: no
    /// `point-size` or no `font-name` (`Typography.font(_:)` returns nil; see `TypographyKitStyle.hasFont`).
    /// `mode` overrides the style's/global scaling mode when given.
    public func scaling(forStyle name: String, mode: TypographyKitScalingMode? = nil,
                        algorithm: UIFontMetricsScaling.Algorithm = .default) -> TypographyKitScaling? {
        guard let style = styles[name], style.hasFont, let size = style.pointSize else { return nil }
        return TypographyKitScaling(mode: mode ?? style.scalingMode ?? settings.scalingMode, pointSize: size,
                                    stepSize: settings.pointStepSize, multiplier: settings.pointStepMultiplier,
                                    minimum: style.minimumPointSize ?? settings.minimumPointSize,
                                    maximum: style.maximumPointSize ?? settings.maximumPointSize,
                                    algorithm: algorithm)
    }

    static func parse(object: Any) throws(TypographyKitConfigError) -> TypographyKitConfig {
        var p = TypographyKitParser()
        return try p.run(object)
    }

    /// What Foundation says is wrong with a property list, in its own words (`NSDebugDescription`,
    /// e.g. "Encountered unknown tag foo on line 3"), not the `Error Domain=… UserInfo={…}` dump.
    static func plistProblem(_ error: any Error) -> String {
        let info = (error as NSError).userInfo
        if let text = info[NSDebugDescriptionErrorKey] as? String, !text.isEmpty { return quotedInput(text.split(whereSeparator: \.isNewline).joined(separator: " "), limit: 200) }
        return "unreadable data"
    }

    static func oneLine(_ error: any Error) -> String {
        "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
