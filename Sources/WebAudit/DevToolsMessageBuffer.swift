import Foundation

/// The bytes read from the browser's DevTools pipe, split into NUL-terminated messages.
///
/// Each byte is looked at once: a search for the next NUL starts where the previous search
/// stopped, and consumed messages are dropped from the front only when they make up at least half
/// of the storage (so the copying is amortised linear too). A message longer than `maximumMessage`
/// bytes is an error rather than an ever-growing buffer.
struct DevToolsMessageBuffer {
    /// The largest message accepted: a screenshot of two screens or a large stylesheet's text is a
    /// few MB; the measurements of a huge page are capped by the measuring script.
    static let defaultMaximumMessage = 64 << 20

    private var storage: [UInt8] = []
    /// Start of the first message not yet returned.
    private var start = 0
    /// Bytes from `start` up to here hold no NUL.
    private var scanned = 0
    let maximumMessage: Int
    /// Bytes examined by NUL searches so far (for tests: linear in the bytes appended).
    private(set) var bytesScanned = 0

    init(maximumMessage: Int = defaultMaximumMessage) {
        self.maximumMessage = maximumMessage
    }

    mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if start > 0 && start * 2 >= storage.count {
            storage.removeSubrange(..<start)
            scanned -= start
            start = 0
        }
        storage.append(contentsOf: bytes)
    }

    /// The next complete message (without its NUL), or nil when more bytes are needed.
    /// Throws when the unfinished message is already longer than `maximumMessage`.
    mutating func next() throws -> [UInt8]? {
        let end = storage.count
        var index = scanned
        while index < end && storage[index] != 0 { index += 1 }
        bytesScanned += index - scanned + (index < end ? 1 : 0)
        scanned = index
        if index - start > maximumMessage {
            throw WebAuditError("the browser sent a DevTools message over \(maximumMessage >> 20) MB")
        }
        guard index < end else { return nil }
        let message = Array(storage[start..<index])
        start = index + 1
        scanned = start
        return message
    }
}
