import Foundation
import SwiftUISource
import TypeFitSupport

/// `ui:`: the app's own UI files to read (docs/ui-sources.md). `typefit init` writes it.
public struct ConfigUI: Sendable, Equatable {
    /// Which files to read: found from the project (or by walking the folder), listed, or none.
    public enum Files: Sendable, Equatable {
        case auto
        case none
        /// Files relative to `root`, in the order listed (a listed folder: every file of the
        /// kind under it, sorted).
        case list([String])
    }

    /// Which Xcode project to read.
    public enum Project: Sendable, Equatable {
        /// The one whose iOS application has the most files.
        case auto
        /// None: files are found by walking the folder.
        case none
        /// A `.xcodeproj` folder relative to `root`.
        case path(String)
    }

    /// What a binding gives an element whose text is set in code.
    public enum Binding: Sendable, Equatable {
        /// A string key, looked up in the config's `strings:` like a label's `key:`.
        case key(String)
        /// Sample text.
        case text(String)
    }

    /// A SwiftUI view type's layout (`layouts:`), for the SwiftUI reader: a width for every text
    /// of it, or the container it is a row of (its texts then take that container's widths on
    /// each device, less what the view's own padding and stacks take).
    public struct Layout: Sendable, Equatable {
        public var width: Double?
        public var row: SwiftUIContainer?
        public var location: ConfigLocation
    }

    /// The app's root folder: `root:` resolved against the config's folder (default: that folder).
    public var root: URL
    public var project: Project
    /// The application target's name; nil = the one with the most files.
    public var target: String?
    /// Where `target` is written (a target the project does not have is an error there).
    public var targetLocation: ConfigLocation?
    /// Interface Builder and Swift files (paths relative to `root`) not to read.
    public var exclude: [PathGlob] = []
    public var interfaceBuilder: Files
    public var swift: Files
    /// Bindings by element id (an Interface Builder object id, or SwiftUI `View#n`).
    public var bind: [String: Binding]
    /// Where each binding is written.
    public var bindLocations: [String: ConfigLocation]
    /// App font tokens (a design system's names) → text style names, for the SwiftUI reader.
    public var fontTokens: [String: String]
    /// View types' widths, for the SwiftUI reader.
    public var layouts: [String: Layout]
    public var location: ConfigLocation
}

extension ConfigParser {
    static let uiKeys = ["root", "project", "target", "interfaceBuilder", "swift", "exclude", "bind", "fontTokens", "layouts"]

    /// `ui:` (docs/ui-sources.md).
    func parseUI(_ node: ConfigCursor) throws -> ConfigUI {
        let map = try node.mapping(allowed: Self.uiKeys, what: "the app's UI settings")
        let root = try map["root"].map { try $0.existingPath(directory: true, what: "app folder") } ?? context.baseDirectory
        var project = ConfigUI.Project.auto
        if let value = map["project"] {
            let text = try value.string(what: "a .xcodeproj path, auto or none")
            switch text {
            case "auto": project = .auto
            case "none": project = .none
            default:
                let url = root.appendingPathComponent(text).standardizedFileURL
                guard FileManager.default.fileExists(atPath: url.appendingPathComponent("project.pbxproj").path) else {
                    throw value.fail("no project.pbxproj in \"\(text)\"")
                }
                project = .path(text)
            }
        }
        // A listed path must exist (an error at its line:column); a folder stands for every file
        // with one of `extensions` under it.
        func files(_ key: String, what: String, extensions: Set<String>) throws -> ConfigUI.Files {
            guard let value = map[key] else { return .auto }
            if case .sequence = value.node {
                var paths: [String] = []
                for (path, item) in try value.stringList(what: what) {
                    let url = root.appendingPathComponent(path).standardizedFileURL
                    var isFolder: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                        throw item.fail("\(what) \"\(path)\" not found (looked for \(url.path))")
                    }
                    guard isFolder.boolValue else { paths.append(path); continue }
                    let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
                    for file in FileTree.files(under: url.path)
                    where extensions.contains((file as NSString).pathExtension.lowercased()) {
                        let inner = String(file.dropFirst(url.path.count + 1))
                        let relative = folder == "." || folder.isEmpty ? inner : folder + "/" + inner
                        if !paths.contains(relative) { paths.append(relative) }
                    }
                }
                return .list(paths)
            }
            switch try value.string(what: "auto, none or a list of \(what)s") {
            case "auto": return .auto
            case "none": return .none
            default: throw value.fail("expected auto, none or a list of \(what)s, got \(value.shown)")
            }
        }
        var bind: [String: ConfigUI.Binding] = [:]
        var bindLocations: [String: ConfigLocation] = [:]
        if let value = map["bind"] {
            for entry in try value.mapping(what: "a mapping of element ids to string keys or {text: …}").entries {
                if case .mapping = entry.value.node {
                    let inner = try entry.value.mapping(allowed: ["text", "key"], what: "{text: …} or {key: …}")
                    if let text = inner["text"] { bind[entry.key] = .text(try text.text()) }
                    else if let key = inner["key"] { bind[entry.key] = .key(try key.string(what: "a string key")) }
                    else { throw entry.value.fail("expected {text: …} or {key: …}") }
                } else {
                    bind[entry.key] = .key(try entry.value.string(what: "a string key"))
                }
                bindLocations[entry.key] = entry.keyCursor.location
            }
        }
        var tokens: [String: String] = [:]
        if let value = map["fontTokens"] {
            for entry in try value.mapping(what: "a mapping of font token names to text styles").entries {
                tokens[entry.key] = try entry.value.string(what: "a text style name")
            }
        }
        var layouts: [String: ConfigUI.Layout] = [:]
        if let value = map["layouts"] {
            for entry in try value.mapping(what: "a mapping of view types to {width: points} or {row: container}").entries {
                let inner = try entry.value.mapping(allowed: ["width", "row"], what: "{width: points} or {row: container}")
                let width = try inner["width"]?.number(minimum: 0, exclusive: true)
                let row = try inner["row"]?.choice(SwiftUIContainer.self)
                if width != nil && row != nil { throw entry.value.fail("give width or row, not both") }
                if width == nil && row == nil { throw entry.value.fail("expected width: points or row: a container") }
                layouts[entry.key] = ConfigUI.Layout(width: width, row: row, location: entry.value.location)
            }
        }
        var exclude: [PathGlob] = []
        if let value = map["exclude"] {
            for (pattern, item) in try value.stringList(what: "a path pattern") {
                guard !pattern.isEmpty else { throw item.fail("expected a path pattern such as \"**/Mac/**\", got an empty string") }
                exclude.append(PathGlob(pattern))
            }
        }
        let target = map["target"]
        return ConfigUI(root: root, project: project, target: try target?.string(what: "a target name"),
                        targetLocation: target?.location, exclude: exclude,
                        interfaceBuilder: try files("interfaceBuilder", what: "storyboard or XIB path",
                                                    extensions: ["storyboard", "xib"]),
                        swift: try files("swift", what: "Swift file path", extensions: ["swift"]),
                        bind: bind, bindLocations: bindLocations,
                        fontTokens: tokens, layouts: layouts, location: node.location)
    }
}
