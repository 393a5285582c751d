import Foundation
import TestSupport
import Testing
@testable import Localization

/// Entry counts computed independently with the shell, over the repository's corpus
/// (Tests/Fixtures/corpus, and Examples/Focus/strings for firefox-focus-ios):
///   UTF-8:  `grep -c '^"' FILE`
///   UTF-16 (swiftfin): `iconv -f UTF-16 -t UTF-8 FILE | grep -c '^"'`
/// (Every entry of these files starts its line with `"`; continuation lines of multi-line
/// values start with `\` or text, and `sort | uniq -d` on the keys found no duplicates.)
let corpusCounts: [String: Int] = [
    "firefox-focus-ios/ar.strings": 149, "firefox-focus-ios/de.strings": 216,
    "firefox-focus-ios/en-US.strings": 216, "firefox-focus-ios/fi.strings": 216,
    "firefox-focus-ios/he.strings": 213, "firefox-focus-ios/hi-IN.strings": 162,
    "firefox-focus-ios/ja.strings": 216, "firefox-focus-ios/th.strings": 216,
    "firefox-focus-ios/vi.strings": 216,
    "home-assistant-ios/de.strings": 200, "home-assistant-ios/en.strings": 556,
    "home-assistant-ios/es.strings": 200, "home-assistant-ios/fr.strings": 200,
    "home-assistant-ios/he.strings": 480,
    "swiftfin/ar.strings": 140, "swiftfin/en.strings": 40, "swiftfin/fi.strings": 148,
    "swiftfin/he.strings": 148, "swiftfin/ja.strings": 630, "swiftfin/nl.strings": 140,
    "swiftfin/vi.strings": 140,
]

@Test(arguments: corpusCounts.keys.sorted())
func corpusFileLoadsWithExpectedCount(_ relative: String) throws {
    let url = Repository.corpusFile(relative)
    let locale = try #require(StringTable.inferredLocale(for: url))
    let result = try StringsFile.load(contentsOf: url, locale: locale)
    #expect(result.entries.count == corpusCounts[relative])
    // No entry is empty-keyed, and lines increase through the file.
    #expect(result.entries.allSatisfy { !$0.key.isEmpty && $0.line > 0 })
    #expect(zip(result.entries, result.entries.dropFirst()).allSatisfy { $0.line < $1.line })
}

@Test func corpusDirectoryLoadsAsOneTable() throws {
    let table = try StringTable.load(contentsOf: Repository.corpus)
    // 12 files; locales from file names.
    #expect(table.locales == ["ar", "de", "en", "es", "fi", "fr", "he", "ja", "nl", "vi"])
    // Distinct (locale, key) pairs counted with:
    //   for f in */*.strings; do loc=$(basename $f .strings); (iconv -f UTF-16 -t UTF-8 $f for swiftfin, else cat $f) \
    //     | grep '^"' | sed 's/^\("[^"]*"\).*/\1/' | sed "s/^/$loc /"; done | sort -u | wc -l   → 3022
    // (the plain sum of the per-file counts: 1636 home-assistant + 1386 swiftfin = 3022; no key repeats
    // within a locale across the two folders).
    #expect(table.entries.count == 3022)
    #expect(corpusCounts.filter { !$0.key.hasPrefix("firefox") }.values.reduce(0, +) == 3022)
    #expect(table.warnings.allSatisfy { $0.message.hasPrefix("unknown escape") })
    // The Firefox Focus folder alone: 9 files, every key distinct per locale → 1820 entries.
    let focus = try StringTable.load(contentsOf: Repository.focusStrings)
    #expect(focus.entries.count == corpusCounts.filter { $0.key.hasPrefix("firefox") }.values.reduce(0, +))
    #expect(focus.entries.count == 1820)
}

/// Spot checks, each copied from the raw file with the command in the comment.
@Test func corpusSpotChecks() throws {
    func load(_ relative: String) throws -> StringTable {
        try StringTable.load(contentsOf: Repository.corpusFile(relative))
    }
    // grep -n -B1 '^"About.missionLabel"' firefox-focus-ios/en-US.strings
    //   4-/* Label on About screen */
    //   5:"About.missionLabel" = "%@ is produced by Mozilla. Our mission is to foster a healthy, open Internet.";
    let en = try load("firefox-focus-ios/en-US.strings")
    let mission = try #require(en.lookup(key: "About.missionLabel", locale: "en_US"))
    #expect(mission.value == "%@ is produced by Mozilla. Our mission is to foster a healthy, open Internet.")
    #expect(mission.line == 5)
    #expect(mission.comment == "Label on About screen")
    #expect(mission.locale == "en-US")

    // grep -n '"About.learnMoreButton"' firefox-focus-ios/th.strings → 2: "เรียนรู้เพิ่มเติม"
    let th = try load("firefox-focus-ios/th.strings")
    #expect(th.lookup(key: "About.learnMoreButton", locale: "th")?.value == "เรียนรู้เพิ่มเติม")
    #expect(th.lookup(key: "About.learnMoreButton", locale: "th")?.line == 2)

    // grep -n '"About.missionLabel"' firefox-focus-ios/ar.strings → 5: the upstream file really has the
    // literal text "u200f" (a broken escape upstream), kept as is.
    let ar = try load("firefox-focus-ios/ar.strings")
    // Written with scalar escapes (python: ''.join('\\u{%X}' % ord(c) ...)) because the value holds a
    // U+00A0 no-break space after "و".
    #expect(ar.lookup(key: "About.missionLabel", locale: "ar")?.value == "u200f%@ \u{645}\u{646}\u{62A}\u{62C} \u{645}\u{646} \u{645}\u{648}\u{632}\u{64A}\u{644}\u{627}. \u{645}\u{647}\u{645}\u{62A}\u{646}\u{627} \u{62A}\u{634}\u{62C}\u{64A}\u{639} \u{625}\u{646}\u{62A}\u{631}\u{646}\u{62A} \u{645}\u{641}\u{62A}\u{648}\u{62D} \u{648}\u{A0}\u{635}\u{62D}\u{64A}.")

    // iconv -f UTF-16 -t UTF-8 swiftfin/en.strings | grep -n -B1 '^"airWithDate"'
    //   97-/// Airs %s
    //   98:"airWithDate" = "Airs %s";
    let sf = try load("swiftfin/en.strings")
    let airs = try #require(sf.lookup(key: "airWithDate", locale: "en"))
    #expect(airs.value == "Airs %s")
    #expect(airs.line == 98)
    #expect(airs.comment == "Airs %s")
    // iconv -f UTF-16 -t UTF-8 swiftfin/ja.strings | grep -n '^"about"' → 627:"about" = "概要";
    let ja = try load("swiftfin/ja.strings")
    #expect(ja.lookup(key: "about", locale: "ja")?.value == "概要")
    #expect(ja.lookup(key: "about", locale: "ja")?.line == 627)

    // sed -n 541,543p home-assistant-ios/en.strings (grep -n puts the key on line 541): backslash-newline continuation lines become
    // newlines (CoreFoundation treats "\<LF>" as an escaped newline).
    //   "error.client_certificate.flow_failed" = "Client Certificate Authentication failed.\
    //   \
    //   %@";
    let ha = try load("home-assistant-ios/en.strings")
    let failed = try #require(ha.lookup(key: "error.client_certificate.flow_failed", locale: "en"))
    #expect(failed.value == "Client Certificate Authentication failed.\n\n%@")
    #expect(failed.line == 541)
    // grep -n '\\"' home-assistant-ios/en.strings → 65: "Automation \"%@\" failed to execute, please check your logs."
    #expect(ha.lookup(key: "app_intents.automations.failure_message.content", locale: "en")?.value
            == "Automation \"%@\" failed to execute, please check your logs.")
    #expect(ha.lookup(key: "app_intents.automations.failure_message.content", locale: "en")?.line == 65)

    // grep -n '^"connection.permission.internal_url.ignore.alert.title"' home-assistant-ios/he.strings
    //   471: "את\ה בטוח?" — an unknown escape "\ה" is read as "ה" with a warning, as CoreFoundation does.
    let heURL = Repository.corpusFile("home-assistant-ios/he.strings")
    let he = try StringsFile.load(contentsOf: heURL, locale: "he")
    let title = try #require(he.entries.first { $0.key == "connection.permission.internal_url.ignore.alert.title" })
    #expect(title.value == "אתה בטוח?")
    #expect(title.line == 471)
    // grep -c '\\ה' home-assistant-ios/he.strings → 2 lines; line 470 has two, 471 one: 3 warnings.
    #expect(he.warnings.filter { $0.message.hasPrefix("unknown escape") }.count == 3)
    #expect(he.warnings.contains { $0.line == 471 && $0.column == 62 })
}
