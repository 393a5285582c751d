#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
    /// The browser's process group (its main process's pid), kept after the main process is reaped.
    private var group: pid_t = 0
    private var toBrowser: Int32 = -1
    private var fromBrowser: Int32 = -1
    private var buffer = DevToolsMessageBuffer()
    private var nextId = 1
    /// Events received while waiting for a reply, oldest first.
    private var events: [[String: Any]] = []
    private let profile: URL
    private let log: URL
    private var closed = false
    /// True when the browser runs in its sandbox (see `BrowserLaunch.sandboxAvailable`).
    public private(set) var sandboxed = false
    /// What the open page may load, and its main frame's id (nil: nothing); set by `WebPageSession`.
    var policy: (rules: RequestPolicy, mainFrame: String)?
    /// Requests refused since the last `takeRefusals()`: the URL and the decision.
    private var refusals: [(url: String, decision: RequestPolicy.Decision)] = []
    /// Bytes the pipe reader has examined, for tests: linear in the bytes received.
    public var bytesScanned: Int { buffer.bytesScanned }
    /// The browser's main process id (0 once closed).
    public var processID: Int32 { pid }

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
        let temporary = FileManager.default.temporaryDirectory
        BrowserProfiles.removeStale(in: temporary)
        let base = try BrowserProfiles.create(in: temporary)
        profile = base
        log = base.appendingPathComponent("stderr.log")
        // Where the kernel allows the sandbox, it is used; should it not start after all, the
        // browser is started once more without it.
        var attempts = BrowserLaunch.sandboxAvailable() ? [true, false] : [false]
        while let sandbox = attempts.first {
            attempts.removeFirst()
            do {
                try spawn(arguments: BrowserLaunch.arguments(executable: executable, profile: base.appendingPathComponent("profile"),
                                                             sandbox: sandbox))
                LiveBrowsers.add(self, pid: pid, folder: base)
                _ = try call("Browser.getVersion", timeout: timeout)
                // Every request of every tab waits for TypeFit's answer (`RequestPolicy`).
                try call("Fetch.enable", ["patterns": [["urlPattern": "*"]]], timeout: timeout)
                // Crash notices of every target (`Target.targetCrashed`), beside the page's own.
                try call("Target.setDiscoverTargets", ["discover": true], timeout: timeout)
                sandboxed = sandbox
                return
            } catch {
                let tail = browserLog()
                endProcess()
                if !attempts.isEmpty { continue }
                close()
                let message = (error as? WebAuditError)?.message ?? "\(error)"
                throw WebAuditError("\(executable) did not start: \(message)"
                    + (tail.isEmpty || message.contains(tail) ? "" : " (\(tail))"), browserFailure: true)
            }
        }
    }

    deinit { close() }

    /// Ends the browser (its whole process group) and removes its profile folder. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        endProcess()
        LiveBrowsers.remove(self)
        BrowserProfiles.remove(profile)
    }

    /// Ends the browser's process group and closes the pipe.
    private func endProcess() {
        if toBrowser >= 0 { Glibc.close(toBrowser) }
        if fromBrowser >= 0 { Glibc.close(fromBrowser) }
        toBrowser = -1
        fromBrowser = -1
        buffer = DevToolsMessageBuffer()
        // The group outlives its leader: helpers of a browser that died (and was reaped) are ended too.
        if group > 0 { kill(-group, SIGKILL) }
        if pid > 0 {
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            pid = 0
        }
        // Until the helpers are gone (at most 2 s), they may still write into the profile.
        for _ in 0..<40 where group > 0 && kill(-group, 0) == 0 { usleep(50_000) }
        group = 0
    }

    /// The browser's own last word on a failure, for messages: its last `FATAL` or `Check failed`
    /// line, else its last line naming an out-of-memory condition, else nothing (its routine
    /// `ERROR` lines about GPU, D-Bus or cpufreq files say nothing about the failure).
    func browserLog() -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "" }
        let lines = String(decoding: data.suffix(1 << 16), as: UTF8.self).split(separator: "\n")
        let fatal = lines.last { $0.contains("FATAL") || $0.contains("Check failed") }
        let memory = lines.last { $0.contains("OOM") || $0.localizedCaseInsensitiveContains("out of memory") }
        guard let line = fatal ?? memory else { return "" }
        // "[pid:tid:date:ERROR:file.cc:49] text" → "text".
        let text = line.range(of: "] ").map { String(line[$0.upperBound...]) } ?? String(line)
        return String(text.prefix(300))
    }

    /// How the browser's main process ended (after its pipe closed), e.g. "it was killed by signal 9".
    private func exitDescription() -> String {
        guard pid > 0 else { return "" }
        var status: Int32 = 0
        for _ in 0..<20 {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                pid = 0
                let signal = status & 0x7f, code = (status >> 8) & 0xff
                return signal != 0 ? "it was killed by signal \(signal)" : "it exited with status \(code)"
            }
            usleep(10_000)
        }
        return ""
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
        group = child
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
            let reply: [String: Any]
            do { reply = try receive(until: deadline, waitingFor: method) } catch var error as WebAuditError {
                // The browser itself not answering (no page involved) is a browser failure.
                if session == nil && error.message.hasPrefix("timed out") {
                    error.browserFailure = true
                    error.message = "the browser stopped answering (\(error.message))"
                }
                throw error
            }
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
        guard toBrowser >= 0 else { throw WebAuditError("the browser is closed", browserFailure: true) }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        let failure: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let failure {
            LiveBrowsers.holdIfEnding()
            throw exited(while: "sending \(message["method"] as? String ?? "a command")",
                         otherwise: String(cString: strerror(failure)))
        }
    }

    /// The browser's end, as an error: how its process ended and its own last fatal message.
    private func exited(while what: String, otherwise: String = "") -> WebAuditError {
        let how = exitDescription(), tail = browserLog()
        let detail = [how.isEmpty ? otherwise : how, tail].filter { !$0.isEmpty }.joined(separator: ": ")
        return WebAuditError("the browser exited while \(what)" + (detail.isEmpty ? "" : " (\(detail))"), browserFailure: true)
    }

    /// The next message, reading more from the pipe as needed until `deadline`. Requests the browser
    /// holds for TypeFit's answer are answered here; a crashed page ends the wait with an error.
    private func receive(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let bytes = try buffer.next() {
                guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { continue }
                switch object["method"] as? String {
                case "Fetch.requestPaused":
                    try answer(object["params"] as? [String: Any] ?? [:], session: object["sessionId"] as? String)
                    continue
                case "Inspector.targetCrashed":
                    throw crashError(object["params"] as? [String: Any] ?? [:])
                case "Target.targetCrashed":
                    // The browser's notice (for every target): only the open page's matters.
                    let params = object["params"] as? [String: Any] ?? [:]
                    if let target = params["targetId"] as? String, target == policy?.mainFrame { throw crashError(params) }
                    continue
                default:
                    return object
                }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw WebAuditError("timed out waiting for \(what)") }
            guard fromBrowser >= 0 else { throw WebAuditError("the browser is closed", browserFailure: true) }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1_000_000)) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw WebAuditError("cannot read from the browser: \(String(cString: strerror(errno)))", browserFailure: true)
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(fromBrowser, &chunk, chunk.count)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                LiveBrowsers.holdIfEnding()
                throw WebAuditError("cannot read from the browser: \(String(cString: strerror(errno)))", browserFailure: true)
            }
            if n == 0 {
                LiveBrowsers.holdIfEnding()
                throw exited(while: "waiting for \(what)")
            }
            buffer.append(chunk[..<n])
        }
    }

    /// A crashed page: out of memory (the page's doing, an error of the page), or anything else (a
    /// browser failure, retried).
    private func crashError(_ params: [String: Any]) -> WebAuditError {
        usleep(100_000)  // the renderer's last words reach its log just after the notice
        let tail = browserLog()
        let status = params["status"] as? String
        if tail.contains("OOM") || tail.localizedCaseInsensitiveContains("out of memory") || status == "oom" {
            return WebAuditError("the page ran out of memory (the limits are \(BrowserLaunch.javaScriptHeapMB) MB of "
                + "JavaScript heap and \(BrowserLaunch.dataLimitMB) MB of data per browser process): \(tail)")
        }
        let details = [status, (params["errorCode"] as? Int).map { "code \($0)" }].compactMap { $0 }
        let how = "its renderer process ended" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        return WebAuditError("the page crashed in the browser: \(how)" + (tail.isEmpty ? "" : " (\(tail))"),
                             browserFailure: true)
    }

    /// Answers a request the browser holds (`Fetch.requestPaused`) with `policy`'s decision.
    private func answer(_ params: [String: Any], session: String?) throws {
        guard let id = params["requestId"] as? String else { return }
        let request = params["request"] as? [String: Any] ?? [:]
        let url = request["url"] as? String ?? ""
        let type = params["resourceType"] as? String ?? ""
        // The main frame's id is its target's; only a page's own tabs are created, so a document
        // request without a parent frame is the main frame's.
        let main = type == "Document" && (params["frameId"] as? String).map { frame in policy?.mainFrame == frame } ?? false
        let decision = policy?.rules.decide(url: url, resourceType: type, mainFrameDocument: main)
            ?? .refuse("the browser requests \(url) while no page is open")
        var reply: [String: Any] = ["id": nextId, "params": ["requestId": id]]
        nextId += 1
        if let session { reply["sessionId"] = session }
        if decision == .allow {
            reply["method"] = "Fetch.continueRequest"
        } else {
            reply["method"] = "Fetch.failRequest"
            reply["params"] = ["requestId": id, "errorReason": "BlockedByClient"]
            refusals.append((url, decision))
        }
        try send(reply)
    }

    /// The requests refused since the last call, oldest first.
    func takeRefusals() -> [(url: String, decision: RequestPolicy.Decision)] {
        defer { refusals = [] }
        return refusals
    }
}
