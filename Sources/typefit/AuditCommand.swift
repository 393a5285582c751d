import ArgumentParser
import TypeFit

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "audit", abstract: "(not yet available)", shouldDisplay: false)
    func run() throws { throw ValidationError("'typefit audit' is not available yet") }
}
