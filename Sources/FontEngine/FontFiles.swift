import CHarfBuzz
import Foundation
import Synchronization

/// The font files the process has open, each mapped once however many faces use it (a variable
/// font's instances at several optical sizes and weights, on every thread): a face takes the
/// file's HarfBuzz blob from here and gives it back when it is freed; the last one back unmaps it.
/// A blob is read-only, and HarfBuzz counts its references atomically, so threads share it.
enum FontFiles {
    /// A file as `stat` saw it: a file replaced or rewritten in place is another file.
    struct Key: Hashable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int
        var modifiedNanoseconds: Int

        init(path: String, stat info: stat) {
            self.path = path
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    private struct Entry {
        /// The registry's own reference (each face holds another).
        let blob: OpaquePointer
        var users: Int
    }

    private static let open = Mutex<[Key: Entry]>([:])

    /// A reference to the blob of the file `key` (mapped on first use), for one face; nil when
    /// HarfBuzz cannot read it. Give it back with ``release(_:)``.
    static func blob(_ key: Key) -> OpaquePointer? {
        open.withLock { files in
            if var entry = files[key] {
                entry.users += 1
                files[key] = entry
                return hb_blob_reference(entry.blob)
            }
            guard let blob = hb_blob_create_from_file_or_fail(key.path) else { return nil }
            files[key] = Entry(blob: blob, users: 1)
            return hb_blob_reference(blob)
        }
    }

    /// Gives back a face's reference to `key`'s blob (`blob` from ``blob(_:)``).
    static func release(_ key: Key, blob: OpaquePointer) {
        open.withLock { files in
            hb_blob_destroy(blob)
            guard var entry = files[key] else { return }
            entry.users -= 1
            if entry.users == 0 {
                files[key] = nil
                hb_blob_destroy(entry.blob)
            } else {
                files[key] = entry
            }
        }
    }
}
