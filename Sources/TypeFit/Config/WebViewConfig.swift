import DynamicType
import Layout
import Foundation

/// One entry of `webViews:`: an HTML page the app shows in a `WKWebView` (see docs/web.md).
public struct ConfigWebView: Sendable, Equatable {
    /// Name shown in reports (unique among web views).
    public var name: String
    /// The HTML file, resolved against the config's folder (checked to exist). The CSS, fonts and
    /// images it references load from their relative paths, as in the app bundle.
    public var file: URL
    /// The folder the page may read, as `WKWebView.loadFileURL(_:allowingReadAccessTo:)` grants it in
    /// the app (`readAccess:`, default the config's folder): inside the config's folder tree, and
    /// holding the page. Symbolic links resolved.
    public var readAccess: URL
    /// Device names (validated later against the catalog and `customDevices`); empty = the config's devices.
    public var devices: [ConfigDeviceName]
    /// The web view's frame.
    public var frame: ConfigWebFrame
    /// How the app sizes the page's text.
    public var scaling: ConfigWebScaling
    /// Seconds a page may take to load (and each step in it to finish).
    public var timeout: Double
    /// Where this entry is written (its first character) and its key path, for later errors.
    public var location: ConfigLocation
}

/// `frame:` of a web view.
public enum ConfigWebFrame: Sendable, Equatable {
    /// The whole screen below the status and navigation bars and above a tab bar and the home indicator.
    case fullScreen(navigationBar: NavigationBarStyle, tabBar: Bool)
    /// A fixed height in points, the screen's full width.
    case height(Double)
}

/// `scaling:` of a web view.
public enum ConfigWebScaling: Sendable, Equatable {
    /// The page uses `font: -apple-system-body` (and other `-apple-system-*` keywords).
    case appleSystemBody
    /// The app injects `UIFontMetrics(forTextStyle:).scaledValue(for: baseSize)` as the root font size.
    case uifontmetrics(baseSize: Double, textStyle: TextStyle, maximum: Double?)
    /// The app does not scale the page.
    case none

    /// The config spelling.
    public var name: String {
        switch self {
        case .appleSystemBody: "apple-system-body"
        case .uifontmetrics: "uifontmetrics"
        case .none: "none"
        }
    }
}

/// The spellings of `scaling:`.
enum ConfigWebScalingName: String, CaseIterable {
    case appleSystemBody = "apple-system-body"
    case uifontmetrics
    case none
}

extension ConfigParser {
    static let webViewKeys = ["name", "file", "readAccess", "devices", "frame", "navigationBar", "tabBar", "scaling", "baseSize",
                              "textStyle", "maximum", "timeout"]

    /// `webViews:`: a list of web views (docs/config.md).
    func parseWebViews(_ node: ConfigCursor) throws -> [ConfigWebView] {
        var names: Set<String> = []
        return try node.list(what: "a list of web views").map { item in
            let map = try item.mapping(allowed: Self.webViewKeys, what: "a web view")
            let nameNode = try map.required("name")
            let name = try nameNode.string(what: "a web view name")
            guard names.insert(name).inserted else { throw nameNode.fail("duplicate web view name \"\(name)\"") }
            let fileNode = try map.required("file")
            let file = try fileNode.existingPath(directory: false, what: "HTML file")
            let readAccess = try parseReadAccess(map["readAccess"], page: file, pageNode: fileNode)
            let devices = try map["devices"].map { node in
                try node.stringList(what: "a device name").map { ConfigDeviceName(name: $0.0, location: $0.1.location) }
            } ?? []

            var frame = ConfigWebFrame.fullScreen(navigationBar: .standard, tabBar: false)
            if let node = map["frame"] {
                if case .mapping = node.node {
                    let frameMap = try node.mapping(allowed: ["height"], what: "fullScreen or {height: points}")
                    frame = .height(try frameMap.required("height").number(minimum: 0, exclusive: true))
                } else {
                    let text = try node.string(what: "fullScreen or {height: points}")
                    guard text == "fullScreen" else {
                        throw node.fail("expected fullScreen or {height: points}, got \(node.shown)")
                    }
                }
            }
            if case .height = frame {
                for key in ["navigationBar", "tabBar"] where map.has(key) {
                    throw map[key]!.fail("\(key) applies to frame: fullScreen only (a frame with a height is that tall)")
                }
            } else {
                frame = .fullScreen(navigationBar: try map["navigationBar"].map(parseNavigationBar) ?? .standard,
                                    tabBar: try map["tabBar"]?.bool() ?? false)
            }

            let scalingNode = try map.required("scaling")
            let scaling: ConfigWebScaling
            switch try scalingNode.choice(ConfigWebScalingName.self) {
            case .appleSystemBody, .none:
                for key in ["baseSize", "textStyle", "maximum"] where map.has(key) {
                    throw map[key]!.fail("\(key) applies to scaling: uifontmetrics only")
                }
                scaling = try scalingNode.choice(ConfigWebScalingName.self) == .none ? .none : .appleSystemBody
            case .uifontmetrics:
                let size = try map.required("baseSize").number(minimum: 0, exclusive: true, maximum: 1000)
                var style = TextStyle.body
                if let node = map["textStyle"] {
                    let text = try node.string(what: "a text style")
                    do { style = try TextStyle(parsing: text) } catch {
                        throw node.fail(String(describing: error))
                    }
                }
                scaling = .uifontmetrics(baseSize: size, textStyle: style,
                                         maximum: try map["maximum"]?.number(minimum: 0, exclusive: true))
            }
            let timeout = try map["timeout"]?.number(minimum: 0, exclusive: true, maximum: 600) ?? 20
            return ConfigWebView(name: name, file: file, readAccess: readAccess, devices: devices, frame: frame, scaling: scaling,
                                 timeout: timeout, location: item.location)
        }
    }

    /// `readAccess:` of a web view: a folder inside the config's folder tree (the repository) that
    /// holds the page; default the config's folder. Both compared with symbolic links resolved.
    func parseReadAccess(_ node: ConfigCursor?, page: URL, pageNode: ConfigCursor) throws -> URL {
        let repository = context.baseDirectory
        let repositoryPath = Self.resolvedFolder(repository.path)
        let folder = try node?.existingPath(directory: true, what: "readAccess folder") ?? repository
        let folderPath = Self.resolvedFolder(folder.path)
        if let node, !folderPath.hasPrefix(repositoryPath) {
            throw node.fail("readAccess folder \(folder.path) is outside the config's folder \(repository.path) (a page may read only inside the repository)")
        }
        let pagePath = Self.resolve(page.path)
        guard pagePath.hasPrefix(folderPath) else {
            if let node {
                throw node.fail("readAccess folder \(folder.path) does not hold the page \(page.path) (the web view could not load it)")
            }
            throw pageNode.fail("HTML file \(page.path) is outside the config's folder \(repository.path), the folder its web view may read by default; give readAccess inside the repository")
        }
        return URL(fileURLWithPath: folderPath == "/" ? folderPath : String(folderPath.dropLast()), isDirectory: true)
    }

    /// `path` with symbolic links resolved (as written when it cannot be).
    static func resolve(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A folder's resolved path, ending in "/".
    static func resolvedFolder(_ path: String) -> String {
        let resolved = resolve(path)
        return resolved.hasSuffix("/") ? resolved : resolved + "/"
    }
}
