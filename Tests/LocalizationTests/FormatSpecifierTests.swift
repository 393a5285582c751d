import Testing
@testable import Localization

/// Substitution table. Expected samples follow the documented defaults: "Alexandra Johnson" for
/// objects/strings, "1,234" for integers, 1234.5678 printed by C printf with the given precision
/// then grouped (printf("%.1f", 1234.5678) = "1234.6"; "%f" = "1234.567800"), 1234 = 0x4d2 = 0o2322.
@Test(arguments: [
    ("Hello %@!", "Hello Alexandra Johnson!"),
    ("%1$@ and %2$@", "Alexandra Johnson and Alexandra Johnson"),
    ("%d %i %u %ld %lld %lu %llu", "1,234 1,234 1,234 1,234 1,234 1,234 1,234"),
    ("%f", "1,234.567800"),
    ("%.1f km", "1,234.6 km"),
    ("%2$.2f of %1$d", "1,234.57 of 1,234"),
    ("%s", "Alexandra Johnson"),
    ("100%%", "100%"),
    ("%x/%X/%o", "4d2/4D2/2322"),
    ("%c", "W"),
    ("%5d|%-7d|%07d", "1,234|1,234  |001,234"),
    ("50% off, 100% sure, 5 %", "50% off, 100% sure, 5 %"),
    ("%#@files@ stays", "%#@files@ stays"),
    ("trailing %", "trailing %"),
    ("%e", "1.234568e+03"),
])
func formatSubstitution(_ input: String, _ expected: String) {
    #expect(FormatSamples().substitute(input).text == expected)
}

@Test func formatSpecifierPositionsAndOverrides() {
    let specs = FormatSpecifiers.parse("%@ has %d of %2$d, %*d %%")
    #expect(specs.map(\.text) == ["%@", "%d", "%2$d", "%*d", "%%"])
    // Sequential positions 1, 2; explicit 2; `*` consumes 3, so %*d is 4; %% is 0.
    #expect(specs.map(\.position) == [1, 2, 2, 4, 0])
    #expect(specs.map(\.conversion) == ["@", "d", "d", "d", "%"])
    #expect(FormatSpecifiers.parse("%lld").first?.length == "ll")

    var samples = FormatSamples(byConversion: ["@": "Bo", "d": "7"], byPosition: [2: "999"])
    let r = samples.substitute("%1$@ sent %2$d photos to %3$@")
    // Position 2, written %2$d, takes the positional override; the objects take the type override.
    #expect(r.text == "Bo sent 999 photos to Bo")
    #expect(r.substitutions.map(\.replacement) == ["Bo", "999", "Bo"])
    #expect(r.substitutions.map(\.specifier.utf16Offset) == [0, 10, 25])
    // A plain %d is the second argument too, but it is not written positionally: it goes by type.
    #expect(samples.substitute("%@ sent %d photos to %@").text == "Bo sent 7 photos to Bo")
    samples.byPosition = [:]
    samples.groupFloats = false
    #expect(samples.substitute("%d, %.2f").text == "7, 1234.57")
}

/// Issue 11 point 5, the user's config: `formatSamples: { "%@": "Marin County", "%d": 12,
/// "%1$@": "640 m", "%2$d": 185 }`. Positional samples apply only where a string writes `%n$…`.
@Test func positionalSamplesApplyOnlyToPositionalSpecifiers() {
    let samples = FormatSamples(byConversion: ["@": "Marin County", "d": "12"], byPosition: [1: "640 m", 2: "185"])
    // Was "640 m · 185 km" and "640 m review".
    #expect(samples.substitute("%@ · %d km").text == "Marin County · 12 km")
    #expect(samples.substitute("%lld review").text == "12 review")
    // Where the string is positional, the positional samples apply (in the string's order).
    #expect(samples.substitute("%2$d km · %1$@").text == "185 km · 640 m")
    // Mixed: the positional one by position, the plain one by type.
    #expect(samples.substitute("%1$@ · %d").text == "640 m · 12")
}
