import Audit
import Foundation
import Layout
import TestSupport
import Testing
@testable import TypeFit

/// A screen's own `devices:` and `width:` (docs/config.md, screens): an iPad-only sidebar is not
/// laid out on an iPhone, and a form sheet is laid out at its own width.
@Suite("Screen devices and width")
struct ScreenDevicesTests {
    /// "Wide words" six times on one line: 97,896 units of Inter Regular's 2,816 per em (hb-shape
    /// 8.x, Fonts/Inter/Inter-Regular.otf) = 591.0 pt at body's 17 pt: wider than an iPhone SE's
    /// 288 pt row and a 540 pt sheet's 500 pt, narrower than an iPad Pro 11"'s 794 pt (834 − 2 × 20).
    static let long = String(repeating: "Wide words ", count: 6).trimmingCharacters(in: .whitespaces)

    /// A folder with `typefit.yml` auditing an iPhone SE and an iPad Pro 11" at L.
    func project(_ screens: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-screen-devices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let yaml = """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)", "iPad Pro 11"]
        categories: [L]
        screens:
        \(screens)
        """
        try yaml.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        return dir
    }

    func sidebar(devices: String) -> String {
        """
          - name: Sidebar
        \(devices)
            rows:
              - { name: item, labels: [{ name: t, style: body, text: "\(Self.long)" }] }
        """
    }

    /// Without `devices:` the long one-line label truncates on the iPhone SE (and fits on the
    /// iPad); with `devices: [iPad Pro 11"]` the screen has no layout and no finding on the iPhone.
    @Test func aScreenIsLaidOutOnlyOnItsDevices() throws {
        let everywhere = try project(sidebar(devices: ""))
        let iPadOnly = try project(sidebar(devices: "    devices: [\"ipad-pro-11\"]"))
        defer {
            try? FileManager.default.removeItem(at: everywhere)
            try? FileManager.default.removeItem(at: iPadOnly)
        }
        func run(_ dir: URL) throws -> AuditRun {
            let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
            return try AuditPipeline(plan: plan, options: AuditOptions(keepLayouts: true)).run()
        }
        let all = try run(everywhere)
        #expect(all.layouts.map(\.device) == ["iPhone SE (1st generation)", "iPad Pro 11\""])
        #expect(all.findings.filter { $0.checkId == "text.truncated" }.map(\.device) == ["iPhone SE (1st generation)"])

        let only = try run(iPadOnly)
        #expect(only.layouts.map(\.device) == ["iPad Pro 11\""])
        #expect(only.findings.filter { $0.checkId == "text.truncated" }.isEmpty)
        // The shard cost counts the screen's own devices: 65 characters × 1 device × 1 category.
        let plan = try AuditPlan.load(path: iPadOnly.appendingPathComponent("typefit.yml").path)
        #expect(plan.units().map(\.cost) == [Self.long.count])
    }

    /// `width: 540` (a form sheet): on the iPad Pro 11" (834 pt wide, regular: 20 pt margins) the row's
    /// content is 540 − 2 × 20 = 500 pt wide, and the 591 pt label truncates there as it does not at
    /// the iPad's full width; on the iPhone SE (320 pt, narrower than the sheet) it fills the screen
    /// as before: 320 − 2 × 16 = 288 pt. The iPad's mockup is drawn 540 pt wide (834 without `width`).
    @Test func aScreenHasItsOwnWidthWhereTheDeviceIsWider() throws {
        func run(width: String) throws -> AuditRun {
            let dir = try project("""
              - name: Sheet
            \(width)
                rows:
                  - { name: item, labels: [{ name: t, style: body, text: "\(Self.long)" }] }
            """)
            defer { try? FileManager.default.removeItem(at: dir) }
            let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
            return try AuditPipeline(plan: plan, options: AuditOptions(keepLayouts: true)).run()
        }
        let full = try run(width: "")
        #expect(full.layouts.map { $0.layout.rows[0].contentWidth } == [288, 794])
        #expect(full.findings.filter { $0.checkId == "text.truncated" }.map(\.device) == ["iPhone SE (1st generation)"])

        let sheet = try run(width: "    width: 540")
        #expect(sheet.layouts.map(\.device) == ["iPhone SE (1st generation)", "iPad Pro 11\""])
        #expect(sheet.layouts.map { $0.layout.rows[0].contentWidth } == [288, 500])
        #expect(sheet.findings.filter { $0.checkId == "text.truncated" }.map(\.device) == ["iPhone SE (1st generation)", "iPad Pro 11\""])
        // The iPad's mockup (the sheet on the iPad only, so that the group's mockup is the iPad's).
        let iPadSheet = try run(width: "    devices: [\"iPad Pro 11\"]\n    width: 540")
        #expect(iPadSheet.findings.filter { $0.checkId == "text.truncated" }.map(\.device) == ["iPad Pro 11\""])
        let mockups = iPadSheet.document.screens
        #expect(!mockups.isEmpty && mockups.allSatisfy { $0.device == "iPad Pro 11\"" && $0.width == 540 })
    }

    /// Side safe-area insets do not reach a screen narrower than the device: on an iPhone 16 in
    /// landscape (852 × 393, insets 59 left and right) a 540 pt sheet's row is 540 − 2 × 16 = 508 pt
    /// wide, where the full screen's is 852 − 59 − 59 − 2 × 16 = 702 pt.
    @Test func aNarrowScreenHasNoSideSafeArea() throws {
        let phone = try Device.named("iPhone 16")
        let full = Screen(device: phone, orientation: .landscape).rowContext()
        let sheet = Screen(device: phone, orientation: .landscape, width: 540).rowContext()
        let row = Row(items: [], height: .automatic(minimum: 44))
        #expect(row.layout(in: full).contentWidth == 702)
        #expect(row.layout(in: sheet).contentWidth == 508)
        // Not narrower than the device: the device's own width and insets.
        #expect(Screen(device: phone, orientation: .landscape, width: 900).rowContext() == full)
    }

    /// A device the screen names must be one the config audits: a near miss gets a suggestion, a
    /// catalog device the config does not list says to add it; both one line at the name.
    @Test func unknownScreenDevicesAreOneLineErrors() throws {
        for (devices, expected) in [
            ("    devices: [\"iPad Pro 11\", \"iPhone SE (1st gen)\", \"iPad Pro 1\"]",
             #"typefit.yml:9:53: screens[0].devices[2]: unknown device "iPad Pro 1"; did you mean "iPad Pro 11""?"#),
            ("    devices: [\"iPhone 16\"]",
             #"typefit.yml:9:15: screens[0].devices[0]: device "iPhone 16" is not audited (devices: iPhone SE (1st generation), iPad Pro 11"); add it to `devices:` to lay this screen out on it"#),
        ] {
            let dir = try project(sidebar(devices: devices))
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect {
                _ = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
            } throws: { error in
                let text = String(describing: error)
                return text.hasSuffix(expected) && !text.contains("\n")
            }
        }
        let empty = try project(sidebar(devices: "    devices: []"))
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect {
            _ = try AuditPlan.load(path: empty.appendingPathComponent("typefit.yml").path)
        } throws: { error in
            String(describing: error).hasSuffix("screens[0].devices: expected at least one device (leave devices out for every device)")
        }
    }
}
