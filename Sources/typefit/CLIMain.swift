import ArgumentParser
import Foundation
import TypeFitSupport
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

    /// Line breaks joined with spaces; any other control or bidi character (from an input the
    /// message quotes) written as `\u{…}`, so the line cannot act on the terminal or the CI log.
    static func oneLine(_ text: String) -> String {
        visible(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " "))
    }
}

/// A message line on stderr: "typefit: " and `text` with its control and bidi characters shown
/// as `\u{…}` (names, paths and keys in it come from inputs).
func writeMessage(_ text: String) {
    writeStderr("typefit: " + visible(text) + "\n")
}

func writeStderr(_ s: String) {
    FileHandle.standardError.write(Data(s.utf8))
}
