import Foundation
import InterfaceBuilder
import Testing
import TypeFitSupport
@testable import XcodeProject

/// A repository a pull request may have committed anything into: links and project references
/// that lead out of it, and project files built to hang or exhaust the reader. Each fixture is a
/// folder `repo` beside a folder `outside` that holds a secret; nothing of `outside` may be read.
@Suite("Hostile Xcode projects")
struct HostileXcodeProjectTests {
    /// A secret no message or setting may show.
    static let secret = "TOPSECRET-4711"

    struct Fixture {
        let base: URL
        var repo: URL { base.appendingPathComponent("repo") }
        var outside: URL { base.appendingPathComponent("outside") }

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-xc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base.appendingPathComponent("repo/App"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }

        func write(_ text: String, _ path: String, in folder: URL? = nil) throws {
            let url = (folder ?? repo).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func link(_ path: String, to destination: String) throws {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
        }

        /// `App.xcodeproj/project.pbxproj`: one iOS application `App` over the synchronized folder
        /// `App`, with `objects` added and `settings` in its Release configuration.
        func project(objects: String = "", children: String = "S", settings: String = "", base: String = "",
                     synchronized: String = "S", buildPhases: String = "") throws {
            try write("""
                // !$*UTF8*$!
                { archiveVersion = 1; objectVersion = 77; rootObject = P; objects = {
                  P = { isa = PBXProject; targets = (T); knownRegions = (en, Base); developmentRegion = en; mainGroup = G; };
                  G = { isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
                  S = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                  T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
                        buildConfigurationList = L; fileSystemSynchronizedGroups = (\(synchronized)); buildPhases = (\(buildPhases)); };
                  L = { isa = XCConfigurationList; buildConfigurations = (R); };
                  R = { isa = XCBuildConfiguration; name = Release; \(base)
                        buildSettings = { SDKROOT = iphoneos; INFOPLIST_FILE = "App/Info.plist"; \(settings) }; };
                  \(objects)
                }; }
                """, "App.xcodeproj/project.pbxproj")
        }

        func infoPlist(fonts: [String], at path: String = "App/Info.plist", in folder: URL? = nil,
                       format: PropertyListSerialization.PropertyListFormat = .xml) throws {
            let url = (folder ?? repo).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PropertyListSerialization.data(fromPropertyList: ["UIAppFonts": fonts], format: format, options: 0).write(to: url)
        }
    }

    func noSecret(_ repo: AppRepository) {
        let warnings = repo.warnings.joined(separator: "\n")
        let settings = repo.target?.buildSettings.values.joined(separator: "\n") ?? ""
        #expect(!warnings.contains(Self.secret), "\(repo.warnings)")
        #expect(!settings.contains(Self.secret))
        #expect(!repo.allFiles.contains { $0.contains("outside") })
        #expect(!(repo.target?.files ?? []).contains { $0.hasPrefix("/") || $0.hasPrefix("..") })
    }

    /// An Info.plist linked to one outside: not read, one warning naming it; a link inside is followed.
    @Test func infoPlistLinkedOutIsNotRead() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.project()
        try f.infoPlist(fonts: [Self.secret + ".ttf"], at: "Info.plist", in: f.outside)
        try f.link("App/Info.plist", to: f.outside.appendingPathComponent("Info.plist").path)
        let repo = AppRepository.discover(root: f.repo)
        #expect(repo.appFonts.isEmpty)
        #expect(repo.warnings == ["App/Info.plist: a link out of the repository, not read"])
        noSecret(repo)

        // The same link to a file inside the repository is followed.
        try FileManager.default.removeItem(at: f.repo.appendingPathComponent("App/Info.plist"))
        try f.infoPlist(fonts: ["Brand.ttf"], at: "Config/Real.plist")
        try f.link("App/Info.plist", to: "../Config/Real.plist")
        try f.write("", "App/Fonts/Brand.ttf")
        let inside = AppRepository.discover(root: f.repo)
        #expect(inside.appFonts.map(\.name) == ["Brand.ttf"])
        #expect(inside.appFonts.map(\.path) == ["App/Fonts/Brand.ttf"])
    }

    /// `#include "/proc/self/environ"`, an absolute and a `../` include out of the repository, and a
    /// base configuration linked out: none is read, each named once, and `$(VAR)` cannot pull a
    /// value of theirs into a setting or a message.
    @Test func xcconfigIncludesOutOfTheRepositoryAreNotRead() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.write("INFOPLIST_FILE = \(Self.secret)\nSECRET_SETTING = \(Self.secret)\n", "secret.xcconfig", in: f.outside)
        try f.write("""
            #include "/proc/self/environ"
            #include "\(f.outside.path)/secret.xcconfig"
            #include "../../outside/secret.xcconfig"
            #include "Inside.xcconfig"
            INFOPLIST_FILE = $(SECRET_SETTING)
            """, "Config/Base.xcconfig")
        try f.write("INSIDE_SETTING = yes\n", "Config/Inside.xcconfig")
        try f.link("Config/Linked.xcconfig", to: f.outside.appendingPathComponent("secret.xcconfig").path)
        try f.write("#include \"Linked.xcconfig\"\n", "Config/Other.xcconfig")
        try f.project(objects: """
            X = { isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = "<group>"; };
            """, children: "S, X", settings: "INFOPLIST_FILE = \"$(SECRET_SETTING)\";",
                      base: "baseConfigurationReference = X;")
        let repo = AppRepository.discover(root: f.repo)
        let target = try #require(repo.target)
        #expect(target.buildSettings["INSIDE_SETTING"] == "yes")  // the include inside is read
        #expect(target.buildSettings["SECRET_SETTING"] == nil)
        #expect(target.infoPlistFile == nil)  // "$(SECRET_SETTING)" expands to nothing
        #expect(repo.warnings.contains("/proc/self/environ: outside the repository, not read"))
        #expect(repo.warnings.contains("\(f.outside.path)/secret.xcconfig: outside the repository, not read"))
        noSecret(repo)

        // A base configuration reached through a link out of the repository.
        try f.project(objects: """
            X = { isa = PBXFileReference; path = Config/Other.xcconfig; sourceTree = "<group>"; };
            """, children: "S, X", base: "baseConfigurationReference = X;")
        let linked = AppRepository.discover(root: f.repo)
        #expect(linked.warnings.contains("Config/Linked.xcconfig: a link out of the repository, not read"))
        noSecret(linked)
    }

    /// File references out of the repository: `../`, `<absolute>` (even `/`, which would walk the
    /// whole disk), a synchronized folder outside, a variant group's localization outside. Each is
    /// left out with one warning naming its object id; the target's own files stay.
    @Test func projectReferencesOutOfTheRepositoryAreLeftOut() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.infoPlist(fonts: [])
        try f.write("<document/>", "App/Main.storyboard")
        try f.write("\"k\" = \"\(Self.secret)\";", "secret.strings", in: f.outside)
        try f.write("<document/>", "Secret.storyboard", in: f.outside)
        try f.project(objects: """
            A = { isa = PBXFileReference; path = ../outside/Secret.storyboard; sourceTree = "<group>"; };
            B = { isa = PBXFileReference; path = /; sourceTree = "<absolute>"; };
            C = { isa = PBXFileReference; path = "\(f.outside.path)/secret.strings"; sourceTree = "<absolute>"; };
            D = { isa = PBXFileSystemSynchronizedRootGroup; path = ../outside; sourceTree = SOURCE_ROOT; };
            V = { isa = PBXVariantGroup; children = (E); name = Main.strings; sourceTree = "<group>"; };
            E = { isa = PBXFileReference; path = ../outside/secret.strings; sourceTree = "<group>"; };
            BA = { isa = PBXBuildFile; fileRef = A; }; BB = { isa = PBXBuildFile; fileRef = B; };
            BC = { isa = PBXBuildFile; fileRef = C; }; BV = { isa = PBXBuildFile; fileRef = V; };
            PH = { isa = PBXResourcesBuildPhase; files = (BA, BB, BC, BV); };
            """, children: "S, A, B, C, D, V", synchronized: "S, D", buildPhases: "PH")
        let repo = AppRepository.discover(root: f.repo)
        let target = try #require(repo.target)
        #expect(target.files == ["App/Info.plist", "App/Main.storyboard"])
        let file = "App.xcodeproj/project.pbxproj"
        #expect(Set(repo.warnings) == [
            "\(file): A (\"../outside/Secret.storyboard\"): outside the repository, not read",
            "\(file): B (\"/\"): outside the repository, not read",
            "\(file): C (\"\(f.outside.path)/secret.strings\"): outside the repository, not read",
            "\(file): D (\"../outside\"): outside the repository, not read",
            "\(file): E (\"../outside/secret.strings\"): outside the repository, not read",
        ])
        noSecret(repo)
    }

    /// A swiftgen.yml linked out of the repository is not read; an Interface Builder file linked out
    /// is not read by the reader either.
    @Test func swiftGenAndStoryboardLinkedOut() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.write("strings:\n  inputs: \(Self.secret).strings\n  outputs: { templateName: structured-swift5 }\n", "swiftgen.yml", in: f.outside)
        try f.link("swiftgen.yml", to: f.outside.appendingPathComponent("swiftgen.yml").path)
        let repo = AppRepository.discover(root: f.repo)
        #expect(repo.swiftGen == nil)
        #expect(repo.warnings == ["swiftgen.yml: a link out of the repository, not read"])

        try f.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects><label id="l1" text="\(Self.secret)"><fontDescription key="fontDescription" type="system" pointSize="17"/></label></objects>
            </document>
            """, "Secret.xib", in: f.outside)
        try f.link("App/Secret.xib", to: "../../outside/Secret.xib")
        let (screens, warnings, outcome) = InterfaceBuilderReader.read(path: "App/Secret.xib", root: f.repo)
        #expect(screens.isEmpty && outcome == .unreadable)
        #expect(warnings.map(\.message) == ["a link out of the repository, not read"])
    }

    /// A cycle of groups (each the other's child): named once, with the file and the groups' ids,
    /// instead of the files under it silently missing.
    @Test func groupCycleIsNamed() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.infoPlist(fonts: [])
        try f.project(objects: """
            G1 = { isa = PBXGroup; children = (G2); path = One; sourceTree = "<group>"; };
            G2 = { isa = PBXGroup; children = (G1, F); path = Two; sourceTree = "<group>"; };
            F = { isa = PBXFileReference; path = Main.storyboard; sourceTree = "<group>"; };
            BF = { isa = PBXBuildFile; fileRef = F; };
            PH = { isa = PBXResourcesBuildPhase; files = (BF); };
            """, children: "S", buildPhases: "PH")
        let repo = AppRepository.discover(root: f.repo)
        #expect(repo.warnings == ["App.xcodeproj/project.pbxproj: groups contain one another in a cycle (2 groups: G1, G2); the files under them were not read"])
    }

    /// Fan-out: each of 12 xcconfig levels includes the next 40 times (40^12 reads if each were
    /// read again), and a file that includes itself. Each file is read once; the deepest setting
    /// arrives; the self-include is named.
    @Test func xcconfigFanOutAndSelfInclude() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.infoPlist(fonts: [])
        for level in 0..<12 {
            try f.write(String(repeating: "#include \"L\(level + 1).xcconfig\"\n", count: 40), "Config/L\(level).xcconfig")
        }
        try f.write("#include \"L12.xcconfig\"\nDEEPEST = 12\n", "Config/L12.xcconfig")
        try f.project(objects: """
            X = { isa = PBXFileReference; path = Config/L0.xcconfig; sourceTree = "<group>"; };
            """, children: "S, X", base: "baseConfigurationReference = X;")
        let started = Date()
        let repo = AppRepository.discover(root: f.repo)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(repo.target?.buildSettings["DEEPEST"] == "12")
        #expect(repo.warnings == ["Config/L12.xcconfig: includes Config/L12.xcconfig, which includes it again; not followed"])
    }

    /// 20,000 synchronized files against 20,000 membership exceptions (every other file), and
    /// 20,000 UIAppFonts names (every other one present): 4·10^8 comparisons each the old way.
    @Test func manyExceptionsAndManyFonts() throws {
        let f = try Fixture()
        defer { f.remove() }
        let count = 20_000
        for i in 0..<count { try Data().write(to: f.repo.appendingPathComponent("App/f\(i).ttf")) }
        let exceptions = (0..<count).map { "f\($0 * 2 + 1).ttf" }  // odd files, and 10,000 that do not exist
        try f.infoPlist(fonts: (0..<count).map { "f\($0 * 2).ttf" })  // even names: 0…39,998, half of them files
        try f.project(objects: """
            E = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; target = T; membershipExceptions = (\(exceptions.joined(separator: ", "))); };
            S2 = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; exceptions = (E); };
            """, children: "S2", synchronized: "S2")
        let started = Date()
        let repo = AppRepository.discover(root: f.repo)
        #expect(Date().timeIntervalSince(started) < 30)
        // Files 0…19,999 and Info.plist; the odd ones are exceptions: 10,000 fonts + Info.plist remain.
        #expect(repo.target?.files.count == count / 2 + 1)
        #expect(repo.appFonts.count == count)
        #expect(repo.appFonts.filter { $0.path != nil }.count == count / 2)  // f0, f2, …, f19998
        #expect(repo.appFonts.first?.path == "App/f0.ttf")
    }

    /// A swiftgen.yml alias bomb: 1000 aliases of an entry whose 1000 inputs and 1000 outputs are
    /// aliases too stand for 1000 · 1000 · 1000 = 10^9 tables, from 20 KB of text.
    @Test func swiftGenAliasBomb() throws {
        let inputs = (0..<1000).map { "i\($0).strings" }.joined(separator: ", ")
        let outputs = Array(repeating: "{ templateName: t }", count: 1000).joined(separator: ", ")
        let yaml = "i: &i [\(inputs)]\no: &o [\(outputs)]\ne: &e { inputs: *i, outputs: *o }\n"
            + "strings: [" + Array(repeating: "*e", count: 1000).joined(separator: ", ") + "]\n"
        let started = Date()
        #expect {
            try SwiftGenConfig.parse(yaml, file: "swiftgen.yml")
        } throws: { error in
            "\(error)".contains("alias bomb") && "\(error)".hasPrefix("swiftgen.yml:")
        }
        #expect(Date().timeIntervalSince(started) < 30)
        // An honest config with the same shape but few entries still parses.
        let honest = try SwiftGenConfig.parse("a: &a { inputs: [x.strings], outputs: [{ templateName: t }] }\nstrings: [*a, *a]\n",
                                              file: "swiftgen.yml")
        #expect(honest.strings.count == 2)
    }

    /// A 300 MB project.pbxproj and a 300 MB xcconfig (sparse files): refused by size before
    /// anything is read, in one line naming each.
    @Test func oversizedFilesAreRefusedBySize() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.infoPlist(fonts: [])
        try f.write("", "Config/Huge.xcconfig")
        try FileHandle(forWritingTo: f.repo.appendingPathComponent("Config/Huge.xcconfig")).truncate(atOffset: 300 << 20)
        try f.project(objects: """
            X = { isa = PBXFileReference; path = Config/Huge.xcconfig; sourceTree = "<group>"; };
            """, children: "S, X", base: "baseConfigurationReference = X;")
        let repo = AppRepository.discover(root: f.repo)
        #expect(repo.target?.name == "App")
        #expect(repo.warnings == ["Config/Huge.xcconfig: is larger than 1 MB, the most TypeFit reads for it"])

        try FileHandle(forWritingTo: f.repo.appendingPathComponent("App.xcodeproj/project.pbxproj")).truncate(atOffset: 300 << 20)
        #expect(throws: XcodeProjectError(file: "App.xcodeproj/project.pbxproj",
                                          message: "is larger than 32 MB, the most TypeFit reads for it")) {
            try XcodeProject.read(projectPath: "App.xcodeproj", root: f.repo)
        }
    }

    /// A binary property list of 40 arrays, each holding the next twice: 2^40 leaves from a few
    /// hundred bytes. Written by hand (format: Apple's CFBinaryPList.c): header `bplist00`, the
    /// objects, the offset table, a 32-byte trailer.
    static func referenceBomb(levels: Int = 40) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {  // object `level` is [level + 1, level + 1]
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x10, 0x01]  // the leaf: the integer 1
        let table = bytes.count
        for offset in offsets { bytes.append(UInt8(offset)) }
        // Trailer: 6 unused bytes, offset size 1, reference size 1, object count, top object 0, table offset.
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        func uint64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += uint64(offsets.count) + uint64(0) + uint64(table)
        return Data(bytes)
    }

    /// The reference bomb as Info.plist and as project.pbxproj: refused before it is expanded.
    /// Foundation's own binary plists (shared strings and all) still read.
    @Test func binaryPlistReferenceBomb() throws {
        let bomb = Self.referenceBomb()
        #expect(bomb.count == 8 + 40 * 3 + 2 + 41 + 32)  // 203 bytes
        // A small one (5 levels, 2^5 leaves) is what it says: Foundation reads it.
        let small = try PropertyListSerialization.propertyList(from: Self.referenceBomb(levels: 5), format: nil)
        #expect("\(small)".components(separatedBy: "1").count - 1 == 32)
        #expect(PropertyListGuard.problem(in: Self.referenceBomb(levels: 5)) == nil)
        #expect(PropertyListGuard.problem(in: bomb)?.contains("reference bomb") == true)

        let f = try Fixture()
        defer { f.remove() }
        try f.project()
        try bomb.write(to: f.repo.appendingPathComponent("App/Info.plist"))
        let started = Date()
        let repo = AppRepository.discover(root: f.repo)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(repo.warnings.count == 1)
        #expect(repo.warnings.first?.hasPrefix("App/Info.plist: the binary property list's shared references expand to more than 100000 objects") == true)

        // A binary Info.plist as Foundation writes it (the same font name twice: one shared object).
        try f.infoPlist(fonts: ["A.ttf", "A.ttf", "B.ttf"], format: .binary)
        #expect(AppRepository.discover(root: f.repo).appFonts.map(\.name) == ["A.ttf", "A.ttf", "B.ttf"])

        try bomb.write(to: f.repo.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        #expect(throws: XcodeProjectError.self) { try XcodeProject.read(projectPath: "App.xcodeproj", root: f.repo) }
    }

    /// `$(VAR)` substitution: 8 levels of settings each naming the one below 4 times over a
    /// 1000-character value would be 1000 · 4^8 = 65,536,000 characters; a setting stays within
    /// 65,536 (docs/robustness.md).
    @Test func substitutionIsBoundedInSize() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.infoPlist(fonts: [])
        var settings = "V0 = \"\(String(repeating: "x", count: 1000))\"; "
        for level in 1...8 { settings += "V\(level) = \"" + String(repeating: "$(V\(level - 1))", count: 4) + "\"; " }
        try f.project(settings: settings)
        let started = Date()
        let repo = AppRepository.discover(root: f.repo)
        #expect(Date().timeIntervalSince(started) < 30)
        let value = try #require(repo.target?.buildSettings["V8"])
        #expect(value.count <= 65_536 && value.count > 60_000)
        #expect(repo.target?.buildSettings["V2"]?.count == 16_000)  // 1000 · 4^2, under the cap: whole
    }

    /// 100,000 targets: the first 10,000 are read, and one warning says so.
    @Test func hundredThousandTargets() throws {
        let f = try Fixture()
        defer { f.remove() }
        let count = 100_000
        var objects = ""
        for i in 0..<count {
            objects += "T\(i) = { isa = PBXNativeTarget; name = T\(i); productType = \"com.apple.product-type.framework\"; buildPhases = (); };\n"
        }
        let ids = (0..<count).map { "T\($0)" }.joined(separator: ", ")
        try f.write("""
            { archiveVersion = 1; objectVersion = 77; rootObject = P; objects = {
              P = { isa = PBXProject; targets = (\(ids)); mainGroup = G; };
              G = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
              \(objects)
            }; }
            """, "App.xcodeproj/project.pbxproj")
        let started = Date()
        let project = try XcodeProject.read(projectPath: "App.xcodeproj", root: f.repo)
        #expect(Date().timeIntervalSince(started) < 40)
        #expect(project.targets.count == 10_000)
        #expect(project.warnings == ["App.xcodeproj/project.pbxproj: 100000 targets; the first 10000 read"])
    }
}
