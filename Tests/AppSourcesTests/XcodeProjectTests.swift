import Foundation
import Testing
@testable import XcodeProject

@Suite("Xcode project")
struct XcodeProjectTests {
    /// NetNewsWire's project (MIT, Tests/Fixtures/AppUI/NetNewsWire): its targets and their platforms come
    /// from the Xcode 16 `.xcconfig` anchors (`baseConfigurationReferenceAnchor`); its iOS application is
    /// `NetNewsWire-iOS` (xcconfig/common/NetNewsWire_ios_target_common.xcconfig: `SDKROOT = iphoneos;`),
    /// whose Info.plist is iOS/Resources/Info.plist (xcconfig/NetNewsWire_iOSapp_target.xcconfig line 6).
    @Test func netNewsWire() throws {
        let project = try XcodeProject.read(projectPath: "NetNewsWire.xcodeproj", root: AppUIFixtures.netNewsWire)
        #expect(project.knownRegions == ["en", "es"] && project.developmentRegion == "en")
        let apps = project.iOSApplications
        #expect(apps.map(\.name) == ["NetNewsWire-iOS"])
        let app = try #require(apps.first)
        #expect(app.infoPlistFile == "iOS/Resources/Info.plist")
        // The synchronized iOS folder: the copied storyboards and XIB are the target's.
        #expect(app.resources.contains("iOS/Settings/Settings.storyboard"))
        #expect(app.resources.contains("iOS/Base.lproj/Main.storyboard"))
        // The Mac application and the extensions are not iOS applications.
        #expect(project.targets.contains { $0.name == "NetNewsWire" && $0.platform == .macOS })
        #expect(project.targets.filter { $0.productType.hasSuffix("app-extension") }.allSatisfy { !$0.isIOSApplication })
    }

    /// The repository: the target, its missing Info.plist (one line), locales, IB files.
    @Test func repository() {
        let repo = AppRepository.discover(root: AppUIFixtures.netNewsWire)
        #expect(repo.target?.name == "NetNewsWire-iOS")
        #expect(repo.warnings == ["iOS/Resources/Info.plist: Info.plist not found (INFOPLIST_FILE of target \"NetNewsWire-iOS\")"])
        #expect(repo.locales == ["en", "es"])
        #expect(repo.interfaceBuilderFiles.contains("iOS/Add/Add.storyboard"))
        #expect(!repo.interfaceBuilderFiles.contains { $0.hasPrefix("Mac/") })
    }

    /// A project.pbxproj that is not a property list: one line naming the file.
    @Test func notAPropertyList() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-pbx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{ objects = ( ; }}} nonsense".utf8).write(to: dir.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        #expect(throws: XcodeProjectError(file: "App.xcodeproj/project.pbxproj",
                                          message: "not a property list (an Xcode project file is an old-style property list)")) {
            try XcodeProject.read(projectPath: "App.xcodeproj", root: dir)
        }
        // The repository still works, by walking the folder, with the one-line warning.
        let repo = AppRepository.discover(root: dir)
        #expect(repo.project == nil && repo.warnings.count == 1)
    }

    /// A missing UIAppFonts font and a target's generated Info.plist keys.
    @Test func appFonts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App/Fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plist: [String: Any] = ["UIAppFonts": ["Brand-Regular.otf", "Brand-Bold.otf"]]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: dir.appendingPathComponent("App/Info.plist"))
        try Data().write(to: dir.appendingPathComponent("App/Fonts/Brand-Regular.otf"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        let pbx = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; rootObject = P; objects = {
              P = { isa = PBXProject; targets = (T); knownRegions = (en, Base, fr); developmentRegion = en; mainGroup = G; };
              G = { isa = PBXGroup; children = (S); sourceTree = "<group>"; };
              S = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
              T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
                    buildConfigurationList = L; fileSystemSynchronizedGroups = (S); buildPhases = (); };
              L = { isa = XCConfigurationList; buildConfigurations = (R); };
              R = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; INFOPLIST_FILE = "$(SRCROOT)/App/Info.plist"; }; };
            }; }
            """
        try Data(pbx.utf8).write(to: dir.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let repo = AppRepository.discover(root: dir)
        #expect(repo.target?.name == "App")
        #expect(repo.infoPlist == "App/Info.plist")
        #expect(repo.locales == ["en", "fr"])
        #expect(repo.appFonts.map(\.path) == ["App/Fonts/Brand-Regular.otf", nil])
        #expect(repo.warnings == ["App/Info.plist: UIAppFonts: \"Brand-Bold.otf\" not found in the repository"])
    }

    /// A swiftgen.yml written here, laid out as SwiftGen documents it (a `strings:` list of inputs, each
    /// with `outputs:` and `params:`; `enumName` defaults to `L10n`), with a comment and another section
    /// after it: each strings input and its enum.
    @Test func swiftGen() throws {
        let text = """
        # Strings of the trail app and its widget.
        strings:
          - inputs: Trail/Resources/en.lproj/Localizable.strings
            outputs:
              templateName: structured-swift5
              output: Trail/Generated/Strings.swift
          - inputs: Trail/Resources/en.lproj/Widget.strings
            outputs:
              templateName: flat-swift5
              output: Trail/Generated/WidgetStrings.swift
              params:
                enumName: WidgetText
                publicAccess: true
          - inputs: Trail/Resources/en.lproj/Onboarding.strings
            outputs:
              templateName: structured-swift5
              output: Trail/Generated/OnboardingStrings.swift
              params:
                enumName: OnboardingText
        xcassets:
          inputs: Trail/Assets.xcassets
          outputs:
            templateName: swift5
            output: Trail/Generated/Assets.swift
        """
        let config = try SwiftGenConfig.parse(text, file: "swiftgen.yml")
        #expect(config.strings.map(\.table) == ["Localizable", "Widget", "Onboarding"])
        #expect(config.strings.map(\.enumName) == ["L10n", "WidgetText", "OnboardingText"])
        #expect(config.table(forEnum: "L10n")?.input == "Trail/Resources/en.lproj/Localizable.strings")
        #expect(throws: XcodeProjectError.self) { try SwiftGenConfig.parse("strings: [unclosed", file: "swiftgen.yml") }
    }

    /// Generated names as SwiftGen's structured-swift5 template makes them: the key split at ".",
    /// snake_case parts camel-cased, every part but the last a capitalized enum, the last a
    /// lower-camel constant: "trail_map.errors.download_failed" → `TrailMap.Errors.downloadFailed`.
    @Test func swiftGenNames() {
        #expect(SwiftGenConfig.swiftPath(forKey: "trail_map.errors.download_failed")
                == "TrailMap.Errors.downloadFailed")
        let keys = ["settings.screen.sync.title", "settings.screen.sync.retry_button"]
        #expect(SwiftGenConfig.key(forPath: "Settings.Screen.Sync.retryButton", among: keys)
                == "settings.screen.sync.retry_button")
        #expect(SwiftGenConfig.lowerFirstWord("URLString") == "urlString")
    }
}

/// The repository walk (`FileTree`, readdir) against Foundation's enumerator on the same tree: the
/// same files, less what the walk leaves out on purpose (hidden entries, tool folders, bundles'
/// insides, a FIFO, a link to a folder).
@Suite("Repository walk")
struct RepositoryWalkTests {
    @Test func sameFilesAsFoundationsEnumerator() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["App/View.swift", "App/en.lproj/Localizable.strings", "App/Deep/er/Row.swift", "README.md",
                     "App/Assets.xcassets/Contents.json", "App.xcodeproj/project.pbxproj", "Pods/Lib/Lib.swift",
                     ".git/config", "App/.hidden.swift", "Ünïcode/Ä.swift"]
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Linked").path,
                                                   withDestinationPath: root.appendingPathComponent("App/Deep").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Alias.swift").path,
                                                   withDestinationPath: root.appendingPathComponent("App/View.swift").path)
        #expect(mkfifo(root.appendingPathComponent("App/pipe").path, 0o600) == 0)

        // Foundation's enumerator, every regular file, then the walk's rules applied by hand.
        var expected: [String] = []
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        while let path = walker.nextObject() as? String {
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeRegular || (type == .typeSymbolicLink && path.hasSuffix(".swift")) { expected.append(path) }
        }
        expected = expected.filter { path in
            let parts = path.split(separator: "/")
            return !parts.contains { $0.hasPrefix(".") || $0 == "Pods" || $0.hasSuffix(".xcassets") || $0.hasSuffix(".xcodeproj") }
        } + ["App.xcodeproj"]
        #expect(AppRepository.walk(root) == expected.sorted())
        #expect(AppRepository.walk(root).contains("App/Alias.swift") && !AppRepository.walk(root).contains("App/pipe"))
    }
}
