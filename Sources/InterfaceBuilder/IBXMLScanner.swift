/// A small XML reader for Interface Builder documents: elements, attributes (entities decoded,
/// whitespace normalized as XML requires), character data of `<string>` elements, comments,
/// processing instructions, CDATA and a DOCTYPE. It needs no XML library: Foundation's
/// `XMLParser` on Linux is libxml2, which loads ICU when the executable starts, and TypeFit loads
/// ICU only when a command first breaks lines. It stops at the first error with its line and
/// column (1-based, columns in characters); what it read before stays in the tree.
struct IBXMLScanner {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0
    var root: IBNode?
    var stack: [IBNode] = []
    var error: (line: Int, column: Int, message: String)?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
    }

    /// Where the last column was counted on the current line: counting goes on from there, so a
    /// file written on one line costs the same as one of many lines.
    private var counted = (lineStart: -1, offset: 0, characters: 0)

    /// The 1-based column of byte offset `at` on the current line, in characters.
    mutating func column(_ at: Int) -> Int {
        var n = 0
        var k = lineStart
        if counted.lineStart == lineStart, counted.offset <= at { (k, n) = (counted.offset, counted.characters) }
        while k < at && k < bytes.count {
            if bytes[k] & 0xC0 != 0x80 { n += 1 }
            k += 1
        }
        counted = (lineStart, k, n)
        return max(1, 1 + n - (k > lineStart && bytes[lineStart] & 0xC0 == 0x80 ? 1 : 0))
    }

    mutating func fail(_ message: String, at: Int? = nil) {
        if error == nil { error = (line, column(at ?? i), "malformed XML: " + message) }
    }

    /// Elements nested deeper than this stop the reading (Interface Builder writes a few dozen levels;
    /// the same bound as a string catalog's JSON).
    static let deepestNesting = 512
    /// Elements after this many stop the reading: about 400 MB of nodes (the largest storyboards
    /// of real apps hold a few thousand).
    static let mostElements = 1_000_000
    private var elements = 0

    /// Advances one byte, counting lines.
    mutating func step() {
        if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        i += 1
    }

    mutating func skip(past terminator: [UInt8], what: String) -> Bool {
        let start = i
        while i < bytes.count {
            if bytes[i] == terminator[0], i + terminator.count <= bytes.count,
               bytes[i..<(i + terminator.count)].elementsEqual(terminator) {
                for _ in terminator { step() }
                return true
            }
            step()
        }
        fail("\(what) is not closed", at: start)
        return false
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
            || b == 0x2E || b == 0x3A || b >= 0x80
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    mutating func skipSpaces() { while i < bytes.count && Self.isSpace(bytes[i]) { step() } }

    mutating func name() -> String? {
        let start = i
        while i < bytes.count && Self.isNameByte(bytes[i]) { i += 1 }
        guard i > start else { return nil }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// `text` with entities decoded (and, for attributes, tabs and line breaks as spaces).
    func decode(_ slice: ArraySlice<UInt8>, attribute: Bool) -> String? {
        guard slice.contains(0x26) || (attribute && slice.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })) else {
            return String(decoding: slice, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var k = slice.startIndex
        while k < slice.endIndex {
            let b = slice[k]
            if attribute && (b == 0x0A || b == 0x09 || b == 0x0D) { out.append(0x20); k += 1; continue }
            guard b == 0x26 else { out.append(b); k += 1; continue }
            guard let semicolon = slice[k...].firstIndex(of: 0x3B), semicolon - k <= 12 else { return nil }
            let entity = String(decoding: slice[(k + 1)..<semicolon], as: UTF8.self)
            let scalar: Unicode.Scalar?
            switch entity {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") { scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
                else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init) }
                else { scalar = nil }
            }
            guard let scalar else { return nil }
            out.append(contentsOf: Array(String(scalar).utf8))
            k = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func run() {
        while i < bytes.count, error == nil {
            if bytes[i] != 0x3C {  // character data
                let start = i
                while i < bytes.count && bytes[i] != 0x3C { step() }
                if let top = stack.last, top.name == "string" || top.name == "mutableString" {
                    guard let text = decode(bytes[start..<i], attribute: false) else { fail("unknown entity", at: start); return }
                    top.children.append(IBNode(name: "#text", attributes: ["value": text], parent: top, line: top.line, column: top.column))
                } else if stack.isEmpty, bytes[start..<i].contains(where: { !Self.isSpace($0) }) {
                    fail("text outside the document element", at: start)
                    return
                }
                continue
            }
            let rest = bytes[i...]
            if rest.starts(with: Array("<!--".utf8)) { if !skip(past: Array("-->".utf8), what: "a comment") { return }; continue }
            if rest.starts(with: Array("<?".utf8)) { if !skip(past: Array("?>".utf8), what: "a processing instruction") { return }; continue }
            if rest.starts(with: Array("<![CDATA[".utf8)) {
                let start = i + 9
                if !skip(past: Array("]]>".utf8), what: "a CDATA section") { return }
                if let top = stack.last, top.name == "string" || top.name == "mutableString" {
                    top.children.append(IBNode(name: "#text", attributes: ["value": String(decoding: bytes[start..<(i - 3)], as: UTF8.self)],
                                               parent: top, line: top.line, column: top.column))
                }
                continue
            }
            if rest.starts(with: Array("<!".utf8)) { if !skip(past: [0x3E], what: "a declaration") { return }; continue }
            if rest.starts(with: Array("</".utf8)) {
                let at = i
                i += 2
                guard let name = name() else { fail("expected an element name after </", at: at); return }
                skipSpaces()
                guard i < bytes.count, bytes[i] == 0x3E else { fail("expected > to end </\(name)"); return }
                i += 1
                guard let top = stack.last, top.name == name else {
                    fail(stack.last.map { "</\(name)> closes <\($0.name)>" } ?? "</\(name)> closes nothing", at: at)
                    return
                }
                stack.removeLast()
                continue
            }
            // A start tag.
            let at = i, tagLine = line, tagColumn = column(i)
            i += 1
            guard let name = name() else { fail("expected an element name after <", at: at); return }
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                skipSpaces()
                guard i < bytes.count else { fail("<\(name)> is not closed", at: at); return }
                if bytes[i] == 0x3E { i += 1; break }
                if bytes[i] == 0x2F {
                    guard i + 1 < bytes.count, bytes[i + 1] == 0x3E else { fail("expected /> in <\(name)>"); return }
                    i += 2
                    selfClosing = true
                    break
                }
                let attributeAt = i
                guard let key = self.name() else { fail("expected an attribute name in <\(name)>"); return }
                skipSpaces()
                guard i < bytes.count, bytes[i] == 0x3D else { fail("expected = after \(key) in <\(name)>"); return }
                i += 1
                skipSpaces()
                guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 else { fail("expected a quoted value for \(key)"); return }
                let quote = bytes[i]
                i += 1
                let start = i
                while i < bytes.count && bytes[i] != quote {
                    if bytes[i] == 0x3C { fail("< in the value of \(key)"); return }
                    step()
                }
                guard i < bytes.count else { fail("the value of \(key) is not closed", at: start); return }
                guard let value = decode(bytes[start..<i], attribute: true) else { fail("unknown entity in \(key)", at: start); return }
                i += 1
                guard attributes.updateValue(value, forKey: key) == nil else { fail("\(key) given twice", at: attributeAt); return }
            }
            elements += 1
            guard elements <= Self.mostElements else {
                error = (tagLine, tagColumn, "more than \(Self.mostElements) XML elements; the rest of the file is not read")
                return
            }
            guard selfClosing || stack.count < Self.deepestNesting else {
                error = (tagLine, tagColumn, "elements nested deeper than \(Self.deepestNesting) levels; the rest of the file is not read")
                return
            }
            let node = IBNode(name: name, attributes: attributes, parent: stack.last, line: tagLine, column: tagColumn)
            if let parent = stack.last { parent.children.append(node) }
            else if root == nil { root = node }
            else { fail("a second document element <\(name)>", at: at); return }
            if !selfClosing { stack.append(node) }
        }
        if error == nil {
            if root == nil { fail("no document element") }
            else if let open = stack.last { fail("truncated: <\(open.name)> (line \(open.line)) is not closed") }
        }
    }
}
