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

/// A layout's place as a mockup stands for it: screen, locale, device and orientation, category.
struct SnapshotPlace: Hashable, Sendable {
    var screen: Int
    var locale: Int
    var device: Int
    var orientation: Orientation
    var category: ContentSizeCategory
}

extension SnapshotKey {
    var place: SnapshotPlace {
        SnapshotPlace(screen: screen, locale: locale, device: device, orientation: orientation, category: category)
    }
}

extension AuditPipeline {
    /// `wanted` (as the report names places) as this run's places; names it does not know are left out.
    func snapshotPlaces(_ wanted: [HTMLReporter.MockupPlace]) -> Set<SnapshotPlace> {
        var places = Set<SnapshotPlace>()
        for w in wanted {
            guard let screen = plan.screens.firstIndex(where: { $0.name == w.screen }),
                  let locale = locales.first(where: { plan.locales[$0] == w.locale }),
                  let category = ContentSizeCategory(rawValue: w.category) else { continue }
            for (d, device) in devices.enumerated() {
                for orientation in plan.orientations where plan.deviceName(device, orientation) == w.device {
                    places.insert(SnapshotPlace(screen: screen, locale: locale, device: d, orientation: orientation,
                                                category: category))
                }
            }
        }
        return places
    }

    /// Snapshots of `places`, laid out again: the units that hold them are run once more, keeping
    /// only these places' snapshots (the run keeps its first `snapshotLimit` in plan order, which
    /// may miss the places of the worst groups).
    func snapshots(at places: Set<SnapshotPlace>) throws -> [KeyedSnapshot] {
        guard !places.isEmpty else { return [] }
        let held = Set(places.map { [$0.screen, $0.locale] })
        return try collect(units.filter { held.contains([$0.screen.index, $0.locale]) }, only: places).snapshots
    }
}

/// A snapshot kept for mockups with its place in the report's order.
struct KeyedSnapshot: Codable, Sendable {
    var key: SnapshotKey
    var snapshot: ScreenSnapshot
}
