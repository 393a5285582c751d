import Foundation
import TestSupport
import Testing
@testable import DynamicType

/// Hostile TypographyKit configs, generated here: non-finite and negative sizes (a property
/// list can hold <real>nan</real>), `extends` cycles and very long chains, wrong types, empty and
/// random input. Each is a one-line `TypographyKitConfigError` with the key path, never a table of nan —
/// except `extends` cycles, which TypographyKit reads by dropping the styles on them (a warning).
@Suite struct HostileTypographyKitTests {
    static func plist(pointSize: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>ui-font-text-styles</key><dict><key>body</key><dict>
        <key>font-name</key><string>Inter</string><key>point-size</key><real>\(pointSize)</real>
        </dict></dict></dict></plist>
        """.utf8)
    }

    func error(_ data: Data) -> String? {
        do {
            _ = try TypographyKitConfig.parse(data: data)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func nonFiniteAndNegativeSizesAreErrors() {
        // Not a row of nan / inf / negative point sizes: an error naming the key.
        #expect(error(Self.plist(pointSize: "nan")) == "ui-font-text-styles.body.point-size: expected a finite number, got nan")
        #expect(error(Self.plist(pointSize: "inf")) == "ui-font-text-styles.body.point-size: expected a finite number, got inf")
        #expect(error(Self.plist(pointSize: "-4")) == "ui-font-text-styles.body.point-size: expected a number > 0, got -4.0")
        #expect(error(Self.plist(pointSize: "0")) == "ui-font-text-styles.body.point-size: expected a number > 0, got 0.0")
        // A legitimate size still parses: 17 at Large under the default stepping-with-fallback mode.
        #expect(error(Self.plist(pointSize: "17")) == nil)
    }

    @Test func extendsCyclesDropTheirStyles() throws {
        // TypographyKit drops a style on a cycle (FontTextStyleParser's `.cyclicReference`), so the file
        // is read with a warning, not refused; a style outside the cycle keeps its size.
        let three = #"{"ui-font-text-styles":{"a":{"extends":"b"},"b":{"extends":"c"},"c":{"extends":"a","point-size":9},"d":{"point-size":12}}}"#
        let c = try TypographyKitConfig.parse(data: Data(three.utf8))
        #expect(c.droppedStyles == ["a", "b", "c"] && c.styles.keys.sorted() == ["d"])
    }

    @Test func longExtendsChainsAreBounded() throws {
        // s0 ← s1 ← … ← s(n-1): each style extends the previous one; only s0 has a size.
        func chain(_ n: Int) -> Data {
            var styles = [#""s0":{"point-size":12}"#]
            for i in 1..<n { styles.append("\"s\(i)\":{\"extends\":\"s\(i - 1)\"}") }
            return Data(("{\"ui-font-text-styles\":{" + styles.joined(separator: ",") + "}}").utf8)
        }
        // 64 styles = a chain of depth 63: fine, and s63 inherits 12 pt from s0.
        let ok = try TypographyKitConfig.parse(data: chain(64))
        #expect(ok.styles["s63"]?.pointSize == 12)
        // 10 000 styles: refused at once (resolving each style along its chain would be O(n²) with
        // 10 000-deep recursion). The first style (sorted by name) past the limit is reported.
        let start = ContinuousClock.now
        let message = try #require(error(chain(10_000)))
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(message.hasSuffix(": extends chain deeper than 64 styles"))
        #expect(message.hasPrefix("ui-font-text-styles.s"))
    }

    @Test func binaryPlistWithASetIsRefused() {
        // Regression (found by fuzzing .stringsdict; same Foundation crash for TypographyKit.plist).
        #expect(error(binaryPlistWithSet()) == "not a valid TypographyKit config (the binary property list contains a set)")
    }

    @Test func emptyRandomAndWrongTypes() {
        #expect(error(Data())?.isEmpty == false)
        #expect(error(Data(#"{"typography-kit":{"point-step-size":"x"}}"#.utf8))
                == #"typography-kit.point-step-size: expected a number, got "x""#)
        #expect(error(Data(#"{"ui-font-text-styles":[1,2]}"#.utf8))?.hasPrefix("ui-font-text-styles: ") == true)
        var state: UInt64 = 7
        for _ in 0..<200 {
            let bytes = (0..<Int(state % 700)).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            if let message = error(Data(bytes)) { #expect(!message.unicodeScalars.contains("\n"), "\(message)") }
        }
    }
}
