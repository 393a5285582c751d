import AppUI
import DynamicType
import Testing
@testable import SwiftUISource

/// Fixtures/App/Containers.swift: rows, HStack siblings, scroll views, titles, toolbars and alerts,
/// with widths worked out by hand from the defaults of `SwiftUIWidthDefaults` (16 pt layout
/// margins in compact width, 20 pt in regular; an inset-grouped list adds the section's inset).
@Suite struct ContainerTests {
    let reading = readApp()

    func screen(_ name: String) throws -> UIScreenSource {
        try #require(reading.result.screens.first { $0.name == name })
    }

    @Test func listRowsInAnInsetGroupedList() throws {
        let settings = try screen("SettingsScreen")
        // Section "General": 4 rows; the second section: 1 row.
        #expect(settings.rows.count == 5)
        let plain = try #require(reading.element("row.plain"))
        #expect(plain.width == .inset(leading: 32, trailing: 32))
        #expect(plain.regularWidth == .inset(leading: 40, trailing: 40))
        // HStack { Image; Text; Spacer; Toggle.labelsHidden }: 24 (icon) + 0 (spacer) + 51 (switch)
        // + 3 × 8 (spacing) = 99 pt beside the text, on the leading side of the one flexible child.
        let icon = try #require(reading.element("row.icon"))
        #expect(icon.width == .inset(leading: 32 + 99, trailing: 32))
        #expect(icon.regularWidth == .inset(leading: 40 + 99, trailing: 40))
        // Toggle("…"): its switch (51) and spacing (8) on the trailing side.
        let toggle = try #require(reading.element("row.toggle"))
        #expect(toggle.kind == .toggle)
        #expect(toggle.width == .inset(leading: 32, trailing: 32 + 59))
        let link = try #require(reading.element("row.link"))
        #expect(link.kind == .navigationLink)
        #expect(link.width == .inset(leading: 32, trailing: 32 + 20))
    }

    @Test func sectionHeadersAndFooters() throws {
        let general = try #require(reading.element("General"))
        #expect(general.kind == .sectionHeader)
        #expect(general.font == system(.footnote))
        #expect(reading.element("header.text")?.kind == .sectionHeader)
        #expect(reading.element("footer.text")?.kind == .sectionFooter)
        let settings = try screen("SettingsScreen")
        #expect(!settings.rows.flatMap(\.elements).contains { $0.kind == .sectionHeader || $0.kind == .sectionFooter })
    }

    @Test func titleToolbarAndAlert() throws {
        let settings = try screen("SettingsScreen")
        let title = try #require(settings.navigationTitle)
        #expect(title.text == .localized(table: "Localizable", key: "screen.title", developmentText: "screen.title"))
        #expect(title.font == system(.largeTitle, .bold))
        #expect(title.width == .inset(leading: 16, trailing: 16))
        let done = try #require(reading.element("toolbar.done"))
        #expect(done.kind == .toolbarItem)
        #expect(done.lines == 1)
        #expect(done.width == .fraction(1.0 / 3, leading: 16, trailing: 16))
        let alert = try #require(reading.element("alert.title"))
        #expect(alert.kind == .alertTitle)
        #expect(alert.font == system(.headline, .semibold))
        // A 270 pt alert less 16 pt on each side.
        #expect(alert.width == .fixed(238))
        #expect(reading.element("alert.ok")?.kind == .button)
        #expect(reading.element("alert.message")?.font == system(.footnote))
    }

    @Test func stackPaddingFrameAndLines() throws {
        let scroll = try #require(reading.element("scroll.text"))
        #expect(scroll.height?.constant == 40)
        #expect(scroll.height?.relation == .equal)
        // A SwiftUI frame lets its text draw past it; a clip outside the frame (after it in the
        // chain: `.clipped()`, or `.cornerRadius`, a clip shape) cuts it; one inside the frame clips
        // the text to its own size and leaves the frame open.
        #expect(scroll.height?.clipsText == false)
        #expect(reading.element("clipped.frame")?.height?.clipsText == true)
        #expect(reading.element("clipped.inside")?.height?.clipsText == false)
        #expect(reading.element("rounded.frame")?.height?.clipsText == true)
        #expect(scroll.width == .inset(leading: 0, trailing: 0))
        #expect(reading.element("padded")?.width == .inset(leading: 16, trailing: 16))
        // .padding(.horizontal, 20) on an HStack of two texts: each gets half of W − 40 − 8,
        // i.e. 0.5 × (W − 28 − 20).
        #expect(reading.element("left")?.width == .fraction(0.5, leading: 28, trailing: 20))
        #expect(reading.element("right")?.width == .fraction(0.5, leading: 28, trailing: 20))
        let fixed = try #require(reading.element("fixed"))
        #expect(fixed.width == .fixed(100))
        #expect(fixed.minimumScaleFactor == 0.5)
        #expect(fixed.lineBreak == .truncateMiddle)
        #expect(reading.element("ranged")?.lines == 4)
        #expect(reading.element("reserved")?.lines == 3)
        #expect(reading.element("reserved")?.reservedLines == 3)
        let inline = try #require(try screen("PlainScreen").navigationTitle)
        #expect(inline.font == system(.headline, .semibold))
        #expect(inline.width == .inset(leading: 68, trailing: 68))
        // An inline title is drawn by the navigation bar at 17 pt semibold whatever the content size
        // (bars keep their size and offer the Large Content Viewer: UILargeContentViewerInteraction,
        // WWDC19 talk 261); a large title is `.largeTitle`, which grows, and is laid out.
        #expect(inline.drawnBy == UISystemDrawn.bar)
        #expect(try screen("SettingsScreen").navigationTitle?.drawnBy == nil)
    }

    @Test func plainListRowsAndLabelIcons() throws {
        let list = try screen("PlainList")
        #expect(list.rows.count == 1)
        // .plain list: 16 pt margins; the Label's icon (24) and its spacing (8) before the title.
        #expect(list.rows.first?.elements.first?.width == .inset(leading: 16 + 32, trailing: 16))
        #expect(list.rows.first?.elements.first?.regularWidth == .inset(leading: 20 + 32, trailing: 20))
    }

    @Test func platformBranchesAndPreviewsAreSkipped() throws {
        for skipped in ["watch only", "mac only", "watch view", "preview text", "provider preview"] {
            #expect(reading.element(skipped) == nil, "\(skipped) is not in an iOS build")
        }
        #expect(reading.element("iOS branch") != nil)
        #expect(reading.element("not watch") != nil)
        #expect(reading.element("modified")?.font == system(.headline, .semibold))
        #expect(!reading.result.screens.contains { $0.name.hasSuffix("_Previews") || $0.name == "WatchOnlyView" })
    }

    @Test func layoutsReplaceTheEstimate() throws {
        let overridden = readApp(layouts: ["PlainScreen": .width(300)])
        let plain = try #require(overridden.result.screens.first { $0.name == "PlainScreen" })
        #expect(plain.rows.flatMap(\.elements).count + plain.elements.count > 0)
        #expect((plain.rows.flatMap(\.elements) + plain.elements).allSatisfy { $0.width == .fixed(300) && $0.regularWidth == nil })
        #expect(overridden.element("row.plain")?.width == .inset(leading: 32, trailing: 32))
    }

    /// `ui: layouts: { PlainScreen: { row: listInsetGrouped } }`: the view's texts start from an
    /// inset-grouped list row's widths (32 pt each side on an iPhone, 40 on an iPad) and keep what
    /// the view itself takes (`.padding()`: 16 more each side) and sets (`.frame(width: 100)`).
    @Test func aRowLayoutStartsFromItsContainer() throws {
        let asRow = readApp(layouts: ["PlainScreen": .row(.listInsetGrouped)])
        let padded = try #require(asRow.element("padded"))
        #expect(padded.width == .inset(leading: 32 + 16, trailing: 32 + 16))
        #expect(padded.regularWidth == .inset(leading: 40 + 16, trailing: 40 + 16))
        #expect(try #require(reading.element("padded")).width == .inset(leading: 16, trailing: 16))
        #expect(asRow.element("fixed")?.width == .fixed(100))
    }

    /// `ui.capped`: the Inheritance fixture's `...DynamicTypeSize.xxxLarge` gives up AX1–AX5.
    @Test func cappedRange() throws {
        let element = try #require(reading.element("inherits caption"))
        let capping = try #require(UICapping(element))
        #expect(capping.lastCategory == .extraExtraExtraLarge)
        #expect(capping.givenUp == [.accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
                                    .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge])
        #expect(capping.figures == ["lastIndex": 6, "givenUp": 5])
        #expect(capping.message.contains("gives up 5 categories from accessibilityMedium on"))
        #expect(UICapping(try #require(reading.element("style"))) == nil)
        var late = element
        late.categories = .extraSmall ... .accessibilityLarge
        #expect(UICapping(late) == nil, "a range reaching AX2 does not stop below the accessibility sizes")
        var fixed = element
        fixed.font = .font(face: .system(.regular), size: .fixed(12))
        #expect(UICapping(fixed) == nil, "a fixed font is ui.fixed-font's")
    }
}

/// Fixtures/App/Passed.swift: Text views that reach the screen through other views and values.
@Suite struct PassedTextTests {
    let reading = SwiftUIReader.read(files: [fixture("App/Passed.swift")], root: fixtures)
    let file = "App/Passed.swift"

    /// Each part of `Text(…) + Text(…)` is a Text view at its own line (lines found in the file).
    @Test func joinedPartsKeepTheirLines() throws {
        let lines = try ["Text(\"joined.first\")", "Text(verbatim: \" \")", "Text(\"joined.last\")"].map {
            try #require(location(of: $0, in: file)).line
        }
        let found = reading.textViews.filter { lines.contains($0.position.line) }.map(\.position.line)
        #expect(found == lines)
        let joined = try #require(reading.elements(file, line: lines[0]).first)
        guard case .runtime = joined.text else {
            Issue.record("a sum of localized parts has no single key")
            return
        }
    }

    @Test func promptsAlertsLocalsAndArguments() throws {
        let prompt = try #require(reading.elements.first { $0.kind == .textField })
        #expect(prompt.placeholder == .localized(table: "Localizable", key: "search.prompt", developmentText: "search.prompt"))
        #expect(reading.element("old.title")?.kind == .alertTitle)
        #expect(reading.element("old.ok")?.kind == .button)
        #expect(reading.element("local.let") != nil)
        #expect(reading.element("custom.argument") != nil)
        let field = try #require(reading.elements.first { $0.placeholder == .localized(table: "Localizable", key: "field.label", developmentText: "field.label") })
        #expect(field.kind == .textField)
        #expect(reading.element("nav.title")?.kind == .navigationLink)
        #expect(reading.element("destination.text") != nil)
        // The independent scan (count-swiftui-text.py) counts 10 `Text(` in Passed.swift.
        #expect(reading.textViews.count == 10)
    }
}
