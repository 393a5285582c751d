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
        beginValue()
        write(maximumBytes: Cursor.maximumDoubleBytes) { $0.double(value) }
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
        write(maximumBytes: Cursor.maximumIntBytes) { $0.int(value) }
    }

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
        write(maximumBytes: Cursor.maximumEscapedBytes(utf8.count)) { $0.escaped(utf8) }
    }

    /// Runs `body` with a cursor into room for `maximumBytes` more bytes (made unique and large
    /// enough once), then counts what it wrote.
    @inline(__always)
    private mutating func write(maximumBytes: Int, _ body: (inout Cursor) -> Void) {
        if used + maximumBytes > storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(used + maximumBytes) }
        var cursor = Cursor(storage.pointer + used)
        body(&cursor)
        let written = cursor.position - (storage.pointer + used)
        precondition(written <= maximumBytes, "JSONBytes: wrote past the room asked for")
        used += written
    }

    /// Appends a whole top-level value (a JSON Lines record, say) written through `body`'s
    /// cursor straight into the buffer, with one capacity check for all of it: `body` writes at
    /// most `maximumBytes` bytes (`Cursor`'s `maximum…Bytes` give the bounds) and only complete
    /// JSON (its own commas, colons and quotes), in the formats of this writer's values. Only
    /// between top-level values.
    public mutating func appendRecord(maximumBytes: Int, _ body: (inout Cursor) -> Void) {
        precondition(depth == 0 && !afterKey, "JSONBytes.appendRecord inside a container")
        write(maximumBytes: maximumBytes, body)
    }

    /// Writes JSON text into room reserved by `appendRecord` (no checks per byte). Numbers and
    /// strings in exactly `JSONBytes`'s formats (the writer itself writes them through a cursor).
    public struct Cursor {
        /// Where the next byte goes.
        public var position: UnsafeMutablePointer<UInt8> { _position }
        /// Stored apart from `position` so that the small writers below can be `@inlinable`
        /// (inlined into the record writers of other modules: `typefit measure`'s JSON Lines)
        /// while only the cursor moves it.
        @usableFromInline var _position: UnsafeMutablePointer<UInt8>

        init(_ position: UnsafeMutablePointer<UInt8>) { _position = position }

        /// Most bytes `int` writes ("-9223372036854775808").
        public static let maximumIntBytes = 20
        /// Most bytes `double` writes (shortest round-trip: 17 digits, sign, point, exponent).
        public static let maximumDoubleBytes = 32
        /// Most bytes `escaped` writes for `count` bytes (a control character becomes \u00XX).
        public static func maximumEscapedBytes(_ count: Int) -> Int { 6 * count }

        /// JSON text that needs no escaping (punctuation, keys, literals), as is.
        @inlinable
        public mutating func raw(_ text: StaticString) {
            let count = text.utf8CodeUnitCount
            if count >= 8 && count <= 16 {
                // The keys: two overlapping 8-byte moves instead of a memcpy call.
                let source = UnsafeRawPointer(text.utf8Start), target = UnsafeMutableRawPointer(_position)
                target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
            } else {
                _position.update(from: text.utf8Start, count: count)
            }
            _position += count
        }

        @inlinable
        public mutating func byte(_ b: UInt8) {
            _position.pointee = b
            _position += 1
        }

        @inlinable
        public mutating func bool(_ value: Bool) { if value { raw("true") } else { raw("false") } }

        /// An integer in decimal, written in place (the room is reserved): the digit count first,
        /// then two digits per division from the right, from a table of "00"…"99".
        @inlinable
        public mutating func int(_ value: Int) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var digits = 1
            var bound: UInt = 10
            while magnitude >= bound && digits < 20 {
                digits += 1
                let (next, overflow) = bound.multipliedReportingOverflow(by: 10)
                if overflow { break }
                bound = next
            }
            if magnitude >= bound { digits = 20 }  // UInt.max has 20 digits
            let pairs = Cursor.digitPairs.utf8Start
            var at = _position + digits
            _position = at
            while magnitude >= 100 {
                let pair = Int(truncatingIfNeeded: magnitude % 100)
                magnitude /= 100
                at -= 2
                at[0] = pairs[2 * pair]
                at[1] = pairs[2 * pair + 1]
            }
            if magnitude >= 10 {
                at -= 2
                at[0] = pairs[2 * Int(magnitude)]
                at[1] = pairs[2 * Int(magnitude) + 1]
            } else {
                at -= 1
                at[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
            }
        }

        /// A finite double as `JSONEncoder` writes it (see `JSONBytes`'s comment).
        @inlinable
        public mutating func double(_ value: Double) {
            precondition(value.isFinite, "JSONBytes.double: JSON has no NaN or infinity")
            // Integral values below 2^53 print in plain decimal ("12.0" → "12"): no String needed.
            if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 {
                if value == 0, value.sign == .minus {
                    raw("-0")
                } else {
                    int(Int(value))
                }
                return
            }
            var text = value.description  // ≤ 15 bytes for most values: a small string, no allocation
            text.withUTF8 { utf8 in
                var count = utf8.count
                if count >= 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") { count -= 2 }
                _position.update(from: utf8.baseAddress!, count: count)
                _position += count
            }
        }

        /// A string's UTF-8 in quotes, escaped.
        @inlinable
        public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
            byte(UInt8(ascii: "\""))
            escaped(utf8)
            byte(UInt8(ascii: "\""))
        }

        /// UTF-8 bytes escaped as `JSONEncoder` escapes them (no quotes): runs of plain bytes
        /// copied at once; `"`, `\` and C0 controls escaped.
        public mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
            guard let base = utf8.baseAddress else { return }
            var runStart = 0
            var i = 0
            // 8 bytes at a time while none needs escaping (no byte < 0x20, no `"`, no `\`):
            // "has a byte less than n" and "has a zero byte" (after xor) bit tricks, exact as yes/no.
            let words = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i < utf8.count {
                if i + 8 <= utf8.count {
                    let w = words.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let quote = w ^ (0x22 &* ones), backslash = w ^ (0x5C &* ones)
                    let special = (((w &- 0x20 &* ones) & ~w) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
                    if special == 0 {
                        i += 8
                        continue
                    }
                }
                let b = base[i]
                i += 1
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                if runStart < i - 1 {
                    _position.update(from: base + runStart, count: i - 1 - runStart)
                    _position += i - 1 - runStart
                }
                runStart = i
                byte(UInt8(ascii: "\\"))
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte(b)
                case 0x08: byte(UInt8(ascii: "b"))
                case 0x09: byte(UInt8(ascii: "t"))
                case 0x0A: byte(UInt8(ascii: "n"))
                case 0x0C: byte(UInt8(ascii: "f"))
                case 0x0D: byte(UInt8(ascii: "r"))
                default:
                    raw("u00")
                    byte(Cursor.hex(b >> 4))
                    byte(Cursor.hex(b & 0xF))
                }
            }
            if runStart < utf8.count {
                _position.update(from: base + runStart, count: utf8.count - runStart)
                _position += utf8.count - runStart
            }
        }

        @usableFromInline static let digitPairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """

        /// Lowercase hex digit of 0…15.
        @inline(__always)
        static func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
    }
}
