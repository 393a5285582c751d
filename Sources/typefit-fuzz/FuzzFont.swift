import FontEngine
import Foundation

/// Texts shaped with every fuzzed font: Latin with kerning pairs, Arabic (joining, RTL), Thai, CJK,
/// a combining-mark stack, an emoji ZWJ sequence and an empty string.
let fuzzTexts: [Substring] = ["AV Wave Office fi", "مرحبا بالعالم", "สวัสดีครับ", "日本語のテキスト", "Ế̃̂ṩ", "👩‍👩‍👧🇯🇵", ""]

/// Font bytes → `FontFace` (FreeType + HarfBuzz) → metrics, shaping, ink boxes, outlines, variations.
/// The bytes go through a file because `FontFace` loads from paths, as the CLI does.
func fuzzFont(_ data: Data) {
    let path = FuzzFiles.fontPath
    guard FileManager.default.createFile(atPath: path, contents: data) else { return }
    do {
        let face = try FontFace(path: path)
        exercise(face)
        if face.info.faceCount > 1 {
            exercise(try FontFace(path: path, faceIndex: face.info.faceCount - 1))
        }
        if let axis = face.info.axes.first {
            // In range: the axis maximum; out of range must be an error, not a crash.
            exercise(try FontFace(path: path, variations: [VariationSetting(tag: axis.tag, value: axis.maximum)]))
            do { _ = try FontFace(path: path, variations: [VariationSetting(tag: axis.tag, value: axis.maximum + 1)]) }
            catch { requireOneLine(error, .font) }
        }
        if let name = face.info.namedInstances.last { exercise(try FontFace(path: path, instance: name)) }
        do { _ = try FontFace(path: path, faceIndex: face.info.faceCount) } catch { requireOneLine(error, .font) }
    } catch {
        requireOneLine(error, .font)
    }
}

private func exercise(_ face: FontFace) {
    let info = face.info
    for rule in LineHeightRule.allCases { _ = info.lineHeight(rule, size: 17) }
    for glyph in 0..<UInt32(min(max(info.glyphCount, 0), 24)) {
        _ = face.glyphExtents(glyph: glyph)
        _ = face.outlineBounds(glyph: glyph, exact: glyph % 2 == 0)
    }
    guard let shaper = try? Shaper(face: face, features: "-kern,+liga") else { return }
    for text in fuzzTexts {
        let line = shaper.measure(text)
        _ = info.isAboveAscender(line.ink)
        _ = shaper.inkBox(of: text)
        _ = shaper.scriptRuns(of: text)
    }
}

/// Fuzzed text measured with real fonts (Inter CFF, Noto Sans Arabic) and broken into lines by ICU:
/// invalid UTF-8, lone surrogates (as U+FFFD), NULs, bidi controls, very long lines.
func fuzzText(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    for shaper in FuzzFiles.textShapers {
        let line = shaper.measure(Substring(text))
        _ = shaper.face.info.isBelowDescender(line.ink)
        _ = shaper.scriptRuns(of: Substring(text))
    }
    let breaks = LineBreaker.opportunities(in: text, locale: data.first.map { $0 % 2 == 0 ? "th" : "ja" })
    if let last = breaks.last, last.offset > text.utf16.count {
        FileHandle.standardError.write(Data("typefit-fuzz[text]: break offset \(last.offset) beyond \(text.utf16.count) UTF-16 units\n".utf8))
        abort()
    }
}

enum FuzzFiles {
    /// One scratch file per process (libFuzzer may run several processes with -fork/-jobs).
    static let fontPath: String = {
        let dir = ProcessInfo.processInfo.environment["TMPDIR"] ?? NSTemporaryDirectory()
        return (dir as NSString).appendingPathComponent("typefit-fuzz-\(getpid()).font")
    }()

    /// Shapers for the text target, loaded once from the bundled fonts (run from the package root).
    nonisolated(unsafe) static let textShapers: [Shaper] = ["Fonts/Inter/Inter-Regular.otf", "Fonts/Noto/NotoSansArabic-Regular.ttf"].compactMap { path in
        guard let face = try? FontFace(path: path) else {
            FileHandle.standardError.write(Data("typefit-fuzz[text]: cannot load \(path); run from the package root\n".utf8))
            exit(2)
        }
        return try? Shaper(face: face)
    }
}
