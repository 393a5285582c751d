/// JSON text written straight into a byte buffer, byte for byte as Foundation's `JSONEncoder`
/// writes it with `outputFormatting = [.sortedKeys, .withoutEscapingSlashes]` (no whitespace), so a
/// writer of many small documents (JSON Lines) can encode on worker threads without building an
/// `Encodable` tree per record. Checked against `JSONEncoder` in JSONBytesTests.
///
/// What `JSONEncoder` does (swift-foundation, Swift 6.x on Linux), and so what this does:
/// - strings: `"` → `\"`, `\` → `\\`, U+0008/0009/000A/000C/000D → `\b \t \n \f \r`, other
///   U+0000…U+001F → `\u00XX` (lowercase hex); everything else as UTF-8, unescaped ("/" too,
///   U+007F, U+2028/U+2029, emoji). A Swift string always holds valid Unicode, so there are no
///   lone surrogates to escape.
/// - doubles: Swift's shortest round-trip `description` with a trailing ".0" dropped: 1 → `1`,
///   -0.0 → `-0`, 0.1 → `0.1`, 1e16 → `1e+16`, 1e-5 → `1e-05`. JSON has no NaN or infinity
///   (`JSONEncoder` throws for them); callers must keep values finite (`double` traps otherwise).
/// - `.sortedKeys` sorts keys by their UTF-8 bytes ("100" < "14" < "9" < "B" < "a"): the caller
///   writes keys in that order (`sortedKeys(_:)` sorts a dynamic key set once).
///
/// Commas and colons are inserted by the writer: call `key(_:)` (a literal) or `key(string:)`
/// before each value of an object.
public struct JSONBytes {
    /// Room for bytes; bytes [0, used) are written. Appends write through its pointer (no
    /// `Array.append(contentsOf:)`, bounds checks or closures per key and value: they were most
    /// of the writer's instructions). Shared by copies of this value until one writes (then it
    /// copies the room first), so `JSONBytes` keeps value semantics.
    private var storage: Room
    private var used = 0
    private var depth = 0
    /// Bit d set: the container at depth d + 1 already has an element (a comma comes first).
    private var nonEmpty: UInt64 = 0
    private var afterKey = false

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        storage = Room(capacity: max(64, capacity))
    }

    /// Bytes of room (not zeroed: only bytes [0, used) are ever read, each written first).
    private final class Room {
        let pointer: UnsafeMutablePointer<UInt8>
        let capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            pointer = .allocate(capacity: capacity)
        }
        deinit { pointer.deallocate() }
    }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.pointer, count: used)) }

    /// Number of bytes written.
    public var count: Int { used }

    /// Calls `body` with the bytes written so far (no copy).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.pointer, count: used)) }
    }

    /// Empties the buffer, keeping its memory.
    public mutating func removeAll() {
        used = 0
        depth = 0
        nonEmpty = 0
        afterKey = false
    }

    /// `keys` in the order `.sortedKeys` writes them (by UTF-8 bytes).
    public static func sortedKeys(_ keys: [String]) -> [String] {
        keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    // MARK: containers

    public mutating func beginObject() {
        beginValue()
        put(UInt8(ascii: "{"))
        push()
    }

    public mutating func endObject() {
        pop()
        put(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        beginValue()
        put(UInt8(ascii: "["))
        push()
    }

    public mutating func endArray() {
        pop()
        put(UInt8(ascii: "]"))
    }

    /// An object key (escaped as needed); the next value written is its value.
    public mutating func key(string name: some StringProtocol) {
        separate()
        appendString(name)
        put(UInt8(ascii: ":"))
        afterKey = true
    }

    /// An object key known at compile time, made only of characters JSON does not escape
    /// (letters, digits, "_", "-", …): copied as is, without scanning for escapes.
    public mutating func key(_ name: StaticString) {
        assert(name.withUTF8Buffer { $0.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 < 0x80 } },
               "JSONBytes.key(StaticString) with a character that needs escaping")
        separate()
        put(UInt8(ascii: "\""))
        put(name.utf8Start, name.utf8CodeUnitCount)
        raw("\":")
        afterKey = true
    }

    /// A line feed between JSON Lines records (only at the top level).
    public mutating func newline() {
        precondition(depth == 0, "JSONBytes.newline inside a container")
        put(UInt8(ascii: "\n"))
    }

    /// Bytes copied as they are, between top-level values (only at the top level): the caller's own
    /// layout around the values, e.g. the indentation and ",\n" of a pretty-printed array whose
    /// elements are written compactly.
    public mutating func verbatim(_ bytes: UnsafeRawBufferPointer) {
        precondition(depth == 0, "JSONBytes.verbatim inside a container")
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        put(base, bytes.count)
    }

    /// Appends what `other` holds (only at the top level).
    public mutating func append(_ other: JSONBytes) {
        other.withBytes { verbatim(UnsafeRawBufferPointer($0)) }
    }

    // MARK: values

    public mutating func string(_ value: some StringProtocol) {
        beginValue()
        appendString(value)
    }

    public mutating func string(_ value: String) {
        beginValue()
        put(UInt8(ascii: "\""))
        var copy = value  // shares storage; withUTF8 copies only a non-UTF-8 (bridged) string
        copy.withUTF8 { appendEscaped($0) }
        put(UInt8(ascii: "\""))
    }

    public mutating func string(_ value: Substring) {
        beginValue()
        put(UInt8(ascii: "\""))
        var copy = value
        copy.withUTF8 { appendEscaped($0) }
        put(UInt8(ascii: "\""))
    }

    /// A string given as UTF-8 bytes (escaped as needed).
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        beginValue()
        put(UInt8(ascii: "\""))
        appendEscaped(utf8)
        put(UInt8(ascii: "\""))
    }

    public mutating func int(_ value: Int) {
        beginValue()
        appendInt(value)
    }

    public mutating func bool(_ value: Bool) {
        beginValue()
        raw(value ? "true" : "false")
    }

    public mutating func null() {
        beginValue()
        raw("null")
    }

    /// A finite double as `JSONEncoder` writes it (see the type's comment).
    public mutating func double(_ value: Double) {
        precondition(value.isFinite, "JSONBytes.double: JSON has no NaN or infinity")
        beginValue()
        // Integral values below 2^53 print in plain decimal ("12.0" → "12"): no String needed.
        if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 {
            if value == 0, value.sign == .minus {
                raw("-0")
            } else {
                appendInt(Int(value))
            }
            return
        }
        var text = value.description  // ≤ 15 bytes for most values: a small string, no allocation
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") { count -= 2 }
            put(utf8.baseAddress!, count)
        }
    }

    // MARK: internals

    /// Appends `count` bytes from `p`.
    @inline(__always)
    private mutating func put(_ p: UnsafeRawPointer, _ count: Int) {
        if used + count > storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(used + count) }
        UnsafeMutableRawPointer(storage.pointer + used).copyMemory(from: p, byteCount: count)
        used += count
    }

    /// Appends one byte.
    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        if used == storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(used + 1) }
        storage.pointer[used] = byte
        used += 1
    }

    /// A room of its own with space for `minimum` bytes (doubling), the written bytes copied.
    private mutating func grow(_ minimum: Int) {
        let larger = Room(capacity: max(minimum, minimum > storage.capacity ? 2 * storage.capacity : storage.capacity))
        larger.pointer.update(from: storage.pointer, count: used)
        storage = larger
    }

    private mutating func raw(_ text: StaticString) {
        put(text.utf8Start, text.utf8CodeUnitCount)
    }

    private mutating func push() {
        precondition(depth < 64, "JSONBytes: nesting deeper than 64")
        depth += 1
        nonEmpty &= ~(1 << UInt64(depth - 1))
    }

    private mutating func pop() {
        precondition(depth > 0 && !afterKey, "JSONBytes: unbalanced container")
        depth -= 1
    }

    /// A comma before every element of a container but the first.
    private mutating func separate() {
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth - 1)
        if nonEmpty & bit != 0 { put(UInt8(ascii: ",")) } else { nonEmpty |= bit }
    }

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else {
            separate()
        }
    }

    private mutating func appendInt(_ value: Int) {
        // Digits right to left into a 20-byte stack buffer (UInt.max has 20 digits), then one copy.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = value.magnitude
            var i = 20
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            put(buffer.baseAddress! + i, 20 - i)
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendString(_ value: some StringProtocol) {
        put(UInt8(ascii: "\""))
        if let done = value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) {
            _ = done
        } else {
            var copy = String(value)
            copy.withUTF8 { appendEscaped($0) }
        }
        put(UInt8(ascii: "\""))
    }

    /// Copies runs of plain bytes at once; escapes `"`, `\` and C0 controls.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for i in 0..<utf8.count {
            let b = utf8[i]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            if runStart < i { put(utf8.baseAddress! + runStart, i - runStart) }
            runStart = i + 1
            put(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(b)
            case 0x08: put(UInt8(ascii: "b"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0C: put(UInt8(ascii: "f"))
            case 0x0D: put(UInt8(ascii: "r"))
            default:
                for byte in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hex[Int(b >> 4)], Self.hex[Int(b & 0xF)]] { put(byte) }
            }
        }
        if runStart < utf8.count { put(utf8.baseAddress! + runStart, utf8.count - runStart) }
    }
}
