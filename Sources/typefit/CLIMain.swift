import ArgumentParser
import Foundation
import WebAudit

/// Runs the root command and maps every outcome to TypeFit's exit codes:
/// 0 success, 1 failing findings, 2 bad input or usage, 3 the browser failed (web views). Every error is one line on stderr,
/// `typefit: error: …`, naming the input and the problem (never a stack trace).
enum CLIMain {
    static func run(_ root: any ParsableCommand.Type) -> Never {
        do {
            var command = try root.parseAsRoot()
            try command.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            if root.exitCode(for: error) == .success {
                // --help, `typefit help …`, --version
                print(root.fullMessage(for: error))
                exit(0)
            }
            if let web = error as? WebAuditError, web.browserFailure {
                // Not the input's fault: the browser crashed or hung, and did again when retried.
                writeStderr("typefit: error: \(oneLine(error))\n")
                exit(3)
            }
            if String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
                // A usage error: the message and where to look, on one line.
                writeStderr("typefit: error: \(oneLine(root.message(for: error))) (see `typefit help`)\n")
            } else {
                writeStderr("typefit: error: \(oneLine(error))\n")
            }
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
