import AppUI
import DynamicType
import Foundation
import Testing
@testable import SwiftUISource

/// The test fixtures' folder (Tests/SwiftUISourceTests/Fixtures).
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ path: String) -> URL { fixtures.appendingPathComponent(path) }

/// The small app of Fixtures/App read as the wiring reads an app: its view files, SwiftGen's
/// `Strings.swift` given as SwiftGen output.
func readApp(fontTokens: [String: UIFontSpec] = [:], layouts: [String: SwiftUILayout] = [:]) -> SwiftUIReading {
    let names = ["FontForms", "Tokens", "Inheritance", "StringForms", "Platforms", "Containers"]
    return SwiftUIReader.read(files: names.map { fixture("App/\($0).swift") }, root: fixtures,
                              swiftGen: [fixture("App/Strings.swift")], fontTokens: fontTokens, layouts: layouts, threads: 2)
}

extension SwiftUIReading {
    var elements: [UIElement] { result.screens.flatMap(\.allElements) }

    /// The elements written on `line` of `file` (a path below Fixtures).
    func elements(_ file: String, line: Int) -> [UIElement] {
        elements.filter { $0.position.file == file && $0.position.line == line }
    }

    /// The one element on the line of `file` (below Fixtures) where `fragment` first appears.
    func element(at fragment: String, in file: String) throws -> UIElement {
        let line = try #require(location(of: fragment, in: file)).line
        let found = elements(file, line: line)
        try #require(found.count == 1, "one element on line \(line)")
        return found[0]
    }

    /// The one element whose text is the localized key or verbatim string `key`.
    func element(_ key: String) -> UIElement? {
        let found = elements.filter { element in
            switch element.text {
            case let .localized(_, k, _): k == key
            case let .verbatim(s): s == key
            case .runtime, .unresolved: false
            }
        }
        return found.count == 1 ? found[0] : nil
    }
}

/// The 1-based line of the first line of `file` (below Fixtures) that contains `fragment`, and the
/// column where `fragment` starts there: positions found by reading the fixture as text.
func location(of fragment: String, in file: String) -> (line: Int, column: Int)? {
    guard let text = try? String(contentsOf: fixture(file), encoding: .utf8) else { return nil }
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if let range = line.range(of: fragment) {
            return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
        }
    }
    return nil
}

let body17 = UIFontSpec.font(face: .system(.regular), size: .textStyle(.body))
func system(_ style: TextStyle, _ weight: FontWeight = .regular) -> UIFontSpec {
    .font(face: .system(weight), size: .textStyle(style))
}
