import AppUI
import Foundation
import Testing
@testable import SwiftUISource

/// Fixtures/Accessors: string accessors an app writes itself (`"key".localized`, an enum of raw-value
/// keys with a localizing property, `Bundle.main.localizedString(forKey:value:table:)`), each
/// resolved through its declaration to the table and key the accessor's body looks up; and what
/// stays unknown, split into run-time data (a value of the model, the view's state, the device)
/// and unresolved (code TypeFit does not follow: a view's argument, a type it has no declaration of).
@Suite struct AccessorTests {
    let reading = SwiftUIReader.read(files: [fixture("Accessors/AccessorForms.swift")], root: fixtures,
                                     declarations: [fixture("Accessors/Localizing.swift")])
    let file = "Accessors/AccessorForms.swift"

    func text(_ fragment: String) throws -> UIText { try reading.element(at: fragment, in: file).text }

    /// The table each accessor's body names (Localizing.swift): `NSLocalizedString(self, comment:)`
    /// is Localizable; `tableName: "Settings"`; `table: "Other"`.
    @Test func stringExtensions() throws {
        #expect(try text("\"profile.title\".localized") == .localized(table: "Localizable", key: "profile.title", developmentText: "profile.title"))
        #expect(try text("\"settings.header\".settingsLocalized") == .localized(table: "Settings", key: "settings.header", developmentText: "settings.header"))
        #expect(try text("\"other.key\".bundleLocalized()") == .localized(table: "Other", key: "other.key", developmentText: "other.key"))
    }

    /// `case doneButton = "common_button_done"`; `case cancel` is its own key; `resource` looks up
    /// `Buttons`; `NSLocalizedString(LocalString.doneButton.rawValue, …)` names the raw value.
    @Test func enumRawValueKeys() throws {
        #expect(try text("LocalString.doneButton.text") == .localized(table: "Localizable", key: "common_button_done", developmentText: "common_button_done"))
        #expect(try text("LocalString.cancel.text") == .localized(table: "Localizable", key: "cancel", developmentText: "cancel"))
        #expect(try text("LocalString.doneButton.resource") == .localized(table: "Buttons", key: "common_button_done", developmentText: "common_button_done"))
        #expect(try text("rawValue, comment") == .localized(table: "Localizable", key: "common_button_done", developmentText: "common_button_done"))
    }

    /// Constants over accessors: `static let welcome = "welcome.title".localized`, a keyword name
    /// in backticks, a computed static property returning an enum accessor.
    @Test func constantsOverAccessors() throws {
        #expect(try text("Keys.welcome") == .localized(table: "Localizable", key: "welcome.title", developmentText: "welcome.title"))
        #expect(try text("Keys.default") == .localized(table: "Localizable", key: "default.key", developmentText: "default.key"))
        #expect(try text("Keys.computed") == .localized(table: "Localizable", key: "cancel", developmentText: "cancel"))
    }

    /// `shouted` reads `self` but looks nothing up (`self + "!"`): not a localized key.
    @Test func anAccessorThatDoesNotLocalize() throws {
        #expect(try text("\"shout.key\".shouted").unknownReason != nil)
    }

    @Test func runTimeDataAndUnresolved() throws {
        #expect(try text("Text(title)") == .unresolved(reason: "`title`, set by the code that creates the view"))
        #expect(try text("Text(query)") == .runtime(reason: "`query`, a value set at run time"))
        #expect(try text("Text(item.name)") == .runtime(reason: "`item.name`, a value set at run time"))
        #expect(try text("Text(Missing.title)") == .unresolved(reason: "`Missing.title`, a static value TypeFit found no declaration of"))
        #expect(try text("Text(UIDevice.current.name)") == .runtime(reason: "`UIDevice.current.name`, a value set at run time"))
        #expect(try text("Text(.missingMember)") == .unresolved(reason: "`.missingMember`, a static value TypeFit found no declaration of"))
    }

    /// `x.localizedUppercase` is x's key, laid out upper-cased (`letterCase`); the other texts keep
    /// their case.
    @Test func letterCaseSetInCode() throws {
        let line = try #require(location(of: "Keys.welcome.localizedUppercase", in: file)).line
        let upper = try #require(reading.elements(file, line: line).first)
        #expect(upper.text == .localized(table: "Localizable", key: "welcome.title", developmentText: "welcome.title"))
        #expect(upper.letterCase == .upper)
        let plainLine = try #require(location(of: "Text(Keys.welcome)", in: file)).line
        let plain = try #require(reading.elements(file, line: plainLine).first)
        #expect(plain.letterCase == .regular)
        #expect(ValueResolver.letterCase(of: ValueResolver.parse("title.uppercased()")) == .upper)
        #expect(ValueResolver.letterCase(of: ValueResolver.parse("L10n.done.localizedCapitalized")) == .capitalized)
        #expect(ValueResolver.letterCase(of: ValueResolver.parse("name.lowercased(with: .current)")) == .lower)
        // The outermost transform wins: `.lowercased().uppercased()` shows upper case.
        #expect(ValueResolver.letterCase(of: ValueResolver.parse("name.lowercased().uppercased()")) == .upper)
        #expect(ValueResolver.letterCase(of: ValueResolver.parse("name.trimmed()")) == .regular)
        // SwiftUI's `.textCase(.uppercase)` (Apple: "Displays text in all uppercase characters");
        // `.textCase(nil)` displays the text as the string has it, here upper-cased by the code.
        let textCaseLine = try #require(location(of: ".textCase(.uppercase)", in: file)).line
        #expect(reading.elements(file, line: textCaseLine).first?.letterCase == .upper)
        let nilCaseLine = try #require(location(of: "Keys.default.uppercased()", in: file)).line
        #expect(reading.elements(file, line: nilCaseLine).first?.letterCase == .upper)
    }

    /// 20 Text views in AccessorForms.swift: 13 localized (the first thirteen), run-time `query`,
    /// `item.name`, `UIDevice.current.name` (3), unresolved `shouted`, `title`, `Missing.title`,
    /// `.missingMember` (4).
    @Test func summaryAddsUp() {
        let s = reading.summary
        #expect(s.textViews == 20)
        #expect(s.textViewsLocalized == 13)
        #expect(s.textViewsRuntime == 3)
        #expect(s.textViewsUnresolved == 4)
    }
}

/// UIKit's font expressions, as an outlet's owner sets them (`label.font = …`): the face and the
/// size rule each names in Apple's UIFont and UIFontMetrics documentation.
@Suite struct UIKitFontTests {
    let values = ValueResolver(declarations: DeclarationIndex([]), fontTokens: [:], scope: [])

    func font(_ source: String) -> UIFontSpec { values.font(ValueResolver.parse(source)) }

    @Test func fontsAndSizes() {
        // preferredFont(forTextStyle:): the style's own size and weight (headline is semibold).
        #expect(font("UIFont.preferredFont(forTextStyle: .headline)") == system(.headline, .semibold))
        #expect(font(".preferredFont(forTextStyle: .footnote)") == system(.footnote))
        // systemFont(ofSize:weight:) and boldSystemFont(ofSize:): a fixed size.
        #expect(font("UIFont.systemFont(ofSize: 15, weight: .semibold)") == .font(face: .system(.semibold), size: .fixed(15)))
        #expect(font(".boldSystemFont(ofSize: 13)") == .font(face: .system(.bold), size: .fixed(13)))
        // UIFont(name:size:), force-unwrapped or with a fallback after `??`: the named face.
        #expect(font("UIFont(name: \"Brand-Regular\", size: 16)!") == .font(face: .named("Brand-Regular"), size: .fixed(16)))
        #expect(font("UIFont(name: \"Brand-Regular\", size: 16) ?? .systemFont(ofSize: 16)")
                == .font(face: .named("Brand-Regular"), size: .fixed(16)))
    }

    /// `UIFontMetrics(forTextStyle:).scaledFont(for:)` scales a fixed size like that style;
    /// `UIFontMetrics.default` like body.
    @Test func scaledFonts() {
        #expect(font("UIFontMetrics(forTextStyle: .title2).scaledFont(for: UIFont(name: \"Brand\", size: 22)!)")
                == .font(face: .named("Brand"), size: .relative(22, to: .title2)))
        #expect(font("UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 14))")
                == .font(face: .system(.regular), size: .relative(14, to: .body)))
        guard case .unknown = font("metrics.scaledFont(for: .systemFont(ofSize: 14))") else {
            Issue.record("metrics of a style TypeFit cannot see: unknown")
            return
        }
    }
}

/// R.swift's accessors (`R.string.localizable.settingsTitle()`, R.swift 7's `R.string.localizable.done`
/// resource) are named after a strings key with its punctuation dropped and words joined: the key
/// is the one of the strings files with the same letters and digits. Keys written here; two keys
/// that both read `profilename` (`profile.name`, `profile_name`) leave that accessor unresolved.
@Suite struct RSwiftTests {
    static let keys = ["settings.title", "done", "profile.name", "profile_name", "onboarding.step_2.body"]

    func text(_ source: String) throws -> UIText {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-rswift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let view = "import SwiftUI\n\nstruct RView: View {\n    var body: some View {\n        Text(\(source))\n    }\n}\n"
        try view.write(to: dir.appendingPathComponent("RView.swift"), atomically: true, encoding: .utf8)
        let reading = SwiftUIReader.read(files: [dir.appendingPathComponent("RView.swift")], root: dir, stringKeys: Self.keys)
        return try #require(reading.elements.first).text
    }

    @Test func accessorsNameTheirKey() throws {
        #expect(try text("R.string.localizable.settingsTitle()") == .localized(table: "Localizable", key: "settings.title", developmentText: nil))
        #expect(try text("R.string.localizable.done") == .localized(table: "Localizable", key: "done", developmentText: nil))
        #expect(try text("R.string.onboarding.onboardingStep_2Body()") == .localized(table: "Onboarding", key: "onboarding.step_2.body", developmentText: nil))
        #expect(try text("R.string.localizable.profileName()").unknownReason != nil)
        #expect(try text("R.string.localizable.missingKey()").unknownReason != nil)
    }
}

/// Fixtures/Accessors/CallSites.swift: `SettingsRow(title:detail:)` called twice in `SyncSettings`'s
/// list is read at each call site, with the texts passed (`title` is a `LocalizedStringKey`: a
/// literal is a key; `detail` a `String`: a literal is shown as written, `account.usage` is run-time
/// data), as rows of that list; `SettingsRow` is then no screen of its own. `DetailScreen` sets a
/// navigation title: a screen of its own, read where it is declared.
@Suite struct CallSiteTests {
    let reading = SwiftUIReader.read(files: [fixture("Accessors/CallSites.swift")], root: fixtures)
    let file = "Accessors/CallSites.swift"

    @Test func aViewIsReadWhereItIsCalled() throws {
        let names = Set(reading.result.screens.map(\.name))
        #expect(names == ["SyncSettings", "DetailScreen"])
        let sync = try #require(reading.result.screens.first { $0.name == "SyncSettings" })
        let texts = sync.rows.map { $0.elements.map(\.text) }
        let titleLine = try #require(location(of: "Text(title)", in: file)).line
        #expect(texts == [
            [.localized(table: "Localizable", key: "settings.sync", developmentText: "settings.sync"), .verbatim("Every hour")],
            [.localized(table: "Localizable", key: "settings.storage", developmentText: "settings.storage"),
             .runtime(reason: "`account.usage`, a value set at run time")],
        ])
        // Each element points at the line of the view that draws it, in the row of its call site.
        #expect(sync.rows.allSatisfy { $0.elements.first?.position.line == titleLine })
        #expect(sync.rows.map(\.elements.first?.id.local) == ["SyncSettings.label(settings.sync)", "SyncSettings.label(settings.storage)"])
    }

    @Test func aViewWithANavigationTitleIsAScreenOfItsOwn() throws {
        let detail = try #require(reading.result.screens.first { $0.name == "DetailScreen" })
        #expect(detail.allElements.first { $0.kind == .label }?.text == .unresolved(reason: "`heading`, set by the code that creates the view"))
        #expect(reading.result.screens.first { $0.name == "OpensDetail" } == nil)
    }
}
