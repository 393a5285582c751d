import Foundation

/// The report formats `typefit audit --format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable, Codable {
    case terminal, json, markdown, html, junit, sarif, github

    /// The file a format is written to in the output directory; nil for the formats that go to
    /// standard output (terminal, github).
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

    /// Renders this format (pure). `colors` applies to terminal only, `fontData` to HTML only.
    public func render(_ document: ReportDocument, colors: Bool = false, fontData: [String: Data] = [:]) -> Data {
        switch self {
        case .json: return document.jsonData()
        case .terminal: return Data(TerminalReporter.render(document, colors: colors).utf8)
        case .markdown: return Data(MarkdownReporter.render(document).utf8)
        case .html: return Data(HTMLReporter.render(document, fontData: fontData).utf8)
        case .junit: return Data(JUnitReporter.render(document).utf8)
        case .sarif: return Data(SARIFReporter.render(document).utf8)
        case .github: return Data(GitHubAnnotations.render(document).utf8)
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

/// The module's only I/O: writes rendered reports into a directory atomically.
public enum ReportWriter {
    /// Renders every format that has a file name and writes it into `directory` (created if missing).
    /// Each file is first written to a temporary file in the same directory; only when all were written
    /// are they renamed into place, so on failure no earlier report is lost or half-written.
    /// - Returns: the written files, in `ReportFormat.allCases` order.
    @discardableResult
    public static func write(_ document: ReportDocument, formats: Set<ReportFormat>, to directory: URL,
                             fontData: [String: Data] = [:]) throws -> [URL] {
        var files: [(String, Data)] = []
        for format in ReportFormat.allCases where formats.contains(format) {
            guard let name = format.fileName else { continue }
            files.append((name, format.render(document, fontData: fontData)))
        }
        return try write(files: files, to: directory)
    }

    /// Writes named contents into `directory` with the same all-or-nothing rule as `write(_:formats:to:fontData:)`.
    @discardableResult
    public static func write(files: [(name: String, contents: Data)], to directory: URL) throws -> [URL] {
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
        var temps: [(URL, URL)] = []
        func cleanUp() { for (t, _) in temps { try? fm.removeItem(at: t) } }
        for (i, file) in files.enumerated() {
            let target = directory.appendingPathComponent(file.name)
            let temp = directory.appendingPathComponent(".\(file.name).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(i)")
            guard fm.createFile(atPath: temp.path, contents: file.contents) else {
                cleanUp()
                throw ReportWriteError(path: target.path, reason: "cannot write temporary file \(temp.lastPathComponent)")
            }
            temps.append((temp, target))
        }
        // Refuse before replacing anything when a target cannot be replaced by a file.
        for (_, target) in temps {
            var targetIsDir: ObjCBool = false
            if fm.fileExists(atPath: target.path, isDirectory: &targetIsDir), targetIsDir.boolValue {
                cleanUp()
                throw ReportWriteError(path: target.path, reason: "is a directory; cannot replace it with a report")
            }
        }
        var written: [URL] = []
        for (temp, target) in temps {
            if rename(temp.path, target.path) != 0 {
                let message = String(cString: strerror(errno))
                cleanUp()
                throw ReportWriteError(path: target.path, reason: "cannot replace (\(message))")
            }
            written.append(target)
        }
        return written
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).localizedDescription).replacingOccurrences(of: "\n", with: " ")
    }
}
