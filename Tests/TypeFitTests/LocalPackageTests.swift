import AppUI
import Foundation
import Testing
@testable import TypeFit
@testable import XcodeProject

/// A local Swift package the app target depends on (Xcode's `XCLocalSwiftPackageReference` and the
/// target's `packageProductDependencies`) holds views of the app: init reads them as the app's and
/// names the package. An app written here: an Xcode 16 project (one iOS application target over the
/// synchronized folder `App`) depending on the product of the local package `Packages/SettingsKit`;
/// the package's one view has a `Text` whose key is in the app's strings. A second package in the
/// repository that the target does not depend on is not read as views.
@Suite("Local Swift packages")
struct LocalPackageTests {
    static let project = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {
    \t\tAA00000000000000000000A1 = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = App; sourceTree = "<group>"; };
    \t\tAA00000000000000000000B1 = {isa = PBXGroup; children = (AA00000000000000000000A1, ); sourceTree = "<group>"; };
    \t\tAA00000000000000000000C1 = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = AA00000000000000000000D2;
    \t\t\tbuildPhases = ();
    \t\t\tfileSystemSynchronizedGroups = (AA00000000000000000000A1, );
    \t\t\tname = Notebook;
    \t\t\tpackageProductDependencies = (AA00000000000000000000E2, );
    \t\t\tproductName = Notebook;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\tAA00000000000000000000D1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; GENERATE_INFOPLIST_FILE = YES; }; name = Release; };
    \t\tAA00000000000000000000D2 = {isa = XCConfigurationList; buildConfigurations = (AA00000000000000000000D1, ); };
    \t\tAA00000000000000000000E1 = {isa = XCLocalSwiftPackageReference; relativePath = Packages/SettingsKit; };
    \t\tAA00000000000000000000E2 = {isa = XCSwiftPackageProductDependency; package = AA00000000000000000000E1; productName = SettingsKit; };
    \t\tAA00000000000000000000F1 = {
    \t\t\tisa = PBXProject;
    \t\t\tbuildConfigurationList = AA00000000000000000000D2;
    \t\t\tdevelopmentRegion = en;
    \t\t\tknownRegions = (en, Base, );
    \t\t\tmainGroup = AA00000000000000000000B1;
    \t\t\tpackageReferences = (AA00000000000000000000E1, );
    \t\t\ttargets = (AA00000000000000000000C1, );
    \t\t};
    \t};
    \trootObject = AA00000000000000000000F1;
    }

    """

    func app() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-packages-\(UUID().uuidString)")
        let files: [String: String] = [
            "Notebook.xcodeproj/project.pbxproj": Self.project,
            "App/NotebookApp.swift": "import SwiftUI\n\n@main\nstruct NotebookApp: App {\n    var body: some Scene { WindowGroup { Text(\"notes.title\") } }\n}\n",
            "App/en.lproj/Localizable.strings": "\"notes.title\" = \"Notes\";\n\"settings.sync\" = \"Sync every notebook\";\n",
            "Packages/SettingsKit/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"SettingsKit\", products: [.library(name: \"SettingsKit\", targets: [\"SettingsKit\"])], targets: [.target(name: \"SettingsKit\")])\n",
            "Packages/SettingsKit/Sources/SettingsKit/SyncSettingsView.swift": "import SwiftUI\n\npublic struct SyncSettingsView: View {\n    public var body: some View {\n        List {\n            Text(\"settings.sync\")\n        }\n    }\n}\n",
            "Packages/SettingsKit/Tests/SettingsKitTests/SyncTests.swift": "import SwiftUI\n\nstruct SyncTestView: View {\n    var body: some View { Text(\"test.only\") }\n}\n",
            "Packages/Unused/Sources/Unused/UnusedView.swift": "import SwiftUI\n\nstruct UnusedView: View {\n    var body: some View { Text(\"unused.title\") }\n}\n",
        ]
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func thePackagesViewsAreTheApps() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repository = AppRepository.discover(root: dir, projectPath: nil, targetName: nil, useProject: true)
        #expect(repository.target?.localPackages == ["Packages/SettingsKit"])
        #expect(repository.localPackages == [AppRepository.LocalPackage(path: "Packages/SettingsKit", swiftFiles: 1)])
        #expect(repository.swiftFiles.sorted() == ["App/NotebookApp.swift", "Packages/SettingsKit/Sources/SettingsKit/SyncSettingsView.swift"])

        let outcome = try AppInit.run(directory: dir.path, force: false)
        #expect(outcome.summary.contains("  local Swift packages read as the app's: Packages/SettingsKit (1 Swift file)"))
        let plan = try AuditPlan.load(path: outcome.configPath)
        let screens = Set(plan.screens.map(\.name))
        #expect(screens.contains("SyncSettingsView"))
        #expect(!screens.contains("UnusedView") && !screens.contains("SyncTestView"))
        let sync = try #require(plan.screens.first { $0.name == "SyncSettingsView" })
        #expect(sync.rows.flatMap(\.labels).first?.texts[0].first?.text == "Sync every notebook")
    }
}
