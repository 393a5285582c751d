import Testing
@testable import Localization

/// CLDR plural categories of whole numbers. The expected rows were printed by Babel 2.19's own
/// rule evaluator (`Locale.parse(loc).plural_form(n)`, an independent implementation over the same
/// CLDR 49 data), for the counts in `counts`; they also agree with the samples CLDR publishes in
/// its "Language Plural Rules" chart (e.g. Russian one: 1, 21, 101, 1001; few: 2–4, 22; many: 0,
/// 5–20, 100; Welsh: 0 zero, 1 one, 2 two, 3 few, 6 many).
@Suite struct PluralRulesTests {
    static let counts = [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 14, 19, 20, 21, 22, 25, 100, 101, 102, 103, 111, 1000,
                         1001, 1_000_000, 1221, 2_000_000]
    static let expected: [(String, String)] = [
        ("en", "other one other other other other other other other other other other other other other other other other other other other other other other other other other"),
        ("ru", "many one few few few many many many many many many many many many one few many many one few few many many one many one many"),
        ("pl", "many one few few few many many many many many many many many many many few many many many few few many many many many many many"),
        ("ar", "zero one two few few few few few few many many many many many many many many other other other few many other other other many other"),
        ("cy", "zero one two few other other many other other other other other other other other other other other other other other other other other other other other"),
        ("fr", "one one other other other other other other other other other other other other other other other other other other other other other other many other many"),
        ("pt", "one one other other other other other other other other other other other other other other other other other other other other other other many other many"),
        ("pt-PT", "other one other other other other other other other other other other other other other other other other other other other other other other many other many"),
        ("lt", "other one few few few few few few other other other other other other one few few other one few few other other one other one other"),
        ("br", "other one two few few other other other other other other other other other one two other other one two few other other one many one many"),
        ("gd", "other one two few few few few few few one two few few other other other other other other other other other other other other other other"),
        ("ja", "other other other other other other other other other other other other other other other other other other other other other other other other other other other"),
        ("he", "other one two other other other other other other other other other other other other other other other other other other other other other other other other"),
        ("sl", "other one two few few other other other other other other other other other other other other other one two few other other one other other other"),
        ("kw", "zero one two few other other other other other other other other other other many two other other many two few other two many other many other"),
        ("mt", "few one two few few few few few few many many many many other other other other other other other few many other other other other other"),
        ("es", "other one other other other other other other other other other other other other other other other other other other other other other other many other many"),
    ]

    @Test(arguments: expected)
    func categoriesMatchCLDR(locale: String, row: String) {
        let rules = PluralRules(locale: locale)
        let got = Self.counts.map { rules.category(of: $0).rawValue }.joined(separator: " ")
        #expect(got == row, "\(locale)")
    }

    @Test func regionalLocalesUseTheirLanguageUnlessCLDRSaysOtherwise() {
        #expect(PluralRules(locale: "en_GB").category(of: 1) == .one)
        #expect(PluralRules(locale: "pt-BR").category(of: 0) == .one)      // Brazilian: i = 0..1
        #expect(PluralRules(locale: "pt_PT").category(of: 0) == .other)    // European: i = 1 and v = 0
        #expect(PluralRules(locale: "zz").category(of: 1) == .other)       // unknown: no rule
    }

    @Test func countsThatSelectAForm() {
        let ru = PluralRules(locale: "ru")
        #expect(ru.count(selecting: .one, near: 45) == 41)     // 41 mod 10 = 1, 41 mod 100 = 41 ≠ 11
        #expect(ru.count(selecting: .few, near: 45) == 44)
        #expect(ru.count(selecting: .many, near: 45) == 45)
        #expect(ru.count(selecting: .one, near: 11) == 1)      // 11 is many; 1 is the nearest one below
        let en = PluralRules(locale: "en")
        #expect(en.count(selecting: .one, near: 1234) == 1)
        #expect(en.count(selecting: .other, near: 1234) == 1234)
        #expect(PluralRules(locale: "ar").count(selecting: .zero, near: 5) == 0)
        #expect(PluralRules(locale: "lt").count(selecting: .many, near: 5) == nil)   // fractions only
        #expect(PluralRules(locale: "cy").categories == [.zero, .one, .two, .few, .many, .other])
    }
}
