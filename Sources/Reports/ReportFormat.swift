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
/// Where it can, the set is swapped as one folder: every report is written into a fresh folder beside
/// the output (`.NAME.typefit-swap-<pid>-<uuid>`, same parent), which is then exchanged with the output
/// folder in one `renameat2(RENAME_EXCHANGE)`; the old folder is removed. That is done when the output
/// folder holds only reports and belongs to this user (so nothing else in it is moved) and the file
/// system supports the exchange. Otherwise the reports are staged in a folder inside the output
/// (`.typefit-staging-<pid>-<uuid>`) and swapped in one by one: an existing report is moved into the
/// staging folder as a backup, the new one renamed into place; when any step fails, every swapped
/// report is put back. Folders left by a killed run (its process is gone) are cleaned up by the next
/// write: a swap folder beside the output is removed (it holds a whole set, old or new); a staging
/// folder whose `ready` marker says every new report was complete has its swap finished, otherwise any
/// backup whose report is missing goes back. One run writes into a folder at a time (`flock` on the
/// folder; a second one waits).
public enum ReportWriter {
    static let stagingPrefix = ".typefit-staging-"
    /// In a staging folder: every report in it is complete and the swap has begun.
    static let readyMarker = "ready"

    /// Renders every format that has a file name and writes the set into `directory` (created if missing).
    /// `normalized`: `document` is already `normalized()` (it is not normalized again).
    /// - Returns: the written files, in `ReportFormat.allCases` order.
    @discardableResult
    public static func write(_ document: ReportDocument, formats: Set<ReportFormat>, to directory: URL,
                             fontData: [String: Data] = [:], extraSections: [HTMLSection] = [],
                             normalized: Bool = false) throws -> [URL] {
        try write(document, formats: formats, to: directory, fontData: fontData, extraSections: extraSections,
                  normalized: normalized, seams: WriteSeams())
    }

    @discardableResult
    static func write(_ document: ReportDocument, formats: Set<ReportFormat>, to directory: URL,
                      fontData: [String: Data] = [:], extraSections: [HTMLSection] = [], normalized: Bool = false,
                      seams: WriteSeams) throws -> [URL] {
        let doc = normalized ? document : document.normalized()
        let writers: [(String, (ReportStream) -> Void)] = ReportFormat.allCases.compactMap { format in
            guard formats.contains(format), let name = format.fileName else { return nil }
            return (name, { stream in format.write(doc, to: stream, fontData: fontData, extraSections: extraSections, normalized: true) })
        }
        // Started longest first (the cores take the next writer as they free up; begun in format
        // order, SARIF — among the longest on a large audit — started last and ran alone at the end).
        let startOrder = ReportFormat.allCases.filter { formats.contains($0) && $0.fileName != nil }.enumerated()
            .sorted { ($0.element.expectedWriteCost, $1.offset) > ($1.element.expectedWriteCost, $0.offset) }.map(\.offset)
        return try write(writers, to: directory, seams: seams, startOrder: startOrder)
    }

    /// Writes named contents into `directory` with the same all-or-nothing rule.
    @discardableResult
    public static func write(files: [(name: String, contents: Data)], to directory: URL) throws -> [URL] {
        try write(files: files, to: directory, seams: WriteSeams())
    }

    @discardableResult
    static func write(files: [(name: String, contents: Data)], to directory: URL, seams: WriteSeams) throws -> [URL] {
        try write(files.map { file in (file.name, { (stream: ReportStream) in stream.write(file.contents) }) },
                  to: directory, seams: seams)
    }

    /// `startOrder`: the indices of `writers` in the order they are started (default: in order);
    /// it changes only which core writes which file, never the bytes.
    static func write(_ writers: [(String, (ReportStream) -> Void)], to directory: URL,
                      seams: WriteSeams, startOrder: [Int]? = nil) throws -> [URL] {
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
        // so two report sets never mix.
        let lock = try lockFolder(directory)
        defer { close(lock) }
        removeLeftovers(in: directory)
        // Refuse before writing anything when a target cannot be replaced by a file.
        for (name, _) in writers {
            let target = directory.appendingPathComponent(name)
            var targetIsDir: ObjCBool = false
            if fm.fileExists(atPath: target.path, isDirectory: &targetIsDir), targetIsDir.boolValue {
                throw ReportWriteError(path: target.path, reason: "is a directory; cannot replace it with a report")
            }
        }
        let order = startOrder ?? Array(writers.indices)
        let written = writers.map { directory.appendingPathComponent($0.0) }
        var staged: URL?
        if let swap = try exchangeFolders(writers, order: order, into: directory, seams: seams) {
            switch swap {
            case .done: return written
            case .notExchanged(let folder): staged = folder
            }
        }
        let staging = directory.appendingPathComponent(
            "\(stagingPrefix)\(seams.processID)-\(UUID().uuidString)")
        // Kept only when putting an old report back failed: its backup is then in there, and the next
        // write restores it (see `removeLeftovers`).
        var keepStaging = false
        defer { if !keepStaging { try? fm.removeItem(at: staging) } }
        if let staged, Foundation.rename(staged.path, staging.path) == 0 {
            // 1. The reports were written beside the folder and are moved in whole.
        } else {
            if let staged { try? fm.removeItem(at: staged) }
            if mkdir(staging.path, 0o700) != 0 {
                throw ReportWriteError(path: directory.path, reason: "cannot write into the folder (\(String(cString: strerror(errno))))")
            }
            // 1. Write every report into the staging folder.
            if let error = stage(writers, order: order, into: staging, reportsIn: directory) { throw error }
        }
        // Every new report is complete: from here a run killed midway is finished by the next one
        // (`removeLeftovers` moves the remaining staged reports in), so the set ends all new.
        let ready = staging.appendingPathComponent(readyMarker)
        guard FileManager.default.createFile(atPath: ready.path, contents: nil) else {
            throw ReportWriteError(path: directory.path, reason: "cannot write into the folder")
        }
        // 2. Swap them in, keeping the old ones as backups until every rename succeeded.
        let rename = seams.rename
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
            guard seams.step(.movedAside(name)) else { keepStaging = true; throw SimulatedKill() }
            if rename(staged.path, target.path) != 0 {
                let message = String(cString: strerror(errno))
                if let backup, rename(backup.path, target.path) != 0 { keepStaging = true }
                rollBack()
                throw ReportWriteError(path: target.path, reason: "cannot replace (\(message)); no report was changed")
            }
            swapped.append((target, staged, backup))
        }
        return written
    }

    /// Writes every report into `staging`: each is a pure function of the document into a file of its
    /// own, so they are written side by side on the cores; the first failure in format order is
    /// returned, as when they were written one after another.
    static func stage(_ writers: [(String, (ReportStream) -> Void)], order: [Int], into staging: URL,
                      reportsIn directory: URL) -> ReportWriteError? {
        let jobs = StagingJobs(writers)
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
        return jobs.firstError
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

    static func reason(_ error: Error) -> String {
        ((error as NSError).localizedDescription).replacingOccurrences(of: "\n", with: " ")
    }
}
