import Foundation

/// Screen orientation.
public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
    case portrait
    case landscape
}

/// UIKit horizontal size class.
public enum WidthClass: String, Sendable, Hashable, Codable, CaseIterable {
    case compact
    case regular
}

/// Edge insets in points.
public struct Insets: Sendable, Hashable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// Bar heights of one orientation, in points, WITHOUT the bottom safe-area inset (the screen
/// adds it below a tab bar or toolbar).
public struct BarMetrics: Sendable, Hashable, Codable {
    /// Status bar height (0 when hidden, as on iPhones in landscape).
    public var statusBar: Double
    /// Standard navigation bar.
    public var navigationBar: Double
    /// Navigation bar with a large title (expanded).
    public var largeTitleNavigationBar: Double
    /// Tab bar.
    public var tabBar: Double
    /// Toolbar.
    public var toolbar: Double
    public init(statusBar: Double, navigationBar: Double, largeTitleNavigationBar: Double,
                tabBar: Double, toolbar: Double) {
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.largeTitleNavigationBar = largeTitleNavigationBar
        self.tabBar = tabBar
        self.toolbar = toolbar
    }
}

/// The kind of an iOS device (UIKit's user interface idiom, with the iPod touch apart as String
/// Catalogs' device variations have it).
public enum DeviceIdiom: String, Sendable, Hashable, Codable, CaseIterable {
    case iphone, ipad, ipod

    /// The kind a device's name says: "iPad…" an iPad, "iPod…" an iPod touch, anything else an iPhone.
    public static func named(_ name: String) -> DeviceIdiom {
        let lower = name.lowercased()
        return lower.hasPrefix("ipad") ? .ipad : lower.hasPrefix("ipod") ? .ipod : .iphone
    }
}

/// A device: screen size in points (portrait), scale, safe areas and bars per orientation.
/// The catalog (`Device.catalog`) comes from shared/reference/apple-dynamic-type.md §E;
/// custom devices are built with the memberwise init (the config parses them).
public struct Device: Sendable, Hashable, Codable {
    /// Display name, e.g. "iPhone SE (1st generation)".
    public var name: String
    /// Other names accepted by `Device.named(_:)` (compared case-insensitively).
    public var aliases: [String]
    /// Portrait width in points.
    public var width: Double
    /// Portrait height in points.
    public var height: Double
    /// Pixels per point (2 or 3).
    public var scale: Double
    /// Safe-area insets in portrait.
    public var safeAreaPortrait: Insets
    /// Safe-area insets in landscape.
    public var safeAreaLandscape: Insets
    /// Bars in portrait.
    public var barsPortrait: BarMetrics
    /// Bars in landscape.
    public var barsLandscape: BarMetrics
    /// Horizontal size class in portrait and landscape.
    public var widthClassPortrait: WidthClass
    public var widthClassLandscape: WidthClass
    /// Where the values come from and how sure they are.
    public var source: String
    /// What kind of device it is (the string variants shown on it follow).
    public var idiom: DeviceIdiom

    public init(name: String, aliases: [String] = [], width: Double, height: Double, scale: Double,
                safeAreaPortrait: Insets, safeAreaLandscape: Insets,
                barsPortrait: BarMetrics, barsLandscape: BarMetrics,
                widthClassPortrait: WidthClass = .compact, widthClassLandscape: WidthClass = .compact,
                source: String = "custom", idiom: DeviceIdiom? = nil) {
        self.name = name
        self.idiom = idiom ?? DeviceIdiom.named(name)
        self.aliases = aliases
        self.width = width
        self.height = height
        self.scale = scale
        self.safeAreaPortrait = safeAreaPortrait
        self.safeAreaLandscape = safeAreaLandscape
        self.barsPortrait = barsPortrait
        self.barsLandscape = barsLandscape
        self.widthClassPortrait = widthClassPortrait
        self.widthClassLandscape = widthClassLandscape
        self.source = source
    }

    /// Screen size in points for an orientation (landscape swaps width and height).
    public func size(_ o: Orientation) -> (width: Double, height: Double) {
        o == .portrait ? (width, height) : (height, width)
    }
    /// Safe-area insets for an orientation.
    public func safeArea(_ o: Orientation) -> Insets { o == .portrait ? safeAreaPortrait : safeAreaLandscape }
    /// Bars for an orientation.
    public func bars(_ o: Orientation) -> BarMetrics { o == .portrait ? barsPortrait : barsLandscape }
    /// Horizontal size class for an orientation.
    public func widthClass(_ o: Orientation) -> WidthClass {
        o == .portrait ? widthClassPortrait : widthClassLandscape
    }
}

/// Thrown by `Device.named(_:)` for an unknown name.
public struct UnknownDeviceError: Error, CustomStringConvertible, Sendable {
    public var name: String
    public var validNames: [String]
    public var description: String {
        "unknown device '\(name)'; valid devices: \(validNames.joined(separator: ", "))"
    }
}

extension Device {
    /// Case-insensitive key: letters and digits only ("iPhone SE (1st gen)" → "iphonese1stgen").
    static func key(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Looks a device up in `catalog` (or `devices`) by name or alias, ignoring case, spaces and
    /// punctuation. Throws `UnknownDeviceError` listing the valid names.
    public static func named(_ name: String, in devices: [Device] = Device.catalog) throws -> Device {
        let k = key(name)
        if let d = devices.first(where: { key($0.name) == k || $0.aliases.contains { key($0) == k } }) {
            return d
        }
        throw UnknownDeviceError(name: name, validNames: devices.map(\.name))
    }

    // iPhone bars (reference §E, QMUI): navigation 44 portrait / 32 landscape (44 on Max-size
    // phones), large title ≈ 96 (inferred), tab bar 49 (32 landscape on smaller phones),
    // toolbar 44 (32 landscape on smaller phones). Status bar hidden in landscape on iPhones.
    private static func phoneBars(status: Double) -> BarMetrics {
        BarMetrics(statusBar: status, navigationBar: 44, largeTitleNavigationBar: 96, tabBar: 49, toolbar: 44)
    }
    private static let phoneLandscapeSmall = BarMetrics(
        statusBar: 0, navigationBar: 32, largeTitleNavigationBar: 32, tabBar: 32, toolbar: 32)
    private static let phoneLandscapeLarge = BarMetrics(
        statusBar: 0, navigationBar: 44, largeTitleNavigationBar: 44, tabBar: 49, toolbar: 44)
    // iPad with rounded screen: status 24, navigation 50, large title 50 + 52 (inferred as for
    // iPhone: 96 − 44), tab bar 65, toolbar 70 (QMUI); same in both orientations.
    private static let padBars = BarMetrics(
        statusBar: 24, navigationBar: 50, largeTitleNavigationBar: 102, tabBar: 65, toolbar: 70)

    /// The built-in devices (reference §E; see docs/layout.md for the sources and the choices
    /// made where the reference is uncertain).
    public static let catalog: [Device] = [
        Device(name: "iPhone SE (1st generation)",
               aliases: ["iPhone SE (1st gen)", "iphone-se-1", "iPhone SE 1", "iPhone 5s"],
               width: 320, height: 568, scale: 2,
               safeAreaPortrait: Insets(top: 20), safeAreaLandscape: Insets(),
               barsPortrait: phoneBars(status: 20), barsLandscape: phoneLandscapeSmall,
               source: "HIG screen sizes (confirmed); safe area 20/0 and status bar 20 (pointfree, QMUI; confirmed)"),
        Device(name: "iPhone SE (3rd generation)",
               aliases: ["iPhone SE (3rd gen)", "iphone-se-3", "iPhone SE 3", "iPhone SE (2nd generation)",
                         "iphone-se-2", "iPhone 8"],
               width: 375, height: 667, scale: 2,
               safeAreaPortrait: Insets(top: 20), safeAreaLandscape: Insets(),
               barsPortrait: phoneBars(status: 20), barsLandscape: phoneLandscapeSmall,
               source: "HIG screen sizes (confirmed); safe area 20/0, status bar 20 (pointfree, QMUI; confirmed)"),
        Device(name: "iPhone 13 mini",
               aliases: ["iphone-13-mini", "iPhone 12 mini", "iphone-12-mini"],
               width: 375, height: 812, scale: 3,
               safeAreaPortrait: Insets(top: 50, bottom: 34),
               safeAreaLandscape: Insets(left: 50, bottom: 21, right: 50),
               barsPortrait: phoneBars(status: 50), barsLandscape: phoneLandscapeSmall,
               source: "safe area 50/34, landscape 50/50/21, status bar 50 on iOS 15+ (pointfree, QMUI; confirmed)"),
        Device(name: "iPhone 15",
               aliases: ["iphone-15"],
               width: 393, height: 852, scale: 3,
               safeAreaPortrait: Insets(top: 59, bottom: 34),
               safeAreaLandscape: Insets(left: 59, bottom: 21, right: 59),
               barsPortrait: phoneBars(status: 54), barsLandscape: phoneLandscapeSmall,
               source: "UNCERTAIN top inset: QMUI lists 47 for iPhone15,4 but 54 status bar (Dynamic Island); "
                   + "59 chosen as for the other 393×852 Dynamic Island models (14 Pro, 15 Pro, 16); override with a custom device"),
        Device(name: "iPhone 16",
               aliases: ["iphone-16"],
               width: 393, height: 852, scale: 3,
               safeAreaPortrait: Insets(top: 59, bottom: 34),
               safeAreaLandscape: Insets(left: 59, bottom: 21, right: 59),
               barsPortrait: phoneBars(status: 54), barsLandscape: phoneLandscapeSmall,
               source: "safe area 59/34, landscape 59/59/21, status bar 54 (QMUI; reported)"),
        Device(name: "iPhone 16 Pro",
               aliases: ["iphone-16-pro"],
               width: 402, height: 874, scale: 3,
               safeAreaPortrait: Insets(top: 62, bottom: 34),
               safeAreaLandscape: Insets(left: 62, bottom: 21, right: 62),
               barsPortrait: phoneBars(status: 54), barsLandscape: phoneLandscapeSmall,
               source: "safe area 62/34, landscape 62/62/21 (QMUI + useyourloaf; confirmed); status bar unknown, "
                   + "54 assumed (Dynamic Island family); the safe-area top (62) is what positions content"),
        Device(name: "iPhone 16 Pro Max",
               aliases: ["iphone-16-pro-max"],
               width: 440, height: 956, scale: 3,
               safeAreaPortrait: Insets(top: 62, bottom: 34),
               safeAreaLandscape: Insets(left: 62, bottom: 21, right: 62),
               barsPortrait: phoneBars(status: 54), barsLandscape: phoneLandscapeLarge,
               widthClassLandscape: .regular,
               source: "safe area 62/34, landscape 62/62/21 (QMUI; reported); status bar unknown, 54 assumed; "
                   + "Max-size phones are regular width in landscape and keep 44/49 bars"),
        Device(name: "iPad mini",
               aliases: ["ipad-mini", "iPad mini (6th generation)", "iPad mini 8.3"],
               width: 744, height: 1133, scale: 2,
               safeAreaPortrait: Insets(top: 24, bottom: 20), safeAreaLandscape: Insets(top: 24, bottom: 20),
               barsPortrait: padBars, barsLandscape: padBars,
               widthClassPortrait: .regular, widthClassLandscape: .regular,
               source: "HIG size; safe area 24/20 UNCERTAIN (QMUI rule for all rounded-corner iPads)"),
        Device(name: "iPad Pro 11\"",
               aliases: ["iPad Pro 11", "ipad-pro-11", "iPad Pro (11-inch)", "iPad Pro 11-inch"],
               width: 834, height: 1194, scale: 2,
               safeAreaPortrait: Insets(top: 24, bottom: 20), safeAreaLandscape: Insets(top: 24, bottom: 20),
               barsPortrait: padBars, barsLandscape: padBars,
               widthClassPortrait: .regular, widthClassLandscape: .regular,
               source: "HIG size; safe area 24/20, status bar 24 (pointfree, QMUI; confirmed)"),
    ]
}
