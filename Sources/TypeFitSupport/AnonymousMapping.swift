#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Zeroed anonymous memory for the caches and tables of the measuring path (FontEngine's
/// `FastMeasurer`, TypeFit's `RepeatedLines`).
///
/// By default the kernel hands out zeroed pages as they are first touched, so a table that sees
/// few lines does not pay for zeroing all of it. With `populate` every page is made writable at
/// once (one system call) instead. That is for a hash table that a long text fills all over,
/// where touching pages one by one costs more than the first touch suggests: a table is read
/// before it is written, and on Linux a read of an untouched page maps the shared zero page, so
/// the write that follows is a second fault that replaces that mapping, and replacing a mapping
/// while another thread of the process runs on another CPU interrupts that CPU to flush its TLB
/// (an inter-processor interrupt; on a virtual machine, an exit to the hypervisor on both
/// sides).
/// With `hugePages` the memory is 2 MiB aligned and advised MADV_HUGEPAGE (a page fault maps
/// 2 MiB instead of 4 KiB; where the kernel has huge pages off, the advice is ignored); without,
/// it is not aligned beyond a page, so a table smaller than 2 MiB never gets a huge page (on a
/// kernel with transparent huge pages "always", zeroing 2 MiB for it).
/// MADV_POPULATE_WRITE is 23 (include/uapi/asm-generic/mman-common.h), not in every libc's headers.
/// Unmapped with `unmap()` (the owner's deinit).
public struct AnonymousMapping: @unchecked Sendable {
    /// At least `bytes` bytes, 2 MiB aligned with `hugePages`.
    public let base: UnsafeMutableRawPointer
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    /// `owner` names the table in the out-of-memory message. `populate`: all pages writable now
    /// (see the type's comment); where the kernel cannot (MADV_POPULATE_WRITE came in Linux 5.14,
    /// for huge pages), pages are touched as used, as without it.
    public init(bytes: Int, hugePages: Bool, populate: Bool = false, owner: String) {
        let huge = 2 << 20
        mappedBytes = hugePages ? (bytes + huge - 1) / huge * huge + huge : max(1, bytes)  // + room to align
        var flags = MAP_PRIVATE | MAP_ANONYMOUS
        #if os(Linux)
        // A private writable mapping is populated with written pages (mm/gup.c,
        // populate_vma_page_range: FOLL_WRITE when the mapping is writable and not shared).
        if populate && !hugePages { flags |= MAP_POPULATE }
        #endif
        guard let mapped = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, flags, -1, 0),
              mapped != MAP_FAILED else { fatalError("\(owner): out of memory (\(mappedBytes) bytes)") }
        mapping = mapped
        if hugePages {
            base = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: mapped) + huge - 1) & ~(huge - 1))!
            _ = madvise(base, mappedBytes - huge, MADV_HUGEPAGE)
            // After the advice, so the pages are huge ones (`populate(_:)` does nothing off Linux).
            if populate { self.populate(0..<bytes) }
        } else {
            base = mapped
        }
    }

    /// Makes the pages of `range` (byte offsets from `base`, rounded out to pages) writable now,
    /// as `populate` does for the whole mapping; where the kernel cannot (before Linux 5.14),
    /// they are touched as used.
    public func populate(_ range: Range<Int>) {
        #if os(Linux)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = range.lowerBound / page * page
        let end = (range.upperBound + page - 1) / page * page
        if end > start { _ = madvise(base + start, end - start, 23) }  // MADV_POPULATE_WRITE
        #endif
    }

    public func unmap() {
        munmap(mapping, mappedBytes)
    }
}
