import ArgumentParser
import DynamicType
import Foundation
import Layout
import TypeFit
import TypeFitSupport

/// `typefit layout`: row heights, rows visible and truncated labels per screen × device × category.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Show row heights, rows visible and truncated or clipped labels of each screen at every category.",
        discussion: """
        Lays out every screen of the config with the real fonts and strings (as `typefit audit` does, \
        docs/layout.md) on each device and content size category, in one locale (the config's first unless \
        --locale), and prints per screen × device a table: one line per category with the rows visible (fully \
        visible rows plus the visible fraction of the next), the fully visible rows, the row heights (repeated \
        heights as "h×n") and the labels that are truncated or clipped. Repeated rows are identical: labels \
        are listed for the first copy.

        JSON (--format json): {"results": [{"screen", "device", "category" (UIKit name), "locale", \
        "rowHeights": [pt], "rowsVisible", "fullyVisibleRows", "labels": [{"row", "label", "lines", "height", \
        "truncated", "clipped"}]}]}, sorted keys, points rounded to 1/1000.

        Exit codes: 0 ok (findings do not change it: use `typefit audit`), 2 bad input or usage.

        Examples:
          typefit layout Examples/Contacts/typefit.yml
          typefit layout Examples/Contacts/typefit.yml --device "iPhone SE (1st gen)" --category L --category AX5
          typefit layout Examples/Wayfell/typefit.yml --locale de --format json
        """
    )

    @Argument(help: "The typefit.yml (or .json) whose screens to lay out.")
    var config: String

    @Option(name: .customLong("device"), help: "A device of the config (repeatable; default: all of them).")
    var devices: [String] = []

    @Option(name: .customLong("category"), help: "A content size category, e.g. L, AX5, extraLarge (repeatable; default: the config's).")
    var categories: [String] = []

    @Option(help: "The locale (default: the config's first locale).")
    var locale: String?

    @Option(help: "Output format: text or json (default: text on a terminal, json when piped).")
    var format: OutputFormat?

    func run() throws {
        let project = try AuditPlan.load(path: config)
        let selectedDevices = try devices.map { name -> String in
            // A device of the config only: the audit lays out nothing else (docs/cli.md).
            guard let device = try? Device.named(name, in: project.devices) else {
                throw CLIError(message: "--device '\(name)': not a device of \(config); devices: \(project.devices.map(\.name).joined(separator: ", "))")
            }
            return device.name
        }
        var selectedCategories: [ContentSizeCategory] = []
        for name in categories {
            let category: ContentSizeCategory
            do throws(DynamicTypeError) { category = try ContentSizeCategory(parsing: name) } catch {
                throw CLIError(message: "--category: \(error.message)")
            }
            guard project.categories.contains(category) else {
                throw CLIError(message: "--category \(name): \(config) audits \(project.categories.map(\.shortName).joined(separator: ", ")) only")
            }
            if !selectedCategories.contains(category) { selectedCategories.append(category) }
        }
        let locale = locale ?? project.locales.first ?? "en"
        guard project.locales.contains(locale) else {
            throw CLIError(message: "--locale \(locale): not a locale of \(config); locales: \(project.locales.joined(separator: ", "))")
        }
        var options = AuditOptions(devices: selectedDevices.isEmpty ? nil : selectedDevices,
                                   categories: selectedCategories.isEmpty ? nil : selectedCategories,
                                   locales: [locale], keepLayouts: true)
        options.runChecks = false
        // The first stages of the audit pipeline: plan and layout.
        let run = try AuditPipeline(plan: project, options: options).run()
        for diagnostic in run.diagnostics { writeMessage("\(diagnostic)") }
        let results = LayoutSummary.summaries(of: run)
        switch OutputFormat.resolve(format) {
        case .json:
            struct Document: Encodable { let results: [LayoutSummary] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            writeStdout(try encoder.encode(Document(results: results)) + Data("\n".utf8))
        case .text:
            writeStdout(Self.text(results), terminator: "")
        }
    }

    /// One table per screen × device × locale, in run order.
    static func text(_ results: [LayoutSummary]) -> String {
        var groups: [(title: String, items: [LayoutSummary])] = []
        for r in results {
            let title = visible("\(r.screen) on \(r.device) (\(r.locale))")
            if groups.last?.title == title { groups[groups.count - 1].items.append(r) } else { groups.append((title, [r])) }
        }
        return groups.map { group in
            let rows = group.items.map { r -> [String] in
                let category = (try? ContentSizeCategory(parsing: r.category))?.shortName ?? r.category
                let problems = r.labels.filter { $0.truncated || $0.clipped }.map { l in
                    visible("\(l.row).\(l.label)") + (l.clipped ? " (clipped)" : "")
                }
                return [category, String(format: "%.2f", r.rowsVisible), "\(r.fullyVisibleRows)",
                        heights(r.rowHeights), problems.isEmpty ? "–" : problems.joined(separator: ", ")]
            }
            let header = ["category", "rows visible", "full rows", "row heights (pt)", "truncated labels"]
            return group.title + "\n" + TextTable.render([header] + rows, leftAligned: [0, 3, 4])
        }.joined(separator: "\n")
    }

    /// "99.5×8" for eight rows of 99.5 pt; runs of equal heights are grouped, in order.
    static func heights(_ values: [Double]) -> String {
        var parts: [(Double, Int)] = []
        for v in values {
            if let last = parts.last, last.0 == v { parts[parts.count - 1].1 += 1 } else { parts.append((v, 1)) }
        }
        return parts.map { ScalingTable.formatted($0.0) + ($0.1 > 1 ? "×\($0.1)" : "") }.joined(separator: " ")
    }
}

extension Array where Element == String {
    /// The elements in order, without repeats.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
