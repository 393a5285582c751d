import AppUI
import Foundation
import Testing
@testable import SwiftUISource

/// Files a reader meets in real repositories: each gives at most a one-line warning naming the
/// file, never a crash or a hang, and the other files are still read.
@Suite struct BadInputTests {
    /// A fresh folder with `files` written into it.
    func folder(_ files: [String: Data]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    let good = Data("""
        import SwiftUI
        struct Good: View {
            var body: some View { Text("good.key") }
        }
        """.utf8)

    @Test func swiftThatDoesNotParseIsReadAsFarAsItGoes() throws {
        let broken = Data("""
            import SwiftUI
            struct Broken: View {
                var body: some View {
                    VStack {
                        Text("readable")
                        Text("unclosed"
                    }
                }
            }
            """.utf8)
        let dir = try folder(["Broken.swift": broken, "Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("Broken.swift"), dir.appendingPathComponent("Good.swift")], root: dir)
        #expect(reading.element("readable") != nil)
        #expect(reading.element("good.key") != nil)
        let warning = try #require(reading.result.warnings.first)
        #expect(reading.result.warnings.count == 1)
        #expect(warning.position.file == "Broken.swift")
        // The missing `)` after `Text("unclosed"`: swift-syntax reports it where the call should end,
        // on line 6 or where the next token starts (line 7).
        #expect((6...7).contains(warning.position.line))
        #expect(!warning.description.contains("\n"))
    }

    @Test func aFileThatIsNotUTF8IsSkippedWithAWarning() throws {
        var latin1 = Data("import SwiftUI\nstruct L: View { var body: some View { Text(\"caf".utf8)
        latin1.append(0xE9)   // é in ISO 8859-1: not UTF-8 on its own
        latin1.append(contentsOf: Data("\") } }\n".utf8))
        let dir = try folder(["Latin1.swift": latin1, "Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("Latin1.swift"), dir.appendingPathComponent("Good.swift")], root: dir)
        #expect(reading.result.warnings.map(\.description) == ["Latin1.swift:1:1: warning: not UTF-8 text; file skipped"])
        #expect(reading.element("good.key") != nil)
    }

    /// A 5 MB generated file (70,000 constants) among the view files: one warning naming it, the
    /// view beside it still read (its constant is then unknown: unresolved).
    @Test func aLargeGeneratedFile() throws {
        var generated = "enum Generated {\n"
        var n = 0
        while generated.utf8.count < 5_000_000 {
            generated += "    static let constant\(n) = \"generated value number \(n)\"\n"
            n += 1
        }
        generated += "}\n"
        let view = Data("""
            import SwiftUI
            struct UsesGenerated: View {
                var body: some View { Text(Generated.constant12345) }
            }
            """.utf8)
        let dir = try folder(["Generated.swift": Data(generated.utf8), "View.swift": view])
        defer { try? FileManager.default.removeItem(at: dir) }
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("Generated.swift"), dir.appendingPathComponent("View.swift")], root: dir)
        #expect(reading.result.warnings.map(\.description)
            == ["Generated.swift:1:1: warning: 5.0 MB, larger than 2 MB: generated code, not read for views or constants"])
        #expect(reading.textViews.count == 1)
        guard case .unresolved? = reading.textViews.first?.text else {
            Issue.record("an unread constant is unresolved")
            return
        }
        #expect(reading.summary.filesRead == 1)
    }

    /// 400 nested VStacks: deeper than swift-syntax parses (it recovers) and than the reader walks.
    @Test func deeplyNestedViews() throws {
        let depth = 400
        let source = "import SwiftUI\nstruct Deep: View {\n var body: some View {\n"
            + String(repeating: "VStack {\n", count: depth) + "Text(\"deep\")\n" + String(repeating: "}\n", count: depth)
            + "}\n}\nstruct After: View { var body: some View { Text(\"after\") } }\n"
        let dir = try folder(["Deep.swift": Data(source.utf8), "Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("Deep.swift"), dir.appendingPathComponent("Good.swift")], root: dir)
        #expect(reading.element("good.key") != nil)
        #expect(!reading.result.warnings.isEmpty)
        #expect(reading.result.warnings.allSatisfy { $0.position.file == "Deep.swift" && !$0.description.contains("\n") })
    }

    @Test func aMissingFileIsAWarning() throws {
        let dir = try folder(["Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("Gone.swift"), dir.appendingPathComponent("Good.swift")], root: dir)
        #expect(reading.result.warnings.count == 1)
        #expect(reading.result.warnings.first?.position.file == "Gone.swift")
        #expect(reading.element("good.key") != nil)
    }
}
