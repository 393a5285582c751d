import CFontconfig
import Foundation
import Synchronization
import TypeFitSupport

/// Where a font lives: a file path and face index (plus a named-instance index for variable
/// fonts matched by fontconfig).
public struct FontLocation: Sendable, Hashable {
    public var path: String
    public var faceIndex: Int
    /// fvar named instance (0-based) when fontconfig matched one, else nil.
    public var namedInstanceIndex: Int?
    /// Family and PostScript name fontconfig reports for the match.
    public var family: String
    public var postScriptName: String
}

/// Font lookup through fontconfig: the system fonts (optionally), the project's Fonts/ folder
/// and extra directories. Owns its `FcConfig`; every fontconfig call goes through one global
/// lock (fontconfig's initialisation is not thread-safe). fontconfig is not linked: the first
/// catalog loads libfontconfig.so.1 (Sources/CFontconfig), and every call goes through its table.
public final class FontCatalog {
    private let config: OpaquePointer
    /// fontconfig's functions, loaded by the first catalog.
    private let fc: UnsafePointer<tf_fontconfig>
    /// The directories added on top of the system configuration.
    public let fontDirectories: [String]

    private static let lock = Mutex(())

    /// A private cache home (`$TMPDIR/typefit-cache-<uid>`, created 0700) when fontconfig's user
    /// cache folder — `$XDG_CACHE_HOME/fontconfig`, else `$HOME/.cache/fontconfig` — cannot be
    /// created or written; nil when it can (fontconfig then keeps its normal cache).
    static func privateCacheHome(environment: [String: String]) -> String? {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.cache" }
        if let base {
            let folder = base + "/fontconfig"
            if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
               access(folder, W_OK) == 0 {
                return nil
            }
        }
        let home = NSTemporaryDirectory() + "typefit-cache-\(getuid())"
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return home
    }

    /// A catalog of the system fonts (if `includeSystemFonts`) plus every font in `directories`.
    /// Points `XDG_CACHE_HOME` at a private temporary folder when the user's cache folder cannot
    /// be written (see ``privateCacheHome(environment:)``), so fontconfig does not print "No writable
    /// cache directories" 5–15 times before every command's own output; its other errors still show.
    /// Throws `LibraryUnavailable` (one line naming libfontconfig.so.1 and the package to install)
    /// when fontconfig cannot be loaded.
    public init(directories: [String], includeSystemFonts: Bool = true) throws(LibraryUnavailable) {
        let fc = try FontCatalog.functions()
        self.fc = fc
        self.fontDirectories = directories
        self.config = FontCatalog.lock.withLock { _ -> OpaquePointer in
            if let home = FontCatalog.privateCacheHome(environment: ProcessInfo.processInfo.environment) {
                setenv("XDG_CACHE_HOME", home, 1)
            }
            let config: OpaquePointer
            if includeSystemFonts, let loaded = fc.pointee.FcInitLoadConfigAndFonts() {
                config = loaded
            } else {
                // nil only when out of memory (as it was when called directly).
                guard let created = fc.pointee.FcConfigCreate() else { fatalError("fontconfig: FcConfigCreate failed (out of memory)") }
                config = created
                _ = fc.pointee.FcConfigParseAndLoadFromMemory(config, "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>", 0)
            }
            for directory in directories {
                _ = fc.pointee.FcConfigAppFontAddDir(config, directory)
            }
            return config
        }
    }

    deinit {
        FontCatalog.lock.withLock { _ in
            for list in sorted.values {
                fc.pointee.FcFontSetDestroy(list.set)
                fc.pointee.FcPatternDestroy(list.pattern)
            }
            fc.pointee.FcConfigDestroy(config)
        }
    }

    /// fontconfig's functions, loaded on the first call (once per process).
    static func functions() throws(LibraryUnavailable) -> UnsafePointer<tf_fontconfig> {
        if let table = tf_fontconfig_load() { return table }
        throw LibraryUnavailable(tf_fontconfig_problem().map { String(cString: $0) } ?? "fontconfig (libfontconfig.so.1) could not be loaded")
    }

    /// What loading fontconfig's functions from `library` (a name or path for dlopen) instead of
    /// the real one would report: nil when every function is there. Leaves the loaded table alone.
    public static func problemLoadingFontconfig(from library: String) -> LibraryUnavailable? {
        LibraryUnavailable.trying { tf_fontconfig_try_library(library, $0, $1) }
    }

    /// The table for the static helpers below, which run only inside a catalog's methods (whose
    /// init loaded it) or in tests on a machine with fontconfig.
    private static var fc: UnsafePointer<tf_fontconfig> {
        guard let table = tf_fontconfig_load() else { fatalError("FontCatalog helper used before fontconfig loaded") }
        return table
    }

    /// Whether a font argument names a file (it exists as a file, or ends in .ttf/.otf/.ttc/.woff*)
    /// rather than a fontconfig pattern.
    public static func isPath(_ argument: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory.boolValue { return true }
        let lower = argument.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains { lower.hasSuffix($0) }
    }

    /// The project's bundled Fonts/ folder: `TYPEFIT_FONTS`, else ./Fonts in the current
    /// directory, else the package root above `.build/<config>/typefit`. nil if none exists.
    public static func bundledFontsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                             currentDirectory: String = FileManager.default.currentDirectoryPath,
                                             executablePath: String? = TypeFitSupport.executablePath()) -> String? {
        func isDir(_ p: String) -> Bool {
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        if let env = environment["TYPEFIT_FONTS"], !env.isEmpty, isDir(env) { return env }
        let local = URL(fileURLWithPath: currentDirectory).appendingPathComponent("Fonts").path
        if isDir(local) { return local }
        if let executablePath {
            var url = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = url.appendingPathComponent("Fonts").path
                if isDir(candidate), FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                    return candidate
                }
                url.deleteLastPathComponent()
            }
        }
        return nil
    }

    /// Resolves a fontconfig pattern such as "Inter:weight=600" (CSS/OpenType weights, converted
    /// with FcWeightFromOpenType), "Roboto:bold" or ":postscriptname=Inter-SemiBold".
    /// fontconfig always falls back to some font: the match's family / PostScript name is compared
    /// with the request and `FontError.noMatchingFont` thrown when they differ.
    public func resolve(_ pattern: String) throws -> FontLocation {
        let rewritten = FontCatalog.convertingWeights(pattern)
        return try FontCatalog.lock.withLock { _ -> FontLocation in
            guard let parsed = fc.pointee.FcNameParse(rewritten) else { throw FontError.invalidPattern(pattern: pattern) }
            defer { fc.pointee.FcPatternDestroy(parsed) }
            let wantedFamily = FontCatalog.string(parsed, FC_FAMILY)
            let wantedPostScript = FontCatalog.string(parsed, FC_POSTSCRIPT_NAME)
            if wantedFamily == nil && wantedPostScript == nil { throw FontError.invalidPattern(pattern: pattern) }
            _ = fc.pointee.FcConfigSubstitute(config, parsed, FcMatchPattern)
            fc.pointee.FcDefaultSubstitute(parsed)
            var result = FcResultNoMatch
            guard let match = fc.pointee.FcFontMatch(config, parsed, &result) else { throw FontError.noMatchingFont(pattern: pattern, fallback: nil) }
            defer { fc.pointee.FcPatternDestroy(match) }
            let location = FontCatalog.location(match)
            let families = FontCatalog.strings(match, FC_FAMILY).map(FontCatalog.normalized)
            let fallback = "\(location.family) (\(location.postScriptName))"
            if let wantedFamily, !families.contains(FontCatalog.normalized(wantedFamily)) {
                throw FontError.noMatchingFont(pattern: pattern, fallback: fallback)
            }
            if let wantedPostScript, FontCatalog.normalized(wantedPostScript) != FontCatalog.normalized(location.postScriptName) {
                throw FontError.noMatchingFont(pattern: pattern, fallback: fallback)
            }
            return location
        }
    }

    /// A font that has every one of `scalars`, preferring fonts similar to `pattern`: the first
    /// font of fontconfig's list sorted for `pattern` (FcFontSort) that has them all
    /// (FcCharSetHasChar); nil if none has. The list is sorted once per pattern: fontconfig ranks
    /// by the font's file properties, then by the characters it lacks, then by family and the rest
    /// (fcmatch.c, `_FcMatcherPriority`), so among fonts that lack none, adding `scalars` to the
    /// pattern would not change their order.
    public func fallback(for scalars: [Unicode.Scalar], like pattern: String = "sans-serif") -> FontLocation? {
        if scalars.isEmpty { return nil }
        return FontCatalog.lock.withLock { _ -> FontLocation? in
            guard let sorted = sortedFonts(like: pattern) else { return nil }
            for i in 0..<Int(sorted.set.pointee.nfont) {
                guard let candidate = sorted.set.pointee.fonts[i] else { continue }
                var cs: OpaquePointer?
                guard fc.pointee.FcPatternGetCharSet(candidate, FC_CHARSET, 0, &cs) == FcResultMatch, let cs else { continue }
                if scalars.allSatisfy({ fc.pointee.FcCharSetHasChar(cs, $0.value) != 0 }) {
                    // Sorted entries lack some properties; render the full pattern for the file.
                    guard let full = fc.pointee.FcFontRenderPrepare(config, sorted.pattern, candidate) else { continue }
                    defer { fc.pointee.FcPatternDestroy(full) }
                    return FontCatalog.location(full)
                }
            }
            return nil
        }
    }

    /// A pattern (substituted as fontconfig matches it) and every font sorted for it.
    private struct SortedFonts {
        let pattern: OpaquePointer
        let set: UnsafeMutablePointer<FcFontSet>
    }
    /// By pattern; read and written under `FontCatalog.lock`, freed with the catalog.
    private var sorted: [String: SortedFonts] = [:]

    /// The fonts sorted for `pattern` (called under `FontCatalog.lock`).
    private func sortedFonts(like pattern: String) -> SortedFonts? {
        if let known = sorted[pattern] { return known }
        guard let parsed = fc.pointee.FcNameParse(FontCatalog.convertingWeights(pattern)) ?? fc.pointee.FcPatternCreate() else { return nil }
        _ = fc.pointee.FcConfigSubstitute(config, parsed, FcMatchPattern)
        fc.pointee.FcDefaultSubstitute(parsed)
        var result = FcResultNoMatch
        guard let set = fc.pointee.FcFontSort(config, parsed, 0, nil, &result) else {
            fc.pointee.FcPatternDestroy(parsed)
            return nil
        }
        let made = SortedFonts(pattern: parsed, set: set)
        sorted[pattern] = made
        return made
    }

    // MARK: helpers

    /// Replaces `weight=NNN` (CSS/OpenType 1…1000) by fontconfig's weight scale.
    static func convertingWeights(_ pattern: String) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let range = rest.range(of: "weight=") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            if let css = Double(digits), css >= 1, css <= 1000 {
                out += FontEngineFormat.number(fc.pointee.FcWeightFromOpenTypeDouble(css))
                rest = rest[digits.endIndex...]
            }
        }
        return out + rest
    }

    static func normalized(_ s: String) -> String {
        s.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" }
    }

    static func string(_ pattern: OpaquePointer, _ key: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard fc.pointee.FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    static func strings(_ pattern: OpaquePointer, _ key: String) -> [String] {
        var result: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while fc.pointee.FcPatternGetString(pattern, key, n, &value) == FcResultMatch, let v = value {
            result.append(String(cString: v))
            n += 1
        }
        return result
    }

    static func location(_ match: OpaquePointer) -> FontLocation {
        var index: Int32 = 0
        _ = fc.pointee.FcPatternGetInteger(match, FC_INDEX, 0, &index)
        let instance = Int(index >> 16)
        return FontLocation(path: string(match, FC_FILE) ?? "", faceIndex: Int(index & 0xFFFF),
                            namedInstanceIndex: instance > 0 ? instance - 1 : nil,
                            family: string(match, FC_FAMILY) ?? "", postScriptName: string(match, FC_POSTSCRIPT_NAME) ?? "")
    }
}

enum FontEngineFormat {
    /// "600" for integral values, "180.5" otherwise.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
