import AppUI
import Foundation
import Testing
@testable import SwiftUISource

/// Text the system draws at its own size (docs/layout.md, "Drawn by the system"): bar items keep
/// their size and offer the Large Content Viewer (Apple: UIBarButtonItem, "Large Content Viewer";
/// HIG "Toolbars"); menus, alerts and swipe actions are drawn by the system, not as rows of the
/// screen; `.labelStyle(.iconOnly)` shows no text. The fixture is written here, modeled on a
/// settings screen with a toolbar, a menu and an alert.
@Suite struct SystemDrawnTests {
    static let source = #"""
    import SwiftUI

    struct AccountScreen: View {
        @State private var draft = ""
        @State private var notes = ""
        var body: some View {
            NavigationStack {
                List {
                    accountSection
                    Section("Notes") {
                        TextField("notes.placeholder", text: $notes, axis: .vertical)
                        TextField("notes.short", text: $notes, axis: .vertical).lineLimit(3)
                    }
                }
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("bar.cancel") { } }
                    ToolbarItem(placement: .topBarTrailing) { Button("bar.save") { } }
                    ToolbarItem(placement: .principal) { Text("bar.principal") }
                    ToolbarItemGroup(placement: .bottomBar) { Button("bar.bottom") { } }
                }
                .alert("alert.title", isPresented: .constant(false)) {
                    Button("alert.ok") { }
                } message: {
                    Text("alert.message")
                }
                .confirmationDialog("dialog.title", isPresented: .constant(false)) {
                    Button("dialog.delete", role: .destructive) { }
                }
                .contextMenu { Button("context.copy") { } }
                .toolbarTitleMenu { Button("titlemenu.rename") { } }
            }
            .tabItem { Label("tab.account", systemImage: "person") }
        }

        var accountSection: some View {
            Section {
                Text("account.name")
                Text("account.email")
                Menu("menu.sort") {
                    Button("menu.byName") { }
                    Picker("picker.order", selection: .constant(0)) { Text("picker.ascending").tag(0) }
                }
                Menu { Button("menu.share") { } } label: { Label("menu.more", systemImage: "ellipsis") }
                    .labelStyle(.iconOnly)
                Button("button.trash", systemImage: "trash") { }.labelStyle(.iconOnly)
                ControlGroup { Button("group.left") { } }
                Text("row.swipe").swipeActions { Button("swipe.delete") { } }
            }
        }
    }

    struct Root: View {
        var body: some View {
            TabView {
                Tab("tab.home", systemImage: "house") { Text("home.body") }
            }
        }
    }

    struct MenuBar: Commands {
        var body: some Commands {
            CommandMenu("menubar.view") { Button("menubar.reload") { } }
        }
    }

    struct Article: View {
        var body: some View {
            ScrollView { Text("article.paragraph") }
        }
    }
    """#

    let reading: SwiftUIReading
    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-system-drawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Account.swift")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        reading = SwiftUIReader.read(files: [file], root: folder, swiftGen: [], threads: 1)
        try? FileManager.default.removeItem(at: folder)
    }

    func drawnBy(_ key: String) throws -> String? { try #require(reading.element(key), "no element \(key)").drawnBy }

    @Test func barItemsKeepTheirSize() throws {
        // Every placement but `.principal` is a bar item; a tab's title is the tab bar's.
        for key in ["bar.cancel", "bar.save", "bar.bottom", "tab.account", "tab.home"] {
            #expect(try drawnBy(key) == UISystemDrawn.bar, "\(key)")
        }
        #expect(UISystemDrawn.bar == "drawn by the bar: bar items keep their size at every Dynamic Type size (Large Content Viewer)")
        // `.principal`: the app's own view between the bar's buttons, laid out at an inline title's width.
        let principal = try #require(reading.element("bar.principal"))
        #expect(principal.drawnBy == nil)
        #expect(principal.width == .inset(leading: 68, trailing: 68))
        // The tab's content is the screen's.
        #expect(try drawnBy("home.body") == nil)
    }

    @Test func menusAlertsAndSwipeActionsAreTheSystems() throws {
        for key in ["menu.byName", "menu.share", "picker.ascending", "group.left", "context.copy", "titlemenu.rename"] {
            #expect(try drawnBy(key) == UISystemDrawn.menu, "\(key)")
        }
        for key in ["alert.title", "alert.ok", "alert.message", "dialog.title", "dialog.delete"] {
            #expect(try drawnBy(key) == UISystemDrawn.alert, "\(key)")
        }
        #expect(try drawnBy("swipe.delete") == UISystemDrawn.swipeAction)
        #expect(try drawnBy("menubar.reload") == UISystemDrawn.menuBar)
        // The menu's own button is on the screen; an icon-only label shows no text.
        #expect(try drawnBy("menu.sort") == nil)
        #expect(try drawnBy("menu.more") == UISystemDrawn.iconOnly)
        #expect(try drawnBy("button.trash") == UISystemDrawn.iconOnly)
        // The row the swipe actions belong to is the screen's.
        #expect(try drawnBy("row.swipe") == nil)
    }

    @Test func containers() throws {
        let screen = try #require(reading.result.screens.first { $0.name == "AccountScreen" })
        // The property's Section: its two texts, the sort menu, the swipe row, … are separate rows,
        // not one row of the property (the texts at two lines of their own).
        let name = try #require(reading.element("account.name"))
        let email = try #require(reading.element("account.email"))
        let rowOf = { (e: UIElement) in screen.rows.firstIndex { $0.elements.contains(e) } }
        #expect(rowOf(name) != nil && rowOf(email) != nil && rowOf(name) != rowOf(email))
        // `axis: .vertical` wraps without a limit; `.lineLimit(3)` limits it.
        #expect(reading.elements.first { $0.placeholder == .localized(table: "Localizable", key: "notes.placeholder", developmentText: "notes.placeholder") }?.lines == 0)
        #expect(reading.elements.first { $0.placeholder == .localized(table: "Localizable", key: "notes.short", developmentText: "notes.short") }?.lines == 3)
        // A paragraph in a ScrollView scrolls: never a row taller than the screen.
        #expect(reading.element("article.paragraph")?.inScrollView == true)
        #expect(name.inScrollView == false)
    }
}
