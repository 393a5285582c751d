import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many workers TypeFit's parallel work uses by default, everywhere (`WorkerPool`).
public enum Processors {
    /// The CPUs this process may run on (its affinity, as `nproc` counts: `taskset -c 0` gives
    /// 1), or `ProcessInfo.activeProcessorCount` where the system does not say (on Linux that
    /// counts the CPUs online, whatever the affinity).
    public static var available: Int {
        allowedCPUs() ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// Linux: the bits set in the `Cpus_allowed` mask of /proc/self/status (hex digits in
    /// comma-separated words, "Cpus_allowed:\t3" for CPUs 0 and 1); nil elsewhere or unreadable.
    static func allowedCPUs() -> Int? {
        #if os(Linux)
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        let prefix = "Cpus_allowed:"
        var buffer = [CChar](repeating: 0, count: 8192)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix(prefix) else { continue }
            let count = line.dropFirst(prefix.count).reduce(0) { $0 + ($1.hexDigitValue?.nonzeroBitCount ?? 0) }
            return count > 0 ? count : nil
        }
        #endif
        return nil
    }
}
