/// Navigation bar style above a list.
public enum NavigationBarStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case standard
    case largeTitle
    case none
}

/// A list of rows on a device, under its chrome.
public struct Screen: Sendable, Hashable, Codable {
    public var device: Device
    public var orientation: Orientation
    public var navigationBar: NavigationBarStyle
    public var tabBar: Bool
    public var toolbar: Bool
    /// The screen's own width in points (a form sheet, a sidebar column), nil = the device's.
    /// See `layoutWidth`.
    public var width: Double?
    public init(device: Device, orientation: Orientation = .portrait, navigationBar: NavigationBarStyle = .standard,
                tabBar: Bool = false, toolbar: Bool = false, width: Double? = nil) {
        self.device = device
        self.orientation = orientation
        self.navigationBar = navigationBar
        self.tabBar = tabBar
        self.toolbar = toolbar
        self.width = width
    }

    /// The width rows are laid out in: `width` where the device is wider (a form sheet on an iPad),
    /// else the device's width in this orientation (a form sheet fills a compact-width screen).
    public var layoutWidth: Double {
        let deviceWidth = device.size(orientation).width
        guard let width, width < deviceWidth else { return deviceWidth }
        return width
    }

    /// Whether the screen is narrower than the device (`width` smaller than the device's width).
    public var isNarrowerThanDevice: Bool { layoutWidth < device.size(orientation).width }

    /// Top of the content area: safe-area top (it contains the status bar) + navigation bar.
    /// The status bar height itself is informational (on Dynamic Island phones it is shorter
    /// than the safe-area top, and bars start at the safe-area top).
    public var contentTop: Double {
        let bars = device.bars(orientation)
        let top = device.safeArea(orientation).top
        switch navigationBar {
        case .standard: return top + bars.navigationBar
        case .largeTitle: return top + bars.largeTitleNavigationBar
        case .none: return top
        }
    }

    /// Height below the content area: tab bar and/or toolbar, plus the bottom safe-area inset.
    public var contentBottomInset: Double {
        let bars = device.bars(orientation)
        return (tabBar ? bars.tabBar : 0) + (toolbar ? bars.toolbar : 0) + device.safeArea(orientation).bottom
    }

    /// Height of the content area.
    public var contentHeight: Double { max(0, device.size(orientation).height - contentTop - contentBottomInset) }

    /// The row context of this screen (its width, side safe areas, size class, scale). A screen
    /// narrower than the device sits away from the device's edges (a centred form sheet, a column
    /// beside another), so the side safe-area insets do not reach it; it keeps the device's
    /// horizontal size class (a form sheet on an iPad is regular).
    public func rowContext(isAccessibilityCategory: Bool = false) -> RowContext {
        let inset = isNarrowerThanDevice ? Insets() : device.safeArea(orientation)
        return RowContext(width: layoutWidth, safeAreaLeft: inset.left,
                          safeAreaRight: inset.right, widthClass: device.widthClass(orientation),
                          scale: device.scale, isAccessibilityCategory: isAccessibilityCategory)
    }

    /// Lays out `rows` (for one content size category) and counts how many are visible.
    public func layout(rows: [Row], isAccessibilityCategory: Bool = false) -> ScreenLayout {
        let context = rowContext(isAccessibilityCategory: isAccessibilityCategory)
        let laid = rows.map { $0.layout(in: context) }
        return ScreenLayout(device: device.name, orientation: orientation, contentTop: contentTop,
                            contentHeight: contentHeight, rows: laid)
    }
}

/// Rows on a screen for one layout (one content size category).
public struct ScreenLayout: Sendable, Hashable, Codable {
    public var device: String
    public var orientation: Orientation
    /// Top of the content area, in screen points.
    public var contentTop: Double
    /// Height of the content area.
    public var contentHeight: Double
    /// Each row's layout.
    public var rows: [RowLayout]
    /// Each row's height.
    public var rowHeights: [Double]
    /// Rows entirely inside the content area, counted from the top.
    public var fullyVisibleRows: Int
    /// Fully visible rows + the visible fraction of the next one (e.g. 3.42); at most rows.count.
    public var visibleRows: Double
    /// Whether some row is taller than the whole content area.
    public var hasRowTallerThanContentArea: Bool

    public init(device: String, orientation: Orientation, contentTop: Double, contentHeight: Double,
                rows: [RowLayout]) {
        self.device = device
        self.orientation = orientation
        self.contentTop = contentTop
        self.contentHeight = contentHeight
        self.rows = rows
        let heights = rows.map(\.height)
        rowHeights = heights
        var y = 0.0, full = 0
        while full < heights.count && y + heights[full] <= contentHeight + 1e-9 {
            y += heights[full]
            full += 1
        }
        fullyVisibleRows = full
        if full < heights.count && heights[full] > 0 {
            visibleRows = Double(full) + max(0, contentHeight - y) / heights[full]
        } else {
            visibleRows = Double(full)
        }
        hasRowTallerThanContentArea = heights.contains { $0 > contentHeight + 1e-9 }
    }
}
