import Layout
import Reports

// Observations: small value types the checks read. The runner fills them from layout
// results, style curves and font tables; the checks never see fonts or layout directly.

/// The 12 UIKit content size category names in order (index 0 = extraSmall, 3 = large,
/// 7 = accessibilityMedium, 11 = accessibilityExtraExtraExtraLarge).
///
/// Note: the DynamicType module owns the category vocabulary; this list only lets Audit
/// sort and describe categories by name without depending on its (parallel) API.
public enum CategoryOrder {
    public static let names: [String] = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
        "accessibilityExtraExtraExtraLarge",
    ]
    /// Index of the default category, Large.
    public static let largeIndex = 3
    /// Index of the first accessibility category, accessibilityMedium (AX1).
    public static let firstAccessibilityIndex = 7
    /// Position of a UIKit category name in `names`, nil when unknown.
    public static func index(of name: String) -> Int? { names.firstIndex(of: name) }
}

/// How far glyph ink goes beyond a label's box on each side, in points (0 when inside): the
/// layout's own value (`Layout.LabelLayout.InkOverflow`).
public typealias InkOverflow = LabelLayout.InkOverflow

extension LabelLayout.InkOverflow {
    /// The largest overflow over the four sides.
    public var maximum: Double { max(top, bottom, left, right) }
}

/// One label laid out on one screen, device, category and locale.
public struct LabelObservation: Sendable, Equatable {
    public var screen: String
    public var row: String
    public var label: String
    public var device: String
    /// UIKit name of the content size category, e.g. "accessibilityExtraLarge".
    public var category: String
    /// Position of `category` in `CategoryOrder.names` (0…11).
    public var categoryIndex: Int
    public var locale: String
    public var style: String?
    /// Font id (matches `FontInfo.id`), e.g. "Inter-SemiBold".
    public var font: String
    public var stringKey: String?
    public var source: SourceLocation?
    /// The text as measured (after substitution and letter case).
    public var text: String
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
    /// "truncate-tail", "truncate-head", "truncate-middle", "clip", "word-wrap", "char-wrap".
    public var lineBreakMode: String
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
    public var inkOverflow: InkOverflow
    /// Characters the font lacks, as "U+XXXX", in text order without repeats.
    public var missingCharacters: [String]
    /// The font that fallback found for the missing characters; nil when none has them.
    public var fallbackFont: String?

    public init(screen: String, row: String, label: String, device: String, category: String, categoryIndex: Int,
                locale: String, style: String? = nil, font: String, stringKey: String? = nil,
                source: SourceLocation? = nil, text: String, neededWidth: Double, availableWidth: Double,
                lines: Int = 1, maxLines: Int = 1, truncated: Bool = false, lineBreakMode: String = "truncate-tail",
                height: Double = 0, availableHeight: Double? = nil, pointSize: Double,
                requestedPointSize: Double? = nil, largePointSize: Double? = nil, inkOverflow: InkOverflow = InkOverflow(),
                missingCharacters: [String] = [], fallbackFont: String? = nil) {
        self.screen = screen
        self.row = row
        self.label = label
        self.device = device
        self.category = category
        self.categoryIndex = categoryIndex
        self.locale = locale
        self.style = style
        self.font = font
        self.stringKey = stringKey
        self.source = source
        self.text = text
        self.neededWidth = neededWidth
        self.availableWidth = availableWidth
        self.lines = lines
        self.maxLines = maxLines
        self.truncated = truncated
        self.lineBreakMode = lineBreakMode
        self.height = height
        self.availableHeight = availableHeight
        self.pointSize = pointSize
        self.requestedPointSize = requestedPointSize ?? pointSize
        self.largePointSize = largePointSize ?? requestedPointSize ?? pointSize
        self.inkOverflow = inkOverflow
        self.missingCharacters = missingCharacters
        self.fallbackFont = fallbackFont
    }

    /// True for the five accessibility categories (AX1…AX5).
    public var isAccessibilityCategory: Bool { categoryIndex >= CategoryOrder.firstAccessibilityIndex }
}

/// One table row laid out on one screen, device, category and locale.
public struct RowObservation: Sendable, Equatable {
    public var screen: String
    public var row: String
    public var device: String
    public var category: String
    public var categoryIndex: Int
    public var locale: String
    /// Height the row gets, in points (fixed or self-sized).
    public var height: Double
    /// The configured fixed height, nil when the row self-sizes.
    public var fixedHeight: Double?
    /// Height its content needs (labels, spacing, insets), in points.
    public var contentHeight: Double
    /// How far the content exceeds the fixed height (0 when it fits or the row self-sizes).
    public var clippedBy: Double

    public init(screen: String, row: String, device: String, category: String, categoryIndex: Int, locale: String,
                height: Double, fixedHeight: Double? = nil, contentHeight: Double, clippedBy: Double = 0) {
        self.screen = screen
        self.row = row
        self.device = device
        self.category = category
        self.categoryIndex = categoryIndex
        self.locale = locale
        self.height = height
        self.fixedHeight = fixedHeight
        self.contentHeight = contentHeight
        self.clippedBy = clippedBy
    }
}

/// One screen laid out on one device, category and locale.
public struct ScreenObservation: Sendable, Equatable {
    public var screen: String
    public var device: String
    public var category: String
    public var categoryIndex: Int
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
    public var tallestRowHeight: Double
    /// The screen's configured minimum of fully visible rows; nil to use `CheckContext.minimumRowsVisible`.
    public var minimumRowsVisible: Int?

    public init(screen: String, device: String, category: String, categoryIndex: Int, locale: String,
                contentHeight: Double, rowCount: Int, rowsVisible: Double, fullyVisibleRows: Int,
                tallestRow: String? = nil, tallestRowHeight: Double = 0, minimumRowsVisible: Int? = nil) {
        self.screen = screen
        self.device = device
        self.category = category
        self.categoryIndex = categoryIndex
        self.locale = locale
        self.contentHeight = contentHeight
        self.rowCount = rowCount
        self.rowsVisible = rowsVisible
        self.fullyVisibleRows = fullyVisibleRows
        self.tallestRow = tallestRow
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
    /// Point sizes for the 12 categories in `CategoryOrder.names` order.
    public var pointSizes: [Double]
    public var maximumPointSize: Double?
    public var minimumPointSize: Double?
    public var isCustomFont: Bool
    /// Fonts (ids) that set this style's text in other scripts (the config's `fallbackFonts`).
    public var fallbackFonts: [String]

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

/// Everything one audit run looks at.
public struct AuditInput: Sendable, Equatable {
    public var labels: [LabelObservation]
    public var rows: [RowObservation]
    public var screens: [ScreenObservation]
    public var styles: [StyleObservation]
    public var fonts: [FontObservation]
    /// Renderings of the config's web views (WebObservations.swift).
    public var web: [WebPageObservation]

    public init(labels: [LabelObservation] = [], rows: [RowObservation] = [], screens: [ScreenObservation] = [],
                styles: [StyleObservation] = [], fonts: [FontObservation] = [], web: [WebPageObservation] = []) {
        self.web = web
        self.labels = labels
        self.rows = rows
        self.screens = screens
        self.styles = styles
        self.fonts = fonts
    }
}
