import ArgumentParser
import Foundation
import TypeFit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Read an app's repository and write a typefit.yml that audits its storyboards, XIBs and SwiftUI views.",
        discussion: """
        Finds the Xcode project and its iOS application target (the one with the most files), the \
        target's Info.plist and UIAppFonts, its locales and strings files, its storyboards and XIBs and \
        its Swift files, whose SwiftUI views it reads (without a project: all found by walking the folder). \
        Writes DIR/typefit.yml, every key \
        commented, and prints what it found and what it could not decide. `typefit audit` in DIR then \
        audits the app. Nothing else is written. See docs/ui-sources.md.

        Exit codes:
          0  typefit.yml written
          2  bad input (no such folder, typefit.yml exists without --force, nothing to audit)

        Examples:
          typefit init                  # the current folder
          typefit init ~/src/MyApp && cd ~/src/MyApp && typefit audit
          typefit init --force          # replace an existing typefit.yml
        """)

    @Argument(help: "The app's repository. Default: the current folder.")
    var directory: String = "."

    @Flag(help: "Replace an existing typefit.yml.")
    var force = false

    func run() throws {
        let outcome = try AppInit.run(directory: directory, force: force)
        writeStdout(outcome.summary)
    }
}
