import Foundation
import TypeFitSupport
import Yams

/// An XcodeGen project spec (`project.yml`), read when a repository commits the spec and not the
/// `.xcodeproj` XcodeGen generates from it, into the `XcodeProject` the pbxproj reader fills.
/// What is read (XcodeGen's Docs/ProjectSpec.md): `options.developmentLanguage`; each target's
/// `type`, `platform` (a name, a list — one target `<name>_iOS` per list — or `supportedDestinations`),
/// `name`, `sources` (paths, or `{path, excludes, buildPhase}`; a folder is every file under it
/// but the `excludes` globs, relative to it), `resources` the same way, `info.path` and
/// `info.properties` (`UIAppFonts`, `CFBundleDevelopmentRegion`) and `settings` `INFOPLIST_FILE`.
/// `include:` and target `templates:` are not followed (a remark each). Paths are relative to the
/// spec's folder. The file is read with a size limit and its nodes counted against a budget, as a
/// typefit.yml is (YAML aliases cannot make it expand without bound).
public struct XcodeGenSpec: Sendable {
    /// The spec as an Xcode project (`path` is the spec file).
    public var project: XcodeProject
    /// `UIAppFonts` of each target's `info.properties`, by target name (XcodeGen writes these into
    /// the Info.plist it generates, over the file's own).
    public var appFonts: [String: [String]]
    /// One-line remarks: `project.yml: problem`.
    public var warnings: [String]

    /// The spec file names XcodeGen reads by default.
    public static let fileNames = ["project.yml", "project.yaml"]
    /// The largest spec read (a real one is a few kilobytes).
    public static let maxBytes = 4 << 20
    /// The fewest nodes a spec may visit (twice its bytes for big files, as a typefit.yml).
    static let minimumNodeBudget = 100_000

    /// The spec nearest the root among `files` (relative paths), nil when there is none.
    public static func find(in files: [String]) -> String? {
        files.filter { fileNames.contains(($0 as NSString).lastPathComponent) }
            .min { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
    }

    /// Reads the spec at `path` (relative to `root`); `files` is every file of the repository
    /// (relative, as `AppRepository.walk` gives them), from which sources are taken.
    /// - Throws: `XcodeProjectError` naming the file (and line:column where known).
    public static func read(path: String, root: URL, files: [String]) throws -> XcodeGenSpec {
        let url = root.appendingPathComponent(path)
        let data: Data
        do { data = try BoundedRead.data(atPath: url.path, limit: maxBytes) } catch {
            throw XcodeProjectError(file: path, message: "\(error)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = TextPosition.firstInvalidUTF8(in: data) ?? 0
            let at = TextPosition(byteOffset: offset, in: data)
            throw XcodeProjectError(file: "\(path):\(at.line):\(at.column)", message: "not valid UTF-8 text")
        }
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw Self.error(error, file: path)
        } catch {
            throw XcodeProjectError(file: path, message: "not valid YAML")
        }
        var reader = Reader(file: path, folder: (path as NSString).deletingLastPathComponent, files: files,
                            budget: max(minimumNodeBudget, 2 * data.count))
        return try reader.spec(node)
    }

    static func error(_ error: YamlError, file: String) -> XcodeProjectError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return XcodeProjectError(file: "\(file):\(mark.line):\(mark.column)", message: "not valid YAML (\(problem))")
        default:
            return XcodeProjectError(file: file, message: "not valid YAML (\(String(describing: error).split(separator: "\n").first ?? ""))")
        }
    }

    /// One read of a spec: the node budget and the remarks.
    struct Reader {
        let file: String
        /// The spec's folder, relative to the root ("" for the root).
        let folder: String
        let files: [String]
        let fileSet: Set<String>
        var budget: Int
        var warnings: [String] = []

        init(file: String, folder: String, files: [String], budget: Int) {
            self.file = file
            self.folder = folder
            self.files = files
            fileSet = Set(files)
            self.budget = budget
        }

        func fail(_ node: Node?, _ message: String) -> XcodeProjectError {
            let at = node?.mark.map { ":\($0.line):\($0.column)" } ?? ""
            return XcodeProjectError(file: file + at, message: message)
        }

        /// Charges `count` visited nodes; fails once aliases expand the spec too far.
        mutating func consume(_ count: Int, _ node: Node) throws {
            budget -= count
            if budget < 0 {
                throw fail(node, "the spec expands to too many entries through YAML aliases (*name) or merge keys (<<); refusing what looks like an alias bomb")
            }
        }

        /// The entries of a mapping with plain-text keys (other keys skipped), charged to the budget.
        mutating func entries(_ node: Node) throws -> [(key: String, value: Node)] {
            guard let mapping = node.mapping else { return [] }
            try consume(mapping.count, node)
            return mapping.compactMap { key, value in key.string.map { ($0, value) } }
        }

        /// A mapping's plain-text keys and values (the first of a repeated key); empty for anything else.
        mutating func map(_ node: Node?) throws -> [String: Node] {
            guard let node else { return [:] }
            var result: [String: Node] = [:]
            for entry in try entries(node) where result[entry.key] == nil { result[entry.key] = entry.value }
            return result
        }

        /// A string or a list of strings (anything else: nothing).
        mutating func strings(_ node: Node?) throws -> [String] {
            guard let node else { return [] }
            if let list = node.sequence {
                try consume(list.count, node)
                return list.compactMap(\.string)
            }
            return node.string.map { [$0] } ?? []
        }

        /// `folder/relative`, standardized, relative to the root; nil when it leaves the root.
        func rooted(_ relative: String) -> String? {
            if relative.hasPrefix("/") { return nil }
            var parts: [Substring] = folder.isEmpty ? [] : folder.split(separator: "/")
            for part in relative.split(separator: "/") {
                if part == "." || part.isEmpty { continue }
                if part == ".." {
                    if parts.isEmpty { return nil }
                    parts.removeLast()
                } else {
                    parts.append(part)
                }
            }
            return parts.joined(separator: "/")
        }

        mutating func spec(_ node: Node?) throws -> XcodeGenSpec {
            guard let node, node.mapping != nil else { throw fail(node, "not an XcodeGen spec (expected a mapping with `name` and `targets`)") }
            let top = try map(node)
            if top["include"] != nil {
                warnings.append("\(file): include: the included specs are not read (only this file's targets)")
            }
            let options = try map(top["options"])
            let language = options["developmentLanguage"]?.string
            var targets: [XcodeTarget] = []
            var appFonts: [String: [String]] = [:]
            var region: String?
            let targetEntries = try top["targets"].map { try entries($0) } ?? []
            for (name, value) in targetEntries {
                guard value.mapping != nil else { continue }
                let target = try map(value)
                guard let type = target["type"]?.string else { continue }
                let productType = "com.apple.product-type." + type
                let platforms = try strings(target["platform"]) + (try strings(target["supportedDestinations"]))
                let iOS = platforms.contains { $0 == "iOS" }
                var targetName = target["name"]?.string ?? name
                if target["platform"]?.sequence.map({ $0.count > 1 }) == true { targetName += "_iOS" }
                if target["templates"] != nil {
                    warnings.append("\(file): targets.\(name).templates: target templates are not read")
                }
                var sources: [String] = [], resources: [String] = []
                for key in ["sources", "resources"] {
                    for (path, phase) in try files(of: target[key], key: "targets.\(name).\(key)") {
                        let isResource = key == "resources" || phase == "resources"
                            || (phase == nil && !XcodeGenSpec.sourceExtensions.contains((path as NSString).pathExtension.lowercased()))
                        if isResource { resources.append(path) } else { sources.append(path) }
                    }
                }
                var settings: [String: String] = [:]
                if let info = target["info"], info.mapping != nil {
                    let plist = try map(info)
                    let properties = try map(plist["properties"])
                    if let fonts = properties["UIAppFonts"] { appFonts[targetName] = try strings(fonts) }
                    if iOS, type == "application", region == nil, let value = properties["CFBundleDevelopmentRegion"]?.string,
                       !value.contains("$(") {
                        region = value
                    }
                    if let path = plist["path"]?.string.flatMap(rooted), fileSet.contains(path) {
                        settings["INFOPLIST_FILE"] = path
                    }
                }
                if settings["INFOPLIST_FILE"] == nil, let path = try infoPlistSetting(target["settings"]).flatMap(rooted),
                   fileSet.contains(path) {
                    settings["INFOPLIST_FILE"] = path
                }
                // The Info.plist XcodeGen writes (from `info`), or its first Info.plist in the sources.
                if settings["INFOPLIST_FILE"] == nil {
                    if let found = (sources + resources).first(where: { ($0 as NSString).lastPathComponent == "Info.plist" }) {
                        settings["INFOPLIST_FILE"] = found
                        resources.removeAll { $0 == found }
                    } else {
                        settings["GENERATE_INFOPLIST_FILE"] = "YES"
                    }
                }
                if let plist = settings["INFOPLIST_FILE"] { resources.removeAll { $0 == plist } }
                var listed: Set<String> = []
                sources = sources.filter { listed.insert($0).inserted }
                resources = resources.filter { listed.insert($0).inserted }
                targets.append(XcodeTarget(name: targetName, productType: productType, platform: iOS ? .iOS : .unknown,
                                           sources: sources, resources: resources, buildSettings: settings))
            }
            let project = XcodeProject(path: file, developmentRegion: region ?? language, knownRegions: [], targets: targets)
            return XcodeGenSpec(project: project, appFonts: appFonts, warnings: warnings)
        }

        /// `INFOPLIST_FILE` of a target's `settings` (flat, or under `base`).
        mutating func infoPlistSetting(_ node: Node?) throws -> String? {
            guard let node else { return nil }
            let settings = try map(node)
            let base = try map(settings["base"])
            return (settings["INFOPLIST_FILE"] ?? base["INFOPLIST_FILE"])?.string.map {
                $0.replacingOccurrences(of: "$(SRCROOT)/", with: "")
            }
        }

        /// The files of a `sources` (or `resources`) value, each with its `buildPhase` when given.
        mutating func files(of node: Node?, key: String) throws -> [(String, String?)] {
            guard let node else { return [] }
            let items: [Node]
            if let list = node.sequence {
                try consume(list.count, node)
                items = Array(list)
            } else {
                items = [node]
            }
            var found: [(String, String?)] = []
            var seen: Set<[String]> = []
            for item in items {
                var path: String?, excludes: [String] = [], phase: String?
                if let text = item.string {
                    path = text
                } else if item.mapping != nil {
                    let source = try map(item)
                    path = source["path"]?.string
                    excludes = try strings(source["excludes"])
                    phase = source["buildPhase"]?.string
                }
                guard let raw = path else { continue }
                guard let base = rooted(raw) else {
                    warnings.append("\(file): \(key): \(quotedInput(raw)) is outside the repository; not read")
                    continue
                }
                // A source written again (through an alias, say) adds nothing.
                guard seen.insert([base, phase ?? ""] + excludes).inserted else { continue }
                var patterns: [Glob] = []
                for pattern in excludes {
                    if let glob = Glob(pattern) { patterns.append(glob) } else {
                        warnings.append("\(file): \(key): excludes pattern \"\(quotedInput(pattern))\" is longer than \(Glob.maximumLength) characters or has more than \(Glob.maximumStars) `*`; ignored")
                    }
                }
                if fileSet.contains(base) {
                    found.append((base, phase))
                    continue
                }
                let prefix = base.isEmpty ? "" : base + "/"
                // `files` is sorted: the folder's files are one run of it, found by binary search.
                var low = 0, high = files.count
                while low < high {
                    let mid = (low + high) / 2
                    if files[mid] < prefix { low = mid + 1 } else { high = mid }
                }
                for candidate in files[low...] {
                    guard candidate.hasPrefix(prefix) else { break }
                    let inner = String(candidate.dropFirst(prefix.count))
                    if patterns.contains(where: { $0.matches(pathOrAncestor: inner) }) { continue }
                    found.append((candidate, phase))
                }
            }
            return found
        }
    }

    /// What XcodeGen puts in a target's compile phase (the rest are resources).
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "c", "cc", "cpp", "h", "hpp", "metal", "intentdefinition"]
}

/// An XcodeGen `excludes` pattern: `*` any run of characters but `/`, `**` any run of path
/// components, `?` one character, `{a,b}` either; matched against the whole path relative to the
/// source folder, or against one of its folders (excluding a folder excludes what is in it).
struct Glob {
    let regex: NSRegularExpression?
    /// Longer patterns, or with more stars, are refused: each star is a quantifier the match may
    /// backtrack through (real excludes have one to three: `**/*.md`).
    static let maximumLength = 512
    static let maximumStars = 8

    init?(_ pattern: String) {
        guard pattern.utf8.count <= Self.maximumLength, pattern.utf8.count(where: { $0 == UInt8(ascii: "*") }) <= Self.maximumStars else {
            return nil
        }
        var out = "^"
        var chars = Array(pattern)[...]
        var braces = 0
        while let c = chars.popFirst() {
            switch c {
            case "*":
                if chars.first == "*" {
                    chars.removeFirst()
                    if chars.first == "/" {
                        chars.removeFirst()
                        out += "(?:.*/)?"
                    } else {
                        out += ".*"
                    }
                } else {
                    out += "[^/]*"
                }
            case "?": out += "[^/]"
            case "{": braces += 1; out += "(?:"
            case "}" where braces > 0: braces -= 1; out += ")"
            case "," where braces > 0: out += "|"
            default: out += NSRegularExpression.escapedPattern(for: String(c))
            }
        }
        out += String(repeating: ")", count: braces) + "$"
        regex = try? NSRegularExpression(pattern: out)
    }

    func matches(_ path: String) -> Bool {
        guard let regex else { return false }
        return regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }

    /// Whether `path` or one of the folders it is in matches.
    func matches(pathOrAncestor path: String) -> Bool {
        var current = Substring(path)
        while !current.isEmpty {
            if matches(String(current)) { return true }
            guard let slash = current.lastIndex(of: "/") else { break }
            current = current[..<slash]
        }
        return false
    }
}
