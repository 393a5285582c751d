import DynamicType
import Foundation

/// One entry of `webViews:`: an HTML page the app shows in a `WKWebView` (see docs/web.md).
public struct ConfigWebView: Sendable, Equatable {
    /// Name shown in reports (unique among web views).
    public var name: String
    /// The HTML file, resolved against the config's folder (checked to exist). The CSS, fonts and
    /// images it references load from their relative paths, as in the app bundle.
    public var file: URL
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
    case fullScreen(navigationBar: ConfigNavigationBar, tabBar: Bool)
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
    static let webViewKeys = ["name", "file", "devices", "frame", "navigationBar", "tabBar", "scaling", "baseSize",
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
                frame = .fullScreen(navigationBar: try map["navigationBar"]?.choice(ConfigNavigationBar.self) ?? .standard,
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
            return ConfigWebView(name: name, file: file, devices: devices, frame: frame, scaling: scaling,
                                 timeout: timeout, location: item.location)
        }
    }
}
