import Foundation

/// Where a storyboard's or XIB's translations are: `<folder>/<locale>.lproj/<Name>.strings`
/// beside the `Base.lproj` (or unlocalized) file, and a `<Name>.xcstrings` string catalog.
/// Their keys are `<object id>.<property>` (`"F9H-Kr-npj.text"`, `"a1b-2c-3d4.normalTitle"`).
public enum IBLocalization {
    /// The strings files of the Interface Builder file `path` among `files` (both relative to the
    /// app's root), with each `.strings` file's locale (nil for a catalog, which holds every locale).
    public static func stringsFiles(for path: String, among files: [String]) -> [(locale: String?, path: String)] {
        Index(files: files).stringsFiles(for: path)
    }

    /// The strings files of an app by folder and name, made once: each Interface Builder file
    /// finds its own without going through every file of the app.
    public struct Index: Sendable {
        /// (folder holding the `.lproj` folders or the catalog, file name without extension) → files, in the order given.
        private var byName: [Key: [(locale: String?, path: String)]] = [:]

        private struct Key: Hashable {
            var folder: String
            var name: String
        }

        public init(files: [String]) {
            for file in files {
                let isStrings = file.hasSuffix(".strings")
                guard isStrings || file.hasSuffix(".xcstrings") else { continue }
                var parts = file.split(separator: "/", omittingEmptySubsequences: false)
                let base = parts.removeLast()
                let name = String(base.dropLast(isStrings ? ".strings".count : ".xcstrings".count))
                var locale: String?
                if let folder = parts.last, folder.hasSuffix(".lproj") {
                    locale = String(folder.dropLast(".lproj".count))
                    parts.removeLast()
                } else if isStrings {
                    continue  // a .strings file outside an .lproj folder translates no storyboard
                }
                if isStrings, locale == "Base" { continue }
                let key = Key(folder: parts.joined(separator: "/"), name: name)
                byName[key, default: []].append((isStrings ? locale : nil, file))
            }
        }

        /// The strings files of the Interface Builder file `path`, as `IBLocalization.stringsFiles`.
        public func stringsFiles(for path: String) -> [(locale: String?, path: String)] {
            let url = URL(fileURLWithPath: path)
            let name = url.deletingPathExtension().lastPathComponent
            var folder = url.deletingLastPathComponent().relativePath
            if folder.hasSuffix(".lproj") { folder = URL(fileURLWithPath: folder).deletingLastPathComponent().relativePath }
            if folder == "." { folder = "" }
            return byName[Key(folder: folder, name: name)] ?? []
        }
    }
}
