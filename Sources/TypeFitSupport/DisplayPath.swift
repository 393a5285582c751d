import Foundation

/// `path` relative to the folder `root` (as written: neither is standardized here): the part after
/// `root/` when `path` is inside it, `.` when it is `root` itself, else `path` unchanged.
public func relativePath(_ path: String, to root: String) -> String {
    let base = root.hasSuffix("/") ? root : root + "/"
    if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
    if path == root { return "." }
    return path
}

/// The folder display paths are shown from: nil for the current folder. `typefit merge` shows
/// paths from the folder the shards ran in, so its reports are theirs whatever folder it runs in.
public enum DisplayPathBase {
    @TaskLocal public static var folder: String?
}

/// A path as reports and messages show it: relative to the current folder (`DisplayPathBase.folder`
/// when set) when it is inside it, else the standardized absolute path (`.` and `..` resolved,
/// symbolic links kept). A relative `path` is taken from that folder too.
public func displayPath(_ path: String) -> String {
    let cwd = DisplayPathBase.folder ?? FileManager.default.currentDirectoryPath
    let standardized = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true))
        .standardizedFileURL.path
    return standardized == cwd ? standardized : relativePath(standardized, to: cwd)
}
