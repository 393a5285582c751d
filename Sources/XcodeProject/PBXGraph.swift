import Foundation
import TypeFitSupport

/// The objects of a project.pbxproj and the questions TypeFit asks of them: where a file is,
/// which files a target builds, and its build settings. Every file and folder it names is checked
/// against the repository's boundary before it is listed or read; what is left out is one warning.
struct PBXGraph {
    let objects: [String: Any]
    /// The folder holding the .xcodeproj (`SRCROOT`).
    let sourceRoot: String
    let rootPath: String
    /// The project file as messages name it (`App.xcodeproj/project.pbxproj`).
    let file: String
    let boundary: RepositoryBoundary
    /// Each group member's group.
    private var parent: [String: String] = [:]
    /// Groups that are their own ancestors (a hand-edited or hostile project): not resolved.
    private(set) var cyclic: Set<String> = []
    let notes = Notes()
    let xcconfigs: XCConfig

    /// Warnings collected while the graph is asked (a class: the graph's questions are not mutating).
    final class Notes {
        var lines: [String] = []
        var seen: Set<String> = []
        func add(_ line: String) { if seen.insert(line).inserted { lines.append(line) } }
    }

    init(objects: [String: Any], sourceRoot: String, rootPath: String, file: String = "project.pbxproj",
         boundary: RepositoryBoundary? = nil) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        self.rootPath = rootPath
        self.file = file
        self.boundary = boundary ?? RepositoryBoundary(root: rootPath)
        xcconfigs = XCConfig(boundary: self.boundary, rootPath: rootPath, notes: notes)
        for (id, value) in objects {
            guard let object = value as? [String: Any], let children = object["children"] as? [String] else { continue }
            for child in children { parent[child] = id }
        }
        findCycles()
    }

    /// Marks every group on a cycle of `children` and names each cycle once (its smallest id).
    private mutating func findCycles() {
        var state: [String: Bool] = [:]  // false: on the current chain, true: done
        for start in parent.keys.sorted() where state[start] == nil {
            var chain: [String] = []
            var current: String? = start
            while let id = current, state[id] == nil {
                state[id] = false
                chain.append(id)
                current = parent[id]
            }
            if let id = current, state[id] == false, let at = chain.firstIndex(of: id) {
                let cycle = Array(chain[at...])
                cyclic.formUnion(cycle)
                let names = cycle.sorted().prefix(3).map { quotedInput($0) }.joined(separator: ", ")
                notes.add("\(file): groups contain one another in a cycle (\(cycle.count) group\(cycle.count == 1 ? "" : "s"): \(names)\(cycle.count > 3 ? ", …" : "")); the files under them were not read")
            }
            for id in chain { state[id] = true }
        }
    }

    func object(_ id: String?) -> [String: Any]? { id.flatMap { objects[$0] as? [String: Any] } }

    /// The absolute path of a file reference or group, nil when it is outside the source tree
    /// (built products, the SDK) or under a group cycle.
    func absolutePath(_ id: String, depth: Int = 0) -> String? {
        guard depth < 64, !cyclic.contains(id), let object = object(id) else { return nil }
        let path = object["path"] as? String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<absolute>": return path.map { join("/", $0) }
        case "SOURCE_ROOT": return path.map { join(sourceRoot, $0) } ?? sourceRoot
        case "<group>":
            let base = parent[id].flatMap { absolutePath($0, depth: depth + 1) } ?? sourceRoot
            return path.map { join(base, $0) } ?? base
        default: return nil
        }
    }

    /// `absolutePath` when it resolves inside the repository; otherwise nil, with one warning
    /// naming the entry (its id and path as written: nothing outside is looked into).
    func containedPath(_ id: String) -> String? {
        guard let path = absolutePath(id) else { return nil }
        if let escape = boundary.escape(path) {
            let written = object(id)?["path"] as? String ?? path
            notes.add("\(file): \(quotedInput(id)) (\"\(quotedInput(written, limit: 4096))\"): \(escape)")
            return nil
        }
        return path
    }

    func join(_ a: String, _ b: String) -> String {
        URL(fileURLWithPath: b, relativeTo: URL(fileURLWithPath: a, isDirectory: true)).standardizedFileURL.path
    }

    private func relative(_ path: String) -> String { relativePath(path, to: rootPath) }

    /// The files a build file stands for: a file, each localization of a variant group, or every
    /// file under a folder reference.
    func files(ofBuildFile id: String) -> [String] {
        guard let ref = object(id)?["fileRef"] as? String, let target = object(ref) else { return [] }
        if target["isa"] as? String == "PBXVariantGroup" {
            return (target["children"] as? [String] ?? []).compactMap { containedPath($0) }.map(relative)
        }
        guard let path = containedPath(ref) else { return [] }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
           !Self.bundleLikeExtensions.contains(URL(fileURLWithPath: path).pathExtension) {
            return Self.walk(path).map(relative)
        }
        return [relative(path)]
    }

    /// Folders Xcode treats as one file.
    static let bundleLikeExtensions: Set<String> = ["xcassets", "bundle", "framework", "xcdatamodeld", "xcdatamodel",
                                                    "scnassets", "storyboardc", "nib", "app", "appex"]

    /// Every regular file under `folder`, sorted; bundle-like folders are not entered.
    static func walk(_ folder: String) -> [String] {
        FileTree.files(under: URL(fileURLWithPath: folder).standardizedFileURL.path) { _, name in
            bundleLikeExtensions.contains((name as NSString).pathExtension) ? .skip : .enter
        }
    }

    /// A native target with its files and settings.
    func target(id targetID: String, _ target: [String: Any], projectSettings: [String: String]) -> XcodeTarget {
        let name = target["name"] as? String ?? "?"
        var settings = projectSettings
        for (key, value) in buildSettings(list: target["buildConfigurationList"] as? String) { settings[key] = value }
        settings["TARGET_NAME"] = name
        settings = Self.expand(settings, sourceRoot: sourceRoot)
        if let plist = settings["INFOPLIST_FILE"], !plist.isEmpty {
            settings["INFOPLIST_FILE"] = relative(join(sourceRoot, plist))
        }
        var platform = XcodePlatform(sdk: settings["SDKROOT"] ?? "")
        if platform == .unknown, let supported = settings["SUPPORTED_PLATFORMS"] {
            let first = supported.split(separator: " ").first.map(String.init) ?? ""
            platform = XcodePlatform(sdk: first)
        }
        var sources: [String] = [], resources: [String] = []
        for phaseID in target["buildPhases"] as? [String] ?? [] {
            guard let phase = object(phaseID) else { continue }
            let files = (phase["files"] as? [String] ?? []).flatMap(files(ofBuildFile:))
            switch phase["isa"] as? String {
            case "PBXSourcesBuildPhase": sources += files
            case "PBXResourcesBuildPhase": resources += files
            default: break
            }
        }
        // Xcode 16 synchronized folders: every file under the folder, less the target's exceptions.
        for groupID in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
            guard let folder = containedPath(groupID) else { continue }
            var excluded: Set<String> = []
            for exceptionID in object(groupID)?["exceptions"] as? [String] ?? [] {
                guard let exception = object(exceptionID),
                      exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      exception["target"] as? String == targetID else { continue }
                for member in exception["membershipExceptions"] as? [String] ?? [] { excluded.insert(member) }
            }
            for file in Self.walk(folder) {
                if Self.isExcluded(relativePath(file, to: folder), excluded) { continue }
                if Self.sourceExtensions.contains(URL(fileURLWithPath: file).pathExtension) {
                    sources.append(relative(file))
                } else {
                    resources.append(relative(file))
                }
            }
        }
        // Local Swift packages: `XCSwiftPackageProductDependency.package` → `XCLocalSwiftPackageReference.relativePath`
        // (relative to the project's folder).
        var packages: [String] = []
        for dependencyID in target["packageProductDependencies"] as? [String] ?? [] {
            guard let package = object(object(dependencyID)?["package"] as? String),
                  package["isa"] as? String == "XCLocalSwiftPackageReference",
                  let path = package["relativePath"] as? String else { continue }
            let folder = join(sourceRoot, path)
            if let escape = boundary.escape(folder) {
                notes.add("\(file): local package \"\(quotedInput(path, limit: 4096))\": \(escape)")
                continue
            }
            packages.append(relative(folder))
        }
        return XcodeTarget(name: name, productType: target["productType"] as? String ?? "", platform: platform,
                           sources: Self.unique(sources), resources: Self.unique(resources), buildSettings: settings,
                           localPackages: Self.unique(packages))
    }

    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "c", "cpp", "cc", "h"]

    /// Whether `path` (in a synchronized folder) or a folder above it is one of the target's
    /// membership exceptions: one set lookup per folder level, not one comparison per exception.
    static func isExcluded(_ path: String, _ excluded: Set<String>) -> Bool {
        guard !excluded.isEmpty else { return false }
        var prefix = Substring(path)
        while true {
            if excluded.contains(String(prefix)) { return true }
            guard let slash = prefix.lastIndex(of: "/") else { return false }
            prefix = prefix[..<slash]
        }
    }

    static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// The settings of a configuration list's Release configuration (else its first), over the
    /// `.xcconfig` it is based on.
    func buildSettings(list: String?) -> [String: String] {
        guard let list = object(list), let ids = list["buildConfigurations"] as? [String] else { return [:] }
        let configurations = ids.compactMap { object($0) }
        guard let chosen = configurations.first(where: { $0["name"] as? String == "Release" }) ?? configurations.first else {
            return [:]
        }
        var settings: [String: String] = [:]
        if let base = chosen["baseConfigurationReference"] as? String, let path = absolutePath(base) {
            settings = xcconfigs.settings(path: path)
        } else if let anchor = chosen["baseConfigurationReferenceAnchor"] as? String, let folder = absolutePath(anchor),
                  let relative = chosen["baseConfigurationReferenceRelativePath"] as? String {
            // Xcode 16: an .xcconfig inside a synchronized folder.
            settings = xcconfigs.settings(path: join(folder, relative))
        }
        for (key, value) in chosen["buildSettings"] as? [String: Any] ?? [:] {
            let plain = XCConfig.plainKey(key)
            guard let plain else { continue }
            if let text = value as? String { settings[plain] = text }
            else if let list = value as? [String] { settings[plain] = list.joined(separator: " ") }
        }
        return settings
    }

    /// The longest a setting becomes through `$(VAR)` substitution (characters and references
    /// counted): settings that refer to others several times each would otherwise double at every
    /// level (8 levels of `A = $(B)$(B)` over a 1 MB value).
    static let maximumExpandedLength = 65_536

    /// `$(VAR)` and `${VAR}` replaced (SRCROOT, PROJECT_DIR, other settings; `$(inherited)` dropped),
    /// each value at most `maximumExpandedLength` long.
    static func expand(_ settings: [String: String], sourceRoot: String) -> [String: String] {
        var context = settings
        context["SRCROOT"] = sourceRoot
        context["PROJECT_DIR"] = sourceRoot
        context["SOURCE_ROOT"] = sourceRoot
        context["inherited"] = ""
        var result: [String: String] = [:]
        for (key, value) in settings {
            var budget = maximumExpandedLength
            result[key] = substitute(value, context, depth: 0, budget: &budget)
        }
        return result
    }

    /// `value` with its references replaced, 8 levels deep at most; every character written and
    /// every reference met costs one of `budget`, and nothing more is written once it is spent.
    static func substitute(_ value: String, _ context: [String: String], depth: Int, budget: inout Int) -> String {
        guard budget > 0 else { return "" }
        guard depth < 8, value.contains("$") else { return take(value[...], &budget) }
        var out = ""
        var rest = Substring(value)
        while budget > 0, let dollar = rest.firstIndex(of: "$") {
            out += take(rest[..<dollar], &budget)
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first, open == "(" || open == "{",
                  let close = after.firstIndex(of: open == "(" ? ")" : "}") else {
                out += take("$", &budget)
                rest = after
                continue
            }
            let name = String(after[after.index(after: after.startIndex)..<close])
            let bare = name.split(separator: ":").first.map(String.init) ?? name
            budget -= 1
            out += substitute(context[bare] ?? "", context, depth: depth + 1, budget: &budget)
            rest = after[after.index(after: close)...]
        }
        return out + take(rest, &budget)
    }

    /// The first `budget` characters of `text` (counted in UTF-8 bytes), charged to it.
    private static func take(_ text: Substring, _ budget: inout Int) -> String {
        let count = text.utf8.count
        if count <= budget {
            budget -= count
            return String(text)
        }
        let kept = String(decoding: text.utf8.prefix(max(0, budget)), as: UTF8.self)
        budget = 0
        return kept
    }
}

/// `.xcconfig` files: `KEY = value` lines and `#include`s, each file read once (a project's
/// targets share them, and a file included many times is read once), inside the repository only,
/// at most `maximumBytes` each, `maximumFiles` files and `maximumIncludes` `#include` lines
/// however they fan out.
final class XCConfig {
    /// The largest xcconfig read (real ones are a few KB).
    static let maximumBytes = 1 << 20
    /// The most files one project's configurations read, includes counted.
    static let maximumFiles = 256
    /// The most `#include` lines one project's configurations follow.
    static let maximumIncludes = 4096
    /// The deepest chain of includes followed.
    static let maximumDepth = 16

    let boundary: RepositoryBoundary
    let rootPath: String
    let notes: PBXGraph.Notes
    private var cache: [String: [String: String]] = [:]
    private var filesRead = 0
    private var includesFollowed = 0

    init(boundary: RepositoryBoundary, rootPath: String, notes: PBXGraph.Notes) {
        self.boundary = boundary
        self.rootPath = rootPath
        self.notes = notes
    }

    /// The settings of the xcconfig at `path` (absolute) and what it includes.
    func settings(path: String) -> [String: String] {
        var chain: [String] = []
        return read(path: path, chain: &chain)
    }

    private func read(path: String, chain: inout [String]) -> [String: String] {
        let display = relativePath(path, to: rootPath)
        if chain.contains(path) {
            notes.add("\(visible(relativePath(chain.last ?? path, to: rootPath))): includes \(visible(display)), which includes it again; not followed")
            return [:]
        }
        if let known = cache[path] { return known }
        guard chain.count < Self.maximumDepth else {
            notes.add("\(visible(display)): included more than \(Self.maximumDepth) levels deep; not read")
            return [:]
        }
        guard filesRead < Self.maximumFiles else {
            notes.add("\(visible(display)): more than \(Self.maximumFiles) xcconfig files in one project; the rest not read")
            return [:]
        }
        // A missing file is not worth a line (`#include?` is optional; Xcode reports the others).
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        filesRead += 1
        cache[path] = [:]
        let data: Data
        do { data = try boundary.read(path, limit: Self.maximumBytes) } catch {
            notes.add("\(visible(display)): \(error)")
            return [:]
        }
        let text = String(decoding: data, as: UTF8.self)
        chain.append(path)
        defer { chain.removeLast() }
        var settings: [String: String] = [:]
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
                let name = String(line[line.index(after: first)..<last])
                includesFollowed += 1
                guard includesFollowed <= Self.maximumIncludes else {
                    notes.add("\(visible(display)): more than \(Self.maximumIncludes) #include lines in one project's xcconfig files; the rest not followed")
                    continue
                }
                let included = URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL.path
                for (key, value) in read(path: included, chain: &chain) { settings[key] = value }
                continue
            }
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            guard let equals = Self.assignment(in: line) else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            if let plain = Self.plainKey(key) { settings[plain] = value.trimmingCharacters(in: .whitespaces) }
        }
        cache[path] = settings
        return settings
    }

    /// The `=` that assigns a setting: the first outside `[…]` (a condition such as `[sdk=iphoneos*]`
    /// has an `=` of its own).
    static func assignment(in line: String) -> String.Index? {
        var depth = 0
        for i in line.indices {
            switch line[i] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: return i
            default: break
            }
        }
        return nil
    }

    /// A setting's key without an iOS SDK condition (`KEY[sdk=iphoneos*]` → `KEY`); nil for a
    /// condition on another platform.
    static func plainKey(_ key: String) -> String? {
        guard let bracket = key.firstIndex(of: "[") else { return key }
        let condition = key[bracket...]
        guard condition.contains("sdk=iphoneos") || !condition.contains("sdk=") else { return nil }
        return String(key[..<bracket])
    }
}
