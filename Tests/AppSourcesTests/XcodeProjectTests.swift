import Foundation
import Testing
@testable import XcodeProject

@Suite("Xcode project")
struct XcodeProjectTests {
    /// Tidemark's project (Tests/Fixtures/AppUI/Tidemark, written here): four targets whose settings
    /// come from `.xcconfig` files, by Xcode 16 anchors (`baseConfigurationReferenceAnchor` into the
    /// synchronized Config/ folder) and by a classic `baseConfigurationReference` (the share
    /// extension's Share/Share.xcconfig). Each expected value is read off the fixture's files:
    /// - `Tidemark-iOS` is the only iOS application: Config/Tidemark_iOS_app.xcconfig includes
    ///   common/Tidemark_iOS_common.xcconfig, line 4 `SDKROOT = iphoneos;`; the Mac target's
    ///   Config/common/Tidemark_mac_common.xcconfig says `SDKROOT = macosx`.
    /// - Its Info.plist: Tidemark_iOS_app.xcconfig line 7, `INFOPLIST_FILE = iOS/Support/Info.plist`.
    /// - `MARKETING_VERSION = 2.4`: common/Tidemark_version.xcconfig, two includes down;
    ///   `PRODUCT_BUNDLE_IDENTIFIER = $(TIDEMARK_ID_PREFIX).ios` with the project's
    ///   Config/Tidemark_project.xcconfig `TIDEMARK_ID_PREFIX = org.example.tidemark`;
    ///   `SWIFT_COMPILATION_MODE = wholemodule`: the project's Release configuration in the pbxproj;
    ///   `CODE_SIGN_IDENTITY[sdk=iphoneos*] = Apple Development` (an iOS SDK condition, kept) in
    ///   common/Tidemark_iOS_common.xcconfig; `ENABLE_APP_SANDBOX[sdk=macosx*] = YES` (a Mac SDK
    ///   condition, left out) in Tidemark_project.xcconfig.
    /// - Its files: everything under the synchronized iOS/ folder but its membership exception
    ///   `Debug/DebugMenu.storyboard`.
    /// - The share extension's resources: its variant group ShareSheet.storyboard's two children.
    @Test func tidemark() throws {
        let project = try XcodeProject.read(projectPath: "Tidemark.xcodeproj", root: AppUIFixtures.tidemark)
        #expect(project.knownRegions == ["en", "nl"] && project.developmentRegion == "en")
        // The `#include?` of a file that does not exist (Tidemark_iOS_app.xcconfig line 2) is no warning.
        #expect(project.warnings.isEmpty)
        let apps = project.iOSApplications
        #expect(apps.map(\.name) == ["Tidemark-iOS"])
        let app = try #require(apps.first)
        #expect(app.infoPlistFile == "iOS/Support/Info.plist")
        #expect(app.buildSettings["MARKETING_VERSION"] == "2.4")
        #expect(app.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "org.example.tidemark.ios")
        #expect(app.buildSettings["SWIFT_COMPILATION_MODE"] == "wholemodule")
        #expect(app.buildSettings["CODE_SIGN_IDENTITY"] == "Apple Development")
        #expect(app.buildSettings["ENABLE_APP_SANDBOX"] == nil)
        // The synchronized iOS folder: its storyboards, XIB and strings are the target's, the exception is not.
        #expect(app.resources.sorted() == ["iOS/Base.lproj/Main.storyboard", "iOS/Preferences/PreferenceSwitchCell.xib",
                                           "iOS/Preferences/Preferences.storyboard", "iOS/Station/StationDetail.storyboard",
                                           "iOS/Stations/AddStation.storyboard", "iOS/nl.lproj/Main.strings"])
        #expect(app.sources.isEmpty)
        // The Mac application and the extensions are not iOS applications; the extensions build for iOS.
        let mac = try #require(project.targets.first { $0.name == "Tidemark" })
        #expect(mac.platform == .macOS && mac.resources == ["Mac/Preferences/GeneralPane.xib"])
        let extensions = project.targets.filter { $0.productType == "com.apple.product-type.app-extension" }
        #expect(extensions.map(\.name) == ["TidemarkWidget", "TidemarkShare"])
        #expect(extensions.allSatisfy { $0.platform == .iOS && !$0.isIOSApplication })
        #expect(extensions[0].sources == ["Widget/NextTideWidget.swift"])
        #expect(extensions[1].resources == ["Share/Base.lproj/ShareSheet.storyboard", "Share/nl.lproj/ShareSheet.strings"])
        #expect(extensions[1].buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "org.example.tidemark.ios.share")
    }

    /// The repository: the target, its missing Info.plist (one line), locales, IB files.
    @Test func repository() {
        let repo = AppRepository.discover(root: AppUIFixtures.tidemark)
        #expect(repo.target?.name == "Tidemark-iOS" && repo.otherApplications.isEmpty)
        #expect(repo.warnings == ["iOS/Support/Info.plist: Info.plist not found (INFOPLIST_FILE of target \"Tidemark-iOS\")"])
        #expect(repo.locales == ["en", "nl"])
        #expect(repo.stringsFiles == ["iOS/nl.lproj/Main.strings"])
        #expect(repo.interfaceBuilderFiles.contains("iOS/Stations/AddStation.storyboard"))
        // Neither the Mac target's XIB, the extension's storyboard nor the membership exception.
        #expect(!repo.interfaceBuilderFiles.contains { $0.hasPrefix("Mac/") || $0.hasPrefix("Share/") || $0.hasPrefix("iOS/Debug/") })
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
