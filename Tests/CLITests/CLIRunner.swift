import Foundation

/// Runs the built `typefit` binary (.build/debug/typefit under the package root found from
/// this file). Build it first with `swift build`; a missing binary is reported clearly.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Non-empty stderr lines.
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) not found: run `swift build` before the CLI tests" }
    }

    /// The package root: the first folder above this file holding Package.swift.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }()

    static var binary: URL { root.appendingPathComponent(".build/debug/typefit") }

    /// Runs `typefit arguments…` (`binary`, default the built one) in `directory` (default: the
    /// package root) with `stdin` piped in.
    static func run(_ arguments: [String], stdin: String? = nil, directory: URL? = nil,
                    environment: [String: String]? = nil, binary: URL = CLIRunner.binary) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw MissingBinary(path: binary.path) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so neither fills up.
        let errData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// Parses JSON text into a dictionary.
    static func object(_ text: some StringProtocol) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
