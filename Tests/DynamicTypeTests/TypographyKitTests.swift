import Foundation
import Testing
@testable import DynamicType

/// TypographyKit's own example configs (Tests/DynamicTypeTests/Fixtures/typographykit/, MIT), read unchanged.
@Suite struct TypographyKitTests {
    /// A colour from 0…255 components (hex pairs read by hand, e.g. "AB" = 171).
    func rgb255(_ r: Double, _ g: Double, _ b: Double) -> TypographyKitColor {
        .rgba(red: r / 255, green: g / 255, blue: b / 255, alpha: 1)
    }

    func exampleJSON() throws -> TypographyKitConfig { try .parse(json: try sharedFile("typographykit/TypographyKit.json")) }
    func examplePlist() throws -> TypographyKitConfig { try .parse(propertyList: try sharedFile("typographykit/TypographyKit.plist")) }

    func sizes(_ config: TypographyKitConfig, _ style: String, mode: TypographyKitScalingMode? = nil,
               algorithm: UIFontMetricsScaling.Algorithm = .default) throws -> [Double] {
        try #require(config.scaling(forStyle: style, mode: mode, algorithm: algorithm)).allSizes().map(\.pointSize)
    }

    func expectClose(_ got: [Double], _ want: [Double], _ note: String) {
        #expect(got.count == 12)
        for (i, (g, w)) in zip(got, want).enumerated() {
            #expect(close(g, w, 1e-9), "\(note) at \(ContentSizeCategory.allCases[i].shortName): \(g) vs \(w)")
        }
    }

    @Test func jsonSettingsAndStyles() throws {
        let c = try exampleJSON()
        #expect(c.settings.pointStepSize == 2 && c.settings.pointStepMultiplier == 1)
        #expect(c.settings.minimumPointSize == 10 && c.settings.maximumPointSize == 100)
        #expect(c.settings.scalingMode == .uifontmetricsWithFallback)
        #expect(c.settings.shouldUseDevelopmentColors == true && c.settings.developmentColor == "red")
        #expect(c.settings.labelLineBreakMode == nil) // only the documented-but-unparsed "line-break" is present
        #expect(c.styles.keys.sorted() == ["example", "heading", "interactive-text", "paragraph"])
        let p = try #require(c.styles["paragraph"])
        #expect(p.fontName == .named("Avenir-Medium") && p.pointSize == 18)
        #expect(p.minimumPointSize == 12 && p.maximumPointSize == 34 && p.letterCase == .regular && p.textColor == "text")
        #expect(c.styles["example"]?.fontName == .system(weight: .bold, italic: false, monospacedDigits: false))
        // interactive-text extends paragraph: inherits font, size, clamps, case; own colour.
        let i = try #require(c.styles["interactive-text"])
        #expect(i.pointSize == 18 && i.minimumPointSize == 12 && i.maximumPointSize == 34)
        #expect(i.fontName == .named("Avenir-Medium") && i.letterCase == .regular && i.textColor == "interactive")
        #expect(c.warnings.contains { $0.description.hasPrefix("typography-kit.labels.line-break: the documented key is not the one TypographyKit parses") })
    }

    @Test func jsonColors() throws {
        let c = try exampleJSON()
        // "#FFAB01" → 255/255, 171/255, 1/255; "#08224CFF" → 8, 34, 76, alpha 255.
        #expect(c.colors["gold"] == rgb255(255, 171, 1))
        let royal = rgb255(8, 34, 76)
        #expect(c.colors["royal-blue"] == royal)
        #expect(c.colors["interactive"] == .shade("lightest", .named("purple")))
        #expect(c.colors["background"] == .dynamic(light: .shade("lightest", .named("gray")), dark: .shade("dark", royal)))
        let text = TypographyKitColor.dynamic(light: .named("black"), dark: .shade("lightest", .named("gray")))
        #expect(c.colors["text"] == text)
        #expect(c.colors["text-dark"] == .shade("darker", text)) // "text darker": shade of a key
    }

    /// uifontmetrics-with-fallback (the example's mode) = UIFontMetrics.default = BODY leading curve
    /// (default algorithm, @3x), clamped to [min, max] with the style's own min/max over the global 10/100.
    @Test func jsonScaledAcrossAllCategories() throws {
        let c = try exampleJSON()
        // paragraph 18, clamps [12, 34]: 18 × bodyLeading/22, ×3, rounded, /3:
        // 18·19/22 = 15.545 → 46.64 → 47; 18·20/22 = 16.364 → 49.09 → 49; 18·21/22 = 17.182 → 51.55 → 52; 18;
        // 18·24/22 = 19.636 → 58.91 → 59; 18·26/22 = 21.273 → 63.82 → 64; 18·29/22 = 23.727 → 71.18 → 71;
        // 18·34/22 = 27.818 → 83.45 → 83; 18·40/22 = 32.727 → 98.18 → 98; 18·48/22 = 39.3 > 34 → 34; then 34, 34.
        let paragraph: [Double] = [47.0 / 3, 49.0 / 3, 52.0 / 3, 18, 59.0 / 3, 64.0 / 3, 71.0 / 3, 83.0 / 3, 98.0 / 3, 34, 34, 34]
        expectClose(try sizes(c, "paragraph"), paragraph, "paragraph")
        expectClose(try sizes(c, "interactive-text"), paragraph, "interactive-text")
        // heading 36, global clamps [10, 100]: 36·19/22 = 31.09 → 93.27 → 93; 36·20/22 = 32.73 → 98.18 → 98;
        // 36·21/22 = 34.36 → 103.09 → 103; 36; 36·24/22 = 39.27 → 117.8 → 118; 36·26/22 = 42.55 → 127.6 → 128;
        // 36·29/22 = 47.45 → 142.4 → 142; 36·34/22 = 55.64 → 166.9 → 167; 36·40/22 = 65.45 → 196.4 → 196;
        // 36·48/22 = 78.55 → 235.6 → 236; 36·56/22 = 91.64 → 274.9 → 275; 36·62/22 = 101.45 > 100 → 100.
        let heading: [Double] = [31, 98.0 / 3, 103.0 / 3, 36, 118.0 / 3, 128.0 / 3, 142.0 / 3, 167.0 / 3, 196.0 / 3, 236.0 / 3, 275.0 / 3, 100]
        expectClose(try sizes(c, "heading"), heading, "heading")
        // example 16 (body curve although it is a System-Bold font): 16·19/22 = 13.82 → 41.45 → 41; 16·20/22 = 14.55 → 43.6 → 44;
        // 15.27 → 45.8 → 46; 16; 17.45 → 52.4 → 52; 18.91 → 56.7 → 57; 21.09 → 63.3 → 63; 24.73 → 74.2 → 74;
        // 29.09 → 87.3 → 87; 34.91 → 104.7 → 105; 40.73 → 122.2 → 122; 45.09 → 135.3 → 135.
        let sixteen: [Double] = [41.0 / 3, 44.0 / 3, 46.0 / 3, 16, 52.0 / 3, 19, 21, 74.0 / 3, 29, 35, 122.0 / 3, 45]
        expectClose(try sizes(c, "example"), sixteen, "example")
        // With the plain size ratio: paragraph 18·body/17 = 14.82, 15.88, 16.94, 18, 20.12, 22.24, 24.35, 29.65, 34.9→34, 34…
        let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let ratio: [Double] = bodySizes.map { min(18 * $0 / 17, 34) }
        expectClose(try sizes(c, "paragraph", algorithm: .sizeRatio), ratio, "paragraph size-ratio")
        // Stepping: 18 + 2 × 1 × index (−3…8) clamped to [12, 34] = 12, 14, …, 34.
        expectClose(try sizes(c, "paragraph", mode: .stepping), [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34], "paragraph stepping")
        // heading stepping: 36 + 2i = 30 … 52 (inside [10, 100]).
        expectClose(try sizes(c, "heading", mode: .stepping), (-3...8).map { 36 + 2 * Double($0) }, "heading stepping")
        // disabled: point-size as is.
        expectClose(try sizes(c, "heading", mode: .disabled), Array(repeating: 36, count: 12), "heading disabled")
    }

    @Test func uifontmetricsBelowMinimumGivesTheMinimum() {
        // 12 pt body curve, minimum 11: at xS 12·19/22 = 10.36 → 31.09 → 31/3 = 10.333 < 11 → 11.
        let m = TypographyKitScaling(mode: .uifontmetrics, pointSize: 12, minimum: 11)
        #expect(m.size(at: .extraSmall).pointSize == 11)
        #expect(close(m.size(at: .small).pointSize, 11)) // 12·20/22 = 10.91 → 32.7 → 33/3 = 11
        #expect(TypographyKitScaling(mode: .uifontmetricsWithFallback, pointSize: 12, minimum: 11).allSizes()
                == m.allSizes())
    }

    @Test func plistExample() throws {
        let c = try examplePlist()
        // Plist booleans and numbers are told apart too.
        let plist = "<plist><dict><key>typography-kit</key><dict><key>is-development</key><true/><key>point-step-size</key><real>1.5</real></dict></dict></plist>"
        let flags = try TypographyKitConfig.parse(propertyList: Data(plist.utf8))
        #expect(flags.settings.isDevelopment == true && flags.settings.pointStepSize == 1.5)
        #expect(c.settings.minimumPointSize == nil && c.settings.maximumPointSize == nil)
        #expect(c.colors["text"] == rgb255(255, 171, 1)) // "gold" → #FFAB01
        #expect(c.colors["background"] == .shade("dark", rgb255(8, 34, 76)))
        // paragraph 16, no clamps, body curve: same arithmetic as "example" above.
        let sixteen: [Double] = [41.0 / 3, 44.0 / 3, 46.0 / 3, 16, 52.0 / 3, 19, 21, 74.0 / 3, 29, 35, 122.0 / 3, 45]
        expectClose(try sizes(c, "paragraph"), sixteen, "plist paragraph")
        // stepping: 16 + 2i = 10 … 32.
        expectClose(try sizes(c, "interactive-text", mode: .stepping), (-3...8).map { 16 + 2 * Double($0) }, "plist stepping")
        // heading 36, no max: AX5 36·62/22 = 101.45 → 304.4 → 304/3.
        #expect(close(try sizes(c, "heading")[11], 304.0 / 3))
    }

    func error(_ json: String) -> String? {
        do {
            _ = try TypographyKitConfig.parse(json: Data(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// A JSON syntax error names line:column: line 3 `    "point-size": 18` lacks
    /// its comma, so line 4 `    "maximum-point-size": 30` is wrong at its `"`, column 5.
    @Test func jsonSyntaxErrorNamesLineAndColumn() {
        let json = "{\"ui-font-text-styles\": {\n  \"paragraph\": {\n    \"point-size\": 18\n    \"maximum-point-size\": 30\n  }\n}}\n"
        #expect(error(json) == "4:5: not valid JSON: expected ',' or '}' after a value, found '\"'")
    }

    @Test func errorsNameTheKeyPath() {
        #expect(error(#"{"ui-font-text-styles": {"paragraph": {"point-size": "big"}}}"#)
                == #"ui-font-text-styles.paragraph.point-size: expected a number, got "big""#)
        // An unknown scaling-mode is read (a warning; TypographyKitFidelityTests); a wrong type is not.
        #expect(error(#"{"typography-kit": {"scaling-mode": "fast"}}"#) == nil)
        #expect(error(#"{"typography-kit": {"scaling-mode": 3}}"#) == "typography-kit.scaling-mode: expected a string, got 3")
        #expect(error(##"{"typography-colors": {"a": "#12345"}}"##)
                == ##"typography-colors.a: invalid hex colour "#12345" (use #RGB, #RRGGBB or #RRGGBBAA)"##)
        #expect(error(#"{"typography-colors": {"a": "rgb(300,0,0)"}}"#)?.hasPrefix(#"typography-colors.a: invalid rgb colour "rgb(300,0,0)""#) == true)
        #expect(error(#"{"typography-colors": {"a": "b", "b": "light a"}}"#) == "typography-colors.a: colour reference cycle: a → b → a")
        #expect(error(#"{"typography-colors": {"a": {"dark": "red"}}}"#) == #"typography-colors.a: a light/dark colour needs a "light" value"#)
        #expect(error(#"{"ui-font-text-styles": {"x": {"letter-case": "sponge"}}}"#)?.hasPrefix(#"ui-font-text-styles.x.letter-case: unknown letter-case "sponge""#) == true)
        #expect(error(#"{"ui-font-text-styles": {"x": {"font-name": "System-Fat"}}}"#)?.hasPrefix(#"ui-font-text-styles.x.font-name: unknown font weight "Fat""#) == true)
        #expect(error(#"{"ui-font-text-styles": {"p": {"point-size": true}}}"#) == "ui-font-text-styles.p.point-size: expected a number, got true")
        #expect(error(#"{"typography-kit": {"is-development": 1}}"#) == "typography-kit.is-development: expected true or false, got 1")
        #expect(error("[1]") == "expected a dictionary at the top level, got an array")
        #expect(error("{") != nil)
    }

    @Test func extendsDropsStylesLikeTypographyKit() throws {
        // TypographyKit reads these files and drops the styles (FontTextStyleParser.swift, see
        // TypographyKitFidelityTests); TypeFit warns instead of refusing the file.
        func dropped(_ json: String) throws -> (kept: [String], dropped: [String], warnings: [String]) {
            let c = try TypographyKitConfig.parse(json: Data(json.utf8))
            return (c.styles.keys.sorted(), c.droppedStyles.sorted(), c.warnings.filter { $0.code == .droppedStyle }.map(\.description))
        }
        let three = try dropped(#"{"ui-font-text-styles": {"a": {"extends": "b"}, "b": {"extends": "c"}, "c": {"extends": "a"}, "d": {"point-size": 9}}}"#)
        #expect(three.kept == ["d"] && three.dropped == ["a", "b", "c"])
        #expect(three.warnings == ["ui-font-text-styles.a.extends: extends cycle: a → b → c → a; TypographyKit drops this style",
                                   "ui-font-text-styles.b.extends: extends cycle: b → c → a → b; TypographyKit drops this style",
                                   "ui-font-text-styles.c.extends: extends cycle: c → a → b → c; TypographyKit drops this style"])
        let selfCycle = try dropped(#"{"ui-font-text-styles": {"a": {"extends": "a"}}}"#)
        #expect(selfCycle.warnings == ["ui-font-text-styles.a.extends: extends cycle: a → a; TypographyKit drops this style"])
        let unknown = try dropped(#"{"ui-font-text-styles": {"a": {"extends": "zz"}, "b": {"extends": "a"}, "c": {"point-size": 9, "font-name": "X"}}}"#)
        #expect(unknown.kept == ["c"] && unknown.dropped == ["a", "b"])
        #expect(unknown.warnings == [#"ui-font-text-styles.a.extends: extends unknown style "zz"; TypographyKit drops this style (styles: a, b, c)"#,
                                     #"ui-font-text-styles.b.extends: extends "a", which TypographyKit drops; so it drops this style too"#])
    }

    @Test func quirkWarnings() throws {
        let json = #"""
        {"typography-kit": {"point-step-sise": 3, "labels": {"line-break-mode": "clip"}},
         "ui-font-text-styles": {
           "base": {"point-size": 14, "letter-spacing": 1.5, "font-name": "MonospacedDigitSystem-semi-bold", "letter-case": "train"},
           "child": {"extends": "base", "letter-spacing": 2},
           "kid": {"extends": "base", "point-size": 20},
           "tight": {"point-size": 12, "letter-spacing": -0.5, "colour": "red", "text-color": "bluish"}
         }}
        """#
        let c = try TypographyKitConfig.parse(json: Data(json.utf8))
        #expect(c.settings.labelLineBreakMode == "clip")
        #expect(c.settings.pointStepSize == 2) // misspelt key ignored
        #expect(c.styles["base"]?.letterSpacing == 1.5)
        #expect(c.styles["child"]?.letterSpacing == nil && c.styles["child"]?.declaredLetterSpacing == 2)
        #expect(c.styles["kid"]?.letterSpacing == nil && c.styles["kid"]?.pointSize == 20)
        #expect(c.styles["tight"]?.letterSpacing == nil && c.styles["tight"]?.declaredLetterSpacing == -0.5)
        #expect(c.styles["base"]?.fontName == .system(weight: .semibold, italic: false, monospacedDigits: true))
        // point-step-sise → point-step-size: edit distance 1.
        let expected = [
            "typography-kit.labels: TypographyKit's setLabelSettings ignores its argument (inferred from source), so label settings probably have no effect",
            "typography-kit.point-step-sise: unknown key, ignored by TypographyKit (nearest valid key: point-step-size)",
            "ui-font-text-styles.base.letter-case: LetterCase 2.0.0 has no train branch in letterCase(_:), so \"train\" leaves text unchanged",
            "ui-font-text-styles.child.letter-spacing: 2 is dropped because the style extends \"base\" (TypographyKit's extend loses letter-spacing)",
            "ui-font-text-styles.kid: does not inherit letter-spacing 1.5 from \"base\" (TypographyKit's extend loses letter-spacing)",
            // Edit distances (python, textbook Levenshtein): colour→text-color 6, →extends 7, →font-name 8.
            "ui-font-text-styles.tight.colour: unknown key, ignored by TypographyKit (nearest valid key: text-color)",
            "ui-font-text-styles.tight.letter-spacing: negative letter-spacing -0.5 is ignored (TypographyKit applies kern only when > 0)",
            "ui-font-text-styles.tight.text-color: \"bluish\" is not a built-in colour, hex, rgb or colour key; assumed to be an asset-catalog colour (not checked)",
            // TypographyKit's Typography.font(_:) returns nil without a font-name (TypographyKitFidelityTests).
            "ui-font-text-styles.tight: no font-name: TypographyKit gives this style no font (the label keeps its own), so TypeFit gives it no sizes",
            // sorted by code point: ':' (0x3A) after '.' (0x2E)
            "ui-font-text-styles: TypographyKit gives every styled UILabel numberOfLines = 0 and lineBreakMode = .byWordWrapping (unlimited lines)",
        ]
        #expect(c.warnings.map(\.description) == expected)
    }

    @Test func fontNames() throws {
        #expect(try TypographyKitFontName(parsing: "System") == .system(weight: .regular, italic: false, monospacedDigits: false))
        #expect(try TypographyKitFontName(parsing: "boldsystem") == .system(weight: .bold, italic: false, monospacedDigits: false))
        #expect(try TypographyKitFontName(parsing: "ItalicSystem") == .system(weight: .regular, italic: true, monospacedDigits: false))
        #expect(try TypographyKitFontName(parsing: "system-ultra-light") == .system(weight: .ultraLight, italic: false, monospacedDigits: false))
        #expect(try TypographyKitFontName(parsing: "Avenir-Medium") == .named("Avenir-Medium"))
        #expect(try TypographyKitFontName(parsing: "Avenir-Medium").isSystem == false)
        let bold = try TypographyKitFontName(parsing: "System-Bold").resolved(systemStandIn: "Inter")
        #expect(bold.family == "Inter" && bold.weight == .bold)
        #expect(bold.note == "system font (SF Pro) measured with stand-in Inter bold")
        #expect(try TypographyKitFontName(parsing: "Avenir-Medium").resolved(systemStandIn: "Inter").note == nil)
    }

    @Test func colourForms() throws {
        let json = ##"{"typography-colors": {"a": "#F0A", "b": "rgb(255, 0, 51)", "c": "(0,0,0)", "d": "rgba(0,0,0,0.5)", "e": "clear", "f": "darkest e"}}"##
        let c = try TypographyKitConfig.parse(json: Data(json.utf8))
        #expect(c.colors["a"] == rgb255(255, 0, 170)) // F0A → FF00AA
        #expect(c.colors["b"] == rgb255(255, 0, 51))
        #expect(c.colors["c"] == .rgba(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(c.colors["d"] == .rgba(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(c.colors["f"] == .shade("darkest", .named("clear")))
    }
}
