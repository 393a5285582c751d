import Foundation

/// How a label breaks and truncates lines (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wrap at UAX #14 opportunities; a word wider than the line breaks by grapheme clusters.
    case wordWrap
    /// Wrap at any grapheme-cluster boundary.
    case charWrap
    /// Wrap by words; text after the last allowed line is not drawn.
    case clip
    /// The last line starts with "…" and shows the end of the remaining text.
    case truncateHead
    /// The last line shows the start and the end of the remaining text around "…".
    case truncateMiddle
    /// The last line ends with "…" (UILabel's default).
    case truncateTail
}

/// How a label's height is rounded up (UILabel's granularity is uncertain; see docs/layout.md).
public enum HeightRounding: String, Sendable, Hashable, Codable, CaseIterable {
    /// Up to the device pixel, 1/scale pt (default).
    case pixel
    /// Up to the whole point.
    case point
}

/// Which fonts set a line's height (uncertain UIKit behaviour made an option; see docs/layout.md).
public enum LineHeightFonts: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each line by the largest ascent and descent of the fonts actually used on it (CoreText and
    /// TextKit): a line drawn in a taller fallback font is taller (default).
    case fontsUsed
    /// Every line by the label's own font, whatever the fallback fonts draw.
    case labelFont
}

/// Everything about a label except its text and width: the font (through `TextMeasuring`)
/// and the UILabel / NSParagraphStyle properties Layout models.
public struct LabelStyle {
    /// The font.
    public var font: any TextMeasuring
    /// Point size (from the scaling model, for one content size category).
    public var pointSize: Double
    /// Line height in points; nil = the font's `lineMetrics.lineHeight × pointSize / unitsPerEm`.
    public var lineHeight: Double?
    /// Maximum number of lines; 0 = unlimited.
    public var numberOfLines: Int
    /// Wrapping / truncation.
    public var lineBreakMode: LineBreakMode
    /// Points added after every grapheme cluster (UIKit `.kern`).
    public var letterSpacing: Double
    /// `NSParagraphStyle.lineHeightMultiple`; nil or 0 = none.
    public var lineHeightMultiple: Double?
    /// `NSParagraphStyle.minimumLineHeight` in points; nil or 0 = none.
    public var minimumLineHeight: Double?
    /// `NSParagraphStyle.maximumLineHeight` in points; nil or 0 = none.
    public var maximumLineHeight: Double?
    /// `adjustsFontSizeToFitWidth`.
    public var adjustsFontSizeToFitWidth: Bool
    /// `minimumScaleFactor` (0 = never below the point size, as in UIKit).
    public var minimumScaleFactor: Double
    /// Rounding of the label's height.
    public var heightRounding: HeightRounding
    /// Which fonts set each line's natural height.
    public var lineHeightFonts: LineHeightFonts
    /// Measurements shared with other layouts of the same text and font (nil: none kept).
    public var cache: LayoutCache?
    /// Whether layout takes its fast paths (the one-line fit, `TextMeasuring.specialized(for:)`);
    /// false only in tests that check the fast paths give the same layouts as the slow ones.
    var fastPaths = true

    public init(font: any TextMeasuring, pointSize: Double, lineHeight: Double? = nil,
                numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .truncateTail,
                letterSpacing: Double = 0, lineHeightMultiple: Double? = nil,
                minimumLineHeight: Double? = nil, maximumLineHeight: Double? = nil,
                adjustsFontSizeToFitWidth: Bool = false, minimumScaleFactor: Double = 0,
                heightRounding: HeightRounding = .pixel, lineHeightFonts: LineHeightFonts = .fontsUsed) {
        self.font = font
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.letterSpacing = letterSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        self.minimumScaleFactor = minimumScaleFactor
        self.heightRounding = heightRounding
        self.lineHeightFonts = lineHeightFonts
        self.cache = nil
    }

    /// The font's own line height at `size`: (ascender − descender + lineGap) × size / upem.
    func fontLineHeight(at size: Double) -> Double {
        font.lineMetrics.lineHeight * size / font.unitsPerEm
    }

    /// The line height after the paragraph rules at `size`: base (explicit or the font's),
    /// × lineHeightMultiple, then clamped to minimum/maximum line height.
    func resolvedLineHeight(at size: Double, factor: Double) -> Double {
        resolvedLineHeight(natural: fontLineHeight(at: size), factor: factor)
    }

    /// The paragraph rules over a line's natural height (its fonts' line height at the drawn size).
    func resolvedLineHeight(natural: Double, factor: Double) -> Double {
        var h = lineHeight.map { $0 * factor } ?? natural
        if let m = lineHeightMultiple, m > 0 { h *= m }
        if let lo = minimumLineHeight, lo > 0 { h = max(h, lo * factor) }
        if let hi = maximumLineHeight, hi > 0 { h = min(h, hi * factor) }
        return h
    }
}

extension HeightRounding {
    /// Rounds `value` up to the device pixel (1/scale pt) or the point. Values within 1e-9 of a
    /// step stay on it (floating-point noise never adds a pixel).
    public func roundUp(_ value: Double, scale: Double) -> Double {
        let step = self == .pixel ? (scale > 0 ? scale : 1) : 1
        return (value * step - 1e-9).rounded(.up) / step
    }
}
