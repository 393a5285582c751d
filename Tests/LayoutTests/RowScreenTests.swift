import Foundation
import Testing
@testable import Layout

// Hand computations with FakeFont: a cluster is size/2 pt wide; the font's line height is 1 × size.

private let font = FakeFont()

private func label(_ id: String, _ text: String, size: Double, lineHeight: Double? = nil,
                   lines: Int = 0) -> RowLabel {
    RowLabel(id: id, text: text, style: LabelStyle(font: font, pointSize: size, lineHeight: lineHeight,
                                                     numberOfLines: lines, lineBreakMode: .wordWrap))
}

private let seContext = RowContext(width: 320, widthClass: .compact, scale: 2)

@Test func singleLabelRowHasTheMinimumHeight() {
    // Content width 320 − 2 × 16 = 288. "Hello" at 17 pt: 5 × 8.5 = 42.5 → 1 line of 17 pt.
    // Content 11 + 17 + 11 = 39 < 44 → row 44.
    let r = Row(items: [.label(label("t", "Hello", size: 17))]).layout(in: seContext)
    #expect(r.contentWidth == 288)
    #expect(r.contentHeight == 39 && r.height == 44 && r.clippedBy == 0)
    #expect(r.labels.map(\.x) == [16] && r.labels.map(\.y) == [11] && r.labels.map(\.width) == [288])
}

@Test func stackedLabelsAndFixedHeightClipping() {
    // 17 pt + 15 pt lines, spacing 2: 11 + 17 + 2 + 15 + 11 = 56.
    let items: [RowItem] = [.label(label("a", "Title", size: 17)), .label(label("b", "Detail", size: 15))]
    let auto = Row(items: items, spacing: 2).layout(in: seContext)
    #expect(auto.height == 56 && auto.labels.map(\.y) == [11, 30])   // 30 = 11 + 17 + 2
    let fixed = Row(items: items, spacing: 2, height: .fixed(44)).layout(in: seContext)
    #expect(fixed.height == 44 && fixed.clippedBy == 12)              // 56 − 44
}

@Test func imageAccessoryAndRegularMargins() {
    // 320 − 16 − 16 − (40 + 16) − (20 + 16) = 196; text starts at 16 + 40 + 16 = 72.
    let row = Row(items: [.label(label("t", "x", size: 10))], leadingImageWidth: 40, accessoryWidth: 20)
    let r = row.layout(in: seContext)
    #expect(r.contentWidth == 196 && r.labels[0].x == 72)
    // Regular width: margins 20 → 834 − 40 = 794.
    let pad = Row(items: [.label(label("t", "x", size: 10))])
        .layout(in: RowContext(width: 834, widthClass: .regular))
    #expect(pad.contentWidth == 794 && pad.labels[0].x == 20)
    // Landscape with side safe areas 50/50: 812 − 50 − 50 − 32 = 680, x = 50 + 16 = 66.
    let land = Row(items: [.label(label("t", "x", size: 10))])
        .layout(in: RowContext(width: 812, safeAreaLeft: 50, safeAreaRight: 50))
    #expect(land.contentWidth == 680 && land.labels[0].x == 66)
}

@Test func pairSideBySideWhenItFits() {
    // "Name" 4 × 5 = 20, "Value" 5 × 5 = 25: 20 + 8 + 25 = 53 ≤ 288 → one line.
    // Value frame: x = 16 + 288 − 25 = 279, width 25; title width 288 − 25 − 8 = 255.
    let r = Row(items: [.pair(title: label("t", "Name", size: 10), value: label("v", "Value", size: 10))])
        .layout(in: seContext)
    #expect(r.pairsStacked == [false])
    #expect(r.labels.map(\.x) == [16, 279] && r.labels.map(\.width) == [255, 25])
    #expect(r.contentHeight == 32 && r.height == 44)   // 11 + 10 + 11
}

@Test func pairStacksWhenItDoesNotFit() {
    // At 40 pt a cluster is 20 pt: "Notifications" 13 × 20 = 260, "On" 40: 260 + 8 + 40 = 308 > 288.
    // Stacked: title y 11 (one 40 pt line: 260 ≤ 288), value y 11 + 40 = 51; content 11 + 80 + 11 = 102.
    let r = Row(items: [.pair(title: label("t", "Notifications", size: 40), value: label("v", "On", size: 40))])
        .layout(in: seContext)
    #expect(r.pairsStacked == [true])
    #expect(r.labels.map(\.y) == [11, 51] && r.labels.map(\.width) == [288, 288])
    #expect(r.height == 102)
}

@Test func pairStacksAtAccessibilitySizesWhenAsked() {
    let row = Row(items: [.pair(title: label("t", "Name", size: 10), value: label("v", "Value", size: 10))],
                  stackAtAccessibilitySizes: true)
    var ax = seContext
    ax.isAccessibilityCategory = true
    #expect(row.layout(in: ax).pairsStacked == [true])
    #expect(row.layout(in: seContext).pairsStacked == [false])
}

@Test func deviceLookupAndErrors() throws {
    #expect(try Device.named("iphone-se-1").name == "iPhone SE (1st generation)")
    #expect(try Device.named("iPhone SE (1st gen)").width == 320)
    #expect(try Device.named("IPHONE 16 PRO").height == 874)
    #expect(try Device.named("ipad pro 11\"").scale == 2)
    do {
        _ = try Device.named("Nokia 3310")
        Issue.record("expected an error")
    } catch let error as UnknownDeviceError {
        #expect(error.description.hasPrefix("unknown device 'Nokia 3310'; valid devices: iPhone SE (1st generation), "))
        #expect(!error.description.contains("\n"))
    }
    #expect(Device.catalog.count == 9)
    // Every catalog name and alias resolves to its own device.
    for d in Device.catalog {
        for n in [d.name] + d.aliases { #expect(try Device.named(n).name == d.name) }
    }
}

@Test func contentAreas() throws {
    // iPhone SE 1st gen portrait, standard bar: 20 + 44 = 64; 568 − 64 = 504.
    let se = Screen(device: try Device.named("iPhone SE (1st gen)"))
    #expect(se.contentTop == 64 && se.contentHeight == 504)
    // iPhone 16, standard bar + tab bar: top = safe-area top 59 + 44 = 103; bottom 49 + 34 = 83;
    // 852 − 103 − 83 = 666.
    let i16 = Screen(device: try Device.named("iPhone 16"), tabBar: true)
    #expect(i16.contentTop == 103 && i16.contentHeight == 666)
    // iPhone 16 landscape: 393 high; status hidden; bar 32; bottom inset 21: 393 − 32 − 21 = 340.
    let land = Screen(device: try Device.named("iPhone 16"), orientation: .landscape)
    #expect(land.contentHeight == 340)
    #expect(land.rowContext().width == 852 && land.rowContext().safeAreaLeft == 59)
    // iPad Pro 11" with toolbar: top 24 + 50 = 74, bottom 70 + 20 = 90: 1194 − 164 = 1030.
    let pad = Screen(device: try Device.named("iPad Pro 11"), toolbar: true)
    #expect(pad.contentHeight == 1030)
    // Large title, no bar: 20 + 96 = 116; none: 20.
    #expect(Screen(device: se.device, navigationBar: .largeTitle).contentTop == 116)
    #expect(Screen(device: se.device, navigationBar: .none).contentTop == 20)
    // A custom device overriding the uncertain iPhone 15 top inset (47 instead of 59).
    var i15 = try Device.named("iPhone 15")
    i15.safeAreaPortrait.top = 47
    #expect(Screen(device: i15).contentTop == 47 + 44)
}

@Test func rowsVisibleCount() throws {
    // 504 pt of content / 44 pt rows = 11 full rows + (504 − 484) / 44 = 0.4545… of the 12th.
    let se = Screen(device: try Device.named("iphone-se-1"))
    let rows = Array(repeating: Row(items: [.label(label("t", "Hello", size: 17))]), count: 20)
    let s = se.layout(rows: rows)
    #expect(s.fullyVisibleRows == 11)
    #expect(close(s.visibleRows, 11 + 20.0 / 44.0))
    #expect(!s.hasRowTallerThanContentArea)
    // Fewer rows than fit: the count is the number of rows.
    #expect(se.layout(rows: Array(rows.prefix(3))).visibleRows == 3)
}

/// The classic example: a contact row — headline name + subheadline details (25 words "abcd",
/// wrapping, unlimited lines) — on an iPhone SE (1st generation) with a large-title navigation
/// bar and a tab bar. Sizes and line heights (leading) from the HIG table (reference §A):
/// headline xS 14/19, L 17/22, AX5 53/62; subheadline xS 12/16, L 15/20, AX5 49/58.
/// Content area: 568 − (20 + 96) − (49 + 0) = 403 pt; content width 320 − 32 = 288 pt.
/// A line of n words "abcd" is 5n − 1 clusters wide.
@Test func classicContactRowOnIPhoneSE() throws {
    let screen = Screen(device: try Device.named("iPhone SE (1st gen)"), navigationBar: .largeTitle, tabBar: true)
    #expect(screen.contentHeight == 403)
    let details = Array(repeating: "abcd", count: 25).joined(separator: " ")
    func rows(_ head: (Double, Double), _ sub: (Double, Double)) -> [Row] {
        Array(repeating: Row(items: [.label(label("name", "Johnny Appleseed", size: head.0, lineHeight: head.1)),
                                     .label(label("details", details, size: sub.0, lineHeight: sub.1))]),
              count: 10)
    }
    // L: name 16 × 8.5 = 136 ≤ 288 → 1 line (22). Details at 7.5 pt/cluster: 5n − 1 ≤ 288/7.5 = 38.4
    // → n = 7 words per line → ⌈25/7⌉ = 4 lines × 20 = 80. Row 11 + 22 + 80 + 11 = 124.
    // 403 / 124 = 3.25 → 3 full rows and a quarter: "3 and a bit".
    let large = screen.layout(rows: rows((17, 22), (15, 20)))
    #expect(large.rows[0].labels.map { $0.label.lineCount } == [1, 4])
    #expect(large.rowHeights[0] == 124)
    #expect(large.fullyVisibleRows == 3 && close(large.visibleRows, 403.0 / 124.0))
    // xS: details 6 pt/cluster: 5n − 1 ≤ 48 → 9 words → ⌈25/9⌉ = 3 lines × 16 = 48.
    // Row 11 + 19 + 48 + 11 = 89; 4 × 89 = 356; 4 + (403 − 356)/89 = 4.528…
    let xs = screen.layout(rows: rows((14, 19), (12, 16)))
    #expect(xs.rowHeights[0] == 89)
    #expect(xs.fullyVisibleRows == 4 && close(xs.visibleRows, 4 + 47.0 / 89.0))
    // AX5: name 26.5 pt/cluster: "Johnny Appleseed" 424 > 288 → "Johnny" (159) / "Appleseed"
    // (238.5) = 2 lines × 62 = 124. Details 24.5 pt/cluster: 5n − 1 ≤ 11.75 → 2 words per line →
    // ⌈25/2⌉ = 13 lines × 58 = 754. Row 11 + 124 + 754 + 11 = 900 > 403: not even one row.
    let ax5 = screen.layout(rows: rows((53, 62), (49, 58)), isAccessibilityCategory: true)
    #expect(ax5.rows[0].labels[0].label.lines.map(\.text) == ["Johnny", "Appleseed"])
    #expect(ax5.rowHeights[0] == 900)
    #expect(ax5.fullyVisibleRows == 0 && close(ax5.visibleRows, 403.0 / 900.0))
    #expect(ax5.hasRowTallerThanContentArea)
}

@Test func customDeviceFromValues() throws {
    // A hypothetical 360 × 780 @3x phone with a 48 pt top inset: content top 48 + 44 = 92,
    // bottom 49 + 34 = 83 → 780 − 92 − 83 = 605; rows 300 wide → content 300 − 32 = 268.
    let bars = BarMetrics(statusBar: 48, navigationBar: 44, largeTitleNavigationBar: 96, tabBar: 49, toolbar: 44)
    let phone = Device(name: "Test Phone", width: 300, height: 780, scale: 3,
                       safeAreaPortrait: Insets(top: 48, bottom: 34), safeAreaLandscape: Insets(left: 48, bottom: 21, right: 48),
                       barsPortrait: bars, barsLandscape: bars)
    let screen = Screen(device: phone, tabBar: true)
    #expect(screen.contentHeight == 605)
    let r = Row(items: [.label(label("t", "x", size: 10))]).layout(in: screen.rowContext())
    #expect(r.contentWidth == 268)
    #expect(try Device.named("test-phone", in: [phone]) == phone)
    let data = try JSONEncoder().encode(phone)
    #expect(try JSONDecoder().decode(Device.self, from: data) == phone)
}
