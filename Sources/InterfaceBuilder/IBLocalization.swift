import Foundation

/// Where a storyboard's or XIB's translations are: `<folder>/<locale>.lproj/<Name>.strings`
/// beside the `Base.lproj` (or unlocalized) file, and a `<Name>.xcstrings` string catalog.
/// Their keys are `<object id>.<property>` (`"F9H-Kr-npj.text"`, `"a1b-2c-3d4.normalTitle"`).
public enum IBLocalization {
    /// The strings files of the Interface Builder file `path` among `files` (both relative to the
    /// app's root), with each `.strings` file's locale (nil for a catalog, which holds every locale).
    public static func stringsFiles(for path: String, among files: [String]) -> [(locale: String?, path: String)] {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent
        var folder = url.deletingLastPathComponent().relativePath
        if folder.hasSuffix(".lproj") { folder = URL(fileURLWithPath: folder).deletingLastPathComponent().relativePath }
        let prefix = folder == "." || folder.isEmpty ? "" : folder + "/"
        var found: [(locale: String?, path: String)] = []
        for file in files where file.hasPrefix(prefix) {
            let rest = file.dropFirst(prefix.count)
            let parts = rest.split(separator: "/")
            if parts.count == 2, parts[0].hasSuffix(".lproj"), parts[1] == "\(name).strings" {
                let locale = String(parts[0].dropLast(".lproj".count))
                if locale != "Base" { found.append((locale, file)) }
            } else if parts.count == 1, parts[0] == "\(name).xcstrings" {
                found.append((nil, file))
            } else if parts.count == 2, parts[0].hasSuffix(".lproj"), parts[1] == "\(name).xcstrings" {
                found.append((nil, file))
            }
        }
        return found
    }
}
