import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `ReportWriter` does to the file system, replaceable by the tests: its renames, the folder
/// exchange, and a look at each step of the swap (a step that answers false stops the writer there,
/// as a kill would: nothing is cleaned up).
struct WriteSeams {
    var rename: (String, String) -> Int32 = { Foundation.rename($0, $1) }
    /// Exchanges two folders in one step (0, or -1 with `errno`); nil: the set is swapped file by file.
    var exchange: ((String, String) -> Int32)? = ReportWriter.renameExchange
    var step: (WriteStep) -> Bool = { _ in true }
    /// The process id in the names of the staging and swap folders.
    var processID: Int32 = getpid()
}

/// The points of a report swap where a run can be killed.
enum WriteStep: Hashable, Sendable {
    /// The new set is complete in its folder beside the output; the output is unchanged.
    case staged
    /// The folders were exchanged; the old set is in the swap folder, not yet removed.
    case exchanged
    /// File-by-file swap: the named report's old file (if any) is aside, the new one not yet in place.
    case movedAside(String)
}

/// A `WriteSeams.step` stopped the writer.
struct SimulatedKill: Error {}

/// How the folder exchange ended when it was tried.
enum FolderSwap {
    case done
    /// The exchange failed (e.g. the file system lacks it): the new set is complete in this folder.
    case notExchanged(URL)
}

extension ReportWriter {
    /// In a swap folder's name, between the output folder's name and the writer's process id.
    static let swapInfix = ".typefit-swap-"

    /// Opens and locks `directory` (`flock`, waiting for another run; the kernel releases it when this
    /// process closes it or dies, so no lock file is left). When the folder was exchanged while this
    /// run waited, the lock is taken again on the folder now at the path.
    static func lockFolder(_ directory: URL) throws -> Int32 {
        func failure() -> ReportWriteError {
            ReportWriteError(path: directory.path, reason: "cannot lock the folder (\(String(cString: strerror(errno))))")
        }
        while true {
            let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw failure() }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let error = failure()
                    close(fd)
                    throw error
                }
            }
            var held = stat()
            var now = stat()
            guard fstat(fd, &held) == 0, stat(directory.path, &now) == 0,
                  held.st_dev != now.st_dev || held.st_ino != now.st_ino else { return fd }
            close(fd)
        }
    }

    /// Swaps the report set as one folder when the output folder allows it: it holds only reports
    /// (regular files), belongs to this user and is writable by them, is not `/` and does not hold the
    /// working directory.
    /// Returns nil when it was not tried (nothing written).
    static func exchangeFolders(_ writers: [(String, (ReportStream) -> Void)], order: [Int], into directory: URL,
                                seams: WriteSeams) throws -> FolderSwap? {
        let fm = FileManager.default
        guard let exchange = seams.exchange, let folderPath = realPath(directory.path), folderPath != "/" else { return nil }
        if let cwd = realPath(fm.currentDirectoryPath), cwd == folderPath || cwd.hasPrefix(folderPath + "/") { return nil }
        let folder = URL(fileURLWithPath: folderPath)
        let reportNames = Set(ReportFormat.allCases.compactMap(\.fileName))
        var info = stat()
        guard stat(folderPath, &info) == 0, info.st_uid == geteuid(), info.st_mode & S_IWUSR != 0,
              let names = try? fm.contentsOfDirectory(atPath: folderPath),
              names.allSatisfy({ name in
                  var file = stat()
                  return reportNames.contains(name) && lstat(folder.appendingPathComponent(name).path, &file) == 0
                      && file.st_mode & S_IFMT == S_IFREG
              }) else { return nil }
        removeSwapLeftovers(beside: folder)
        let swap = folder.deletingLastPathComponent()
            .appendingPathComponent(".\(folder.lastPathComponent)\(swapInfix)\(seams.processID)-\(UUID().uuidString)")
        guard mkdir(swap.path, 0o700) == 0 else { return nil }
        var keep = false
        defer { if !keep { try? fm.removeItem(at: swap) } }
        // Reports this run does not write stay, as in the file-by-file swap: linked into the new folder.
        let writing = Set(writers.map(\.0))
        for name in names where !writing.contains(name) {
            guard link(folder.appendingPathComponent(name).path, swap.appendingPathComponent(name).path) == 0
                    || (try? fm.copyItem(at: folder.appendingPathComponent(name), to: swap.appendingPathComponent(name))) != nil
            else { return nil }
        }
        if let error = stage(writers, order: order, into: swap, reportsIn: directory) { throw error }
        _ = chmod(swap.path, info.st_mode & 0o7777)
        guard seams.step(.staged) else { keep = true; throw SimulatedKill() }
        guard exchange(swap.path, folderPath) == 0 else {
            keep = true
            return .notExchanged(swap)
        }
        guard seams.step(.exchanged) else { keep = true; throw SimulatedKill() }
        return .done
    }

    /// Removes the swap folders beside `folder` that a run which no longer exists left behind: each
    /// holds a whole set (the new one not yet exchanged, or the old one exchanged out).
    static func removeSwapLeftovers(beside folder: URL) {
        let parent = folder.deletingLastPathComponent()
        let prefix = ".\(folder.lastPathComponent)\(swapInfix)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), !isAlive(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// `renameat2(from, to, RENAME_EXCHANGE)`, looked up at run time (Glibc declares it only for
    /// `_GNU_SOURCE`); -1 with `ENOSYS` where the C library lacks it.
    static func renameExchange(_ from: String, _ to: String) -> Int32 {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else {
            errno = ENOSYS
            return -1
        }
        let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE in <linux/fs.h>
        return renameAt2(AT_FDCWD, from, AT_FDCWD, to, renameExchangeFlag)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
