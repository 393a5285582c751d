import AppUI
import DynamicType
import Testing
@testable import SwiftUISource

/// Every font form of Fixtures/App/FontForms.swift, each Text found by its string; the expected
/// fonts are SwiftUI's documented meanings of each form (a text style scales; `.system(size:)` and
/// `.custom(_:fixedSize:)` do not; `.custom(_:size:)` scales relative to body).
@Suite struct FontFormTests {
    let reading = readApp(fontTokens: ["Theme.headlineFont": .font(face: .system(.semibold), size: .textStyle(.headline))])

    @Test(arguments: [
        ("style", system(.body)),
        ("bold title", system(.title1, .bold)),
        ("weighted", system(.footnote, .semibold)),
        ("system style", system(.body, .bold)),
        ("system size", UIFontSpec.font(face: .system(.regular), size: .fixed(14))),
        ("custom", .font(face: .named("Inter"), size: .relative(17, to: .body))),
        ("custom relative", .font(face: .named("Inter"), size: .relative(15, to: .headline))),
        ("custom fixed", .font(face: .named("Inter"), size: .fixed(12))),
        // Tokens.swift: `static let appBody = Font.custom("Inter", size: 17, relativeTo: .body)`
        ("token", .font(face: .named("Inter"), size: .relative(17, to: .body))),
        // Tokens.swift: `static var scaledFootnote: Font { .footnote }`
        ("scaled token", system(.footnote)),
        // Tokens.swift: `enum DesignSystem { enum Font { static let caption: SwiftUI.Font = .caption } }`
        ("design system", system(.caption1)),
        ("design system bold", system(.largeTitle, .bold)),
        // typefit.yml's mapping (the reader's `fontTokens`)
        ("mapped token", system(.headline, .semibold)),
        ("explicit type", system(.caption2)),
        // `static let iconSize: CGFloat = 22` in the same type
        ("constant size", .font(face: .system(.semibold), size: .fixed(22))),
        ("no font", system(.body)),
    ])
    func fontForm(text: String, expected: UIFontSpec) throws {
        let element = try #require(reading.element(text))
        #expect(element.font == expected)
    }

    @Test func runTimeFontIsUnknownWithItsExpression() throws {
        let element = try #require(reading.element("run time"))
        guard case let .unknown(reason) = element.font else {
            Issue.record("expected an unknown font, got \(element.font)")
            return
        }
        #expect(reason.contains("`model.font`"))
    }

    @Test func fixedFontSitsAtItsFontModifier() throws {
        let element = try #require(reading.element("system size"))
        let spot = try #require(location(of: "font(.system(size: 14))", in: "App/FontForms.swift"))
        #expect(element.fontPosition == UISourcePosition(file: "App/FontForms.swift", line: spot.line, column: spot.column))
        #expect(reading.element("no font")?.fontPosition == nil)
    }

    @Test func imagesAreNotTextElements() throws {
        let spot = try #require(location(of: "Image(systemName: \"star\").font(.system(size: 60))", in: "App/FontForms.swift"))
        #expect(reading.elements("App/FontForms.swift", line: spot.line).isEmpty)
        // No element anywhere has the image's 60 pt fixed size.
        #expect(!reading.elements.contains { $0.font == .font(face: .system(.regular), size: .fixed(60)) })
    }

    /// Fixtures/App/Inheritance.swift: `.font(.caption)`, `.bold()` and a dynamicTypeSize range on
    /// the VStack reach every Text inside; the nearest `.font` wins.
    @Test func containerFontIsInherited() throws {
        let all = try #require(reading.element("inherits caption"))
        #expect(all.font == system(.caption1, .bold))
        #expect(all.categories == ContentSizeCategory.extraSmall ... .extraExtraExtraLarge)
        let spot = try #require(location(of: "font(.caption)", in: "App/Inheritance.swift"))
        #expect(all.fontPosition?.line == spot.line)
        let nested = try #require(reading.element("inherits caption too"))
        #expect(nested.font == system(.caption1, .bold))
        #expect(nested.lines == 2)
        #expect(reading.element("own headline")?.font == system(.headline, .bold))
        #expect(reading.element("nearest wins")?.font == system(.title3, .bold))
        #expect(reading.element("nearest wins")?.lines == 0)
    }
}
