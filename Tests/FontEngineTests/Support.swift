import Foundation
import TestSupport

/// Runs a tool from PATH; nil when it is not installed.
func runTool(_ name: String, _ arguments: [String]) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard let dir = paths.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }) else { return nil }
    return try? ProcessRunner.run(URL(fileURLWithPath: "\(dir)/\(name)"), arguments).stdout
}

/// Sum of x_advance of `hb-shape --output-format=json` output lines (one JSON array per line).
func hbShapeAdvances(_ output: String) -> [Int] {
    output.split(separator: "\n").compactMap { line in
        guard let data = line.data(using: .utf8),
              let glyphs = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return nil }
        return glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
    }
}

/// Values of a `.strings` file (UTF-8, or UTF-16 with a BOM), only those without escapes.
func stringsValues(_ url: URL) -> [String] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    let text: String
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
        text = String(data: data, encoding: .utf16) ?? ""
    } else {
        text = String(decoding: data, as: UTF8.self)
    }
    var values: [String] = []
    for line in text.split(separator: "\n") {
        guard let eq = line.range(of: "\" = \""), line.hasSuffix("\";") else { continue }
        let value = line[eq.upperBound..<line.index(line.endIndex, offsetBy: -2)]
        if value.contains("\\") || value.contains("\"") || value.isEmpty { continue }
        values.append(String(value))
    }
    return values
}
