import DynamicType
import FontEngine
import Foundation
import TypeFit

/// `system` as the FONT argument of `typefit measure` and `typefit inspect`: iOS's system font
/// (docs/system-font.md), measured with the SF Pro folder named by `TYPEFIT_SYSTEM_FONTS` when it
/// is set, otherwise with the calibrated Inter 4.1 stand-in. A weight is named with
/// `--instance` (Regular, Medium, Semibold, Bold, Heavy). A font file called "system" is
/// given as ./system.
enum SystemFontCLI {
    /// The FONT argument that names the system font.
    static let fontName = "system"
    /// How system text is measured in this run: SF Pro cuts, or the bundled stand-in.
    struct Source {
        let weight: SystemFontWeight
        let source: SystemFontSource

        /// From the font options (`system`, `--instance`) and the environment
        /// (`TYPEFIT_SYSTEM_FONTS`). `--variations` and `--face-index` do not apply.
        init(_ options: FontOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
            if options.variations != nil || options.faceIndex != nil {
                throw CLIError(message: "system: \(options.variations != nil ? "--variations" : "--face-index") does not apply to the system font (name a weight with --instance, e.g. --instance Semibold)")
            }
            var weight = SystemFontWeight.regular
            if let name = options.instance {
                guard let general = try? FontWeight(parsing: name), let system = SystemFontWeight(general) else {
                    throw CLIError(message: "system: --instance \(name): not a weight of the system font (valid: \(SystemFontWeight.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                weight = system
            }
            self.weight = weight
            source = try SystemFontSource.resolve(weight: weight, directory: nil, environment: environment)
        }

        var method: SystemFontMethod { source.method }

        /// SF Pro's cuts when the user supplied them.
        var cuts: SFProCuts? {
            if case .sfPro(let cuts) = source.widths { return cuts }
            return nil
        }

        /// What measures system text, for headers: "Inter 4.1 calibrated to San Francisco" or the SF Pro files.
        var description: String {
            switch cuts?.files {
            case nil: return "\(source.measuredWith) (\(weight.rawValue))"
            case .statics(let text, let display)?: return "SF Pro \(weight.rawValue): \(text), \(display)"
            case .variable(let path, _)?: return "SF Pro \(weight.rawValue): \(path)"
            }
        }

        func measurer(size: Double) throws -> SystemFontMeasurer { try SystemFontMeasurer(source, size: size) }
    }

    // MARK: measure

    /// One JSON Lines record of `typefit measure system`.
    struct MeasureRecord: Encodable {
        var clusters: Int
        /// size → δ in percent (0 with SF Pro).
        var errorBand: [String: Double]
        var text: String
        /// size → width in points (rounded to 1/1000).
        var widths: [String: Double]
    }

    /// Measures `lines` (the text file's, read as `measure` reads it) in the system font at `sizes`.
    static func measure(_ options: FontOptions, lines: [Substring], sizes: [Double], format: OutputFormat?) throws {
        let source = try Source(options)
        var seen = Set<String>()
        let sizes = sizes.filter { seen.insert(sizeKey($0)).inserted }
        let measurers = try sizes.map { try source.measurer(size: $0) }
        switch OutputFormat.resolve(format) {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var out = Data()
            for line in lines {
                var record = MeasureRecord(clusters: line.count, errorBand: [:], text: String(line), widths: [:])
                for (size, m) in zip(sizes, measurers) {
                    record.widths[sizeKey(size)] = roundedPoints(m.width(of: line))
                    record.errorBand[sizeKey(size)] = m.errorBand.percent
                }
                out += try encoder.encode(record) + Data("\n".utf8)
            }
            writeStdout(out)
        case .text:
            writeStdout("system text: \(source.description), " + bandText(source.method, sizes: sizes))
            let header = ["#"] + sizes.map { "\(sizeKey($0)) pt" } + ["text"]
            let rows = lines.enumerated().map { i, line in
                ["\(i + 1)"] + measurers.map { String(format: "%.2f", $0.width(of: line)) }
                    + [line.count > 48 ? String(line.prefix(47)) + "…" : String(line)]
            }
            writeStdout(textTable(header: header, rows: rows), terminator: "")
        }
    }

    /// "±2.5 % at 11 pt, ±2.1 % at 17 pt" (or "no error band" with SF Pro).
    static func bandText(_ method: SystemFontMethod, sizes: [Double]) -> String {
        if method == .sfPro { return "no error band for Latin text" }
        if sizes.isEmpty { return "±\(sizeKey(method.errorBandPercent(size: 17))) % at 17 pt" }
        return sizes.map { "±\(sizeKey(method.errorBandPercent(size: $0))) % at \(sizeKey($0)) pt" }.joined(separator: ", ")
    }

    // MARK: inspect

    /// `typefit inspect system` as JSON: the model's numbers at each size.
    struct InspectRecord: Encodable {
        struct Size: Encodable {
            var lineHeight: Double
            var opticalBlend: Double
            var trackingUnits: Double
            var averageWidth: Double
            var errorBand: Double
            /// The stand-in's `opsz` and k(s); absent with SF Pro.
            var standInOpticalSize: Double?
            var widthFactor: Double?
        }
        var font: String
        var measuredWith: String
        var unitsPerEm: Double
        var hhea: InspectReport.HHEA
        var lineHeightEm: Double
        var sizes: [String: Size]
    }

    static func inspect(_ options: FontOptions, sizes: [Double], format: OutputFormat?) throws {
        let source = try Source(options)
        var record = InspectRecord(font: fontName, measuredWith: source.description, unitsPerEm: SystemFont.unitsPerEm,
                                   hhea: .init(ascender: Int(SystemFont.ascenderUnits), descender: Int(SystemFont.descenderUnits),
                                               lineGap: Int(SystemFont.lineGapUnits)),
                                   lineHeightEm: SystemFont.lineHeight, sizes: [:])
        for size in sizes {
            var row = InspectRecord.Size(lineHeight: roundedPoints(SystemFont.lineHeight(size: size)),
                                         opticalBlend: roundedPoints(SystemFont.opticalBlend(size: size)),
                                         trackingUnits: roundedPoints(SystemFont.tracking(size: size)),
                                         averageWidth: roundedPoints(SystemFont.averageWidth(size: size) * 1000) / 1000,
                                         errorBand: source.method.errorBandPercent(size: size))
            if source.cuts == nil {
                let path = try SystemFontStandIn.path()
                let face = try SystemFontStandIn.face(path: path, size: size, weight: .regular)
                row.standInOpticalSize = roundedPoints(SystemFont.standInOpticalSize(size: size))
                row.widthFactor = roundedPoints(SystemFontMeasurer.widthFactor(standIn: face, size: size) * 1000) / 1000
            }
            record.sizes[sizeKey(size)] = row
        }
        switch OutputFormat.resolve(format) {
        case .json: try writeJSON(record)
        case .text:
            writeStdout("""
            font               system (iOS's San Francisco)
            measured with      \(record.measuredWith)
            unitsPerEm         2048 (SF Pro)
            hhea asc/desc/gap  1950 / -494 / 0
            line height        2444 units = 1.193359375 em (iOS, at every size)
            """)
            guard !sizes.isEmpty else { return }
            let standIn = source.cuts == nil
            let header = ["size (pt)", "line height (pt)", "a(s)", "tracking (units)", "avg width (em)"]
                + (standIn ? ["Inter opsz", "k(s)"] : []) + ["±δ (%)"]
            let rows = sizes.map { size -> [String] in
                let r = record.sizes[sizeKey(size)]!
                return [sizeKey(size), String(format: "%.3f", SystemFont.lineHeight(size: size)), String(format: "%.3f", r.opticalBlend),
                        String(format: "%.1f", r.trackingUnits), String(format: "%.4f", r.averageWidth)]
                    + (standIn ? [String(format: "%.2f", r.standInOpticalSize ?? 0), String(format: "%.4f", r.widthFactor ?? 0)] : [])
                    + [sizeKey(r.errorBand)]
            }
            writeStdout("\n" + textTable(header: header, rows: rows), terminator: "")
        }
    }
}
