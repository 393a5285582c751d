import TestSupport
import Testing
@testable import Localization

@Test func pseudoLocaleAccentsAndExpands() {
    let p = PseudoLocale()
    // "Settings" has 8 characters; 40 % more: ceil(8 × 1.4) = ceil(11.2) = 12 inside the brackets:
    // "Šéţţîñĝš" (8) + " one" (4) = 12.
    #expect(p.transform("Settings") == "[Šéţţîñĝš one]")
    // Deterministic.
    #expect(p.transform("Settings") == p.transform("Settings"))
    // Specifiers, %#@var@, literal escapes, {placeholders} and <tags> stay intact.
    let t = p.transform("Hi %1$@, %d left%% \\n {name} <b>x</b> %#@files@")
    #expect(t.contains("%1$@") && t.contains("%d") && t.contains("%%") && t.contains("\\n")
            && t.contains("{name}") && t.contains("<b>") && t.contains("</b>") && t.contains("%#@files@"))
    #expect(t.hasPrefix("[Ĥî %1$@, %d ļéƒţ%% \\n {name} <b>ẋ</b> %#@files@"))
    // The accent table maps all 52 ASCII letters to distinct single characters.
    #expect(PseudoLocale.accents.count == 52)
    #expect(Set(PseudoLocale.accents.values).count == 52)
}

@Test(arguments: ["OK", "Settings", "Delete all downloaded episodes", String(repeating: "word ", count: 40)])
func pseudoLocaleExpansionRatio(_ text: String) {
    for ratio in [0.4, 0.3, 1.0] {
        let out = PseudoLocale(expansion: .fixed(ratio)).transform(text)
        let inner = out.count - 2
        let target = Int((Double(text.count) * (1 + ratio)).rounded(.up))
        #expect(inner == target)
        #expect(out.first == "[" && out.last == "]")
    }
    // IBM table lower bounds.
    #expect(PseudoLocale.Expansion.ibm.ratio(forLength: 2) == 1.0)
    #expect(PseudoLocale.Expansion.ibm.ratio(forLength: 15) == 0.8)
    #expect(PseudoLocale.Expansion.ibm.ratio(forLength: 200) == 0.3)
    // "OK" (2 chars) with IBM: +100 % → 4 inside the brackets: "ÖĶ" + " o".
    #expect(PseudoLocale(expansion: .ibm).transform("OK") == "[ÖĶ o]")
}

@Test func pseudoStringsFromTable() {
    let table = StringTable(entries: [
        LocalizedString(key: "k", locale: "en", value: "Done", file: "en.strings", line: 3),
    ])
    let pseudo = PseudoLocale().strings(from: table, locale: "en")
    // "Done": 4 chars → ceil(5.6) = 6: "Ðöñé" + " o".
    #expect(pseudo.map(\.value) == ["[Ðöñé o]"])
    #expect(pseudo.map(\.locale) == ["en-XA"])
    #expect(pseudo.first?.line == 3)
}

/// Over the corpus's English harbor strings (Tests/Fixtures/corpus/harbor/en.strings): the inner length is exactly ceil(n × 1.4) and the
/// format specifiers survive unchanged and in order.
@Test func pseudoLocaleOverCorpus() throws {
    let url = Repository.corpusFile("harbor/en.strings")
    let entries = try StringsFile.load(contentsOf: url, locale: "en").entries
    #expect(entries.count == 239) // grep -c '^"' harbor/en.strings
    let p = PseudoLocale()
    for e in entries {
        let out = p.transform(e.value)
        #expect(out.count - 2 == Int((Double(e.value.count) * 1.4).rounded(.up)), "\(e.key)")
        #expect(FormatSpecifiers.parse(out).map(\.text) == FormatSpecifiers.parse(e.value).map(\.text), "\(e.key)")
    }
}
