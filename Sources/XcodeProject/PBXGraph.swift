import Foundation
import TypeFitSupport

/// The objects of a project.pbxproj and the questions TypeFit asks of them: where a file is,
/// which files a target builds, and its build settings.
struct PBXGraph {
    let objects: [String: Any]
    /// The folder holding the .xcodeproj (`SRCROOT`).
    let sourceRoot: String
    let rootPath: String
    /// Each group member's group.
    private var parent: [String: String] = [:]

    init(objects: [String: Any], sourceRoot: String, rootPath: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        self.rootPath = rootPath
        for (id, value) in objects {
            guard let object = value as? [String: Any], let children = object["children"] as? [String] else { continue }
            for child in children { parent[child] = id }
        }
    }

    func object(_ id: String?) -> [String: Any]? { id.flatMap { objects[$0] as? [String: Any] } }

    /// The absolute path of a file reference or group, nil when it is outside the source tree
    /// (built products, the SDK).
    func absolutePath(_ id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = object(id) else { return nil }
        let path = object["path"] as? String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<absolute>": return path
        case "SOURCE_ROOT": return path.map { join(sourceRoot, $0) } ?? sourceRoot
        case "<group>":
            let base = parent[id].flatMap { absolutePath($0, depth: depth + 1) } ?? sourceRoot
            return path.map { join(base, $0) } ?? base
        default: return nil
        }
    }

    private func join(_ a: String, _ b: String) -> String {
        URL(fileURLWithPath: b, relativeTo: URL(fileURLWithPath: a, isDirectory: true)).standardizedFileURL.path
    }

    private func relative(_ path: String) -> String { relativePath(path, to: rootPath) }

    /// The files a build file stands for: a file, each localization of a variant group, or every
    /// file under a folder reference.
    func files(ofBuildFile id: String) -> [String] {
        guard let ref = object(id)?["fileRef"] as? String, let target = object(ref) else { return [] }
        if target["isa"] as? String == "PBXVariantGroup" {
            return (target["children"] as? [String] ?? []).compactMap { absolutePath($0) }.map(relative)
        }
        guard let path = absolutePath(ref) else { return [] }
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
            guard let folder = absolutePath(groupID) else { continue }
            var excluded: Set<String> = []
            for exceptionID in object(groupID)?["exceptions"] as? [String] ?? [] {
                guard let exception = object(exceptionID),
                      exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      exception["target"] as? String == targetID else { continue }
                for member in exception["membershipExceptions"] as? [String] ?? [] { excluded.insert(member) }
            }
            for file in Self.walk(folder) {
                let inFolder = relativePath(file, to: folder)
                if excluded.contains(inFolder) || excluded.contains(where: { inFolder.hasPrefix($0 + "/") }) { continue }
                if Self.sourceExtensions.contains(URL(fileURLWithPath: file).pathExtension) {
                    sources.append(relative(file))
                } else {
                    resources.append(relative(file))
                }
            }
        }
        return XcodeTarget(name: name, productType: target["productType"] as? String ?? "", platform: platform,
                           sources: Self.unique(sources), resources: Self.unique(resources), buildSettings: settings)
    }

    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "c", "cpp", "cc", "h"]

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
            settings = XCConfig.read(path: path)
        } else if let anchor = chosen["baseConfigurationReferenceAnchor"] as? String, let folder = absolutePath(anchor),
                  let relative = chosen["baseConfigurationReferenceRelativePath"] as? String {
            // Xcode 16: an .xcconfig inside a synchronized folder.
            settings = XCConfig.read(path: join(folder, relative))
        }
        for (key, value) in chosen["buildSettings"] as? [String: Any] ?? [:] {
            let plain = XCConfig.plainKey(key)
            guard let plain else { continue }
            if let text = value as? String { settings[plain] = text }
            else if let list = value as? [String] { settings[plain] = list.joined(separator: " ") }
        }
        return settings
    }

    /// `$(VAR)` and `${VAR}` replaced (SRCROOT, PROJECT_DIR, other settings; `$(inherited)` dropped).
    static func expand(_ settings: [String: String], sourceRoot: String) -> [String: String] {
        var context = settings
        context["SRCROOT"] = sourceRoot
        context["PROJECT_DIR"] = sourceRoot
        context["SOURCE_ROOT"] = sourceRoot
        context["inherited"] = ""
        var result: [String: String] = [:]
        for (key, value) in settings { result[key] = substitute(value, context, depth: 0) }
        return result
    }

    static func substitute(_ value: String, _ context: [String: String], depth: Int) -> String {
        guard depth < 8, value.contains("$") else { return value }
        var out = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first, open == "(" || open == "{",
                  let close = after.firstIndex(of: open == "(" ? ")" : "}") else {
                out += "$"
                rest = after
                continue
            }
            let name = String(after[after.index(after: after.startIndex)..<close])
            let bare = name.split(separator: ":").first.map(String.init) ?? name
            out += substitute(context[bare] ?? "", context, depth: depth + 1)
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }
}

/// `.xcconfig` files: `KEY = value` lines and `#include`s.
enum XCConfig {
    static func read(path: String, depth: Int = 0) -> [String: String] {
        guard depth < 16, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var settings: [String: String] = [:]
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
                let name = String(line[line.index(after: first)..<last])
                let included = URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL.path
                for (key, value) in read(path: included, depth: depth + 1) { settings[key] = value }
                continue
            }
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            if let plain = plainKey(key) { settings[plain] = value.trimmingCharacters(in: .whitespaces) }
        }
        return settings
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
