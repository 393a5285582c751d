import AppUI
import Testing
@testable import SwiftUISource

/// Fixtures/App/StringForms.swift: each string form, with the table and key SwiftUI looks up
/// (a literal in `Text` is a LocalizedStringKey in `Localizable` unless `tableName:` says), SwiftGen's
/// `tr("Table", "key")` in Fixtures/App/Strings.swift, and constants of Fixtures/App/Tokens.swift.
@Suite struct StringFormTests {
    let reading = readApp()
    let file = "App/StringForms.swift"

    func text(at fragment: String) throws -> UIText { try reading.element(at: fragment, in: file).text }

    @Test func literalsAreKeysInTheirTable() throws {
        #expect(try text(at: "Text(\"literal.key\")") == .localized(table: "Localizable", key: "literal.key", developmentText: "literal.key"))
        #expect(try text(at: "tableName: \"Settings\"") == .localized(table: "Settings", key: "table.key", developmentText: "table.key"))
        #expect(try text(at: "verbatim:") == .verbatim("As written"))
    }

    @Test func runTimeValuesAreUnbound() throws {
        for fragment in ["Text(\"Hello \\(name)\")", "Text(Date(), style: .time)"] {
            guard case .runtime = try text(at: fragment) else {
                Issue.record("\(fragment) should be run-time data")
                continue
            }
        }
        // `let name: String` of the view: its creator passes it, code TypeFit does not follow.
        #expect(try text(at: "Text(name)") == .unresolved(reason: "`name`, set by the code that creates the view"))
    }

    @Test func localizationFunctions() throws {
        #expect(try text(at: "String(localized:") == .localized(table: "Localizable", key: "localized.key", developmentText: "Localized"))
        #expect(try text(at: "NSLocalizedString(") == .localized(table: "Other", key: "ns.key", developmentText: "NS value"))
        #expect(try text(at: "LocalizedStringResource(") == .localized(table: "Localizable", key: "resource.key", developmentText: "resource.key"))
    }

    /// Strings.swift: `/// Settings` above `static var title: String { return L10n.tr("Localizable", "settings.title") }`
    /// in `enum Settings` inside `enum L10n`; `requiresVersion(_:)` is a function with an argument.
    @Test func swiftGenAccessors() throws {
        #expect(try text(at: "L10n.Settings.title") == .localized(table: "Localizable", key: "settings.title", developmentText: "Settings"))
        #expect(try text(at: "L10n.requiresVersion") == .localized(table: "Localizable", key: "requires_version",
                                                                    developmentText: "Requires %@ or later."))
    }

    /// Tokens.swift: `static let settingsTitle = NSLocalizedString("settings.title", value: "Settings", comment: "")`,
    /// `static let plain = "Plain words"` (a String: shown as written), `static let key: LocalizedStringKey = "constant.key"`,
    /// `static let chained = settingsTitle`.
    @Test func constantsInAnotherFile() throws {
        let settings = UIText.localized(table: "Localizable", key: "settings.title", developmentText: "Settings")
        #expect(try text(at: "Constants.settingsTitle") == settings)
        #expect(try text(at: "Constants.plain") == .verbatim("Plain words"))
        #expect(try text(at: "Constants.key") == .localized(table: "Localizable", key: "constant.key", developmentText: "constant.key"))
        #expect(try text(at: "Constants.chained") == settings)
    }

    /// SwiftGen output passed only as `swiftGen:` (not among the view files) still resolves, and
    /// without it `L10n.Settings.title` is unresolved (a type's member TypeFit found no declaration of).
    @Test func swiftGenFilesAreReadForDeclarationsOnly() throws {
        let withGen = SwiftUIReader.read(files: [fixture("App/StringForms.swift")], root: fixtures,
                                         swiftGen: [fixture("App/Strings.swift")])
        let without = SwiftUIReader.read(files: [fixture("App/StringForms.swift")], root: fixtures)
        let line = try #require(location(of: "L10n.Settings.title", in: file)).line
        #expect(withGen.elements(file, line: line).first?.text
            == .localized(table: "Localizable", key: "settings.title", developmentText: "Settings"))
        guard case .unresolved? = without.elements(file, line: line).first?.text else {
            Issue.record("without SwiftGen's output the accessor is unknown")
            return
        }
        #expect(!withGen.result.screens.contains { $0.name == "L10n" })
    }

    /// Text views = localized + verbatim + run-time data + unresolved, counted by hand from
    /// StringForms.swift: 15 Text views; verbatim: `Text(verbatim:)` and `Constants.plain` (2);
    /// run-time: the interpolation and the date (2); unresolved: `name`, the view's argument (1);
    /// the other 10 are localized.
    @Test func summaryAddsUp() {
        let only = SwiftUIReader.read(files: [fixture("App/StringForms.swift")], root: fixtures,
                                      swiftGen: [fixture("App/Strings.swift")], declarations: [fixture("App/Tokens.swift")])
        let s = only.summary
        #expect(s.textViews == 15)
        #expect(s.textViewsLocalized == 10)
        #expect(s.textViewsVerbatim == 2)
        #expect(s.textViewsRuntime == 2)
        #expect(s.textViewsUnresolved == 1)
        #expect(s.textViewsLocalized + s.textViewsVerbatim + s.textViewsRuntime + s.textViewsUnresolved == s.textViews)
        #expect(s.elements == 15)
    }
}
