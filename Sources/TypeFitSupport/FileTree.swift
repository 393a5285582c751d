#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The files under a folder, as a repository walk needs them: names read with `readdir` (the
/// entry's type from the directory itself, `lstat` only where the file system does not give it),
/// hidden entries (a leading dot) skipped, symbolic links to folders not followed. Foundation's
/// enumerator asks for each entry's resource values, several system calls apiece: a checkout of
/// thousands of files took a large part of `typefit init` that way.
public enum FileTree {
    /// What to do with a folder met on the walk.
    public enum Folder {
        /// Walk into it.
        case enter
        /// Leave it out.
        case skip
        /// List it as one entry, as a file (an .xcodeproj, a bundle), without walking into it.
        case list
    }

    /// Every regular file (and symbolic link that is not to a folder) under `root`, with the
    /// folders `folder` says to list, as paths `root` + "/" + the path under it, sorted. `folder`
    /// gets each folder's path and name. An unreadable folder is left out.
    public static func files(under root: String, folder: (_ path: String, _ name: String) -> Folder = { _, _ in .enter })
        -> [String] {
        var found: [String] = []
        var pending = [root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root]
        while let directory = pending.popLast() {
            guard let stream = opendir(directory) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                let path = directory == "/" ? "/" + name : directory + "/" + name
                switch kind(entry.pointee.d_type, path) {
                case .directory:
                    switch folder(path, name) {
                    case .enter: pending.append(path)
                    case .list: found.append(path)
                    case .skip: break
                    }
                case .file:
                    found.append(path)
                case .other:
                    break
                }
            }
        }
        return found.sorted()
    }

    private enum Kind { case file, directory, other }

    private static func kind(_ type: UInt8, _ path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK):
            // A link to a folder is not followed (it could loop); one to anything else is a file.
            var target = stat()
            return stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR ? .other : .file
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK: return kind(UInt8(DT_LNK), path)
            default: return .other
            }
        default:
            return .other
        }
    }
}
