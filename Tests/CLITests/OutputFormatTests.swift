import Foundation
import Testing
@testable import typefit

/// `OutputFormat` writes out what ArgumentParser's generic defaults would give (they cost 1.6 M
/// instructions at every start of `typefit measure`: InspectCommand.swift).
@Suite struct OutputFormatTests {
    /// ArgumentParser 1.8.2, Sources/ArgumentParser/Parsable Types/ExpressibleByArgument.swift:
    /// for a `CaseIterable`, `RawRepresentable` type whose raw value is `ExpressibleByArgument`,
    /// `allValueStrings` is each case's raw value's description (lines 76–78; a String's is the
    /// string itself, line 49); `allValueDescriptions` has an entry only where a case's description
    /// differs from its raw value's (lines 80–90), and a case's description is its raw value's
    /// (lines 94–97), so it is empty. The cases are `text` and `json`, in that order.
    @Test func valuesAreArgumentParsersDefaults() {
        #expect(OutputFormat.allValueStrings == ["text", "json"])
        #expect(OutputFormat.allValueDescriptions.isEmpty)
        #expect(OutputFormat.text.defaultValueDescription == "text")
        #expect(OutputFormat.json.defaultValueDescription == "json")
        #expect(OutputFormat(argument: "json") == .json)
        #expect(OutputFormat(argument: "yaml") == nil)
    }

    /// What a user sees of them: the values in `--help`, and the accepted values named when one is
    /// wrong (one line, exit 2), as ArgumentParser words them.
    @Test func helpAndErrorsNameTheValues() throws {
        let help = try CLIRunner.run(["measure", "--help"])
        #expect(help.status == 0)
        let formatHelp = help.stdout.components(separatedBy: "--format <format>").dropFirst().first ?? ""
        #expect(formatHelp.prefix(200).replacingOccurrences(of: "\n", with: " ").contains("(values: text, json)"), "\(formatHelp.prefix(200))")
        let wrong = try CLIRunner.run(["measure", "Fonts/Inter/Inter-Regular.otf", "--text-file", "-", "--format", "yaml"], stdin: "OK\n")
        #expect(wrong.status == 2)
        #expect(wrong.stderrLines.contains { $0.contains("'yaml'") && $0.contains("'text'") && $0.contains("'json'") }, "\(wrong.stderr)")
    }
}
