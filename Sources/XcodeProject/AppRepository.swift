import Foundation
import TypeFitSupport

/// What `typefit init` and the audit find in an app's repository: the Xcode project and its iOS
/// application target, the target's Info.plist and fonts, locales, strings files, Interface
/// Builder files, Swift files and a SwiftGen config. Without an Xcode project the files are found
/// by walking the folder. Problems are remarks (`warnings`), one line each, never fatal.
public struct AppRepository: Sendable {
    /// A local Swift package the target depends on: its folder and how many Swift files its
    /// `Sources/` holds.
    public struct LocalPackage: Sendable, Hashable {
        public var path: String
        public var swiftFiles: Int
    }

    /// A font the Info.plist lists under `UIAppFonts`, with the file found for it.
    public struct AppFont: Sendable, Hashable {
        /// The name as listed.
        public var name: String
        /// The file, relative to the root; nil when the repository lacks it.
        public var path: String?
    }

    public var root: URL
    /// Every file of the repository (relative, sorted), tool and dependency folders left out.
    public var allFiles: [String]
    /// The project read, relative to the root; nil when there is none (or none could be read).
    public var project: XcodeProject?
    /// The target audited.
    public var target: XcodeTarget?
    /// The other iOS application targets (named in the summary, not audited).
    public var otherApplications: [String]
    /// The Info.plist read (relative to the root), or a note that Xcode generates it.
    public var infoPlist: String?
    public var appFonts: [AppFont]
    /// Locales: the project's regions and the `.lproj` folders found, development region first.
    public var locales: [String]
    public var developmentRegion: String?
    public var stringsFiles: [String]
    /// Storyboards and XIBs (every platform: the reader skips those not for iOS).
    public var interfaceBuilderFiles: [String]
    public var swiftFiles: [String]
    /// The target's local Swift packages read as the app's own code (their `Sources/` Swift files
    /// are among `swiftFiles`).
    public var localPackages: [LocalPackage] = []
    public var swiftGen: SwiftGenConfig?
    /// One-line remarks: `file[:line]: problem`.
    public var warnings: [String]

    /// Folders never entered when walking a repository.
    static let skippedFolders: Set<String> = [".git", ".build", "Pods", "Carthage", "DerivedData", "node_modules",
                                              "Reports", "build", ".swiftpm", "vendor"]

    /// Every file under `root` (relative paths, sorted), skipping tool and dependency folders.
    public static func walk(_ root: URL) -> [String] {
        let rootPath = root.standardizedFileURL.path
        return FileTree.files(under: rootPath) { _, name in
            if skippedFolders.contains(name) || PBXGraph.bundleLikeExtensions.contains((name as NSString).pathExtension) {
                return .skip
            }
            return (name as NSString).pathExtension == "xcodeproj" ? .list : .enter
        }.map { relativePath($0, to: rootPath) }
    }

    static let ibExtensions: Set<String> = ["storyboard", "xib"]
    static let stringsExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]

    /// The largest Info.plist read.
    static let maximumInfoPlistBytes = 8 << 20
    /// The largest swiftgen.yml read.
    static let maximumSwiftGenBytes = 1 << 20

    /// Reads the repository at `root`: `projectPath` (relative to root) when given, else the
    /// project whose iOS application has the most files; `targetName` when given, else that
    /// application. Nothing outside `boundary` (default: `root`) is read: a file or folder the
    /// project names there, or a link leading there, is left out with one warning.
    public static func discover(root: URL, projectPath: String? = nil, targetName: String? = nil,
                                useProject: Bool = true, boundary: RepositoryBoundary? = nil) -> AppRepository {
        let boundary = boundary ?? RepositoryBoundary(root: root)
        var warnings: [String] = []
        var all: [String] = []
        if let escape = boundary.escape(root.path) {
            warnings.append("\(visible(root.path)): \(escape)")
        } else {
            all = walk(root)
        }
        var best: (project: XcodeProject, target: XcodeTarget)?
        var others: [String] = []
        var projects: [XcodeProject] = []
        let candidates = !useProject || !boundary.contains(root.path) ? []
            : projectPath.map { [$0] } ?? all.filter { $0.hasSuffix(".xcodeproj") }
        var generated: XcodeGenSpec?
        var withoutPBXProj: [String] = []
        for path in candidates {
            // An .xcodeproj without its project.pbxproj (XcodeGen or Tuist generate it): the spec, below.
            if projectPath == nil, !FileManager.default.fileExists(atPath: root.appendingPathComponent(path + "/project.pbxproj").path) {
                withoutPBXProj.append(path)
                continue
            }
            do {
                let project = try XcodeProject.read(projectPath: path, root: root, boundary: boundary)
                warnings += project.warnings
                projects.append(project)
            } catch {
                warnings.append(String(describing: error))
            }
        }
        if useProject, projects.isEmpty, projectPath == nil {
            (generated, projects) = Self.generatedProject(root: root, files: all, withoutPBXProj: withoutPBXProj,
                                                          readFailed: !candidates.isEmpty && withoutPBXProj.count < candidates.count,
                                                          warnings: &warnings)
        }
        for project in projects {
            var apps = project.iOSApplications
            if let targetName { apps = project.targets.filter { $0.name == targetName } }
            for app in apps {
                if let current = best {
                    if app.files.count > current.target.files.count {
                        others.append(current.target.name)
                        best = (project, app)
                    } else {
                        others.append(app.name)
                    }
                } else {
                    best = (project, app)
                }
            }
        }
        if let targetName, best == nil, !projects.isEmpty {
            let names = projects.flatMap { $0.targets.map(\.name) }.joined(separator: ", ")
            warnings.append("\(projects[0].path): no target named \"\(targetName)\" (targets: \(names))")
        } else if best == nil, !projects.isEmpty {
            warnings.append("\(projects[0].path): no iOS application target; files found by walking the folder")
        }
        let project = best?.project ?? projects.first
        let target = best?.target

        // Files: the target's, else the whole tree.
        let files = target.map { $0.files } ?? all
        let extensionOf = { (path: String) in URL(fileURLWithPath: path).pathExtension.lowercased() }
        let ib = files.filter { ibExtensions.contains(extensionOf($0)) }
        var strings = files.filter { stringsExtensions.contains(extensionOf($0)) }
        // The per-storyboard strings of a localized storyboard sit in other .lproj folders than the
        // one the target lists (Xcode lists the variant group's files, all of them): add siblings.
        // The repository's strings files by name, once (not every file for every storyboard).
        var stringsByName: [String: [String]] = [:]
        for candidate in all where candidate.hasSuffix(".strings") || candidate.hasSuffix(".xcstrings") {
            stringsByName[URL(fileURLWithPath: candidate).deletingPathExtension().lastPathComponent, default: []].append(candidate)
        }
        var listed = Set(strings)
        for file in ib where file.contains(".lproj/") {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().path
            for candidate in stringsByName[name] ?? [] where candidate.hasSuffix("/\(name).strings") || candidate.hasSuffix("/\(name).xcstrings") {
                let parent = URL(fileURLWithPath: candidate).deletingLastPathComponent().deletingLastPathComponent().path
                if parent == folder || URL(fileURLWithPath: candidate).deletingLastPathComponent().path == folder {
                    if listed.insert(candidate).inserted { strings.append(candidate) }
                }
            }
        }
        strings.sort()
        var swift = files.filter { extensionOf($0) == "swift" }
        // The target's local Swift packages: the Swift files of each package's `Sources/` are the
        // app's own code (its views are read as the app's), each package listed with its count.
        var packages: [LocalPackage] = []
        for folder in target?.localPackages ?? [] {
            let prefix = (folder.isEmpty || folder == "." ? "" : folder + "/") + "Sources/"
            let found = all.filter { $0.hasPrefix(prefix) && extensionOf($0) == "swift" }
            packages.append(LocalPackage(path: folder, swiftFiles: found.count))
            swift += found
        }
        var seenSwift: Set<String> = []
        swift = swift.filter { seenSwift.insert($0).inserted }

        // Info.plist and its fonts.
        var infoPlist: String?
        var fontNames: [String] = []
        if let target {
            if let file = target.infoPlistFile {
                infoPlist = file
                let url = root.appendingPathComponent(file)
                do {
                    let data = try boundary.read(url.path, limit: maximumInfoPlistBytes)
                    if let problem = PropertyListGuard.problem(in: data) {
                        warnings.append("\(quotedInput(file, limit: 4096)): \(problem); its UIAppFonts were not read")
                    } else if let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any] {
                        fontNames = plist["UIAppFonts"] as? [String] ?? []
                    } else {
                        warnings.append("\(quotedInput(file, limit: 4096)): not a property list; its UIAppFonts were not read")
                    }
                } catch .unreadable {
                    warnings.append("\(quotedInput(file, limit: 4096)): Info.plist not found (INFOPLIST_FILE of target \"\(quotedInput(target.name))\")")
                } catch {
                    warnings.append("\(quotedInput(file, limit: 4096)): \(error)")
                }
            } else if !target.generatedInfoPlistKeys.isEmpty || target.buildSettings["GENERATE_INFOPLIST_FILE"] == "YES" {
                infoPlist = nil
                if let fonts = target.generatedInfoPlistKeys["UIAppFonts"] {
                    fontNames = fonts.split(separator: " ").map(String.init)
                }
            } else {
                warnings.append("\(project?.path ?? root.path): target \"\(target.name)\" sets no INFOPLIST_FILE")
            }
        }
        var appFonts: [AppFont] = []
        if let target, let fonts = generated?.appFonts[target.name] { fontNames = fonts }  // XcodeGen's info.properties
        let targetFiles = FileSuffixIndex(files, suffixLengths: fontNames)
        let allFiles = FileSuffixIndex(all, suffixLengths: fontNames)
        for name in fontNames {
            let found = targetFiles.first(endingWith: name) ?? allFiles.first(endingWith: name)
            if found == nil {
                warnings.append("\(quotedInput(infoPlist ?? "Info.plist", limit: 4096)): UIAppFonts: \"\(quotedInput(name))\" not found in the repository")
            }
            appFonts.append(AppFont(name: name, path: found))
        }

        // Locales: the project's regions, then every .lproj folder of the strings and IB files.
        var locales: [String] = []
        // `Base` holds a storyboard's development text, `mul` a string catalog's every language: neither is a locale.
        func add(_ locale: String) { if locale != "Base", locale != "mul", !locales.contains(locale) { locales.append(locale) } }
        // The development language first: the project's, else English (the text Base.lproj and
        // unlocalized files hold is then taken to be English).
        add(project?.developmentRegion ?? "en")
        for region in project?.knownRegions ?? [] { add(region) }
        for file in strings + ib {
            for component in file.split(separator: "/") where component.hasSuffix(".lproj") {
                add(String(component.dropLast(".lproj".count)))
            }
        }

        // SwiftGen.
        var swiftGen: SwiftGenConfig?
        if let config = all.first(where: { $0 == "swiftgen.yml" }) ?? all.first(where: { $0.hasSuffix("/swiftgen.yml") }) {
            do {
                let data = try boundary.read(root.appendingPathComponent(config).path, limit: maximumSwiftGenBytes)
                guard let text = String(data: data, encoding: .utf8) else {
                    throw XcodeProjectError(file: config, message: "not UTF-8 text")
                }
                swiftGen = try SwiftGenConfig.parse(text, file: config)
            } catch let error as BoundedReadError {
                warnings.append("\(visible(config)): \(error)")
            } catch {
                warnings.append(String(describing: error))
            }
        }
        return AppRepository(root: root, allFiles: all, project: project, target: target, otherApplications: others.sorted(),
                             infoPlist: infoPlist, appFonts: appFonts, locales: locales,
                             developmentRegion: project?.developmentRegion, stringsFiles: strings,
                             interfaceBuilderFiles: ib, swiftFiles: swift, localPackages: packages, swiftGen: swiftGen,
                             warnings: warnings)
    }

    /// Without a project.pbxproj: XcodeGen's spec read as the project, else one remark saying why
    /// the folder is walked (a Tuist manifest, or an .xcodeproj whose project.pbxproj is generated).
    /// `readFailed`: a project.pbxproj was there but could not be read (its warning already given).
    static func generatedProject(root: URL, files: [String], withoutPBXProj: [String], readFailed: Bool,
                                 warnings: inout [String]) -> (XcodeGenSpec?, [XcodeProject]) {
        if readFailed { return (nil, []) }
        if let spec = XcodeGenSpec.find(in: files) {
            do {
                let read = try XcodeGenSpec.read(path: spec, root: root, files: files)
                warnings += read.warnings
                return (read, [read.project])
            } catch {
                warnings.append(String(describing: error))
                return (nil, [])
            }
        }
        // A Tuist manifest: a Project.swift that imports ProjectDescription (not an app's own Project type).
        let manifests = files.filter { ($0 as NSString).lastPathComponent == "Project.swift" }.sorted { ($0.count, $0) < ($1.count, $1) }
        if let manifest = manifests.first(where: { path in
            (try? BoundedRead.data(atPath: root.appendingPathComponent(path).path, limit: 1 << 20))
                .map { String(decoding: $0, as: UTF8.self).contains("import ProjectDescription") } ?? false
        }) {
            warnings.append("\(manifest): no project.pbxproj (a Tuist manifest, not read); files found by walking the folder")
        } else if let project = withoutPBXProj.first {
            warnings.append("\(project): no project.pbxproj (generated from project.yml?); files found by walking the folder")
        }
        return (nil, [])
    }
}

/// The first file of a list whose path ends with a given relative path (`Fonts/Brand.otf` is the
/// file `Fonts/Brand.otf` or any `…/Fonts/Brand.otf`), looked up in one dictionary per number of
/// path components the names have: building it reads each file once, not once per name. A name
/// of more than `maximumComponents` components is never found.
struct FileSuffixIndex {
    static let maximumComponents = 32
    private var firstByLength: [Int: [Substring: String]] = [:]

    init(_ files: [String], suffixLengths names: [String]) {
        let lengths = Set(names.map(Self.components)).filter { $0 <= Self.maximumComponents }.sorted()
        guard !lengths.isEmpty else { return }
        for file in files {
            // The suffixes of 1, 2, … components, as views of the path: after each slash from the end.
            var slashes = 0
            var index = file.endIndex
            var next = 0
            while next < lengths.count {
                let start = file[..<index].lastIndex(of: "/")
                slashes += 1
                let suffix = start.map { file[file.index(after: $0)...] } ?? file[...]
                if slashes == lengths[next] {
                    if firstByLength[slashes]?[suffix] == nil { firstByLength[slashes, default: [:]][suffix] = file }
                    next += 1
                }
                guard let start else { break }
                index = start
            }
        }
    }

    static func components(_ name: String) -> Int { name.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }

    func first(endingWith name: String) -> String? {
        firstByLength[Self.components(name)]?[Substring(name)]
    }
}
