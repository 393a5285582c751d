import Foundation

/// What a finished process printed, and its exit status.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Non-empty stderr lines.
    public var stderrLines: [Substring] { stderr.split(separator: "\n") }

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs programs for tests.
public enum ProcessRunner {
    /// Runs `executable arguments…` in `directory` (default: the current one) with `stdin` piped
    /// in and `environment` (default: this process's), and waits for it. Both output pipes are
    /// read at once, so neither fills up.
    public static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil, directory: URL? = nil,
                           environment: [String: String]? = nil) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // A process that stops before reading all of its input (an error on the first line) closes
        // the pipe: the write then fails with EPIPE, which is no failure of the run.
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try input.fileHandleForWriting.close()
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
        return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// The id of a process that has exited and been reaped (`/bin/true`): no live process has it
    /// until the kernel hands it out again.
    public static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

/// Data handed from the thread that reads stderr to the one that waits.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
