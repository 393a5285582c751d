import ArgumentParser
import TypeFit

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layout", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit layout' is not available yet") }
}
