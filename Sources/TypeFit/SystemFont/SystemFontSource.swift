import DynamicType
import FontEngine
import Foundation
import TypeFitSupport

/// What measures text drawn in iOS's system font at one weight: the user's SF Pro, the bundled
/// stand-in, or another font the config names (`systemFont: <font id>`). It opens, per point
/// size, the face and the `WidthCalibration` that make its widths San Francisco's (or an estimate
/// of them within ``method``'s band); the vertical metrics are always iOS's (1.193359375 em).
public struct SystemFontSource: Sendable, Hashable {
    /// Where the widths come from.
    public enum Widths: Sendable, Hashable {
        /// SF Pro's Text and Display cuts blended by a(s), plus the tracking T(s).
        case sfPro(SFProCuts)
        /// The bundled Inter 4.1 variable at `opsz` = 14 + 18 × a(s), widths × k(s).
        case standIn(path: String)
        /// Another font (a `fonts:` entry of the config, `name` its id), widths × k(s).
        indirect case font(name: String, source: PlannedFont.Source)
    }

    public var widths: Widths
    public var weight: SystemFontWeight

    public init(widths: Widths, weight: SystemFontWeight) {
        self.widths = widths
        self.weight = weight
    }

    /// The environment variable naming a folder of the user's SF Pro files.
    public static let directoryVariable = "TYPEFIT_SYSTEM_FONTS"

    /// The source of system text in `weight` when nothing names another font: the SF Pro folder
    /// `directory` (typefit.yml) or the environment's `TYPEFIT_SYSTEM_FONTS`, else the bundled
    /// stand-in. Throws ``SystemFontError`` (one line) for an unusable folder.
    public static func resolve(weight: SystemFontWeight, directory: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               fontsDirectory: String? = FontCatalog.bundledFontsDirectory()) throws -> SystemFontSource {
        let folder = directory ?? environment[directoryVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let folder {
            return SystemFontSource(widths: .sfPro(try SFProCuts.find(in: folder, weight: weight)), weight: weight)
        }
        return SystemFontSource(widths: .standIn(path: try SystemFontStandIn.path(fontsDirectory: fontsDirectory)),
                                weight: weight)
    }

    /// How sure the widths are (their error band at each size).
    public var method: SystemFontMethod {
        switch widths {
        case .sfPro: .sfPro
        case .standIn: .interVariable
        case .font: .staticStandIn
        }
    }

    /// What measures system text, for report headers: "SF Pro", "Inter 4.1 calibrated to San
    /// Francisco" or "<font id> calibrated to San Francisco".
    public var measuredWith: String {
        switch widths {
        case .sfPro: "SF Pro"
        case .standIn: "Inter 4.1 calibrated to San Francisco"
        case .font(let name, _): "\(name) calibrated to San Francisco"
        }
    }

    /// The face whose tables describe the source (SF Pro Text, or the stand-in at 17 pt).
    public func referenceFace() throws -> FontFace { try instance(size: 17).face }

    /// The faces that measure system text at one point size, and what its calibration needs from
    /// them. Every size with the same ``facesKey(size:)`` is measured with the same faces; only the
    /// calibration differs (so the audit shapes a word once for all of those sizes).
    public struct Faces {
        /// The face whose advances and ink are measured (SF Pro Text, or the stand-in).
        public let face: FontFace
        /// SF Pro Display, blended in by a(s).
        public let display: FontFace?
        /// The stand-in's average width at the Regular weight and the same optical size, in em
        /// (English character frequencies), for k(s).
        public let standInAverage: Double?
    }

    /// Which faces measure at `size`: the stand-in's `opsz` (14 up to 18.375 pt, 32 from 25.25 pt,
    /// in between for each size), and 0 for SF Pro and any other font (the same faces at every size).
    public func facesKey(size: Double) -> Double {
        switch widths {
        case .standIn: SystemFont.standInOpticalSize(size: size)
        case .sfPro, .font: 0
        }
    }

    /// Whether the faces at `size` measure a range of sizes (SF Pro and other fonts: every size;
    /// the stand-in: up to 18.375 pt and from 25.25 pt) rather than this one size alone (the
    /// stand-in's optical sizes in between), so the words they shape recur at other sizes.
    public func facesServeManySizes(_ size: Double) -> Bool {
        switch widths {
        case .standIn: [0, 1].contains(SystemFont.opticalBlend(size: size))
        case .sfPro, .font: true
        }
    }

    /// The faces that measure at `size`, loaded (each face is used on one thread).
    public func faces(size: Double) throws -> Faces {
        switch widths {
        case .sfPro(let cuts):
            let (text, display) = try cuts.open()
            return Faces(face: text, display: display, standInAverage: nil)
        case .standIn(let path):
            let face = try SystemFontStandIn.face(path: path, size: size, weight: weight)
            let regular = weight == .regular ? face : try SystemFontStandIn.face(path: path, size: size, weight: .regular)
            return Faces(face: face, display: nil, standInAverage: Self.averageWidth(regular))
        case .font(_, let source):
            let face = try PlannedFont.open(source)
            return Faces(face: face, display: nil, standInAverage: Self.averageWidth(face))
        }
    }

    /// The calibration that makes `faces` (``faces(size:)`` of a size with the same
    /// ``facesKey(size:)``) measure San Francisco's widths at `size`.
    public func calibration(size: Double, faces: Faces) -> WidthCalibration {
        let unitsPerEm = faces.face.info.unitsPerEm
        let lineMetrics = Self.lineMetrics(unitsPerEm: unitsPerEm)
        if let display = faces.display {
            let toFace = Double(unitsPerEm) / SystemFont.unitsPerEm
            return WidthCalibration(scale: 1, blend: WidthCalibration.Blend(face: display, amount: SystemFont.opticalBlend(size: size)),
                                    tracking: SystemFont.tracking(size: size) * toFace, lineMetrics: lineMetrics)
        }
        let k = SystemFont.widthFactor(size: size, standInAverage: faces.standInAverage ?? Self.averageWidth(faces.face))
        return WidthCalibration(scale: k, lineMetrics: lineMetrics)
    }

    /// The face that measures at `size` and the calibration of its widths.
    public func instance(size: Double) throws -> (face: FontFace, calibration: WidthCalibration) {
        let faces = try faces(size: size)
        return (faces.face, calibration(size: size, faces: faces))
    }

    /// A stand-in's calibration at `size`: advances × k(s) (from `regular`'s average), iOS's
    /// vertical metrics.
    static func scaled(_ face: FontFace, regular: FontFace, size: Double) -> WidthCalibration {
        let k = SystemFont.widthFactor(size: size, standInAverage: averageWidth(regular))
        return WidthCalibration(scale: k, lineMetrics: lineMetrics(unitsPerEm: face.info.unitsPerEm))
    }

    /// A stand-in's average width in em, weighted with English character frequencies.
    static func averageWidth(_ face: FontFace) -> Double {
        face.weightedAverageWidth(EnglishCharacterFrequencies.latin)
    }

    /// iOS's vertical metrics of the system font (ascender 1950, descender −494, no gap per 2048)
    /// in a face of `unitsPerEm`.
    public static func lineMetrics(unitsPerEm: Int) -> LineMetrics {
        let k = Double(unitsPerEm) / SystemFont.unitsPerEm
        return LineMetrics(ascender: SystemFont.ascenderUnits * k, descender: SystemFont.descenderUnits * k,
                           lineGap: SystemFont.lineGapUnits * k)
    }
}
