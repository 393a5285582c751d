import AppUI
import Foundation
import Testing
@testable import SwiftUISource

/// Seven SwiftUI files of Home Assistant for iOS (github.com/home-assistant/iOS at d722d7811aec,
/// Apache-2.0, Fixtures/HomeAssistant/LICENSE.md), copied byte for byte.
@Suite struct HomeAssistantSliceTests {
    /// `Text(` views per file by an independent scan: Tests/SwiftUISourceTests/count-swiftui-text.py
    /// (a lexer that drops comments and string literals, then counts `Text(` outside the inactive
    /// `#if` branches, `#Preview` blocks and PreviewProvider types; no Swift parser), run as
    /// `python3 count-swiftui-text.py Fixtures/HomeAssistant/*.swift`.
    static let independentCounts: [String: Int] = [
        "ConnectionErrorDetailsView.swift": 11,
        "ConnectionSettingsView.swift": 30,
        "GeneralSettingsView.swift": 8,
        "KioskSettingsView.swift": 14,
        "SensorListView.swift": 21,
        "SettingsView.swift": 16,
        "ZoneCardView.swift": 12,
    ]

    @Test(arguments: independentCounts.keys.sorted())
    func textViewsMatchTheIndependentCount(file: String) {
        let reading = SwiftUIReader.read(files: [fixture("HomeAssistant/\(file)")], root: fixtures)
        #expect(reading.textViews.count == Self.independentCounts[file])
        #expect(reading.result.warnings.isEmpty)
    }

    @Test func wholeSliceAddsUp() {
        let files = Self.independentCounts.keys.sorted().map { fixture("HomeAssistant/\($0)") }
        let s = SwiftUIReader.read(files: files, root: fixtures, threads: 2).summary
        #expect(s.textViews == Self.independentCounts.values.reduce(0, +))
        #expect(s.textViewsLocalized + s.textViewsVerbatim + s.textViewsRuntime == s.textViews)
        #expect(s.elementsByKind.values.reduce(0, +) == s.elements)
    }
}
