/// An aligned text table with two spaces between columns: the `left` columns left-aligned, the
/// others (numbers) right-aligned; the last column is not padded on the right.
func alignedTable(header: [String], rows: [[String]], left: Set<Int>) -> String {
    let all = [header] + rows
    let widths = header.indices.map { c in all.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
    return all.map { cells in
        cells.enumerated().map { c, cell in
            let pad = String(repeating: " ", count: max(0, widths[c] - cell.count))
            if left.contains(c) { return c == cells.count - 1 ? cell : cell + pad }
            return pad + cell
        }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
}
