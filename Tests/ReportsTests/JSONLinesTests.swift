import Foundation
import Testing
@testable import Reports
import TypeFitSupport

/// report.json's long arrays (groups, fixed groups, rows-visible series) are written by hand
/// (`JSONLine`). The oracle is Foundation's `JSONEncoder` with report.json's settings
/// ([.sortedKeys, .withoutEscapingSlashes]) encoding the same value through its `Codable`
/// conformance: whatever it writes on this platform is expected byte for byte.
@Suite struct JSONLinesTests {
    static func encoded<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    static func written(_ value: some JSONLine) -> String {
        var json = JSONBytes()
        value.writeJSON(to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Quotes, backslashes, every kind of control character, slashes, DEL, non-ASCII, emoji,
    /// U+2028 and an empty string.
    static let odd = ["", "a\"b\\c/d </x>", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{1f}\u{7f}", "é ש 中 👍🏽 e\u{301}",
                      "line\u{2028}sep", "%@ %1$@ \\n"]
    /// Integers, fractions, negative zero, negative values, large and tiny magnitudes.
    static let numbers: [Double?] = [0, -0.0, 1, -1, 12, 0.5, 0.1, -0.125, 156.236, 1.0 / 3, 9_007_199_254_740_994,
                                     1e16, 1e21, 1.234e-5, nil, 1e300, -2844]

    static func oddGroups() -> [FindingGroup] {
        odd.enumerated().map { i, s in
            let names = ["availableWidth", "lines", s, "neededWidth"].sorted()
            return FindingGroup(
                key: GroupKey(checkId: "text." + s, screen: i % 2 == 0 ? s : nil, row: s, label: i % 3 == 0 ? nil : s,
                              stringKey: s, locale: i % 2 == 1 ? s : nil, variant: i == 2 ? "[one]" : nil,
                              style: i == 3 ? s : nil, font: i == 4 ? s : nil, selector: i == 5 ? s : nil),
                severity: Severity.allCases[i % 3], message: s, text: i % 2 == 0 ? s : nil,
                source: i % 3 == 1 ? nil : SourceLocation(file: "fr.lproj/" + s, line: i - 1),
                categories: i == 0 ? [] : ["extraSmall", s], devices: i == 0 ? [] : [s, "iPhone 16"],
                worst: Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, numbers[$0 + i].map { $0 } ?? -0.0) }),
                status: GroupStatus.allCases[i % 3], worseIn: i % 3 == 1 ? ["categories", s] : nil,
                figureNames: names,
                occurrences: i == 1 ? [] : (0..<3).map { o in
                    Occurrence(device: o - 1, category: o, figures: (0..<names.count).map { numbers[(i + o + $0) % numbers.count] })
                })
        }
    }

    @Test func groupsAsJSONEncoderWritesThem() throws {
        for g in Self.oddGroups() + Fixture.document().groups {
            #expect(Self.written(g) == (try Self.encoded(g)), "\(g.key)")
        }
    }

    @Test func fixedGroupsAndRowsVisibleAsJSONEncoderWritesThem() throws {
        for s in Self.odd {
            let fixed = FixedGroup(key: GroupKey(checkId: s, screen: s, stringKey: s, locale: s), message: s)
            #expect(Self.written(fixed) == (try Self.encoded(fixed)))
            let series = RowsVisibleSeries(screen: s, device: s, locale: s, values: Self.numbers)
            #expect(Self.written(series) == (try Self.encoded(series)))
        }
        for series in Fixture.document().rowsVisible {
            #expect(Self.written(series) == (try Self.encoded(series)))
        }
        let empty = RowsVisibleSeries(screen: "", device: "", locale: "", values: [])
        #expect(Self.written(empty) == (try Self.encoded(empty)))
    }

    /// JSON has no infinity: `JSONEncoder` throws, and report.json writes `null` for such an element.
    @Test func nonFiniteFiguresWriteNull() throws {
        var g = Self.oddGroups()[2]
        g.worst["lines"] = .infinity
        #expect(throws: (any Error).self) { try Self.encoded(g) }
        #expect(Self.written(g) == "null")
        g = Self.oddGroups()[3]
        g.occurrences[0].figures[0] = .nan
        #expect(Self.written(g) == "null")
        #expect(Self.written(RowsVisibleSeries(screen: "", device: "", locale: "", values: [1, -.infinity])) == "null")
    }

    /// The whole report.json: each line of its groups array is the group `JSONEncoder` encodes, over
    /// more than one batch (2,048), in canonical order.
    @Test func reportGroupsLinesAreJSONEncoders() throws {
        var doc = Fixture.document()
        let base = doc.groups + Self.oddGroups()
        doc.groups = (0..<2_100).map { i in
            var g = base[i % base.count]
            g.key.row = "row \(i)"
            return g
        }
        let normalized = doc.normalized()
        let text = String(decoding: normalized.jsonData(), as: UTF8.self)
        let expected = try normalized.groups.map { "    " + (try Self.encoded($0)) }.joined(separator: ",\n")
        #expect(text.contains("  \"groups\" : [\n" + expected + "\n  ],\n"))
        // The same document decodes back.
        #expect(try ReportDocument.decode(normalized.jsonData(), source: "x") == normalized)
    }
}
