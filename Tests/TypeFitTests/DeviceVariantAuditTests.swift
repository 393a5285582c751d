import Foundation
import Layout
import Localization
import TestSupport
import Testing
@testable import TypeFit

/// A String Catalog's device variations are laid out only on the devices that show them.
@Suite("Device variants in the audit")
struct DeviceVariantAuditTests {
    /// A catalog in Xcode's layout: `title` varies by iphone / ipad / other, `caption` by mac /
    /// other, `badge` by applewatch only. Every text is long enough to be truncated on one line on
    /// any device, so each variant laid out on a device gives a `text.truncated` finding there.
    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "badge" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "applewatch" : { "stringUnit" : { "state" : "translated", "value" : "WATCH \(String(repeating: "badge text ", count: 20))" } }
            } } }
          }
        },
        "caption" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "MAC \(String(repeating: "caption text ", count: 20))" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "OTHER \(String(repeating: "caption text ", count: 20))" } }
            } } }
          }
        },
        "title" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "ipad" : { "stringUnit" : { "state" : "translated", "value" : "IPAD \(String(repeating: "wide title ", count: 20))" } },
              "iphone" : { "stringUnit" : { "state" : "translated", "value" : "IPHONE \(String(repeating: "title ", count: 30))" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "OTHER \(String(repeating: "title ", count: 30))" } }
            } } }
          }
        }
      },
      "version" : "1.0"
    }
    """

    func project() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-devices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try """
        fonts:
          text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)", "iPad mini"]
        categories: [L]
        strings: [Localizable.xcstrings]
        screens:
          - name: Home
            rows:
              - { name: r, labels: [{ name: title, style: body, key: title, lines: 1 }] }
              - { name: c, labels: [{ name: caption, style: body, key: caption, lines: 1 }] }
              - { name: b, labels: [{ name: badge, style: body, key: badge, lines: 1 }] }
        """.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        try Self.catalog.write(to: dir.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        return dir
    }

    /// On the iPhone SE only the `iphone` variant of `title` and the `other` variant of `caption`
    /// are laid out (never `ipad` or `mac`); on the iPad mini only the `ipad` and `other` ones.
    /// `badge` has only a watch text: an iOS device shows the key itself, never the watch text.
    @Test func variantsOnlyOnTheirDevices() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let run = try AuditPipeline(plan: plan, options: AuditOptions(categories: [.large])).run()
        let truncated = run.document.findings.filter { $0.checkId == "text.truncated" }
        var shown: [String: Set<String>] = [:]
        for finding in truncated {
            let device = finding.device?.hasPrefix("iPad") == true ? "ipad" : "iphone"
            shown[device, default: []].insert("\(finding.stringKey ?? "")\(finding.variant ?? "")")
        }
        #expect(shown["iphone"] == ["title[device=iphone]", "caption[device=other]"])
        #expect(shown["ipad"] == ["title[device=ipad]", "caption[device=other]"])
        // No finding quotes a text of a device that is not audited.
        #expect(!truncated.contains { ($0.text ?? "").hasPrefix("WATCH") || ($0.text ?? "").hasPrefix("MAC") })
    }

    /// The selection rule on its own: the device's own variant, else `other`; never another device's.
    @Test func selectionRule() {
        let devices: [DeviceVariant?] = [.iphone, .ipad, .mac, .other, nil]
        #expect(DeviceVariant.shown(devices, on: .iphone) == [true, false, false, false, true])
        #expect(DeviceVariant.shown(devices, on: .ipad) == [false, true, false, false, true])
        #expect(DeviceVariant.shown(devices, on: .ipod) == [false, false, false, true, true])
        #expect(DeviceVariant.shown([.applevision, .appletv], on: .iphone) == [false, false])
        #expect(DeviceIdiom.named("iPad Pro 11\"") == .ipad)
        #expect(DeviceIdiom.named("iPhone SE (1st generation)") == .iphone)
    }
}
