import Foundation
import TestSupport

/// Runs the built `typefit` binary (.build/debug/typefit under the package root). Build it first
/// with `swift build`; a missing binary is reported clearly.
enum CLIRunner {
    struct MissingBinary: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) not found: run `swift build` before the CLI tests" }
    }

    static var binary: URL { Repository.url(".build/debug/typefit") }

    /// Runs `typefit arguments…` (`binary`, default the built one) in `directory` (default: the
    /// package root) with `stdin` piped in.
    static func run(_ arguments: [String], stdin: String? = nil, directory: URL? = nil,
                    environment: [String: String]? = nil, binary: URL = CLIRunner.binary) throws -> ProcessOutput {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw MissingBinary(path: binary.path) }
        return try ProcessRunner.run(binary, arguments, stdin: stdin.map { Data($0.utf8) }, directory: directory ?? Repository.root,
                                     environment: environment)
    }

    /// Parses JSON text into a dictionary.
    static func object(_ text: some StringProtocol) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
