import ArgumentParser
import Audit
import Foundation
import Reports
import TypeFit

/// `typefit checks`: every check with its id, default severity and title.
struct ChecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checks",
        abstract: "List every check: id, default severity and title.",
        discussion: """
        The ids are what typefit.yml's `checks.severity` / `checks.disabled` and baselines refer to. \
        `typefit explain ID` shows a check's rationale, definition and examples (docs/checks.md has them all).

        JSON (--format json): {"checks": [{"id", "defaultSeverity", "title", "rationale"}]}, sorted by id.

        Examples:
          typefit checks
          typefit checks --format json
        """
    )

    @Option(help: "Output format: text or json (default: text).")
    var format: OutputFormat = .text

    func run() throws {
        let checks = CheckRegistry.all
        switch format {
        case .json:
            struct Entry: Encodable { let id, defaultSeverity, title, rationale: String }
            struct Document: Encodable { let checks: [Entry] }
            try writePrettyJSON(Document(checks: checks.map {
                Entry(id: $0.id, defaultSeverity: $0.defaultSeverity.rawValue, title: $0.title, rationale: $0.rationale)
            }))
        case .text:
            writeStdout(TextTable.render([["id", "severity", "title"]] + checks.map { [$0.id, $0.defaultSeverity.rawValue, $0.title] },
                                   leftAligned: [0, 1, 2]),
                  terminator: "")
        }
    }
}

/// Pretty-printed JSON with sorted keys and a final newline on stdout.
func writePrettyJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    writeStdout(try encoder.encode(value) + Data("\n".utf8))
}
