import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports

/// The fonts of one thread: a face per planned font, a cascade of measurers per font, and a
/// variant of it per locale (line breaking follows the locale; shaping does not: a font's
/// features and language are its own), so every locale shares the font's shaped words and a
/// text shown in several locales is measured once (`LayoutCache`). The system font's widths
/// depend on the point size (optical size, tracking, calibration: `SystemFontSource`), so it has a
/// cascade per size, whose measurers share the faces and shaped words of every size measured with
/// the same faces. FreeType faces are not thread-safe, so each thread has its own set; nothing
/// else of the plan is rebuilt per thread.
final class FontSet {
    let plan: AuditPlan
    private let faces: [FontFace]
    private var cascades: [FontKey: CascadeMeasurer] = [:]
    private var measurers: [MeasurerKey: CascadeMeasurer] = [:]
    /// One engine measurer per font (and size, for the system font), shared by every cascade that
    /// has the font (a fallback serves each primary font and each script it is the fallback for)
    /// and by every locale: each holds a segment cache, so a measurer per cascade member or locale
    /// would multiply them.
    private var members: [FontKey: CascadeMeasurer.Member] = [:]
    /// The system font's faces, by the sizes they measure (``SystemFontSource/facesKey(size:)``),
    /// with the measurer of the first such size: every other size recalibrates it, sharing its
    /// shaped words.
    private var systemFaces: [SystemFacesKey: (SystemFontSource.Faces, EngineMeasurer)] = [:]
    private struct SystemFacesKey: Hashable {
        var font: FontID
        var faces: Double
    }
    /// Each locale's line breaks, shared by its measurers of every font and size.
    private var breakMemos: [Int: LineBreakMemo] = [:]
    /// Fonts some style draws with (cascade primaries).
    private let styleFonts: Set<FontID>
    /// Measured texts reused across categories, devices, locales and variants.
    let layoutCache = LayoutCache()

    /// A font, at a point size when it is the system font (nil for every other font).
    private struct FontKey: Hashable {
        var font: FontID
        var size: Double?
    }

    private struct MeasurerKey: Hashable {
        var font: FontKey
        var locale: Int
    }

    /// The size the system font is measured at where no size applies (a text's missing
    /// characters, ink and fonts used): the body size at Large.
    static let systemReferenceSize = 17.0

    init(plan: AuditPlan) throws {
        self.plan = plan
        faces = try plan.fonts.map { font in
            do { return try font.open() } catch {
                throw ConfigError(file: plan.config.file, message: "font \"\(font.name)\": \(error)")
            }
        }
        styleFonts = Set(plan.styles.map(\.font))
    }

    /// Whether `font`'s widths depend on the point size (the system font).
    func isSizeDependent(_ font: FontID) -> Bool { plan.font(font).system != nil }

    /// The measurer of `font` in the plan's locale `locale`, with the configured fallbacks; for the
    /// system font, at `size` (default: ``systemReferenceSize``).
    func measurer(_ font: FontID, locale: Int, size: Double? = nil) throws -> CascadeMeasurer {
        let key = MeasurerKey(font: fontKey(font, size: size), locale: locale)
        if let m = measurers[key] { return m }
        if breakMemos[locale] == nil { breakMemos[locale] = LineBreakMemo(locale: plan.locales[locale]) }
        let m = try cascade(key.font).breakingLines(as: plan.locales[locale], breaks: breakMemos[locale])
        measurers[key] = m
        return m
    }

    private func fontKey(_ font: FontID, size: Double?) -> FontKey {
        FontKey(font: font, size: isSizeDependent(font) ? size ?? Self.systemReferenceSize : nil)
    }

    /// The fast-path cache of a font some style draws with: 65,536 words and lines, 2 MiB of text
    /// (it measures the words of every locale; the default one was emptied about 14 times per
    /// thread in the whole-app benchmark, each time shaping its words again).
    static let primaryCacheLimits = FastMeasurer.CacheLimits(entries: 1 << 16, bytes: 2 << 20)
    /// The fast-path cache of a system-font face that measures one size alone: 32,768 words and
    /// lines, 1 MiB of text.
    static let oneSizeCacheLimits = FastMeasurer.CacheLimits(entries: 1 << 15, bytes: 1 << 20)

    /// The cascade of `key` (its measurers shared by every locale's variant).
    private func cascade(_ key: FontKey) throws -> CascadeMeasurer {
        if let known = cascades[key] { return known }
        func member(_ key: FontKey) throws -> CascadeMeasurer.Member {
            if let known = members[key] { return known }
            let id = key.font
            let f = plan.font(id)
            // The large cache for the fonts styles draw with; half of it for the system font's faces
            // of one size alone (the stand-in's optical sizes between 18.375 and 25.25 pt, up to
            // seven per weight), whose words recur at no other size.
            let serving = f.system.map { system in key.size.map(system.facesServeManySizes) ?? true } ?? true
            let limits = !styleFonts.contains(id) ? EngineMeasurer.defaultCacheLimits
                : serving ? Self.primaryCacheLimits : Self.oneSizeCacheLimits
            let measurer: EngineMeasurer
            if let system = f.system, let size = key.size {
                let facesKey = SystemFacesKey(font: id, faces: system.facesKey(size: size))
                if let (faces, base) = systemFaces[facesKey] {
                    measurer = base.recalibrated(system.calibration(size: size, faces: faces))
                } else {
                    let faces = try system.faces(size: size)
                    measurer = try EngineMeasurer(face: faces.face, calibration: system.calibration(size: size, faces: faces),
                                                  cacheLimits: limits)
                    systemFaces[facesKey] = (faces, measurer)
                }
            } else {
                measurer = try EngineMeasurer(face: faces[id.index], lineHeightRule: plan.lineHeightRule,
                                              features: f.features, language: f.language, cacheLimits: limits)
            }
            let made = CascadeMeasurer.Member(id: f.name, measurer: measurer, font: id)
            members[key] = made
            return made
        }
        var fallbacks: [String: CascadeMeasurer.Member] = [:]
        for (script, id) in plan.fallbackFonts where id != key.font {
            fallbacks[script] = try member(fontKey(id, size: key.size))
        }
        let cascade = CascadeMeasurer(primary: try member(key), fallbacks: fallbacks)
        cascades[key] = cascade
        return cascade
    }
}

/// Where one screen layout of a unit is: device, orientation, category and string-variant pass.
public struct LayoutPlace: Hashable, Sendable {
    public var device: Int
    public var orientation: Orientation
    public var category: ContentSizeCategory
    /// 0 for the first variant of every label; pass p shows variant p of the labels that have one.
    public var pass: Int
}

/// One screen of a unit laid out at one place: the screen layout (repeated rows copied, not laid
/// out again), and what the unit's labels are (`PreparedUnit`: texts shown, style sizes).
struct UnitLayout {
    var place: LayoutPlace
    var layout: ScreenLayout
    let unit: PreparedUnit

    /// For each planned row (by `RowID.index`), its first position in `layout.rows`.
    var firstRow: [Int] { unit.firstRow }
    /// The text label `l` of planned row `r` shows in this layout (its pass's variant).
    func text(_ r: Int, _ l: Int) -> PlannedText { unit.labels[r][l].texts[place.pass] }
    /// The style size of label `l` of row `r` on this device at this category (before autoshrink).
    func requestedPointSize(_ r: Int, _ l: Int) -> Double {
        unit.labels[r][l].sizes[place.device][place.category.position].pointSize
    }
    /// The style size of label `l` of row `r` on this device at Large.
    func largePointSize(_ r: Int, _ l: Int) -> Double {
        unit.labels[r][l].sizes[place.device][ContentSizeCategory.large.position].pointSize
    }
}

/// A unit's labels as each of its layouts needs them, resolved once per unit rather than once per
/// label layout: each label's style (all but the size), its text in each variant pass (as shown,
/// letter case applied, and prepared in the thread's `LayoutCache`), and its style's 12 sizes on
/// each device. A unit is laid out 24 times per pass in the whole-app audit (2 devices × 12
/// categories), so this is what the plan lookups, the text hashing and the struct copies of each
/// layout were.
final class PreparedUnit {
    struct Label {
        /// The label's style with everything but `pointSize` and `lineHeight` (set per category).
        var style: LabelStyle
        var lineHeight: StyleLineHeight
        var name: String
        /// By pass: the variant shown, its text as shown, and that text prepared for layout.
        var texts: [PlannedText]
        var shown: [String]
        var prepared: [PreparedText]
        /// By device (the pipeline's order), the style's size at each category.
        var sizes: [[ScaledSize]]
        /// The label's width rule (`PlannedLabel.width`).
        var width: RowLabelWidth = .content
        /// For the system font, whose widths depend on the size: by point size, its measurer and
        /// each pass's text prepared with it (`style` and `prepared` then hold the 17 pt ones).
        var bySize: [Double: Sized] = [:]
        /// How the system font's widths were measured (nil for any other font).
        var systemMethod: SystemFontMethod?
    }

    /// A system-font label's measurer at one size and its texts prepared with it.
    struct Sized {
        var font: CascadeMeasurer
        var prepared: [PreparedText]
    }

    let passes: Int
    /// By planned row, then label.
    let labels: [[Label]]
    /// For each planned row, its first position among the layout's rows (repeats counted).
    let firstRow: [Int]
    /// The devices' scales (pixels per point), in the pipeline's order.
    let scales: [Double]

    init(passes: Int, labels: [[Label]], firstRow: [Int], scales: [Double]) {
        self.passes = passes
        self.labels = labels
        self.firstRow = firstRow
        self.scales = scales
    }

    /// Label `l` of row `r` as laid out at `place`: its style at the category's size (with the
    /// system font's measurer at that size) and its text prepared for that measurer.
    func label(_ r: Int, _ l: Int, at place: LayoutPlace) -> (style: LabelStyle, prepared: PreparedText) {
        // Read in place (a copy of the label retains a dozen strings and arrays): this runs once per
        // label of every layout.
        let size = labels[r][l].sizes[place.device][place.category.position]
        var style = labels[r][l].style
        style.pointSize = size.pointSize
        switch labels[r][l].lineHeight {
        case .font: style.lineHeight = nil
        case .hig(let ts): style.lineHeight = ts.leading(at: place.category)
        case .points(let p): style.lineHeight = p
        case .model: style.lineHeight = size.lineHeight
        }
        var prepared = labels[r][l].prepared[place.pass]
        if !labels[r][l].bySize.isEmpty, let sized = labels[r][l].bySize[size.pointSize] {
            // The system font measured at this size (autoshrink keeps this size's widths).
            style.font = sized.font
            prepared = sized.prepared[place.pass]
        }
        return (style, prepared)
    }

    /// For label `l` of row `r` whose system text a stand-in measured: its error band at `place`,
    /// and whether it shows all its text, at its requested size, when it is `width` × (1 + δ)
    /// wide (the text δ narrower). Nil for text measured in its own font or in SF Pro. Text that
    /// `fallbackFont` partly drew has no band (δ is Latin text's): it is marked unverified instead,
    /// with SF Pro too.
    func widthEstimate(_ r: Int, _ l: Int, at place: LayoutPlace, width: Double, needsCheck: Bool,
                       fallbackFont: String?) -> WidthEstimate? {
        guard let method = labels[r][l].systemMethod else { return nil }
        let size = labels[r][l].sizes[place.device][place.category.position].pointSize
        let band = method.errorBandPercent(size: size)
        if let fallbackFont { return WidthEstimate(bandPercent: band, fitsWithinBand: false, fallbackFont: fallbackFont) }
        guard band > 0 else { return nil }
        guard needsCheck else { return WidthEstimate(bandPercent: band, fitsWithinBand: true) }
        let (style, prepared) = label(r, l, at: place)
        let wider = style.layout(prepared, width: width * (1 + band / 100), scale: scales[place.device])
        return WidthEstimate(bandPercent: band, fitsWithinBand: wider.truncation == nil && wider.pointSize >= size)
    }
}

/// What a text is made of in a font cascade, whatever its size: characters no font has (with
/// the installed font fontconfig would draw them with), the fonts used, and its ink in font units.
struct TextFacts {
    var missing: [Unicode.Scalar]
    var fallback: String?
    var ink: InkBox?
    var fontsUsed: [String]
    /// The ink by the font that draws it, each in its own font units (a fallback's glyphs are the
    /// fallback's ink, not the label font's).
    var inkByFont: [(font: FontID, ink: InkBox)] = []
}

/// Lays out and observes units on one thread.
final class UnitRunner {
    let plan: AuditPlan
    let fonts: FontSet
    private var facts: [FactsKey: TextFacts] = [:]
    /// Each style's 12 sizes on a device scale (a scaling model is built once per style and scale).
    private var sizeTable: [SizesKey: [ScaledSize]] = [:]

    private struct SizesKey: Hashable {
        var style: StyleID
        var scale: Double
    }

    private struct FactsKey: Hashable {
        var font: FontID
        var text: String
    }

    init(plan: AuditPlan) throws {
        self.plan = plan
        self.fonts = try FontSet(plan: plan)
    }

    /// The number of variant passes a unit needs (the most variants any label has).
    func passes(_ screen: PlannedScreen, locale: Int) -> Int {
        screen.rows.flatMap { $0.labels.map { $0.texts[locale].count } }.max() ?? 1
    }

    /// What every layout of `screen` in `locale` on `devices` needs of its labels, in `passes` passes.
    func prepare(_ screen: PlannedScreen, locale: Int, devices: [Device], passes: Int) throws -> PreparedUnit {
        var firstRow: [Int] = []
        var position = 0
        let labels = try screen.rows.map { row -> [PreparedUnit.Label] in
            firstRow.append(position)
            position += row.repeatCount
            return try row.labels.map { label -> PreparedUnit.Label in
                let style = plan.style(label.style)
                let measurer = try fonts.measurer(style.font, locale: locale)
                let variants = label.texts[locale]
                let texts = (0..<passes).map { variants[min($0, variants.count - 1)] }
                let shown = texts.map { style.letterCase.apply($0.text) }
                var ls = LabelStyle(font: measurer, pointSize: 0, lineHeight: nil,
                                    numberOfLines: label.lines, lineBreakMode: label.lineBreak,
                                    letterSpacing: style.letterSpacing, lineHeightMultiple: style.lineHeightMultiple,
                                    minimumLineHeight: style.minimumLineHeight, maximumLineHeight: style.maximumLineHeight,
                                    adjustsFontSizeToFitWidth: label.autoshrink != nil,
                                    minimumScaleFactor: label.autoshrink ?? 0, lineHeightFonts: plan.lineHeightFonts)
                ls.cache = fonts.layoutCache
                let styleSizes = devices.map { sizes(style, scale: $0.scale) }
                var bySize: [Double: PreparedUnit.Sized] = [:]
                if fonts.isSizeDependent(style.font) {
                    for size in Set(styleSizes.joined().map(\.pointSize)) {
                        let sized = try fonts.measurer(style.font, locale: locale, size: size)
                        bySize[size] = PreparedUnit.Sized(font: sized, prepared: shown.map { fonts.layoutCache.prepare($0, font: sized) })
                    }
                }
                return PreparedUnit.Label(
                    style: ls, lineHeight: style.lineHeight, name: label.name, texts: texts, shown: shown,
                    prepared: shown.map { fonts.layoutCache.prepare($0, font: measurer) },
                    sizes: styleSizes, width: label.width, bySize: bySize, systemMethod: plan.font(style.font).system?.method)
            }
        }
        return PreparedUnit(passes: passes, labels: labels, firstRow: firstRow, scales: devices.map(\.scale))
    }

    /// Lays out `screen` (prepared as `unit`) on `device` at `place`.
    func layout(_ screen: PlannedScreen, unit: PreparedUnit, device: Device, place: LayoutPlace) -> UnitLayout {
        let category = place.category
        let ui = Screen(device: device, orientation: place.orientation, navigationBar: screen.navigationBar,
                        tabBar: screen.tabBar, toolbar: screen.toolbar, width: screen.width)
        let context = ui.rowContext(isAccessibilityCategory: category.isAccessibility)
        var rows: [RowLayout] = []
        rows.reserveCapacity(unit.firstRow.last.map { $0 + (screen.rows.last?.repeatCount ?? 0) } ?? 0)
        // Planned rows and prepared labels are read in place (a copy of either retains a dozen
        // strings and arrays): this runs once per row of every layout.
        for r in screen.rows.indices {
            var items: [RowItem] = []
            items.reserveCapacity(unit.labels[r].count)
            for l in unit.labels[r].indices {
                let (ls, prepared) = unit.label(r, l, at: place)
                items.append(.label(RowLabel(id: unit.labels[r][l].name, text: unit.labels[r][l].shown[place.pass],
                                             style: ls, prepared: prepared,
                                             width: unit.labels[r][l].width)))
            }
            if screen.rows[r].hasPair, items.count >= 2, case .label(let title) = items[items.count - 2],
               case .label(let value) = items[items.count - 1] {
                items.removeLast(2)
                items.append(.pair(title: title, value: value))
            }
            let built = Row(items: items, spacing: screen.rows[r].spacing,
                            stackAtAccessibilitySizes: screen.rows[r].stackAtAccessibilitySizes,
                            leadingImageWidth: screen.rows[r].leadingImageWidth, accessoryWidth: screen.rows[r].accessoryWidth,
                            insetTop: screen.rows[r].insetTop, insetBottom: screen.rows[r].insetBottom,
                            layoutMargin: screen.rows[r].layoutMargin, height: screen.rows[r].height)
            // A repeated row is laid out once and shown `repeatCount` times.
            let laid = built.layout(in: context)
            let repeats = screen.rows[r].repeatCount
            if repeats == 1 { rows.append(laid) } else { rows.append(contentsOf: repeatElement(laid, count: repeats)) }
        }
        let layout = ScreenLayout(device: device.name, orientation: place.orientation, contentTop: ui.contentTop,
                                  contentHeight: ui.contentHeight, rows: rows)
        return UnitLayout(place: place, layout: layout, unit: unit)
    }

    /// `style`'s 12 sizes on a device of `scale`, smallest category first.
    private func sizes(_ style: PlannedStyle, scale: Double) -> [ScaledSize] {
        let key = SizesKey(style: style.id, scale: scale)
        if let known = sizeTable[key] { return known }
        let model = style.makeModel(scale)
        let all = ContentSizeCategory.allCases.map { model.size(at: $0) }
        sizeTable[key] = all
        return all
    }

    /// `TextFacts` of a text in a label's cascade, computed once per font and text.
    func facts(_ text: String, font: FontID, measurer: CascadeMeasurer) -> TextFacts {
        let key = FactsKey(font: font, text: text)
        if let cached = facts[key] { return cached }
        let missing = measurer.missingCharacters(in: text)
        let result = TextFacts(missing: missing, fallback: missing.isEmpty ? nil : plan.fallbackFinder.fallback(for: missing),
                               ink: measurer.inkBox(of: text[...]), fontsUsed: measurer.fontsUsed(in: text),
                               inkByFont: measurer.inkByFont(of: text[...]).compactMap { part in
                                   part.member.font.map { (font: $0, ink: part.ink) }
                               })
        if facts.count > 50_000 { facts.removeAll(keepingCapacity: true) }
        facts[key] = result
        return result
    }
}
