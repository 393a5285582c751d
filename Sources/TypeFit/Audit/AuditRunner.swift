import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports

/// What an audit run is asked to do beyond the config.
public struct AuditOptions: Sendable {
    /// The config path as the user gave it (shown in reports); defaults to the loaded path.
    public var configDisplayPath: String?
    /// A baseline file: findings in it are not new and do not fail the run.
    public var baselinePath: String?
    /// Overrides the config's `checks.failOn`.
    public var failOn: Severity?
    /// An ISO 8601 time stamp to put in the report (nil: none, for deterministic reports).
    public var timestamp: String?
    /// Restrict the run (the `layout` command's --device / --category / --locale).
    public var devices: [String]?
    public var categories: [ContentSizeCategory]?
    public var locales: [String]?
    /// Keep every screen layout in the result (the `layout` command); the report keeps a subset.
    public var keepLayouts: Bool
    /// Threads to lay out with (nil: every core). Results do not depend on it.
    public var threads: Int?
    /// Called with (done, total) screen layouts, for a progress bar.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(configDisplayPath: String? = nil, baselinePath: String? = nil, failOn: Severity? = nil,
                timestamp: String? = nil, devices: [String]? = nil, categories: [ContentSizeCategory]? = nil,
                locales: [String]? = nil, keepLayouts: Bool = false, threads: Int? = nil,
                progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.threads = threads
        self.configDisplayPath = configDisplayPath
        self.baselinePath = baselinePath
        self.failOn = failOn
        self.timestamp = timestamp
        self.devices = devices
        self.categories = categories
        self.locales = locales
        self.keepLayouts = keepLayouts
        self.progress = progress
    }
}

/// One screen laid out on one device, orientation, locale and category.
public struct ScreenRun: Sendable {
    public var screen: String
    public var device: String
    public var orientation: Orientation
    public var locale: String
    public var category: ContentSizeCategory
    /// Row names in layout order (repeated rows are "name", "name 2", …).
    public var rowNames: [String]
    public var layout: ScreenLayout
}

/// The result of an audit: the report document, the exit code, the fonts' bytes for the HTML
/// page, and (when asked) every screen layout.
public struct AuditRun: Sendable {
    public var document: ReportDocument
    /// 0: no new finding at or above failOn; 1: failing findings.
    public var exitCode: Int32
    /// Font file bytes by font id (for the self-contained HTML report).
    public var fontData: [String: Data]
    public var layouts: [ScreenRun]
    public var warnings: [String]
    /// Every finding before the baseline was applied (what `--update-baseline` writes).
    public var findings: [Finding] { document.findings }
}

/// Audits the typefit.yml at `configPath`: every screen × device × orientation × locale × content
/// size category is laid out with the real fonts and strings, the checks run over the layouts,
/// styles and fonts, and the findings are compared with the baseline. Called as `TypeFit.audit(…)`.
public func audit(configPath: String, options: AuditOptions = AuditOptions()) throws -> AuditRun {
    let project = try AuditProject(path: configPath)
    return try AuditRunner(project: project, options: options).run()
}

/// Runs an audit over a loaded project.
public final class AuditRunner {
    public let project: AuditProject
    public let options: AuditOptions
    private var measurers: [String: CascadeMeasurer] = [:]
    private var inkByFont: [String: (yMin: Double, yMax: Double)] = [:]
    private var textFactsCache: [String: TextFacts] = [:]
    /// Measured texts reused across categories, devices and variant passes (one runner per thread).
    private let layoutCache = LayoutCache()

    public init(project: AuditProject, options: AuditOptions = AuditOptions()) {
        self.project = project
        self.options = options
    }

    /// A label's text in one locale, resolved from its key (or literal).
    struct ResolvedText {
        var text: String
        var key: String?
        var source: SourceLocation?
    }

    public func run() throws -> AuditRun {
        let config = project.config
        let devices = try selectedDevices()
        let categories = options.categories.map { c in project.categories.filter { c.contains($0) } } ?? project.categories
        let locales = options.locales.map { wanted in project.locales.filter { wanted.contains($0) } } ?? project.locales
        let auditor = try Auditor(configuration: AuditConfiguration(
            severityOverrides: project.auditConfiguration.severityOverrides,
            disabledChecks: project.auditConfiguration.disabled), origin: config.file)

        // Work units: screen × device × orientation × locale, each laid out at every category.
        var units: [Unit] = []
        for (s, _) in config.screens.enumerated() {
            for device in devices {
                for orientation in project.orientations {
                    for locale in locales { units.append(Unit(screen: s, device: device, orientation: orientation, locale: locale)) }
                }
            }
        }
        let total = units.count * categories.count
        let threads = max(1, min(options.threads ?? ProcessInfo.processInfo.activeProcessorCount, units.count))
        var parts: [UnitResult]
        if threads == 1 {
            var done = 0
            parts = try units.map { unit in
                try runUnit(unit, categories: categories) {
                    done += 1
                    options.progress?(done, total)
                }
            }
        } else {
            // FreeType faces are not thread-safe: each thread loads its own copy of the project's
            // fonts (a new AuditProject from the same parsed config) and lays out a share of the units.
            let results = UnitResults(count: units.count, total: total, progress: options.progress)
            let shared = SharedConfig(config: config, options: options)
            let work = units
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                do {
                    let runner = AuditRunner(project: try AuditProject(config: shared.config), options: shared.options)
                    var index = worker
                    while index < work.count {
                        let result = try runner.runUnit(work[index], categories: categories) { results.tick() }
                        results.set(index, result)
                        index += threads
                    }
                } catch {
                    results.fail(error)
                }
            }
            parts = try results.collect()
        }
        var input = AuditInput()
        var snapshots: [ScreenSnapshot] = []
        var layouts: [ScreenRun] = []
        var warnings = project.warnings
        for part in parts {
            input.labels += part.input.labels
            input.rows += part.input.rows
            input.screens += part.input.screens
            snapshots += part.snapshots
            layouts += part.layouts
            for w in part.warnings where !warnings.contains(w) { warnings.append(w) }
            for (font, ink) in part.ink {
                let current = inkByFont[font]
                inkByFont[font] = (min(current?.yMin ?? ink.yMin, ink.yMin), max(current?.yMax ?? ink.yMax, ink.yMax))
            }
        }
        input.styles = styleObservations(scale: devices.first?.scale ?? 3)
        input.fonts = fontObservations()
        // Web views (Sources/TypeFit/Web): one browser for the whole audit; not for `typefit layout`.
        let web = options.keepLayouts ? WebViewAudit()
            : try WebViewAudit.run(project: project, devices: devices, categories: categories)
        input.web = web.observations
        warnings += web.warnings

        var findings = auditor.run(input)
        if let path = options.baselinePath {
            findings = try Baseline.load(path: path).apply(to: findings)
        }
        let failOn = options.failOn ?? project.auditConfiguration.failOn
        let firstLocale = locales.first ?? ""
        let drawn = Set(findings.map { "\($0.screen ?? "")|\($0.device ?? "")|\($0.category ?? "")|\($0.locale ?? "")" })
        // The report keeps every snapshot of the first locale and those of other locales that
        // a finding names (what the HTML page draws), so it stays small with many locales.
        let kept = snapshots.filter {
            $0.locale == firstLocale || drawn.contains("\($0.screen)|\($0.device)|\($0.category)|\($0.locale)")
        }
        let usedFonts = Set(kept.flatMap { $0.rows.flatMap { $0.labels.map(\.font) } })
        let fontInfos = project.fontOrder.compactMap { id -> Reports.FontInfo? in
            guard let f = project.font(id), usedFonts.contains(id) else { return nil }
            return Reports.FontInfo(id: id, family: f.face.info.family, style: f.face.info.style, path: f.displayPath)
        }
        // The HTML page embeds each font reduced to the characters its mockups draw (hb-subset).
        var characters: [String: Set<Unicode.Scalar>] = [:]
        for snapshot in kept {
            for row in snapshot.rows {
                for label in row.labels {
                    for line in label.lines { characters[label.font, default: []].formUnion(line.unicodeScalars) }
                }
            }
        }
        var fontData: [String: Data] = [:]
        for info in fontInfos {
            guard let f = project.font(info.id) else { continue }
            let chars = characters[info.id, default: []].union("…".unicodeScalars)
            if let data = FontSubsetter.subset(path: f.face.info.path, faceIndex: f.face.info.faceIndex,
                                               characters: chars)
                ?? FileManager.default.contents(atPath: f.face.info.path) {
                fontData[info.id] = data
            }
        }
        var document = ReportAssembler.assemble(
            tool: ToolInfo(version: TypeFitVersion.string),
            config: options.configDisplayPath ?? config.file,
            scope: Scope(categories: categories.map(\.uikitName),
                         devices: devices.flatMap { d in
                             project.orientations.count > 1
                                 ? project.orientations.map { "\(d.name) (\($0.rawValue))" } : [d.name]
                         },
                         locales: locales),
            checks: auditor.descriptors, findings: findings, screens: kept, fonts: fontInfos,
            baseline: options.baselinePath, failOn: failOn, generatedAt: options.timestamp)
        if !web.renderings.isEmpty { document.webPages = web.snapshots(findings: document.findings) }
        return AuditRun(document: document, exitCode: AuditOutcome.exitCode(findings: findings, failOn: failOn),
                        fontData: fontData, layouts: layouts, warnings: warnings)
    }

    /// One screen on one device, orientation and locale.
    struct Unit: @unchecked Sendable {
        // Device is Sendable; the screen is an index into the config's screens.
        var screen: Int
        var device: Device
        var orientation: Orientation
        var locale: String
    }

    /// What one unit contributes to the audit.
    struct UnitResult: Sendable {
        var input = AuditInput()
        var snapshots: [ScreenSnapshot] = []
        var layouts: [ScreenRun] = []
        var warnings: [String] = []
        var ink: [String: InkRange] = [:]
    }

    struct InkRange: Sendable {
        var yMin: Double
        var yMax: Double
    }

    /// Lays out one unit at every category and observes it.
    func runUnit(_ unit: Unit, categories: [ContentSizeCategory], tick: () -> Void) throws -> UnitResult {
        let screen = project.config.screens[unit.screen]
        let device = unit.device, orientation = unit.orientation, locale = unit.locale
        let deviceName = project.orientations.count > 1 ? "\(device.name) (\(orientation.rawValue))" : device.name
        var result = UnitResult()
        inkByFont = [:]
        let variants = try resolveTexts(screen: screen, locale: locale, warnings: &result.warnings)
        // A key with plural or device variants (.stringsdict, .xcstrings) is laid out once per
        // variant; pass 0 also gives the snapshots.
        let passes = variants.values.map(\.count).max() ?? 1
        for pass in 0..<max(1, passes) {
            let texts = variants.mapValues { $0[min(pass, $0.count - 1)] }
            // Only labels whose text changes in this pass are observed again.
            let changed: Set<String>? = pass == 0 ? nil : Set(variants.filter { $0.value.count > pass }.keys)
            for category in categories {
                let (rows, names, styleOf) = try buildRows(screen: screen, texts: texts, locale: locale,
                                                           category: category, scale: device.scale)
                let ui = Screen(device: device, orientation: orientation,
                                navigationBar: navigationBar(screen.navigationBar), tabBar: screen.tabBar,
                                toolbar: screen.toolbar)
                let layout = ui.layout(rows: rows, isAccessibilityCategory: category.isAccessibility)
                observe(screen: screen, device: deviceName, locale: locale, category: category,
                        layout: layout, rowNames: names, texts: texts, styleOf: styleOf,
                        scale: device.scale, onlyLabels: changed, into: &result.input)
                guard pass == 0 else { continue }
                result.snapshots.append(snapshot(screen: screen.name, device: device, deviceName: deviceName,
                                                 orientation: orientation, locale: locale, category: category,
                                                 layout: layout, rowNames: names, texts: texts))
                if options.keepLayouts {
                    result.layouts.append(ScreenRun(screen: screen.name, device: deviceName, orientation: orientation,
                                                    locale: locale, category: category, rowNames: names,
                                                    layout: layout))
                }
                tick()
            }
        }
        result.ink = inkByFont.mapValues { InkRange(yMin: $0.yMin, yMax: $0.yMax) }
        inkByFont = [:]
        return result
    }

    private func selectedDevices() throws -> [Device] {
        guard let wanted = options.devices else { return project.devices }
        // The config's devices first, then any device of the catalog (`typefit layout --device`).
        return try wanted.map { name in
            try (try? Device.named(name, in: project.devices)) ?? Device.named(name)
        }
    }

    private func navigationBar(_ bar: ConfigNavigationBar) -> NavigationBarStyle {
        switch bar {
        case .standard: .standard
        case .large: .largeTitle
        case .none: NavigationBarStyle.none
        }
    }

    // MARK: - Texts

    /// Each label's text in `locale`, keyed by "row/label": one text, or one per plural/device
    /// variant of its key.
    private func resolveTexts(screen: ConfigScreen, locale: String, warnings: inout [String]) throws
        -> [String: [ResolvedText]] {
        var texts: [String: [ResolvedText]] = [:]
        for row in screen.rows {
            for label in row.allLabels {
                texts["\(row.name)/\(label.name)"] = resolve(label, locale: locale, warnings: &warnings)
            }
        }
        return texts
    }

    private func resolve(_ label: ConfigLabel, locale: String, warnings: inout [String]) -> [ResolvedText] {
        switch label.content {
        case .text(let text):
            return [ResolvedText(text: project.formatSamples.substitute(text).text, key: nil, source: nil)]
        case .key(let key):
            let development = project.locales.first ?? locale
            var entries: [LocalizedString]
            var transform: (String) -> String = { $0 }
            if let pseudo = project.pseudoLocale, locale == pseudo.id {
                entries = project.strings.variants(key: key, locale: development)
                transform = { pseudo.transform.transform($0) }
            } else {
                entries = project.strings.variants(key: key, locale: locale)
                if entries.isEmpty {
                    entries = project.strings.variants(key: key, locale: development)
                    if let entry = entries.first {
                        let w = "\(label.location): warning: no \(locale) translation of \"\(key)\"; measured the \(entry.locale) text"
                        if !warnings.contains(w) { warnings.append(w) }
                    }
                }
            }
            if entries.isEmpty {
                let w = "\(label.location): warning: string key \"\(key)\" not found in any strings file; measured the key"
                if !warnings.contains(w) { warnings.append(w) }
                return [ResolvedText(text: key, key: key, source: nil)]
            }
            return entries.map { entry in
                ResolvedText(text: project.formatSamples.substitute(transform(entry.value)).text,
                             key: entry.variant == nil ? key : entry.label,
                             source: SourceLocation(file: AuditProject.displayPath(entry.file), line: entry.line))
            }
        }
    }

    // MARK: - Rows

    /// The measurer for a font in a locale (line breaking follows the locale).
    private func measurer(fontId: String, locale: String) throws -> CascadeMeasurer {
        let key = "\(fontId)|\(locale)"
        if let m = measurers[key] { return m }
        guard let font = project.font(fontId) else { throw ConfigError(file: project.config.file, line: nil, column: nil,
                                                                       path: nil, message: "unknown font \"\(fontId)\"") }
        let rule = LineHeightRule(rawValue: project.config.lineHeightRule.rawValue) ?? .hhea
        func engine(_ f: ProjectFont) throws -> EngineMeasurer {
            try EngineMeasurer(face: f.face, lineHeightRule: rule, features: f.features, language: f.language,
                               breakLocale: locale)
        }
        var fallbacks: [String: CascadeMeasurer.Member] = [:]
        for fallback in project.config.fallbackFonts where fallback.font != fontId {
            if let f = project.font(fallback.font) {
                fallbacks[fallback.script] = CascadeMeasurer.Member(id: f.id, measurer: try engine(f))
            }
        }
        let m = CascadeMeasurer(primary: CascadeMeasurer.Member(id: font.id, measurer: try engine(font)),
                                fallbacks: fallbacks)
        measurers[key] = m
        return m
    }

    private func labelStyle(_ label: ConfigLabel, category: ContentSizeCategory, scale: Double, locale: String) throws
        -> (LabelStyle, ProjectStyle) {
        guard let style = project.styles[label.style] else { throw label.location.error("unknown style \"\(label.style)\"") }
        let size = style.size(at: category, scale: scale)
        var lineHeight: Double?
        switch style.lineHeight {
        case .font: lineHeight = nil
        case .hig(let ts): lineHeight = ts.leading(at: category)
        case .points(let p): lineHeight = p
        case .model: lineHeight = size.lineHeight
        }
        let mode: LineBreakMode = LineBreakMode(rawValue: label.lineBreak.rawValue) ?? .truncateTail
        var ls = LabelStyle(font: try measurer(fontId: style.fontId, locale: locale), pointSize: size.pointSize,
                            lineHeight: lineHeight, numberOfLines: label.lines, lineBreakMode: mode,
                            letterSpacing: style.letterSpacing, lineHeightMultiple: style.lineHeightMultiple,
                            minimumLineHeight: style.minimumLineHeight, maximumLineHeight: style.maximumLineHeight,
                            adjustsFontSizeToFitWidth: label.autoshrink != nil,
                            minimumScaleFactor: label.autoshrink ?? 0,
                            lineHeightFonts: project.config.lineHeightFonts)
        ls.cache = layoutCache
        return (ls, style)
    }

    private func buildRows(screen: ConfigScreen, texts: [String: ResolvedText], locale: String,
                           category: ContentSizeCategory, scale: Double) throws
        -> ([Row], [String], [String: (LabelStyle, ProjectStyle, ConfigLabel)]) {
        var rows: [Row] = []
        var names: [String] = []
        var styleOf: [String: (LabelStyle, ProjectStyle, ConfigLabel)] = [:]
        for row in screen.rows {
            func rowLabel(_ label: ConfigLabel) throws -> RowLabel {
                let (ls, style) = try labelStyle(label, category: category, scale: scale, locale: locale)
                styleOf["\(row.name)/\(label.name)"] = (ls, style, label)
                let text = style.letterCase.apply(texts["\(row.name)/\(label.name)"]?.text ?? "")
                return RowLabel(id: label.name, text: text, style: ls)
            }
            var items: [RowItem] = try row.labels.map { .label(try rowLabel($0)) }
            var stack = false
            if let pair = row.pair {
                items.append(.pair(title: try rowLabel(pair.title), value: try rowLabel(pair.value)))
                stack = pair.stackAtAccessibilitySizes
            }
            let height: RowHeight
            switch row.height {
            case .automatic: height = .automatic(minimum: 44)
            case .points(let p): height = .fixed(p)
            }
            let built = Row(items: items, spacing: row.spacing ?? 0, stackAtAccessibilitySizes: stack,
                            leadingImageWidth: row.leadingImage, accessoryWidth: row.accessory,
                            insetTop: row.insets?.top ?? 11, insetBottom: row.insets?.bottom ?? 11,
                            layoutMargin: row.insets?.leading, height: height)
            for copy in 0..<max(1, row.repeatCount) {
                rows.append(built)
                names.append(copy == 0 ? row.name : "\(row.name) \(copy + 1)")
            }
        }
        return (rows, names, styleOf)
    }

    // MARK: - Observations

    private func observe(screen: ConfigScreen, device: String, locale: String, category: ContentSizeCategory,
                         layout: ScreenLayout, rowNames: [String], texts: [String: ResolvedText],
                         styleOf: [String: (LabelStyle, ProjectStyle, ConfigLabel)], scale: Double,
                         onlyLabels: Set<String>? = nil, into input: inout AuditInput) {
        // A variant pass (plural/device variants) observes only the labels whose text changed.
        if let onlyLabels {
            for (i, rowLayout) in layout.rows.enumerated() {
                guard let row = screen.rows.first(where: { rowNames[i] == $0.name }) else { continue }
                for frame in rowLayout.labels where onlyLabels.contains("\(row.name)/\(frame.id)") {
                    if let obs = labelObservation(screen: screen, row: row, frame: frame, rowHeight: rowLayout,
                                                  device: device, locale: locale, category: category, texts: texts,
                                                  styleOf: styleOf, scale: scale) {
                        input.labels.append(obs)
                    }
                }
            }
            return
        }
        let index = category.position
        var tallest: (String, Double)?
        var seen = Set<String>()
        for (i, rowLayout) in layout.rows.enumerated() {
            let configRow = screen.rows.first { rowNames[i] == $0.name || rowNames[i].hasPrefix($0.name + " ") }
            let rowName = configRow?.name ?? rowNames[i]
            if tallest == nil || rowLayout.height > tallest!.1 { tallest = (rowNames[i], rowLayout.height) }
            // Repeated rows are identical: observe the first copy only.
            guard seen.insert(rowName).inserted, let row = configRow else { continue }
            let fixed: Double? = { if case .points(let p) = row.height { return p }; return nil }()
            input.rows.append(RowObservation(screen: screen.name, row: rowName, device: device,
                                             category: category.uikitName, categoryIndex: index, locale: locale,
                                             height: rowLayout.height, fixedHeight: fixed,
                                             contentHeight: rowLayout.contentHeight, clippedBy: rowLayout.clippedBy))
            for frame in rowLayout.labels {
                if let obs = labelObservation(screen: screen, row: row, frame: frame, rowHeight: rowLayout,
                                              device: device, locale: locale, category: category, texts: texts,
                                              styleOf: styleOf, scale: scale) {
                    input.labels.append(obs)
                }
            }
        }
        input.screens.append(ScreenObservation(
            screen: screen.name, device: device, category: category.uikitName, categoryIndex: index, locale: locale,
            contentHeight: layout.contentHeight, rowCount: layout.rows.count, rowsVisible: layout.visibleRows,
            fullyVisibleRows: layout.fullyVisibleRows, tallestRow: tallest?.0, tallestRowHeight: tallest?.1 ?? 0,
            minimumRowsVisible: screen.minimumRowsVisible))
    }


    private func labelObservation(screen: ConfigScreen, row: ConfigRow, frame: LabelFrame, rowHeight: RowLayout,
                                  device: String, locale: String, category: ContentSizeCategory,
                                  texts: [String: ResolvedText],
                                  styleOf: [String: (LabelStyle, ProjectStyle, ConfigLabel)],
                                  scale: Double) -> LabelObservation? {
        let index = category.position
        let fixed: Double? = { if case .points = row.height { return frame.height }; return nil }()
        let rowName = row.name
        let key = "\(rowName)/\(frame.id)"
        guard let (ls, style, label) = styleOf[key] else { return nil }
        let resolved = texts[key]
        let text = style.letterCase.apply(resolved?.text ?? "")
        let l = frame.label
        var lines = l.lineCount
        if l.truncated {
            var unlimited = ls
            unlimited.numberOfLines = 0
            unlimited.adjustsFontSizeToFitWidth = false
            lines = unlimited.layout(text, width: frame.width, scale: scale).lineCount
        }
        let cascade = ls.font as? CascadeMeasurer
        let facts = textFacts(text, cascade: cascade)
        let missing = facts.missing
        let fallbackName = facts.fallback
        let large = style.size(at: .large, scale: scale).pointSize
        if let cascade, let ink = facts.ink {
            let fontId = cascade.primary.id
            let current = inkByFont[fontId]
            inkByFont[fontId] = (min(current?.yMin ?? ink.yMin, ink.yMin), max(current?.yMax ?? ink.yMax, ink.yMax))
        }
        return LabelObservation(
            screen: screen.name, row: rowName, label: frame.id, device: device, category: category.uikitName,
            categoryIndex: index, locale: locale, style: style.name, font: style.fontId,
            stringKey: resolved?.key, source: resolved?.source, text: text, neededWidth: l.neededWidth,
            availableWidth: frame.width, lines: lines, maxLines: label.lines, truncated: l.truncated,
            lineBreakMode: Self.checkName(label.lineBreak), height: l.height,
            availableHeight: fixed, pointSize: l.pointSize,
            requestedPointSize: ls.pointSize, largePointSize: large,
            inkOverflow: l.inkOverflow,
            missingCharacters: missing.map { String(format: "U+%04X", $0.value) }, fallbackFont: fallbackName)
    }

    /// What a text is made of in a font cascade, whatever its size: the characters no font has
    /// (with the installed font fontconfig would fall back to) and its ink in font units.
    struct TextFacts {
        var missing: [Unicode.Scalar]
        var fallback: String?
        var ink: InkBox?
    }

    /// `TextFacts` of `text`, computed once per font and text (a label is observed at 12
    /// categories on several devices).
    private func textFacts(_ text: String, cascade: CascadeMeasurer?) -> TextFacts {
        guard let cascade else { return TextFacts(missing: [], fallback: nil, ink: nil) }
        let key = "\(cascade.primary.id)|\(text)"
        if let cached = textFactsCache[key] { return cached }
        let missing = cascade.missingCharacters(in: text)
        var fallback: String?
        if !missing.isEmpty, let location = project.catalog.fallback(for: missing) {
            fallback = location.postScriptName.isEmpty ? location.family : location.postScriptName
        }
        let facts = TextFacts(missing: missing, fallback: fallback, ink: cascade.inkBox(of: text[...]))
        textFactsCache[key] = facts
        return facts
    }

    /// "truncateTail" → "truncate-tail", the spelling findings use.
    static func checkName(_ mode: ConfigLineBreak) -> String {
        var out = ""
        for c in mode.rawValue {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    private func styleObservations(scale: Double) -> [StyleObservation] {
        project.styles.keys.sorted().compactMap { name in
            guard let style = project.styles[name] else { return nil }
            let sizes = ContentSizeCategory.allCases.map { style.size(at: $0, scale: scale).pointSize }
            return StyleObservation(style: name, font: style.fontId, model: style.modelName, pointSizes: sizes,
                                    maximumPointSize: style.maximum, minimumPointSize: style.minimum,
                                    isCustomFont: true,
                                    fallbackFonts: project.config.fallbackFonts.map(\.font).filter { $0 != style.fontId })
        }
    }

    private func fontObservations() -> [FontObservation] {
        project.fontOrder.compactMap { id in
            guard let f = project.font(id) else { return nil }
            return FontObservation(face: f.face, id: id, path: f.displayPath, ink: inkByFont[id])
        }
    }

    // MARK: - Snapshots

    private func snapshot(screen: String, device: Device, deviceName: String, orientation: Orientation, locale: String,
                          category: ContentSizeCategory, layout: ScreenLayout, rowNames: [String],
                          texts: [String: ResolvedText]) -> ScreenSnapshot {
        var rows: [RowSnapshot] = []
        for (i, row) in layout.rows.enumerated() {
            let baseName = project.config.screens.first { $0.name == screen }?.rows
                .first { rowNames[i] == $0.name || rowNames[i].hasPrefix($0.name + " ") }?.name ?? rowNames[i]
            let labels = row.labels.map { frame -> LabelSnapshot in
                let l = frame.label
                let key = "\(baseName)/\(frame.id)"
                let text = texts[key]?.text ?? ""
                var fontId = ""
                var baseline = l.lineHeight * 0.8
                if let style = project.config.screens.first(where: { $0.name == screen })?.rows
                    .first(where: { $0.name == baseName })?.allLabels.first(where: { $0.name == frame.id })
                    .flatMap({ project.styles[$0.style] }) {
                    fontId = style.fontId
                    if let cascade = measurers["\(style.fontId)|\(locale)"] {
                        let used = cascade.fontsUsed(in: text)
                        if let fallback = used.first(where: { $0 != style.fontId }) { fontId = fallback }
                        let m = cascade.lineMetrics, upem = cascade.unitsPerEm
                        let natural = m.lineHeight * l.pointSize / upem
                        baseline = max(0, l.lineHeight - natural) + m.ascender * l.pointSize / upem
                    }
                }
                let rtl = ScriptProfile(text).isRightToLeft
                // Lines of different heights (fallback fonts): each line's baseline from Layout.
                let uniform = l.lines.allSatisfy { abs($0.height - l.lineHeight) < 1e-9 }
                return LabelSnapshot(name: frame.id, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                     font: fontId, pointSize: l.pointSize, lineHeight: l.lineHeight,
                                     baselineOffset: baseline, lines: l.lines.map(\.text),
                                     lineWidths: l.lines.map(\.width), rightToLeft: rtl, truncated: l.truncated,
                                     clipped: row.clips(frame),
                                     inkOverflow: l.inkOverflow.maximum,
                                     hasFindings: false, lineBaselines: uniform ? nil : l.lines.map(\.baseline),
                                     lineHeights: uniform ? nil : l.lines.map(\.height))
            }
            rows.append(RowSnapshot(name: rowNames[i], height: row.height, clippedBy: row.clippedBy, labels: labels))
        }
        let size = device.size(orientation)
        return ScreenSnapshot(screen: screen, device: deviceName, category: category.uikitName, locale: locale,
                              width: size.width, height: size.height, scale: device.scale,
                              contentTop: layout.contentTop, contentHeight: layout.contentHeight, rows: rows,
                              rowsVisible: layout.visibleRows, fullyVisibleRows: layout.fullyVisibleRows)
    }
}

/// The parsed config and options handed to worker threads (both are values).
private struct SharedConfig: @unchecked Sendable {
    // TypeFitConfig is Sendable; AuditOptions holds a @Sendable progress closure.
    let config: TypeFitConfig
    let options: AuditOptions
}

/// Per-unit results filled by worker threads, in unit order, behind a lock.
private final class UnitResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [AuditRunner.UnitResult?]
    private var error: (any Error)?
    private var done = 0
    private let total: Int
    private let progress: (@Sendable (Int, Int) -> Void)?

    init(count: Int, total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
        results = Array(repeating: nil, count: count)
        self.total = total
        self.progress = progress
    }

    func set(_ index: Int, _ result: AuditRunner.UnitResult) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    func fail(_ e: any Error) {
        lock.lock()
        if error == nil { error = e }
        lock.unlock()
    }

    /// Counts one laid-out screen and reports progress (serialised, so the bar never goes back).
    func tick() {
        lock.lock()
        done += 1
        progress?(done, total)
        lock.unlock()
    }

    func collect() throws -> [AuditRunner.UnitResult] {
        lock.lock()
        defer { lock.unlock() }
        if let error { throw error }
        return results.map { $0 ?? AuditRunner.UnitResult() }
    }
}
