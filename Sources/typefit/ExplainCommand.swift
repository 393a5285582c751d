import ArgumentParser
import TypeFit

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit explain' is not available yet") }
}
