import Foundation
import Testing
@testable import DynamicType

/// TypographyKit as it really reads a file. Expected values come from
/// TypographyKit's own source (rwbutler/TypographyKit, as stored by the search index; versions named by
/// commit) and Foundation's bridging cast, not from TypeFit:
///
/// - ParsingService.swift (the `ConfigurationParsingService` version, v6.x), lines 91–94:
///   `let minimumPointSize = typographyKitConfig[CodingKeys.minimumPointSize] as? Float` and the same
///   for maximum-point-size, point-step-multiplier and point-step-size; lines 96–97:
///   `scalingMode = ScalingMode(rawValue: scalingModeKey)` (nil for an unknown name).
/// - TypographyKitConfiguration.swift (commit 3486f66d), lines 28–30: the defaults multiplier 1.0, step
///   2.0, mode "uifontmetrics-with-fallback"; line 101: `pointStepMultiplier ?? self.pointStepMultiplier`
///   (a nil keeps the default); no sign check anywhere, so a negative multiplier is used as is.
/// - FontTextStyleParser.swift (commit 0c48990d), lines 89–91: maximum-point-size, minimum-point-size
///   and point-size `as? Float`; line 102: `ScalingMode(rawValue:)`; line 80:
///   `return .failure(.notFound(element: key))` for `extends` of an unknown style, line 73
///   `.invalidReference` for a parent that was dropped; line 49 stores the failure in `invalidStyles`, so
///   only that style is left out.
/// - Typography.swift (commit 0c48990d), line 103: `guard let fontName = self.fontName, let pointSize =
///   self.pointSize else { return nil }` — no font-name, no font.
/// - swift-corelibs-foundation Sources/Foundation/NSNumber.swift: `Float._conditionallyBridgeFromObjectiveC`
///   is `result = Float(exactly: x)`, and `Float.init?(exactly: NSNumber)` is `Float(exactly: doubleValue)`
///   for a floating-point number: the cast succeeds only for values exact in binary32.
@Suite struct TypographyKitFidelityTests {
    func parse(_ json: String) throws -> TypographyKitConfig { try TypographyKitConfig.parse(json: Data(json.utf8)) }

    func sizes(_ c: TypographyKitConfig, _ style: String) throws -> [Double] {
        try #require(c.scaling(forStyle: style)).allSizes().map(\.pointSize)
    }

    @Test func foundationsFloatCastIsExactOnly() throws {
        // The cast TypographyKit performs, run on this platform's Foundation: JSON numbers arrive as NSNumber.
        let object = try JSONSerialization.jsonObject(with: Data(#"{"a": 1.1, "b": 30.3, "c": 17.3, "d": 12.2, "e": 1.5, "f": 17, "g": 0.5}"#.utf8))
        let d = try #require(object as? [String: Any])
        for key in ["a", "b", "c", "d"] { #expect(d[key] as? Float == nil, "\(key)") }
        #expect(d["e"] as? Float == 1.5 && d["f"] as? Float == 17 && d["g"] as? Float == 0.5)
    }

    @Test func inexactNumbersAreAbsent() throws {
        let c = try parse(#"""
        {"typography-kit": {"point-step-size": 2, "point-step-multiplier": 1.1, "maximum-point-size": 30.3, "scaling-mode": "stepping"},
         "ui-font-text-styles": {
           "body": {"font-name": "Inter", "point-size": 17},
           "odd": {"font-name": "Inter", "point-size": 17.3},
           "half": {"font-name": "Inter", "point-size": 12.5, "minimum-point-size": 12.2, "maximum-point-size": 0.5e2}}}
        """#)
        // 1.1 stays at the default 1.0 and 30.3 is no maximum.
        #expect(c.settings.pointStepMultiplier == 1 && c.settings.maximumPointSize == nil)
        // Stepping by hand: 17 + 2 × 1 × index, index −3 (xS) … 8 (AX5); no clamp: AX5 = 17 + 16 = 33.
        #expect(try sizes(c, "body") == [11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33])
        // 17.3 is absent: TypographyKit gives the style no font.
        #expect(c.styles["odd"]?.pointSize == nil && c.scaling(forStyle: "odd") == nil)
        // 12.5 and 50 are exact in binary32; 12.2 is not, so there is no minimum: xS = 12.5 − 6 = 6.5.
        #expect(c.styles["half"]?.minimumPointSize == nil && c.styles["half"]?.maximumPointSize == 50)
        #expect(try sizes(c, "half").first == 6.5)
        let inexact = c.warnings.filter { $0.code == .inexactFloat }.map(\.description)
        #expect(inexact == [
            "typography-kit.maximum-point-size: 30.3 is not exact in Float: TypographyKit ignores it",
            "typography-kit.point-step-multiplier: 1.1 is not exact in Float: TypographyKit ignores it",
            "ui-font-text-styles.half.minimum-point-size: 12.2 is not exact in Float: TypographyKit ignores it",
            "ui-font-text-styles.odd.point-size: 17.3 is not exact in Float: TypographyKit ignores it",
        ])
    }

    @Test func aStyleWithoutFontNameGetsNoFont() throws {
        let c = try parse(#"{"ui-font-text-styles": {"plain": {"point-size": 17}, "named": {"font-name": "Inter", "point-size": 17}}}"#)
        let plain = try #require(c.styles["plain"])
        #expect(!plain.hasFont && c.scaling(forStyle: "plain") == nil)
        #expect(c.scaling(forStyle: "named") != nil)
        #expect(c.warnings.filter { $0.code == .noFont }.map(\.description) == [
            "ui-font-text-styles.plain: no font-name: TypographyKit gives this style no font (the label keeps its own), so TypeFit gives it no sizes",
        ])
    }

    @Test func unknownScalingModeFallsBack() throws {
        // Global: nil keeps the default uifontmetrics-with-fallback. Style: nil falls back to the global mode.
        // Suggestions by Levenshtein distance (python): steping→stepping 1; fixed→disabled 5, →stepping 8.
        let c = try parse(#"""
        {"typography-kit": {"scaling-mode": "steping"},
         "ui-font-text-styles": {"a": {"font-name": "Inter", "point-size": 17, "scaling-mode": "fixed"}}}
        """#)
        #expect(c.settings.scalingMode == .uifontmetricsWithFallback)
        #expect(c.styles["a"]?.scalingMode == nil)
        #expect(c.scaling(forStyle: "a")?.mode == .uifontmetricsWithFallback)
        #expect(c.warnings.filter { $0.code == .unknownScalingMode }.map(\.description) == [
            #"typography-kit.scaling-mode: unknown value "steping"; TypographyKit falls back to uifontmetrics-with-fallback (did you mean "stepping"?)"#,
            #"ui-font-text-styles.a.scaling-mode: unknown value "fixed"; TypographyKit falls back to the global scaling-mode (did you mean "disabled"?)"#,
        ])
        let stepping = try parse(#"{"typography-kit": {"scaling-mode": "stepping"}, "ui-font-text-styles": {"a": {"font-name": "Inter", "point-size": 17, "scaling-mode": "x"}}}"#)
        #expect(stepping.scaling(forStyle: "a")?.mode == .stepping)
    }

    @Test func negativeMultiplierIsUsed() throws {
        let c = try parse(#"{"typography-kit": {"point-step-multiplier": -1, "scaling-mode": "stepping"}, "ui-font-text-styles": {"a": {"font-name": "Inter", "point-size": 17}}}"#)
        // 17 + 2 × (−1) × index: xS (−3) = 23, L (0) = 17, AX5 (8) = 1.
        let s = try sizes(c, "a")
        #expect(s.first == 23 && s[3] == 17 && s.last == 1)
    }

    @Test func extendsOfAnUnknownStyleDropsOnlyThatStyle() throws {
        let c = try parse(#"{"ui-font-text-styles": {"a": {"font-name": "Inter", "point-size": 17}, "b": {"extends": "nope"}}}"#)
        #expect(c.styles.keys.sorted() == ["a"] && c.droppedStyles == ["b"])
        #expect(try sizes(c, "a")[3] == 17)
    }
}

/// A TypographyKit property list that is not well-formed XML is one line in Foundation's own words
/// (which name the line), not its `Error Domain=… UserInfo={…}` dump.
@Suite struct TypographyKitPlistErrorTests {
    @Test func brokenXMLIsOneLineNamingItsLine() {
        // Line 4 closes <dict> while <string> is open: `xmllint --noout` reports
        // "4: parser error : Opening and ending tag mismatch: string line 4 and dict".
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>typography-kit</key><string>x</dict>
        </plist>
        """
        do {
            _ = try TypographyKitConfig.parse(propertyList: Data(plist.utf8))
            Issue.record("a broken property list was read")
        } catch {
            #expect(error.description == "not a valid property list (Close tag on line 4 does not match open tag string)", "\(error)")
        }
    }
}
