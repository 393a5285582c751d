import Foundation

/// The package root (the folder holding Package.swift above this file) and its bundled fonts.
enum Paths {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }()
    static func font(_ relative: String) -> String { root.appendingPathComponent("Fonts/" + relative).path }
    static var fonts: String { root.appendingPathComponent("Fonts").path }
    /// The test corpus inside the repository (Tests/Fixtures/corpus/README.md): Home Assistant and
    /// Swiftfin slices. Firefox Focus's strings are the bundled example's (Examples/Focus/strings).
    static var corpus: URL { root.appendingPathComponent("Tests/Fixtures/corpus") }
    static var focusStrings: URL { root.appendingPathComponent("Examples/Focus/strings") }
    /// A corpus file by its corpus name (`firefox-focus-ios/de.strings`, `swiftfin/ja.strings`, …).
    static func corpusFile(_ relative: String) -> URL {
        let focus = "firefox-focus-ios/"
        if relative.hasPrefix(focus) { return focusStrings.appendingPathComponent(String(relative.dropFirst(focus.count))) }
        return corpus.appendingPathComponent(relative)
    }
}

/// Runs a tool from PATH; nil when it is not installed.
func runTool(_ name: String, _ arguments: [String]) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard let dir = paths.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "\(dir)/\(name)")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
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
