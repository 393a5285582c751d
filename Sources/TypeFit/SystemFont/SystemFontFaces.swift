import DynamicType
import FontEngine
import Foundation

/// A folder of SF Pro, or the bundled stand-in, that system text is measured with was unusable.
/// `description` is one line naming the folder or file and what is wrong.
public enum SystemFontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SF Pro folder does not exist or is not a folder.
    case notADirectory(path: String)
    /// The folder holds neither the static cut needed nor a variable SF-Pro file.
    case missingCut(directory: String, file: String, weight: SystemFontWeight)
    /// A file under SF Pro's name is another font (its family name says so).
    case wrongFamily(path: String, family: String, expected: String)
    /// A variable SF Pro without the `opsz` axis iOS's optical sizes need.
    case noOpticalSizeAxis(path: String, axes: [String])
    /// A variable SF Pro without the `wght` axis the weight needs.
    case noWeightAxis(path: String, axes: [String])
    /// The bundled stand-in (Fonts/InterVariable/InterVariable.ttf) is not where TypeFit looks.
    case standInNotFound(path: String?)

    public var description: String {
        switch self {
        case .notADirectory(let path):
            return "\(path): no such folder (the SF Pro folder holds SF-Pro-Text-*.otf and SF-Pro-Display-*.otf, or the variable SF-Pro.ttf)"
        case .missingCut(let directory, let file, let weight):
            return "\(directory): no \(file) for \(weight.rawValue) system text (the folder needs SF-Pro-Text-<Weight>.otf and SF-Pro-Display-<Weight>.otf, or the variable SF-Pro.ttf)"
        case .wrongFamily(let path, let family, let expected):
            return "\(path): the font's family is '\(family)', not '\(expected)' (another font under SF Pro's file name)"
        case .noOpticalSizeAxis(let path, let axes):
            let list = axes.isEmpty ? "it has no axes" : "axes: \(axes.joined(separator: ", "))"
            return "\(path): variable SF Pro without an 'opsz' axis (\(list)); iOS's optical sizes need it"
        case .noWeightAxis(let path, let axes):
            return "\(path): variable SF Pro without a 'wght' axis (axes: \(axes.joined(separator: ", ")))"
        case .standInNotFound(let path):
            let looked = path.map { "\($0): no such font file" } ?? "no Fonts/ folder found (set TYPEFIT_FONTS)"
            return "\(looked); the system font's stand-in is Fonts/InterVariable/InterVariable.ttf"
        }
    }
}

/// The SF Pro files a user supplied for one weight: the Text and Display cuts iOS blends.
/// Opened per point size by ``SystemFontMeasurer``; never copied into reports.
public struct SFProCuts: Sendable, Hashable {
    /// Where the Text and Display outlines come from.
    public enum Files: Sendable, Hashable {
        /// Static SF-Pro-Text-<Weight>.otf and SF-Pro-Display-<Weight>.otf.
        case statics(text: String, display: String)
        /// The variable SF-Pro.ttf: the Text cut at the `opsz` axis minimum and the Display cut at
        /// its maximum (each at the weight's `wght`).
        case variable(path: String, opticalSizes: ClosedRange<Double>)
    }

    public var files: Files
    public var weight: SystemFontWeight

    /// The file-name part of each weight: SF-Pro-Text-Semibold.otf, …
    static func fileWeight(_ weight: SystemFontWeight) -> String {
        switch weight {
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "Semibold"
        case .bold: "Bold"
        case .heavy: "Heavy"
        }
    }

    /// The cuts for `weight` in `directory`: the static pair when the folder has
    /// SF-Pro-Text-<Weight>.otf, else the variable SF-Pro.ttf, each checked to be SF Pro (family
    /// name) and, when variable, to have `opsz` and `wght` axes. Throws ``SystemFontError`` or
    /// `FontError` (a file that is not a usable font), each one line.
    public static func find(in directory: String, weight: SystemFontWeight) throws -> SFProCuts {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SystemFontError.notADirectory(path: directory)
        }
        let folder = URL(fileURLWithPath: directory)
        let name = fileWeight(weight)
        let text = folder.appendingPathComponent("SF-Pro-Text-\(name).otf").path
        let display = folder.appendingPathComponent("SF-Pro-Display-\(name).otf").path
        let variable = folder.appendingPathComponent("SF-Pro.ttf").path
        let files = FileManager.default
        if files.fileExists(atPath: text) || !files.fileExists(atPath: variable) {
            guard files.fileExists(atPath: text) else {
                throw SystemFontError.missingCut(directory: directory, file: "SF-Pro-Text-\(name).otf", weight: weight)
            }
            guard files.fileExists(atPath: display) else {
                throw SystemFontError.missingCut(directory: directory, file: "SF-Pro-Display-\(name).otf", weight: weight)
            }
            try checkFamily(FontFace(path: text).info, expected: "SF Pro Text")
            try checkFamily(FontFace(path: display).info, expected: "SF Pro Display")
            return SFProCuts(files: .statics(text: text, display: display), weight: weight)
        }
        let info = try FontFace(path: variable).info
        let axes = info.axes.map(\.tag)
        guard let opsz = info.axes.first(where: { $0.tag == "opsz" }) else {
            throw SystemFontError.noOpticalSizeAxis(path: variable, axes: axes)
        }
        guard axes.contains("wght") else { throw SystemFontError.noWeightAxis(path: variable, axes: axes) }
        try checkFamily(info, expected: "SF Pro")
        return SFProCuts(files: .variable(path: variable, opticalSizes: opsz.minimum...opsz.maximum), weight: weight)
    }

    /// Throws `wrongFamily` unless the face's family name is `expected` (case and spaces aside).
    static func checkFamily(_ info: FontInfo, expected: String) throws {
        func key(_ s: String) -> String { s.lowercased().filter { $0 != " " && $0 != "-" } }
        guard key(info.family) == key(expected) else {
            throw SystemFontError.wrongFamily(path: info.path, family: info.family, expected: expected)
        }
    }

    /// The Text and Display faces, loaded (each face is used on one thread).
    public func open() throws -> (text: FontFace, display: FontFace) {
        switch files {
        case .statics(let text, let display):
            return (try FontFace(path: text), try FontFace(path: display))
        case .variable(let path, let sizes):
            let wght = VariationSetting(tag: "wght", value: Double(weight.numericValue))
            return (try FontFace(path: path, variations: [VariationSetting(tag: "opsz", value: sizes.lowerBound), wght]),
                    try FontFace(path: path, variations: [VariationSetting(tag: "opsz", value: sizes.upperBound), wght]))
        }
    }
}

/// The bundled stand-in for the system font: Inter 4.1 variable (OFL), measured at
/// `opsz` = 14 + 18 × a(s) and the weight's `wght` (the reference's method B).
public enum SystemFontStandIn {
    /// Its path inside the bundled fonts folder.
    public static let relativePath = "InterVariable/InterVariable.ttf"

    /// The stand-in's file in the bundled Fonts/ folder (`FontCatalog.bundledFontsDirectory`),
    /// or `SystemFontError.standInNotFound`.
    public static func path(fontsDirectory: String? = FontCatalog.bundledFontsDirectory()) throws -> String {
        guard let fontsDirectory else { throw SystemFontError.standInNotFound(path: nil) }
        let path = URL(fileURLWithPath: fontsDirectory).appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: path) else { throw SystemFontError.standInNotFound(path: path) }
        return path
    }

    /// The stand-in face at `size` points: `opsz` = ``SystemFont/standInOpticalSize(size:)`` (the
    /// axis is 14…32) and `wght` = the weight's number.
    public static func face(path: String, size: Double, weight: SystemFontWeight) throws -> FontFace {
        try FontFace(path: path, variations: [
            VariationSetting(tag: "opsz", value: SystemFont.standInOpticalSize(size: size)),
            VariationSetting(tag: "wght", value: Double(weight.numericValue)),
        ])
    }
}
