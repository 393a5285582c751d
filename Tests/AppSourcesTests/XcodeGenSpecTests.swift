import Foundation
import TestSupport
import Testing
@testable import XcodeProject

/// A repository that commits XcodeGen's `project.yml` and not the generated `.xcodeproj`: the spec is
/// read into the project the pbxproj reader would give. The spec below is written for these tests in
/// the documented format (XcodeGen's Docs/ProjectSpec.md: `targets` by name with `type`, `platform`,
/// `sources` as paths or `{path, excludes}`, `info: {path, properties}`; `options.developmentLanguage`).
@Suite("XcodeGen project.yml")
struct XcodeGenSpecTests {
    /// Writes `files` (relative path → text) under a fresh folder.
    static func repository(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory("typefit-xcodegen")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    static let spec = """
        name: Notes
        options:
          bundleIdPrefix: org.example
          developmentLanguage: de
        targets:
          Notes:
            type: application
            platform: iOS
            deploymentTarget: "16.0"
            sources:
              - path: Notes
                excludes:
                  - "**/*.md"
                  - Preview Content
              - Shared/Theme.swift
            info:
              path: Notes/Info.plist
              properties:
                UIAppFonts: [Fonts/Brand Regular.otf, Fonts/Brand-Bold.otf]
                UILaunchScreen: {}
          NotesWidget:
            type: app-extension
            platform: iOS
            sources: [Widget]
          NotesMac:
            type: application
            platform: macOS
            sources: [Mac]
        """

    static let files: [String: String] = [
        "project.yml": spec,
        "Notes/App.swift": "import SwiftUI\n",
        "Notes/Views/List.swift": "import SwiftUI\n",
        "Notes/Views/README.md": "notes\n",
        "Notes/Preview Content/Sample.swift": "import SwiftUI\n",
        "Notes/Base.lproj/Main.storyboard": "<document/>\n",
        "Notes/de.lproj/Localizable.strings": "\"a\" = \"b\";\n",
        "Notes/fr.lproj/Localizable.strings": "\"a\" = \"c\";\n",
        "Notes/Fonts/Brand Regular.otf": "",
        "Shared/Theme.swift": "import SwiftUI\n",
        "Shared/Other.swift": "import SwiftUI\n",
        "Widget/Widget.swift": "import WidgetKit\n",
        "Mac/Mac.swift": "import AppKit\n",
    ]

    /// The iOS application `Notes` with the files of its sources but the excluded ones (a `**/*.md`
    /// glob and a folder), its generated Info.plist's fonts from `info.properties`, the development
    /// language from `options`, and the .lproj folders as locales.
    @Test func readsTheApplicationTarget() throws {
        let dir = try Self.repository(Self.files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let repo = AppRepository.discover(root: dir)
        #expect(repo.project?.path == "project.yml")
        #expect(repo.target?.name == "Notes")
        #expect(repo.target?.isIOSApplication == true)
        // The widget is an extension and NotesMac a Mac app: neither is another iOS application.
        #expect(repo.otherApplications.isEmpty)
        #expect(repo.swiftFiles == ["Notes/App.swift", "Notes/Views/List.swift", "Shared/Theme.swift"])
        #expect(repo.interfaceBuilderFiles == ["Notes/Base.lproj/Main.storyboard"])
        #expect(repo.stringsFiles == ["Notes/de.lproj/Localizable.strings", "Notes/fr.lproj/Localizable.strings"])
        #expect(repo.target?.files.contains("Notes/Views/README.md") == false)
        // Notes/Info.plist is not in the repository (XcodeGen writes it): nothing to read, no warning for it.
        #expect(repo.infoPlist == nil)
        #expect(repo.appFonts.map(\.name) == ["Fonts/Brand Regular.otf", "Fonts/Brand-Bold.otf"])
        #expect(repo.appFonts.map(\.path) == ["Notes/Fonts/Brand Regular.otf", nil])
        #expect(repo.developmentRegion == "de")
        #expect(repo.locales == ["de", "fr"])
        #expect(repo.warnings == ["Info.plist: UIAppFonts: \"Fonts/Brand-Bold.otf\" not found in the repository"])
    }

    /// With the Info.plist committed, it is the target's (its own UIAppFonts read when the spec
    /// gives none), and a literal CFBundleDevelopmentRegion in `info.properties` names the region.
    @Test func aCommittedInfoPlistAndItsRegion() throws {
        let plist: [String: Any] = ["UIAppFonts": ["Brand.ttf"]]
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        let dir = try Self.repository([
            "project.yml": """
                name: App
                targets:
                  App:
                    type: application
                    platform: [iOS, tvOS]
                    sources: App
                    info:
                      path: App/Info.plist
                      properties:
                        CFBundleDevelopmentRegion: fr
                """,
            "App/Main.swift": "import UIKit\n",
            "App/Brand.ttf": "",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        try xml.write(to: dir.appendingPathComponent("App/Info.plist"))
        let repo = AppRepository.discover(root: dir, useProject: true)
        // A target for several platforms is one target per platform, `<name>_<platform>` (ProjectSpec.md, "Multi Platform targets").
        #expect(repo.target?.name == "App_iOS")
        #expect(repo.infoPlist == "App/Info.plist")
        #expect(repo.appFonts.map(\.path) == ["App/Brand.ttf"])
        #expect(repo.developmentRegion == "fr" && repo.locales == ["fr"])
        #expect(repo.warnings.isEmpty)
    }

    /// Without a spec: an .xcodeproj with no project.pbxproj, or a Tuist manifest, is one line and
    /// the folder is walked (not "cannot read the file").
    @Test func generatedProjectsWithoutASpecAreWalked() throws {
        let xcodeproj = try Self.repository(["App.xcodeproj/xcshareddata/x.plist": "", "App/A.swift": "import UIKit\n"])
        defer { try? FileManager.default.removeItem(at: xcodeproj) }
        let walked = AppRepository.discover(root: xcodeproj)
        #expect(walked.project == nil && walked.swiftFiles == ["App/A.swift"])
        #expect(walked.warnings == ["App.xcodeproj: no project.pbxproj (generated from project.yml?); files found by walking the folder"])

        let tuist = try Self.repository(["Project.swift": "import ProjectDescription\n", "App/A.swift": "import UIKit\n"])
        defer { try? FileManager.default.removeItem(at: tuist) }
        #expect(AppRepository.discover(root: tuist).warnings
                == ["Project.swift: no project.pbxproj (a Tuist manifest, not read); files found by walking the folder"])
        // An app's own Project.swift (a model type) is no manifest: nothing to say.
        let model = try Self.repository(["App/Project.swift": "struct Project {}\n"])
        defer { try? FileManager.default.removeItem(at: model) }
        #expect(AppRepository.discover(root: model).warnings.isEmpty)
    }

    /// Bad specs: one line naming the file and position, and the folder still walked; a source path
    /// that leaves the repository is left out with a remark; a source repeated through an alias is read once.
    @Test func badSpecsAreOneLine() throws {
        let broken = try Self.repository(["project.yml": "targets:\n  App: [unclosed\n", "A.swift": ""])
        defer { try? FileManager.default.removeItem(at: broken) }
        let repo = AppRepository.discover(root: broken)
        #expect(repo.project == nil && repo.swiftFiles == ["A.swift"])
        #expect(repo.warnings.count == 1)
        #expect(repo.warnings.first?.hasPrefix("project.yml:") == true && repo.warnings.first?.contains(": not valid YAML (") == true,
                "\(repo.warnings)")

        let outside = try Self.repository(["project.yml": "targets:\n  App: {type: application, platform: iOS, sources: [../../etc, App]}\n",
                                           "App/A.swift": ""])
        defer { try? FileManager.default.removeItem(at: outside) }
        let read = AppRepository.discover(root: outside)
        #expect(read.swiftFiles == ["App/A.swift"])
        #expect(read.warnings == ["project.yml: targets.App.sources: ../../etc is outside the repository; not read"])

        // One source written 3 times through an alias: its files listed once.
        let aliased = try Self.repository(["project.yml": "s: &s {path: App}\ntargets:\n  App: {type: application, platform: iOS, sources: [*s, *s, *s]}\n",
                                           "App/A.swift": ""])
        defer { try? FileManager.default.removeItem(at: aliased) }
        #expect(AppRepository.discover(root: aliased).swiftFiles == ["App/A.swift"])
    }

    /// XcodeGen's exclude globs: `*` within a path component, `**` across components, `{a,b}`.
    @Test func globs() throws {
        let md = try #require(Glob("**/*.md"))
        #expect(md.matches("README.md") && md.matches("a/b/README.md") && !md.matches("a/README.mdx"))
        let star = try #require(Glob("*.swift"))
        #expect(star.matches("A.swift") && !star.matches("a/A.swift"))
        let alternatives = try #require(Glob("Tests/{Unit,UI}"))
        #expect(alternatives.matches(pathOrAncestor: "Tests/UI/A.swift") && !alternatives.matches(pathOrAncestor: "Tests/Snap/A.swift"))
        #expect(Glob(String(repeating: "*a", count: 9)) == nil)
    }
}
