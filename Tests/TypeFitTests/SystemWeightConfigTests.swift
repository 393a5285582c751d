import DynamicType
import Foundation
import TestSupport
import Testing
@testable import TypeFit

/// `weight:` on a style drawn in the system font: `font: system` + `weight: bold` is the font id
/// `systemBold`, and the errors of a weight that does not exist or a font that is not the system font.
@Suite("System font weight in styles")
struct SystemWeightConfigTests {
    @Test func weightNamesTheSameFontAsTheId() throws {
        let dir = try SystemFontAuditTests.project("""
            version: 1
            styles:
              byWeight: { font: system, weight: bold, model: fixed, size: 17 }
              byId: { font: systemBold, model: fixed, size: 17 }
              medium: { font: system, weight: medium, model: fixed, size: 15 }
              regular: { font: system, weight: regular, model: fixed, size: 15 }
              heavyHeadline: { model: apple, textStyle: headline, weight: heavy }
            screens: []
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        func font(_ style: String) throws -> PlannedFont { plan.font(try #require(plan.style(named: style)).font) }
        // One planned font for both spellings of bold: the same id, measured once.
        #expect(try #require(plan.style(named: "byWeight")).font == (try #require(plan.style(named: "byId"))).font)
        #expect(try font("byWeight").name == "systemBold" && (try font("byWeight")).system?.weight == .bold)
        #expect(try font("medium").name == "systemMedium" && (try font("medium")).system?.weight == .medium)
        #expect(try font("regular").name == "system" && (try font("regular")).system?.weight == .regular)
        // headline's HIG weight is semibold; `weight: heavy` overrides it.
        #expect(try font("heavyHeadline").name == "systemHeavy" && (try font("heavyHeadline")).system?.weight == .heavy)
    }

    @Test func badWeightsAreOneLine() throws {
        let dir = try temporaryDirectory("typefit-system-weight")
        defer { try? FileManager.default.removeItem(at: dir) }
        func error(_ style: String, fonts: String = "") -> String? {
            SystemFontAuditTests.parseError(fonts + "styles:\n  b: { \(style) }\n", in: dir)
        }
        // Line 2 is the style; "  b: { " is 7 characters, so the style's text starts at column 8.
        // `font: system, weight: ` is 22 more: the weight's scalar is at column 30.
        #expect(error("font: system, weight: blod, model: fixed, size: 17")
                == #"typefit.yml:2:30: styles.b.weight: expected one of regular | medium | semibold | bold | heavy, got "blod"; did you mean "bold"?"#)
        // `font: systemBold, weight: ` is 26 characters: column 34.
        #expect(error("font: systemBold, weight: heavy, model: fixed, size: 17")
                == #"typefit.yml:2:34: styles.b.weight: "systemBold" already names a weight; write `font: system` with `weight:`, or the id alone"#)
        // A declared font (line 3 once `fonts:` takes two lines; `font: inter, weight: ` is 21: column 29).
        let inter = "fonts:\n  inter: { file: \(Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path) }\n"
        #expect(error("font: inter, weight: bold, model: fixed, size: 17", fonts: inter)
                == "typefit.yml:4:29: styles.b.weight: `weight:` is for the system font (`font: system`), not \"inter\": a declared font's weight is its file, `instance` or `variations: { wght: … }`")
        // No font and no Apple text style (`weight: ` is 8: column 16).
        #expect(error("weight: bold, model: fixed, size: 17")
                == "typefit.yml:2:16: styles.b.weight: `weight:` is for the system font: add `font: system`")
    }
}
