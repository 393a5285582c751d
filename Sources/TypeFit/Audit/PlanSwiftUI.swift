import AppUI
import DynamicType
import Foundation
import Localization
import SwiftUISource
import TypeFitSupport
import XcodeProject

// The app's SwiftUI views read for the audit (docs/ui-sources.md, "SwiftUI views"): the view files
// are the target's Swift files (or `ui: swift`), SwiftGen's outputs are read whole for their
// accessors, and every other Swift file of the repository for its declarations (constants and font
// tokens of a shared framework or a design-system package). The screens read are planned like
// Interface Builder's (`UIPlanner.add`); the counts go to the summary.

/// What the SwiftUI reader found, as `typefit init` and the audit summary show it.
public struct SwiftUIPlanCounts: Sendable, Hashable {
    /// The reader's own counts (files read, `Text` views by kind of string, elements, unknowns).
    public var reading: SwiftUISummary
    /// View types with at least one text element (screens planned).
    public var screens: Int
    /// Files read for their declarations only, and SwiftGen's outputs.
    public var declarationFiles: Int
    public var swiftGenFiles: [String]
    /// `Text` views whose string is a key found in the strings files of the config, in the
    /// development locale: the text TypeFit lays out is the app's own.
    public var textViewsWithStrings: Int

    /// `textViewsWithStrings` as a share of every `Text` view (0 when there are none).
    public var boundShare: Double {
        reading.textViews == 0 ? 0 : Double(textViewsWithStrings) / Double(reading.textViews)
    }
}

extension AuditPlan {
    /// Reads the SwiftUI views of `viewFiles` (relative to `ui.root`) with the repository's
    /// other Swift files for their declarations, and counts the `Text` views whose key is in
    /// `table` (development locale `development`).
    static func readSwiftUI(ui: ConfigUI, repository: AppRepository, viewFiles: [String], table: StringTable,
                            development: String, boundary: RepositoryBoundary? = nil, outlets: [String: Set<String>] = [:],
                            warnings: inout [String])
        -> (screens: [UIScreenSource], counts: SwiftUIPlanCounts, outlets: [OutletKey: OutletSettings]) {
        let root = ui.root
        let viewSet = Set(viewFiles)
        var swiftGen: [String] = []
        if let config = repository.swiftGen {
            // Outputs are relative to the config's folder; matched without regard to case, as the
            // macOS file system the app is built on matches them (`SwiftGen/` written, `Swiftgen/` on disk).
            let folder = (config.file as NSString).deletingLastPathComponent
            let byLowercase = Dictionary(repository.allFiles.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
            for output in Set(config.strings.compactMap(\.output)).sorted() {
                let joined = folder.isEmpty ? output : folder + "/" + output
                var components: [Substring] = []
                for part in joined.split(separator: "/") where part != "." {
                    if part == "..", !components.isEmpty { components.removeLast() } else { components.append(part) }
                }
                if let found = byLowercase[components.joined(separator: "/").lowercased()] { swiftGen.append(found) } else {
                    warnings.append("\(config.file): SwiftGen output \"\(output)\" not found (generate it for L10n keys to resolve)")
                }
            }
        }
        let generated = Set(swiftGen)
        let declarations = repository.allFiles.filter { path in
            path.hasSuffix(".swift") && !viewSet.contains(path) && !generated.contains(path) && !isTestFile(path)
        }
        var tokens: [String: UIFontSpec] = [:]
        for (token, name) in ui.fontTokens.sorted(by: { $0.key < $1.key }) {
            if let style = TextStyle(rawValue: name) ?? TextStyle.allCases.first(where: { $0.swiftUIName == name }) {
                tokens[token] = .font(face: .system(.regular), size: .textStyle(style))
            } else {
                warnings.append("\(ui.location): ui.fontTokens: \"\(name)\" (for \(token)) is not a text style "
                                + "(\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))); the token stays unknown")
            }
        }
        var layouts: [String: SwiftUILayout] = [:]
        for (type, layout) in ui.layouts {
            if let width = layout.width { layouts[type] = .width(width) } else if let row = layout.row { layouts[type] = .row(row) }
        }
        let urls = { (paths: [String]) in paths.map { root.appendingPathComponent($0) } }
        let reading = SwiftUIReader.read(files: urls(viewFiles), root: root, swiftGen: urls(swiftGen),
                                         declarations: urls(declarations), fontTokens: tokens, layouts: layouts,
                                         outlets: outlets, stringKeys: table.keys(), boundary: boundary)
        warnings += reading.result.warnings.map { "\($0.position): \($0.message)" }  // "warning:" is the diagnostic's
        let chain = LocaleID.fallbackChain(development)
        let withStrings = reading.textViews.count { view in
            guard case .localized(_, let key, _) = view.text else { return false }
            return !table.variants(key: key, fallbackChain: chain).isEmpty
        }
        let counts = SwiftUIPlanCounts(reading: reading.summary, screens: reading.result.screens.count,
                                       declarationFiles: declarations.count, swiftGenFiles: swiftGen,
                                       textViewsWithStrings: withStrings)
        // Two view types of one name in different files (each file's `Row`): each screen named with its file.
        var screens = reading.result.screens
        var named: [String: Int] = [:]
        for screen in screens { named[screen.name, default: 0] += 1 }
        for i in screens.indices where named[screens[i].name, default: 0] > 1 {
            screens[i].name += " (\(screens[i].position.file))"
        }
        return (screens, counts, reading.outlets)
    }

    /// A file of a test target (`…Tests/`, `…UITests/` folders): its constants are not the app's.
    static func isTestFile(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") }
    }
}

extension SwiftUIPlanCounts {
    /// The summary's lines: each group adds up to its total.
    var summaryLines: [String] {
        let r = reading
        var lines = ["SwiftUI: \(r.filesRead) Swift files read (\(declarationFiles) for their declarations only"
                     + (swiftGenFiles.isEmpty ? "" : ", SwiftGen: \(swiftGenFiles.joined(separator: ", "))")
                     + "), \(screens) view types with text"]
        let percent = String(format: "%.1f", 100 * boundShare)
        lines.append("  Text views: \(r.textViews) = \(r.textViewsLocalized) localized + \(r.textViewsVerbatim) verbatim + "
                     + "\(r.textViewsRuntime) run-time data + \(r.textViewsUnresolved) unresolved; \(textViewsWithStrings) (\(percent) %) have a key whose text is in the strings files")
        lines.append("  elements: \(r.elements) = \(r.elements - r.fontUnknown) with a font + \(r.fontUnknown) font unknown; "
                     + "\(r.elements - r.widthUnknown) with a width + \(r.widthUnknown) width unknown")
        return lines
    }
}
