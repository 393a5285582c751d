import FontEngine
import Testing

/// ICU and fontconfig are loaded at first use (Sources/CLineBreak, Sources/CFontconfig). The
/// loaders take the library's name, so a missing library, or one without the functions, can be
/// tried here without touching the loaded ones; the whole commands without a library are tested
/// in CLITests/LazyLibrariesCLITests.
@Suite struct LibraryLoadingTests {
    @Test func icuLoadsAndBreaksLines() throws {
        try LineBreaker.requireICU()
        // UAX #14 by hand: a break opportunity after each space (LB18) and at the end (LB3).
        #expect(LineBreaker.opportunities(in: "Save all").map(\.offset) == [5, 8])
        // "major.minor", from ICU's u_getUnicodeVersion; ICU 60 (2017) already had Unicode 10.
        let parts = LineBreaker.unicodeVersion.split(separator: ".").map { Int($0) }
        #expect(parts.count == 2 && parts.allSatisfy { $0 != nil } && (parts[0] ?? 0) >= 10, "\(LineBreaker.unicodeVersion)")
    }

    @Test func aMissingICUIsOneLineNamingTheLibraryAndThePackage() throws {
        let problem = try #require(LineBreaker.problemLoadingICU(from: "libtypefit-absent-icuuc.so.72"))
        #expect(problem.description.hasPrefix("ICU (libtypefit-absent-icuuc.so.72) could not be loaded: libtypefit-absent-icuuc.so.72: cannot open shared object file"))
        #expect(problem.description.contains("; install the libicu"))
        #expect(problem.description.hasSuffix(" package"))
        #expect(!problem.description.contains("\n"))
        // The real one is untouched.
        #expect(throws: Never.self) { try LineBreaker.requireICU() }
    }

    @Test func aLibraryWithoutICUsFunctionsIsNamedByTheFirstMissingOne() throws {
        // FreeType (linked, so present wherever this test runs) has no ubrk_open_NN.
        let problem = try #require(LineBreaker.problemLoadingICU(from: "libfreetype.so.6"))
        #expect(problem.description.hasPrefix("ICU (libfreetype.so.6) could not be loaded: it has no function ubrk_open"), "\(problem)")
    }

    @Test func aMissingFontconfigIsOneLineNamingTheLibraryAndThePackage() throws {
        let problem = try #require(FontCatalog.problemLoadingFontconfig(from: "libtypefit-absent-fontconfig.so.1"))
        #expect(problem.description.hasPrefix("fontconfig (libtypefit-absent-fontconfig.so.1) could not be loaded: libtypefit-absent-fontconfig.so.1: cannot open shared object file"))
        #expect(problem.description.hasSuffix("; install the libfontconfig1 package"))
        let noFunctions = try #require(FontCatalog.problemLoadingFontconfig(from: "libfreetype.so.6"))
        #expect(noFunctions.description == "fontconfig (libfreetype.so.6) could not be loaded: it has no function FcInitLoadConfigAndFonts; install the libfontconfig1 package")
        #expect(FontCatalog.problemLoadingFontconfig(from: "libfontconfig.so.1") == nil)
    }
}
