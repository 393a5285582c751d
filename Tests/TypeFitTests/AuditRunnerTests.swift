import Audit
import DynamicType
import FontEngine
import Foundation
import TestSupport
import Layout
import Reports
import Testing
@testable import TypeFit

private func font(_ path: String) throws -> FontFace { try FontFace(path: Repository.root.appendingPathComponent(path).path) }

@Suite("Font cascade (per-script fallback fonts)")
struct CascadeMeasurerTests {
    func cascade() throws -> CascadeMeasurer {
        let inter = try EngineMeasurer(face: font("Fonts/Inter/Inter-Regular.otf"))
        let arabic = try EngineMeasurer(face: font("Fonts/Noto/NotoSansArabic-Regular.ttf"))
        let hebrew = try EngineMeasurer(face: font("Fonts/Noto/NotoSansHebrew-Regular.ttf"))
        return CascadeMeasurer(primary: .init(id: "inter", measurer: inter),
                               fallbacks: ["Arab": .init(id: "arabic", measurer: arabic),
                                           "Hebr": .init(id: "hebrew", measurer: hebrew)])
    }

    /// An Arabic string (with a space) is one run in Noto Sans Arabic. `hb-shape
    /// NotoSansArabic-Regular.ttf "محرك البحث"` sums to 5246 units of a 1000-unit em; in Inter's
    /// 2816-unit em that is 5246 × 2816 / 1000 = 14772.736.
    @Test func arabicFallsBackToTheArabicFont() throws {
        let c = try cascade()
        #expect(abs(c.advance(of: "محرك البحث") - 14772.736) < 1e-6)
        #expect(c.fontsUsed(in: "محرك البحث") == ["arabic"])
        #expect(c.missingCharacters(in: "محرك البحث").isEmpty)
    }

    /// Hebrew then Latin: "שימוש ב־" in Noto Sans Hebrew (hb-shape: 3875 / 1000 em → 3875 × 2.816 =
    /// 10912) and "Face ID" in Inter (hb-shape: 10012) → 20924.
    @Test func mixedHebrewAndLatinSumsRuns() throws {
        let c = try cascade()
        #expect(abs(c.advance(of: "שימוש ב־Face ID") - 20924) < 1e-6)
        #expect(c.fontsUsed(in: "שימוש ב־Face ID") == ["hebrew", "inter"])
    }

    /// Thai has no fallback configured here: it stays in Inter and is reported missing
    /// (U+0E2A THAI CHARACTER SO SUA, U+0E27 WO WAEN, U+0E31 MAI HAN-AKAT…), joiners are not.
    @Test func uncoveredScriptIsMissing() throws {
        let c = try cascade()
        let missing = c.missingCharacters(in: "สวัส\u{200D}")
        #expect(missing.map(\.value) == [0x0E2A, 0x0E27, 0x0E31])
    }
}

@Suite("Audit runner")
struct AuditRunnerTests {
    /// A folder with a typefit.yml, strings and a .stringsdict.
    func project(_ yaml: String, files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try yaml.write(to: dir.appendingPathComponent("typefit.yml"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    func yaml(fonts: String = "\(Repository.root.path)/Fonts", key: String, lines: Int = 1, extra: String = "") -> String {
        """
        fonts:
          text: { file: \(fonts)/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body }
        devices: ["iPhone SE (1st gen)"]
        categories: [xS, L, AX5]
        strings:
          - path: strings
        \(extra)
        screens:
          - name: Files
            rows:
              - name: count
                labels:
                  - { name: title, style: body, key: \(key), lines: \(lines), lineBreak: truncateTail }
        """
    }

    static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>files.count</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@files@</string>
            <key>files</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>d</string>
                <key>one</key>
                <string>One file</string>
                <key>other</key>
                <string>%d files are waiting to be uploaded to your account on this device</string>
            </dict>
        </dict>
    </dict>
    </plist>
    """

    /// Each plural variant is laid out and checked. On the iPhone SE (320 pt wide, 16 pt margins:
    /// 288 pt for the label) the body style at Large is 17 pt; "One file" is far narrower than
    /// 288 pt, while the 60-odd-character "other" variant needs about 60 × 0.5 em × 17 pt ≈ 500 pt:
    /// only the `[other]` variant truncates (named in the finding's typed `variant`), its finding
    /// points at the .stringsdict line of the key (5), and the snapshot kept for it shows that variant.
    @Test func everyPluralVariantIsMeasured() throws {
        let dir = try project(yaml(key: "files.count"), files: ["strings/en.stringsdict": Self.stringsdict])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        let truncated = run.document.findings.filter { $0.checkId == "text.truncated" }
        #expect(Set(truncated.compactMap(\.stringKey)) == ["files.count"])
        #expect(Set(truncated.map(\.variant)) == ["[other]"])
        #expect(truncated.allSatisfy { $0.source?.line == 5 && ($0.source?.file.hasSuffix("en.stringsdict") ?? false) })
        // Large and AX5 truncate; so does xS (14 pt: ≈ 410 pt needed).
        #expect(Set(truncated.compactMap(\.category)) == [.extraSmall, .large, .accessibilityExtraExtraExtraLarge])
        // "%d" got the default integer sample "1,234".
        #expect(truncated.first?.text?.hasPrefix("1,234 files") == true)
        // The mockup of the truncation group draws the variant the finding is about, not "One file".
        #expect(!run.document.screens.isEmpty)
        #expect(run.document.screens.allSatisfy { $0.rows[0].labels[0].lines.first?.hasPrefix("1,234") == true })
    }

    /// The pseudo-locale is audited as one more locale, with longer, accented text.
    @Test func pseudoLocaleIsAuditedToo() throws {
        let dir = try project(yaml(key: "greeting", extra: "pseudoLocale: { enabled: true, expansion: 0.4 }"),
                              files: ["strings/en.strings": "\"greeting\" = \"Settings\";\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        #expect(run.document.scope.locales == ["en", "en-XA"])
        let pseudo = run.document.screens.filter { $0.locale == "en-XA" }
        // Snapshots of other locales are kept only where findings name them; the scope lists it anyway.
        #expect(pseudo.isEmpty || pseudo.allSatisfy { $0.rows.first?.labels.first?.lines.first != "Settings" })
    }

    /// A key in no strings file is measured as the key itself and is a failing finding naming the
    /// config line of its label, with a did-you-mean from the keys that exist: "greting" is one
    /// deletion from "greeting".
    @Test func missingKeyIsAFailingFinding() throws {
        let dir = try project(yaml(key: "greting"), files: ["strings/en.strings": "\"greeting\" = \"Hi\";\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        let missing = run.document.findings.filter { $0.checkId == "string.missing-key" }
        #expect(missing.count == 1)
        #expect(missing.first?.severity == .error)
        #expect(missing.first?.message.contains("did you mean “greeting”?") == true)
        // The label `{ name: title, … key: greting }` is line 15 of the yaml above (line 9 is the empty `extra`).
        #expect(missing.first?.source?.line == 15)
        #expect(run.exitCode == 1)
    }

    /// A key missing in one locale falls back to the development locale's text and is a finding
    /// for that locale.
    @Test func keyMissingInOneLocaleIsAFinding() throws {
        let dir = try project(yaml(key: "greeting", extra: "locales: [en, de]"),
                              files: ["strings/en.strings": "\"greeting\" = \"Hi\";\n",
                                      "strings/de.strings": "\"other\" = \"Hallo\";\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        let untranslated = run.document.findings.filter { $0.checkId == "string.untranslated" }
        #expect(untranslated.map(\.locale) == ["de"])
        #expect(untranslated.first?.message == "No de translation of “greeting” (Files › count › title); measured the en text")
        #expect(!run.document.findings.contains { $0.checkId == "string.missing-key" })
    }

    /// An unknown device in the config is an error naming the file, line and column.
    @Test func unknownDeviceIsPositionedError() throws {
        let text = yaml(key: "greeting").replacingOccurrences(of: "iPhone SE (1st gen)", with: "iPhone 99")
        let dir = try project(text, files: ["strings/en.strings": "\"greeting\" = \"Hi\";\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            _ = try TypeFit.audit(configPath: dir.appendingPathComponent("typefit.yml").path)
        } throws: { error in
            // `devices: ["iPhone 99"]` is line 5; the string starts at column 11.
            String(describing: error).contains("typefit.yml:5:11") && String(describing: error).contains("iPhone 99")
        }
    }
}

@Suite("Parallel audit")
struct ParallelAuditTests {
    /// The bundled example audited on one thread, on two and on three gives the same report
    /// document: units are merged in plan order, snapshots kept by key, and the report is normalized.
    /// With a snapshot cap below what the example has, the kept set is the same too.
    @Test func threadsDoNotChangeTheReport() throws {
        let config = Repository.root.appendingPathComponent("Examples/Wayfell/typefit.yml").path
        let one = try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "x", threads: 1))
        let two = try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "x", threads: 2))
        let three = try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "x", threads: 3))
        #expect(one.document.findings.count > 0)
        #expect(one.document == two.document)
        #expect(one.document.jsonData() == two.document.jsonData())
        #expect(one.document == three.document)
        #expect(one.rowsVisible == two.rowsVisible)
        let cappedOne = try TypeFit.audit(configPath: config,
                                          options: AuditOptions(configDisplayPath: "x", threads: 1, snapshotLimit: 25))
        let cappedTwo = try TypeFit.audit(configPath: config,
                                          options: AuditOptions(configDisplayPath: "x", threads: 2, snapshotLimit: 25))
        #expect(cappedOne.document == cappedTwo.document)
        #expect(cappedOne.snapshotsLeftOut == cappedTwo.snapshotsLeftOut)
        #expect(cappedOne.snapshotsLeftOut > 0)
    }

    /// Mockups go to the worst groups first, up to the cap: a run that keeps a single snapshot while
    /// laying out (the first in plan order) draws the same mockups as one that keeps every snapshot.
    @Test func mockupsGoToTheWorstGroupsWhateverTheSnapshotsKept() throws {
        let config = Repository.root.appendingPathComponent("Examples/Wayfell/typefit.yml").path
        let all = try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "x", snapshotLimit: 1_000_000))
        let one = try TypeFit.audit(configPath: config, options: AuditOptions(configDisplayPath: "x", snapshotLimit: 1))
        #expect(all.snapshotsLeftOut == 0 && one.snapshotsLeftOut > 0)
        let wanted = HTMLReporter.wantedMockups(all.document).prefix(all.document.mockups.cap)
            .map { HTMLReporter.anchor(screen: $0.screen, device: $0.device, category: $0.category, locale: $0.locale) }
        #expect(wanted.count > 1)
        #expect(Set(all.document.screens.map(HTMLReporter.anchor)) == Set(wanted))
        #expect(one.document.screens.map(HTMLReporter.anchor) == all.document.screens.map(HTMLReporter.anchor))
        #expect(one.document.mockups == all.document.mockups)
        #expect(one.document.fonts == all.document.fonts)
        #expect(one.document.screens == all.document.screens)
        #expect(one.document.jsonData() == all.document.jsonData())
    }
}
