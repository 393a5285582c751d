import ArgumentParser
import Foundation

/// Runs the root command and maps every outcome to TypeFit's exit codes:
/// 0 success, 1 failing findings, 2 bad input or usage. Every error is one line on stderr,
/// `typefit: error: …`, naming the input and the problem (never a stack trace).
enum CLIMain {
    static func run(_ root: any ParsableCommand.Type) -> Never {
        var command: any ParsableCommand
        do {
            command = try root.parseAsRoot()
        } catch {
            let exitCode = root.exitCode(for: error)
            if exitCode == .success {
                // --help, --version
                print(root.fullMessage(for: error))
                exit(0)
            }
            // A usage error: the message and where to look, on one line.
            let message = oneLine(root.message(for: error))
            writeStderr("typefit: error: \(message) (see `typefit help`)\n")
            exit(2)
        }
        do {
            try command.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch let error as ValidationError {
            writeStderr("typefit: error: \(oneLine(error.message))\n")
            exit(2)
        } catch {
            writeStderr("typefit: error: \(oneLine(error))\n")
            exit(2)
        }
    }

    /// The error's description on one line.
    static func oneLine(_ error: any Error) -> String {
        oneLine(String(describing: error))
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}

func writeStderr(_ s: String) {
    FileHandle.standardError.write(Data(s.utf8))
}
