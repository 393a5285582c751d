import AppUI
import Foundation
import Testing
@testable import SwiftUISource

/// Three SwiftUI views of an invented hiking app (Fixtures/TrailApp, written for these tests, modeled
/// on the patterns real apps' settings forms, cards and error screens show): the reader's `Text(`
/// count against an independent one.
@Suite struct TextCountTests {
    /// `Text(` views per file by an independent scan: Tests/SwiftUISourceTests/count-swiftui-text.py
    /// (a lexer that drops comments and string literals, then counts `Text(` outside the inactive
    /// `#if` branches, `#Preview` blocks and PreviewProvider types; no Swift parser), run as
    /// `python3 count-swiftui-text.py Fixtures/TrailApp/*.swift`. By hand, the same:
    /// - RouteCardView 6: route.name, distance, climb, note, LocalizedStringKey(badge), verbatim hint
    ///   (the Text inside a string and the one in the PreviewProvider are not counted);
    /// - SyncErrorView 7: title, message, error, attempts, details, retry, cellular hint (the
    ///   macCatalyst and macOS branches and the commented-out Text are not);
    /// - TrailSettingsView 9: accountName, signed_in, header, the verbatim unit, offline, the reminder,
    ///   footer, sign_out, the navigation title (the watchOS branch, a comment and #Preview are not).
    static let independentCounts: [String: Int] = [
        "RouteCardView.swift": 6,
        "SyncErrorView.swift": 7,
        "TrailSettingsView.swift": 9,
    ]

    @Test(arguments: independentCounts.keys.sorted())
    func textViewsMatchTheIndependentCount(file: String) {
        let reading = SwiftUIReader.read(files: [fixture("TrailApp/\(file)")], root: fixtures)
        #expect(reading.textViews.count == Self.independentCounts[file])
        #expect(reading.result.warnings.isEmpty)
    }

    @Test func wholeSliceAddsUp() {
        let files = Self.independentCounts.keys.sorted().map { fixture("TrailApp/\($0)") }
        let s = SwiftUIReader.read(files: files, root: fixtures, threads: 2).summary
        #expect(s.textViews == Self.independentCounts.values.reduce(0, +))
        #expect(s.textViewsLocalized + s.textViewsVerbatim + s.textViewsRuntime + s.textViewsUnresolved == s.textViews)
        #expect(s.elementsByKind.values.reduce(0, +) == s.elements)
    }
}
