import CThreadStart
import Foundation

/// How many threads TypeFit's parallel work uses by default, everywhere (`typefit measure`'s
/// crew, the audit, report writing, the benchmark, `FastMeasurer.advances`).
public enum Processors {
    /// The CPUs this process may run on (its affinity: `taskset -c 0` gives 1, as `nproc`
    /// counts), or `ProcessInfo.activeProcessorCount` where the system does not say. Not
    /// `activeProcessorCount` first: on Linux it counts the CPUs online whatever the affinity,
    /// and asking for it sets up all of `ProcessInfo` (the environment, the memory size, …:
    /// about 0.3 ms, at the start of every `typefit measure`).
    public static var available: Int {
        let cpus = Int(tf_thread_cpu_count())
        return cpus > 0 ? cpus : ProcessInfo.processInfo.activeProcessorCount
    }
}
