/// Where each start tag of an HTML file is written, so an element the browser measured can be
/// named by file and line.
///
/// The browser reports an element as "the k-th `<tag>` of the document" (its position in
/// `getElementsByTagName`) together with how many there are. When the source has as many `<tag`
/// start tags as the DOM has elements, the k-th in the source is that element. When the counts
/// differ (elements the parser adds, such as an implied `<tbody>`, or ones a script creates), the
/// element is named by its nearest ancestor whose counts agree. Start tags are found by a small
/// tokenizer that skips comments, `<!DOCTYPE …>`, end tags, and the contents of `script`, `style`,
/// `textarea`, `title`, `xmp`, `noscript` and `template`-free raw text elements, as the HTML
/// parser does; tag names are ASCII case-insensitive.
public struct HTMLSourceIndex: Sendable {
    /// 1-based line of each start tag, by lower-cased tag name, in source order.
    public private(set) var lines: [String: [Int]] = [:]

    public init(html: String) {
        let scalars = Array(html.unicodeScalars)
        var i = 0
        var line = 1
        func advance(to end: Int) {
            while i < end && i < scalars.count {
                if scalars[i] == "\n" { line += 1 }
                i += 1
            }
        }
        func find(_ needle: String, from start: Int) -> Int? {
            let n = Array(needle.unicodeScalars)
            guard n.count > 0, scalars.count >= n.count else { return nil }
            var j = start
            while j + n.count <= scalars.count {
                var ok = true
                for k in 0..<n.count where Character(scalars[j + k]).lowercased() != Character(n[k]).lowercased() {
                    ok = false
                    break
                }
                if ok { return j }
                j += 1
            }
            return nil
        }
        func starts(_ prefix: String, at start: Int) -> Bool {
            let p = Array(prefix.unicodeScalars)
            guard start + p.count <= scalars.count else { return false }
            return (0..<p.count).allSatisfy { scalars[start + $0] == p[$0] }
        }
        let rawText: Set<String> = ["script", "style", "textarea", "title", "xmp", "noscript"]
        while i < scalars.count {
            guard scalars[i] == "<" else { advance(to: i + 1); continue }
            if starts("<!--", at: i) {
                advance(to: (find("-->", from: i + 4).map { $0 + 3 }) ?? scalars.count)
                continue
            }
            let next = i + 1 < scalars.count ? scalars[i + 1] : " "
            if next == "!" || next == "?" || next == "/" {
                advance(to: (find(">", from: i + 1).map { $0 + 1 }) ?? scalars.count)
                continue
            }
            guard next.properties.isAlphabetic, next.isASCII else { advance(to: i + 1); continue }
            var j = i + 1
            var name = ""
            while j < scalars.count, !" \t\n\r\u{0C}/>".unicodeScalars.contains(scalars[j]) {
                name.unicodeScalars.append(scalars[j])
                j += 1
            }
            name = name.lowercased()
            lines[name, default: []].append(line)
            // Skip the rest of the tag, honouring quoted attribute values.
            var quote: Unicode.Scalar?
            var k = j
            while k < scalars.count {
                let c = scalars[k]
                if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { break }
                k += 1
            }
            advance(to: k + 1)
            if rawText.contains(name) {
                advance(to: find("</" + name, from: i) ?? scalars.count)
            }
        }
    }

    /// The line of the `index`-th (0-based) `<tag>` when the source has exactly `domCount` of them.
    public func line(tag: String, index: Int, domCount: Int) -> Int? {
        guard let list = lines[tag.lowercased()], list.count == domCount, index >= 0, index < list.count else { return nil }
        return list[index]
    }

    /// The line for an element given as a chain from itself up to `<html>`: the first link whose
    /// counts agree with the source.
    public func line(chain: [WebElementPosition]) -> Int? {
        for link in chain {
            if let line = line(tag: link.tag, index: link.index, domCount: link.count) { return line }
        }
        return nil
    }
}

/// An element's place among the document's elements of its tag (`getElementsByTagName`).
public struct WebElementPosition: Codable, Sendable, Equatable {
    public var tag: String
    public var index: Int
    public var count: Int
    public init(tag: String, index: Int, count: Int) {
        self.tag = tag
        self.index = index
        self.count = count
    }
}
