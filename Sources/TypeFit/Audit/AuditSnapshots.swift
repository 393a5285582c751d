import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport

extension AuditPipeline {
    /// The snapshot the HTML report draws for one layout (the texts of its variant pass).
    func snapshot(_ laid: UnitLayout, screen: PlannedScreen, device: Device, deviceName: String, locale: String,
                  facts: [[TextFacts]], rightToLeft: inout [[Bool?]]) -> ScreenSnapshot {
        var rows: [RowSnapshot] = []
        for (r, row) in screen.rows.enumerated() {
            let rowLayout = laid.layout.rows[laid.firstRow[r]]
            var labels: [LabelSnapshot] = []
            for (l, label) in row.labels.enumerated() {
                let frame = rowLayout.labels[l]
                let laidOut = frame.label
                let style = plan.style(label.style)
                let primary = plan.font(style.font).name
                // A text drawn by a fallback font is drawn in that font in the mockup.
                let font = facts[r][l].fontsUsed.first { $0 != primary } ?? primary
                // Lines of different heights (fallback fonts): each line's baseline from Layout.
                let uniform = laidOut.lines.allSatisfy { abs($0.height - laidOut.lineHeight) < 1e-9 }
                let isRightToLeft = rightToLeft[r][l] ?? ScriptProfile(laid.text(r, l).text).isRightToLeft
                rightToLeft[r][l] = isRightToLeft
                labels.append(LabelSnapshot(name: label.name, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                     font: font, pointSize: laidOut.pointSize, lineHeight: laidOut.lineHeight,
                                     baselineOffset: laidOut.lines.first?.baseline ?? 0, lines: laidOut.lines.map(\.text),
                                     lineWidths: laidOut.lines.map(\.width),
                                     rightToLeft: isRightToLeft,
                                     truncated: laidOut.truncated, clipped: rowLayout.clips(frame),
                                     inkOverflow: laidOut.inkOverflow.maximum, hasFindings: false,
                                     lineBaselines: uniform ? nil : laidOut.lines.map(\.baseline),
                                     lineHeights: uniform ? nil : laidOut.lines.map(\.height)))
            }
            let snapshotRow = RowSnapshot(name: row.name, height: rowLayout.height, clippedBy: rowLayout.clippedBy,
                                          labels: labels)
            rows.append(contentsOf: repeatElement(snapshotRow, count: row.repeatCount))
        }
        let size = device.size(laid.place.orientation)
        let width = Screen(device: device, orientation: laid.place.orientation, width: screen.width).layoutWidth
        return ScreenSnapshot(screen: screen.name, device: deviceName, category: laid.place.category.uikitName,
                              locale: locale, width: width, height: size.height, scale: device.scale,
                              contentTop: laid.layout.contentTop, contentHeight: laid.layout.contentHeight, rows: rows,
                              rowsVisible: laid.layout.visibleRows, fullyVisibleRows: laid.layout.fullyVisibleRows)
    }
}

/// Where a snapshot stands in the report's order: layouts with findings first, then plan order.
struct SnapshotKey: Comparable, Sendable, Codable {
    var hasFindings: Bool
    var screen: Int
    var locale: Int
    var device: Int
    var orientation: Orientation
    var category: ContentSizeCategory
    var pass: Int

    static func < (a: SnapshotKey, b: SnapshotKey) -> Bool {
        if a.hasFindings != b.hasFindings { return a.hasFindings }
        let x = (a.screen, a.locale, a.device, a.orientation == .portrait ? 0 : 1, a.category.position, a.pass)
        let y = (b.screen, b.locale, b.device, b.orientation == .portrait ? 0 : 1, b.category.position, b.pass)
        return x < y
    }
}

/// A snapshot kept for mockups with its place in the report's order.
struct KeyedSnapshot: Codable, Sendable {
    var key: SnapshotKey
    var snapshot: ScreenSnapshot
}
