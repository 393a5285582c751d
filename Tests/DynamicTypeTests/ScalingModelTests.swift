import Testing
@testable import DynamicType

@Suite struct ScalingModelTests {
    @Test func appleModelIsTheHIGTable() {
        // body at xxxL = 23/29, caption2 at AX5 = 40/48 (reference A).
        #expect(AppleScaling(style: .body).size(at: .extraExtraExtraLarge) == ScaledSize(pointSize: 23, lineHeight: 29))
        #expect(AppleScaling(style: .caption2).size(at: .accessibilityExtraExtraExtraLarge) == ScaledSize(pointSize: 40, lineHeight: 48))
    }

    /// Reference B: two published observations of UIFontMetrics(body).
    @Test func leadingRatioHypothesisReproducesTheObservations() {
        let at3x = UIFontMetricsScaling(pointSize: 17, style: .body, algorithm: .leadingRatioPixelRounded(scale: 3))
        // Jared Sinclair: scaledValue(for: 17) at .medium = 16.333…
        // 17 × 21/22 = 16.227; × 3 = 48.68 → 49 px → 49/3 = 16.333
        #expect(close(at3x.size(at: .medium).pointSize, 49.0 / 3))
        // SO 51243804: 17 pt at AX5 → 48 pt. 17 × 62/22 = 47.909; × 3 = 143.73 → 144 → 48
        #expect(at3x.size(at: .accessibilityExtraExtraExtraLarge).pointSize == 48)
        // @2x too: 47.909 × 2 = 95.82 → 96 → 48
        let at2x = UIFontMetricsScaling(pointSize: 17, algorithm: .leadingRatioPixelRounded(scale: 2))
        #expect(at2x.size(at: .accessibilityExtraExtraExtraLarge).pointSize == 48)
        #expect(at3x.size(at: .large).pointSize == 17)
        // The default algorithm is the hypothesis at @3x.
        #expect(UIFontMetricsScaling(pointSize: 17).size(at: .medium) == at3x.size(at: .medium))
        // No line height: it depends on the bound font.
        #expect(at3x.size(at: .medium).lineHeight == nil)
    }

    @Test func sizeRatioPredictsPlainRatios() {
        let m = UIFontMetricsScaling(pointSize: 17, style: .body, algorithm: .sizeRatio)
        #expect(m.size(at: .medium).pointSize == 16)                       // 17 × 16/17
        #expect(m.size(at: .accessibilityExtraExtraExtraLarge).pointSize == 53) // 17 × 53/17
        // A custom 20 pt along title3's curve: 20 × 26/20 at xxxL = 26; caption2 curve: 10 × 13/11 at xL.
        #expect(UIFontMetricsScaling(pointSize: 20, style: .title3, algorithm: .sizeRatio).size(at: .extraExtraExtraLarge).pointSize == 26)
        #expect(close(UIFontMetricsScaling(pointSize: 10, style: .caption2, algorithm: .sizeRatio).size(at: .extraLarge).pointSize, 130.0 / 11))
    }

    @Test func uiFontMetricsMaximumAndNonScalingStyles() {
        // 17 × 48/22 = 37.09 at AX3 (@3x: 111.27 → 111 → 37) then clamped to 30 from AX2 on (17 × 40/22 = 30.9 → 31 > 30).
        let m = UIFontMetricsScaling(pointSize: 17, maximumPointSize: 30)
        #expect(m.size(at: .accessibilityMedium).pointSize == 26.333333333333332) // 17×34/22 = 26.27; ×3 = 78.8 → 79 → 79/3
        #expect(m.size(at: .accessibilityLarge).pointSize == 30)
        #expect(m.size(at: .accessibilityExtraExtraExtraLarge).pointSize == 30)
        // extraLargeTitle has no curve: stays at the given size.
        #expect(UIFontMetricsScaling(pointSize: 40, style: .extraLargeTitle).size(at: .accessibilityExtraExtraExtraLarge).pointSize == 40)
    }

    @Test func stepping() {
        // TypographyKit rule: 18 + 2 × 1 × index, index −3…8 → 12, 14, …, 34 (reference F).
        let s = SteppingScaling(pointSize: 18)
        #expect(s.allSizes().map(\.pointSize) == [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34])
        // step 1.5 × multiplier 2 = 3 per index; min 10, max 30: 16 + 3i → 7→10, 10, 13, 16, 19, 22, 25, 28, 31→30, …
        let c = SteppingScaling(pointSize: 16, stepSize: 1.5, multiplier: 2, minimum: 10, maximum: 30)
        #expect(c.allSizes().map(\.pointSize) == [10, 10, 13, 16, 19, 22, 25, 28, 30, 30, 30, 30])
        // min > max: max wins (min applied first, then max): 18 − 6 = 12 → min 40 → 40 → max 20 → 20.
        let w = SteppingScaling(pointSize: 18, minimum: 40, maximum: 20)
        #expect(w.allSizes().map(\.pointSize) == Array(repeating: 20, count: 12))
        // Floats, not rounded: 17 + 0.75 × index.
        let f = SteppingScaling(pointSize: 17, stepSize: 0.75)
        #expect(f.size(at: .extraSmall).pointSize == 14.75)   // 17 − 2.25
        #expect(f.size(at: .accessibilityExtraExtraExtraLarge).pointSize == 23) // 17 + 6
    }

    @Test func fourPointInterpolation() {
        // (12, 17, 23, 40): S = 12 + 5/3 = 13.67 → 14, M = 12 + 10/3 = 15.33 → 15, L 17,
        // xL = 17 + 6/3 = 19, xxL = 21, xxxL 23, AX1…AX4 = 23 + 17k/5 = 26.4, 29.8, 33.2, 36.6 → 26, 30, 33, 37, AX5 40.
        let a = FourPointScaling(smallest: 12, normal: 17, maximumNormal: 23, maximumAccessibility: 40)
        #expect(a.allSizes().map(\.pointSize) == [12, 14, 15, 17, 19, 21, 23, 26, 30, 33, 37, 40])
        // Halves round away from zero: (10, 11.5, 14, 19): S = 10 + 1.5/3 = 10.5 → 11 (not 10), M = 11,
        // L = 11.5 → 12, xL = 11.5 + 2.5/3 = 12.33 → 12, xxL = 13.17 → 13, xxxL 14, AX1…AX5 = 15…19.
        let b = FourPointScaling(smallest: 10, normal: 11.5, maximumNormal: 14, maximumAccessibility: 19)
        #expect(b.allSizes().map(\.pointSize) == [10, 11, 11, 12, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(b.exactSize(at: .small) == 10.5)
        // Body-like (14, 17, 23, 53): S = 15, M = 16, xL = 19, xxL = 21, AX1…AX4 = 23 + 6k = 29, 35, 41, 47.
        let c = FourPointScaling(smallest: 14, normal: 17, maximumNormal: 23, maximumAccessibility: 53)
        #expect(c.allSizes().map(\.pointSize) == [14, 15, 16, 17, 19, 21, 23, 29, 35, 41, 47, 53])
    }

    @Test func tableModel() throws {
        let sizes = (0..<12).map { ScaledSize(pointSize: Double(10 + $0), lineHeight: Double(14 + $0)) }
        let t = try TableScaling(sizes: sizes)
        #expect(t.size(at: .accessibilityMedium) == ScaledSize(pointSize: 17, lineHeight: 21)) // position 7
        #expect(throws: DynamicTypeError.self) { try TableScaling(sizes: Array(sizes.prefix(11))) }
        do {
            _ = try TableScaling([.large: ScaledSize(pointSize: 17)])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("a size table is missing categories: xS, S, M, xL"))
        }
    }

    @Test func limitedWrapper() throws {
        let body = AppleScaling(style: .body)
        // Range ...xxxL: above xxxL the size of xxxL (23/29).
        let upTo = body.limited(categories: try CategoryRange(parsing: "...xxxL"))
        #expect(upTo.size(at: .accessibilityExtraExtraExtraLarge) == ScaledSize(pointSize: 23, lineHeight: 29))
        #expect(upTo.size(at: .small) == ScaledSize(pointSize: 15, lineHeight: 20))
        // Range M...: below M the size of M (16/21).
        #expect(body.limited(categories: try CategoryRange(parsing: "M...")).size(at: .extraSmall) == ScaledSize(pointSize: 16, lineHeight: 21))
        // maximum 40 at AX5: 53 → 40, line height scaled by 40/53: 62 × 40/53.
        let capped = body.limited(maximum: 40).size(at: .accessibilityExtraExtraExtraLarge)
        #expect(capped.pointSize == 40)
        #expect(close(capped.lineHeight ?? 0, 62.0 * 40 / 53))
        #expect(body.limited(minimum: 15).size(at: .extraSmall).pointSize == 15)
        #expect(body.limited(minimum: 30, maximum: 20).size(at: .large).pointSize == 20) // max wins
    }

    /// A system style's leading next to a font's line height: the leading comes from the HIG table
    /// (body at Large: 17/22); the font's line height is FontEngine's (FontMetricsTests).
    @Test func appleLeadingOfSystemStyles() {
        #expect(TextStyle.body.leading(at: .large) == 22)
        #expect(TextStyle.extraLargeTitle.leading(at: .large) == nil)
    }

    @Test func pixelRounding() {
        #expect(roundToPixel(16.227, scale: 3) == 49.0 / 3)
        #expect(roundToPixel(10.25, scale: 2) == 10.5) // 20.5 px → 21 (half away from zero)
        #expect(roundToPixel(10.3, scale: 0) == 10.3)
    }
}
