import ArgumentParser
import TypeFit

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit inspect' is not available yet") }
}
