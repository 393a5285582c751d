/// How wide a stacked label is laid out in its row.
public enum RowLabelWidth: Sendable, Hashable {
    /// The stack's content width (the row's width less margins, leading image and accessory).
    case content
    /// A fixed width in points.
    case fixed(Double)
    /// A share of the row's width inside the safe area after fixed insets:
    /// `fraction` × (width − safe areas − `leading` − `trailing`); 1 with insets = a view pinned to both sides.
    case share(Double, leading: Double, trailing: Double)

    /// The width in `context`, given the stack's content width.
    public func resolve(contentWidth: Double, in context: RowContext) -> Double {
        switch self {
        case .content: return contentWidth
        case .fixed(let w): return max(0, w)
        case .share(let f, let leading, let trailing):
            return max(0, f * (context.width - context.safeAreaLeft - context.safeAreaRight - leading - trailing))
        }
    }
}

/// A label placed in a row: an id for reports, its text (already letter-cased) and style.
public struct RowLabel {
    public var id: String
    public var text: String
    public var style: LabelStyle
    /// `text` prepared in the style's `LayoutCache` (`LayoutCache.prepare`), when the caller lays
    /// it out many times; nil: looked up at each layout. Its text must be `text`.
    public var prepared: PreparedText?
    /// Its width when stacked (`.content` by default; a pair's labels share the content width).
    public var width: RowLabelWidth
    public init(id: String, text: String, style: LabelStyle, prepared: PreparedText? = nil, width: RowLabelWidth = .content) {
        self.id = id
        self.text = text
        self.style = style
        self.prepared = prepared
        self.width = width
    }

    /// The label laid out `width` points wide.
    func layout(width: Double, scale: Double) -> LabelLayout {
        if let prepared { return style.layout(prepared, width: width, scale: scale) }
        return style.layout(text, width: width, scale: scale)
    }
}

/// One entry of a row's vertical stack.
public enum RowItem {
    /// A label using the full content width.
    case label(RowLabel)
    /// A title with a trailing value on one line; stacked (value under title) when both at their
    /// natural width plus `pairSpacing` do not fit, or at accessibility sizes if asked.
    case pair(title: RowLabel, value: RowLabel)
}

/// Row height rule.
public enum RowHeight: Sendable, Hashable, Codable {
    /// Self-sizing: max(content + insets, minimum).
    case automatic(minimum: Double)
    /// A fixed height: content beyond it is clipped (reported as `clippedBy`).
    case fixed(Double)
}

/// A table cell: margins, insets, an optional leading image and trailing accessory, and a
/// vertical stack of labels. Defaults are documented in docs/layout.md ("Rows").
public struct Row {
    /// The stack, top to bottom.
    public var items: [RowItem]
    /// Vertical spacing between stack items (and between a stacked pair's title and value).
    public var spacing: Double
    /// Horizontal spacing between a pair's title and value.
    public var pairSpacing: Double
    /// Force pairs to stack at accessibility categories (else only when they do not fit).
    public var stackAtAccessibilitySizes: Bool
    /// Width of a leading image (nil = none), and the space after it.
    public var leadingImageWidth: Double?
    public var imageSpacing: Double
    /// Width of a trailing accessory (nil = none), and the space before it.
    public var accessoryWidth: Double?
    public var accessorySpacing: Double
    /// Content insets above and below the stack (default 11 / 11).
    public var insetTop: Double
    public var insetBottom: Double
    /// Horizontal layout margins; nil = 16 pt in compact width, 20 pt in regular width.
    public var layoutMargin: Double?
    /// Height rule (default automatic with a 44 pt minimum).
    public var height: RowHeight

    public init(items: [RowItem], spacing: Double = 0, pairSpacing: Double = 8,
                stackAtAccessibilitySizes: Bool = false,
                leadingImageWidth: Double? = nil, imageSpacing: Double = 16,
                accessoryWidth: Double? = nil, accessorySpacing: Double = 16,
                insetTop: Double = 11, insetBottom: Double = 11, layoutMargin: Double? = nil,
                height: RowHeight = .automatic(minimum: 44)) {
        self.items = items
        self.spacing = spacing
        self.pairSpacing = pairSpacing
        self.stackAtAccessibilitySizes = stackAtAccessibilitySizes
        self.leadingImageWidth = leadingImageWidth
        self.imageSpacing = imageSpacing
        self.accessoryWidth = accessoryWidth
        self.accessorySpacing = accessorySpacing
        self.insetTop = insetTop
        self.insetBottom = insetBottom
        self.layoutMargin = layoutMargin
        self.height = height
    }
}

/// Where a row is laid out: its full width, safe-area side insets, size class, scale, and
/// whether the content size category is an accessibility one.
public struct RowContext: Sendable, Hashable, Codable {
    public var width: Double
    public var safeAreaLeft: Double
    public var safeAreaRight: Double
    public var widthClass: WidthClass
    public var scale: Double
    public var isAccessibilityCategory: Bool
    public init(width: Double, safeAreaLeft: Double = 0, safeAreaRight: Double = 0,
                widthClass: WidthClass = .compact, scale: Double = 2, isAccessibilityCategory: Bool = false) {
        self.width = width
        self.safeAreaLeft = safeAreaLeft
        self.safeAreaRight = safeAreaRight
        self.widthClass = widthClass
        self.scale = scale
        self.isAccessibilityCategory = isAccessibilityCategory
    }
}

/// A label's frame in row coordinates and its layout.
public struct LabelFrame: Sendable, Hashable, Codable {
    /// The `RowLabel.id`.
    public var id: String
    /// Origin and size in points, relative to the row's top-left corner.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The label's own layout (lines, truncation, ink overflow…).
    public var label: LabelLayout
}

/// The result of laying out a row.
public struct RowLayout: Sendable, Hashable, Codable {
    /// The row's height in points.
    public var height: Double
    /// insetTop + stack + insetBottom.
    public var contentHeight: Double
    /// How much content exceeds a fixed height (0 for automatic rows).
    public var clippedBy: Double
    /// Width available to the stack.
    public var contentWidth: Double
    /// Every label, in stack order (a pair gives title then value).
    public var labels: [LabelFrame]
    /// For each pair, in order: whether it was stacked.
    public var pairsStacked: [Bool]
    /// The lowest a label's text may reach: a fixed row's height less its bottom inset (the insets
    /// are required constraints, so Auto Layout compresses the labels rather than the insets); the
    /// row's height for a self-sizing row.
    public var contentBottom: Double

    /// Whether a label is clipped by the row: the row has a fixed height its content exceeds and
    /// the label's text reaches below the content's bottom (`contentBottom`). A row clips some
    /// label exactly when `clippedBy > 0`: the same rule as the audit's `text.clipped`.
    public func clips(_ frame: LabelFrame) -> Bool {
        clippedBy > 0 && frame.y + frame.height > contentBottom + 1e-9
    }
}

extension Row {
    /// Lays the row out in `context`.
    public func layout(in context: RowContext) -> RowLayout {
        let margin = layoutMargin ?? (context.widthClass == .compact ? 16 : 20)
        var x0 = context.safeAreaLeft + margin
        var contentWidth = context.width - context.safeAreaLeft - context.safeAreaRight - 2 * margin
        if let w = leadingImageWidth {
            x0 += w + imageSpacing
            contentWidth -= w + imageSpacing
        }
        if let w = accessoryWidth { contentWidth -= w + accessorySpacing }
        contentWidth = max(0, contentWidth)
        let scale = context.scale
        var frames: [LabelFrame] = []
        var stacked: [Bool] = []
        var y = insetTop
        frames.reserveCapacity(items.count + 1)
        // Items are read in place, not copied out of the array (each holds labels and styles).
        for i in items.indices {
            if i > 0 { y += spacing }
            switch items[i] {
            case .label(let l):
                let width = l.width == .content ? contentWidth : l.width.resolve(contentWidth: contentWidth, in: context)
                let r = l.layout(width: width, scale: scale)
                frames.append(LabelFrame(id: l.id, x: x0, y: y, width: width, height: r.height, label: r))
                y += r.height
            case .pair(let title, let value):
                let t = title.layout(width: contentWidth, scale: scale)
                let v = value.layout(width: contentWidth, scale: scale)
                let valueWidth = HeightRounding.pixel.roundUp(v.neededWidth, scale: scale)
                let fits = t.neededWidth + pairSpacing + valueWidth <= contentWidth + 1e-9
                let stack = !fits || (stackAtAccessibilitySizes && context.isAccessibilityCategory)
                stacked.append(stack)
                if stack {
                    frames.append(LabelFrame(id: title.id, x: x0, y: y, width: contentWidth, height: t.height, label: t))
                    y += t.height + spacing
                    frames.append(LabelFrame(id: value.id, x: x0, y: y, width: contentWidth, height: v.height, label: v))
                    y += v.height
                } else {
                    let titleWidth = contentWidth - valueWidth - pairSpacing
                    let t2 = title.layout(width: titleWidth, scale: scale)
                    let v2 = value.layout(width: valueWidth, scale: scale)
                    frames.append(LabelFrame(id: title.id, x: x0, y: y, width: titleWidth, height: t2.height, label: t2))
                    frames.append(LabelFrame(id: value.id, x: x0 + contentWidth - valueWidth, y: y,
                                             width: valueWidth, height: v2.height, label: v2))
                    y += max(t2.height, v2.height)
                }
            }
        }
        let content = y + insetBottom
        switch height {
        case .automatic(let minimum):
            return RowLayout(height: max(content, minimum), contentHeight: content, clippedBy: 0,
                             contentWidth: contentWidth, labels: frames, pairsStacked: stacked,
                             contentBottom: max(content, minimum))
        case .fixed(let h):
            return RowLayout(height: h, contentHeight: content, clippedBy: max(0, content - h),
                             contentWidth: contentWidth, labels: frames, pairsStacked: stacked,
                             contentBottom: h - insetBottom)
        }
    }
}
