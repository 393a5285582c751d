import ArgumentParser
import Foundation
import TypeFit

/// `typefit`: parses options and chooses outputs; the work is in the TypeFit library.
///
/// Exit codes: 0 success (no failing findings), 1 failing findings (audit), 2 bad input or usage.
struct TypeFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typefit",
        abstract: "Does your text still fit at every Dynamic Type size, with your real fonts and strings?",
        discussion: """
        Exit codes: 0 success, 1 failing findings (audit), 2 bad input or usage.

        Examples:
          typefit audit                          # ./typefit.yml into ./Reports
          typefit inspect Fonts/Inter/Inter-Regular.otf
          typefit measure "Inter:weight=600" --text-file strings.txt --sizes 14,17,53
          typefit scale --model apple --format json
          typefit layout Examples/Contacts/typefit.yml --device "iPhone SE (1st gen)"
          typefit checks
          typefit explain text.truncated
        """,
        version: TypeFitVersion.string,
        subcommands: CommandRegistry.all
    )
}

CLIMain.run(TypeFitCommand.self)
