#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// The folder an audit may read and write: the repository (the folder of typefit.yml, or the
/// folder `typefit init` runs in). Every file an app's repository names — through a symbolic link,
/// a project's `../` or absolute file reference, an xcconfig `#include`, a config path — is
/// resolved (`realpath`: every link followed, `..` applied) and opened only when what it resolves to
/// is inside the folder's own resolved path. A link whose target stays inside is followed.
///
/// A pull request can commit any of these; without the boundary an audit run in CI would read
/// `/etc/passwd` or `/proc/self/environ` and quote it in a warning or lay it out into a report.
public struct RepositoryBoundary: Sendable, Hashable {
    /// The folder, resolved.
    public let root: String
    /// The folder as given, standardized (`..` applied, links kept).
    let given: String

    /// The boundary of the folder `root` (resolved; as written when it cannot be resolved).
    public init(root: String) {
        let standardized = URL(fileURLWithPath: root).standardizedFileURL.path
        given = standardized
        self.root = Self.resolve(standardized) ?? standardized
    }

    public init(root: URL) { self.init(root: root.path) }

    /// Why a path is not opened: one line without the path (the caller names it), never quoting
    /// anything read from outside.
    public enum Escape: Sendable, Hashable, CustomStringConvertible {
        /// The path is in the repository, but a symbolic link on the way leads out of it.
        case link
        /// The path itself names a place outside (`../..`, an absolute path).
        case path

        public var description: String {
            switch self {
            case .link: "a link out of the repository, not read"
            case .path: "outside the repository, not read"
            }
        }

        /// The same for a file or folder about to be written.
        public var writeDescription: String {
            switch self {
            case .link: "a link out of the repository, not written"
            case .path: "outside the repository, not written"
            }
        }
    }

    /// nil when `path` (absolute, or relative to the current folder) resolves inside the
    /// repository — or does not exist, so that opening it fails as usual; otherwise how it leaves.
    public func escape(_ path: String) -> Escape? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let resolved = Self.resolve(absolute) ?? Self.resolveExistingPart(absolute)
        if Self.isInside(resolved, root) { return nil }
        return Self.isInside(absolute, given) || Self.isInside(absolute, root) ? .link : .path
    }

    /// nil when writing `path` would write inside the repository: the end of its chain of symbolic
    /// links (the file a write through it replaces, existing or not) resolves inside; otherwise how
    /// it leaves. More than 40 links (the kernel's limit) count as leaving.
    public func writeEscape(_ path: String) -> Escape? {
        var current = URL(fileURLWithPath: path).standardizedFileURL.path
        var links = 0
        while let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) {
            links += 1
            if links > 40 { return .link }
            current = URL(fileURLWithPath: destination,
                          relativeTo: URL(fileURLWithPath: (current as NSString).deletingLastPathComponent, isDirectory: true))
                .standardizedFileURL.path
        }
        guard escape(current) != nil else { return nil }
        return escape(path) ?? .link
    }

    /// Whether `path` resolves inside the repository (see `escape`).
    public func contains(_ path: String) -> Bool { escape(path) == nil }

    /// The bytes of the file at `path`, at most `limit`, when it resolves inside the repository
    /// (`BoundedRead`: a named pipe or a device is refused unopened).
    public func read(_ path: String, limit: Int) throws(BoundedReadError) -> Data {
        if let escape = escape(path) { throw .outsideRepository(escape) }
        return try BoundedRead.data(atPath: path, limit: limit)
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `realpath(3)`: nil when the path (or a link on it) does not exist.
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The deepest existing ancestor of `path` resolved, with the missing rest appended: where a
    /// file not yet written would land (a dangling link's own folder).
    static func resolveExistingPart(_ path: String) -> String {
        var head = path
        var tail: [String] = []
        while head != "/" && !head.isEmpty {
            if let resolved = resolve(head) {
                return tail.reversed().reduce(resolved) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return path
    }
}
