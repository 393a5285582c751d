/// The one versioned report document. Every reporter (terminal, JSON, Markdown, HTML,
/// JUnit, SARIF, GitHub annotations) is a pure function of it.
///
/// Determinism: arrays are kept sorted by the producer (see `ReportDocument.normalized()`),
/// JSON is encoded with sorted keys, and `generatedAt` is nil unless the user asks for it.
public struct ReportDocument: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: ToolInfo
    /// ISO 8601 time stamp, only when asked for (`--timestamp`); nil in committed reports.
    public var generatedAt: String?
    /// The audited config, as given (relative path), e.g. "Examples/ContactsApp/typefit.yml".
    public var config: String
    /// What was audited: categories, devices, locales, in audit order.
    public var scope: Scope
    /// Every check that ran, with its rationale (SARIF rules, `typefit explain`).
    public var checks: [CheckDescriptor]
    /// Every finding, sorted by `Finding.sortKey`.
    public var findings: [Finding]
    /// Laid-out screens, for mockups and the rows-visible chart.
    public var screens: [ScreenSnapshot]
    /// Fonts used, for the HTML page (it embeds them as data URLs so the page is self-contained).
    public var fonts: [FontInfo]
    /// The baseline the run was compared with, if any (path as given).
    public var baseline: String?
    /// The severity at or above which a finding fails the run (`--fail-on`).
    public var failOn: Severity
    /// Renderings of the config's web views with screenshots (WebPageSnapshot.swift); nil without web views.
    public var webPages: [WebPageSnapshot]?

    public init(schemaVersion: Int = ReportDocument.currentSchemaVersion, tool: ToolInfo, generatedAt: String? = nil,
                config: String, scope: Scope, checks: [CheckDescriptor], findings: [Finding],
                screens: [ScreenSnapshot], fonts: [FontInfo], baseline: String? = nil, failOn: Severity = .error) {
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.generatedAt = generatedAt
        self.config = config
        self.scope = scope
        self.checks = checks
        self.findings = findings
        self.screens = screens
        self.fonts = fonts
        self.baseline = baseline
        self.failOn = failOn
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
    /// UIKit names of the content size categories, in order (extraSmall … accessibilityExtraExtraExtraLarge).
    public var categories: [String]
    public var devices: [String]
    public var locales: [String]
    public init(categories: [String], devices: [String], locales: [String]) {
        self.categories = categories
        self.devices = devices
        self.locales = locales
    }
}

public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    case info, warning, error

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
    public init(id: String, title: String, rationale: String, defaultSeverity: Severity, severity: Severity) {
        self.id = id
        self.title = title
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.severity = severity
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
    /// UIKit name of the content size category.
    public var category: String?
    public var locale: String?
    public var style: String?
    public var font: String?
    public var stringKey: String?
    public var source: SourceLocation?
    /// The measured figures that explain the finding, e.g. "neededWidth", "availableWidth",
    /// "lines", "maxLines", "height", "availableHeight", "rowsVisible", "minimumRows".
    public var figures: [String: Double]
    /// The text as measured (after substitution and letter case), when the finding is about a text.
    public var text: String?
    /// True when the finding is not in the baseline (always true without a baseline).
    public var isNew: Bool
    /// For findings in web content: a CSS selector of the element (the HTML file:line is `source`).
    public var selector: String?

    public init(checkId: String, severity: Severity, message: String, screen: String? = nil, row: String? = nil,
                label: String? = nil, device: String? = nil, category: String? = nil, locale: String? = nil,
                style: String? = nil, font: String? = nil, stringKey: String? = nil, source: SourceLocation? = nil,
                figures: [String: Double] = [:], text: String? = nil, isNew: Bool = true, selector: String? = nil) {
        self.selector = selector
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
        self.source = source
        self.figures = figures
        self.text = text
        self.isNew = isNew
    }

    /// The content key a baseline matches on: check, screen, row, label, string key, locale, category, device.
    /// Not the message or the figures, so a finding keeps its identity when numbers move.
    public var fingerprint: String {
        [checkId, screen ?? "", row ?? "", label ?? "", stringKey ?? "", locale ?? "", category ?? "", device ?? "",
         style ?? "", font ?? ""].joined(separator: "|") + (selector.map { "|" + $0 } ?? "")
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
