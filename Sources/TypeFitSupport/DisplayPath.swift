import Foundation

/// A path as reports and messages show it: relative to the current folder when it is inside it,
/// else the standardized absolute path (`.` and `..` resolved, symbolic links kept).
public func displayPath(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    if standardized.hasPrefix(cwd + "/") { return String(standardized.dropFirst(cwd.count + 1)) }
    return standardized
}
