import AppUI
import Foundation
import Localization
import SwiftUISource

// Reads an app's SwiftUI views with `SwiftUIReader` and prints what it found: Text views, how many
// are bound to a key whose text is in the app's strings files, elements by kind, and the time the
// reading took. The measurement behind docs/ui-sources.md's figures.
//
//   typefit-swiftui-scan ROOT --views DIR… [--swiftgen PATH…] [--declarations DIR…] [--strings LPROJ…]

func swiftFiles(_ path: String) -> [URL] {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [url] }
    let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
    var found: [URL] = []
    while let next = walker?.nextObject() as? URL {
        if next.pathExtension == "swift" { found.append(next) }
    }
    return found.sorted { $0.path < $1.path }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let rootPath = arguments.first else {
    FileHandle.standardError.write(Data("usage: typefit-swiftui-scan ROOT --views DIR… [--swiftgen PATH…] [--declarations DIR…] [--strings LPROJ…]\n".utf8))
    exit(2)
}
arguments.removeFirst()
var lists: [String: [String]] = [:]
var option = "--views"
for argument in arguments {
    if argument.hasPrefix("--") { option = argument } else { lists[option, default: []].append(argument) }
}
func resolve(_ path: String) -> String { path.hasPrefix("/") ? path : rootPath + "/" + path }

let views = (lists["--views"] ?? []).flatMap { swiftFiles(resolve($0)) }
let swiftGen = (lists["--swiftgen"] ?? []).flatMap { swiftFiles(resolve($0)) }
let declarations = (lists["--declarations"] ?? []).flatMap { swiftFiles(resolve($0)) }

let start = ContinuousClock.now
let reading = SwiftUIReader.read(files: views, root: URL(fileURLWithPath: rootPath), swiftGen: swiftGen, declarations: declarations)
let elapsed = ContinuousClock.now - start

// The development-language strings: table (file name) → keys.
var keys: [String: Set<String>] = [:]
for lproj in lists["--strings"] ?? [] {
    let dir = URL(fileURLWithPath: resolve(lproj))
    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where name.hasSuffix(".strings") {
        let table = String(name.dropLast(".strings".count))
        if let loaded = try? StringsFile.load(contentsOf: dir.appendingPathComponent(name), locale: "en", mode: .lenient) {
            keys[table, default: []].formUnion(loaded.entries.map(\.key))
        }
    }
}
let boundWithText = reading.textViews.filter { view in
    if case let .localized(table, key, _) = view.text { return keys[table]?.contains(key) ?? false }
    return false
}.count

let s = reading.summary
func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "–" : String(format: "%.1f %%", 100 * Double(part) / Double(whole)) }
print("files: \(views.count) view files, \(swiftGen.count) SwiftGen, \(declarations.count) declarations only; \(s.filesRead) read")
print("declarations (static properties, SwiftGen accessors): \(s.declarations)")
print("screens (view types with text): \(reading.result.screens.count)")
print("Text views: \(s.textViews) = localized \(s.textViewsLocalized) + verbatim \(s.textViewsVerbatim) + run-time \(s.textViewsRuntime) + unresolved \(s.textViewsUnresolved)")
print("Text views bound to a key whose text is in the strings files: \(boundWithText) (\(percent(boundWithText, s.textViews)))")
print("elements: \(s.elements); font unknown \(s.fontUnknown), width unknown \(s.widthUnknown)")
print("by kind: " + s.elementsByKind.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
print("warnings: \(reading.result.warnings.count)")
for warning in reading.result.warnings.prefix(5) { print("  \(warning)") }
print("reading time: \(elapsed)")
if CommandLine.arguments.contains("--list") {
    for view in reading.textViews { print("\(view.position)\t\(view.text)") }
}
