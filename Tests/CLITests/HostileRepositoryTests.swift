import Foundation
import TestSupport
import Testing

/// `typefit init` and `typefit audit` on an app repository a pull request filled with links out
/// of it and names that would act on a terminal. The fixture is a copy of
/// Tests/Fixtures/AppUI/Localized (a storyboard and its German strings) in a folder `repo`, beside
/// a folder `outside` that holds a secret nothing may read, quote or overwrite.
@Suite("Hostile repositories")
struct HostileRepositoryTests {
    static let secret = "TOPSECRET-4711"

    struct Fixture {
        let base: URL
        var repo: URL { base.appendingPathComponent("repo") }
        var outside: URL { base.appendingPathComponent("outside") }

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-repo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.url("Tests/Fixtures/AppUI/Localized"), to: repo)
            try FileManager.default.removeItem(at: repo.appendingPathComponent("Broken.storyboard"))
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }

        func write(_ text: String, _ path: String, in folder: URL? = nil) throws {
            let url = (folder ?? repo).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func link(_ path: String, to destination: URL) throws {
            try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent(path).path,
                                                       withDestinationPath: destination.path)
        }

        /// Every report's text, and the terminal's.
        func everything(_ result: ProcessOutput) -> String {
            var text = result.stdout + result.stderr
            for name in (try? FileManager.default.contentsOfDirectory(atPath: repo.appendingPathComponent("Reports").path)) ?? [] {
                text += (try? String(contentsOf: repo.appendingPathComponent("Reports/\(name)"), encoding: .utf8)) ?? ""
            }
            return text
        }
    }

    /// A translation linked to a file outside: not laid out into any report, one warning naming it.
    @Test func stringsLinkedOutAreNotRead() throws {
        let f = try Fixture()
        defer { f.remove() }
        try FileManager.default.createDirectory(at: f.repo.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        try f.write("\"lbl-01-001.text\" = \"\(Self.secret)\";\n", "Main.strings", in: f.outside)
        try f.link("fr.lproj/Main.strings", to: f.outside.appendingPathComponent("Main.strings"))
        #expect(try CLIRunner.run(["init", f.repo.path]).status == 0)
        let audit = try CLIRunner.run(["audit"], directory: f.repo)
        #expect([0, 1].contains(audit.status), "\(audit.stderr)")
        #expect(!f.everything(audit).contains(Self.secret))
        #expect(audit.stderr.contains("fr.lproj/Main.strings: a link out of the repository, not read"))
    }

    /// A `Reports` folder linked outside: the audit writes nothing there and stops in one line
    /// (`--output` on the command line may still name any folder).
    @Test func reportsLinkedOutAreNotWritten() throws {
        let f = try Fixture()
        defer { f.remove() }
        #expect(try CLIRunner.run(["init", f.repo.path]).status == 0)
        let target = f.outside.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try f.link("Reports", to: target)
        let audit = try CLIRunner.run(["audit"], directory: f.repo)
        #expect(audit.status == 2)
        #expect(audit.stderrLines == ["typefit: error: Reports: a link out of the repository, not written; pass --output DIR to write the reports there"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
        let explicit = try CLIRunner.run(["audit", "--output", target.path], directory: f.repo)
        #expect([0, 1].contains(explicit.status), "\(explicit.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).contains("report.json"))
    }

    /// A baseline linked to a file outside: `--update-baseline` does not overwrite it (one line,
    /// exit 2); a plain audit does not read it (one warning); one linked inside is updated in place.
    @Test func baselineLinkedOut() throws {
        let f = try Fixture()
        defer { f.remove() }
        #expect(try CLIRunner.run(["init", f.repo.path]).status == 0)
        let victim = f.outside.appendingPathComponent("victim.json")
        try f.write("{\"\(Self.secret)\": 1}", "victim.json", in: f.outside)
        try f.link("typefit-baseline.json", to: victim)
        let update = try CLIRunner.run(["audit", "--update-baseline"], directory: f.repo)
        #expect(update.status == 2)
        #expect(update.stderrLines == ["typefit: error: typefit-baseline.json: a link out of the repository, not written; pass --baseline FILE to write it there"])
        #expect(try String(contentsOf: victim, encoding: .utf8) == "{\"\(Self.secret)\": 1}")
        let plain = try CLIRunner.run(["audit"], directory: f.repo)
        #expect([0, 1].contains(plain.status), "\(plain.stderr)")
        #expect(plain.stderr.contains("typefit: typefit-baseline.json: a link out of the repository, not read; audited without a baseline"))
        #expect(!f.everything(plain).contains(Self.secret))

        // Inside: the link's target is written, the link stays a link.
        try FileManager.default.removeItem(at: f.repo.appendingPathComponent("typefit-baseline.json"))
        try FileManager.default.createDirectory(at: f.repo.appendingPathComponent("ci"), withIntermediateDirectories: true)
        try f.link("typefit-baseline.json", to: f.repo.appendingPathComponent("ci/baseline.json"))
        let inside = try CLIRunner.run(["audit", "--update-baseline"], directory: f.repo)
        #expect([0, 1].contains(inside.status), "\(inside.stderr)")
        #expect(FileManager.default.fileExists(atPath: f.repo.appendingPathComponent("ci/baseline.json").path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: f.repo.appendingPathComponent("typefit-baseline.json").path)) != nil)
    }

    /// A typefit.yml linked to a file outside: not read, one line, exit 2, nothing of it quoted.
    @Test func configLinkedOut() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.write("\(Self.secret): [unclosed\n", "typefit.yml", in: f.outside)
        try f.link("typefit.yml", to: f.outside.appendingPathComponent("typefit.yml"))
        let audit = try CLIRunner.run(["audit"], directory: f.repo)
        #expect(audit.status == 2)
        #expect(audit.stderrLines == ["typefit: error: typefit.yml: a link out of the repository, not read"])
    }

    /// `#include "/proc/self/environ"` with `INFOPLIST_FILE = $(VAR)`: the job's environment
    /// (here a variable holding the secret) appears in no line init or the audit prints.
    @Test func environmentIsNotIncluded() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.write("#include \"/proc/self/environ\"\nINFOPLIST_FILE = $(TYPEFIT_TEST_TOKEN)\n", "Base.xcconfig")
        try f.write("""
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; rootObject = P; objects = {
              P = { isa = PBXProject; targets = (T); knownRegions = (en, de); developmentRegion = en; mainGroup = G; };
              G = { isa = PBXGroup; children = (S, X); sourceTree = "<group>"; };
              S = { isa = PBXFileSystemSynchronizedRootGroup; path = Base.lproj; sourceTree = "<group>"; };
              X = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
              T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
                    buildConfigurationList = L; fileSystemSynchronizedGroups = (S); buildPhases = (); };
              L = { isa = XCConfigurationList; buildConfigurations = (R); };
              R = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = X; buildSettings = { SDKROOT = iphoneos; }; };
            }; }
            """, "App.xcodeproj/project.pbxproj")
        var environment = ProcessInfo.processInfo.environment
        environment["TYPEFIT_TEST_TOKEN"] = Self.secret
        let made = try CLIRunner.run(["init", f.repo.path], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("/proc/self/environ: outside the repository, not read"))
        let audit = try CLIRunner.run(["audit"], directory: f.repo, environment: environment)
        #expect([0, 1].contains(audit.status), "\(audit.stderr)")
        #expect(!f.everything(made).contains(Self.secret) && !f.everything(audit).contains(Self.secret))
    }

    /// Names with ESC, CR, LF and bidi controls in a target, a font, a file and a folder: init's
    /// summary shows them as `\u{1B}`, so no line of it is an `::error` annotation or moves the
    /// cursor, and the typefit.yml it writes reads back (the target found by its own name).
    @Test func initSummaryShowsNamesInert() throws {
        let f = try Fixture()
        defer { f.remove() }
        let hostile = "X\u{1B}]0;owned\u{07}\r\n::error file=a::fake\u{202E}gnp"
        let storyboard = f.repo.appendingPathComponent("Base.lproj/Main.storyboard")
        try FileManager.default.moveItem(at: storyboard, to: f.repo.appendingPathComponent("Base.lproj/\(hostile).storyboard"))
        let plist = try PropertyListSerialization.data(fromPropertyList: ["UIAppFonts": ["\(hostile).ttf"]], format: .xml, options: 0)
        try plist.write(to: f.repo.appendingPathComponent("Info.plist"))
        let target = "App\u{1}\u{1B}[2J\n::error::x"
        let escapedTarget = target.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
        try f.write("""
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; rootObject = P; objects = {
              P = { isa = PBXProject; targets = (T); knownRegions = (en, de); developmentRegion = en; mainGroup = G; };
              G = { isa = PBXGroup; children = (S); sourceTree = "<group>"; };
              S = { isa = PBXFileSystemSynchronizedRootGroup; path = Base.lproj; sourceTree = "<group>"; };
              T = { isa = PBXNativeTarget; name = "App\\001\\033[2J\\n::error::x"; productType = "com.apple.product-type.application";
                    buildConfigurationList = L; fileSystemSynchronizedGroups = (S); buildPhases = (); };
              L = { isa = XCConfigurationList; buildConfigurations = (R); };
              R = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; INFOPLIST_FILE = Info.plist; }; };
            }; }
            """, "App.xcodeproj/project.pbxproj")
        let made = try CLIRunner.run(["init", f.repo.path])
        #expect(made.status == 0, "\(made.stderr)")
        let acting = made.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
        #expect(acting.isEmpty)
        #expect(!made.stdout.split(separator: "\n").contains { $0.hasPrefix("::") })
        #expect(made.stdout.contains("Target: \(escapedTarget) (App.xcodeproj)"), "\(made.stdout)")
        #expect(made.stdout.contains("\\u{1B}]0;owned\\u{7}\\u{D}\\u{A}::error file=a::fake\\u{202E}gnp"))
        // The config names the target with YAML escapes, and the audit finds it by that name.
        let yaml = try String(contentsOf: f.repo.appendingPathComponent("typefit.yml"), encoding: .utf8)
        #expect(yaml.contains("target: \"App\\u0001\\u001B[2J\\u000A::error::x\""))
        let audit = try CLIRunner.run(["audit"], directory: f.repo)
        #expect([0, 1].contains(audit.status), "\(audit.stderr)")
    }

    /// A Swift file linked to one outside, whose view shows the secret: init does not read it and
    /// names it; the audit lays out nothing of it.
    @Test func swiftFileLinkedOut() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.write("""
            import SwiftUI

            struct SecretView: View {
                var body: some View {
                    Text("\(Self.secret)").font(.body)
                }
            }
            """, "SecretView.swift", in: f.outside)
        try f.link("SecretView.swift", to: f.outside.appendingPathComponent("SecretView.swift"))
        let made = try CLIRunner.run(["init", f.repo.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("SecretView.swift:1:1: a link out of the repository, not read"), "\(made.stdout)")
        let audit = try CLIRunner.run(["audit"], directory: f.repo)
        #expect([0, 1].contains(audit.status), "\(audit.stderr)")
        #expect(!f.everything(made).contains(Self.secret) && !f.everything(audit).contains(Self.secret))
    }
}
