import DynamicType
import Foundation
import Layout
import Reports

// Observations: small value types the checks read. The runner fills them from layout
// results, style curves and font tables; the checks never see fonts or layout directly.

/// How far glyph ink goes beyond a label's box on each side, in points (0 when inside): the
/// layout's own value (`Layout.LabelLayout.InkOverflow`).
public typealias InkOverflow = LabelLayout.InkOverflow

extension LabelLayout.InkOverflow {
    /// The largest overflow over the four sides.
    public var maximum: Double { max(top, bottom, left, right) }
}

/// What one label shows in one locale and string variant: the same on every device and at every
/// category, so the observations of one unit share it by reference. Building or copying a
/// `LabelObservation` then costs one reference, not a dozen strings (the checks read every
/// observation of every layout).
public final class LabelSubject: @unchecked Sendable, Equatable {
    struct Fields: Sendable, Equatable {
        var screen: String
        var row: String
        var label: String
        var id: LabelID?
        var locale: String
        var style: String?
        var font: String
        var stringKey: String?
        var variant: String?
        var source: SourceLocation?
        var text: String
        var lineBreakMode: LineBreakMode
        var missingCharacters: [String]
        var fallbackFont: String?
        var literalText = false
        var scriptFallback: String?
        var inkUnverified: String?
        var estimate: String?
    }
    let fields: Fields
    /// `Describe.quote(text)`, made when a check first quotes the text (a label truncated at many
    /// categories and devices is quoted once); `quoteLock` guards it (the only mutable state, so
    /// the class is Sendable).
    private var quote: String?
    private let quoteLock = NSLock()

    init(_ fields: Fields) { self.fields = fields }

    /// The text quoted for a message (`Describe.quote`).
    var quotedText: String {
        quoteLock.withLock {
            if let quote { return quote }
            let quoted = Describe.quote(fields.text)
            quote = quoted
            return quoted
        }
    }

    /// The fields `LabelObservation` documents under the same names.
    public convenience init(screen: String, row: String, label: String, id: LabelID? = nil, locale: String,
                            style: String? = nil,
                            font: String, stringKey: String? = nil, variant: String? = nil,
                            source: SourceLocation? = nil, text: String, lineBreakMode: LineBreakMode = .truncateTail,
                            missingCharacters: [String] = [], fallbackFont: String? = nil, literalText: Bool = false,
                            scriptFallback: String? = nil, inkUnverified: String? = nil, estimate: String? = nil) {
        self.init(Fields(screen: screen, row: row, label: label, id: id, locale: locale, style: style, font: font,
                         stringKey: stringKey, variant: variant, source: source, text: text,
                         lineBreakMode: lineBreakMode, missingCharacters: missingCharacters,
                         fallbackFont: fallbackFont, literalText: literalText, scriptFallback: scriptFallback,
                         inkUnverified: inkUnverified, estimate: estimate))
    }

    public static func == (a: LabelSubject, b: LabelSubject) -> Bool { a === b || a.fields == b.fields }
}

/// One label laid out on one screen, device, category and locale.
public struct LabelObservation: Sendable, Equatable {
    /// The label, locale and text (shared by the label's observations at every device and category).
    public private(set) var subject: LabelSubject
    public var screen: String {
        get { subject.fields.screen }
        set { change { $0.screen = newValue } }
    }
    public var row: String {
        get { subject.fields.row }
        set { change { $0.row = newValue } }
    }
    public var label: String {
        get { subject.fields.label }
        set { change { $0.label = newValue } }
    }
    /// The label shows a literal `text:` (the same in every locale): its findings are one group
    /// across locales (`Finding.literalText`).
    public var literalText: Bool { subject.fields.literalText }
    /// The plan's label, nil for an observation made without a plan.
    public var labelID: LabelID? { subject.fields.id }
    public var device: String
    public var category: ContentSizeCategory
    public var locale: String {
        get { subject.fields.locale }
        set { change { $0.locale = newValue } }
    }
    public var style: String? {
        get { subject.fields.style }
        set { change { $0.style = newValue } }
    }
    /// Font id (matches `FontInfo.id`), e.g. "Inter-SemiBold".
    public var font: String {
        get { subject.fields.font }
        set { change { $0.font = newValue } }
    }
    public var stringKey: String? {
        get { subject.fields.stringKey }
        set { change { $0.stringKey = newValue } }
    }
    /// The plural/device variant of the string (`[one]`, `[device=iphone]`), nil for a plain string.
    public var variant: String? {
        get { subject.fields.variant }
        set { change { $0.variant = newValue } }
    }
    public var source: SourceLocation? {
        get { subject.fields.source }
        set { change { $0.source = newValue } }
    }
    /// The text as measured (after substitution and letter case).
    public var text: String {
        get { subject.fields.text }
        set { change { $0.text = newValue } }
    }
    /// Natural single-line width of `text` at `pointSize`, in points.
    public var neededWidth: Double
    /// Width the label has, in points.
    public var availableWidth: Double
    /// Lines the text needs at `pointSize` when the number of lines is unlimited.
    public var lines: Int
    /// The label's line limit (UILabel.numberOfLines); 0 = unlimited.
    public var maxLines: Int
    /// True when the layout engine truncated (or clipped) the displayed text.
    public var truncated: Bool
    /// How the label breaks and truncates lines (UILabel.lineBreakMode).
    public var lineBreakMode: LineBreakMode {
        get { subject.fields.lineBreakMode }
        set { change { $0.lineBreakMode = newValue } }
    }
    /// Height the text needs (displayed lines × line height), in points.
    public var height: Double
    /// Height the label is constrained to, in points; nil when it self-sizes.
    public var availableHeight: Double?
    /// Point size used for drawing (after autoshrink).
    public var pointSize: Double
    /// Point size the style asks for at this category (before autoshrink).
    public var requestedPointSize: Double
    /// Point size the style asks for at the default category Large.
    public var largePointSize: Double
    /// For system text a stand-in measured: its error band and whether the label would show all
    /// its text were the text that much narrower (nil: measured in its own font or SF Pro).
    public var widthEstimate: WidthEstimate?
    public var inkOverflow: InkOverflow
    /// Characters the font lacks, as "U+XXXX", in text order without repeats.
    public var missingCharacters: [String] {
        get { subject.fields.missingCharacters }
        set { change { $0.missingCharacters = newValue } }
    }
    /// The font that fallback found for the missing characters; nil when none has them.
    public var fallbackFont: String? {
        get { subject.fields.fallbackFont }
        set { change { $0.fallbackFont = newValue } }
    }
    /// Why the label's ink is not known to be iOS's, when it is not: a stand-in's outlines drew the
    /// system font's text, or a SwiftUI `Text`, which is not clipped to its frame (`glyph.ink-clipped`
    /// is then unverified).
    public var inkUnverified: String? {
        get { subject.fields.inkUnverified }
        set { change { $0.inkUnverified = newValue } }
    }

    /// A font of the config's `fallbackFonts` that draws some of the text (characters of another
    /// script than the label's font has); nil when the label's font draws all of it.
    public var scriptFallback: String? { subject.fields.scriptFallback }

    /// What the label's findings rest on that is estimated, not known ("width estimated: one of
    /// three toolbar slots"); its findings are then `estimated` (`Certainty.estimated`).
    public var estimate: String? {
        get { subject.fields.estimate }
        set { change { $0.estimate = newValue } }
    }

    /// A changed field gives this observation a subject of its own (others sharing it keep theirs).
    private mutating func change(_ edit: (inout LabelSubject.Fields) -> Void) {
        var fields = subject.fields
        edit(&fields)
        subject = LabelSubject(fields)
    }

    public init(screen: String, row: String, label: String, device: String, category: ContentSizeCategory,
                locale: String, style: String? = nil, font: String, stringKey: String? = nil,
                variant: String? = nil, source: SourceLocation? = nil, text: String, neededWidth: Double, availableWidth: Double,
                lines: Int = 1, maxLines: Int = 1, truncated: Bool = false, lineBreakMode: LineBreakMode = .truncateTail,
                height: Double = 0, availableHeight: Double? = nil, pointSize: Double,
                requestedPointSize: Double? = nil, largePointSize: Double? = nil, inkOverflow: InkOverflow = InkOverflow(),
                missingCharacters: [String] = [], fallbackFont: String? = nil) {
        self.init(subject: LabelSubject(screen: screen, row: row, label: label, locale: locale, style: style, font: font,
                                        stringKey: stringKey, variant: variant, source: source, text: text,
                                        lineBreakMode: lineBreakMode, missingCharacters: missingCharacters,
                                        fallbackFont: fallbackFont),
                  device: device, category: category, neededWidth: neededWidth,
                  availableWidth: availableWidth, lines: lines, maxLines: maxLines, truncated: truncated,
                  height: height, availableHeight: availableHeight, pointSize: pointSize,
                  requestedPointSize: requestedPointSize, largePointSize: largePointSize, inkOverflow: inkOverflow)
    }

    /// An observation of `subject` on one device at one category.
    public init(subject: LabelSubject, device: String, category: ContentSizeCategory, neededWidth: Double,
                availableWidth: Double, lines: Int = 1, maxLines: Int = 1, truncated: Bool = false, height: Double = 0,
                availableHeight: Double? = nil, pointSize: Double, requestedPointSize: Double? = nil,
                largePointSize: Double? = nil, inkOverflow: InkOverflow = InkOverflow()) {
        self.subject = subject
        self.device = device
        self.category = category
        self.neededWidth = neededWidth
        self.availableWidth = availableWidth
        self.lines = lines
        self.maxLines = maxLines
        self.truncated = truncated
        self.height = height
        self.availableHeight = availableHeight
        self.pointSize = pointSize
        self.requestedPointSize = requestedPointSize ?? pointSize
        self.largePointSize = largePointSize ?? requestedPointSize ?? pointSize
        self.inkOverflow = inkOverflow
    }

    /// True for the five accessibility categories (AX1…AX5).
    public var isAccessibilityCategory: Bool { category.isAccessibility }

    /// `Describe.quote(text)`, made once per subject.
    var quotedText: String { subject.quotedText }
}

extension Array<LabelObservation> {
    /// `compactMap(make)` over the observations `test` selects, `test` reading each one in place:
    /// the label checks see every label of every layout and most labels report nothing, so an
    /// observation is copied only for `make`.
    func findings(where test: (LabelObservation) -> Bool, _ make: (LabelObservation) -> Finding?) -> [Finding] {
        withUnsafeBufferPointer { labels in
            var findings: [Finding] = []
            for i in labels.indices where test(labels[i]) {
                if let finding = make(labels[i]) { findings.append(finding) }
            }
            return findings
        }
    }
}

/// One table row laid out on one screen, device, category and locale.
public struct RowObservation: Sendable, Equatable {
    public var screen: String
    public var row: String
    /// The plan's row, nil for an observation made without a plan.
    public var id: RowID?
    public var device: String
    public var category: ContentSizeCategory
    public var locale: String
    /// Height the row gets, in points (fixed or self-sized).
    public var height: Double
    /// The configured fixed height, nil when the row self-sizes.
    public var fixedHeight: Double?
    /// Height its content needs (labels, spacing, insets), in points.
    public var contentHeight: Double
    /// How far the content exceeds the fixed height (0 when it fits or the row self-sizes).
    public var clippedBy: Double

    public init(screen: String, row: String, id: RowID? = nil, device: String, category: ContentSizeCategory,
                locale: String, height: Double, fixedHeight: Double? = nil, contentHeight: Double, clippedBy: Double = 0) {
        self.screen = screen
        self.row = row
        self.id = id
        self.device = device
        self.category = category
        self.locale = locale
        self.height = height
        self.fixedHeight = fixedHeight
        self.contentHeight = contentHeight
        self.clippedBy = clippedBy
    }
}

/// One screen laid out on one device, category and locale.
public struct ScreenObservation: Sendable, Equatable, Codable {
    public var screen: String
    /// The plan's screen, nil for an observation made without a plan.
    public var id: ScreenID?
    public var device: String
    public var category: ContentSizeCategory
    public var locale: String
    /// Height of the area rows are shown in, in points.
    public var contentHeight: Double
    /// Number of rows on the screen.
    public var rowCount: Int
    /// Fractional rows visible in the content area, e.g. 3.42.
    public var rowsVisible: Double
    public var fullyVisibleRows: Int
    /// The tallest row and its height in points (nil when the screen has no rows).
    public var tallestRow: String?
    public var tallestRowID: RowID?
    public var tallestRowHeight: Double
    /// The screen's configured minimum of fully visible rows; nil to use `CheckContext.minimumRowsVisible`.
    public var minimumRowsVisible: Int?

    public init(screen: String, id: ScreenID? = nil, device: String, category: ContentSizeCategory, locale: String,
                contentHeight: Double, rowCount: Int, rowsVisible: Double, fullyVisibleRows: Int,
                tallestRow: String? = nil, tallestRowID: RowID? = nil, tallestRowHeight: Double = 0, minimumRowsVisible: Int? = nil) {
        self.screen = screen
        self.id = id
        self.device = device
        self.category = category
        self.locale = locale
        self.contentHeight = contentHeight
        self.rowCount = rowCount
        self.rowsVisible = rowsVisible
        self.fullyVisibleRows = fullyVisibleRows
        self.tallestRow = tallestRow
        self.tallestRowID = tallestRowID
        self.tallestRowHeight = tallestRowHeight
        self.minimumRowsVisible = minimumRowsVisible
    }

    /// True when a single row is taller than the visible area.
    public var rowTallerThanVisible: Bool { tallestRowHeight > contentHeight }
}

/// A text style's point sizes across the 12 categories, from its scaling model.
public struct StyleObservation: Sendable, Equatable {
    public var style: String
    public var font: String
    /// Scaling model, e.g. "uifontmetrics", "stepping", "disabled", "system".
    public var model: String
    /// Point sizes for the 12 categories in `ContentSizeCategory.allCases` order.
    public var pointSizes: [Double]
    public var maximumPointSize: Double?
    public var minimumPointSize: Double?
    public var isCustomFont: Bool
    /// Fonts (ids) that set this style's text in other scripts (the config's `fallbackFonts`).
    public var fallbackFonts: [String]
    /// Made for the fonts of the app's UI files (a storyboard's or SwiftUI's font), not a config or
    /// TypographyKit style: `ui.fixed-font` judges those at the element's line.
    public var fromAppUI = false

    public init(style: String, font: String, model: String, pointSizes: [Double], maximumPointSize: Double? = nil,
                minimumPointSize: Double? = nil, isCustomFont: Bool = true, fallbackFonts: [String] = []) {
        self.style = style
        self.font = font
        self.model = model
        self.pointSizes = pointSizes
        self.maximumPointSize = maximumPointSize
        self.minimumPointSize = minimumPointSize
        self.isCustomFont = isCustomFont
        self.fallbackFonts = fallbackFonts
    }
}

/// Where the ink bounds of a `FontObservation` come from.
public enum InkBoundsSource: String, Sendable, Equatable, Codable {
    /// The ink of the texts audited with this font (what users will see).
    case auditedText
    /// The font-wide bounding box of the `head` table (every glyph, used or not).
    case headTable
}

/// A font's vertical metrics, in font units, as read from its tables.
public struct FontObservation: Sendable, Equatable {
    /// Font id (matches `FontInfo.id`).
    public var font: String
    public var path: String?
    public var unitsPerEm: Double
    /// hhea ascender (positive), descender (negative), lineGap.
    public var hheaAscender: Double
    public var hheaDescender: Double
    public var hheaLineGap: Double
    /// OS/2 sTypoAscender (positive), sTypoDescender (negative), sTypoLineGap.
    public var typoAscender: Double
    public var typoDescender: Double
    public var typoLineGap: Double
    /// OS/2 usWinAscent and usWinDescent (both positive, as stored).
    public var winAscent: Double
    public var winDescent: Double
    /// OS/2 fsSelection bit 7 (USE_TYPO_METRICS).
    public var useTypoMetrics: Bool
    /// Highest and lowest ink (y up from the baseline), and where they were measured.
    public var inkYMax: Double?
    public var inkYMin: Double?
    public var inkSource: InkBoundsSource
    /// The font-wide bounding box (head yMin / yMax); nil when not read.
    public var headYMin: Double?
    public var headYMax: Double?
    /// Top of "À" (U+00C0) by its exact outline; nil when the font lacks it.
    public var agraveYMax: Double?
    /// Code points the cmap maps in fontbakery's CJK ranges.
    public var cjkCodepoints: Int

    public init(font: String, path: String? = nil, unitsPerEm: Double, hheaAscender: Double, hheaDescender: Double,
                hheaLineGap: Double, typoAscender: Double, typoDescender: Double, typoLineGap: Double,
                winAscent: Double, winDescent: Double, useTypoMetrics: Bool, inkYMax: Double? = nil,
                inkYMin: Double? = nil, inkSource: InkBoundsSource = .auditedText, headYMin: Double? = nil,
                headYMax: Double? = nil, agraveYMax: Double? = nil, cjkCodepoints: Int = 0) {
        self.font = font
        self.path = path
        self.unitsPerEm = unitsPerEm
        self.hheaAscender = hheaAscender
        self.hheaDescender = hheaDescender
        self.hheaLineGap = hheaLineGap
        self.typoAscender = typoAscender
        self.typoDescender = typoDescender
        self.typoLineGap = typoLineGap
        self.winAscent = winAscent
        self.winDescent = winDescent
        self.useTypoMetrics = useTypoMetrics
        self.inkYMax = inkYMax
        self.inkYMin = inkYMin
        self.inkSource = inkSource
        self.headYMin = headYMin
        self.headYMax = headYMax
        self.agraveYMax = agraveYMax
        self.cjkCodepoints = cjkCodepoints
    }

    /// Line heights in em by each rule: (ascender − descender + lineGap) / unitsPerEm.
    public var hheaLineHeight: Double { (hheaAscender - hheaDescender + hheaLineGap) / unitsPerEm }
    public var typoLineHeight: Double { (typoAscender - typoDescender + typoLineGap) / unitsPerEm }
    /// (usWinAscent + usWinDescent) / unitsPerEm; Windows has no line gap in the win metrics.
    public var winLineHeight: Double { (winAscent + winDescent) / unitsPerEm }
}

/// A label's string key that is missing: in every strings file, or in one locale.
public struct StringObservation: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// No strings file has the key in any locale; the key itself was measured.
        /// `suggestion` is the nearest existing key (did-you-mean), if any.
        case missing(suggestion: String?)
        /// The locale has no translation; the text of `measured` (another locale) was measured.
        case untranslated(measured: String)
    }

    public var screen: String
    public var row: String
    public var label: String
    /// The plan's label naming the key, nil for an observation made without a plan.
    public var labelID: LabelID?
    public var key: String
    /// The locale without a translation; nil for a key missing everywhere.
    public var locale: String?
    public var status: Status
    /// Where the label naming the key is written in the config.
    public var source: SourceLocation?

    public init(screen: String, row: String, label: String, labelID: LabelID? = nil, key: String, locale: String?,
                status: Status, source: SourceLocation? = nil) {
        self.screen = screen
        self.row = row
        self.label = label
        self.labelID = labelID
        self.key = key
        self.locale = locale
        self.status = status
        self.source = source
    }
}

/// Everything one audit run looks at.
public struct AuditInput: Sendable, Equatable {
    public var labels: [LabelObservation]
    public var rows: [RowObservation]
    public var screens: [ScreenObservation]
    public var styles: [StyleObservation]
    public var fonts: [FontObservation]
    public var strings: [StringObservation]
    /// Renderings of the config's web views (WebObservations.swift).
    public var web: [WebPageObservation]
    /// The app's UI elements and fixed-height rows as read from its files (UIObservations.swift).
    public var ui: [UIElementObservation] = []
    public var uiRows: [UIRowObservation] = []

    public init(labels: [LabelObservation] = [], rows: [RowObservation] = [], screens: [ScreenObservation] = [],
                styles: [StyleObservation] = [], fonts: [FontObservation] = [], strings: [StringObservation] = [],
                web: [WebPageObservation] = [], ui: [UIElementObservation] = [], uiRows: [UIRowObservation] = []) {
        self.web = web
        self.ui = ui
        self.uiRows = uiRows
        self.labels = labels
        self.rows = rows
        self.screens = screens
        self.styles = styles
        self.fonts = fonts
        self.strings = strings
    }
}

/// How sure a label's widths are when a stand-in measured its system text (docs/system-font.md).
public struct WidthEstimate: Sendable, Hashable {
    /// δ in percent: the stand-in's widths are within ±δ of iOS's (the method's p99 at the size).
    public var bandPercent: Double
    /// Whether the label shows all its text at its requested size when it is (1 + δ) times as wide
    /// (the text δ narrower): a truncation or shrink it shows is then within the band, at risk.
    public var fitsWithinBand: Bool
    /// The fallback font that drew some of the text (Arabic, CJK, Thai… that the system font's
    /// measurer lacks): its widths are not calibrated to iOS's and δ is the Latin text's, so no
    /// band applies (`fitsWithinBand` is false) and a finding says the width is unverified.
    public var fallbackFont: String?

    public init(bandPercent: Double, fitsWithinBand: Bool, fallbackFont: String? = nil) {
        self.bandPercent = bandPercent
        self.fitsWithinBand = fitsWithinBand
        self.fallbackFont = fallbackFont
    }
}
