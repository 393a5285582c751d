#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Zeroed anonymous memory for the caches and tables of `FastMeasurer`: the kernel hands out
/// zeroed pages as they are first touched (a table that sees few lines does not pay for zeroing
/// all of it). With `hugePages` the memory is 2 MiB aligned and advised MADV_HUGEPAGE (a page
/// fault maps 2 MiB instead of 4 KiB; where the kernel has huge pages off, the advice is
/// ignored); without, it is not aligned beyond a page, so a table smaller than 2 MiB never gets
/// a huge page (on a kernel with transparent huge pages "always", zeroing 2 MiB for it).
/// Unmapped with `unmap()` (the owner's deinit).
struct AnonymousMapping {
    /// At least `bytes` bytes, 2 MiB aligned with `hugePages`.
    let base: UnsafeMutableRawPointer
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    /// `owner` names the table in the out-of-memory message.
    init(bytes: Int, hugePages: Bool, owner: String) {
        let huge = 2 << 20
        mappedBytes = hugePages ? (bytes + huge - 1) / huge * huge + huge : max(1, bytes)  // + room to align
        guard let mapped = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { fatalError("\(owner): out of memory (\(mappedBytes) bytes)") }
        mapping = mapped
        if hugePages {
            base = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: mapped) + huge - 1) & ~(huge - 1))!
            _ = madvise(base, mappedBytes - huge, MADV_HUGEPAGE)
        } else {
            base = mapped
        }
    }

    func unmap() {
        munmap(mapping, mappedBytes)
    }
}
