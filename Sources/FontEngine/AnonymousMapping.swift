#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Zeroed anonymous memory for the segment caches, 2 MiB aligned: the kernel hands out zeroed
/// pages as they are first touched (a table that sees few lines does not pay for zeroing all of
/// it), and with `hugePages` (MADV_HUGEPAGE) a page fault maps 2 MiB instead of 4 KiB. Where the
/// kernel has huge pages off, the advice is ignored. Unmapped with `unmap()` (the owner's deinit).
struct AnonymousMapping {
    /// At least `bytes` bytes, 2 MiB aligned.
    let base: UnsafeMutableRawPointer
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    /// `owner` names the table in the out-of-memory message.
    init(bytes: Int, hugePages: Bool, owner: String) {
        let huge = 2 << 20
        mappedBytes = (bytes + huge - 1) / huge * huge + huge  // + room to align
        guard let mapped = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { fatalError("\(owner): out of memory (\(mappedBytes) bytes)") }
        mapping = mapped
        base = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: mapped) + huge - 1) & ~(huge - 1))!
        if hugePages { _ = madvise(base, mappedBytes - huge, MADV_HUGEPAGE) }
    }

    func unmap() {
        munmap(mapping, mappedBytes)
    }
}
