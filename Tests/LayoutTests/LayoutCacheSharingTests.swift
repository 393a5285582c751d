import FontEngine
import Foundation
import Testing
import TypeFit
@testable import Layout
import TypeFitSupport

/// Counts the advances a `LocaleFont` asks of the font it shares.
final class AdvanceCounter: @unchecked Sendable {
    var count = 0
}

/// FakeFont's measurements (shared through `measurementIdentity`) with line breaks of its own
/// "locale": with `breaksAtHyphens` false it breaks only after spaces (and "\n"), as a locale
/// whose rules keep "well-known" together would.
final class LocaleFont: TextMeasuring, @unchecked Sendable {
    let base: FakeFont
    let breaksAtHyphens: Bool
    let counter: AdvanceCounter
    init(_ base: FakeFont, breaksAtHyphens: Bool, counter: AdvanceCounter) {
        self.base = base
        self.breaksAtHyphens = breaksAtHyphens
        self.counter = counter
    }
    var unitsPerEm: Double { base.unitsPerEm }
    var lineMetrics: LineMetrics { base.lineMetrics }
    var measurementIdentity: AnyObject { base }
    func advance(of text: Substring) -> Double {
        counter.count += 1
        return base.advance(of: text)
    }
    func clusterCount(of text: Substring) -> Int { base.clusterCount(of: text) }
    func inkBox(of text: Substring) -> InkBox? { base.inkBox(of: text) }
    func lineBreaks(in text: String) -> [LineBreakOpportunity] {
        let all = base.lineBreaks(in: text)
        guard !breaksAtHyphens else { return all }
        let utf16 = Array(text.utf16)
        return all.filter { $0.offset == utf16.count || $0.isHard || utf16[$0.offset - 1] != UInt16(UInt8(ascii: "-")) }
    }
}

/// A `LayoutCache` keeps one text's measurements for every measurer of one `measurementIdentity`
/// (an audit's locales of one font) and hands a finished layout to another of them only where the
/// line breaks agree (untranslated texts recur in every locale).
@Suite struct LayoutCacheSharingTests {
    /// "well-known words" in FakeFont at 10 pt (5 pt per cluster) in 40 pt (8 clusters):
    /// - breaking after "-" and " ": "well-" (25 pt), "well-known" is 50 pt > 40 → line 1 "well-";
    ///   "known words" is 55 pt > 40 → "known", then "words";
    /// - breaking after " " only: the first segment "well-known " (50 pt visible) is wider than the
    ///   line, so it breaks by clusters: "well-kno" (8 × 5 = 40 pt), then "wn words" (40 pt).
    @Test func layoutsAreSharedOnlyWhereLineBreaksAgree() {
        let base = FakeFont()
        let counter = AdvanceCounter()
        let cache = LayoutCache()
        func layout(_ font: LocaleFont) -> [String] {
            var style = LabelStyle(font: font, pointSize: 10, lineBreakMode: .wordWrap)
            style.cache = cache
            return style.layout("well-known words", width: 40).lines.map(\.text)
        }
        let hyphens = LocaleFont(base, breaksAtHyphens: true, counter: counter)
        #expect(layout(hyphens) == ["well-", "known", "words"])
        let measured = counter.count
        #expect(measured > 0)
        // Another measurer of the same identity with the same breaks: the finished layout, nothing measured.
        #expect(layout(LocaleFont(base, breaksAtHyphens: true, counter: counter)) == ["well-", "known", "words"])
        #expect(counter.count == measured)
        // Other breaks: laid out again, its own lines.
        let spaces = LocaleFont(base, breaksAtHyphens: false, counter: counter)
        #expect(layout(spaces) == ["well-kno", "wn words"])
        #expect(cache.count == 1)
        // The other order gives the same lines, and so does each measurer alone without a cache.
        let other = LayoutCache()
        for (font, lines) in [(spaces, ["well-kno", "wn words"]), (hyphens, ["well-", "known", "words"])] {
            var style = LabelStyle(font: font, pointSize: 10, lineBreakMode: .wordWrap)
            style.cache = other
            #expect(style.layout("well-known words", width: 40).lines.map(\.text) == lines)
            style.cache = nil
            style.fastPaths = false
            #expect(style.layout("well-known words", width: 40).lines.map(\.text) == lines)
        }
    }

    /// A layout depends on every property of the label: a cached layout is not handed to a label
    /// that differs in any of them (each compared with the same label laid out without a cache).
    @Test func everyLabelPropertyIsPartOfTheKey() {
        let font = FakeFont(kerning: ["ab": -100])
        let cache = LayoutCache()
        let text = "ab cd-ef gh ij"
        var variants: [LabelStyle] = []
        let plain = LabelStyle(font: font, pointSize: 10, numberOfLines: 2, lineBreakMode: .truncateTail)
        variants.append(plain)
        var v = plain; v.pointSize = 12; variants.append(v)
        v = plain; v.lineHeight = 20; variants.append(v)
        v = plain; v.numberOfLines = 1; variants.append(v)
        v = plain; v.lineBreakMode = .truncateMiddle; variants.append(v)
        v = plain; v.letterSpacing = 1; variants.append(v)
        v = plain; v.lineHeightMultiple = 1.5; variants.append(v)
        v = plain; v.minimumLineHeight = 14; variants.append(v)
        v = plain; v.maximumLineHeight = 8; variants.append(v)
        v = plain; v.adjustsFontSizeToFitWidth = true; v.minimumScaleFactor = 0.5; variants.append(v)
        v = plain; v.adjustsFontSizeToFitWidth = true; v.minimumScaleFactor = 0.8; variants.append(v)
        v = plain; v.heightRounding = .point; variants.append(v)
        v = plain; v.lineHeightFonts = .labelFont; variants.append(v)
        var seen: [LabelLayout] = []
        for width in [33.0, 47] {
            for scale in [2.0, 3] {
                for var style in variants {
                    style.cache = cache
                    let cached = style.layout(text, width: width, scale: scale)
                    style.cache = nil
                    style.fastPaths = false
                    #expect(cached == style.layout(text, width: width, scale: scale))
                    seen.append(cached)
                }
            }
        }
        // The variants do lay out differently (so a shared entry would have been caught).
        #expect(Set(seen.map { "\($0)" }).count > variants.count)
    }

    /// Real fonts: a cascade's locale variants share its measurements (`measurementIdentity`),
    /// break lines by their own locale (ICU, as an `EngineMeasurer` with that break locale does),
    /// and a cache shared by them gives every variant the layouts it gives alone, without a cache.
    @Test func cascadeLocaleVariantsShareMeasurementsNotBreaks() throws {
        let t = LayoutFastPathTests()
        let cascade = try t.cascade()
        let variants = ["en", "de", "ja", "fi"].map { cascade.breakingLines(as: $0) }
        let texts = LayoutFastPathTests.realTexts + ["Wi-Fi-Einstellungen ändern", "ネットワーク設定（Wi-Fi）を確認してください。"]
        for (variant, locale) in zip(variants, ["en", "de", "ja", "fi"]) {
            #expect(variant.measurementIdentity === cascade.measurementIdentity)
            #expect(variant.breakLocale == locale)
            let alone = try t.engine("Fonts/Inter/Inter-Regular.otf")
            let reference = try EngineMeasurer(face: alone.face, breakLocale: locale)
            for text in texts { #expect(variant.lineBreaks(in: text) == reference.lineBreaks(in: text), "\(locale) \(text)") }
        }
        let cache = LayoutCache()
        let slowCascade = try t.cascade()
        for text in texts {
            for size in [11.0, 17, 40] {
                for width in [61.0, 150, 288] {
                    for variant in variants {
                        var style = LabelStyle(font: variant, pointSize: size, numberOfLines: 2)
                        style.cache = cache
                        let shared = style.layout(text, width: width, scale: 3)
                        var slow = LabelStyle(font: slowCascade.breakingLines(as: variant.breakLocale),
                                              pointSize: size, numberOfLines: 2)
                        slow.fastPaths = false
                        #expect(shared == slow.layout(text, width: width, scale: 3), "\(text) \(size) \(width)")
                    }
                }
            }
        }
        #expect(cache.count == texts.count)
    }
}
