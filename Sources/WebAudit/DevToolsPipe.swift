#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A problem with the browser or a page. `description` is one line naming the file when there is one.
public struct WebAuditError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The HTML file (as shown to the user), when the problem is about a page.
    public var file: String?
    public var message: String

    public init(file: String? = nil, _ message: String) {
        self.file = file
        self.message = message
    }

    public var description: String {
        let text = message.replacingOccurrences(of: "\n", with: " ")
        return file.map { "\($0): \(text)" } ?? text
    }
}

/// One headless Chromium process driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`): the browser reads NUL-separated JSON commands on its fd 3 and writes
/// replies and events on its fd 4. Foundation's `Process` cannot map those descriptors, so the
/// browser is started with `posix_spawn` file actions, in a process group of its own so that
/// `close()` (or `deinit`) can end it and every helper process it started with one signal.
///
/// Not thread-safe: one audit drives one browser from one thread.
public final class DevToolsBrowser {
    /// The executable that was started (after the `PATH` search).
    public let executable: String
    private var pid: pid_t = 0
    private var toBrowser: Int32 = -1
    private var fromBrowser: Int32 = -1
    private var buffer: [UInt8] = []
    private var nextId = 1
    /// Events received while waiting for a reply, oldest first.
    private var events: [[String: Any]] = []
    private let profile: URL
    private let log: URL
    private var closed = false

    /// Names tried on `PATH` when `TYPEFIT_CHROMIUM` is not set.
    public static let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]

    /// The browser executable: `TYPEFIT_CHROMIUM` if set, else the first of `candidates` on `PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["TYPEFIT_CHROMIUM"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in candidates {
            for dir in path.split(separator: ":") {
                let full = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: full) { return full }
            }
        }
        return nil
    }

    /// Starts the browser (`executable`, or the one `locate()` finds) and waits at most `timeout`
    /// seconds until it answers `Browser.getVersion`.
    public init(executable: String? = nil, timeout: Double = 30) throws {
        if let executable, !FileManager.default.isExecutableFile(atPath: executable) {
            throw WebAuditError("Chromium not found at \(executable); install Debian's chromium (scripts/deps does) or set TYPEFIT_CHROMIUM")
        }
        let environment = ProcessInfo.processInfo.environment
        if executable == nil, let explicit = environment["TYPEFIT_CHROMIUM"], !explicit.isEmpty,
           !FileManager.default.isExecutableFile(atPath: explicit) {
            throw WebAuditError("TYPEFIT_CHROMIUM=\(explicit) is not an executable file")
        }
        guard let executable = executable ?? Self.locate(environment: environment) else {
            throw WebAuditError("Chromium not found (looked for \(Self.candidates.joined(separator: ", ")) on PATH; install Debian's chromium, as scripts/deps does, or set TYPEFIT_CHROMIUM)")
        }
        self.executable = executable
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-chromium-\(UUID().uuidString)")
        profile = base
        log = base.appendingPathComponent("stderr.log")
        do {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        } catch {
            throw WebAuditError("cannot create a browser profile folder in \(FileManager.default.temporaryDirectory.path)")
        }
        try spawn(arguments: [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-sync", "--disable-dev-shm-usage", "--disable-breakpad", "--disable-crash-reporter", "--hide-scrollbars", "--mute-audio",
            "--allow-file-access-from-files", "--font-render-hinting=none",
            "--user-data-dir=\(base.appendingPathComponent("profile").path)", "about:blank",
        ])
        do {
            _ = try call("Browser.getVersion", timeout: timeout)
        } catch {
            let tail = browserLog()
            close()
            throw WebAuditError("\(executable) did not start: \(error)" + (tail.isEmpty ? "" : " (\(tail))"))
        }
    }

    deinit { close() }

    /// Ends the browser (its whole process group) and removes its profile folder. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        if toBrowser >= 0 { Glibc.close(toBrowser) }
        if fromBrowser >= 0 { Glibc.close(fromBrowser) }
        toBrowser = -1
        fromBrowser = -1
        if pid > 0 {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            pid = 0
        }
        try? FileManager.default.removeItem(at: profile)
    }

    /// The last line of the browser's stderr that looks like an error, for messages.
    private func browserLog() -> String {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return "" }
        let lines = text.split(separator: "\n").filter { $0.contains("ERROR") || $0.contains("FATAL") || $0.contains("error") }
        return lines.last.map { String($0.suffix(300)) } ?? ""
    }

    private func spawn(arguments: [String]) throws {
        var toPipe: [Int32] = [0, 0], fromPipe: [Int32] = [0, 0]
        guard pipe(&toPipe) == 0 else { throw WebAuditError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&fromPipe) == 0 else {
            Glibc.close(toPipe[0]); Glibc.close(toPipe[1])
            throw WebAuditError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for fd in toPipe + fromPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The child's ends are moved above 9 first: dup2 onto the same number would keep FD_CLOEXEC.
        let childRead = fcntl(toPipe[0], F_DUPFD_CLOEXEC, 10), childWrite = fcntl(fromPipe[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(toPipe[0]); Glibc.close(fromPipe[1])
        defer { Glibc.close(childRead); Glibc.close(childWrite) }
        toBrowser = toPipe[1]
        fromBrowser = fromPipe[0]
        // A browser that dies must not kill us with SIGPIPE on the next write.
        signal(SIGPIPE, SIG_IGN)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw WebAuditError("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    // MARK: - Protocol

    /// Sends a command and waits for its reply; events that arrive meanwhile are queued.
    /// Throws on timeout, a closed pipe, or a protocol error reply.
    @discardableResult
    public func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil,
                     timeout: Double = 30) throws -> [String: Any] {
        let id = nextId
        nextId += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try send(message)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try receive(until: deadline, waitingFor: method)
            if let replyId = reply["id"] as? Int, replyId == id {
                if let error = reply["error"] as? [String: Any] {
                    throw WebAuditError("DevTools \(method) failed: \(error["message"] as? String ?? "unknown error")")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    /// Waits for an event of `method` on `session` (queued ones first) and returns its params.
    public func waitForEvent(_ method: String, session: String?, timeout: Double,
                             what: String? = nil) throws -> [String: Any] {
        if let index = events.firstIndex(where: { matches($0, method, session) }) {
            return events.remove(at: index)["params"] as? [String: Any] ?? [:]
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try receive(until: deadline, waitingFor: what ?? method)
            if matches(message, method, session) { return message["params"] as? [String: Any] ?? [:] }
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Removes and returns the queued events of `session` whose method is in `methods`.
    public func drainEvents(_ methods: Set<String>, session: String?) -> [[String: Any]] {
        var taken: [[String: Any]] = []
        events.removeAll { event in
            guard let m = event["method"] as? String, methods.contains(m),
                  event["sessionId"] as? String == session else { return false }
            taken.append(event["params"] as? [String: Any] ?? [:])
            return true
        }
        return taken
    }

    /// Forgets queued events of `session` (nil: the browser's own, such as target notifications).
    public func discardEvents(session: String?) {
        events.removeAll { $0["sessionId"] as? String == session }
    }

    private func matches(_ message: [String: Any], _ method: String, _ session: String?) -> Bool {
        message["method"] as? String == method && message["sessionId"] as? String == session
    }

    private func send(_ message: [String: Any]) throws {
        guard toBrowser >= 0 else { throw WebAuditError("the browser is closed") }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw WebAuditError("the browser closed its DevTools pipe (\(String(cString: strerror(errno))))")
                }
                offset += n
            }
        }
    }

    /// The next message, reading more from the pipe as needed until `deadline`.
    private func receive(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let bytes = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else { continue }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw WebAuditError("timed out waiting for \(what)") }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1_000_000)) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw WebAuditError("cannot read from the browser: \(String(cString: strerror(errno)))")
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(fromBrowser, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw WebAuditError("cannot read from the browser: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                let tail = browserLog()
                throw WebAuditError("the browser exited while waiting for \(what)" + (tail.isEmpty ? "" : " (\(tail))"))
            }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}
