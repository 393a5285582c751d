import Foundation

/// The running executable's real path, symbolic links resolved, whatever the process was started
/// as: `argv[0]` is only the name typed when the shell found the program through `PATH`
/// (`typefit`), or a path relative to the folder it was started from. On Linux the kernel's
/// `/proc/self/exe`; elsewhere `Bundle.main.executableURL` (`_NSGetExecutablePath` on macOS);
/// `argv[0]` resolved against the current folder only when neither is available.
public func executablePath() -> String? {
    #if os(Linux)
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: target).resolvingSymlinksInPath().path
    }
    #endif
    if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath().path }
    return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
}
