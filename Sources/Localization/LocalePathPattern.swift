import Foundation

/// A strings path that may hold `{locale}` in any of its components, e.g.
/// `strings/{locale}.strings`, `Resources/{locale}.lproj/Localizable.strings` or
/// `{locale}/App-{locale}.xcstrings`.
///
/// Each `{locale}` stands for text inside one path component (never a `/`), and every
/// `{locale}` of the path stands for the same locale. The one expansion used both when a config
/// is validated and when its strings are loaded, so the two cannot disagree.
public struct LocalePathPattern: Sendable, Equatable {
    public static let placeholder = "{locale}"

    /// The path, with its placeholders (absolute or relative to the current folder).
    public let path: String

    public init(_ path: String) { self.path = path }

    /// One file the pattern matches: the text `{locale}` stood for (as written in the file
    /// system, e.g. `pt_BR`) and the file.
    public struct Match: Sendable, Equatable {
        public var locale: String
        public var url: URL
    }

    /// Whether the path holds `{locale}` at all.
    public var hasPlaceholder: Bool { path.contains(Self.placeholder) }

    /// The folder above the first component holding `{locale}` (the path itself when there is none):
    /// it must exist for the pattern to match anything.
    public var fixedFolder: URL {
        let components = Self.components(of: path)
        guard let index = components.firstIndex(where: { $0.contains(Self.placeholder) }) else {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: Self.join(Array(components[..<index]), absolute: path.hasPrefix("/")))
    }

    /// Every existing file or folder the pattern matches, sorted by path. A path without
    /// `{locale}` matches itself (with an empty locale) when it exists.
    public func matches(fileManager: FileManager = .default) -> [Match] {
        let components = Self.components(of: path)
        let absolute = path.hasPrefix("/")
        guard components.contains(where: { $0.contains(Self.placeholder) }) else {
            return fileManager.fileExists(atPath: path) ? [Match(locale: "", url: URL(fileURLWithPath: path))] : []
        }
        var results: [Match] = []
        // Depth-first over the components: fixed ones are appended, ones with the placeholder are
        // matched against the folder's entries (binding the locale at its first occurrence).
        func walk(_ index: Int, _ prefix: [String], _ locale: String?) {
            if index == components.count {
                let joined = Self.join(prefix, absolute: absolute)
                if let locale, fileManager.fileExists(atPath: joined) {
                    results.append(Match(locale: locale, url: URL(fileURLWithPath: joined)))
                }
                return
            }
            let component = components[index]
            guard component.contains(Self.placeholder) else {
                walk(index + 1, prefix + [component], locale)
                return
            }
            if let locale {
                walk(index + 1, prefix + [component.replacingOccurrences(of: Self.placeholder, with: locale)], locale)
                return
            }
            let folder = Self.join(prefix, absolute: absolute)
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                guard let found = Self.locale(in: name, matching: component) else { continue }
                walk(index + 1, prefix + [name], found)
            }
        }
        walk(0, [], nil)
        return results.sorted { $0.url.path < $1.url.path }
    }

    /// The matches for `locale` or, failing that, for the nearest entry of its fallback chain
    /// (`de-CH` → `de`); locales are compared normalized (`pt_BR` = `pt-BR`).
    public static func matches(_ matches: [Match], for locale: String) -> [Match] {
        for candidate in LocaleID.fallbackChain(locale) {
            let found = matches.filter { LocaleID.normalize($0.locale) == candidate }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The locale text of `name` when it has the form of `component` (`{locale}.lproj`,
    /// `App-{locale}.strings`, `{locale}-{locale}`): non-empty, the same at every placeholder.
    public static func locale(in name: String, matching component: String) -> String? {
        let parts = component.components(separatedBy: placeholder)
        guard parts.count >= 2, let prefix = parts.first, let suffix = parts.last,
              name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        // The locale ends where the text after the first placeholder begins (or at the suffix).
        let candidate: Substring
        if parts.count == 2 {
            candidate = middle
        } else if let range = middle.range(of: parts[1]) {
            candidate = middle[..<range.lowerBound]
        } else {
            return nil
        }
        guard !candidate.isEmpty, component.replacingOccurrences(of: placeholder, with: String(candidate)) == name else { return nil }
        return String(candidate)
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func join(_ components: [String], absolute: Bool) -> String {
        (absolute ? "/" : "") + components.joined(separator: "/")
    }
}
