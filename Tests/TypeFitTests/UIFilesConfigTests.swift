import Foundation
import Testing
@testable import TypeFit
import TypeFitSupport

/// Choosing what the `ui:` section reads: `exclude:` patterns, folders in `swift:` and
/// `interfaceBuilder:`, listed paths that do not exist, and a `target:` the project lacks.
@Suite("ui: files and target")
struct UIFilesConfigTests {
    /// A SwiftUI view with one text, written here.
    static func view(_ name: String) -> String {
        "import SwiftUI\n\nstruct \(name): View {\n    var body: some View {\n        Text(\"\(name) title\")\n    }\n}\n"
    }

    /// An app without an Xcode project: views in App/, App/Settings/, App/Mac/ and AppTests/.
    func app() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-ui-files-\(UUID().uuidString)")
        for path in ["App/HomeView.swift", "App/Settings/SettingsView.swift", "App/Mac/MacWindowView.swift",
                     "AppTests/HomeViewTests.swift"] {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.view(url.deletingPathExtension().lastPathComponent).utf8).write(to: url)
        }
        return dir
    }

    func plan(_ dir: URL, _ yaml: String) throws -> AuditPlan {
        let path = dir.appendingPathComponent("typefit.yml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        return try AuditPlan.load(path: path)
    }

    @Test func excludePatternsLeaveFilesOut() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let all = try plan(dir, "ui:\n  project: none\n")
        #expect(all.ui.swiftFiles == ["App/HomeView.swift", "App/Mac/MacWindowView.swift", "App/Settings/SettingsView.swift",
                                      "AppTests/HomeViewTests.swift"])
        let some = try plan(dir, "ui: { project: none, exclude: [\"**/Mac/**\", \"**/*Tests*/**\"] }\n")
        #expect(some.ui.swiftFiles == ["App/HomeView.swift", "App/Settings/SettingsView.swift"])
    }

    @Test func aListedFolderIsReadRecursively() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let listed = try plan(dir, "ui:\n  project: none\n  swift: [App, AppTests/HomeViewTests.swift]\n  exclude: [\"App/Mac/*\"]\n")
        #expect(listed.ui.swiftFiles == ["App/HomeView.swift", "App/Settings/SettingsView.swift", "AppTests/HomeViewTests.swift"])
    }

    @Test func aListedPathThatDoesNotExistIsAnErrorAtIt() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("typefit.yml").path
        // Line 3; the list's second item `Views` starts at column 16 of `  swift: [App, Views]`.
        let yaml = "ui:\n  project: none\n  swift: [App, Views]\n"
        do {
            _ = try plan(dir, yaml)
            Issue.record("a missing folder was accepted")
        } catch {
            #expect(String(describing: error) == path + ":3:16: ui.swift[1]: Swift file path \"Views\" not found (looked for \(dir.appendingPathComponent("Views").standardizedFileURL.path))")
        }
    }

    @Test func aTargetTheProjectLacksIsAnErrorWithTheNearestName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-ui-target-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: AppInitTests.fixtures.appendingPathComponent("Tidemark"), to: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("typefit.yml").path
        do {
            _ = try plan(dir, "ui:\n  target: Tidemark-iS\n")
            Issue.record("an unknown target was accepted")
        } catch {
            // The fixture's targets (Tidemark.xcodeproj): Tidemark-iOS, one letter away; Tidemark, three;
            // TidemarkWidget and TidemarkShare, further. Line 2, column 11: after `  target: `.
            #expect(String(describing: error) == path + #":2:11: ui.target: no target named "Tidemark-iS" in Tidemark.xcodeproj; did you mean "Tidemark-iOS"?"#)
        }
        do {
            _ = try plan(dir, "ui:\n  project: none\n  target: Tidemark-iOS\n")
            Issue.record("a target without a project was accepted")
        } catch {
            #expect(String(describing: error) == path + #":3:11: ui.target: target "Tidemark-iOS" needs an Xcode project, and `project: none` reads none"#)
        }
    }

    @Test func globsMatchComponentsAsWritten() {
        // Each case by the rules of docs/config.md: `*` within a component, `**` any number of them.
        let mac = PathGlob("**/Mac/**")
        #expect(mac.matches("Mac/Window.xib") && mac.matches("App/Mac/Sub/Window.xib"))
        #expect(!mac.matches("App/MacOS/Window.xib") && !mac.matches("App/Window.xib"))
        let tests = PathGlob("**/*Tests*/**")
        #expect(tests.matches("AppTests/A.swift") && tests.matches("x/UITestsSupport/y/B.swift"))
        // A file named like the folder is not inside it: the trailing `/**` is at least one component.
        #expect(!tests.matches("App/FooTests.swift") && !tests.matches("App/Tested.swift"))
        let direct = PathGlob("Legacy/*.xib")
        #expect(direct.matches("Legacy/Old.xib") && !direct.matches("Legacy/Sub/Old.xib") && !direct.matches("Legacy/Old.storyboard"))
        #expect(PathGlob("App/?ome*.swift").matches("App/HomeView.swift"))
        // Many stars against a long name that does not match end in time (no backtracking blow-up).
        #expect(!PathGlob(String(repeating: "*a", count: 40) + "b").matches(String(repeating: "a", count: 2000)))
    }
}
