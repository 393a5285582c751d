import ArgumentParser
import Foundation

/// Runs the root command and maps every outcome to TypeFit's exit codes:
/// 0 success, 1 failing findings, 2 bad input or usage. Errors print one line on stderr.
enum CLIMain {
    static func run(_ root: any ParsableCommand.Type) -> Never {
        do {
            var command = try root.parseAsRoot()
            try command.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let exitCode = root.exitCode(for: error)
            if exitCode == .success {
                // --help, --version
                print(root.fullMessage(for: error))
                exit(0)
            }
            if String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
                // Usage errors are one line too, with the subcommand's --help hint from ArgumentParser.
                let hint = root.fullMessage(for: error).split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("See '") }
                let message = root.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ") + (hint.map { " (\($0))" } ?? "")
                FileHandle.standardError.write(Data("typefit: error: \(message)\n".utf8))
            } else {
                FileHandle.standardError.write(Data("typefit: error: \(oneLine(error))\n".utf8))
            }
            exit(2)
        }
    }

    /// The error's description on one line.
    static func oneLine(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

func writeStderr(_ s: String) {
    FileHandle.standardError.write(Data(s.utf8))
}
