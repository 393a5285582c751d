import Foundation
import TestSupport
import Testing
@testable import FontEngine

@Suite struct LoadingErrorTests {
    static let temp: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-engine-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Loads `path`, expecting a FontError whose one-line description names the file.
    func expectOneLineError(_ path: String, faceIndex: Int = 0, _ expected: (FontError) -> Bool) {
        do {
            _ = try FontFace(path: path, faceIndex: faceIndex)
            Issue.record("\(path) loaded")
        } catch let error as FontError {
            #expect(expected(error), "\(error)")
            #expect(error.description.contains(path))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func missingFile() {
        expectOneLineError("/nonexistent/Font.ttf") { $0 == .fileNotFound(path: "/nonexistent/Font.ttf") }
    }

    @Test func zeroByteFile() throws {
        let path = Self.temp.appendingPathComponent("empty.ttf").path
        try Data().write(to: URL(fileURLWithPath: path))
        expectOneLineError(path) { $0 == .emptyFile(path: path) }
    }

    @Test func truncatedFont() throws {
        // The first 100 bytes of a real font: the table directory points past the end.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Repository.font("Roboto/Roboto-Regular.ttf"))).prefix(100)
        let path = Self.temp.appendingPathComponent("truncated.ttf").path
        try bytes.write(to: URL(fileURLWithPath: path))
        expectOneLineError(path) { if case .notAFont = $0 { return true } else { return false } }
        // Half a font (glyf/loca cut off): still an error, never a crash.
        let half = try Data(contentsOf: URL(fileURLWithPath: Repository.font("Inter/Inter-Regular.otf"))).prefix(4096)
        let halfPath = Self.temp.appendingPathComponent("half.otf").path
        try half.write(to: URL(fileURLWithPath: halfPath))
        do {
            let face = try FontFace(path: halfPath)
            _ = try Shaper(face: face).measure("AV Wave")  // if FreeType accepts it, shaping must not crash
        } catch let error as FontError {
            #expect(error.description.hasPrefix(halfPath))
        }
    }

    @Test func randomBytes() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // deterministic xorshift
        var bytes = [UInt8]()
        for _ in 0..<4096 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            bytes.append(UInt8(truncatingIfNeeded: state))
        }
        let path = Self.temp.appendingPathComponent("random.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        expectOneLineError(path) { if case .notAFont = $0 { return true } else { return false } }
        // An sfnt header followed by garbage.
        let sfnt = Data([0, 1, 0, 0, 0, 9, 0, 0x80, 0, 3, 0, 0x10]) + Data(bytes)
        let sfntPath = Self.temp.appendingPathComponent("sfnt-garbage.ttf").path
        try sfnt.write(to: URL(fileURLWithPath: sfntPath))
        expectOneLineError(sfntPath) { if case .notAFont = $0 { return true } else { return false } }
    }

    @Test func textFile() {
        let path = Repository.root.appendingPathComponent("Package.swift").path
        expectOneLineError(path) { if case .notAFont = $0 { return true } else { return false } }
    }

    @Test func directory() {
        expectOneLineError(Repository.fonts) { $0 == .notAFile(path: Repository.fonts) }
    }

    @Test func faceIndexOutOfRange() {
        let path = Repository.font("Roboto/Roboto-Regular.ttf")
        expectOneLineError(path, faceIndex: 1) { $0 == .faceIndexOutOfRange(path: path, index: 1, faceCount: 1) }
    }

    @Test func variationSyntax() throws {
        #expect(throws: FontError.self) { try VariationSetting.parseList("wght:600", path: "x.ttf") }
        #expect(try VariationSetting.parseList("wght=600,slnt=-10", path: "x.ttf")
                == [VariationSetting(tag: "wght", value: 600), VariationSetting(tag: "slnt", value: -10)])
    }
}

/// fontconfig over the bundled Fonts/ folder only (no system fonts), so results do not depend
/// on what the machine has installed.
@Suite struct FontCatalogTests {
    let catalog: FontCatalog
    init() throws { catalog = try FontCatalog(directories: [Repository.fonts], includeSystemFonts: false) }

    @Test func cssWeightIsConverted() throws {
        // FcWeightFromOpenType(500) = 100 (FC_WEIGHT_MEDIUM): Roboto Medium, not Roboto Bold.
        let medium = try catalog.resolve("Roboto:weight=500")
        #expect(medium.postScriptName == "Roboto-Medium")
        #expect(medium.path.hasSuffix("Fonts/Roboto/Roboto-Medium.ttf"))
        #expect(try catalog.resolve("Roboto:weight=700").postScriptName == "Roboto-Bold")
        #expect(FontCatalog.convertingWeights("Inter:weight=600") == "Inter:weight=180")
    }

    @Test func postScriptName() throws {
        let location = try catalog.resolve(":postscriptname=Inter-SemiBold")
        #expect(location.path.hasSuffix("Fonts/Inter/Inter-SemiBold.otf"))
        let face = try FontFace(location: location)
        #expect(face.info.postScriptName == "Inter-SemiBold")
    }

    @Test func unknownNamesAreErrorsNotFallbacks() {
        for pattern in ["NoSuchFamily", ":postscriptname=NoSuch-Thing", "Roboto Condensed"] {
            do {
                _ = try catalog.resolve(pattern)
                Issue.record("\(pattern) resolved")
            } catch let error as FontError {
                #expect(error.description.contains("'\(pattern)'"))
                #expect(error.description.contains("no installed font matches"))
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func legacyFamilyName() throws {
        // Inter-SemiBold.otf's name table (ttx -t name) has legacy family (ID 1) "Inter SemiBold".
        #expect(try catalog.resolve("Inter SemiBold").postScriptName == "Inter-SemiBold")
    }

    @Test func fallbackCoversMissingCharacters() throws {
        // U+05E9 HEBREW LETTER SHIN: only Noto Sans Hebrew among the bundled fonts (fontTools cmap).
        let hebrew = try #require(catalog.fallback(for: ["\u{05E9}"]))
        #expect(hebrew.postScriptName == "NotoSansHebrew-Regular")
        // U+0E01 THAI CHARACTER KO KAI → Noto Sans Thai.
        #expect(catalog.fallback(for: ["\u{0E01}"])?.postScriptName == "NotoSansThai-Regular")
        // No bundled font has U+1F600.
        #expect(catalog.fallback(for: ["\u{1F600}"]) == nil)
        // Every scalar counts (fontTools cmaps): Shin and Alef are both in Noto Sans Hebrew; no
        // bundled font has both Shin and Ko Kai, nor Shin and "A" (Noto Sans Hebrew has no Latin).
        #expect(catalog.fallback(for: ["\u{05E9}", "\u{05D0}"])?.postScriptName == "NotoSansHebrew-Regular")
        #expect(catalog.fallback(for: ["\u{05E9}", "\u{0E01}"]) == nil)
        #expect(catalog.fallback(for: ["\u{05E9}", "A"]) == nil)
        // The list sorted for a pattern is kept; asking again, after other sets, answers alike.
        #expect(catalog.fallback(for: ["\u{0E01}"])?.postScriptName == "NotoSansThai-Regular")
    }

    /// Faces of one file share one mapping of it (`FontFiles`): an audit opens the system font's
    /// stand-in at many optical sizes and weights on every thread.
    @Test func facesOfOneFileShareItsMapping() throws {
        let path = Repository.font("InterVariable/InterVariable.ttf")
        let text = try FontFace(path: path, variations: [VariationSetting(tag: "opsz", value: 14)])
        let display = try FontFace(path: path, variations: [VariationSetting(tag: "opsz", value: 32)])
        #expect(text.blob == display.blob)
        #expect(text.coordinates != display.coordinates)
        // Another file is another mapping.
        #expect(try FontFace(path: Repository.font("Roboto/Roboto-Regular.ttf")).blob != text.blob)
    }

    @Test func pathOrPattern() {
        #expect(FontCatalog.isPath(Repository.font("Roboto/Roboto-Regular.ttf")))
        #expect(FontCatalog.isPath("missing/Font.otf"))
        #expect(!FontCatalog.isPath("Inter:weight=600"))
        #expect(FontCatalog.bundledFontsDirectory(environment: ["TYPEFIT_FONTS": Repository.fonts], currentDirectory: "/") == Repository.fonts)
        #expect(FontCatalog.bundledFontsDirectory(environment: [:], currentDirectory: Repository.root.path, executablePath: nil)
                == Repository.root.appendingPathComponent("Fonts").path)
    }
}

/// Damaged real fonts (deterministic byte mutations of Roboto and Inter): loading either fails
/// with a FontError or the face measures without crashing.
@Suite struct MutatedFontTests {
    @Test(arguments: ["Roboto/Roboto-Regular.ttf", "Inter/Inter-Regular.otf", "Noto/NotoSansArabic-Regular.ttf"])
    func mutatedFontsNeverCrash(_ file: String) throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Repository.font(file))))
        // One folder per test case: the cases run in parallel in one process, and a font file rewritten
        // while another case has it mapped (FreeType maps font files) ends in SIGBUS.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-mutate-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var state: UInt64 = 0xDEAD_BEEF_CAFE_F00D
        func next() -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(truncatingIfNeeded: state & 0x7FFF_FFFF)
        }
        var loaded = 0, rejected = 0
        for round in 0..<40 {
            var bytes = original
            // Mutate bytes in the first 2 KB (table directory, head, hhea, maxp…) and a few anywhere.
            for _ in 0..<(1 + round % 8) { bytes[next() % min(2048, bytes.count)] = UInt8(truncatingIfNeeded: next()) }
            for _ in 0..<4 { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            if round % 5 == 4 { bytes.removeLast(next() % (bytes.count / 2)) }
            let path = dir.appendingPathComponent("m\(round).bin").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let face = try FontFace(path: path)
                let m = try Shaper(face: face).measure("AV Wave ابحث Ồ")
                _ = face.info.lineHeight(.typo)
                _ = m.ink
                loaded += 1
            } catch let error as FontError {
                #expect(!error.description.contains("\n"))
                rejected += 1
            }
        }
        #expect(loaded + rejected == 40)
    }
}
