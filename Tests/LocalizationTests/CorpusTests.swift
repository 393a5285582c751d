import Foundation
import TestSupport
import Testing
@testable import Localization

/// Entry counts computed independently with the shell, over the repository's corpus
/// (Tests/Fixtures/corpus, and Examples/Wayfell/strings for wayfell):
///   UTF-8:  `grep -c '^"' FILE`
///   UTF-16 (swiftfin): `iconv -f UTF-16 -t UTF-8 FILE | grep -c '^"'`
/// (Every entry of these files starts its line with `"`; continuation lines of multi-line
/// values start with `\` or text, and `sort | uniq -d` on the keys found no duplicates.)
let corpusCounts: [String: Int] = [
    "wayfell/ar.strings": 22, "wayfell/de.strings": 24,
    "wayfell/en-US.strings": 24, "wayfell/fi.strings": 24,
    "wayfell/he.strings": 24, "wayfell/hi.strings": 24,
    "wayfell/ja.strings": 24, "wayfell/th.strings": 24,
    "wayfell/vi.strings": 24,
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
    #expect(corpusCounts.filter { !$0.key.hasPrefix("wayfell/") }.values.reduce(0, +) == 3022)
    #expect(table.warnings.allSatisfy { $0.message.hasPrefix("unknown escape") })
    // The bundled example's folder alone: 9 files, every key distinct per locale → 8 × 24 + 22 = 214
    // entries (Arabic leaves out Settings.exportTracks and Route.conditionsHeader).
    let example = try StringTable.load(contentsOf: Repository.exampleStrings)
    #expect(example.entries.count == corpusCounts.filter { $0.key.hasPrefix("wayfell/") }.values.reduce(0, +))
    #expect(example.entries.count == 214)
}

/// Spot checks, each copied from the raw file with the command in the comment.
@Test func corpusSpotChecks() throws {
    func load(_ relative: String) throws -> StringTable {
        try StringTable.load(contentsOf: Repository.corpusFile(relative))
    }
    // grep -n -B1 '^"Map.legal"' wayfell/en-US.strings
    //   70-/* Fine print under the map; %@ is the app's name */
    //   71:"Map.legal" = "%@ shows map data for planning only. Check local conditions before you set out.";
    let en = try load("wayfell/en-US.strings")
    let legal = try #require(en.lookup(key: "Map.legal", locale: "en_US"))
    #expect(legal.value == "%@ shows map data for planning only. Check local conditions before you set out.")
    #expect(legal.line == 71)
    #expect(legal.comment == "Fine print under the map; %@ is the app's name")
    #expect(legal.locale == "en-US")

    // grep -n '"Settings.title"' wayfell/th.strings → 2: "การตั้งค่า"
    let th = try load("wayfell/th.strings")
    #expect(th.lookup(key: "Settings.title", locale: "th")?.value == "การตั้งค่า")
    #expect(th.lookup(key: "Settings.title", locale: "th")?.line == 2)

    // grep -n '"Map.legal"' wayfell/ar.strings | od -c → 65: the value starts with a literal U+200F
    // right-to-left mark (bytes 342 200 217) before "%@".
    let ar = try load("wayfell/ar.strings")
    // Written with scalar escapes (python: ''.join('\\u{%X}' % ord(c) ...)).
    #expect(ar.lookup(key: "Map.legal", locale: "ar")?.value == "\u{200F}%@ \u{64A}\u{639}\u{631}\u{636} \u{628}\u{64A}\u{627}\u{646}\u{627}\u{62A} \u{627}\u{644}\u{62E}\u{631}\u{627}\u{626}\u{637} \u{644}\u{644}\u{62A}\u{62E}\u{637}\u{64A}\u{637} \u{641}\u{642}\u{637}. \u{62A}\u{62D}\u{642}\u{651}\u{642} \u{645}\u{646} \u{627}\u{644}\u{638}\u{631}\u{648}\u{641} \u{627}\u{644}\u{645}\u{62D}\u{644}\u{64A}\u{629} \u{642}\u{628}\u{644} \u{627}\u{644}\u{627}\u{646}\u{637}\u{644}\u{627}\u{642}.")
    #expect(ar.lookup(key: "Map.legal", locale: "ar")?.line == 65)

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
