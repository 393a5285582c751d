import AppUI
import Foundation
import InterfaceBuilder
import Localization
import TypeFitSupport
import XcodeProject

/// `typefit init [DIR]`: reads an app's repository and writes a typefit.yml that audits its UI
/// files as they are (docs/ui-sources.md), with every key commented, and a summary a person
/// reads in ten seconds.
public enum AppInit {
    /// What init did.
    public struct Outcome: Sendable {
        /// The config written.
        public var configPath: String
        /// The summary (several lines).
        public var summary: String
    }

    /// The devices init audits on: the smallest current iPhone and the largest.
    static let devices = ["iPhone SE (3rd generation)", "iPhone 16 Pro Max"]

    /// Reads `directory`, writes `directory/typefit.yml` (never over an existing one unless
    /// `force`), and returns the summary. The config is planned before it is written, so a config
    /// that would not load is never written.
    /// - Throws: `ConfigError` (one line) when the folder is missing, the config exists, or nothing can be audited.
    public static func run(directory: String, force: Bool) throws -> Outcome {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ConfigError(file: directory, message: "no such folder")
        }
        let path = root.appendingPathComponent("typefit.yml").path
        if FileManager.default.fileExists(atPath: path), !force {
            throw ConfigError(file: path, message: "already exists; `typefit init --force` replaces it")
        }
        let repository = AppRepository.discover(root: root)
        var plan: AuditPlan
        var text: String
        // Planned as the audit will plan it. A strings source the plan refuses (a file that does
        // not parse) is left out and named in the summary, so the config written always loads; any
        // other error at a place of the typefit.yml not written names where the value came from
        // (the project, whose names init writes, or the folder).
        var (sources, leftOut) = stringsSources(repository)
        while true {
            text = configText(repository, sources: sources)
            do {
                let config = try TypeFitConfig.parse(yaml: text, file: path, baseDirectory: root)
                plan = try AuditPlan(config: config)
                break
            } catch let error as ConfigError where error.file == path {
                if let index = stringsIndex(error.path), index < sources.count {
                    leftOut.append(LeftOutStrings(path: sources[index], reason: error.message))
                    sources.remove(at: index)
                    continue
                }
                let source = repository.project.map { $0.path + "/project.pbxproj" } ?? root.path
                throw ConfigError(file: source, message: "cannot plan an audit from it: "
                                  + (error.path.map { "\($0): " } ?? "") + error.message)
            }
        }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw ConfigError(file: path, message: "cannot write: \(error.localizedDescription)")
        }
        // What init's own look at the repository found and the written config no longer reads
        // (an Xcode project that could not be read is written as `project: none`).
        var ui = plan.ui
        ui.warnings = repository.warnings.filter { !ui.warnings.contains($0) } + ui.warnings
        var strings = leftOut.map { "  left out \($0.path): \($0.reason)" }
        strings += plan.stringsFallbacks.map {  // (init writes no pseudo-locale: the plan's locales are the audited ones)
            "  \($0.summary(audited: plan.locales.count)): measured in \(plan.locales[0]) there, as iOS falls back"
        }
        return Outcome(configPath: path, summary: summary(ui, configPath: path, strings: strings))
    }

    /// A strings file init leaves out of the config, and why.
    struct LeftOutStrings: Sendable, Equatable {
        var path: String
        var reason: String
    }

    /// The index of `strings[i]` in a config error's key path (`strings[2].path` → 2).
    static func stringsIndex(_ path: String?) -> Int? {
        guard let path, path.hasPrefix("strings[") else { return nil }
        let digits = path.dropFirst("strings[".count).prefix { $0.isNumber }
        guard !digits.isEmpty, path.dropFirst("strings[".count + digits.count).hasPrefix("]") else { return nil }
        return Int(digits)
    }

    /// A YAML double-quoted string literal: `\` and `"` escaped, and every character YAML does not
    /// allow in a document (controls, DEL, C1, surrogates, U+FFFE–F) or that would act on a
    /// terminal (`isActingCharacter`: bidi controls, line separators) written as `\uXXXX` or
    /// `\UXXXXXXXX`, so that any name a project holds reads back as itself.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default:
                let v = scalar.value
                let printable = v == 0x09 || (0x20...0x7E).contains(v) || v == 0x85 || (0xA0...0xD7FF).contains(v)
                    || (0xE000...0xFFFD).contains(v) || v >= 0x10000
                if printable && !isActingCharacter(scalar) && v != 0xFEFF {
                    out.unicodeScalars.append(scalar)
                } else if v <= 0xFFFF {
                    out += "\\u" + String(repeating: "0", count: 4 - String(v, radix: 16).count) + String(v, radix: 16, uppercase: true)
                } else {
                    out += "\\U" + String(repeating: "0", count: 8 - String(v, radix: 16).count) + String(v, radix: 16, uppercase: true)
                }
            }
        }
        return out + "\""
    }

    /// The strings sources: `.lproj` paths as `{locale}` patterns, catalogs as they are; the
    /// per-storyboard strings (read with their storyboard) left out, and so is (with its reason) a
    /// `.strings` or `.stringsdict` file outside any `.lproj` folder whose name is not a locale.
    static func stringsSources(_ repository: AppRepository) -> (sources: [String], leftOut: [LeftOutStrings]) {
        let ibNames = Set(repository.interfaceBuilderFiles.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        var sources: [String] = []
        var leftOut: [LeftOutStrings] = []
        for file in repository.stringsFiles {
            let url = URL(fileURLWithPath: file)
            if ibNames.contains(url.deletingPathExtension().lastPathComponent) { continue }
            var parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if let i = parts.lastIndex(where: { $0.hasSuffix(".lproj") }), url.pathExtension != "xcstrings" {
                if parts[i] == "Base.lproj" { continue }
                parts[i] = "{locale}.lproj"
            } else if url.pathExtension != "xcstrings",
                      StringTable.inferredLocale(for: repository.root.appendingPathComponent(file)) == nil {
                leftOut.append(LeftOutStrings(path: file, reason: StringTable.unknownLocaleReason))
                continue
            }
            let source = parts.joined(separator: "/")
            if !sources.contains(source) { sources.append(source) }
        }
        return (sources, leftOut)
    }

    /// The typefit.yml for `repository`, every key commented.
    static func configText(_ repository: AppRepository, sources: [String]) -> String {
        var out = """
            # TypeFit config written by `typefit init`: it audits the app's own UI files as they are.
            # Every key: docs/config.md; the `ui:` section and what can be bound: docs/ui-sources.md.
            version: 1


            """
        let fontFolders = Array(Set(repository.appFonts.compactMap(\.path).map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().relativePath
        })).sorted()
        if !fontFolders.isEmpty {
            out += "# Folders holding the app's fonts (UIAppFonts): Interface Builder names them by PostScript name.\n"
            out += "fontDirectories: [\(fontFolders.map(quote).joined(separator: ", "))]\n\n"
        }
        out += """
            # Text in the system font (the font ids system, systemMedium, systemSemibold, systemBold, systemHeavy)
            # is measured as iOS draws it: with your own copy of SF Pro when you give its folder here (or in
            # TYPEFIT_SYSTEM_FONTS), otherwise with Inter 4.1, bundled, calibrated to San Francisco
            # (docs/system-font.md).
            # systemFont: { directory: /Library/Fonts }


            """
        if sources.isEmpty {
            out += "# No strings files were found: texts are the ones written in the UI files.\nstrings: []\n\n"
        } else {
            out += "# The app's strings files ({locale} stands for each .lproj folder); storyboards' own strings are read with them.\n"
            out += "strings:\n" + sources.map { "  - \(quote($0))\n" }.joined() + "\n"
        }
        let locales = repository.locales.isEmpty ? ["en"] : repository.locales
        out += "# Locales audited (the project's knownRegions and .lproj folders), development language first.\n"
        out += "locales: [\(locales.map(quote).joined(separator: ", "))]\n\n"
        out += "# Devices: the smallest and the largest current iPhone (`typefit layout --help` lists the catalog).\n"
        out += "devices: [\(devices.map(quote).joined(separator: ", "))]\n\n"
        out += "# Content size categories: all 12, xS to AX5.\ncategories: all\n\n"
        out += "# The app's own UI files (docs/ui-sources.md).\nui:\n"
        if let project = repository.project, repository.target != nil {
            out += "  # The Xcode project and application target read (auto: the iOS application with the most files).\n"
            out += "  project: \(quote(project.path))\n"
            out += "  target: \(quote(repository.target!.name))\n"
        } else {
            out += "  # No Xcode project with an iOS application was found: files are found by walking this folder.\n"
            out += "  project: none\n"
        }
        out += """
              # Storyboards and XIBs to read: auto (the target's) or a list of paths.
              interfaceBuilder: auto
              # Swift files for the SwiftUI reader: auto (the target's) or a list of paths.
              swift: auto
              # Text set in code, by element id: a string key (`"XYZ-ab-123": settings.title`) or sample text
              # (`"XYZ-ab-123": { text: "Sample" }`). init lists the unresolved and run-time elements.
              bind: {}
              # A SwiftUI view type's width where the estimate is wrong: the container it is a row of, or
              # points (`SettingsRow: { row: listInsetGrouped }`, `PriceTag: { width: 280 }`; docs/ui-sources.md).
              # layouts: {}

            """
        return out
    }

    /// The ten-second summary.
    /// `strings`: lines under "Strings files" (tables left out, tables some locales lack).
    public static func summary(_ ui: UIPlan, configPath: String, strings: [String] = []) -> String {
        var lines: [String] = []
        let repository = ui.repository
        if let target = repository?.target, let project = repository?.project {
            var line = "Target: \(target.name) (\(project.path))"
            if let others = repository?.otherApplications, !others.isEmpty { line += "; also found: \(others.joined(separator: ", "))" }
            lines.append(line)
        } else {
            lines.append("Target: none (no Xcode project with an iOS application): files found by walking the folder")
        }
        let fonts = repository?.appFonts ?? []
        let missing = fonts.filter { $0.path == nil }.map(\.name)
        lines.append("Fonts: \(fonts.count) in UIAppFonts" + (missing.isEmpty ? "" : ", missing: \(missing.joined(separator: ", "))")
                     + "; the system font: SF Pro when systemFont or TYPEFIT_SYSTEM_FONTS gives it, else Inter calibrated to San Francisco")
        lines.append("Locales: \((repository?.locales ?? []).joined(separator: ", "))")
        lines.append("Strings files: \(repository?.stringsFiles.count ?? 0)")
        lines += strings.prefix(8)
        if strings.count > 8 { lines.append("  … \(strings.count - 8) more") }
        let read = ui.interfaceBuilderFiles.filter { $0.outcome == .read }
        let other = ui.interfaceBuilderFiles.count - read.count
        let elements = read.reduce(0) { $0 + $1.elements }
        var ib = "Interface Builder files: \(read.count) iOS, \(elements) text elements"
        if other > 0 { ib += " (\(other) for other platforms or unreadable, left out)" }
        lines.append(ib)
        for file in read.sorted(by: { ($0.elements, $1.path) > ($1.elements, $0.path) }).prefix(8) {
            lines.append("  \(file.path): \(file.elements)")
        }
        if read.count > 8 { lines.append("  … \(read.count - 8) more") }
        lines.append("Swift files: \(ui.swiftFiles.count) (for the SwiftUI reader)")
        if let packages = repository?.localPackages, !packages.isEmpty {
            lines.append("  local Swift packages read as the app's: "
                         + packages.map { "\($0.path) (\($0.swiftFiles) Swift file\($0.swiftFiles == 1 ? "" : "s"))" }.joined(separator: ", "))
        }
        if let swiftUI = ui.swiftUI { lines += swiftUI.summaryLines }
        if let swiftGen = repository?.swiftGen, !swiftGen.strings.isEmpty {
            lines.append("SwiftGen (\(swiftGen.file)): " + swiftGen.strings.map { "\($0.enumName) → \($0.table)" }.joined(separator: ", "))
        }
        let found = ui.accounts.count
        // In this form for scripts (scripts/apps-check prints it): laid out includes bound.
        lines.append("Elements: \(found) found = \(ui.laidOut + ui.bound) laid out + \(ui.runtimeData.count) run-time data + "
                     + "\(ui.unresolved.count) unresolved + \(ui.notLaidOut.count) not laid out")
        let fromCode = ui.laidOutFromCode
        if !fromCode.isEmpty {
            lines.append("  laid out with the text their owner's code sets on the outlet: \(fromCode.count)")
            lines.append("    " + fromCode.prefix(3).map { "\($0.position.file):\($0.position.line) \($0.element.local) ← \($0.textFromCode!)" }
                .joined(separator: ", ") + (fromCode.count > 3 ? ", … \(fromCode.count - 3) more" : ""))
        }
        if ui.bound > 0 { lines.append("  laid out with text from typefit.yml (ui: bind): \(ui.bound)") }
        lines += Self.reasonLines("unresolved", ui.unresolved, most: 8)
        lines += Self.reasonLines("run-time data", ui.runtimeData, most: 4)
        for (reason, count) in UIPlan.reasons(ui.notLaidOut) {
            lines.append("  not laid out (\(count)): \(reason)")
            lines.append(Self.places(ui.notLaidOut.filter { if case .notLaidOut(reason) = $0.status { true } else { false } }))
        }
        if !ui.repeatedLocales.isEmpty {
            let screens = Set(ui.repeatedLocales.map(\.screen)).count
            let locales = Array(Set(ui.repeatedLocales.map(\.locale))).sorted()
            lines.append("Untranslated: \(screens) screen(s) show the same texts in \(locales.joined(separator: ", ")) as in an earlier locale; "
                         + "laid out once (e.g. \(ui.repeatedLocales[0].screen): \(ui.repeatedLocales[0].locale) as \(ui.repeatedLocales[0].sameAs))")
        }
        if !ui.warnings.isEmpty {
            lines.append("Could not decide or read (\(ui.warnings.count)):")
            for warning in ui.warnings.prefix(6) { lines.append("  \(warning)") }
            if ui.warnings.count > 6 { lines.append("  … \(ui.warnings.count - 6) more") }
        }
        lines.append("Wrote \(configPath): bind unresolved and run-time elements there (ui: bind); then run `typefit audit`.")
        // Names, paths, titles and warnings come from the repository: made inert as every other
        // writer to the terminal makes them (docs/robustness.md), so none starts a line of its own.
        return lines.map(visible).joined(separator: "\n")
    }

    /// The summary's lines for the elements of one status: the `most` most frequent reasons (a
    /// SwiftUI app has one per variable name), each with where its elements are, then the rest counted.
    static func reasonLines(_ status: String, _ accounts: [UIPlan.Account], most: Int) -> [String] {
        let reasons = UIPlan.reasons(accounts)
        var lines: [String] = []
        for (reason, count) in reasons.prefix(most) {
            lines.append("  \(status) (\(count)): \(reason)")
            lines.append(places(accounts.filter { $0.status.unknownText == reason }))
        }
        if reasons.count > most {
            let rest = reasons.dropFirst(most)
            let largest = rest.map(\.count).max() ?? 1, least = rest.map(\.count).min() ?? 1
            let each = largest == least ? "\(largest) element\(largest == 1 ? "" : "s") each" : "\(least)–\(largest) elements each"
            lines.append("  \(status) (\(rest.reduce(0) { $0 + $1.count })): \(rest.count) other reasons, \(each)")
        }
        return lines
    }

    /// The summary's line under a reason: where its first three elements are (file:line and id).
    static func places(_ accounts: [UIPlan.Account]) -> String {
        let places = accounts.map { "\($0.position.file):\($0.position.line) \($0.element.local)" }
        return "    " + places.prefix(3).joined(separator: ", ") + (places.count > 3 ? ", … \(places.count - 3) more" : "")
    }
}
