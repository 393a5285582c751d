import Testing
@testable import Localization

/// Samples from the bundled example (Examples/Wayfell/strings: Route.difficulty, Settings.title or
/// Map.title per language) and code points checked against the Unicode block chart.
@Test func dominantScripts() {
    #expect(ScriptProfile("Schwierigkeitsgrad").dominant == .latin)
    #expect(ScriptProfile("Độ khó").dominant == .latin)          // Vietnamese: U+1ED9 in Latin Extended Additional
    #expect(ScriptProfile("تجنّب المسارات").dominant == .arabic)   // includes U+0651 shadda (Arabic block)
    #expect(ScriptProfile("تجنّب المسارات").isRightToLeft)
    #expect(ScriptProfile("רמת קושי").dominant == .hebrew)
    #expect(ScriptProfile("ระดับความยาก").dominant == .thai)
    #expect(ScriptProfile("कठिनाई").dominant == .devanagari)
    #expect(ScriptProfile("Подробнее").dominant == .cyrillic)
    #expect(ScriptProfile("한국어").dominant == .hangul)
    // Japanese (ja.strings Settings.elevationProfileDetail): 地図 (Han ×2) の (Hiragana) 下 (Han)
    // に (Hiragana) 表示 (Han ×2) → Han 5, Hiragana 2.
    let ja = ScriptProfile("地図の下に表示")
    #expect(ja.counts == [.han: 5, .hiragana: 2])
    #expect(ja.scripts == [.han, .hiragana])
    #expect(ScriptProfile("カメラ").dominant == .katakana)
    // Digits, punctuation and emoji are common: no dominant script.
    #expect(ScriptProfile("123 %@ — 😀").dominant == nil)
    // UBA P2: the first strong letter decides; Latin first → LTR even with Hebrew later.
    #expect(!ScriptProfile("Home Assistant לא זמין").isRightToLeft)
    #expect(ScriptProfile("%@ يعرض").isRightToLeft)
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
