#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What kind of file a path names, for errors: reading a FIFO blocks and reading a device never
/// ends, while Foundation reports both as "You don't have permission".
public enum FileKind {
    /// nil for a regular file (symlinks followed) or a path that cannot be examined (the read
    /// reports that); otherwise what it is: "a folder", "a named pipe (FIFO)", "a character
    /// device", "a block device", "a socket" — for "…: is a named pipe (FIFO), not a regular file".
    public static func nonRegular(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
