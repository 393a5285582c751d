// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Release builds on Linux link libstdc++, which the Swift runtime needs, from its static archive
/// when GCC's directories have it beside every libstdc++.so (Debian's and Ubuntu's
/// libstdc++-N-dev install both; elsewhere the shared library is linked as before). Loading
/// libstdc++.so.6 at start cost about 0.8 ms of each run of `typefit measure` (README,
/// "Session 8"). The symbols stay private to the executable (the toolchain links with
/// `--exclude-libs ALL`), so a library loaded later that uses libstdc++.so.6 (ICU) has its own.
let staticLibstdcxx: [LinkerSetting] = {
    let files = FileManager.default
    let gcc = "/usr/lib/gcc"
    var directories: [String] = []
    for triple in (try? files.contentsOfDirectory(atPath: gcc)) ?? [] {
        for version in (try? files.contentsOfDirectory(atPath: "\(gcc)/\(triple)")) ?? [] {
            let directory = "\(gcc)/\(triple)/\(version)"
            if files.fileExists(atPath: "\(directory)/libstdc++.so") { directories.append(directory) }
        }
    }
    guard !directories.isEmpty, directories.allSatisfy({ files.fileExists(atPath: "\($0)/libstdc++.a") }) else { return [] }
    return [.unsafeFlags(["-L\(Context.packageDirectory)/scripts/static-libstdc++"],
                         .when(platforms: [.linux], configuration: .release))]
}()

/// Release builds on Linux export no symbols from the `typefit` executable
/// (`scripts/typefit-symbols.map`, a version script that makes every symbol local). The toolchain
/// exported all 9,867 public symbols of the package's modules, and the Swift runtime's backtrace
/// set-up calls `dladdr` on itself before `main` at every start, which walks them all (355 k
/// instructions, callgrind) and pages in the 720 KiB symbol and string tables: `typefit measure` on
/// a one-line file 5.59 → 5.34 ms (p10 of 60 alternated runs), the executable 0.8 MB smaller.
let hiddenSymbols: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/scripts/typefit-symbols.map"],
                 .when(platforms: [.linux], configuration: .release)),
]

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
        .target(name: "TypeFitSupport", dependencies: ["CThreadStart"]),
        // Starting a helper thread on another CPU than its creator's (WorkerCrew; Linux affinity).
        .target(name: "CThreadStart"),
        .target(name: "DynamicType", dependencies: ["TypeFitSupport"]),
        .target(name: "Localization", dependencies: ["TypeFitSupport"]),
        .target(name: "Layout", dependencies: ["DynamicType"]),
        // The app's own UI as read from its files (shared by the Interface Builder and SwiftUI readers).
        .target(name: "AppUI", dependencies: ["DynamicType"]),
        // The SwiftUI reader: the one module (with its tests) that depends on swift-syntax.
        .target(name: "SwiftUISource", dependencies: [
            "AppUI", "DynamicType", "TypeFitSupport",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // Reads an app's SwiftUI views and prints the counts and time (docs/ui-sources-swiftui.md).
        .executableTarget(name: "typefit-swiftui-scan", dependencies: ["SwiftUISource", "AppUI", "Localization"]),
        .target(name: "Reports", dependencies: ["TypeFitSupport"]),
        .target(name: "Audit", dependencies: ["DynamicType", "Layout", "Localization", "Reports", "TypeFitSupport"]),
        // The one module that drives an external browser (headless Chromium over the DevTools pipe).
        .target(name: "WebAudit", dependencies: ["DynamicType"]),
        // Wiring: config, fonts, models, layout, audit.
        .target(name: "TypeFit", dependencies: [
            "FontEngine", "DynamicType", "Layout", "Localization", "Audit", "Reports", "TypeFitSupport", "WebAudit",
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "TypeFitTesting", dependencies: ["TypeFit"]),
        .executableTarget(name: "typefit", dependencies: [
            "TypeFit", "TypeFitSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: staticLibstdcxx + hiddenSymbols),

        .testTarget(name: "FontEngineTests", dependencies: ["FontEngine", "Localization", "TypeFitSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DynamicTypeTests", dependencies: ["DynamicType"], exclude: ["Fixtures"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "FontEngine", "DynamicType", "TypeFit"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "TypeFitSupport"], exclude: ["Schemas"]),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "Layout", "DynamicType", "Reports"]),
        .testTarget(name: "TypeFitTests", dependencies: ["TypeFit", "TypeFitTesting", "TypeFitSupport", "WebAudit", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CLITests", dependencies: ["TypeFit", "FontEngine", "TypeFitSupport", "typefit"]),
        .testTarget(name: "WebAuditTests", dependencies: ["WebAudit", "DynamicType"]),
        .testTarget(name: "SwiftUISourceTests", dependencies: ["SwiftUISource", "AppUI", "DynamicType"],
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
            "CFuzzerDriver", "TypeFit", "Localization", "DynamicType", "FontEngine",
        ]),
    ]
    package.products += [.executable(name: "typefit-fuzz", targets: ["typefit-fuzz"])]
}
