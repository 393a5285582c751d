/// The result of laying out one label. Codable, deterministic.
public struct LabelLayout: Sendable, Hashable, Codable {
    /// One laid-out line.
    public struct Line: Sendable, Hashable, Codable {
        /// The source text the line covers (UTF-16), trailing whitespace and line break included;
        /// for a truncated line, from its start to the end of the text.
        public var range: TextRange
        /// What the line shows: trailing whitespace removed, "…" inserted when truncated.
        public var text: String
        /// Width in points of what the line shows (shaped as one run; letter-spacing included).
        public var width: Double
        /// The line box's height in points at the requested size (the paragraph rules over the
        /// natural height of the fonts the line uses; see `LineHeightFonts`).
        public var height: Double
        /// Distance in points from the label's top to this line's baseline, as drawn (after autoshrink).
        public var baseline: Double
    }
    /// Where truncation removed text.
    public struct Truncation: Sendable, Hashable, Codable {
        /// The mode that truncated.
        public var mode: LineBreakMode
        /// The source text (UTF-16) not shown.
        public var removed: TextRange
        /// Whether an ellipsis is shown (false for wordWrap, charWrap and clip).
        public var ellipsis: Bool
    }
    /// How far glyph ink goes beyond the label's box, in points (0 = inside).
    public struct InkOverflow: Sendable, Hashable, Codable {
        public var top: Double
        public var bottom: Double
        public var left: Double
        public var right: Double
        public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
            self.top = top
            self.bottom = bottom
            self.left = left
            self.right = right
        }
        /// Where the largest overflow comes from: its line and the character(s) whose ink
        /// reaches furthest on that side; nil when nothing overflows.
        public var source: Source?
        /// Whether any side overflows.
        public var overflows: Bool { top > 0 || bottom > 0 || left > 0 || right > 0 }

        /// The line and characters of the largest overflow.
        public struct Source: Sendable, Hashable, Codable {
            /// 1-based line of the label.
            public var line: Int
            /// What the line shows.
            public var lineText: String
            /// The grapheme clusters whose ink reaches furthest on that side (measured one by one),
            /// in text order, without repeats; e.g. `["j"]` for a "j" starting a line.
            public var characters: [String]
            /// The fallback fonts that drew those characters (font ids, without repeats), empty
            /// when the label's own font drew them all: the ink is that font's, not the label's.
            public var fonts: [String]
            public init(line: Int, lineText: String, characters: [String], fonts: [String] = []) {
                self.line = line
                self.lineText = lineText
                self.characters = characters
                self.fonts = fonts
            }
        }
    }

    /// The lines, in order.
    public var lines: [Line]
    /// The label's box width in points (the available width).
    public var width: Double
    /// The label font's line height in points (at the requested size; see docs/layout.md for
    /// autoshrink). A line drawn in a taller fallback font is taller: see `Line.height`.
    public var lineHeight: Double
    /// The sum of the lines' heights, rounded up to the pixel or point.
    public var height: Double
    /// Non-nil when some text is not shown.
    public var truncation: Truncation?
    /// Scale factor applied by autoshrink (1 = none).
    public var shrinkFactor: Double
    /// The point size drawn: requested size × shrinkFactor.
    public var pointSize: Double
    /// Single-line natural width at the requested size: the widest paragraph, trailing whitespace hanging.
    public var neededWidth: Double
    /// Single-line natural width at the size drawn (after autoshrink; `neededWidth` without it):
    /// what a single-line label needs as UIKit draws it.
    public var drawnWidth: Double
    /// Ink beyond the box.
    public var inkOverflow: InkOverflow
    /// Lines the text needs at the requested size with no line limit (= `lineCount` unless
    /// truncated): counted while laying out, so nobody lays the label out a second time.
    public var neededLineCount: Int

    /// Whether some text is not shown.
    public var truncated: Bool { truncation != nil }
    /// Number of lines.
    public var lineCount: Int { lines.count }
}
