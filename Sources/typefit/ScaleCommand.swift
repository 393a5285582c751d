import ArgumentParser
import TypeFit

struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scale", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit scale' is not available yet") }
}
