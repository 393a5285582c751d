import DynamicType

/// The one versioned report document. Every reporter (terminal, JSON, Markdown, HTML,
/// JUnit, SARIF, GitHub annotations) is a pure function of it.
///
/// The unit a person reads is a `FindingGroup`: one check on one label (or style, or font), with
/// the categories and devices where it happens, its worst figures and every occurrence, compactly.
/// The document grows with groups, not occurrences: it keeps the rows-visible figures of every
/// screen, device, locale and category, and draws mockups for new groups first, then baselined ones, up to `mockups.cap`.
///
/// Determinism: `normalized()` (the one normalizer, see ReportCoding.swift) fixes every order and
/// rounds every figure; JSON is encoded with sorted keys; `generatedAt` is nil unless asked for.
public struct ReportDocument: Codable, Sendable, Equatable {
    /// 2: groups instead of a flat findings list; `fixed`, `rowsVisible`, `mockups`, `scope.screens`.
    /// 3: each group's `certainty` (at risk: docs/system-font.md) and `systemText`, what measured
    /// the system font.
    /// 4: `rollups` (the new groups rolled up per element, with fix hints) and `scope.lists`.
    /// 5: certainty `estimated` (a finding resting on an estimated width or a placeholder text).
    /// 6: `largerText` (App Store's Larger Text label: verdict, blockers, per screen; LargerText.swift).
    public static let currentSchemaVersion = 6
    /// Mockups the HTML page draws at most, unless the producer says otherwise.
    public static let defaultMockupCap = 40

    public var schemaVersion: Int
    public var tool: ToolInfo
    /// ISO 8601 time stamp, only when asked for (`--timestamp`); nil in committed reports.
    public var generatedAt: String?
    /// The audited config, as given (relative path), e.g. "Examples/ContactsApp/typefit.yml".
    public var config: String
    /// What was audited: screens, categories, devices, locales, in config order.
    public var scope: Scope
    /// Every check that ran, with its rationale (SARIF rules, `typefit explain`).
    public var checks: [CheckDescriptor]
    /// Every group of findings, in canonical order (`normalized()`), each with all its occurrences.
    public var groups: [FindingGroup]
    /// Baseline groups that no longer occur ("fixed — run `--update-baseline`").
    public var fixed: [FixedGroup]
    /// Rows visible per screen, device and locale, one value per category of `scope.categories`.
    public var rowsVisible: [RowsVisibleSeries]
    /// The screens drawn as mockups (laid out on one device at one category in one locale).
    public var screens: [ScreenSnapshot]
    /// How many mockups could be drawn at most, and how many wanted ones were left out.
    public var mockups: MockupSummary
    /// Fonts used, for the HTML page (it embeds them as data URLs so the page is self-contained).
    public var fonts: [FontInfo]
    /// The baseline the run was compared with, if any (path as given).
    public var baseline: String?
    /// The severity at or above which a new group fails the run (`--fail-on`).
    public var failOn: Severity
    /// Renderings of the config's web views with screenshots (WebPageSnapshot.swift); nil without web views.
    public var webPages: [WebPageSnapshot]?
    /// What measured text in iOS's system font, and how sure its widths are; nil when the audit
    /// has no system text.
    public var systemText: SystemTextMeasurement?
    /// The new groups rolled up per element (the line to change), failing first, worst first
    /// (`rollingUp()`, Rollups.swift). Every report leads with them.
    public var rollups: [Rollup] = []
    /// Where each label is defined (its storyboard, Swift or config line), for the roll-ups; in
    /// memory only (report.json has each roll-up's `source`).
    public var elementSources: [ElementKey: SourceLocation] = [:]
    /// Can the app claim App Store's Larger Text label (`withLargerText()`, computed when the audit
    /// assembles the document); nil in a document not assembled by the audit.
    public var largerText: LargerText?

    enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, generatedAt, config, scope, checks, groups, fixed, rowsVisible, screens, mockups, fonts,
             baseline, failOn, webPages, systemText, rollups, largerText
    }

    public init(schemaVersion: Int = ReportDocument.currentSchemaVersion, tool: ToolInfo, generatedAt: String? = nil,
                config: String, scope: Scope, checks: [CheckDescriptor], groups: [FindingGroup],
                fixed: [FixedGroup] = [], rowsVisible: [RowsVisibleSeries] = [], screens: [ScreenSnapshot],
                mockups: MockupSummary = MockupSummary(), fonts: [FontInfo], baseline: String? = nil,
                failOn: Severity = .error, webPages: [WebPageSnapshot]? = nil) {
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.generatedAt = generatedAt
        self.config = config
        self.scope = scope
        self.checks = checks
        self.groups = groups
        self.fixed = fixed
        self.rowsVisible = rowsVisible
        self.screens = screens
        self.mockups = mockups
        self.fonts = fonts
        self.baseline = baseline
        self.failOn = failOn
        self.webPages = webPages
    }

    /// A document made from occurrences: `findings` are grouped (a group is new when any of its
    /// findings is), rows visible are taken from `screens` when `rowsVisible` is empty, and every
    /// snapshot is kept as a mockup (the cap is raised to their number; `selectingMockups()` picks).
    public init(tool: ToolInfo, generatedAt: String? = nil, config: String, scope: Scope, checks: [CheckDescriptor],
                findings: [Finding], rowsVisible: [RowsVisibleSeries] = [], screens: [ScreenSnapshot],
                fonts: [FontInfo], baseline: String? = nil, failOn: Severity = .error) {
        var grouper = FindingGrouper()
        grouper.add(findings)
        self.init(tool: tool, generatedAt: generatedAt, config: config, scope: scope, checks: checks,
                  groups: grouper.groups(scope: scope, checks: checks),
                  rowsVisible: rowsVisible.isEmpty ? RowsVisibleSeries.from(screens, scope: scope) : rowsVisible,
                  screens: screens, mockups: MockupSummary(cap: max(ReportDocument.defaultMockupCap, screens.count)),
                  fonts: fonts, baseline: baseline, failOn: failOn)
        self = rollingUp()
    }

    /// Every occurrence as a `Finding` (in canonical group order). An occurrence keeps its device,
    /// category and figures; its message and text are its group's.
    public var findings: [Finding] { groups.flatMap { $0.findings } }
}

/// The mockup budget of the HTML page.
public struct MockupSummary: Codable, Sendable, Equatable {
    /// At most this many screens are drawn.
    public var cap: Int
    /// Places (screen, device, category, locale) a new group wanted drawn that were left out.
    public var omitted: Int
    public init(cap: Int = ReportDocument.defaultMockupCap, omitted: Int = 0) {
        self.cap = cap
        self.omitted = omitted
    }
}

/// Rows visible on one screen, device and locale at each category of `Scope.categories`
/// (nil where that category was not laid out).
public struct RowsVisibleSeries: Codable, Sendable, Equatable {
    public var screen: String
    public var device: String
    public var locale: String
    public var values: [Double?]
    public init(screen: String, device: String, locale: String, values: [Double?]) {
        self.screen = screen
        self.device = device
        self.locale = locale
        self.values = values
    }

    /// The series of every (screen, device, locale) in `snapshots`.
    public static func from(_ snapshots: [ScreenSnapshot], scope: Scope) -> [RowsVisibleSeries] {
        struct Place: Hashable { var screen, device, locale: String }
        var byPlace: [Place: [Double?]] = [:]
        let index = Dictionary(scope.categories.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for s in snapshots {
            guard let i = index[s.category] else { continue }
            let place = Place(screen: s.screen, device: s.device, locale: s.locale)
            var values = byPlace[place] ?? Array(repeating: nil, count: scope.categories.count)
            values[i] = s.rowsVisible
            byPlace[place] = values
        }
        return byPlace.map { RowsVisibleSeries(screen: $0.key.screen, device: $0.key.device, locale: $0.key.locale, values: $0.value) }
    }
}

public struct ToolInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String
    public init(name: String = "typefit", version: String) {
        self.name = name
        self.version = version
    }
}

public struct Scope: Codable, Sendable, Equatable {
    /// Screen names in config order (reports list screens in this order).
    public var screens: [String]
    /// Row names of each screen in layout order (reports list a screen's rows in this order).
    public var rows: [String: [String]]
    /// UIKit names of the content size categories, in order (extraSmall … accessibilityExtraExtraExtraLarge).
    public var categories: [String]
    public var devices: [String]
    public var locales: [String]
    /// The screens that are lists (a repeated row, or a minimum of rows visible): reports chart
    /// their rows visible; on other screens the figure says little.
    public var lists: [String]
    public init(screens: [String] = [], rows: [String: [String]] = [:], categories: [String], devices: [String],
                locales: [String], lists: [String] = []) {
        self.lists = lists
        self.screens = screens
        self.rows = rows
        self.categories = categories
        self.devices = devices
        self.locales = locales
    }
}

/// How sure a finding is (docs/system-font.md, "At risk").
public enum Certainty: String, Codable, Sendable, CaseIterable {
    /// Measured with the fonts that draw the text (the app's, or the user's SF Pro): it stands.
    case measured
    /// A stand-in measured system text and the margin is within its error band (±δ) of the
    /// limit: on iOS the text may fit. Reported one severity below the check's.
    case atRisk
    /// System text partly drawn by a fallback font (Arabic, CJK, Thai…): no band applies (δ is
    /// Latin text's) and iOS's widths of that script are not known; the finding's message names
    /// the font; also a finding whose effect on iOS is not known (a SwiftUI text drawn past a frame
    /// that does not clip). Reported at the check's severity; never fails a run.
    case unverified
    /// The finding rests on an estimate, not a known fact: TypeFit's guess of the width (a share of
    /// an `HStack`, one of three toolbar slots, a view whose call site is not read) or a
    /// placeholder standing in for the text; the message ends with the reason. Reported one
    /// severity below the check's, and never fails a run (`--fail-on` or not). It wins over
    /// at risk and unverified: a font's error band says little when the width is a guess.
    case estimated

    /// Its position in `allCases` (how a grouper's occurrences store it).
    var index: Int {
        switch self {
        case .measured: 0
        case .atRisk: 1
        case .unverified: 2
        case .estimated: 3
        }
    }

    /// As reports write it: "measured", "at risk", "unverified", "estimated".
    public var label: String {
        switch self {
        case .measured: "measured"
        case .atRisk: "at risk"
        case .unverified: "unverified"
        case .estimated: "estimated"
        }
    }
}

extension Certainty {
    /// Whether a finding of this certainty can fail a run: only a measured one, whose text, font,
    /// width and lines are all known. At risk, unverified and estimated findings are reported and
    /// never fail (`--fail-on` or not).
    public var canFail: Bool { self == .measured }

    /// How the reason of an estimated finding starts; the finding's message ends " (reason)".
    public static let estimateReasonStarts = ["width estimated: ", "text a placeholder: "]
}

extension FindingGroup {
    /// An estimated group's reason ("width estimated: one of three toolbar slots"), from the end
    /// of its message; nil for any other certainty.
    public var estimateReason: String? {
        guard certainty == .estimated, message.hasSuffix(")") else { return nil }
        let starts = Certainty.estimateReasonStarts.compactMap { message.range(of: " (" + $0)?.lowerBound }
        guard let start = starts.min() else { return nil }
        return String(message[message.index(start, offsetBy: 2)...].dropLast())
    }
}

public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    case info, warning, error

    /// One severity below (an at-risk finding's): error → warning → info; info stays.
    public var lowered: Severity {
        switch self {
        case .error: .warning
        case .warning, .info: .info
        }
    }

    public var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

public struct CheckDescriptor: Codable, Sendable, Equatable {
    /// Stable id, e.g. "text.truncated".
    public var id: String
    public var title: String
    public var rationale: String
    public var defaultSeverity: Severity
    /// Severity in force for this run (config overrides applied).
    public var severity: Severity
    /// The figures the check attaches, with their units and directions (the check's declaration;
    /// not written to report.json, so a decoded document has none and its groups read as name=value).
    public var figures: [FigureSpec] = []
    /// How a group's worst figures read in a summary, in order (see `FigureReading`).
    public var readings: [FigureReading] = []
    /// The message codes the check gives its findings.
    public var codes: [MessageCode] = []
    /// How its findings are fixed, from their figures (the roll-ups' hints; not in report.json).
    public var fix: FixHint?

    public init(id: String, title: String, rationale: String, defaultSeverity: Severity, severity: Severity,
                figures: [FigureSpec] = [], readings: [FigureReading] = [], codes: [MessageCode] = [], fix: FixHint? = nil) {
        self.fix = fix
        self.id = id
        self.title = title
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.severity = severity
        self.figures = figures
        self.readings = readings
        self.codes = codes
    }

    enum CodingKeys: String, CodingKey { case id, title, rationale, defaultSeverity, severity }

    /// The direction the check declares for the figure `name` (neutral when it declares none).
    public func direction(of name: String) -> FigureDirection {
        figures.first { $0.name == name }?.direction ?? .neutral
    }

    /// Descriptors are equal when what report.json holds of them is (the declaration is the check's).
    public static func == (a: CheckDescriptor, b: CheckDescriptor) -> Bool {
        a.id == b.id && a.title == b.title && a.rationale == b.rationale && a.defaultSeverity == b.defaultSeverity
            && a.severity == b.severity
    }
}

/// Where a finding's text comes from (a string file and line), for SARIF and annotations.
public struct SourceLocation: Codable, Sendable, Equatable, Hashable {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

public struct Finding: Codable, Sendable, Equatable {
    public var checkId: String
    public var severity: Severity
    /// One sentence a person reads.
    public var message: String
    public var screen: String?
    public var row: String?
    public var label: String?
    public var device: String?
    /// The content size category (written as its UIKit name).
    public var category: ContentSizeCategory?
    public var locale: String?
    public var style: String?
    public var font: String?
    public var stringKey: String?
    /// The plural or device variant of the string, e.g. "[one]" or "[device=iphone]" (nil: the plain string).
    public var variant: String?
    public var source: SourceLocation?
    /// The measured figures that explain the finding, e.g. "neededWidth", "availableWidth",
    /// "lines", "maxLines", "height", "availableHeight", "rowsVisible", "minimumRows".
    public var figures: [String: Double]
    /// The text as measured (after substitution and letter case), when the finding is about a text.
    public var text: String?
    /// True when the finding's group is new or worse than the baseline (always true without a baseline).
    public var isNew: Bool
    /// For findings in web content: a CSS selector of the element (the HTML file:line is `source`).
    public var selector: String?
    /// The check's message code for this finding (`MessageCode`), e.g. "needs-more-lines". Kept in
    /// memory only: report.json's schema has no place for it (docs/checks.md lists each check's codes).
    public var code: String?
    /// The plan's screen, row and label the finding is about (in memory only: the check settings of
    /// a screen, row or label apply by these ids; reports name them by `screen`, `row`, `label`).
    public var screenID: ScreenID?
    public var rowID: RowID?
    public var labelID: LabelID?
    /// At risk when a stand-in measured system text and the margin is within its error band
    /// (`severity` is then already one below the check's).
    public var certainty: Certainty = .measured
    /// The finding is about a label with a literal `text:` (the same text in every locale): its
    /// group key leaves the locale out, so the label's findings in every locale form one group
    /// (the locale stays the finding's, and its occurrence's). In memory only.
    public var literalText = false

    public init(checkId: String, severity: Severity, message: String, screen: String? = nil, row: String? = nil,
                label: String? = nil, device: String? = nil, category: ContentSizeCategory? = nil, locale: String? = nil,
                style: String? = nil, font: String? = nil, stringKey: String? = nil, source: SourceLocation? = nil,
                figures: [String: Double] = [:], text: String? = nil, isNew: Bool = true, variant: String? = nil,
                selector: String? = nil, code: String? = nil, screenID: ScreenID? = nil, rowID: RowID? = nil,
                labelID: LabelID? = nil, certainty: Certainty = .measured, literalText: Bool = false) {
        self.certainty = certainty
        self.literalText = literalText
        self.selector = selector
        self.code = code
        self.screenID = screenID ?? rowID?.screen ?? labelID?.row.screen
        self.rowID = rowID ?? labelID?.row
        self.labelID = labelID
        self.checkId = checkId
        self.severity = severity
        self.message = message
        self.screen = screen
        self.row = row
        self.label = label
        self.device = device
        self.category = category
        self.locale = locale
        self.style = style
        self.font = font
        self.stringKey = stringKey
        self.variant = variant
        self.source = source
        self.figures = figures
        self.text = text
        self.isNew = isNew
    }

    enum CodingKeys: String, CodingKey {
        case checkId, severity, message, screen, row, label, device, category, locale, style, font, stringKey, variant,
             source, figures, text, isNew, selector
    }

    /// The group this finding belongs to: everything but its device, category and figures (and
    /// its locale, for a literal text).
    public var groupKey: GroupKey {
        GroupKey(checkId: checkId, screen: screen, row: row, label: label, stringKey: stringKey,
                 locale: literalText ? nil : locale,
                 variant: variant, style: style, font: font, selector: selector)
    }
}

/// One screen laid out on one device at one category in one locale.
public struct ScreenSnapshot: Codable, Sendable, Equatable {
    public var screen: String
    public var device: String
    public var category: String
    public var locale: String
    /// Screen size in points and the device scale.
    public var width: Double
    public var height: Double
    public var scale: Double
    /// The area rows are shown in (below the status and navigation bars, above tab bar/toolbar and
    /// the bottom safe area), in points from the top of the screen.
    public var contentTop: Double
    public var contentHeight: Double
    public var rows: [RowSnapshot]
    /// Fractional rows visible in the content area, e.g. 3.42.
    public var rowsVisible: Double
    public var fullyVisibleRows: Int

    public init(screen: String, device: String, category: String, locale: String, width: Double, height: Double,
                scale: Double, contentTop: Double, contentHeight: Double, rows: [RowSnapshot], rowsVisible: Double,
                fullyVisibleRows: Int) {
        self.screen = screen
        self.device = device
        self.category = category
        self.locale = locale
        self.width = width
        self.height = height
        self.scale = scale
        self.contentTop = contentTop
        self.contentHeight = contentHeight
        self.rows = rows
        self.rowsVisible = rowsVisible
        self.fullyVisibleRows = fullyVisibleRows
    }
}

public struct RowSnapshot: Codable, Sendable, Equatable {
    public var name: String
    /// Row height in points (self-sized or fixed).
    public var height: Double
    /// How far content exceeds a fixed height (0 when it fits or the row self-sizes).
    public var clippedBy: Double
    public var labels: [LabelSnapshot]
    public init(name: String, height: Double, clippedBy: Double, labels: [LabelSnapshot]) {
        self.name = name
        self.height = height
        self.clippedBy = clippedBy
        self.labels = labels
    }
}

public struct LabelSnapshot: Codable, Sendable, Equatable {
    public var name: String
    /// Frame in points relative to the row's top-left corner.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Font (matches `FontInfo.id`), point size after autoshrink, line height in points.
    public var font: String
    public var pointSize: Double
    public var lineHeight: Double
    /// Distance from a line's top to its baseline, in points.
    public var baselineOffset: Double
    /// Each line's baseline from the label's top, in points, when the lines differ in height (a line
    /// drawn in a taller fallback font is taller); nil when every line is `lineHeight` apart.
    public var lineBaselines: [Double]?
    /// Each line box's height in points, set with `lineBaselines` (nil when every line is `lineHeight`).
    public var lineHeights: [Double]?
    /// The text of each displayed line (truncated lines end with "…"), and its width in points.
    public var lines: [String]
    public var lineWidths: [Double]
    public var rightToLeft: Bool
    public var truncated: Bool
    public var clipped: Bool
    /// How far glyph ink goes beyond the label's box, in points (0 when inside).
    public var inkOverflow: Double
    public var hasFindings: Bool

    public init(name: String, x: Double, y: Double, width: Double, height: Double, font: String, pointSize: Double,
                lineHeight: Double, baselineOffset: Double, lines: [String], lineWidths: [Double], rightToLeft: Bool,
                truncated: Bool, clipped: Bool, inkOverflow: Double, hasFindings: Bool, lineBaselines: [Double]? = nil,
                lineHeights: [Double]? = nil) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.font = font
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.baselineOffset = baselineOffset
        self.lineBaselines = lineBaselines
        self.lineHeights = lineHeights
        self.lines = lines
        self.lineWidths = lineWidths
        self.rightToLeft = rightToLeft
        self.truncated = truncated
        self.clipped = clipped
        self.inkOverflow = inkOverflow
        self.hasFindings = hasFindings
    }
}

public struct FontInfo: Codable, Sendable, Equatable {
    /// Id used by `LabelSnapshot.font`, e.g. "Inter-SemiBold".
    public var id: String
    public var family: String
    public var style: String
    /// Path as configured (relative to the config when it was relative).
    public var path: String
    public init(id: String, family: String, style: String, path: String) {
        self.id = id
        self.family = family
        self.style = style
        self.path = path
    }
}

/// What measured the audit's system text (docs/system-font.md): SF Pro, or a stand-in with its
/// error band at the sizes audited. Every report says it in its header.
public struct SystemTextMeasurement: Codable, Sendable, Equatable {
    /// "SF Pro", "Inter 4.1 calibrated to San Francisco", "<font id> calibrated to San Francisco".
    public var measuredWith: String
    /// The smallest and largest δ (percent) at the sizes audited; 0 and 0 with SF Pro.
    public var minimumBandPercent: Double
    public var maximumBandPercent: Double

    public init(measuredWith: String, minimumBandPercent: Double, maximumBandPercent: Double) {
        self.measuredWith = measuredWith
        self.minimumBandPercent = minimumBandPercent
        self.maximumBandPercent = maximumBandPercent
    }

    /// The header line: "system text: Inter 4.1 calibrated to San Francisco, ±2.0–2.5 %", or with
    /// SF Pro "system text: SF Pro (iOS's widths)". Other scripts are drawn by iOS in other
    /// system fonts: their estimates are unverified.
    public var summary: String {
        let band: String
        if maximumBandPercent == 0 {
            band = " (iOS's widths for Latin text)"
        } else if minimumBandPercent == maximumBandPercent {
            band = ", ±\(Self.percent(maximumBandPercent)) %"
        } else {
            band = ", ±\(Self.percent(minimumBandPercent))–\(Self.percent(maximumBandPercent)) %"
        }
        return "system text: \(measuredWith)\(band); other scripts in their fallback fonts, unverified"
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f", value) }
}
