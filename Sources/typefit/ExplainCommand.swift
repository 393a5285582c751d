import ArgumentParser
import Audit
import Foundation
import Reports
import TypeFit

/// `typefit explain ID`: one check's rationale, definition, severity and examples.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a check: why it matters, exactly when it reports, its severity and examples.",
        discussion: """
        The examples are the check's own documented examples (they are also its tests): each is run through \
        the check here and the findings it produces are shown with their messages.

        JSON (--format json): {"id", "title", "defaultSeverity", "rationale", "definition", "examples": \
        [{"description", "expectedFindings", "messages": [...]}]}.

        Exit codes: 0 ok, 2 unknown check id (with the closest id as a suggestion).

        Examples:
          typefit explain text.truncated
          typefit explain screen.rows-visible --format json
        """
    )

    @Argument(help: "A check id, e.g. text.truncated (`typefit checks` lists them).")
    var id: String

    @Option(help: "Output format: text or json (default: text).")
    var format: OutputFormat = .text

    struct Example: Encodable {
        let description: String
        let expectedFindings: Int
        let messages: [String]
    }

    struct Explanation: Encodable {
        let id, title, defaultSeverity, rationale, definition: String
        let examples: [Example]
    }

    func run() throws {
        let check = try CheckRegistry.check(id: id)
        let examples = check.examples.map { example in
            Example(description: example.description, expectedFindings: example.expectedCount,
                    messages: check.run(example.input, context: example.context).map(\.message))
        }
        let explanation = Explanation(id: check.id, title: check.title, defaultSeverity: check.defaultSeverity.rawValue,
                                      rationale: check.rationale, definition: check.definition, examples: examples)
        switch format {
        case .json:
            try writePrettyJSON(explanation)
        case .text:
            var out = "\(check.id): \(check.title)\n"
            out += "Default severity: \(check.defaultSeverity.rawValue)\n\n"
            out += "Why it matters\n" + wrap(check.rationale, indent: "  ") + "\n\n"
            out += "When it reports\n" + wrap(check.definition, indent: "  ") + "\n\n"
            if let font = check as? any FontCheck { out += "fontbakery\n" + wrap(font.fontbakeryNote, indent: "  ") + "\n\n" }
            out += "Examples\n"
            for example in examples {
                let count = example.messages.count == 1 ? "1 finding" : "\(example.messages.count) findings"
                out += wrap("- \(example.description): \(count)", indent: "  ") + "\n"
                for message in example.messages {
                    out += wrap("“\(message)”", indent: "      ") + "\n"
                }
            }
            writeStdout(out, terminator: "")
        }
    }

    /// Words wrapped to 100 columns, every line indented.
    func wrap(_ text: String, indent: String, width: Int = 100) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty && indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }
}
