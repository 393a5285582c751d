import ArgumentParser
import TypeFit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit bench' is not available yet") }
}
