import Foundation
import TestSupport
import Testing
import TypeFitSupport
@testable import FontEngine

/// Hostile fonts and text for the engine, generated here from the bundled fonts: a valid
/// sfnt header whose tables are broken one at a time, a TTC with bad face indexes and a broken
/// offset table, WOFF (built here with stored, uncompressed tables) and a fake WOFF2, and hostile
/// text (1 MiB, NUL, bidi controls, invalid UTF-8). Each ends in a correct result or a one-line
/// `FontError` naming the file. Expected advances come from `hb-shape` runs shown next to them.
@Suite struct HostileFontTests {
    static let roboto = Repository.font("Roboto/Roboto-Regular.ttf")

    /// The sfnt table directory: tag → (record offset in the file, table offset, table length).
    static func tables(_ bytes: [UInt8], at start: Int = 0) -> [String: (record: Int, offset: Int, length: Int)] {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        var result: [String: (Int, Int, Int)] = [:]
        for i in 0..<u16(start + 4) {
            let record = start + 12 + 16 * i
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            result[tag] = (record, u32(record + 8), u32(record + 12))
        }
        return result
    }

    static func put32(_ bytes: inout [UInt8], _ at: Int, _ value: Int) {
        for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
    }

    /// Loads `path` and measures a few lines; returns the "AV" advance, or nil after checking the error.
    @discardableResult
    func loadOrOneLineError(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        do {
            let face = try FontFace(path: path)
            let shaper = try Shaper(face: face)
            for text in ["AV Wave", "مرحبا", "日本", ""] { _ = shaper.measure(Substring(text)) }
            for glyph in 0..<UInt32(min(face.info.glyphCount, 16)) { _ = face.outlineBounds(glyph: glyph, exact: true) }
            _ = face.info.lineHeight(.typo, size: 17)
            return shaper.advance(of: "AV")
        } catch let error as FontError {
            let text = error.description
            #expect(!text.unicodeScalars.contains("\n"), "\(text)", sourceLocation: sourceLocation)
            #expect(text.hasPrefix(path + ":"), "does not name the file: \(text)", sourceLocation: sourceLocation)
            return nil
        } catch {
            Issue.record("not a FontError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func validHeaderWithBrokenTables() throws {
        let scratch = try ScratchDirectory()
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.roboto)))
        let directory = Self.tables(original)
        // Roboto-Regular.ttf's directory (fontTools/struct dump): 13 tables, GPOS at 227172, 67322 bytes.
        #expect(directory.count == 13)
        #expect(directory["GPOS"]?.offset == 227172 && directory["GPOS"]?.length == 67322)
        var outcomes: [String: Int?] = [:]
        for tag in directory.keys.sorted() {
            let entry = directory[tag]!
            // (a) offset past the end of the file, (b) length 0, (c) the table's bytes zeroed.
            var beyond = original
            Self.put32(&beyond, entry.record + 8, original.count + 1024)
            outcomes[tag + "/beyond"] = loadOrOneLineError(try scratch.write("\(tag.replacingOccurrences(of: "/", with: "_"))-beyond.ttf", beyond))
            var empty = original
            Self.put32(&empty, entry.record + 12, 0)
            outcomes[tag + "/empty"] = loadOrOneLineError(try scratch.write("\(tag.replacingOccurrences(of: "/", with: "_"))-empty.ttf", empty))
            var zeroed = original
            for i in entry.offset..<min(entry.offset + entry.length, zeroed.count) { zeroed[i] = 0 }
            outcomes[tag + "/zeroed"] = loadOrOneLineError(try scratch.write("\(tag.replacingOccurrences(of: "/", with: "_"))-zeroed.ttf", zeroed))
        }
        // Correct results where the damage is recoverable: without a usable GPOS there is no kerning, so
        // "AV" is the unkerned sum. hb-shape --features=-kern Roboto-Regular.ttf "AV": 1336 + 1304 = 2640.
        #expect(outcomes["GPOS/zeroed"] == .some(2640))
        #expect(outcomes["GPOS/empty"] == .some(2640))
        // An undamaged GSUB/name/post does not matter for "AV": hb-shape Roboto "AV" = 1249 + 1304 = 2553.
        #expect(outcomes["post/zeroed"] == .some(2553))
    }

    @Test func absurdTableCount() throws {
        let scratch = try ScratchDirectory()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.roboto)))
        bytes[4] = 0xFF; bytes[5] = 0xFF  // numTables = 65535: the directory would run past the file end
        loadOrOneLineError(try scratch.write("tables.ttf", bytes))
        let header = Array(bytes.prefix(12))  // only the header
        #expect(loadOrOneLineError(try scratch.write("header.ttf", header)) == nil)
    }

    @Test func collectionWithBadFaceIndexes() throws {
        let scratch = try ScratchDirectory()
        let ttc = Repository.font("Noto/NotoSansCJK-Subset.ttc")
        // Fonts/Noto/NotoSansCJK-Subset.md: two faces (JP, KR).
        #expect(throws: FontError.faceIndexOutOfRange(path: ttc, index: 2, faceCount: 2)) { try FontFace(path: ttc, faceIndex: 2) }
        #expect(FontError.faceIndexOutOfRange(path: ttc, index: 2, faceCount: 2).description
                == "\(ttc): face index 2 out of range (the file has 2 faces, 0…1)")
        #expect(throws: FontError.self) { try FontFace(path: ttc, faceIndex: -1) }
        #expect(throws: FontError.self) { try FontFace(path: ttc, faceIndex: Int.max) }
        // A 'ttcf' header whose second face offset points past the end of the file.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ttc)))
        #expect(Array(bytes[0..<4]) == Array("ttcf".utf8))
        Self.put32(&bytes, 16, bytes.count + 4096)  // offsetTable[1] (header: tag, version, numFonts, offsets…)
        let broken = try scratch.write("broken.ttc", bytes)
        do {
            _ = try FontFace(path: broken, faceIndex: 1)
            Issue.record("face 1 at an offset past the end loaded")
        } catch let error as FontError {
            #expect(error.description.hasPrefix(broken + ":"))
        }
        // Face 0 is intact.
        #expect(loadOrOneLineError(broken) != nil)
    }

    /// WOFF 1.0 (W3C) with every table stored uncompressed (compLength == origLength is allowed).
    static func woff(from sfnt: [UInt8]) -> [UInt8] {
        let directory = tables(sfnt).sorted { $0.key < $1.key }
        func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
        func pad(_ n: Int) -> Int { (n + 3) & ~3 }
        var offset = 44 + 20 * directory.count
        var entries: [UInt8] = [], data: [UInt8] = []
        var sfntSize = 12 + 16 * directory.count
        for (tag, t) in directory {
            let checksum = Array(sfnt[t.record + 4..<t.record + 8])
            entries += Array(tag.utf8) + be32(offset) + be32(t.length) + be32(t.length) + checksum
            let body = Array(sfnt[t.offset..<t.offset + t.length])
            data += body + Array(repeating: 0, count: pad(t.length) - t.length)
            offset += pad(t.length)
            sfntSize += pad(t.length)
        }
        let total = 44 + entries.count + data.count
        let header = Array("wOFF".utf8) + Array(sfnt[0..<4]) + be32(total) + be16(directory.count) + be16(0)
            + be32(sfntSize) + be16(1) + be16(0) + be32(0) + be32(0) + be32(0) + be32(0) + be32(0)
        return header + entries + data
    }

    @Test func woffAndWoff2() throws {
        let scratch = try ScratchDirectory()
        let sfnt = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.roboto)))
        let woff = try scratch.write("Roboto.woff", Self.woff(from: sfnt))
        // Either the engine reads WOFF and gets the TTF's numbers (fontTools: upem 2048, 3359 glyphs;
        // hb-shape "AV" = 2553), or it says on one line that it cannot use the file.
        if let advance = loadOrOneLineError(woff) {
            let face = try FontFace(path: woff)
            #expect(face.info.unitsPerEm == 2048)
            #expect(face.info.glyphCount == 3359)
            #expect(advance == 2553)
        }
        // WOFF2 needs Brotli and glyf transforms; a 'wOF2' signature over garbage must be an error.
        var state: UInt64 = 42
        let garbage = (0..<4096).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let woff2 = try scratch.write("fake.woff2", Array("wOF2".utf8) + Array(sfnt[0..<4]) + garbage)
        #expect(loadOrOneLineError(woff2) == nil)
    }

    // MARK: Hostile text with a good font

    @Test func hostileTextMeasures() throws {
        let shaper = try Shaper(face: try FontFace(path: Self.roboto))
        // hb-shape --unicodes=U+0061,U+0061,U+0061 Roboto: 1114 each, no kerning between a's; 1 MiB of "a":
        let mebibyte = String(repeating: "a", count: 1 << 20)
        #expect(shaper.advance(of: Substring(mebibyte)) == 1114 << 20)
        // U+0061 U+0000 U+0062: [gid70 +1114 | gid1 +0 | gid71 +1150] → 2264, and gid1 is not .notdef.
        let nul = shaper.measure("a\u{0}b")
        #expect(nul.advance == 2264)
        #expect(nul.missingGlyphCount == 0)
        // RLO A V PDF: the controls are default-ignorable (advance 0); "AV" kerned = 1249 + 1304 = 2553.
        #expect(shaper.advance(of: "\u{202E}AV\u{202C}") == 2553)
        // Invalid UTF-8 a 0xFF b decodes to "a\u{FFFD}b": hb-shape U+0061,U+FFFD,U+0062 = 1114 + 2101 + 1150.
        let decoded = String(decoding: [0x61, 0xFF, 0x62] as [UInt8], as: UTF8.self)
        #expect(shaper.advance(of: Substring(decoded)) == 4365)
        // A lone surrogate cannot exist in a Swift String: from UTF-16 it becomes U+FFFD too.
        let lone = String(decoding: [0x61, 0xD800, 0x62] as [UInt16], as: UTF16.self)
        #expect(shaper.advance(of: Substring(lone)) == 4365)
    }

    @Test func longLineOfMissingCharactersIsLinear() throws {
        // Regression (found by scripts/sanitize, `measure` of a 1 MiB line): every .notdef glyph used to scan
        // the whole run for its cluster end, so 100 000 missing characters took minutes. Noto Sans Arabic has
        // no Latin "a": hb-shape NotoSansArabic-Regular.ttf "aa" → [.notdef +600 | .notdef +600].
        let shaper = try Shaper(face: try FontFace(path: Repository.font("Noto/NotoSansArabic-Regular.ttf")))
        let line = String(repeating: "a", count: 100_000)
        let start = ContinuousClock.now
        let m = shaper.measure(Substring(line))
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(m.missingGlyphCount == 100_000)
        #expect(m.missingCharacters == ["a"])
        #expect(m.advance == 600 * 100_000)
        // Mixed clusters keep their order and each missing character is listed once: "a" and "b" are
        // missing, the Arabic letters are not (hb-shape: .notdef only for the Latin letters).
        #expect(shaper.measure("ab بب ab").missingCharacters == ["a", "b"])
    }

    @Test func hostileTextBreaks() {
        // ICU line breaking over controls and a long line: offsets stay inside the UTF-16 text.
        for text in ["a\u{0}b c", "\u{202E}abc def\u{202C}", String(repeating: "word ", count: 20_000), "\u{FFFD}\u{FFFD}", ""] {
            let breaks = LineBreaker.opportunities(in: text)
            #expect(breaks.allSatisfy { $0.offset >= 0 && $0.offset <= text.utf16.count })
        }
        // 20 000 "word " → a break after each space: 20 000 opportunities, the last at the end (100 000).
        let long = LineBreaker.opportunities(in: String(repeating: "word ", count: 20_000))
        #expect(long.count == 20_000)
        #expect(long.last?.offset == 100_000)
    }

    // MARK: advances past 2³¹ − 1

    /// Regression: advances were summed in Int32 and a line past 2³¹ − 1 units trapped.
    /// `hb-shape Roboto-Regular.ttf WWWW` gives 1817 per W with no W–W kerning, so 2 MiB of "W" is
    /// 2,097,152 × 1817 = 3,810,525,184 units; its ink runs to the last W's right edge.
    @Test func twoMebibyteLineOfRobotoPastInt32() throws {
        let line = String(repeating: "W", count: 2 << 20)
        let expected = 2_097_152 * 1817
        #expect(expected > Int(Int32.max))
        let face = try FontFace(path: Self.roboto)
        let font = ShapingFont(face: face)
        let fast = try FastMeasurer(font: font, computesInk: true)
        #expect(fast.advance(of: Substring(line)) == expected)
        let measured = fast.measure(Substring(line))
        #expect(measured.advance == expected)
        let ink = try #require(measured.ink)
        #expect(ink.xMax > Double(Int32.max))
        #expect(try Shaper(face: face).advance(of: Substring(line)) == expected)
        let batch = try FastMeasurer.advances(of: PackedLines([line, "WW"]), font: font, threads: 1).advances
        #expect(batch == [expected, 2 * 1817])
    }

    /// Regression: a crafted font (Fixtures/kern32767.ttf, made by the script beside it
    /// with fontTools) kerns A A by +32767, the int16 maximum; `hb-shape kern32767.ttf AAA` gives
    /// 33267, 33267, 500. 70,000 A's (70 kB) then advance 70000 × 500 + 69999 × 32767 = 2,328,657,233.
    @Test func craftedKerningPairOver70KilobytesPastInt32() throws {
        let path = Repository.root.appendingPathComponent("Tests/FontEngineTests/Fixtures/kern32767.ttf").path
        let face = try FontFace(path: path)
        let short = try Shaper(face: face).advance(of: "AAA")
        #expect(short == 33267 + 33267 + 500)
        let line = String(repeating: "A", count: 70_000)
        let expected = 70_000 * 500 + 69_999 * 32_767
        #expect(expected == 2_328_657_233)
        #expect(try Shaper(face: face).advance(of: Substring(line)) == expected)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        #expect(fast.advance(of: Substring(line)) == expected)
        #expect(fast.measure(Substring(line)).advance == expected)
        // Cut at spaces into cached pieces, the sums still hold: "AAA " twice = 2 × (33267 + 33267 + 500 + space).
        // The font has no space glyph: the space is .notdef with .notdef's advance, 500.
        #expect(fast.advance(of: "AAA AAA ") == 2 * (33267 + 33267 + 500 + 500))
    }

    // MARK: clusters, face index, huge and special files, fontconfig cache

    /// Regression: 200,000 combining marks on one base took 58 s (HarfBuzz's quadratic
    /// curve). Past TextLimits.maximumClusterMarks (1000) the excess is dropped and `violation(in:)`
    /// reports it. `hb-shape --unicodes=U+0061,U+0301,U+0301 Roboto-Regular.ttf` gives á (ax 1114)
    /// then the acute with ax 0, so the line still advances 1114.
    @Test func twoHundredThousandMarksOnOneBaseAreBounded() throws {
        let line = "a" + String(repeating: "\u{301}", count: 200_000)
        let violation = try #require(TextLimits.violation(in: Substring(line)))
        // "a" is 1 byte, each U+0301 2 bytes: the 1001st mark starts at 1 + 2 × 1000.
        #expect(violation.utf8Offset == 2001)
        #expect(violation.description.contains("more than 1000 combining marks"))
        #expect(TextLimits.violation(in: Substring("a" + String(repeating: "\u{301}", count: 1000))) == nil)
        #expect(TextLimits.violation(in: "AV Wave Office") == nil)
        let face = try FontFace(path: Self.roboto)
        #expect(try Shaper(face: face).advance(of: Substring(line)) == 1114)
        #expect(try Shaper(face: face).measure(Substring(line)).advance == 1114)
        let fast = try FastMeasurer(font: ShapingFont(face: face), computesInk: true)
        #expect(fast.advance(of: Substring(line)) == 1114)
        #expect(fast.measure(Substring(line)).advance == 1114)
    }

    /// Regression: a negative face index said "0 faces, 0…-1" for a one-face font.
    @Test func faceIndexErrorCountsTheRealFaces() {
        for index in [-1, 1, 70_000] {
            do {
                _ = try FontFace(path: Self.roboto, faceIndex: index)
                Issue.record("face index \(index) accepted")
            } catch {
                #expect("\(error)" == "\(Self.roboto): face index \(index) out of range (the file has 1 face, 0…0)")
            }
        }
    }

    /// Regression: HarfBuzz blobs have 32-bit lengths, so a 4 GiB + N byte font was read
    /// as its first N bytes. A sparse file of 4 GiB + 100 bytes (no disk space used) is refused by size.
    @Test func fontOverFourGibibytesIsRefusedBySize() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("huge.ttf").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(try Data(contentsOf: URL(fileURLWithPath: Self.roboto)).prefix(100))))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: (4 << 30) + 100)
        try handle.close()
        do {
            _ = try FontFace(path: path)
            Issue.record("a 4 GiB + 100 byte font was read")
        } catch {
            #expect("\(error)" == "\(path): 4294967396 bytes, larger than the 1024 MiB TypeFit reads for a font (real fonts are at most a few hundred MB)")
        }
        #expect(throws: FontError.self) { try FontFace.checkSize(FontFace.maximumFileBytes + 1, path: "x") }
        try FontFace.checkSize(FontFace.maximumFileBytes, path: "x")
    }

    /// Regression: a named pipe as the font blocked or said "permission"; now "not a regular file".
    @Test func namedPipeIsNotAFont() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("pipe.ttf").path
        #expect(mkfifo(path, 0o600) == 0)
        do {
            _ = try FontFace(path: path)
            Issue.record("a FIFO was opened as a font")
        } catch {
            #expect("\(error)" == "\(path): not a regular file (a folder, named pipe, device or socket)")
        }
    }

    /// Regression: with an unwritable cache folder fontconfig printed 5–15 "Fontconfig
    /// error: No writable cache directories" lines before every command. FontCatalog then points
    /// XDG_CACHE_HOME at a private writable folder; a writable cache home is left alone.
    @Test func unwritableFontconfigCacheGetsAPrivateOne() throws {
        let home = try #require(FontCatalog.privateCacheHome(environment: ["XDG_CACHE_HOME": "/proc/typefit-no-such-folder"]))
        #expect(access(home, W_OK) == 0)
        #expect(home.hasPrefix(NSTemporaryDirectory()))
        let scratch = try ScratchDirectory()
        #expect(FontCatalog.privateCacheHome(environment: ["XDG_CACHE_HOME": scratch.url.path]) == nil)
        #expect(FileManager.default.fileExists(atPath: scratch.url.path + "/fontconfig"))
    }
}
