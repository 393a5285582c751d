import Foundation
import Testing
@testable import Localization

/// A realistic Localizable.stringsdict as Xcode writes it (XML plist, tabs), German.
/// Line numbers below are counted in this literal (line 1 = `<?xml`).
let stringsdictFixture = """
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>photos.count</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string>%#@photos@</string>
\t\t<key>photos</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<string>d</string>
\t\t\t<key>zero</key>
\t\t\t<string>Keine Fotos</string>
\t\t\t<key>one</key>
\t\t\t<string>Ein Foto</string>
\t\t\t<key>other</key>
\t\t\t<string>%d Fotos</string>
\t\t</dict>
\t</dict>
\t<key>files &amp; folders</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string>%#@files@ in %#@folders@</string>
\t\t<key>files</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<string>lld</string>
\t\t\t<key>one</key>
\t\t\t<string>%lld Datei</string>
\t\t\t<key>other</key>
\t\t\t<string>%lld Dateien</string>
\t\t</dict>
\t\t<key>folders</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<string>lld</string>
\t\t\t<key>one</key>
\t\t\t<string>einem Ordner</string>
\t\t\t<key>other</key>
\t\t\t<string>%lld Ordnern</string>
\t\t</dict>
\t</dict>
</dict>
</plist>
"""

@Test func stringsdictPluralVariants() throws {
    let r = try StringsDictFile.parse(Data(stringsdictFixture.utf8), file: "de.lproj/Localizable.stringsdict", locale: "de")
    // photos.count: 3 forms (zero, one, other) in CLDR order; key on line 5.
    let photos = r.entries.filter { $0.key == "photos.count" }
    #expect(photos.map(\.label) == ["photos.count[zero]", "photos.count[one]", "photos.count[other]"])
    #expect(photos.map(\.value) == ["Keine Fotos", "Ein Foto", "%d Fotos"])
    #expect(photos.allSatisfy { $0.line == 5 && $0.locale == "de" && $0.file == "de.lproj/Localizable.stringsdict" })
    // Two variables: 2 × 2 combinations, labelled by variable; key (XML-escaped &amp;) on line 23.
    let files = r.entries.filter { $0.key == "files & folders" }
    #expect(files.map(\.variant) == ["[files=one][folders=one]", "[files=one][folders=other]",
                                     "[files=other][folders=one]", "[files=other][folders=other]"])
    #expect(files.map(\.value) == ["%lld Datei in einem Ordner", "%lld Datei in %lld Ordnern",
                                   "%lld Dateien in einem Ordner", "%lld Dateien in %lld Ordnern"])
    #expect(files.allSatisfy { $0.line == 23 })
    #expect(r.entries.count == 7)
}

@Test func stringsdictErrors() throws {
    // Not a plist.
    #expect(throws: LocalizationError.self) {
        try StringsDictFile.parse(Data("nope".utf8), file: "x.stringsdict", locale: "en")
    }
    // Variable referenced but not defined: strict throws with the key's line; lenient skips.
    let broken = stringsdictFixture.replacingOccurrences(of: "%#@files@ in", with: "%#@file@ in")
    do {
        _ = try StringsDictFile.parse(Data(broken.utf8), file: "x.stringsdict", locale: "de")
        Issue.record("expected an error")
    } catch {
        #expect(error.description == "x.stringsdict:23:1: key \"files & folders\": format refers to %#@file@ but no such variable is defined")
    }
    let lenient = try StringsDictFile.parse(Data(broken.utf8), file: "x.stringsdict", locale: "de", mode: .lenient)
    #expect(lenient.entries.count == 3)
    #expect(lenient.warnings.count == 1)
}
