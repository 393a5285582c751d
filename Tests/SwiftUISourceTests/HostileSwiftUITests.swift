import AppUI
import Foundation
import Testing
@testable import SwiftUISource

/// Swift files built to break the SwiftUI reader: nesting whose depth swift-syntax's recursive
/// visitors would follow until the stack overflows, numbers that do not fit an `Int`, SwiftGen
/// output past its size limit. Each gives at most one warning naming the file; the file beside it
/// is still read. Every fixture is generated here.
@Suite struct HostileSwiftUITests {
    func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    let good = """
        import SwiftUI
        struct Beside: View {
            var body: some View { Text("beside.key") }
        }
        """

    /// Reads `hostile` (as Hostile.swift) and Good.swift; returns the reading and the warnings about Hostile.swift.
    func read(_ hostile: String, swiftGen: Bool = false) throws -> (SwiftUIReading, [UIReadWarning]) {
        let dir = try folder(["Hostile.swift": hostile, "Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let hostileURL = dir.appendingPathComponent("Hostile.swift")
        let reading = SwiftUIReader.read(files: (swiftGen ? [] : [hostileURL]) + [dir.appendingPathComponent("Good.swift")], root: dir,
                                         swiftGen: swiftGen ? [hostileURL] : [])
        #expect(reading.element("beside.key") != nil, "the other file is still read")
        let warnings = reading.result.warnings.filter { $0.position.file == "Hostile.swift" }
        #expect(reading.result.warnings.count == warnings.count, "\(reading.result.warnings)")
        #expect(warnings.allSatisfy { !$0.description.contains("\n") })
        return (reading, warnings)
    }

    /// 100,000 modifiers chained on one `Text` (0.8 MB, under the 2 MB limit): each `.bold()` is a
    /// call of a member access of the expression before it, two levels of swift-syntax's tree, so
    /// the tree is 200,000 levels deep, past the 2,000 the reader walks; the file is skipped with
    /// one warning at the innermost expression of the chain, `Text` on line 4.
    @Test func hundredThousandChainedModifiers() throws {
        let source = "import SwiftUI\nstruct Chained: View {\n    var body: some View {\n        Text(\"chained.key\")"
            + String(repeating: "\n.bold()", count: 100_000) + "\n    }\n}\n"
        #expect(source.utf8.count < SwiftUIReader.largestFile)
        let (reading, warnings) = try read(source)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("nested deeper than 2000 syntax levels") == true)
        #expect(warnings.first?.position.line == 4)
        #expect(reading.element("chained.key") == nil)
    }

    /// 990 chained modifiers: 2 levels each above the 18 of the file, struct, body and `Text`, so
    /// 1,998 levels (swift-syntax's tree, counted by bisecting the limit), just within the 2,000;
    /// read by swift-syntax's recursive visitors and the reader's walks, also on a worker thread
    /// (three files, two workers).
    @Test func chainJustWithinTheLimitIsRead() throws {
        let source = "import SwiftUI\nstruct Chained: View {\n    var body: some View {\n        Text(\"chained.key\")"
            + String(repeating: "\n.bold()", count: 990) + "\n    }\n}\n"
        let dir = try folder(["Chain1.swift": source, "Chain2.swift": source.replacingOccurrences(of: "Chained", with: "Other"), "Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let both = SwiftUIReader.read(files: ["Chain1.swift", "Chain2.swift", "Good.swift"].map { dir.appendingPathComponent($0) },
                                      root: dir, threads: 2)
        #expect(both.result.warnings.isEmpty)
        #expect(both.elements.filter { if case .localized(_, "chained.key", _) = $0.text { true } else { false } }.count == 2)
        let (reading, warnings) = try read(source)
        #expect(warnings.isEmpty)
        #expect(reading.element("chained.key")?.font == .font(face: .system(.bold), size: .textStyle(.body)))
    }

    /// `#if` nested 10,000 deep around a view: swift-syntax's parser looks ahead through nested
    /// `#if`s recursively, without its bracket nesting limit, so they are counted first; one
    /// warning at the 65th `#if`, on line 3 + 65.
    @Test func tenThousandNestedIfs() throws {
        let depth = 10_000
        let source = "import SwiftUI\nstruct Nested: View {\n    var body: some View {\n"
            + String(repeating: "#if DEBUG\n", count: depth) + "Text(\"nested.key\")\n" + String(repeating: "#endif\n", count: depth)
            + "    }\n}\n"
        #expect(source.utf8.count < SwiftUIReader.largestFile)
        let (_, warnings) = try read(source)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message == "#if nested deeper than 64 levels here; file skipped")
        #expect(warnings.first?.position.line == 68)
    }

    /// 16 nested `#if DEBUG`s (a custom flag holds: the first branch is read) are read (swift-syntax
    /// built for debugging parses 20 nested levels, built for release 256).
    @Test func nestedIfsAreRead() throws {
        let source = "import SwiftUI\nstruct Nested: View {\n    var body: some View {\n"
            + String(repeating: "#if DEBUG\n", count: 16) + "Text(\"nested.key\")\n" + String(repeating: "#endif\n", count: 16)
            + "    }\n}\n"
        let (reading, warnings) = try read(source)
        #expect(warnings.isEmpty)
        #expect(reading.element("nested.key") != nil)
    }

    /// String interpolations nested 5,000 deep (swift-syntax's parser took 1.2 GB for these 40 KB):
    /// one warning at the 33rd `\\(`. On line 4 the first `"a\\(` starts at column 14 (after 8
    /// spaces and `Text(`), its `\\` at 16, each level 4 characters on: the 33rd at 16 + 4 · 32 = 144.
    @Test func fiveThousandNestedInterpolations() throws {
        let depth = 5_000
        let source = "import SwiftUI\nstruct Interpolated: View {\n    var body: some View {\n        Text("
            + String(repeating: "\"a\\(", count: depth) + "1" + String(repeating: ")\"", count: depth) + ")\n    }\n}\n"
        let start = ContinuousClock.now
        let (_, warnings) = try read(source)
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(warnings.map(\.message) == ["string interpolations nested deeper than 32 levels here; file skipped"])
        #expect(warnings.first.map { [$0.position.line, $0.position.column] } == [4, 144])
    }

    /// Interpolations, raw strings, multi-line strings and comments as views write them are read.
    @Test func everydayInterpolationsAreRead() throws {
        let source = ##"""
            import SwiftUI
            struct Everyday: View {
                let name = "x"
                var body: some View {
                    VStack {
                        // a comment with "a quote and \( an opener
                        /* and a block ( " comment */
                        Text("Hello \(name), \("inner \(name.count)")")
                        Text(#"raw \(not) \#(name)"#)
                        Text("""
                            many \(name)
                            lines
                            """)
                        Text("everyday.key")
                    }
                }
            }
            """##
        let (reading, warnings) = try read(source)
        #expect(warnings.isEmpty)
        #expect(reading.element("everyday.key") != nil)
        #expect(SourceFile.deepestInterpolation(Data(source.utf8), limit: 1) != nil)  // "inner \(…)" inside "Hello \(…)": 2
        #expect(SourceFile.deepestInterpolation(Data(source.utf8), limit: 2) == nil)
    }

    /// `.lineLimit(9223372036854775807)`: 2⁶³ − 1 as a Double is 2⁶³, one past `Int.max`, which
    /// `Int(_:)` traps on; the number is out of range (±1,000,000) and not used: the text keeps
    /// SwiftUI's default, no limit (0). `.lineLimit(20000)` is more lines than any screen shows: no limit.
    /// `.lineLimit(3)` beside them is read as 3.
    @Test func lineLimitsThatDoNotFit() throws {
        let source = """
            import SwiftUI
            struct Limits: View {
                var body: some View {
                    VStack {
                        Text("huge.key").lineLimit(9223372036854775807)
                        Text("large.key").lineLimit(20000)
                        Text("nan.key").lineLimit(...9223372036854775807)
                        Text("three.key").lineLimit(3)
                        Text("wide.key").frame(width: 1e308)
                    }
                }
            }
            """
        let (reading, warnings) = try read(source)
        #expect(warnings.isEmpty)
        #expect(reading.element("huge.key")?.lines == 0)
        #expect(reading.element("large.key")?.lines == 0)
        #expect(reading.element("nan.key")?.lines == 0)
        #expect(reading.element("three.key")?.lines == 3)
        #expect(reading.element("wide.key") != nil)
    }

    /// A Swift file named as SwiftGen's output is read up to 8 MB, not without limit: a 9 MB one
    /// (a sparse file: no disk used) is one warning.
    @Test func swiftGenOutputPastItsLimit() throws {
        let dir = try folder(["Good.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let strings = dir.appendingPathComponent("Strings.swift")
        #expect(FileManager.default.createFile(atPath: strings.path, contents: Data("enum L10n {}\n".utf8)))
        let handle = try FileHandle(forWritingTo: strings)
        try handle.truncate(atOffset: 9_000_000)
        try handle.close()
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("Good.swift")], root: dir, swiftGen: [strings])
        #expect(reading.result.warnings.map(\.description)
            == ["Strings.swift:1:1: warning: 9.0 MB, larger than 8 MB: generated code, not read for views or constants"])
        #expect(reading.element("beside.key") != nil)
    }
}
