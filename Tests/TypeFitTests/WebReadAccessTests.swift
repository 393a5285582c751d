import Foundation
import TestSupport
import Testing
@testable import TypeFit
import WebAudit

/// `readAccess:` of a web view: the folder the page may read, as
/// `WKWebView.loadFileURL(_:allowingReadAccessTo:)` grants it in the app ("If readAccessURL
/// references a directory, files inside that directory may be loaded by WebKit", Apple's
/// documentation of the method). Default: the config's folder (an app granting its bundle's
/// resources); it must lie inside the config's folder tree and hold the page.
@Suite struct WebReadAccessTests {
    /// A repository: typefit.yml (with `extra` lines in its web view), help/page.html whose
    /// @font-face loads ../Fonts/Brand.ttf (a copy of the bundled Roboto), and that font.
    static func repository(extra: String = "") throws -> URL {
        let dir = try ConfigFixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("help"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.url("Fonts/Roboto/Roboto-Regular.ttf"),
                                         to: dir.appendingPathComponent("Fonts/Brand.ttf"))
        try Data("""
            <!DOCTYPE html><html><head><meta name="viewport" content="width=device-width">
            <style>@font-face { font-family: Brand; src: url("../Fonts/Brand.ttf"); } body { font: 17px Brand; }</style>
            </head><body><p>Help</p></body></html>
            """.utf8).write(to: dir.appendingPathComponent("help/page.html"))
        try Data("webViews:\n  - name: Help\n    file: help/page.html\n    scaling: none\n\(extra)devices: [\"iPhone 16\"]\n".utf8)
            .write(to: dir.appendingPathComponent("typefit.yml"))
        return dir
    }

    /// The path with symbolic links resolved (`realpath(3)`), as the policy compares paths.
    static func resolved(_ url: URL) -> String {
        guard let path = realpath(url.path, nil) else { return url.path }
        defer { free(path) }
        return String(cString: path)
    }

    /// By default the page may read the config's folder, so the sibling Fonts/ loads and the page is
    /// measured; with `readAccess: help` the same font is outside what the web view grants, and the
    /// audit stops naming it.
    @Test func aSiblingFontFolderLoadsUnlessReadAccessIsNarrower() throws {
        let open = try Self.repository()
        defer { try? FileManager.default.removeItem(at: open) }
        let config = try TypeFitConfig.load(path: open.appendingPathComponent("typefit.yml").path)
        #expect(config.webViews.first?.readAccess.path == Self.resolved(open))
        let run = try TypeFit.audit(configPath: open.appendingPathComponent("typefit.yml").path)
        #expect(run.document.webPages?.count == 1)

        let narrow = try Self.repository(extra: "    readAccess: help\n")
        defer { try? FileManager.default.removeItem(at: narrow) }
        let error = try #require(throws: WebAuditError.self) {
            _ = try TypeFit.audit(configPath: narrow.appendingPathComponent("typefit.yml").path)
        }
        let font = Self.resolved(narrow.appendingPathComponent("Fonts/Brand.ttf"))
        let folder = Self.resolved(narrow.appendingPathComponent("help")) + "/"
        #expect(error.message == "the page loads \(font), outside its read-access folder \(folder) (a page may read only its web view's readAccess folder)")
    }

    /// A readAccess outside the config's folder, one that does not hold the page, and a page outside
    /// the config's folder with no readAccess: each an error at its line and column.
    @Test func readAccessStaysInsideTheRepository() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("help")
        func error(_ yaml: String, base: URL) -> ConfigError? {
            do {
                _ = try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: base)
                return nil
            } catch { return error as? ConfigError }
        }
        let base = "webViews:\n  - name: Help\n    file: page.html\n    scaling: none\n"
        // Line 5 "    readAccess: .." → the value starts at column 4 + "readAccess: " (12) + 1 = 17.
        let up = try #require(error(base + "    readAccess: ..\n", base: app))
        #expect(up.line == 5 && up.column == 17 && up.path == "webViews[0].readAccess")
        #expect(up.message == "readAccess folder \(dir.standardizedFileURL.path) is outside the config's folder \(app.standardizedFileURL.path) (a page may read only inside the repository)")
        // The config in the repository's root, the page in help/, readAccess the Fonts folder.
        let other = try #require(error("webViews:\n  - name: Help\n    file: help/page.html\n    scaling: none\n    readAccess: Fonts\n", base: dir))
        #expect(other.line == 5 && other.column == 17)
        #expect(other.message.hasPrefix("readAccess folder \(dir.appendingPathComponent("Fonts").standardizedFileURL.path) does not hold the page "))
        // A page outside the config's folder (../page.html from Fonts/): at the file's value, line 3 column 11.
        let outside = try #require(error("webViews:\n  - name: Help\n    file: ../help/page.html\n    scaling: none\n",
                                         base: dir.appendingPathComponent("Fonts")))
        #expect(outside.line == 3 && outside.column == 11 && outside.path == "webViews[0].file")
        #expect(outside.message.contains("is outside the config's folder"))
    }
}
