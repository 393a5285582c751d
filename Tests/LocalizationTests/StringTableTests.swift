import Foundation
import TestSupport
import Testing
@testable import Localization

@Test func tableFromLprojFolders() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    for (folder, text) in [("en.lproj", "\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n"),
                           ("pt_BR.lproj", "\n\"hello\" = \"Olá\";\n")] {
        try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: dir.appendingPathComponent("\(folder)/Localizable.strings"))
    }
    try Data(stringsdictFixture.utf8).write(to: dir.appendingPathComponent("pt_BR.lproj/Localizable.stringsdict"))
    try Data(xcstringsFixture.utf8).write(to: dir.appendingPathComponent("Catalog.xcstrings"))
    try Data("ignored".utf8).write(to: dir.appendingPathComponent("README.md"))

    let table = try StringTable.load(contentsOf: dir)
    #expect(table.locales == ["de", "en", "pt-BR"])
    let ola = try #require(table.lookup(key: "hello", locale: "pt_BR"))
    #expect(ola.value == "Olá")
    #expect(ola.line == 2)
    #expect(ola.file.hasSuffix("pt_BR.lproj/Localizable.strings"))
    // Fallback en-GB → en.
    #expect(table.lookup(key: "bye", locale: "en-GB")?.value == "Bye")
    #expect(table.lookup(key: "bye", locale: "fr") == nil)
    // Variants: the stringsdict in pt_BR.lproj.
    #expect(table.variants(key: "photos.count", locale: "pt-BR").map(\.variant) == ["[zero]", "[one]", "[other]"])
    #expect(table.lookup(key: "photos.count", locale: "pt-BR", variant: "[one]")?.value == "Ein Foto")
    #expect(table.keys(locale: "en") == ["Implicit source", "Old \"quoted\" key", "bye", "hello", "items.count", "photos_in_albums"])
}

@Test func tableErrors() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("Localizable.strings")
    try Data("\"a\" = \"A\";".utf8).write(to: file)
    // No lproj and the name is not a locale: needs an explicit locale.
    #expect(throws: LocalizationError.self) { try StringTable.load(contentsOf: file) }
    #expect(try StringTable.load(contentsOf: file, locale: "fr_CA").locales == ["fr-CA"])
    do {
        _ = try StringTable.load(contentsOf: dir.appendingPathComponent("missing.strings"))
        Issue.record("expected an error")
    } catch {
        #expect(error.description == "\(dir.path)/missing.strings: no such file or directory")
    }
}
