import DynamicType
import Foundation
import TypeFitSupport

/// What a group of findings is about: one check on one label (screen, row, label, string key,
/// locale and plural/device variant), or on one style or font. Everything of a finding but its
/// device, category, figures and message. Baselines match groups by this key.
public struct GroupKey: Codable, Hashable, Sendable {
    public var checkId: String
    public var screen: String?
    public var row: String?
    public var label: String?
    public var stringKey: String?
    public var locale: String?
    public var variant: String?
    public var style: String?
    public var font: String?
    /// For web content: the CSS selector of the element (`screen` is the web view).
    public var selector: String?

    public init(checkId: String, screen: String? = nil, row: String? = nil, label: String? = nil,
                stringKey: String? = nil, locale: String? = nil, variant: String? = nil, style: String? = nil,
                font: String? = nil, selector: String? = nil) {
        self.checkId = checkId
        self.screen = screen
        self.row = row
        self.label = label
        self.stringKey = stringKey
        self.locale = locale
        self.variant = variant
        self.style = style
        self.font = font
        self.selector = selector
    }

    /// An opaque, stable identifier for tools outside TypeFit (SARIF `partialFingerprints`): the
    /// 64-bit FNV-1a hash, as 16 hex digits, of the fields in order, each written as its UTF-8 length,
    /// ":" and its bytes ("-" when absent), joined by "," — so no field value can imitate a separator.
    public var fingerprint: String {
        // A selector is appended only when there is one, so keys without one keep their fingerprint.
        let text = ([checkId, screen, row, label, stringKey, locale, variant, style, font] + (selector.map { [$0] } ?? []))
            .map { v in v.map { "\($0.utf8.count):\($0)" } ?? "-" }.joined(separator: ",")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What a person calls the subject: "settings.offline (de)", "settings.offline [one] (de)",
    /// "Settings / row / label (de)", a web view's element ("Help / #prices > table"), the style or the font.
    public var subject: String {
        var s: String
        if let stringKey { s = stringKey }
        else if let selector { s = [screen, selector].compactMap { $0 }.joined(separator: " / ") }
        else if let label { s = [screen, row, label].compactMap { $0 }.joined(separator: " / ") }
        else if let row { s = [screen, row].compactMap { $0 }.joined(separator: " / ") }
        else if let screen { s = screen }
        else if let style { s = style + (font.map { " (\($0))" } ?? "") }
        else if let font { s = font }
        else { s = checkId }
        if let variant { s += " " + variant }
        if let locale { s += " (\(locale))" }
        return s
    }

    /// The row and label (or a web view's element), when the key names them: "Settings / offline / title".
    public var place: String {
        [screen, row, label, selector].compactMap { $0 }.joined(separator: " / ")
    }
}

/// Where a group stands against the baseline.
public enum GroupStatus: String, Codable, Sendable, CaseIterable {
    /// Not in the baseline (every group is new without one).
    case new
    /// In the baseline, but it spread to more categories or devices or needs more than it did
    /// (see `FindingGroup.worseIn`). Counts as new: it fails the run.
    case worse
    /// In the baseline and no worse.
    case baselined
}

/// One occurrence of a group: a device and a category, with its figures.
/// Encoded as one flat JSON array: `[device, category, figure…]`, where device and category are
/// indexes into the group's `devices` and `categories` (−1 when the finding has none) and the
/// figures follow the group's `figureNames` (null where this occurrence lacks one).
public struct Occurrence: Codable, Sendable, Equatable, Hashable {
    public var device: Int
    public var category: Int
    public var figures: [Double?]
    /// For a group keyed without a locale (a literal text's, `FindingGroup.locales`): the index of
    /// this occurrence's locale in the group's `locales`; −1 otherwise. Not in the flat array:
    /// report.json codes it in the group's `occurrenceLocales`.
    public var locale: Int

    public init(device: Int, category: Int, figures: [Double?], locale: Int = -1) {
        self.device = device
        self.category = category
        self.figures = figures
        self.locale = locale
    }

    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        device = try c.decode(Int.self)
        category = try c.decode(Int.self)
        var values: [Double?] = []
        while !c.isAtEnd { values.append(try c.decodeIfPresent(Double.self)) }
        figures = values
        locale = -1
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(device)
        try c.encode(category)
        for v in figures {
            if let v { try c.encode(v) } else { try c.encodeNil() }
        }
    }
}

/// Findings of one check on one subject (`GroupKey`) across devices and categories: the unit a
/// person reads ("settings.offline (de): Text is truncated from xL to AX5 on iPhone SE and
/// iPhone 16; needs 3 lines, has 1"), the unit SARIF, JUnit and annotations report, and the unit
/// a baseline matches.
public struct FindingGroup: Codable, Sendable, Equatable {
    public var key: GroupKey
    /// The highest severity of its occurrences.
    public var severity: Severity
    /// The message of its worst occurrence.
    public var message: String
    /// The measured text of its worst occurrence.
    public var text: String?
    /// Where the text comes from (string file and line).
    public var source: SourceLocation?
    /// The categories it happens at, in `Scope.categories` order.
    public var categories: [String]
    /// The devices it happens on, in `Scope.devices` order.
    public var devices: [String]
    /// Each figure at its worst over the occurrences, by the direction its check declares
    /// (`FigureSpec`: the largest needed size, the smallest available one); figures without a
    /// direction are the worst occurrence's.
    public var worst: [String: Double]
    public var status: GroupStatus
    /// For `status == .worse`: what got worse ("categories", "devices", or figure names).
    public var worseIn: [String]?
    /// The names of `Occurrence.figures`, sorted.
    public var figureNames: [String]
    /// Every occurrence, sorted by device, category and figures.
    public var occurrences: [Occurrence]
    /// At risk when every occurrence is (a stand-in measured system text and each is within its
    /// error band of the limit); its severity is then one below the check's.
    public var certainty: Certainty
    /// For a label with a literal `text:` (its key has no locale): the locales it happens in, in
    /// scope order; each occurrence names its own (`Occurrence.locale`). Nil for other groups.
    public var locales: [String]?

    public init(key: GroupKey, severity: Severity, message: String, text: String? = nil, source: SourceLocation? = nil,
                categories: [String], devices: [String], worst: [String: Double], status: GroupStatus = .new,
                worseIn: [String]? = nil, figureNames: [String], occurrences: [Occurrence], certainty: Certainty = .measured,
                locales: [String]? = nil) {
        self.locales = locales
        self.key = key
        self.severity = severity
        self.message = message
        self.text = text
        self.source = source
        self.categories = categories
        self.devices = devices
        self.worst = worst
        self.status = status
        self.worseIn = worseIn
        self.figureNames = figureNames
        self.occurrences = occurrences
        self.certainty = certainty
    }

    public var checkId: String { key.checkId }
    /// The locale of occurrence `o`: the key's, or for a literal text's group the occurrence's own.
    public func locale(of o: Occurrence) -> String? {
        key.locale ?? locales.flatMap { $0.indices.contains(o.locale) ? $0[o.locale] : nil }
    }
    /// What a person calls the subject: the key's (`GroupKey.subject`), with a literal text's
    /// locales ("Settings / row / title (de, en)").
    public var subject: String {
        guard key.locale == nil, let locales, !locales.isEmpty else { return key.subject }
        return key.subject + " (\(locales.joined(separator: ", ")))"
    }
    /// New or worse than the baseline.
    public var isNew: Bool { status != .baselined }

    /// The occurrences as findings (message and text are the group's; a literal text's carry their
    /// own locale and `literalText`, so they group again as one).
    public var findings: [Finding] {
        occurrences.map { o in
            var figures: [String: Double] = [:]
            for (name, value) in zip(figureNames, o.figures) { if let value { figures[name] = value } }
            return Finding(checkId: key.checkId, severity: severity, message: message, screen: key.screen, row: key.row,
                           label: key.label, device: devices.indices.contains(o.device) ? devices[o.device] : nil,
                           category: categories.indices.contains(o.category) ? ContentSizeCategory(rawValue: categories[o.category]) : nil,
                           locale: key.locale ?? locale(of: o), style: key.style, font: key.font, stringKey: key.stringKey,
                           source: source, figures: figures, text: text, isNew: isNew, variant: key.variant,
                           selector: key.selector, certainty: certainty,
                           literalText: key.locale == nil && locales != nil)
        }
    }
}

extension FindingGroup {
    enum CodingKeys: String, CodingKey {
        case key, severity, message, text, source, categories, devices, worst, status, worseIn, figureNames,
             occurrences, certainty, locales, occurrenceLocales
    }

    /// Coded as its fields, plus, for a group with `locales`, `occurrenceLocales`: each
    /// occurrence's index into `locales`, in occurrence order (the occurrences' flat arrays stay
    /// `[device, category, figure…]`).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var occurrences = try c.decode([Occurrence].self, forKey: .occurrences)
        let locales = try c.decodeIfPresent([String].self, forKey: .locales)
        if let indexes = try c.decodeIfPresent([Int].self, forKey: .occurrenceLocales) {
            guard indexes.count == occurrences.count, indexes.allSatisfy({ (locales ?? []).indices.contains($0) }) else {
                throw DecodingError.dataCorruptedError(forKey: .occurrenceLocales, in: c,
                                                       debugDescription: "one index into locales per occurrence expected")
            }
            for (i, l) in indexes.enumerated() { occurrences[i].locale = l }
        }
        self.init(key: try c.decode(GroupKey.self, forKey: .key), severity: try c.decode(Severity.self, forKey: .severity),
                  message: try c.decode(String.self, forKey: .message), text: try c.decodeIfPresent(String.self, forKey: .text),
                  source: try c.decodeIfPresent(SourceLocation.self, forKey: .source),
                  categories: try c.decode([String].self, forKey: .categories),
                  devices: try c.decode([String].self, forKey: .devices),
                  worst: try c.decode([String: Double].self, forKey: .worst),
                  status: try c.decode(GroupStatus.self, forKey: .status),
                  worseIn: try c.decodeIfPresent([String].self, forKey: .worseIn),
                  figureNames: try c.decode([String].self, forKey: .figureNames), occurrences: occurrences,
                  certainty: try c.decode(Certainty.self, forKey: .certainty), locales: locales)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(severity, forKey: .severity)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encode(categories, forKey: .categories)
        try c.encode(devices, forKey: .devices)
        try c.encode(worst, forKey: .worst)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(worseIn, forKey: .worseIn)
        try c.encode(figureNames, forKey: .figureNames)
        try c.encode(occurrences, forKey: .occurrences)
        try c.encode(certainty, forKey: .certainty)
        try c.encodeIfPresent(locales, forKey: .locales)
        if locales != nil { try c.encode(occurrences.map(\.locale), forKey: .occurrenceLocales) }
    }
}

/// A baseline group that no longer occurs: fixed since the baseline was written.
public struct FixedGroup: Codable, Sendable, Equatable {
    public var key: GroupKey
    /// The message the baseline recorded.
    public var message: String
    public init(key: GroupKey, message: String) {
        self.key = key
        self.message = message
    }
}

extension FindingGroup {
    /// Where it happens, part by part: each device with the categories it happens at there, devices
    /// with the same categories together ("from M to AX5 on iPhone SE; from AX2 to AX5 on iPad Pro
    /// 11\""), in device order. `scope` is the scope's categories in order (`Scope.categories`).
    public func places(scope: [String]) -> String {
        var categoriesByDevice: [Int: Set<Int>] = [:]
        for o in occurrences { categoriesByDevice[o.device, default: []].insert(o.category) }
        // Occurrences without a device (font and style checks) come first (index −1).
        var parts: [(categories: [Int], devices: [String])] = []
        for device in categoriesByDevice.keys.sorted() {
            let list = (categoriesByDevice[device] ?? []).filter { categories.indices.contains($0) }.sorted()
            let name = devices.indices.contains(device) ? devices[device] : nil
            if let i = parts.firstIndex(where: { $0.categories == list }) {
                if let name { parts[i].devices.append(name) }
            } else {
                parts.append((list, name.map { [$0] } ?? []))
            }
        }
        return parts.map { part in
            let when = ReportText.categories(part.categories.map { categories[$0] }, scope: scope)
            let on = part.devices.isEmpty ? "" : "on " + ReportText.list(part.devices)
            return [when, on].filter { !$0.isEmpty }.joined(separator: " ")
        }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
