import Foundation

/// Why a file was not read: one line, without the path (the caller names it).
public enum BoundedReadError: Error, Equatable, CustomStringConvertible {
    /// The path is a folder, a named pipe, a device or a socket (`FileKind.nonRegular`).
    case notRegular(String)
    /// The file holds more than `limit` bytes.
    case tooLarge(limit: Int)
    /// The file could not be opened or read (the system's reason).
    case unreadable(String)
    /// The path resolves outside the repository (`RepositoryBoundary`): not opened.
    case outsideRepository(RepositoryBoundary.Escape)

    public var description: String {
        switch self {
        case .notRegular(let kind): "is \(kind), not a regular file"
        case .tooLarge(let limit): "is larger than \(BoundedRead.describe(limit)), the most TypeFit reads for it"
        case .unreadable(let reason): "cannot be read (\(reason))"
        case .outsideRepository(let escape): escape.description
        }
    }
}

/// Reads an input file whole with a bound: a named pipe is refused before it is opened (opening
/// one blocks until a writer comes), a device or a file that grows while read stops at the limit
/// (`/dev/zero` never ends), and no more than `limit` + 1 bytes are ever held.
public enum BoundedRead {
    public static func data(atPath path: String, limit: Int) throws(BoundedReadError) -> Data {
        if let kind = FileKind.nonRegular(path) { throw .notRegular(kind) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        // The path may have changed between the check and the open: check what was opened.
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular("not a regular file") }
        if Int(info.st_size) > limit { throw .tooLarge(limit: limit) }
        var data = Data(count: min(limit + 1, max(Int(info.st_size) + 1, 4096)))
        var count = 0
        while count <= limit {
            if count == data.count { data.count = min(limit + 1, data.count * 2) }
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw .tooLarge(limit: limit) }
        data.count = count
        return data
    }

    /// "256 MB", "64 KB", "12 bytes".
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
