import DynamicType
import Foundation
import Layout
import Reports

/// What `typefit layout` prints for one screen laid out on one device, locale and content size
/// category: every row's height, how many rows the screen shows, and each label's outcome.
///
/// Numbers are points rounded to 1/1000 (layout heights are whole device pixels, so rounding only
/// touches thirds of a point at @3x and `rowsVisible`).
public struct LayoutSummary: Codable, Sendable, Equatable {
    /// One label of one row (repeated rows are identical: only the first copy is listed).
    public struct Label: Codable, Sendable, Equatable {
        public var row: String
        public var label: String
        /// Lines shown (after truncation).
        public var lines: Int
        /// The label's height in points (rounded up to the device pixel by Layout).
        public var height: Double
        /// Text was removed (ellipsis or wrapped away) because of the label's `lines` limit.
        public var truncated: Bool
        /// The label's box extends below a fixed-height row (the row clips it).
        public var clipped: Bool

        public init(row: String, label: String, lines: Int, height: Double, truncated: Bool, clipped: Bool) {
            self.row = row
            self.label = label
            self.lines = lines
            self.height = height
            self.truncated = truncated
            self.clipped = clipped
        }
    }

    public var screen: String
    public var device: String
    /// UIKit name of the content size category, e.g. `accessibilityMedium`.
    public var category: String
    public var locale: String
    /// Every row's height, in layout order (repeated rows included).
    public var rowHeights: [Double]
    /// Fully visible rows plus the visible fraction of the next one.
    public var rowsVisible: Double
    public var fullyVisibleRows: Int
    public var labels: [Label]

    /// The summary of one kept layout of an audit run. Copies of a repeated row list no labels.
    public init(_ run: ScreenRun) {
        screen = run.screen
        device = run.device
        category = run.category.uikitName
        locale = run.locale
        rowHeights = run.layout.rowHeights.map(Self.rounded)
        rowsVisible = Self.rounded(run.layout.visibleRows)
        fullyVisibleRows = run.layout.fullyVisibleRows
        var labels: [Label] = []
        var listed = Set<RowID>()
        for (row, id) in zip(run.layout.rows, run.rows) where listed.insert(id).inserted {
            let name = run.rowNames[id.index]
            for frame in row.labels {
                labels.append(Label(row: name, label: frame.id, lines: frame.label.lineCount,
                                    height: Self.rounded(frame.label.height), truncated: frame.label.truncated,
                                    clipped: row.clips(frame)))
            }
        }
        self.labels = labels
    }

    /// Summaries of every layout the run kept (`AuditOptions.keepLayouts`), in run order.
    public static func summaries(of run: AuditRun) -> [LayoutSummary] {
        run.layouts.map { LayoutSummary($0) }
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    enum CodingKeys: String, CodingKey {
        case screen, device, category, locale, rowHeights, rowsVisible, fullyVisibleRows, labels
    }
}
