import Foundation
import TestSupport
import Testing

/// ICU and fontconfig are loaded at first use (dlopen), not by the dynamic loader at start:
/// a command that needs neither (`typefit measure` with a font file) never maps them, and a
/// machine without them can still run it, while the commands that need them fail with one line.
/// Which libraries a run maps comes from glibc's own trace (LD_DEBUG=files prints
/// "file=NAME [0];  needed by WHO" for start-up dependencies and "…  dynamically loaded by WHO"
/// for dlopen). A missing library is simulated by a copy of the typefit binary in which the
/// library's file name is overwritten (same length) with a name no system has.
@Suite struct LazyLibrariesCLITests {
    /// How the dynamic loader mapped each library in a run: "needed by" (at start, from an ELF
    /// NEEDED entry) or "dynamically loaded by" (dlopen), by file name.
    struct Loads {
        var run: ProcessOutput
        var how: [String: String] = [:]
        init(_ run: ProcessOutput) {
            self.run = run
            for line in run.stderr.split(separator: "\n") {
                guard let start = line.range(of: "file="), let end = line.range(of: " [", range: start.upperBound..<line.endIndex) else { continue }
                let name = String(line[start.upperBound..<end.lowerBound])
                if line.contains("dynamically loaded by") { how[name] = "dynamically loaded by" }
                else if line.contains("needed by"), how[name] == nil { how[name] = "needed by" }
            }
        }
        /// The libraries whose file name starts with `prefix`.
        func named(_ prefix: String) -> [String: String] { how.filter { $0.key.hasPrefix(prefix) } }
    }

    static func traced(_ arguments: [String], stdin: String? = nil) throws -> Loads {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        return Loads(try CLIRunner.run(arguments, stdin: stdin, environment: environment))
    }

    /// The measure records' lines (LD_DEBUG's trace goes to stderr).
    static func records(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { CLIRunner.object($0) }
    }

    @Test func measureWithAFontFileMapsNeitherICUNorFontconfig() throws {
        let loads = try Self.traced(["measure", "Fonts/Inter/Inter-Regular.otf", "--text-file", "-", "--format", "json"],
                                    stdin: "Hello world\n")
        #expect(loads.run.status == 0)
        // hb-shape 6.0.0 Fonts/Inter/Inter-Regular.otf "Hello world": advances 2084+1640+668+668+1680
        // +792+2236+1680+1048+668+1748 = 14912 font units.
        #expect(Self.records(loads.run.stdout).first?["advance"] as? Int == 14912)
        // The trace is read correctly: HarfBuzz is a start-up dependency.
        #expect(loads.named("libharfbuzz.so") == ["libharfbuzz.so.0": "needed by"])
        for absent in ["libicuuc", "libicudata", "libfontconfig", "libexpat"] {
            #expect(loads.named(absent).isEmpty, "\(absent) mapped: \(loads.named(absent))")
        }
    }

    @Test func aFontPatternLoadsFontconfigAtFirstUse() throws {
        let loads = try Self.traced(["measure", "Inter:weight=400", "--text-file", "-", "--format", "json"], stdin: "Hello world\n")
        #expect(loads.run.status == 0)
        #expect(Self.records(loads.run.stdout).first?["advance"] as? Int == 14912)
        #expect(loads.named("libfontconfig") == ["libfontconfig.so.1": "dynamically loaded by"])
        #expect(loads.named("libicuuc").isEmpty)
    }

    @Test func layoutLoadsICUAtFirstUse() throws {
        let loads = try Self.traced(["layout", "Examples/Contacts/typefit.yml", "--device", "iphone se 1st gen",
                                     "--category", "L", "--format", "json"])
        #expect(loads.run.status == 0)
        let icu = loads.named("libicuuc")
        #expect(icu.count == 1 && icu.values.first == "dynamically loaded by", "\(icu)")
    }

    // MARK: a machine without the library

    /// A copy of the built typefit in which every `library` file name (e.g. "libicuuc.so.") is
    /// overwritten by `absent`, a name of the same length no system has.
    static func binary(without library: String, as absent: String) throws -> URL {
        precondition(library.utf8.count == absent.utf8.count)
        var bytes = [UInt8](try Data(contentsOf: CLIRunner.binary))
        let needle = Array(library.utf8), replacement = Array(absent.utf8)
        var replaced = 0
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], Array(bytes[i..<i + needle.count]) == needle {
                bytes.replaceSubrange(i..<i + needle.count, with: replacement)
                replaced += 1
                i += needle.count
            } else {
                i += 1
            }
        }
        #expect(replaced > 0, "\(library) not found in \(CLIRunner.binary.path)")
        let folder = try temporaryDirectory("typefit-absent")
        let copy = folder.appendingPathComponent("typefit")
        try Data(bytes).write(to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        return copy
    }

    static func run(_ binary: URL, _ arguments: [String], stdin: String? = nil) throws -> ProcessOutput {
        defer { try? FileManager.default.removeItem(at: binary.deletingLastPathComponent()) }
        return try CLIRunner.run(arguments, stdin: stdin, binary: binary)
    }

    @Test func withoutICULayoutAndAuditFailWithOneLineAndMeasureStillWorks() throws {
        for arguments in [["layout", "Examples/Contacts/typefit.yml", "--format", "json"],
                          ["audit", "Examples/Contacts/typefit.yml", "--no-progress"]] {
            let run = try Self.run(try Self.binary(without: "libicuuc.so.", as: "libnoicu.so."), arguments)
            #expect(run.status == 2, "\(arguments[0]): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            let lines = run.stderrLines
            #expect(lines.count == 1, "\(lines)")
            let line = String(lines.first ?? "")
            #expect(line.hasPrefix("typefit: error: ICU (libnoicu.so."), "\(line)")
            #expect(line.contains("could not be loaded: libnoicu.so."))
            #expect(line.contains("cannot open shared object file"))
            #expect(line.contains("; install the libicu"))
        }
        let measure = try Self.run(try Self.binary(without: "libicuuc.so.", as: "libnoicu.so."),
                                   ["measure", "Fonts/Inter/Inter-Regular.otf", "--text-file", "-", "--format", "json"],
                                   stdin: "Hello world\n")
        #expect(measure.status == 0, "\(measure.stderr)")
        #expect(Self.records(measure.stdout).first?["advance"] as? Int == 14912)
    }

    @Test func withoutFontconfigPatternsFailWithOneLineAndFontFilesStillWork() throws {
        let pattern = try Self.run(try Self.binary(without: "libfontconfig.so.", as: "libnofontconf.so."),
                                   ["measure", "Inter:weight=400", "--text-file", "-", "--format", "json"], stdin: "Hello world\n")
        #expect(pattern.status == 2)
        #expect(pattern.stdout.isEmpty)
        #expect(pattern.stderrLines.count == 1, "\(pattern.stderrLines)")
        let line = String(pattern.stderrLines.first ?? "")
        #expect(line.hasPrefix("typefit: error: fontconfig (libnofontconf.so.1) could not be loaded: libnofontconf.so.1: cannot open shared object file"), "\(line)")
        #expect(line.hasSuffix("; install the libfontconfig1 package"))

        let file = try Self.run(try Self.binary(without: "libfontconfig.so.", as: "libnofontconf.so."),
                                ["measure", "Fonts/Inter/Inter-Regular.otf", "--text-file", "-", "--format", "json"], stdin: "Hello world\n")
        #expect(file.status == 0, "\(file.stderr)")
        #expect(Self.records(file.stdout).first?["advance"] as? Int == 14912)
    }
}
