import Foundation
import TypeFitSupport
import Reports

/// Known findings a team has accepted. A run marks findings whose fingerprint is in the
/// baseline as not new (`Finding.isNew = false`); only new findings fail the run.
///
/// The file is JSON with sorted keys and sorted entries, so it diffs cleanly. It is only ever
/// written when the CLI is asked to (`Baseline.write`); nothing here writes implicitly.
public struct Baseline: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// Version of typefit that wrote the file.
    public var toolVersion: String
    /// Sorted by fingerprint.
    public var entries: [Entry]

    /// One accepted finding: the fields of `Finding.fingerprint`, plus the message for people.
    public struct Entry: Codable, Sendable, Equatable {
        public var checkId: String
        public var screen: String?
        public var row: String?
        public var label: String?
        public var stringKey: String?
        public var locale: String?
        public var category: String?
        public var device: String?
        public var style: String?
        public var font: String?
        /// The CSS selector of a web finding.
        public var selector: String?
        /// For people reading the file; not used for matching.
        public var message: String

        public init(_ finding: Finding) {
            checkId = finding.checkId
            screen = finding.screen
            row = finding.row
            label = finding.label
            stringKey = finding.stringKey
            locale = finding.locale
            category = finding.category
            device = finding.device
            style = finding.style
            font = finding.font
            selector = finding.selector
            message = finding.message
        }

        /// Equal to `Finding.fingerprint` of the finding the entry was made from.
        public var fingerprint: String {
            Finding(checkId: checkId, severity: .info, message: "", screen: screen, row: row, label: label,
                    device: device, category: category, locale: locale, style: style, font: font,
                    stringKey: stringKey, selector: selector).fingerprint
        }
    }

    public init(findings: [Finding], toolVersion: String) {
        schemaVersion = Baseline.currentSchemaVersion
        self.toolVersion = toolVersion
        var seen = Set<String>()
        entries = findings.map(Entry.init)
            .filter { seen.insert($0.fingerprint).inserted }
            .sorted { ($0.fingerprint, $0.message) < ($1.fingerprint, $1.message) }
    }

    /// Reads a baseline. Errors are one line naming `path`: missing file, unreadable, invalid
    /// JSON (with the coding path when there is one), or a schema newer than this version.
    public static func load(path: String) throws -> Baseline {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { throw AuditError.baselineMissing(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AuditError.baselineUnreadable(path: path, reason: "\(error.localizedDescription)")
        }
        // Check the schema version first, so a newer file gets the upgrade message, not a decoding error.
        struct Header: Decodable { var schemaVersion: Int }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            if let failure = JSONSyntax.firstError(in: data) {  // file:line:column for a syntax error
                throw AuditError.baselineInvalid(path: "\(path):\(failure.position)", reason: "not valid JSON: \(failure.problem)")
            }
            throw AuditError.baselineInvalid(path: path, reason: describe(error))
        }
        if header.schemaVersion > currentSchemaVersion {
            throw AuditError.baselineNewerSchema(path: path, found: header.schemaVersion, supported: currentSchemaVersion)
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw AuditError.baselineInvalid(path: path, reason: describe(error))
        }
    }

    /// `findings` with `isNew` set: false when the fingerprint is in the baseline, true otherwise.
    public func apply(to findings: [Finding]) -> [Finding] {
        let known = Set(entries.map(\.fingerprint))
        return findings.map { finding in
            var finding = finding
            finding.isNew = !known.contains(finding.fingerprint)
            return finding
        }
    }

    /// The fingerprints of entries no finding matched (fixed since the baseline was written).
    public func stale(for findings: [Finding]) -> [Entry] {
        let current = Set(findings.map(\.fingerprint))
        return entries.filter { !current.contains($0.fingerprint) }
    }

    /// Deterministic JSON: sorted keys, pretty-printed, trailing newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Writes a baseline of `findings` to `path` atomically (temp file in the same folder, then rename).
    /// On failure the old file is left as it was and the error is one line naming `path`.
    public static func write(_ findings: [Finding], toolVersion: String, to path: String) throws {
        try Baseline(findings: findings, toolVersion: toolVersion).write(to: path)
    }

    /// Writes this baseline to `path` atomically.
    public func write(to path: String) throws {
        let data: Data
        do {
            data = try encoded()
        } catch {
            throw AuditError.writeFailed(path: path, reason: "\(error)")
        }
        try AtomicFile.write(data, to: path)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case let DecodingError.dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(keyPath(context.codingPath)): \(context.debugDescription)"
        case let DecodingError.keyNotFound(key, context):
            return "\(keyPath(context.codingPath + [key])): missing"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "\(keyPath(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func keyPath(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }
}

/// Atomic file replacement: write a temp file next to the target, then rename(2) over it.
enum AtomicFile {
    /// `rename` is injectable so tests can make the last step fail.
    static func write(_ data: Data, to path: String,
                      rename: (String, String) -> Int32 = { Foundation.rename($0, $1) }) throws {
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent()
        let temp = directory.appendingPathComponent(".\(target.lastPathComponent).tmp-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temp.path, contents: data) else {
            throw AuditError.writeFailed(path: path, reason: "cannot create a temporary file in \(directory.path)")
        }
        if rename(temp.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temp)
            throw AuditError.writeFailed(path: path, reason: reason)
        }
    }
}
