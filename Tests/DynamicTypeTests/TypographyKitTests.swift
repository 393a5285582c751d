import Foundation
import Testing
@testable import DynamicType

/// Configs written for these tests in TypographyKit's format (Tests/DynamicTypeTests/Fixtures/typographykit/).
@Suite struct TypographyKitTests {
    /// A colour from 0…255 components (hex pairs read by hand, e.g. "F5" = 245).
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
        #expect(c.settings.pointStepSize == 1 && c.settings.pointStepMultiplier == 2)
        #expect(c.settings.minimumPointSize == 9 && c.settings.maximumPointSize == 80)
        #expect(c.settings.scalingMode == .uifontmetricsWithFallback)
        #expect(c.settings.shouldUseDevelopmentColors == false && c.settings.developmentColor == "orange")
        #expect(c.settings.labelLineBreakMode == nil) // only the documented-but-unparsed "line-break" is present
        #expect(c.styles.keys.sorted() == ["caption", "heading", "link", "paragraph"])
        let p = try #require(c.styles["paragraph"])
        #expect(p.fontName == .named("Futura-Medium") && p.pointSize == 15)
        #expect(p.minimumPointSize == 11 && p.maximumPointSize == 30 && p.letterCase == .regular && p.textColor == "ink")
        #expect(c.styles["heading"]?.letterCase == .upper)
        #expect(c.styles["caption"]?.fontName == .system(weight: .bold, italic: false, monospacedDigits: false))
        // link extends paragraph: inherits font, size, clamps, case; own colour.
        let link = try #require(c.styles["link"])
        #expect(link.pointSize == 15 && link.minimumPointSize == 11 && link.maximumPointSize == 30)
        #expect(link.fontName == .named("Futura-Medium") && link.letterCase == .regular && link.textColor == "accent")
        #expect(c.warnings.contains { $0.description.hasPrefix("typography-kit.labels.line-break: the documented key is not the one TypographyKit parses") })
    }

    @Test func jsonColors() throws {
        let c = try exampleJSON()
        // "#F5A623" → 245, 166, 35; "#2E3A4FFF" → 46, 58, 79, alpha 255.
        #expect(c.colors["amber"] == rgb255(245, 166, 35))
        let slate = rgb255(46, 58, 79)
        #expect(c.colors["slate"] == slate)
        #expect(c.colors["accent"] == .shade("lighter", .named("orange")))
        #expect(c.colors["surface"] == .dynamic(light: .named("white"), dark: .shade("darkest", slate)))
        let ink = TypographyKitColor.dynamic(light: .shade("dark", .named("gray")), dark: .shade("lighter", .named("gray")))
        #expect(c.colors["ink"] == ink)
        #expect(c.colors["ink-soft"] == .shade("lighter", ink)) // "ink lighter": shade of a key
    }

    /// uifontmetrics-with-fallback (the config's mode) = UIFontMetrics.default = BODY leading curve
    /// (default algorithm, @3x), clamped to [min, max] with the style's own min/max over the global 9/80.
    @Test func jsonScaledAcrossAllCategories() throws {
        let c = try exampleJSON()
        // paragraph 15, clamps [11, 30]: 15 × bodyLeading/22, ×3, rounded, /3:
        // 15·19/22 = 12.955 → 38.86 → 39; 15·20/22 = 13.636 → 40.91 → 41; 15·21/22 = 14.318 → 42.95 → 43; 15;
        // 15·24/22 = 16.364 → 49.09 → 49; 15·26/22 = 17.727 → 53.18 → 53; 15·29/22 = 19.773 → 59.32 → 59;
        // 15·34/22 = 23.182 → 69.55 → 70; 15·40/22 = 27.273 → 81.82 → 82; 15·48/22 = 32.7 > 30 → 30; then 30, 30.
        let paragraph: [Double] = [13, 41.0 / 3, 43.0 / 3, 15, 49.0 / 3, 53.0 / 3, 59.0 / 3, 70.0 / 3, 82.0 / 3, 30, 30, 30]
        expectClose(try sizes(c, "paragraph"), paragraph, "paragraph")
        expectClose(try sizes(c, "link"), paragraph, "link")
        // heading 30, global clamps [9, 80]: 30·19/22 = 25.91 → 77.73 → 78; 30·20/22 = 27.27 → 81.82 → 82;
        // 30·21/22 = 28.64 → 85.91 → 86; 30; 30·24/22 = 32.73 → 98.18 → 98; 30·26/22 = 35.45 → 106.36 → 106;
        // 30·29/22 = 39.55 → 118.64 → 119; 30·34/22 = 46.36 → 139.09 → 139; 30·40/22 = 54.55 → 163.64 → 164;
        // 30·48/22 = 65.45 → 196.36 → 196; 30·56/22 = 76.36 → 229.09 → 229; 30·62/22 = 84.55 > 80 → 80.
        let heading: [Double] = [26, 82.0 / 3, 86.0 / 3, 30, 98.0 / 3, 106.0 / 3, 119.0 / 3, 139.0 / 3, 164.0 / 3, 196.0 / 3, 229.0 / 3, 80]
        expectClose(try sizes(c, "heading"), heading, "heading")
        // caption 13 (body curve although it is a System-Bold font): 13·19/22 = 11.23 → 33.68 → 34; 11.82 → 35.45 → 35;
        // 12.41 → 37.23 → 37; 13; 14.18 → 42.55 → 43; 15.36 → 46.09 → 46; 17.14 → 51.41 → 51; 20.09 → 60.27 → 60;
        // 23.64 → 70.91 → 71; 28.36 → 85.09 → 85; 33.09 → 99.27 → 99; 36.64 → 109.91 → 110.
        let caption: [Double] = [34.0 / 3, 35.0 / 3, 37.0 / 3, 13, 43.0 / 3, 46.0 / 3, 17, 20, 71.0 / 3, 85.0 / 3, 33, 110.0 / 3]
        expectClose(try sizes(c, "caption"), caption, "caption")
        // With the plain size ratio: paragraph 15·body/17 = 12.35, 13.24, 14.12, 15, 16.76, 18.53, 20.29, 24.71, 29.12, 35.3→30, 30, 30.
        let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let ratio: [Double] = bodySizes.map { min(15 * $0 / 17, 30) }
        expectClose(try sizes(c, "paragraph", algorithm: .sizeRatio), ratio, "paragraph size-ratio")
        // Stepping: 15 + 1 × 2 × index (−3…8) clamped to [11, 30] = 11 (9 clamped), 11, 13, …, 29, 30 (31 clamped).
        expectClose(try sizes(c, "paragraph", mode: .stepping), [11, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 30], "paragraph stepping")
        // heading stepping: 30 + 2i = 24 … 46 (inside [9, 80]).
        expectClose(try sizes(c, "heading", mode: .stepping), (-3...8).map { 30 + 2 * Double($0) }, "heading stepping")
        // disabled: point-size as is.
        expectClose(try sizes(c, "heading", mode: .disabled), Array(repeating: 30, count: 12), "heading disabled")
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
        #expect(c.colors["ink"] == rgb255(245, 166, 35)) // "amber" → #F5A623
        #expect(c.colors["surface"] == .shade("darker", rgb255(46, 58, 79)))
        // paragraph 14, no clamps, body curve: 14·19/22 = 12.09 → 36.27 → 36; 12.73 → 38.18 → 38; 13.36 → 40.09 → 40; 14;
        // 15.27 → 45.82 → 46; 16.55 → 49.64 → 50; 18.45 → 55.36 → 55; 21.64 → 64.91 → 65; 25.45 → 76.36 → 76;
        // 30.55 → 91.64 → 92; 35.64 → 106.91 → 107; 39.45 → 118.36 → 118.
        let fourteen: [Double] = [12, 38.0 / 3, 40.0 / 3, 14, 46.0 / 3, 50.0 / 3, 55.0 / 3, 65.0 / 3, 76.0 / 3, 92.0 / 3, 107.0 / 3, 118.0 / 3]
        expectClose(try sizes(c, "paragraph"), fourteen, "plist paragraph")
        // stepping: 14 + 1 × 2 × i = 8 … 30.
        expectClose(try sizes(c, "link", mode: .stepping), (-3...8).map { 14 + 2 * Double($0) }, "plist stepping")
        // heading 30, no max: AX5 30·62/22 = 84.55 → 253.64 → 254/3 (the JSON's global max 80 is not here).
        #expect(close(try sizes(c, "heading")[11], 254.0 / 3))
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
