import Foundation
import TypeFitSupport

// An Xcode project as TypeFit needs it: its application targets, the files each builds, their
// Info.plist and the project's regions. `project.pbxproj` is an old-style (OpenStep) property
// list, read with `PropertyListSerialization`; build settings come from the target's and the
// project's build configurations and the `.xcconfig` files they are based on.

/// A problem reading a project file: one line naming the file (and key) and what is wrong.
public struct XcodeProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}

/// The platform a target builds for (its `SDKROOT`, or `SUPPORTED_PLATFORMS`).
public enum XcodePlatform: String, Sendable, Hashable {
    case iOS, macOS, watchOS, tvOS, visionOS, unknown

    /// The platform an SDK name (`iphoneos`, `macosx`, `watchos`, …) builds for.
    public init(sdk: String) {
        let s = sdk.lowercased()
        if s.hasPrefix("iphone") { self = .iOS }
        else if s.hasPrefix("macosx") { self = .macOS }
        else if s.hasPrefix("watch") { self = .watchOS }
        else if s.hasPrefix("appletv") { self = .tvOS }
        else if s.hasPrefix("xr") { self = .visionOS }
        else { self = .unknown }
    }
}

/// A native target of a project.
public struct XcodeTarget: Sendable, Hashable {
    public var name: String
    /// `com.apple.product-type.application`, `…app-extension`, …
    public var productType: String
    public var platform: XcodePlatform
    /// Files the target compiles, relative to the repository root.
    public var sources: [String]
    /// Files the target copies into its bundle (storyboards, XIBs, strings, fonts, …), relative
    /// to the repository root; a localized file contributes each localization's file.
    public var resources: [String]
    /// The resolved build settings of the configuration read (Release when there is one).
    public var buildSettings: [String: String]
    /// The folders (relative to the repository root) of the local Swift packages whose products the
    /// target depends on (`packageProductDependencies` naming an `XCLocalSwiftPackageReference`).
    public var localPackages: [String]

    public init(name: String, productType: String, platform: XcodePlatform, sources: [String], resources: [String],
                buildSettings: [String: String], localPackages: [String] = []) {
        self.localPackages = localPackages
        self.name = name
        self.productType = productType
        self.platform = platform
        self.sources = sources
        self.resources = resources
        self.buildSettings = buildSettings
    }

    /// An iOS (iPhone/iPad) application: not an extension, a watch app, a Mac app or a test bundle.
    public var isIOSApplication: Bool {
        productType == "com.apple.product-type.application" && platform == .iOS
    }

    /// Every file of the target: its sources and its resources.
    public var files: [String] { sources + resources }

    /// `INFOPLIST_FILE`, relative to the repository root, when set.
    public var infoPlistFile: String? { buildSettings["INFOPLIST_FILE"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The `INFOPLIST_KEY_*` settings (an Info.plist Xcode generates), by Info.plist key.
    public var generatedInfoPlistKeys: [String: String] {
        var keys: [String: String] = [:]
        for (key, value) in buildSettings where key.hasPrefix("INFOPLIST_KEY_") {
            keys[String(key.dropFirst("INFOPLIST_KEY_".count))] = value
        }
        return keys
    }
}

/// An Xcode project: its targets and regions.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder, relative to the repository root.
    public var path: String
    public var developmentRegion: String?
    /// `knownRegions`, without `Base`.
    public var knownRegions: [String]
    public var targets: [XcodeTarget]
    /// What could not be followed (a file out of the repository, a group cycle, an xcconfig past a
    /// limit), one line each naming the file.
    public var warnings: [String]

    public init(path: String, developmentRegion: String?, knownRegions: [String], targets: [XcodeTarget],
                warnings: [String] = []) {
        self.path = path
        self.developmentRegion = developmentRegion
        self.knownRegions = knownRegions
        self.targets = targets
        self.warnings = warnings
    }

    /// The largest project.pbxproj read (the largest real ones are a few MB).
    public static let maximumBytes = 32 << 20
    /// The most native targets read from one project (real projects have tens, a few hundred at most).
    public static let maximumTargets = 10_000

    /// The iOS application targets, the one with the most files first.
    public var iOSApplications: [XcodeTarget] {
        targets.filter(\.isIOSApplication).sorted { ($0.files.count, $1.name) > ($1.files.count, $0.name) }
    }

    /// Reads `<projectPath>/project.pbxproj`; paths are made relative to `root`, and nothing
    /// outside `boundary` (default: `root`) is read.
    /// - Throws: `XcodeProjectError` when the file is missing, too large, out of the repository or
    ///   not a property list.
    public static func read(projectPath: String, root: URL, boundary: RepositoryBoundary? = nil) throws -> XcodeProject {
        let boundary = boundary ?? RepositoryBoundary(root: root)
        let projectURL = (projectPath.hasPrefix("/") ? URL(fileURLWithPath: projectPath)
            : root.appendingPathComponent(projectPath)).standardizedFileURL
        let rootPath = root.standardizedFileURL.path
        let display = relativePath(projectURL.path, to: rootPath)
        let file = display + "/project.pbxproj"
        let data: Data
        do { data = try boundary.read(projectURL.appendingPathComponent("project.pbxproj").path, limit: maximumBytes) } catch {
            if case .unreadable = error { throw XcodeProjectError(file: file, message: "cannot read the file") }
            throw XcodeProjectError(file: file, message: "\(error)")
        }
        if let problem = PropertyListGuard.problem(in: data) { throw XcodeProjectError(file: file, message: problem) }
        let plist: Any
        do {
            var format = PropertyListSerialization.PropertyListFormat.openStep
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw XcodeProjectError(file: file, message: "not a property list (an Xcode project file is an old-style property list)")
        }
        guard let top = plist as? [String: Any], let objects = top["objects"] as? [String: Any],
              let rootID = top["rootObject"] as? String, let project = objects[rootID] as? [String: Any] else {
            throw XcodeProjectError(file: file, message: "no `objects` or `rootObject`: not an Xcode project file")
        }
        let graph = PBXGraph(objects: objects, sourceRoot: projectURL.deletingLastPathComponent().path,
                             rootPath: rootPath, file: file, boundary: boundary)
        let projectSettings = graph.buildSettings(list: project["buildConfigurationList"] as? String)
        var targets: [XcodeTarget] = []
        let ids = project["targets"] as? [String] ?? []
        for id in ids.prefix(maximumTargets) {
            guard let target = objects[id] as? [String: Any], target["isa"] as? String == "PBXNativeTarget" else { continue }
            targets.append(graph.target(id: id, target, projectSettings: projectSettings))
        }
        if ids.count > maximumTargets {
            graph.notes.add("\(file): \(ids.count) targets; the first \(maximumTargets) read")
        }
        let regions = (project["knownRegions"] as? [String] ?? []).filter { $0 != "Base" }
        return XcodeProject(path: display, developmentRegion: project["developmentRegion"] as? String,
                            knownRegions: regions, targets: targets, warnings: graph.notes.lines)
    }
}
