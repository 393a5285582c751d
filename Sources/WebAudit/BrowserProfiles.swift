#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// The browser's temporary folders, `typefit-chromium-<UUID>` in the temporary directory (its
/// profile and its stderr log), and their clean-up.
///
/// Each folder holds an `owner` file, `typefit <pid> <start time>` (the start time in clock ticks
/// after boot, from `/proc/<pid>/stat`, so that a reused pid is not taken for the owner). A run
/// removes its folder when it ends, and when it is stopped by SIGTERM or SIGINT (`LiveBrowsers`); a
/// run killed with SIGKILL cannot, so every run first removes the folders whose owner is gone —
/// only folders with TypeFit's name and a readable `owner` file of this form, only when that
/// process no longer exists (or is another process with the same pid).
public enum BrowserProfiles {
    public static let prefix = "typefit-chromium-"
    public static let ownerFileName = "owner"

    /// Creates a fresh folder in `temporary`, with the owner file naming this process.
    static func create(in temporary: URL) throws -> URL {
        let folder = temporary.appendingPathComponent(prefix + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let pid = getpid()
            let owner = "typefit \(pid) \(startTime(of: pid) ?? 0)\n"
            try Data(owner.utf8).write(to: folder.appendingPathComponent(ownerFileName), options: .atomic)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw WebAuditError("cannot create a browser profile folder in \(temporary.path)")
        }
        return folder
    }

    /// The owner recorded in `folder`, when the folder is TypeFit's (name and owner file).
    public static func owner(of folder: URL) -> (pid: pid_t, startTime: UInt64)? {
        guard folder.lastPathComponent.hasPrefix(prefix),
              UUID(uuidString: String(folder.lastPathComponent.dropFirst(prefix.count))) != nil else { return nil }
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return nil }
        let file = folder.appendingPathComponent(ownerFileName)
        guard let data = FileManager.default.contents(atPath: file.path), data.count < 100 else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 3, fields[0] == "typefit", let pid = pid_t(fields[1]), pid > 0,
              let start = UInt64(fields[2]) else { return nil }
        return (pid, start)
    }

    /// True while the process `pid` exists and, when both are known, started at `startTime`.
    public static func isAlive(pid: pid_t, startTime: UInt64) -> Bool {
        if kill(pid, 0) != 0 && errno == ESRCH { return false }
        guard startTime != 0, let now = Self.startTime(of: pid) else { return true }
        return now == startTime
    }

    /// Removes TypeFit's folders in `temporary` whose owner process is gone; returns them.
    @discardableResult
    public static func removeStale(in temporary: URL = FileManager.default.temporaryDirectory) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        var removed: [URL] = []
        for name in names where name.hasPrefix(prefix) {
            let folder = temporary.appendingPathComponent(name)
            guard let owner = owner(of: folder), !isAlive(pid: owner.pid, startTime: owner.startTime) else { continue }
            if remove(folder) { removed.append(folder) }
        }
        return removed
    }

    /// Removes `folder` and the folder Chromium keeps its singleton socket in: Chromium creates
    /// `$TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket` and links to it from the profile
    /// (`profile/SingletonSocket`); a browser that is killed cannot remove it itself.
    @discardableResult
    static func remove(_ folder: URL) -> Bool {
        let link = folder.appendingPathComponent("profile/SingletonSocket").path
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
            let socketFolder = URL(fileURLWithPath: target).deletingLastPathComponent()
            if socketFolder.lastPathComponent.hasPrefix("org.chromium.Chromium.") {
                try? FileManager.default.removeItem(at: socketFolder)
            }
        }
        // A helper process of a browser just killed may still be writing its last files.
        for _ in 0..<20 {
            if (try? FileManager.default.removeItem(at: folder)) != nil || !FileManager.default.fileExists(atPath: folder.path) {
                return true
            }
            usleep(50_000)
        }
        return false
    }

    /// Field 22 of `/proc/<pid>/stat` (the process's start time), nil where there is no `/proc`.
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // The command name (field 2) is in parentheses and may hold spaces: count from the last ")".
        guard let close = text.lastIndex(of: ")") else { return nil }
        let rest = text[text.index(after: close)...].split(separator: " ")
        // rest[0] is field 3 (state), so field 22 is rest[19].
        return rest.count > 19 ? UInt64(rest[19]) : nil
    }
}

/// The browsers this process has running, so that SIGTERM and SIGINT end them and remove their
/// folders before the process ends with that signal (as it would have without TypeFit's handler).
/// A signal that the process ignored when the first browser started stays ignored.
enum LiveBrowsers {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var browsers: [ObjectIdentifier: (pid: pid_t, folder: URL)] = [:]
        var sources: [any DispatchSourceSignal] = []
        var installed = false
        var ending = false
    }
    private static let state = State()

    static func add(_ owner: AnyObject, pid: pid_t, folder: URL) {
        state.lock.lock()
        defer { state.lock.unlock() }
        state.browsers[ObjectIdentifier(owner)] = (pid, folder)
        guard !state.installed else { return }
        state.installed = true
        for signalNumber in [SIGTERM, SIGINT] {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }  // SIG_IGN
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { endAll(andRaise: signalNumber) }
            source.resume()
            state.sources.append(source)
        }
    }

    static func remove(_ owner: AnyObject) {
        state.lock.lock()
        state.browsers[ObjectIdentifier(owner)] = nil
        state.lock.unlock()
    }

    /// Called by a browser's driver that lost its browser: while a signal is ending the process, the
    /// driver waits (at most 10 s) rather than report the browser's end as an error and exit first.
    static func holdIfEnding() {
        for _ in 0..<200 {
            state.lock.lock()
            let ending = state.ending
            state.lock.unlock()
            guard ending else { return }
            usleep(50_000)
        }
    }

    /// Ends every live browser, removes its folder, and ends this process with `signalNumber`.
    private static func endAll(andRaise signalNumber: Int32) {
        state.lock.lock()
        state.ending = true
        let browsers = Array(state.browsers.values)
        state.lock.unlock()
        for browser in browsers {
            kill(-browser.pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(browser.pid, &status, 0)
            BrowserProfiles.remove(browser.folder)
        }
        signal(signalNumber, SIG_DFL)
        kill(getpid(), signalNumber)
    }
}
