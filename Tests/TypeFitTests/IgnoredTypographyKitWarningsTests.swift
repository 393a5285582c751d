import DynamicType
import Foundation
import TestSupport
import Testing
@testable import TypeFit

/// `ignoreTypographyKitWarnings:` (docs/config.md): a TypographyKit warning the team has accepted is
/// not printed on every command; each warning names its kind, the word the setting takes.
@Suite struct IgnoredTypographyKitWarningsTests {
    /// A TypographyKit config with one style and a misspelt key: TypographyKit gives every styled
    /// label unlimited lines (`unlimitedLines`, for any config with a style) and ignores
    /// `point-step-sise` (`unknownKey`).
    static let typographyKit = #"""
    {
        "typography-kit": { "point-step-sise": 2 },
        "ui-font-text-styles": { "body": { "font-name": "Inter-Regular", "point-size": 17 } }
    }
    """#

    func plan(_ extra: String) throws -> AuditPlan {
        let dir = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.typographyKit.utf8).write(to: dir.appendingPathComponent("TypographyKit.json"))
        let yaml = """
        fontDirectories: [\(Repository.root.path)/Fonts/Inter]
        typographyKit: TypographyKit.json
        \(extra)
        devices: ["iPhone SE (1st gen)"]
        categories: [L]
        screens:
          - name: S
            rows: [{ name: r, labels: [{ name: t, style: body, text: "Hi" }] }]
        """
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
        return try AuditPlan.load(path: dir.appendingPathComponent("typefit.yml").path)
    }

    func typographyKitWarnings(_ plan: AuditPlan) -> [String] {
        plan.diagnostics.filter { $0.code == .typographyKit }.map(\.message)
    }

    @Test func eachWarningNamesItsKindAndTheSettingSilencesThatKind() throws {
        let all = typographyKitWarnings(try plan(""))
        #expect(all.contains("ui-font-text-styles: TypographyKit gives every styled UILabel numberOfLines = 0 and lineBreakMode = .byWordWrapping (unlimited lines) [unlimitedLines]"))
        #expect(all.contains { $0.hasPrefix("typography-kit.point-step-sise: unknown key") && $0.hasSuffix(" [unknownKey]") })
        let quiet = typographyKitWarnings(try plan("ignoreTypographyKitWarnings: [unlimitedLines]"))
        #expect(quiet == all.filter { !$0.hasSuffix("[unlimitedLines]") })
        #expect(quiet.count == all.count - 1)
        #expect(typographyKitWarnings(try plan("ignoreTypographyKitWarnings: [unlimitedLines, unknownKey]")).isEmpty)
    }

    @Test func aMisspeltKindOrNoTypographyKitIsAnError() throws {
        #expect(ConfigFixtures.error("typographyKit: Examples/Wayfell/TypographyKit.json\nignoreTypographyKitWarnings: [unlimitedLine]\n")
            == #"typefit.yml:2:31: ignoreTypographyKitWarnings[0]: unknown TypographyKit warning kind "unlimitedLine"; did you mean "unlimitedLines"?"#)
        #expect(ConfigFixtures.error("ignoreTypographyKitWarnings: [unlimitedLines]\n")
            == "typefit.yml:1:30: ignoreTypographyKitWarnings: ignoreTypographyKitWarnings needs a `typographyKit:` config whose warnings it silences")
    }
}
