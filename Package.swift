// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TypeFit",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TypeFit", targets: ["TypeFit"]),
        .library(name: "TypeFitTesting", targets: ["TypeFitTesting"]),
        .executable(name: "typefit", targets: ["typefit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // C libraries that are linked: [system] modules with a shim header (Sources/CFreeType, CHarfBuzz).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // fontconfig and ICU are not linked: each is loaded at first use (dlopen), so a command that
        // needs neither (`typefit measure` with a font file) does not load them at start. Their
        // headers (libfontconfig-dev, libicu-dev, in /usr/include: no pkg-config, which would add
        // -lfontconfig / -licuuc to the link) are still needed to build.
        // dlopen + dlsym of a list of functions, with the one-line error when that fails.
        .target(name: "CLibraryLoader"),
        // fontconfig's functions through a table filled once from libfontconfig.so.1.
        .target(name: "CFontconfig", dependencies: ["CLibraryLoader"]),
        // ICU line breaking behind a C facade whose public header exposes no ICU types; loads
        // libicuuc.so.<the headers' major version>.
        .target(name: "CLineBreak", dependencies: ["CLibraryLoader"]),
        // The benchmark's floor: plain C shaping each line once with HarfBuzz (typefit bench).
        .target(name: "CShapeBaseline", dependencies: ["CHarfBuzz"]),
        // The same C loop as a whole process, for bench's whole-process table (a C program: no Swift startup).
        .executableTarget(name: "typefit-hb-loop", dependencies: ["CShapeBaseline"]),

        // The one module that owns C handles.
        .target(name: "FontEngine", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CLineBreak", "CShapeBaseline", "TypeFitSupport"]),
        // Pure Swift vocabulary.
        // Helpers shared by every reader of user input (spelling suggestions, plist guard).
        .target(name: "TypeFitSupport"),
        .target(name: "DynamicType", dependencies: ["TypeFitSupport"]),
        .target(name: "Localization", dependencies: ["TypeFitSupport"]),
        .target(name: "Layout", dependencies: ["DynamicType", "TypeFitSupport"]),
        // The app's own UI as read from its files (shared by the Interface Builder and SwiftUI readers).
        .target(name: "AppUI", dependencies: ["DynamicType"]),
        // An Xcode project's targets, files, Info.plist, xcconfig and swiftgen.yml (Foundation + Yams).
        .target(name: "XcodeProject", dependencies: ["TypeFitSupport", .product(name: "Yams", package: "Yams")]),
        // iOS storyboards and XIBs read into AppUI's vocabulary (an XML scanner of its own: FoundationXML
        // links libxml2, which loads ICU at every start of typefit; docs/ui-sources.md).
        .target(name: "InterfaceBuilder", dependencies: ["AppUI", "DynamicType", "TypeFitSupport"]),
        // The SwiftUI reader: the one module (with its tests) that depends on swift-syntax.
        .target(name: "SwiftUISource", dependencies: [
            "AppUI", "DynamicType", "TypeFitSupport",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // Reads an app's SwiftUI views and prints the counts and time (docs/ui-sources.md).
        .executableTarget(name: "typefit-swiftui-scan", dependencies: ["SwiftUISource", "AppUI", "Localization"]),
        .target(name: "Reports", dependencies: ["DynamicType", "TypeFitSupport"]),
        .target(name: "Audit", dependencies: ["AppUI", "DynamicType", "Layout", "Localization", "Reports", "TypeFitSupport"]),
        // The one module that drives an external browser (headless Chromium over the DevTools pipe).
        .target(name: "WebAudit", dependencies: ["Audit", "DynamicType", "Reports"]),
        // Wiring: config, fonts, models, layout, audit.
        .target(name: "TypeFit", dependencies: [
            "FontEngine", "DynamicType", "Layout", "Localization", "Audit", "Reports", "TypeFitSupport", "WebAudit",
            "AppUI", "XcodeProject", "InterfaceBuilder", "SwiftUISource",
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "TypeFitTesting", dependencies: ["TypeFit"]),
        .executableTarget(name: "typefit", dependencies: [
            "TypeFit", "TypeFitSupport", "WebAudit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Paths, temporary folders and process runs shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FontEngineTests", dependencies: ["TestSupport", "FontEngine", "Localization", "TypeFitSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DynamicTypeTests", dependencies: ["TestSupport", "DynamicType"], exclude: ["Fixtures"]),
        .testTarget(name: "LayoutTests", dependencies: ["TestSupport", "Layout", "FontEngine", "DynamicType", "TypeFit", "TypeFitSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["TestSupport", "Localization"]),
        .testTarget(name: "ReportsTests", dependencies: ["TestSupport", "Reports", "DynamicType", "TypeFitSupport"], exclude: ["Schemas"]),
        .testTarget(name: "AuditTests", dependencies: ["TestSupport", "Audit", "Layout", "DynamicType", "Reports"]),
        .testTarget(name: "TypeFitTests", dependencies: ["TestSupport", "TypeFit", "TypeFitTesting", "TypeFitSupport", "WebAudit", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "TypeFit", "FontEngine", "TypeFitSupport", "typefit"]),
        .testTarget(name: "AppSourcesTests", dependencies: ["TestSupport", "AppUI", "InterfaceBuilder", "XcodeProject", "DynamicType", "Layout", "TypeFitSupport"]),
        .testTarget(name: "WebAuditTests", dependencies: ["TestSupport", "WebAudit", "Audit", "DynamicType", "Reports"]),
        .testTarget(name: "SwiftUISourceTests", dependencies: ["TestSupport", "SwiftUISource", "AppUI", "DynamicType"],
                    exclude: ["Fixtures", "count-swiftui-text.py"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzzing (fuzz/README.md, scripts/fuzz): only with FUZZ=1, because the driver links only with
// `-Xswiftc -sanitize=fuzzer`. Never set in CI; a plain `swift build` does not see these targets.
if Context.environment["FUZZ"] != nil {
    package.targets += [
        .systemLibrary(name: "CFuzzerDriver"),
        .executableTarget(name: "typefit-fuzz", dependencies: [
            "CFuzzerDriver", "TypeFit", "Localization", "DynamicType", "FontEngine", "Reports", "TypeFitSupport", "WebAudit",
        ]),
    ]
    package.products += [.executable(name: "typefit-fuzz", targets: ["typefit-fuzz"])]
}
