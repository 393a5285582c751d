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
                writeStdout(root.fullMessage(for: error))
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

// The one way the CLI writes: every write goes out whole, at once, in the order of the calls (no
// stdio buffer holds stdout back while stderr is written), so when both streams go to one pipe (a
// CI log) a message never lands in the middle of a report line. Anything a library left in
// stdout's stdio buffer is flushed first.

/// `text` on stdout, then `terminator`.
func writeStdout(_ text: String, terminator: String = "\n") {
    writeStdout(Data((text + terminator).utf8))
}

/// `data` on stdout.
func writeStdout(_ data: Data) {
    fflush(nil)  // every stdio output stream (stdout among them)
    FileHandle.standardOutput.write(data)
}

/// `s` on stderr (after stdout's pending bytes).
func writeStderr(_ s: String) {
    fflush(nil)  // every stdio output stream (stdout among them)
    FileHandle.standardError.write(Data(s.utf8))
}
