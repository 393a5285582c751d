/// The plain-text tables TypeFit prints: each cell padded with spaces to its column's widest cell
/// (counted in characters), columns two spaces apart. Columns in `leftAligned` are padded on the
/// right, except a row's last cell (no trailing spaces); the others (numbers) on the left. A row
/// may have fewer cells than the widest one.
public enum TextTable {
    /// The table, one line per row, each ending in a line feed ("" for no rows).
    public static func render(_ rows: [[String]], leftAligned: Set<Int> = [0]) -> String {
        let table = Measured(rows, leftAligned: leftAligned)
        var out: [UInt8] = []
        for r in rows.indices {
            table.append(row: r, to: &out)
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The table's lines, without line feeds (for output that puts more text between rows).
    public static func lines(_ rows: [[String]], leftAligned: Set<Int> = [0]) -> [String] {
        let table = Measured(rows, leftAligned: leftAligned)
        return rows.indices.map { r in
            var out: [UInt8] = []
            table.append(row: r, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The rows with each cell's character count (counted once: `measure` prints tables of tens
    /// of thousands of rows) and each column's width; lines are built as UTF-8 bytes.
    private struct Measured {
        let rows: [[String]]
        let counts: [[Int]]
        let widths: [Int]
        let leftAligned: Set<Int>

        init(_ rows: [[String]], leftAligned: Set<Int>) {
            self.rows = rows
            self.leftAligned = leftAligned
            counts = rows.map { $0.map(\.count) }
            var widths: [Int] = []
            for row in counts {
                for (c, count) in row.enumerated() {
                    if c == widths.count { widths.append(count) } else { widths[c] = max(widths[c], count) }
                }
            }
            self.widths = widths
        }

        func append(row r: Int, to out: inout [UInt8]) {
            let cells = rows[r]
            for (c, cell) in cells.enumerated() {
                if c > 0 { out += [0x20, 0x20] }
                let pad = repeatElement(UInt8(0x20), count: widths[c] - counts[r][c])
                if leftAligned.contains(c) {
                    out += cell.utf8
                    if c < cells.count - 1 { out += pad }
                } else {
                    out += pad
                    out += cell.utf8
                }
            }
        }
    }
}
