import DynamicType
import Foundation
import Reports
import TestSupport
import Testing
@testable import TypeFit

/// The font ids `system`, `systemBold`, … in typefit.yml and the audit: what measures them, the
/// at-risk verdicts of a stand-in, and the errors of a bad `systemFont:`.
///
/// Hand computation used below ("Settings" in the system font at 17 pt, the bundled stand-in):
/// `hb-shape --variations=opsz=14,wght=400 --output-format=json --no-glyph-names
/// Fonts/InterVariable/InterVariable.ttf Settings` (HarfBuzz 6.0.0) gives the advances
/// 1314 + 1194 + 670 + 670 + 496 + 1210 + 1256 + 1081 = 7891 units (2048 per em; opsz = 14 + 18 × a(17)
/// and a(17) = 0). k(17) = avg_SF(17) / avg_Inter(opsz 14) = 0.4497 / 0.47737031249999995 (the
/// stand-in's average by fontTools, see SystemFontMeasurerTests). So W = 7891 × k × 17 / 2048 pt.
@Suite("System font in the audit")
struct SystemFontAuditTests {
    static let k17 = 0.4497 / 0.47737031249999995
    static let settingsWidth = 7891 * k17 * 17 / 2048  // 61.70… pt

    /// A project folder with `typefit.yml` = `yaml`.
    static func project(_ yaml: String) throws -> URL {
        let dir = try temporaryDirectory("typefit-system")
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
        return dir
    }

    /// One screen on the iPhone SE (1st gen) at Large: rows whose single-line label "Settings" (17 pt
    /// system text) has `limits` points: 320 − 2 × 16 (margins) − accessory − 16 (its spacing).
    static func config(limits: [Double]) -> String {
        var yaml = """
            version: 1
            styles:
              body17: { font: system, model: fixed, size: 17 }
              headline: { model: apple, textStyle: headline }
            devices: ["iPhone SE (1st gen)"]
            categories: [large]
            locales: [en]
            screens:
              - name: S
                rows:

            """
        yaml += rows(limits: limits, texts: limits.map { _ in "Settings" })
        yaml += "      - { name: h, labels: [{ name: t, style: headline, text: \"Headline\" }] }\n"
        return yaml
    }

    /// Rows r0, r1, … of screen S: row i's single-line body17 label shows `texts[i]` in `limits[i]`
    /// points (the accessory takes the rest of the 272 pt the SE's row leaves).
    static func rows(limits: [Double], texts: [String]) -> String {
        zip(limits, texts).enumerated().map { i, row in
            "      - { name: r\(i), accessory: \(String(format: "%.6f", 272 - row.0)), "
                + "labels: [{ name: t, style: body17, text: \"\(row.1)\", lines: 1 }] }\n"
        }.joined()
    }

    @Test func systemNeedsNoDeclarationAndAppleStylesUseIt() throws {
        let dir = try Self.project(Self.config(limits: [200]))
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let body = try #require(plan.style(named: "body17"))
        #expect(plan.font(body.font).name == "system")
        #expect(plan.font(body.font).system?.method == .interVariable)
        // headline: HIG weight semibold, no `font`.
        let headline = try #require(plan.style(named: "headline"))
        #expect(plan.font(headline.font).name == "systemSemibold")
        #expect(plan.font(headline.font).system?.weight == .semibold)
    }

    /// W = 61.70 pt against limits inside the band (W / 1.01: δ(17) = 2.1 %, so it fits at
    /// L × 1.021), outside it (W / 1.05) and above W (fits: no finding).
    @Test func verdictsInsideAndOutsideTheBand() throws {
        let w = Self.settingsWidth
        let dir = try Self.project(Self.config(limits: [w / 1.01, w / 1.05, w * 1.01]))
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path,
                                    options: AuditOptions(configDisplayPath: "typefit.yml", threads: 1))
        let truncated = run.document.findings.filter { $0.checkId == "text.truncated" }
        let inside = try #require(truncated.first { $0.row == "r0" })
        let outside = try #require(truncated.first { $0.row == "r1" })
        #expect(!truncated.contains { $0.row == "r2" })
        // The audit measured the hand-computed width (figures are rounded to 1/1000 pt).
        #expect(abs((inside.figures["neededWidth"] ?? 0) - w) < 0.001)
        #expect(abs((inside.figures["availableWidth"] ?? 0) - w / 1.01) < 0.001)
        #expect(inside.certainty == .atRisk && inside.severity == .warning)
        #expect(outside.certainty == .measured && outside.severity == .error)
        // The at-risk group does not fail `--fail-on error`; the other does.
        let groups = run.document.groups.filter { $0.checkId == "text.truncated" }
        #expect(groups.first { $0.key.row == "r0" }.map { run.document.isFailing($0) } == false)
        #expect(groups.first { $0.key.row == "r1" }.map { run.document.isFailing($0) } == true)
        // The header: which font measured system text and δ (17 pt: 2.1 %).
        let system = try #require(run.document.systemText)
        #expect(system.measuredWith == "Inter 4.1 calibrated to San Francisco")
        #expect(system.minimumBandPercent == 2.1 && system.maximumBandPercent == 2.1)
        #expect(system.summary.hasPrefix("system text: Inter 4.1 calibrated to San Francisco, ±2.1 %"))
        #expect(TerminalReporter.render(run.document, colors: false).contains("system text: Inter 4.1 calibrated to San Francisco, ±2.1 %"))
        #expect(MarkdownReporter.render(run.document).contains("| warning (at risk) | text.truncated |"))
    }

    // MARK: Config errors

    static func parseError(_ yaml: String, in dir: URL) -> String? {
        do {
            let config = try TypeFitConfig.parse(yaml: yaml, file: "typefit.yml", baseDirectory: dir)
            _ = try AuditPlan(config: config)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func badSystemFontSettingsAreOneLine() throws {
        let dir = try temporaryDirectory("typefit-system")
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = "styles:\n  b: { font: system, model: fixed, size: 17 }\n"
        // Column 26 is the folder's scalar, 21 the font's, 13 a plain id's, 15 an unknown key's.
        let missing = dir.appendingPathComponent("nowhere").path
        #expect(Self.parseError("systemFont: { directory: nowhere }\n" + style, in: dir)
                == "typefit.yml:1:26: systemFont.directory: SF Pro folder \"nowhere\" not found (looked for \(missing))")
        #expect(Self.parseError("systemFont: { font: system }\n" + style, in: dir)
                == "typefit.yml:1:21: systemFont.font: systemFont names the font that stands in for \"system\"; give an id of `fonts:`")
        #expect(Self.parseError("systemFont: { size: 3 }\n" + style, in: dir)
                == #"typefit.yml:1:15: unknown key "size" in systemFont (valid keys: directory, font)"#)
        #expect(Self.parseError("systemFont: brand\n" + style, in: dir)
                == "typefit.yml:1:13: systemFont: undefined font \"brand\" (no fonts are defined)")
        #expect(Self.parseError("fonts:\n  system: { file: x.otf }\n" + style, in: dir)?
                    .hasPrefix("typefit.yml:2:3: fonts: \"system\" is the system font's id and needs no definition") == true)
        // A folder of "SF Pro" files that are Inter: one line naming the file and its family.
        let sf = dir.appendingPathComponent("sf")
        try FileManager.default.createDirectory(at: sf, withIntermediateDirectories: true)
        for name in ["SF-Pro-Text-Regular.otf", "SF-Pro-Display-Regular.otf"] {
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf"),
                                             to: sf.appendingPathComponent(name))
        }
        let impostor = Self.parseError("systemFont: { directory: sf }\n" + style, in: dir)
        #expect(impostor == "typefit.yml:1:26: systemFont.directory: \(sf.path)/SF-Pro-Text-Regular.otf: the font's family is 'Inter', not 'SF Pro Text' (another font under SF Pro's file name)")
        // The folder lacks the bold cuts a `systemBold` style needs.
        let bold = "styles:\n  b: { font: systemBold, model: fixed, size: 17 }\n"
        #expect(Self.parseError("systemFont: { directory: sf }\n" + bold, in: dir)?
                    .hasPrefix("typefit.yml:1:26: systemFont.directory: \(sf.path): no SF-Pro-Text-Bold.otf for bold system text") == true)
    }

    /// A font of `fonts:` named by `systemFont` measures system text, calibrated × k(s) with the
    /// static stand-in's band; its own line height is not used.
    @Test func anotherFontStandsIn() throws {
        let dir = try Self.project("""
            version: 1
            fonts:
              brand: { file: \(Repository.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path) }
            systemFont: brand
            styles:
              b: { font: system, model: fixed, size: 17 }
            screens: []
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
        let font = plan.font(try #require(plan.style(named: "b")).font)
        #expect(font.system?.method == .staticStandIn)
        #expect(font.system?.measuredWith == "brand calibrated to San Francisco")
        // 17 pt: 2444 × 17 / 2048, iOS's, not Inter 3's own 3408 × 17 / 2816.
        let model = try #require(plan.scalingModel(forStyle: "b", scale: 2))
        #expect(model.size(at: .large).lineHeight == 20.287109375)
    }
}
