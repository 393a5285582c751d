import Foundation

/// One printf-style format specifier found in a string.
public struct FormatSpecifier: Sendable, Hashable {
    /// The specifier as written, e.g. `%2$.2f`.
    public var text: String
    /// UTF-16 offset of the `%` in the source string.
    public var utf16Offset: Int
    /// 1-based argument position: explicit `n$`, else the next sequential one. 0 for `%%`.
    public var position: Int
    /// Conversion character: `@ d i u o x X f F e E g G a A c C s S p`, or `%` for `%%`.
    public var conversion: Character
    /// Length modifier (`l`, `ll`, `h`, `hh`, `q`, `z`, `t`, `j`, `L`), possibly empty.
    public var length: String
    /// Flags as written (subset of `-+#0'`).
    public var flags: String
    /// Field width (`nil` when absent or `*`), at most ``FormatSpecifiers/maximumWidth``.
    public var width: Int?
    /// Precision (`nil` when absent or `*`; `%.f` is 0), at most ``FormatSpecifiers/maximumPrecision``.
    public var precision: Int?
}

/// A replacement made by ``FormatSamples/substitute(_:)``.
public struct FormatSubstitution: Sendable, Hashable {
    /// The specifier that was replaced.
    public var specifier: FormatSpecifier
    /// The text put in its place (after width padding).
    public var replacement: String
}

/// The result of ``FormatSamples/substitute(_:)``.
public struct SampleText: Sendable, Hashable {
    /// The text with every specifier replaced (`%%` → `%`).
    public var text: String
    /// The replacements, in source order (including `%%`).
    public var substitutions: [FormatSubstitution]
}

/// Sample values that stand in for format arguments before measuring.
///
/// Defaults (en-US style, chosen long-ish so that a label fitting the sample also fits typical data):
/// - objects and C strings (`%@ %s %S`): `"Alexandra Johnson"` (17 characters, a long-ish full name)
/// - integers (`%d %i %u` with any length modifier): `"1,234"` (1234 with a grouping separator,
///   as `String.localizedStringWithFormat` prints it in en-US)
/// - hex / octal (`%x %X %o`): 1234 as `"4d2"`, `"4D2"`, `"2322"`
/// - floating point (`%f %F`): 1234.5678 with the written precision (C default 6), grouped:
///   `%f` → `"1,234.567800"`, `%.1f` → `"1,234.6"`; `%e` → `"1.234568e+03"`; `%g` → `"1234.57"`;
///   `%a` → `"0x1.34a456d5cfaadp+10"`
/// - characters (`%c %C`): `"W"` (a wide glyph); pointers (`%p`): `"0x600000c04000"`
///
/// Overrides: ``byConversion`` (key: length modifier and conversion as written, e.g. `"@"`, `"d"`,
/// `"lld"`, `"f"`) replaces the default of a type; a key without a length modifier (`"d"`) also
/// serves the specifiers with one (`%lld`) that have no key of their own; ``byPosition`` (1-based argument position) wins over both, but only
/// for specifiers written with an explicit position (`%1$@`, `%2$d`): plain `%@` and `%d` go by type.
/// A width pads the sample with spaces (zeros with flag `0`; left-aligned with `-`); widths are
/// capped at ``FormatSpecifiers/maximumWidth`` (1000) and precisions at
/// ``FormatSpecifiers/maximumPrecision`` (100), since a label never shows more.
/// `%%` becomes `%`; a `%` that does not start a valid specifier is left untouched.
/// `*` width or precision consumes an argument position and is otherwise ignored.
public struct FormatSamples: Sendable, Hashable {
    /// Sample for `%@ %s %S`.
    public var object: String = "Alexandra Johnson"
    /// Sample for decimal integers (`%d %i %u` with any length modifier).
    public var integer: String = "1,234"
    /// Value printed for `%x %X %o`.
    public var integerValue: Int = 1234
    /// Value printed for `%f %e %g %a` (with the written precision).
    public var floatValue: Double = 1234.5678
    /// Sample for `%c %C`.
    public var character: String = "W"
    /// Sample for `%p`.
    public var pointer: String = "0x600000c04000"
    /// Use grouping separators (`,`) in floating-point samples.
    public var groupFloats: Bool = true
    /// Per-type overrides keyed by length modifier and conversion (`"@"`, `"d"`, `"lld"`, `"f"`, …).
    public var byConversion: [String: String] = [:]
    /// Per-argument overrides keyed by 1-based position, for `%n$…` specifiers only; win over ``byConversion``.
    public var byPosition: [Int: String] = [:]

    /// Default samples with optional overrides.
    public init(byConversion: [String: String] = [:], byPosition: [Int: String] = [:]) {
        self.byConversion = byConversion
        self.byPosition = byPosition
    }

    /// The sample for one specifier (before width padding).
    public func sample(for spec: FormatSpecifier) -> String {
        if spec.conversion == "%" { return "%" }
        // A positional sample (`%2$d`) applies only where the string itself writes `%2$…`; a plain
        // `%d` in another string goes by its type (docs/strings.md, "Format samples").
        if spec.text.contains("$"), let v = byPosition[spec.position] { return v }
        // `%lld` has its own sample when one is given for it, else the one for its conversion (`%d`).
        if let v = byConversion[spec.length + String(spec.conversion)] ?? byConversion[String(spec.conversion)] { return v }
        switch spec.conversion {
        case "@", "s", "S": return object
        case "d", "i", "u", "D", "U": return integer
        case "x": return String(integerValue, radix: 16)
        case "X": return String(integerValue, radix: 16, uppercase: true)
        case "o", "O": return String(integerValue, radix: 8)
        case "c", "C": return character
        case "p": return pointer
        case "f", "F":
            let s = String(format: "%.\(spec.precision ?? 6)f", floatValue)
            return groupFloats ? Self.group(s) : s
        case "e", "E", "g", "G", "a", "A":
            let p = spec.precision.map { ".\($0)" } ?? ""
            return String(format: "%\(p)\(spec.conversion)", floatValue)
        default: return object
        }
    }

    /// Inserts `,` every three digits of the integer part of a plain decimal number string.
    static func group(_ s: String) -> String {
        let negative = s.hasPrefix("-")
        let body = negative ? String(s.dropFirst()) : s
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let intPart = Array(parts[0])
        var out = ""
        for (i, ch) in intPart.enumerated() {
            if i > 0, (intPart.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        if parts.count > 1 { out += "." + parts[1] }
        return (negative ? "-" : "") + out
    }

    /// The sample for a specifier that prints the count of a plural form: the whole number nearest
    /// the specifier's own sample (at or below it first) that selects `category` under `rules`,
    /// written like that sample (with grouping separators when it has them). "%d new episodes"
    /// `[one]` in English is measured as "1 new episode", `[few]` in Russian near 1,234 as "1,224".
    public func countSample(for spec: FormatSpecifier, category: PluralCategory, rules: PluralRules) -> String {
        let written = sample(for: spec)
        let digits = written.filter(\.isNumber)
        let near = written.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." || $0 == " " }) ? Int(digits.prefix(7)) : nil
        guard let count = rules.count(selecting: category, near: near ?? integerValue) else { return written }
        switch spec.conversion {
        case "x": return String(count, radix: 16)
        case "X": return String(count, radix: 16, uppercase: true)
        case "o", "O": return String(count, radix: 8)
        default: return written.contains(",") ? Self.group(String(count)) : String(count)
        }
    }

    /// Replaces every specifier of `text` by its sample; the specifiers `counts` names print a
    /// count that selects their plural form under `rules` (``countSample(for:category:rules:)``).
    public func substitute(_ text: String, counts: [PluralCount] = [], rules: PluralRules? = nil) -> SampleText {
        let specs = FormatSpecifiers.parse(text)
        guard !specs.isEmpty else { return SampleText(text: text, substitutions: []) }
        let units = Array(text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count + 16 * specs.count)
        var subs: [FormatSubstitution] = []
        var last = 0
        for (index, spec) in specs.enumerated() {
            out.append(contentsOf: units[last..<spec.utf16Offset])
            var value = sample(for: spec)
            if let rules, let count = counts.first(where: { $0.specifierIndex == index }) {
                value = countSample(for: spec, category: count.category, rules: rules)
            }
            if let w = spec.width, value.count < w {
                let pad = String(repeating: spec.flags.contains("0") && !spec.flags.contains("-") ? "0" : " ",
                                 count: w - value.count)
                value = spec.flags.contains("-") ? value + pad : pad + value
            }
            out.append(contentsOf: value.utf16)
            subs.append(FormatSubstitution(specifier: spec, replacement: value))
            last = spec.utf16Offset + spec.text.utf16.count
        }
        out.append(contentsOf: units[last...])
        return SampleText(text: String(decoding: out, as: UTF16.self), substitutions: subs)
    }
}

/// Parsing of printf / `String(format:)` specifiers.
public enum FormatSpecifiers {
    /// The widest field width read (`%99999999d` pads to this many characters, not 10⁸): a label
    /// never shows more than a few hundred characters on one screen, so wider padding only
    /// measures a longer off-screen run of spaces (see docs/strings.md).
    public static let maximumWidth = 1000
    /// The largest precision read (`%.500f` prints 100 decimals): more digits than a label shows.
    public static let maximumPrecision = 100
    static let conversions: Set<UInt16> = Set("@diuDUoOxXfFeEgGaAcCsSp".utf16)
    static let flagChars: Set<UInt16> = Set("-+#0'".utf16)

    /// The specifiers of `text` in order. `%#@name@` (stringsdict variables) and `%` not forming a
    /// specifier are skipped. The space flag is deliberately not recognised, so that literal text
    /// such as `50% off` or `100% sure` is not read as `% o` / `% s`.
    public static func parse(_ text: String) -> [FormatSpecifier] {
        // Every specifier starts at a '%': most texts have none, and need no UTF-16 copy.
        guard text.utf8.contains(0x25) else { return [] }
        let u = Array(text.utf16)
        let n = u.count
        var result: [FormatSpecifier] = []
        var nextPosition = 1
        var i = 0
        func isDigit(_ c: UInt16) -> Bool { c >= 0x30 && c <= 0x39 }
        /// Decimal digits at `j`, saturating at `Int.max` (never traps; `%99999999999999999999d`
        /// reads as a huge width, capped by the callers).
        func number(_ j: inout Int) -> Int? {
            var v = 0, any = false
            while j < n, isDigit(u[j]) {
                let (times10, o1) = v.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int(u[j] - 0x30))
                v = o1 || o2 ? Int.max : sum
                j += 1
                any = true
            }
            return any ? v : nil
        }
        while i < n {
            guard u[i] == 0x25 else { i += 1; continue }  // '%'
            let start = i
            var j = i + 1
            guard j < n else { break }
            if u[j] == 0x25 {
                result.append(FormatSpecifier(text: "%%", utf16Offset: start, position: 0, conversion: "%",
                                              length: "", flags: "", width: nil, precision: nil))
                i = j + 1
                continue
            }
            // Optional "n$".
            var explicit: Int? = nil
            var k = j
            if let v = number(&k), k < n, u[k] == 0x24 { explicit = v; j = k + 1 }
            var flags = ""
            while j < n, flagChars.contains(u[j]) { flags.append(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: u[j])))); j += 1 }
            if flags.contains("#"), j < n, u[j] == 0x40 { i = start + 1; continue }  // %#@var@
            var starArgs = 0
            var width: Int? = nil
            if j < n, u[j] == 0x2A { starArgs += 1; j += 1 } else { width = number(&j).map { min($0, maximumWidth) } }
            var precision: Int? = nil
            if j < n, u[j] == 0x2E {
                j += 1
                if j < n, u[j] == 0x2A { starArgs += 1; j += 1 } else { precision = min(number(&j) ?? 0, maximumPrecision) }
            }
            var length = ""
            while j < n, "hlqLzjt".utf16.contains(u[j]), length.count < 2 {
                length.append(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: u[j]))))
                j += 1
            }
            guard j < n, conversions.contains(u[j]) else { i = start + 1; continue }
            let conversion = Character(Unicode.Scalar(UInt8(truncatingIfNeeded: u[j])))
            let position: Int
            if let e = explicit {
                position = e
            } else {
                nextPosition = nextPosition.addingReportingOverflow(starArgs).partialValue
                position = nextPosition
                nextPosition = nextPosition.addingReportingOverflow(1).partialValue
            }
            result.append(FormatSpecifier(text: String(decoding: u[start...j], as: UTF16.self), utf16Offset: start,
                                          position: position, conversion: conversion, length: length, flags: flags,
                                          width: width, precision: precision))
            i = j + 1
        }
        return result
    }
}
