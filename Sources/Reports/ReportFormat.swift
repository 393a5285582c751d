import Foundation
import TypeFitSupport

/// The report formats `typefit audit --format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable, Codable {
    case terminal, json, markdown, html, junit, sarif, github

    /// The file a format is written to in the output directory; nil for the formats that go to
    /// standard output (terminal, github).
    /// The relative cost of writing the format's file on a large audit (CPU samples of the
    /// whole-app audit's writers: report.json 985, report.html 843 before its charts were indexed,
    /// report.sarif 647, junit.xml 322, report.md 140); used only to start the longest first.
    var expectedWriteCost: Int {
        switch self {
        case .json: 5
        case .sarif: 4
        case .html: 3
        case .junit: 2
        case .markdown: 1
        case .terminal, .github: 0
        }
    }

    public var fileName: String? {
        switch self {
        case .json: "report.json"
        case .markdown: "report.md"
        case .html: "report.html"
        case .junit: "junit.xml"
        case .sarif: "report.sarif"
        case .terminal, .github: nil
        }
    }

    /// Renders this format (pure). `colors` applies to terminal only, `fontData` and `extraSections`
    /// to HTML only.
    public func render(_ document: ReportDocument, colors: Bool = false, fontData: [String: Data] = [:],
                       extraSections: [HTMLSection] = []) -> Data {
        let stream = ReportStream()
        write(document, to: stream, colors: colors, fontData: fontData, extraSections: extraSections)
        return stream.data
    }

    /// Writes this format into `stream`; report.json, SARIF and JUnit piece by piece.
    /// `normalized`: `document` is already `normalized()` (the file writers normalize once for all).
    public func write(_ document: ReportDocument, to stream: ReportStream, colors: Bool = false,
                      fontData: [String: Data] = [:], extraSections: [HTMLSection] = [], normalized: Bool = false) {
        switch self {
        case .json: document.writeJSON(to: stream, normalized: normalized)
        case .terminal: TerminalReporter.write(document, colors: colors, to: stream)
        case .markdown: stream.write(MarkdownReporter.render(document, normalized: normalized))
        case .html: stream.write(HTMLReporter.render(document, fontData: fontData, extraSections: extraSections, normalized: normalized))
        case .junit: JUnitReporter.write(document, to: stream, normalized: normalized)
        case .sarif: SARIFReporter.write(document, to: stream, normalized: normalized)
        case .github: stream.write(GitHubAnnotations.render(document))
        }
    }
}

/// Writing reports failed: one line naming the path and the reason.
public struct ReportWriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// The module's only I/O: writes the report set into a directory, all or nothing.
///
/// Every report is first written into a fresh staging folder inside the directory
/// (`.typefit-staging-<pid>-<uuid>`, same file system). Then each target is swapped in: an existing
/// report is moved into the staging folder as a backup, the new one renamed into place. When any
/// step fails, every swapped report is put back, so the set is either all new or all old. The
/// staging folder is removed at the end; one left by a killed run (its process is gone) is cleaned
/// up by the next write: when it was killed during the swap (its `ready` marker says every new
/// report was complete) the swap is finished, otherwise any backup whose report is missing goes
/// back. One run writes into a folder at a time (`flock` on the folder; a second one waits).
public enum ReportWriter {
    static let stagingPrefix = ".typefit-staging-"
    /// In a staging folder: every report in it is complete and the swap has begun.
    static let readyMarker = "ready"

    /// Renders every format that has a file name and writes the set into `directory` (created if missing).
    /// `normalized`: `document` is already `normalized()` (it is not normalized again).
    /// - Returns: the written files, in `ReportFormat.allCases` order.
    @discardableResult
    public static func write(_ document: ReportDocument, formats: Set<ReportFormat>, to directory: URL,
                             fontData: [String: Data] = [:], extraSections: [HTMLSection] = [], normalized: Bool = false,
                             rename: (String, String) -> Int32 = { Foundation.rename($0, $1) }) throws -> [URL] {
        let doc = normalized ? document : document.normalized()
        let writers: [(String, (ReportStream) -> Void)] = ReportFormat.allCases.compactMap { format in
            guard formats.contains(format), let name = format.fileName else { return nil }
            return (name, { stream in format.write(doc, to: stream, fontData: fontData, extraSections: extraSections, normalized: true) })
        }
        // Started longest first (the cores take the next writer as they free up; begun in format
        // order, SARIF — among the longest on a large audit — started last and ran alone at the end).
        let startOrder = ReportFormat.allCases.filter { formats.contains($0) && $0.fileName != nil }.enumerated()
            .sorted { ($0.element.expectedWriteCost, $1.offset) > ($1.element.expectedWriteCost, $0.offset) }.map(\.offset)
        return try write(writers, to: directory, rename: rename, startOrder: startOrder)
    }

    /// Writes named contents into `directory` with the same all-or-nothing rule.
    @discardableResult
    public static func write(files: [(name: String, contents: Data)], to directory: URL,
                             rename: (String, String) -> Int32 = { Foundation.rename($0, $1) }) throws -> [URL] {
        try write(files.map { file in (file.name, { (stream: ReportStream) in stream.write(file.contents) }) },
                  to: directory, rename: rename)
    }

    /// `startOrder`: the indices of `writers` in the order they are started (default: in order);
    /// it changes only which core writes which file, never the bytes.
    static func write(_ writers: [(String, (ReportStream) -> Void)], to directory: URL,
                      rename: (String, String) -> Int32, startOrder: [Int]? = nil) throws -> [URL] {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDir) {
            if !isDir.boolValue { throw ReportWriteError(path: directory.path, reason: "exists and is not a directory") }
        } else {
            do {
                try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw ReportWriteError(path: directory.path, reason: "cannot create directory (\(reason(error)))")
            }
        }
        // One run writes into a folder at a time: a second one waits here for the first to finish,
        // so two report sets never mix. The lock is the kernel's (flock on the folder itself, so no
        // lock file is left), released when this process closes the folder or dies.
        let lock = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else {
            throw ReportWriteError(path: directory.path, reason: "cannot lock the folder (\(String(cString: strerror(errno))))")
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ReportWriteError(path: directory.path, reason: "cannot lock the folder (\(String(cString: strerror(errno))))")
            }
        }
        removeLeftovers(in: directory)
        // Refuse before writing anything when a target cannot be replaced by a file.
        for (name, _) in writers {
            let target = directory.appendingPathComponent(name)
            var targetIsDir: ObjCBool = false
            if fm.fileExists(atPath: target.path, isDirectory: &targetIsDir), targetIsDir.boolValue {
                throw ReportWriteError(path: target.path, reason: "is a directory; cannot replace it with a report")
            }
        }
        let staging = directory.appendingPathComponent(
            "\(stagingPrefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        if mkdir(staging.path, 0o700) != 0 {
            throw ReportWriteError(path: directory.path, reason: "cannot write into the folder (\(String(cString: strerror(errno))))")
        }
        // Kept only when putting an old report back failed: its backup is then in there, and the next
        // write restores it (see `removeLeftovers`).
        var keepStaging = false
        defer { if !keepStaging { try? fm.removeItem(at: staging) } }
        // 1. Write every report into the staging folder: each is a pure function of the document into
        // a file of its own, so they are written side by side on the cores; the first failure in
        // format order is reported, as when they were written one after another.
        let jobs = StagingJobs(writers)
        let order = startOrder ?? Array(writers.indices)
        WorkerPool(threads: writers.count).forEach(writers.count) { _, n in
            let i = order[n]
            let (name, write) = jobs.writers[i]
            let file = staging.appendingPathComponent(name)
            let target = directory.appendingPathComponent(name)
            guard FileManager.default.createFile(atPath: file.path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: file.path) else {
                jobs.fail(i, ReportWriteError(path: target.path, reason: "cannot write a temporary file in \(directory.path)"))
                return
            }
            let stream = ReportStream(fileHandle: handle)
            write(stream)
            stream.flush()
            var closeError: Error?
            do { try handle.close() } catch { closeError = error }
            if let error = stream.error ?? closeError {
                jobs.fail(i, ReportWriteError(path: target.path, reason: "cannot write (\(reason(error)))"))
            }
        }
        if let error = jobs.firstError { throw error }
        // Every new report is complete: from here a run killed midway is finished by the next one
        // (`removeLeftovers` moves the remaining staged reports in), so the set ends all new.
        let ready = staging.appendingPathComponent(readyMarker)
        guard FileManager.default.createFile(atPath: ready.path, contents: nil) else {
            throw ReportWriteError(path: directory.path, reason: "cannot write into the folder")
        }
        // 2. Swap them in, keeping the old ones as backups until every rename succeeded.
        var swapped: [(target: URL, staged: URL, backup: URL?)] = []
        func rollBack() {
            try? fm.removeItem(at: ready)
            for step in swapped.reversed() {
                if rename(step.target.path, step.staged.path) != 0 { keepStaging = true }
                if let backup = step.backup, rename(backup.path, step.target.path) != 0 { keepStaging = true }
            }
        }
        for (name, _) in writers {
            let target = directory.appendingPathComponent(name)
            let staged = staging.appendingPathComponent(name)
            var backup: URL?
            if fm.fileExists(atPath: target.path) {
                let b = staging.appendingPathComponent("old-" + name)
                if rename(target.path, b.path) != 0 {
                    let message = String(cString: strerror(errno))
                    rollBack()
                    throw ReportWriteError(path: target.path, reason: "cannot replace (\(message)); no report was changed")
                }
                backup = b
            }
            if rename(staged.path, target.path) != 0 {
                let message = String(cString: strerror(errno))
                if let backup, rename(backup.path, target.path) != 0 { keepStaging = true }
                rollBack()
                throw ReportWriteError(path: target.path, reason: "cannot replace (\(message)); no report was changed")
            }
            swapped.append((target, staged, backup))
        }
        return writers.map { directory.appendingPathComponent($0.0) }
    }

    /// The writers of one report set and their failures, shared by the threads that write them
    /// (each thread touches only its own writer and slot; failures are set under a lock).
    final class StagingJobs: @unchecked Sendable {
        let writers: [(String, (ReportStream) -> Void)]
        private var errors: [ReportWriteError?]
        private let lock = NSLock()

        init(_ writers: [(String, (ReportStream) -> Void)]) {
            self.writers = writers
            errors = Array(repeating: nil, count: writers.count)
        }

        func fail(_ i: Int, _ error: ReportWriteError) {
            lock.lock()
            errors[i] = error
            lock.unlock()
        }

        var firstError: ReportWriteError? {
            lock.lock()
            defer { lock.unlock() }
            return errors.lazy.compactMap { $0 }.first
        }
    }

    /// Removes staging folders (and the older writers' `.NAME.tmp-PID-N` files) that a run which no
    /// longer exists left in `directory`; a backup in such a folder goes back when its report is missing.
    public static func removeLeftovers(in directory: URL) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            let url = directory.appendingPathComponent(name)
            if name.hasPrefix(stagingPrefix) {
                guard let pid = Int32(name.dropFirst(stagingPrefix.count).prefix { $0 != "-" }), !isAlive(pid) else { continue }
                let left = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
                if left.contains(readyMarker) {
                    // Killed during the swap: finish it (the new reports were all written).
                    for new in left where !new.hasPrefix("old-") && new != readyMarker {
                        _ = Foundation.rename(url.appendingPathComponent(new).path, directory.appendingPathComponent(new).path)
                    }
                    try? fm.removeItem(at: url)
                    continue
                }
                for old in left where old.hasPrefix("old-") {
                    let target = directory.appendingPathComponent(String(old.dropFirst(4)))
                    if !fm.fileExists(atPath: target.path) {
                        _ = Foundation.rename(url.appendingPathComponent(old).path, target.path)
                    }
                }
                try? fm.removeItem(at: url)
            } else if name.hasPrefix("."), let range = name.range(of: ".tmp-"),
                      ReportFormat.allCases.contains(where: { $0.fileName == String(name[name.index(after: name.startIndex)..<range.lowerBound]) }),
                      let pid = Int32(name[range.upperBound...].prefix { $0 != "-" }), !isAlive(pid) {
                try? fm.removeItem(at: url)
            }
        }
    }

    /// True when a process with this id exists (even one we may not signal).
    static func isAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).localizedDescription).replacingOccurrences(of: "\n", with: " ")
    }
}
