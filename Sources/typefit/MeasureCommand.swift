import ArgumentParser
import TypeFit

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "measure", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit measure' is not available yet") }
}
