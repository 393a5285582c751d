import Foundation

extension Finding {
    /// Rounds a figure to 3 decimals (half away from zero), so reports are byte-identical across
    /// runs and platforms. Non-finite values become 0.
    public static func round(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (value * 1000).rounded(.toNearestOrAwayFromZero) / 1000
    }
}

/// A report could not be read: one line naming the source and the problem.
public struct ReportDecodingError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ReportDocument {
    /// The document in its canonical order, with every measured number rounded by `Finding.round(_:)`:
    /// findings by (checkId, screen, device, category in `scope.categories` order, locale, row, label,
    /// stringKey, message); screens by (screen, device, category order, locale); checks and fonts by id.
    /// Rows and labels inside a snapshot keep their layout order.
    public func normalized() -> ReportDocument {
        var doc = self
        let order = categoryOrder
        doc.findings = findings.map { f in
            var f = f
            f.figures = f.figures.mapValues(Finding.round)
            return f
        }.sorted { a, b in
            Self.findingKey(a, order).lexicographicallyPrecedes(Self.findingKey(b, order))
        }
        doc.screens = screens.map { $0.rounded() }.sorted { a, b in
            let ka = [a.screen, a.device, Self.categoryKey(a.category, order), a.locale]
            let kb = [b.screen, b.device, Self.categoryKey(b.category, order), b.locale]
            return ka.lexicographicallyPrecedes(kb)
        }
        doc.checks = checks.sorted { $0.id < $1.id }
        doc.fonts = fonts.sorted { $0.id < $1.id }
        return doc
    }

    /// Canonical JSON: normalized, sorted keys, pretty-printed, slashes unescaped, trailing newline.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding a value made only of strings, integers, finite doubles and optionals cannot fail;
        // non-finite doubles were replaced by 0 in normalized().
        var data = (try? encoder.encode(normalized())) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Reads a report written by `jsonData()`. `source` names the input in error messages.
    /// A document whose `schemaVersion` is newer than `currentSchemaVersion` is refused with a clear message.
    public static func decode(_ data: Data, source: String) throws -> ReportDocument {
        struct Version: Decodable { var schemaVersion: Int }
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(Version.self, from: data).schemaVersion
        } catch {
            throw ReportDecodingError("\(source): not a typefit report (no integer \"schemaVersion\"): \(Self.oneLine(error))")
        }
        if version > currentSchemaVersion {
            throw ReportDecodingError(
                "\(source): report schema version \(version) is newer than this typefit supports (\(currentSchemaVersion)); upgrade typefit")
        }
        if version < 1 {
            throw ReportDecodingError("\(source): invalid report schema version \(version)")
        }
        do {
            return try decoder.decode(ReportDocument.self, from: data)
        } catch {
            throw ReportDecodingError("\(source): \(Self.oneLine(error))")
        }
    }

    private static func oneLine(_ error: Error) -> String {
        if let e = error as? DecodingError {
            switch e {
            case .keyNotFound(let key, let ctx):
                return "missing key \"\(path(ctx.codingPath + [key]))\""
            case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx), .dataCorrupted(let ctx):
                let p = path(ctx.codingPath)
                return (p.isEmpty ? "" : "at \"\(p)\": ") + ctx.debugDescription.replacingOccurrences(of: "\n", with: " ")
            @unknown default:
                break
            }
        }
        return "\(error)".replacingOccurrences(of: "\n", with: " ")
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { k in k.intValue.map { "[\($0)]" } ?? ".\(k.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// Category name → position in `scope.categories`.
    var categoryOrder: [String: Int] {
        var order: [String: Int] = [:]
        for (i, c) in scope.categories.enumerated() where order[c] == nil { order[c] = i }
        return order
    }

    static func categoryKey(_ category: String?, _ order: [String: Int]) -> String {
        guard let category else { return "" }
        if let i = order[category] { return String(format: "%04d", i) }
        return "9999" + category
    }

    static func findingKey(_ f: Finding, _ order: [String: Int]) -> [String] {
        [f.checkId, f.screen ?? "", f.device ?? "", categoryKey(f.category, order), f.locale ?? "", f.row ?? "",
         f.label ?? "", f.stringKey ?? "", f.message]
    }
}

extension ScreenSnapshot {
    func rounded() -> ScreenSnapshot {
        var s = self
        let r = Finding.round
        s.width = r(width); s.height = r(height); s.scale = r(scale)
        s.contentTop = r(contentTop); s.contentHeight = r(contentHeight); s.rowsVisible = r(rowsVisible)
        s.rows = rows.map { row in
            var row = row
            row.height = r(row.height); row.clippedBy = r(row.clippedBy)
            row.labels = row.labels.map { l in
                var l = l
                l.x = r(l.x); l.y = r(l.y); l.width = r(l.width); l.height = r(l.height)
                l.pointSize = r(l.pointSize); l.lineHeight = r(l.lineHeight); l.baselineOffset = r(l.baselineOffset)
                l.lineBaselines = l.lineBaselines?.map(r); l.lineHeights = l.lineHeights?.map(r)
                l.lineWidths = l.lineWidths.map(r); l.inkOverflow = r(l.inkOverflow)
                return l
            }
            return row
        }
        return s
    }
}

/// Shared vocabulary for the reporters: short category names, failing findings, number formatting.
public enum ReportText {
    /// The short column name of a UIKit content size category ("extraSmall" → "xS", "accessibilityMedium" → "AX1");
    /// unknown names are returned unchanged.
    public static func shortCategory(_ name: String) -> String {
        switch name {
        case "extraSmall": "xS"
        case "small": "S"
        case "medium": "M"
        case "large": "L"
        case "extraLarge": "xL"
        case "extraExtraLarge": "xxL"
        case "extraExtraExtraLarge": "xxxL"
        case "accessibilityMedium": "AX1"
        case "accessibilityLarge": "AX2"
        case "accessibilityExtraLarge": "AX3"
        case "accessibilityExtraExtraLarge": "AX4"
        case "accessibilityExtraExtraExtraLarge": "AX5"
        default: name
        }
    }

    /// A number with at most 3 decimals and no trailing zeros ("343", "412.5", "3.42").
    public static func number(_ value: Double) -> String {
        let v = Finding.round(value)
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// The figures of a finding as one short phrase: known pairs first
    /// ("width 412.5/343 pt", "lines 3/2", "height 90/44 pt", "rows 3.42/4"), then the rest as key=value, sorted.
    public static func figures(_ figures: [String: Double]) -> String {
        var rest = figures
        var parts: [String] = []
        func pair(_ a: String, _ b: String, _ name: String, _ unit: String) {
            guard let x = rest[a], let y = rest[b] else { return }
            parts.append("\(name) \(number(x))/\(number(y))\(unit)")
            rest[a] = nil; rest[b] = nil
        }
        pair("neededWidth", "availableWidth", "width", " pt")
        pair("lines", "maxLines", "lines", "")
        pair("height", "availableHeight", "height", " pt")
        pair("rowsVisible", "minimumRows", "rows", "")
        for key in rest.keys.sorted() { parts.append("\(key)=\(number(rest[key] ?? 0))") }
        return parts.joined(separator: ", ")
    }
}

extension ReportDocument {
    /// A finding fails the run when it is new (not in the baseline) and at or above `failOn`.
    public func isFailing(_ finding: Finding) -> Bool {
        finding.isNew && finding.severity >= failOn
    }

    /// The findings that fail the run, in canonical order.
    public var failingFindings: [Finding] { normalized().findings.filter(isFailing) }

    /// "screen / device / category / locale" for a finding (missing parts left out).
    static func place(_ f: Finding) -> String {
        [f.screen, f.device, f.category.map(ReportText.shortCategory), f.locale, f.selector].compactMap { $0 }
            .joined(separator: " / ")
    }
}
