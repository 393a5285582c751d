import ArgumentParser
import TypeFit

struct ChecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "checks", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit checks' is not available yet") }
}
