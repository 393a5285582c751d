import Foundation
import TestSupport
import Testing
@testable import Localization

/// Entry counts computed independently with the shell, over the repository's corpus
/// (Tests/Fixtures/corpus, written by make-corpus.py there):
///   UTF-8 (lantern, harbor):  `grep -c '^"' FILE`
///   UTF-16 (tidepool): `iconv -f UTF-16 -t UTF-8 FILE | grep -c '^"'`
/// (Every entry of these files starts its line with `"`; continuation lines of multi-line
/// values start with `\` or text, and `sort | uniq -d` on the keys found no duplicates.)
let corpusCounts: [String: Int] = [
    "lantern/ar.strings": 241, "lantern/de.strings": 239, "lantern/en-US.strings": 241,
    "lantern/fi.strings": 239, "lantern/he.strings": 239, "lantern/hi-IN.strings": 239,
    "lantern/ja.strings": 239, "lantern/th.strings": 240, "lantern/vi.strings": 239,
    "harbor/de.strings": 238, "harbor/en.strings": 239, "harbor/es.strings": 238,
    "harbor/fr.strings": 238, "harbor/he.strings": 240,
    "tidepool/ar.strings": 239, "tidepool/en.strings": 239, "tidepool/fi.strings": 239,
    "tidepool/he.strings": 239, "tidepool/ja.strings": 239, "tidepool/nl.strings": 239,
    "tidepool/vi.strings": 239,
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
    // 21 files; locales from file names.
    #expect(table.locales == ["ar", "de", "en", "en-US", "es", "fi", "fr", "he", "hi-IN", "ja", "nl", "th", "vi"])
    // Distinct (locale, key) pairs counted with:
    //   for f in */*.strings; do loc=$(basename $f .strings); (iconv -f UTF-16 -t UTF-8 $f for tidepool, else cat $f) \
    //     | grep '^"' | sed 's/^\("[^"]*"\).*/\1/' | sed "s/^/$loc /"; done | sort -u | wc -l   → 5022
    // (the plain sum of the per-file counts: 2156 lantern + 1193 harbor + 1673 tidepool = 5022; no key
    // repeats within a locale across the folders).
    #expect(table.entries.count == 5022)
    #expect(corpusCounts.values.reduce(0, +) == 5022)
    #expect(table.warnings.allSatisfy { $0.message.hasPrefix("unknown escape") })
    // The lantern folder alone: 9 files, every key distinct per locale → 2156 entries.
    let lantern = try StringTable.load(contentsOf: Repository.lanternStrings)
    #expect(lantern.entries.count == corpusCounts.filter { $0.key.hasPrefix("lantern/") }.values.reduce(0, +))
    #expect(lantern.entries.count == 2156)
}

/// Spot checks, each copied from the raw file with the command in the comment.
@Test func corpusSpotChecks() throws {
    func load(_ relative: String) throws -> StringTable {
        try StringTable.load(contentsOf: Repository.corpusFile(relative))
    }
    // grep -n -B1 '^"About.missionText"' lantern/en-US.strings
    //   1-/* About screen text */
    //   2:"About.missionText" = "%@ is made by a small team. We help you keep every walk in one place.";
    let en = try load("lantern/en-US.strings")
    let mission = try #require(en.lookup(key: "About.missionText", locale: "en_US"))
    #expect(mission.value == "%@ is made by a small team. We help you keep every walk in one place.")
    #expect(mission.line == 2)
    #expect(mission.comment == "About screen text")
    #expect(mission.locale == "en-US")

    // grep -n '"About.moreButton"' lantern/th.strings → 2: "อ่านเพิ่มเติม"
    let th = try load("lantern/th.strings")
    #expect(th.lookup(key: "About.moreButton", locale: "th")?.value == "อ่านเพิ่มเติม")
    #expect(th.lookup(key: "About.moreButton", locale: "th")?.line == 2)

    // grep -n '"About.missionText"' lantern/ar.strings → 2: the file has the literal text "u200f"
    // (an escape whose backslash was lost), kept as is.
    let ar = try load("lantern/ar.strings")
    // Written with scalar escapes (python: ''.join('\\u{%X}' % ord(c) ...)) because the value holds a
    // U+00A0 no-break space after "و".
    #expect(ar.lookup(key: "About.missionText", locale: "ar")?.value == "u200f%@ \u{645}\u{646} \u{635}\u{646}\u{639} \u{641}\u{631}\u{64A}\u{642} \u{635}\u{63A}\u{64A}\u{631}. \u{646}\u{633}\u{627}\u{639}\u{62F}\u{643} \u{639}\u{644}\u{649} \u{62D}\u{641}\u{638} \u{643}\u{644} \u{646}\u{632}\u{647}\u{629} \u{648}\u{A0}\u{645}\u{643}\u{627}\u{646}.")

    // iconv -f UTF-16 -t UTF-8 tidepool/en.strings | grep -n -B1 '^"moveNoteMap"'
    //   113-/// Move note into map
    //   114:"moveNoteMap" = "Move note into map";
    let tp = try load("tidepool/en.strings")
    let move = try #require(tp.lookup(key: "moveNoteMap", locale: "en"))
    #expect(move.value == "Move note into map")
    #expect(move.line == 114)
    #expect(move.comment == "Move note into map")
    // iconv -f UTF-16 -t UTF-8 tidepool/ja.strings | grep -n '^"aboutTitle"' → 478:"aboutTitle" = "概要";
    let ja = try load("tidepool/ja.strings")
    #expect(ja.lookup(key: "aboutTitle", locale: "ja")?.value == "概要")
    #expect(ja.lookup(key: "aboutTitle", locale: "ja")?.line == 478)

    // sed -n 219,221p harbor/en.strings: backslash-newline continuation lines become newlines
    // (CoreFoundation treats "\<LF>" as an escaped newline).
    //   "error.sync.offline_details" = "The harbor server did not answer.\
    //   \
    //   %@";
    let hb = try load("harbor/en.strings")
    let offline = try #require(hb.lookup(key: "error.sync.offline_details", locale: "en"))
    #expect(offline.value == "The harbor server did not answer.\n\n%@")
    #expect(offline.line == 219)
    // grep -n 'Link \\"note\\" with map' harbor/en.strings → 57: "Link \"note\" with map"
    #expect(hb.lookup(key: "shelf.link.note_map", locale: "en")?.value == "Link \"note\" with map")
    #expect(hb.lookup(key: "shelf.link.note_map", locale: "en")?.line == 57)

    // grep -n '^"error.sync.confirm_title"' harbor/he.strings
    //   230: "את\ה בטוח?" — an unknown escape "\ה" is read as "ה" with a warning, as CoreFoundation does.
    let heURL = Repository.corpusFile("harbor/he.strings")
    let he = try StringsFile.load(contentsOf: heURL, locale: "he")
    let title = try #require(he.entries.first { $0.key == "error.sync.confirm_title" })
    #expect(title.value == "אתה בטוח?")
    #expect(title.line == 230)
    // grep -c '\\ה' harbor/he.strings → 2 lines; line 229 has two, 230 one: 3 warnings. The one on
    // line 230 is at column 33: `"error.sync.confirm_title"` is 26 characters, ` = "` 4 more, "את" 2.
    #expect(he.warnings.filter { $0.message.hasPrefix("unknown escape") }.count == 3)
    #expect(he.warnings.contains { $0.line == 230 && $0.column == 33 })
}
