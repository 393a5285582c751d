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
/// text shown in several locales is measured once (`LayoutCache`). FreeType faces are not
/// thread-safe, so each thread has its own set; nothing else of the plan is rebuilt per thread.
final class FontSet {
    let plan: AuditPlan
    private let faces: [FontFace]
    private var cascades: [FontID: CascadeMeasurer] = [:]
    private var measurers: [MeasurerKey: CascadeMeasurer] = [:]
    /// One engine measurer per font, shared by every cascade that has the font (a fallback serves
    /// each primary font and each script it is the fallback for) and by every locale: each holds
    /// a segment cache, so a measurer per cascade member or locale would multiply them.
    private var members: [FontID: CascadeMeasurer.Member] = [:]
    /// Fonts some style draws with (cascade primaries).
    private let styleFonts: Set<FontID>
    /// Measured texts reused across categories, devices, locales and variants.
    let layoutCache = LayoutCache()

    private struct MeasurerKey: Hashable {
        var font: FontID
        var locale: Int
    }

    init(plan: AuditPlan) throws {
        self.plan = plan
        faces = try plan.fonts.map { font in
            do { return try font.open() } catch {
                throw ConfigError(file: plan.config.file, message: "font \"\(font.name)\": \(error)")
            }
        }
        styleFonts = Set(plan.styles.map(\.font))
    }

    /// The measurer of `font` in the plan's locale `locale`, with the configured fallbacks.
    func measurer(_ font: FontID, locale: Int) throws -> CascadeMeasurer {
        let key = MeasurerKey(font: font, locale: locale)
        if let m = measurers[key] { return m }
        let m = try cascade(font).breakingLines(as: plan.locales[locale])
        measurers[key] = m
        return m
    }

    /// The fast-path cache of a font some style draws with: 65,536 words and lines, 2 MiB of text
    /// (it measures the words of every locale; the default one was emptied about 14 times per
    /// thread in the whole-app benchmark, each time shaping its words again).
    static let primaryCacheLimits = FastMeasurer.CacheLimits(entries: 1 << 16, bytes: 2 << 20)

    /// The cascade of `font` (its measurers shared by every locale's variant).
    private func cascade(_ font: FontID) throws -> CascadeMeasurer {
        if let known = cascades[font] { return known }
        func member(_ id: FontID) throws -> CascadeMeasurer.Member {
            if let known = members[id] { return known }
            let f = plan.font(id)
            let made = CascadeMeasurer.Member(id: f.name, measurer: try EngineMeasurer(
                face: faces[id.index], lineHeightRule: plan.lineHeightRule, features: f.features, language: f.language,
                cacheLimits: styleFonts.contains(id) ? Self.primaryCacheLimits : EngineMeasurer.defaultCacheLimits))
            members[id] = made
            return made
        }
        var fallbacks: [String: CascadeMeasurer.Member] = [:]
        for (script, id) in plan.fallbackFonts where id != font { fallbacks[script] = try member(id) }
        let cascade = CascadeMeasurer(primary: try member(font), fallbacks: fallbacks)
        cascades[font] = cascade
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
/// out again), and for each planned row its first copy's position and the texts shown.
struct UnitLayout {
    var place: LayoutPlace
    var layout: ScreenLayout
    /// For each planned row (by `RowID.index`), its first position in `layout.rows`.
    var firstRow: [Int]
    /// Texts shown, by planned row then label (the variant of this pass).
    var texts: [[PlannedText]]
    /// Each label's style sizes on this device: at this category (before autoshrink) and at Large.
    var requestedPointSizes: [[Double]]
    var largePointSizes: [[Double]]
}

/// What a text is made of in a font cascade, whatever its size: characters no font has (with
/// the installed font fontconfig would draw them with), the fonts used, and its ink in font units.
struct TextFacts {
    var missing: [Unicode.Scalar]
    var fallback: String?
    var ink: InkBox?
    var fontsUsed: [String]
}

/// Lays out and observes units on one thread.
final class UnitRunner {
    let plan: AuditPlan
    let fonts: FontSet
    private var facts: [FactsKey: TextFacts] = [:]
    /// Each style's 12 sizes on a device scale (a scaling model is built once per style and scale).
    private var sizes: [SizesKey: [ScaledSize]] = [:]

    private struct SizesKey: Hashable {
        var style: StyleID
        var scale: Double
    }

    /// The size of `style` at `category` on a device of `scale`.
    func size(_ style: PlannedStyle, at category: ContentSizeCategory, scale: Double) -> ScaledSize {
        let key = SizesKey(style: style.id, scale: scale)
        if let known = sizes[key] { return known[category.position] }
        let model = style.makeModel(scale)
        let all = ContentSizeCategory.allCases.map { model.size(at: $0) }
        sizes[key] = all
        return all[category.position]
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

    /// Lays out `screen` in `locale` at `place`.
    func layout(_ screen: PlannedScreen, locale: Int, device: Device, place: LayoutPlace) throws -> UnitLayout {
        let category = place.category
        let ui = Screen(device: device, orientation: place.orientation, navigationBar: screen.navigationBar,
                        tabBar: screen.tabBar, toolbar: screen.toolbar)
        let context = ui.rowContext(isAccessibilityCategory: category.isAccessibility)
        var rows: [RowLayout] = []
        var firstRow: [Int] = []
        var texts: [[PlannedText]] = []
        var requested: [[Double]] = [], large: [[Double]] = []
        for row in screen.rows {
            var rowRequested: [Double] = [], rowLarge: [Double] = []
            var rowTexts: [PlannedText] = []
            var rowLabels: [RowLabel] = []
            for label in row.labels {
                let variants = label.texts[locale]
                let text = variants[min(place.pass, variants.count - 1)]
                let style = plan.style(label.style)
                let measurer = try fonts.measurer(style.font, locale: locale)
                rowTexts.append(text)
                let ls = labelStyle(label, style: style, measurer: measurer, category: category, scale: device.scale)
                rowRequested.append(ls.pointSize)
                rowLarge.append(size(style, at: .large, scale: device.scale).pointSize)
                rowLabels.append(RowLabel(id: label.name, text: style.letterCase.apply(text.text), style: ls))
            }
            var items = rowLabels.map { RowItem.label($0) }
            if row.hasPair, rowLabels.count >= 2 {
                items.removeLast(2)
                items.append(.pair(title: rowLabels[rowLabels.count - 2], value: rowLabels[rowLabels.count - 1]))
            }
            let built = Row(items: items, spacing: row.spacing, stackAtAccessibilitySizes: row.stackAtAccessibilitySizes,
                            leadingImageWidth: row.leadingImageWidth, accessoryWidth: row.accessoryWidth,
                            insetTop: row.insetTop, insetBottom: row.insetBottom, layoutMargin: row.layoutMargin,
                            height: row.height)
            // A repeated row is laid out once and shown `repeatCount` times.
            let laid = built.layout(in: context)
            firstRow.append(rows.count)
            rows.append(contentsOf: repeatElement(laid, count: row.repeatCount))
            texts.append(rowTexts)
            requested.append(rowRequested)
            large.append(rowLarge)
        }
        let layout = ScreenLayout(device: device.name, orientation: place.orientation, contentTop: ui.contentTop,
                                  contentHeight: ui.contentHeight, rows: rows)
        return UnitLayout(place: place, layout: layout, firstRow: firstRow, texts: texts,
                          requestedPointSizes: requested, largePointSizes: large)
    }

    private func labelStyle(_ label: PlannedLabel, style: PlannedStyle, measurer: CascadeMeasurer,
                            category: ContentSizeCategory, scale: Double) -> LabelStyle {
        let size = size(style, at: category, scale: scale)
        var lineHeight: Double?
        switch style.lineHeight {
        case .font: lineHeight = nil
        case .hig(let ts): lineHeight = ts.leading(at: category)
        case .points(let p): lineHeight = p
        case .model: lineHeight = size.lineHeight
        }
        var ls = LabelStyle(font: measurer, pointSize: size.pointSize, lineHeight: lineHeight,
                            numberOfLines: label.lines, lineBreakMode: label.lineBreak,
                            letterSpacing: style.letterSpacing, lineHeightMultiple: style.lineHeightMultiple,
                            minimumLineHeight: style.minimumLineHeight, maximumLineHeight: style.maximumLineHeight,
                            adjustsFontSizeToFitWidth: label.autoshrink != nil,
                            minimumScaleFactor: label.autoshrink ?? 0, lineHeightFonts: plan.lineHeightFonts)
        ls.cache = fonts.layoutCache
        return ls
    }

    /// `TextFacts` of a text in a label's cascade, computed once per font and text.
    func facts(_ text: String, font: FontID, measurer: CascadeMeasurer) -> TextFacts {
        let key = FactsKey(font: font, text: text)
        if let cached = facts[key] { return cached }
        let missing = measurer.missingCharacters(in: text)
        let result = TextFacts(missing: missing, fallback: missing.isEmpty ? nil : plan.fallbackFinder.fallback(for: missing),
                               ink: measurer.inkBox(of: text[...]), fontsUsed: measurer.fontsUsed(in: text))
        if facts.count > 50_000 { facts.removeAll(keepingCapacity: true) }
        facts[key] = result
        return result
    }
}
