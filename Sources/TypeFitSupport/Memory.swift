#if canImport(Glibc)
import Glibc

/// glibc's `int malloc_trim(size_t pad)` (malloc.h, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// The process's memory as the system sees it.
public enum Memory {
    /// Gives the pages of freed heap memory back to the system (glibc `malloc_trim`: every arena,
    /// pages inside them too). glibc keeps what a thread freed in that thread's arena, so after a
    /// pool of workers has freed its caches the pages still count in the process's resident size
    /// until something reuses them. Call it after such a phase; it does nothing elsewhere.
    public static func returnFreedPages() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }
}
