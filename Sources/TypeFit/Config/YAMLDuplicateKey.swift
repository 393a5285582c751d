/// Where a mapping key is repeated, found in the YAML text from its first occurrence (Yams
/// reports only that one): the next key of the same text in the same mapping. In a block
/// mapping, a later line at the same indentation that starts with the key (plain or quoted) and
/// a colon, before the mapping ends (a line indented less); in a flow mapping on the first
/// key's line, a later `, key:` on that line. nil when neither is found (a key written another
/// way, e.g. over several lines): the caller then points at the first occurrence.
enum YAMLDuplicateKey {
    static func repeated(_ key: String, after first: (line: Int, column: Int), in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { Array($0.unicodeScalars) }
        /// Whether `line` holds the key and then a colon at `column` (0-based).
        func keyAt(_ line: [Unicode.Scalar], _ column: Int) -> Bool {
            for spelling in spellings where column + spelling.count <= line.count
                && Array(line[column..<(column + spelling.count)]) == spelling {
                var i = column + spelling.count
                while i < line.count, line[i] == " " { i += 1 }
                if i < line.count, line[i] == ":" { return true }
            }
            return false
        }
        let indent = first.column - 1
        let firstLine = lines[first.line - 1]
        // A flow mapping: ", key:" later on the same line.
        var i = indent + 1
        while i < firstLine.count {
            if firstLine[i] == "," {
                var j = i + 1
                while j < firstLine.count, firstLine[j] == " " { j += 1 }
                if keyAt(firstLine, j) { return (first.line, j + 1) }
            }
            i += 1
        }
        // A block mapping: a later line at the same indentation, until one indented less.
        for n in first.line..<lines.count {
            let line = lines[n]
            var lead = 0
            while lead < line.count, line[lead] == " " { lead += 1 }
            if lead == line.count || line[lead] == "#" { continue }
            if lead < indent { return nil }  // the mapping ended (a list item's "- " too)
            if lead == indent, keyAt(line, lead) { return (n + 1, lead + 1) }
        }
        return nil
    }
}
