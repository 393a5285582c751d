import Testing
@testable import DynamicType

/// Reference section D tables, transcribed: scale → dp at sp 8, 10, 12, 14, 18, 20, 24, 30, 100.
@Suite struct AndroidScalingTests {
    static let sp: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]
    static let published: [(Double, [Double])] = [
        (1.05, [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
        (1.1, [8.8, 11.0, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.2, [9.6, 12.0, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]
    static let inAllCopies: Set<Double> = [1.15, 1.3, 1.5, 1.8, 2.0]

    func nl(_ sp: Double, _ scale: Double, _ v: AndroidFontScaling.Variant = .vendor) -> Double {
        AndroidFontScaling.nonlinear(sp, fontScale: scale, variant: v)
    }

    @Test func everyPublishedScaleAndPoint() {
        for (scale, dps) in Self.published {
            for (sp, dp) in zip(Self.sp, dps) {
                #expect(close(nl(sp, scale), dp, 1e-6), "later \(scale) \(sp)")
                if Self.inAllCopies.contains(scale) {
                    #expect(close(nl(sp, scale, .aosp), dp, 1e-6), "early \(scale) \(sp)")
                    #expect(close(nl(sp, scale, .androidx), dp, 1e-6), "androidx \(scale) \(sp)")
                }
            }
        }
    }

    @Test func insideOneTable() {
        // 1.5: sp 16 lies between 14 → 22 and 18 → 24: 22 + (24 − 22) × (16 − 14)/(18 − 14) = 23.
        #expect(close(nl(16, 1.5), 23, 1e-9))
        // Below 8 sp from (0, 0): 2.0, sp 4 → 16 × 4/8 = 8; 1.3, sp 5 → 10.4 × 5/8 = 6.5.
        #expect(close(nl(4, 2.0), 8, 1e-9))
        #expect(close(nl(5, 1.3), 6.5, 1e-9))
        // Above 100 sp: ratio of the last pair, 100/100 → unchanged.
        #expect(close(nl(200, 2.0), 200, 1e-9))
        // 30…100 at 1.8: 34.8 + (100 − 34.8) × (50 − 30)/70 = 34.8 + 65.2 × 2/7 = 53.428571…
        #expect(close(nl(50, 1.8), 34.8 + 65.2 * 2 / 7, 1e-9))
        // Sign preserved.
        #expect(close(nl(-14, 1.5), -22, 1e-9))
    }

    @Test func betweenTables() {
        // 1.4: t = (1.4 − 1.3)/(1.5 − 1.3) = 0.5; sp 14: (18.8 + 22)/2 = 20.4; sp 8: (10.4 + 12)/2 = 11.2.
        #expect(close(nl(14, 1.4), 20.4, 1e-5))
        #expect(close(nl(8, 1.4), 11.2, 1e-5))
        // …and between points of the interpolated table: sp 16 → (20.4 + (21.6 + 24)/2)/2 = (20.4 + 22.8)/2 = 21.6.
        #expect(close(nl(16, 1.4), 21.6, 1e-5))
        // 1.9: t = 0.5 between 1.8 and 2.0; sp 12: (21.6 + 24)/2 = 22.8.
        #expect(close(nl(12, 1.9), 22.8, 1e-5))
        // 1.6 (early variant, same tables): t = (1.6 − 1.5)/(1.8 − 1.5) = 1/3; sp 14: 22 + (24.4 − 22)/3 = 22.8.
        #expect(close(nl(14, 1.6, .aosp), 22.8, 1e-5))
        // Above the largest table: linear. 2.2 × 14 = 30.8.
        #expect(close(nl(14, 2.2), 30.8, 1e-5))
    }

    @Test func thresholdsAndVariants() {
        // Key = (int)(100f × scale) in binary32: 1.05f = 1.04999995…, × 100 rounds to 104.99999237 → 104.
        #expect(AndroidFontScaling.key(1.05) == 104)
        #expect(AndroidFontScaling.key(1.15) == 115)
        #expect(AndroidFontScaling.key(1.3) == 130)
        // So the later platform's 1.05 table interpolates from 1.04: at 1.07, t = (1.07 − 1.04)/(1.10 − 1.04) = 0.5;
        // sp 14: (14.8 + 15.6)/2 = 15.2 (not 14.8 + 0.4 × 0.8 = 15.12).
        #expect(close(nl(14, 1.07), 15.2, 1e-4))
        // Below the first table but above the threshold (1.04 − 0.01 = 1.03): linear, 14 × 1.035 = 14.49.
        #expect(close(nl(14, 1.035), 14.49, 1e-9))
        // Scale ≤ 1: linear. 0.85 × 14 = 11.9.
        #expect(close(nl(14, 0.85), 11.9, 1e-9))
        #expect(close(nl(14, 1.0), 14, 1e-9))
        // Early Android 14 has no table below 1.15: 1.1 is linear, 14 × 1.1 = 15.4.
        #expect(close(nl(14, 1.1, .aosp), 15.4, 1e-9))
        // androidx interpolates from identity: 1.1 → t = (1.1 − 1)/(1.15 − 1) = 2/3; sp 14: 14 + (16.4 − 14) × 2/3 = 15.6,
        // sp 8: 8 + 1.2 × 2/3 = 8.8 (these happen to equal the platform's 1.1 table).
        #expect(close(nl(14, 1.1, .androidx), 15.6, 1e-5))
        #expect(close(nl(8, 1.1, .androidx), 8.8, 1e-5))
        // androidx at 1.05 (key 104, below the first table 1.15): t = (1.05 − 1)/(1.15 − 1) = 1/3; sp 14: 14 + 2.4/3 = 14.8.
        #expect(close(nl(14, 1.05, .androidx), 14.8, 1e-5))
        // androidx below 1.03: linear, 14 × 1.02 = 14.28.
        #expect(close(nl(14, 1.02, .androidx), 14.28, 1e-9))
    }

    @Test func categoryMappingAndModel() throws {
        // Default mapping: nearest Android 14 preset to body(c)/17:
        // 14/17 = .824 → .85; 15/17 = .882 → .85; 16/17 = .941 → 1.0; 1; 19/17 = 1.118 → 1.15; 21/17 = 1.235 → 1.3;
        // 23/17 = 1.353 → 1.3; 28/17 = 1.647 → 1.5 (.147 < .153); 33/17 = 1.941 → 2.0; 40, 47, 53 → 2.0.
        #expect(AndroidFontScaleMapping.nearestAndroid14Preset.scales == [0.85, 0.85, 1.0, 1.0, 1.15, 1.3, 1.3, 1.5, 2.0, 2.0, 2.0, 2.0])
        #expect(close(AndroidFontScaleMapping.iosBodyRatio.scale(at: .accessibilityExtraExtraExtraLarge), 53.0 / 17))
        // 14 sp with the default mapping, non-linear (later platform): 0.85 × 14 = 11.9 (linear below threshold), 14,
        // 1.15 → 16.4, 1.3 → 18.8, 1.5 → 22, 2.0 → 26.
        let m = AndroidScaling(spSize: 14)
        let got = m.allSizes().map(\.pointSize)
        let want: [Double] = [11.9, 11.9, 14, 14, 16.4, 18.8, 18.8, 22, 26, 26, 26, 26]
        for (g, w) in zip(got, want) { #expect(close(g, w, 1e-9)) }
        // Linear: 14 × 2.0 = 28 at AX5.
        #expect(AndroidScaling(spSize: 14, conversion: .linear).size(at: .accessibilityExtraExtraExtraLarge).pointSize == 28)
        #expect(throws: DynamicTypeError.self) { try AndroidFontScaleMapping(scales: [1, 2]) }
    }

    /// AOSP is the default. From AOSP's own source, not TypeFit:
    /// - aosp-mirror/platform_frameworks_base core/java/android/content/res/FontScaleConverterFactory.java
    ///   at 2d05430b (newest stored): tables only at lines 61, 71, 81, 91, 101 (1.15f, 1.3f, 1.5f, 1.8f, 2f);
    ///   line 110 `sMinScaleBeforeCurvesApplied = getScaleFromKey(sLookupTables.keyAt(0)) - 0.02f`.
    /// - the same file at 066094fa (early Android 14), line 100: `if (fontScale <= 1) { … return null; }`.
    /// - core/tests/coretests/src/android/content/res/FontScaleConverterFactoryTest.kt at 2d05430b, line 148:
    ///   `assertThat(FontScaleConverterFactory.forScale(1.1F)).isNull()`; lines 178–181:
    ///   `isNonLinearFontScalingActive` false at 1.02f and 1.10f, true at 1.15f and 1.1499999f.
    /// - The vendor tables 1.05, 1.1, 1.2 and `keyAt(0)) - 0.01f` are in 488315/android_samsung_frameworks_base
    ///   (same path, commit 34682dbc), not in AOSP.
    @Test func aospIsTheDefault() {
        #expect(AndroidScaling(spSize: 14).conversion == .nonlinear(.aosp))
        let t = AndroidFontScaling.Variant.aosp.threshold
        #expect(Float(1.02) < t && Float(1.10) < t && Float(1.1499999) >= t && Float(1.15) >= t)
        // forScale(1.1F) is null: no table, so 1.1 is linear: 14 sp × 1.1 = 15.4 dp (not the vendor's 15.6).
        #expect(AndroidFontScaling.effectiveTable(fontScale: 1.1, variant: .aosp) == nil)
        #expect(close(nl(14, 1.1, .aosp), 15.4, 1e-9))
        #expect(close(nl(14, 1.1, .vendor), 15.6, 1e-6))
        // Early Android 14 (`fontScale <= 1` → no curve) and later AOSP (from 1.15 − 0.02) agree on every size:
        // between 1.0 and 1.15 there is no lower table, so both use the linear table {1 → scale}.
        for scale in stride(from: 1.0, through: 1.15, by: 0.01) {
            #expect(close(nl(14, scale, .aosp), 14 * scale, 1e-9) || AndroidFontScaling.key(scale) >= 115, "\(scale)")
        }
    }
}
