import ArgumentParser
import Audit
import DynamicType
import FontEngine
import Foundation
import TypeFit
import TypeFitSupport

/// Font selection shared by `inspect` and `measure`.
struct FontOptions: ParsableArguments {
    @Argument(help: "A font file (.ttf, .otf, .ttc), a fontconfig pattern such as \"Inter:weight=600\" or \":postscriptname=Inter-SemiBold\", or system (iOS's system font: docs/system-font.md).")
    var font: String

    @Option(name: .customLong("face-index"), help: "Face in a .ttc collection (default 0).")
    var faceIndex: Int?

    @Option(help: "Variation settings for a variable font, e.g. wght=600 or wght=600,slnt=-10.")
    var variations: String?

    @Option(help: "A named instance of a variable font, e.g. \"SemiBold\".")
    var instance: String?

    @Option(name: .customLong("font-dir"), help: "Extra font directory for fontconfig patterns (repeatable).")
    var fontDirectories: [String] = []

    /// Loads the face; fontconfig sees the system fonts, the project's Fonts/ folder and --font-dir.
    /// fontconfig is initialized only for a pattern (a file path needs none) unless `catalog` is given.
    func load(catalog given: FontCatalog? = nil) throws -> FontFace {
        let catalog = try given ?? (FontCatalog.isPath(font) ? nil : catalog())
        return try FontFace.open(font, faceIndex: faceIndex, variations: variations, instance: instance) {
            try catalog ?? FontCatalog(directories: fontDirectories)
        }
    }

    /// fontconfig over the system fonts, the project's Fonts/ and every --font-dir (which must exist).
    func catalog() throws -> FontCatalog {
        for directory in fontDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIError(message: "--font-dir \(directory): no such directory")
            }
        }
        return try FontCatalog(directories: (FontCatalog.bundledFontsDirectory().map { [$0] } ?? []) + fontDirectories)
    }
}

/// Output format: text on a terminal, JSON when piped, unless --format says otherwise.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    // What ArgumentParser's generic defaults give (OutputFormatTests compares them), written
    // out: it asks for them each time it builds the options of `measure` or `inspect`, and its
    // defaults reach the raw value through a key path instantiated at run time, which looks up
    // protocol conformances by scanning every conformance record of the executable.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    static var allValueDescriptions: [String: String] { [:] }
    var defaultValueDescription: String { rawValue }

    static func resolve(_ chosen: OutputFormat?) -> OutputFormat {
        chosen ?? (isatty(STDOUT_FILENO) != 0 ? .text : .json)
    }
}

/// Parses "12,17,53" into point sizes.
func parseSizes(_ text: String?) throws -> [Double] {
    guard let text else { return [] }
    return try text.split(separator: ",").map { part in
        let trimmed = part.trimmingCharacters(in: .whitespaces)
        guard let size = Double(trimmed), size > 0, size.isFinite else {
            throw ValidationError("--sizes: '\(trimmed)' is not a positive point size (expected e.g. 12,17,53)")
        }
        return size
    }
}

func writeJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    writeStdout(data + Data("\n".utf8))
}

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a font's names, metrics, line heights and variation axes, and run the font checks.",
        discussion: """
        All metrics are font units read from the font's tables (hhea, OS/2), never hinted sizes. Line \
        heights: hhea = ascender − descender + lineGap (CoreText, the default rule), typo = typoAscender − \
        typoDescender + typoLineGap, win = winAscent + winDescent. Output is a table on a terminal and one \
        JSON object (sorted keys) when piped.

        The font checks (font.vertical-split, font.win-metrics, font.line-gap, font.accent-clearance, \
        font.metrics; docs/checks.md) run on the face: each prints pass, warn, fail or not applicable (SKIP) as fontbakery's \
        corresponding check would, and a finding says what it means at the sizes of a HIG text style \
        (--style, default body: 14–53 pt). `typefit audit` quotes your config's own styles instead.

        Examples:
          typefit inspect Fonts/Inter/Inter-Regular.otf
          typefit inspect Fonts/Inter/Inter.var.ttf --variations wght=600 --sizes 12,17,53
          typefit inspect Fonts/Inter/Inter.var.ttf --instance "Semi Bold" --format json
          typefit inspect "Roboto:weight=500"
          typefit inspect ":postscriptname=Inter-SemiBold" --font-dir ~/MyFonts
          typefit inspect /usr/share/fonts/truetype/lato/Lato-Regular.ttf --style title1
        """
    )

    @OptionGroup var fontOptions: FontOptions

    @Option(help: "Point sizes for line heights in points, e.g. 12,17,53.")
    var sizes: String?

    @Option(help: "HIG text style whose sizes the font checks quote, e.g. body (default), title1, caption1.")
    var style: String = "body"

    @Option(help: "Output format: text or json (default: text on a terminal, json when piped).")
    var format: OutputFormat?

    func run() throws {
        let sizes = try parseSizes(sizes)
        let textStyle: TextStyle
        do { textStyle = try TextStyle(parsing: style) } catch { throw ValidationError("--style: \(error)") }
        if fontOptions.font == SystemFontCLI.fontName { return try SystemFontCLI.inspect(fontOptions, sizes: sizes, format: format) }
        let face = try fontOptions.load()
        let id = face.info.postScriptName.isEmpty ? URL(fileURLWithPath: face.info.path).lastPathComponent : face.info.postScriptName
        let checks = FontQA.run(face: face, id: id, path: face.info.path, style: textStyle)
        var report = InspectReport(face.info, sizes: sizes)
        report.checks = Dictionary(uniqueKeysWithValues: checks.map { ($0.check.id, $0.verdict.rawValue) })
        switch OutputFormat.resolve(format) {
        case .json: try writeJSON(report)
        case .text:
            writeStdout(report.table(face.info, sizes: sizes), terminator: "")
            writeStdout("\n" + InspectReport.checksText(checks, style: textStyle), terminator: "")
        }
    }
}

/// The `inspect` JSON contract (keys sorted on output).
struct InspectReport: Encodable {
    struct HHEA: Encodable { var ascender, descender, lineGap: Int }
    struct OS2: Encodable {
        var typoAscender, typoDescender, typoLineGap, winAscent, winDescent: Int
        var useTypoMetrics: Bool
        var version: Int
    }
    struct Heights: Encodable { var hhea, typo, win: Double }
    struct Axis: Encodable {
        var tag, name: String
        var min, `default`, max, value: Double
    }
    var path: String
    var faceIndex: Int
    var faceCount: Int
    var family: String
    var style: String
    var postscriptName: String
    var format: String
    var unitsPerEm: Int
    var glyphCount: Int
    var hhea: HHEA
    var os2: OS2?
    var xHeight: Int?
    var capHeight: Int?
    var lineHeight: Heights
    var isVariable: Bool
    var axes: [Axis]
    var namedInstances: [String]
    var instance: String?
    /// size → line heights in points.
    var sizes: [String: Heights]?
    /// Font check id → "pass", "warn", "fail" or "not applicable" (fontbakery's PASS, WARN, FAIL or SKIP).
    var checks: [String: String] = [:]

    init(_ info: FontInfo, sizes: [Double]) {
        path = info.path
        faceIndex = info.faceIndex
        faceCount = info.faceCount
        family = info.family
        style = info.style
        postscriptName = info.postScriptName
        format = info.format
        unitsPerEm = info.unitsPerEm
        glyphCount = info.glyphCount
        hhea = HHEA(ascender: Int(info.hhea.ascender), descender: Int(info.hhea.descender), lineGap: Int(info.hhea.lineGap))
        os2 = info.os2.map {
            OS2(typoAscender: $0.typoAscender, typoDescender: $0.typoDescender, typoLineGap: $0.typoLineGap,
                winAscent: $0.winAscent, winDescent: $0.winDescent, useTypoMetrics: $0.useTypoMetrics, version: $0.version)
        }
        xHeight = info.os2?.xHeight
        capHeight = info.os2?.capHeight
        lineHeight = Heights(hhea: Double(info.lineHeight(.hhea)), typo: Double(info.lineHeight(.typo)), win: Double(info.lineHeight(.win)))
        isVariable = info.isVariable
        axes = info.axes.map { Axis(tag: $0.tag, name: $0.name, min: $0.minimum, default: $0.defaultValue, max: $0.maximum, value: $0.value) }
        namedInstances = info.namedInstances
        instance = info.instance
        if !sizes.isEmpty {
            var bySize: [String: Heights] = [:]
            for size in sizes {
                bySize[sizeKey(size)] = Heights(hhea: roundedPoints(info.lineHeight(.hhea, size: size)),
                                                typo: roundedPoints(info.lineHeight(.typo, size: size)),
                                                win: roundedPoints(info.lineHeight(.win, size: size)))
            }
            self.sizes = bySize
        }
    }

    func table(_ info: FontInfo, sizes: [Double]) -> String {
        var rows: [(String, String)] = [
            ("file", info.path + (info.faceCount > 1 ? " (face \(info.faceIndex) of \(info.faceCount))" : "")),
            ("family", info.family), ("style", info.style), ("PostScript name", info.postScriptName),
            ("format", info.format), ("glyphs", "\(info.glyphCount)"), ("unitsPerEm", "\(info.unitsPerEm)"),
            ("hhea asc/desc/gap", "\(Int(info.hhea.ascender)) / \(Int(info.hhea.descender)) / \(Int(info.hhea.lineGap))"),
        ]
        if let os2 = info.os2 {
            rows.append(("OS/2 typo asc/desc/gap", "\(os2.typoAscender) / \(os2.typoDescender) / \(os2.typoLineGap)"))
            rows.append(("OS/2 win asc/desc", "\(os2.winAscent) / \(os2.winDescent)"))
            rows.append(("USE_TYPO_METRICS", os2.useTypoMetrics ? "yes" : "no"))
            rows.append(("xHeight / capHeight", "\(os2.xHeight.map(String.init) ?? "–") / \(os2.capHeight.map(String.init) ?? "–")"))
        }
        for rule in LineHeightRule.allCases {
            let units = info.lineHeight(rule)
            let em = Double(units) / Double(info.unitsPerEm)
            rows.append(("line height (\(rule.rawValue))", "\(units) units = \(String(format: "%.3f", em)) em" + (rule == .hhea ? " (default)" : "")))
        }
        if info.isVariable {
            for axis in info.axes {
                rows.append(("axis \(axis.tag)", "\(axis.name) \(sizeKey(axis.minimum))…\(sizeKey(axis.maximum)), default \(sizeKey(axis.defaultValue)), using \(sizeKey(axis.value))"))
            }
            rows.append(("named instances", info.namedInstances.joined(separator: ", ")))
            if let instance = info.instance { rows.append(("instance", instance)) }
        }
        var out = TextTable.render(rows.map { [$0.0, $0.1] }, leftAligned: [0, 1])
        if !sizes.isEmpty {
            out += "\n" + textTable(header: ["size (pt)", "hhea (pt)", "typo (pt)", "win (pt)"], rows: sizes.map { size in
                [sizeKey(size)] + LineHeightRule.allCases.map { String(format: "%.3f", info.lineHeight($0, size: size)) }
            })
        }
        return out
    }
}

extension InspectReport {
    /// The font checks as text: one line per check (id, verdict, fontbakery check), then each finding's
    /// message and figures, indented.
    static func checksText(_ results: [FontQA.Result], style: TextStyle) -> String {
        let sizes = ContentSizeCategory.allCases.map { style.pointSize(at: $0) }
        var out = "font checks (sizes of the HIG \(style.rawValue) style, \(sizeKey(sizes.min() ?? 0))–\(sizeKey(sizes.max() ?? 0)) pt)\n"
        let lines = TextTable.lines(results.map { result in
            [result.check.id, result.verdict.rawValue,
             result.check.fontbakeryCheck.map { "fontbakery \($0)" } ?? "no fontbakery counterpart"]
        }, leftAligned: [0, 1, 2])
        for (result, line) in zip(results, lines) {
            out += "  " + line + "\n"
            for finding in result.findings {
                out += "      " + finding.message + "\n"
                let figures = finding.figures.keys.sorted().map { "\($0) \(String(format: "%g", roundedPoints(finding.figures[$0] ?? 0)))" }
                if !figures.isEmpty { out += "      figures: " + figures.joined(separator: ", ") + "\n" }
            }
        }
        return out
    }
}

/// A table whose first column is left-aligned and the others (numbers) right-aligned.
func textTable(header: [String], rows: [[String]]) -> String {
    TextTable.render([header] + rows)
}
