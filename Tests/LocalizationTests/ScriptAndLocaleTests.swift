import Testing
@testable import Localization

/// Short UI phrases ("learn more" and the like, per language) and code points
/// checked against the Unicode block chart.
@Test func dominantScripts() {
    #expect(ScriptProfile("Weiterlesen").dominant == .latin)
    #expect(ScriptProfile("Chia sẻ ảnh").dominant == .latin)       // Vietnamese: U+1EBB, U+1EA3 in Latin Extended Additional
    #expect(ScriptProfile("حسنًا").dominant == .arabic)   // includes U+064B fathatan (Arabic block)
    #expect(ScriptProfile("حسنًا").isRightToLeft)
    #expect(ScriptProfile("שיתוף תמונה").dominant == .hebrew)
    #expect(ScriptProfile("อ่านเพิ่มเติม").dominant == .thai)
    #expect(ScriptProfile("नक्शा खोलें").dominant == .devanagari)
    #expect(ScriptProfile("Подробнее").dominant == .cyrillic)
    #expect(ScriptProfile("한국어").dominant == .hangul)
    // Japanese: 地図 (Han ×2) を (Hiragana ×1) 開く (Han, Hiragana) → Han 3, Hiragana 2.
    let ja = ScriptProfile("地図を開く")
    #expect(ja.counts == [.han: 3, .hiragana: 2])
    #expect(ja.scripts == [.han, .hiragana])
    #expect(ScriptProfile("アルバム").dominant == .katakana)
    // Digits, punctuation and emoji are common: no dominant script.
    #expect(ScriptProfile("123 %@ — 😀").dominant == nil)
    // UBA P2: the first strong letter decides; Latin first → LTR even with Hebrew later.
    #expect(!ScriptProfile("Lantern לא זמין").isRightToLeft)
    #expect(ScriptProfile("%@ مكان").isRightToLeft)
    #expect(Script.of("\u{0301}") == .inherited)
}

@Test func localeIdentifiers() {
    #expect(LocaleID.normalize("en_US") == "en-US")
    #expect(LocaleID.normalize("EN-us") == "en-US")
    #expect(LocaleID.normalize("zh_hant_tw") == "zh-Hant-TW")
    #expect(LocaleID.normalize("es_419") == "es-419")
    #expect(LocaleID.normalize("base") == "Base")
    #expect(LocaleID.fallbackChain("zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
    #expect(LocaleID.isPlausible("hi-IN") && LocaleID.isPlausible("qps-ploc") && !LocaleID.isPlausible("Localizable"))
    #expect(LocaleID.isRightToLeft("ar") && LocaleID.isRightToLeft("he_IL") && !LocaleID.isRightToLeft("de"))
}

@Test func scriptTableIsSortedAndDisjoint() {
    // The binary search in Script.of needs ascending, non-overlapping ranges.
    for (a, b) in zip(Script.table, Script.table.dropFirst()) {
        #expect(a.0.upperBound < b.0.lowerBound, "\(a.0) overlaps or precedes \(b.0)")
    }
    // Every range boundary maps to its own script.
    for (range, script) in Script.table {
        if let lo = Unicode.Scalar(range.lowerBound) { #expect(Script.of(lo) == script) }
        if let hi = Unicode.Scalar(range.upperBound) { #expect(Script.of(hi) == script) }
    }
}
