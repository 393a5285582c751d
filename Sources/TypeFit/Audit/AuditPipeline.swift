import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport

/// Runs the stages of an audit over a plan: units flow through layout, observation and the
/// checks on worker threads; only compact results are kept (findings, rows-visible figures, ink
/// ranges and a capped set of snapshots).
public struct AuditPipeline: Sendable {
    public let plan: AuditPlan
    public let options: AuditOptions
    /// Devices, categories and locales (indices into the plan) this run covers.
    let devices: [Device]
    let categories: [ContentSizeCategory]
    let locales: [Int]

    public init(plan: AuditPlan, options: AuditOptions = AuditOptions()) throws {
        self.plan = plan
        self.options = options
        if let wanted = options.devices {
            // The config's devices first, then any device of the catalog (`typefit layout --device`).
            devices = try wanted.map { name in try (try? Device.named(name, in: plan.devices)) ?? Device.named(name) }
        } else {
            devices = plan.devices
        }
        categories = options.categories.map { c in plan.categories.filter { c.contains($0) } } ?? plan.categories
        locales = options.locales.map { wanted in plan.locales.indices.filter { wanted.contains(plan.locales[$0]) } }
            ?? Array(plan.locales.indices)
    }

    /// The units of this run, in plan order.
    public var units: [AuditUnit] {
        plan.units(locales: locales, devices: devices, categories: categories.count)
    }

    public func run() throws -> AuditRun {
        try finish(collect(units))
    }

    /// Lays out, observes and checks `units`, numbered `orders` (default: their positions) by
    /// their place in `self.units`, so a shard's results merge with the others' in plan order.
    /// With `only`, keeps the snapshots of those places alone, however many.
    func collect(_ units: [AuditUnit], orders: [Int]? = nil, only: Set<SnapshotPlace>? = nil) throws -> Collected {
        let layouts = units.reduce(0) { total, unit in
            let screen = plan.screen(unit.screen)
            return total + devices.count(where: screen.isLaidOut) * plan.orientations.count * categories.count
        }
        let collector = Collector(snapshotLimit: only == nil ? options.snapshotLimit : Int.max / 2,
                                  categories: categories.map(\.uikitName), total: layouts,
                                  progress: only == nil ? options.progress : nil, only: only)
        let threads = max(1, min(options.threads ?? Processors.available, units.count))
        let next = UnitScheduler(units, workers: threads)
        let pipeline = self
        WorkerPool(threads: threads).run { worker in
            do {
                let runner = try UnitRunner(plan: pipeline.plan)
                while let index = next.take(worker: worker) {
                    try pipeline.run(units[index], order: orders?[index] ?? index, runner: runner, collector: collector)
                }
            } catch {
                collector.fail(error)
            }
        }
        return try collector.result()
    }

    /// What one kind of device shows of a unit's screen, prepared once for every device of that
    /// kind: the screen with its labels' variants for that device (`PlannedScreen.shown`), the
    /// number of variant passes, the labels' prepared texts and sizes, the facts and observed
    /// subjects of each pass, and whether each pass's texts are right-to-left (filled in when a
    /// snapshot first asks).
    private struct IdiomWork {
        var screen: PlannedScreen
        var passes: Int
        var prepared: PreparedUnit
        var factsByPass: [[[TextFacts]]]
        var observedPasses: [UnitObservation.Pass]
        var rightToLeft: [[[Bool?]]]
    }

    private func work(_ unit: AuditUnit, idiom: DeviceIdiom, runner: UnitRunner) throws -> IdiomWork {
        let screen = plan.screen(unit.screen).shown(on: idiom, locale: unit.locale)
        let passes = runner.passes(screen, locale: unit.locale)
        // The labels' styles, texts and sizes, resolved once for every layout of the unit.
        let prepared = try runner.prepare(screen, locale: unit.locale, devices: devices, passes: passes)
        // Facts of each pass's texts as shown (letter case applied), as measured: they depend on
        // the text and its font, not on the device or category, so once per pass.
        let factsByPass: [[[TextFacts]]] = try (0..<(options.runChecks ? passes : 0)).map { pass in
            try screen.rows.enumerated().map { r, row in
                try row.labels.enumerated().map { l, label in
                    let style = plan.style(label.style)
                    return runner.facts(prepared.labels[r][l].shown[pass],
                                        font: style.font, measurer: try runner.fonts.measurer(style.font, locale: unit.locale))
                }
            }
        }
        // What each pass's labels show (text, key, font, missing characters): built once per
        // pass and shared by its observations on every device and at every category.
        let observedPasses = factsByPass.enumerated().map { pass, facts in
            UnitObservation.pass(pass, screen: screen, plan: plan, localeIndex: unit.locale, facts: facts)
        }
        return IdiomWork(screen: screen, passes: passes, prepared: prepared, factsByPass: factsByPass,
                         observedPasses: observedPasses,
                         rightToLeft: Array(repeating: screen.rows.map { Array(repeating: nil, count: $0.labels.count) },
                                            count: passes))
    }

    /// One unit: every device, orientation, category and variant pass of one screen in one locale.
    func run(_ unit: AuditUnit, order: Int, runner: UnitRunner, collector: Collector) throws {
        let localeID = plan.locales[unit.locale]
        var output = UnitOutput(order: order)
        var works: [DeviceIdiom: IdiomWork] = [:]
        // A screen with its own `devices:` is laid out only on those (`d` stays the run's index).
        let planned = plan.screen(unit.screen)
        for (d, device) in devices.enumerated() where planned.isLaidOut(on: device) {
            if works[device.idiom] == nil { works[device.idiom] = try work(unit, idiom: device.idiom, runner: runner) }
            let screen = works[device.idiom]!.screen, passes = works[device.idiom]!.passes
            let prepared = works[device.idiom]!.prepared
            for orientation in plan.orientations {
                let deviceName = plan.deviceName(device, orientation)
                for category in categories {
                    for pass in 0..<passes {
                        let place = LayoutPlace(device: d, orientation: orientation, category: category, pass: pass)
                        let laid = runner.layout(screen, unit: prepared, device: device, place: place)
                        if options.keepLayouts && pass == 0 {
                            output.layouts.append(ScreenRun(
                                screen: screen.name, device: deviceName, orientation: orientation, locale: localeID,
                                category: category, rows: screen.rows.flatMap { repeatElement($0.id, count: $0.repeatCount) },
                                rowNames: screen.rows.map(\.name), layout: laid.layout))
                        }
                        if pass == 0 { collector.tick() }
                        guard options.runChecks else { continue }
                        let facts = works[device.idiom]!.factsByPass[pass]
                        let observed = UnitObservation.observe(laid, screen: screen, locale: localeID,
                                                               device: deviceName, pass: works[device.idiom]!.observedPasses[pass])
                        let input = AuditInput(labels: observed.labels, rows: observed.rows,
                                               screens: observed.screen.map { [$0] } ?? [])
                        let findings = plan.checks.apply(plan.checks.auditor.findings(input))
                        for finding in findings {
                            // Findings that do not depend on the place (no category or device,
                            // e.g. glyph.missing) are reported once per unit.
                            if finding.category == nil && finding.device == nil {
                                guard output.placeless.insert(finding.groupKey).inserted else { continue }
                            }
                            output.findings.append(finding)
                        }
                        if let s = observed.screen { output.rowsVisible.append(s) }
                        for (font, range) in observed.ink {
                            output.ink[font] = output.ink[font].map { $0.union(range) } ?? range
                        }
                        // Snapshots for mockups: layouts with findings, and the development locale's.
                        let key = SnapshotKey(hasFindings: findings.contains { $0.category != nil },
                                              screen: unit.screen.index,
                                              locale: unit.locale, device: d, orientation: orientation,
                                              category: category, pass: pass)
                        if (key.hasFindings || (unit.locale == locales.first && pass == 0)), collector.wouldKeep(key) {
                            output.snapshots.append((key, snapshot(laid, screen: screen, device: device,
                                                                   deviceName: deviceName, locale: localeID,
                                                                   facts: facts, rightToLeft: &works[device.idiom]!.rightToLeft[pass])))
                        }
                    }
                }
            }
        }
        collector.add(output)
    }

    /// The tail every audit shares, sharded or not (`typefit merge` calls it with the parts'
    /// results merged, AuditShard.swift): style, font, string and web checks (once, over the whole
    /// run: they span units), grouping, the baseline, the mockups and the report document.
    func finish(_ collected: consuming Collected) throws -> AuditRun {
        // The occurrences are let go once the groups are built (before the reports are written).
        var grouper = collected.grouper
        collected.grouper = FindingGrouper()
        // Web views (Sources/TypeFit/Web): one browser for the whole audit; not for `typefit layout`.
        let web = options.runChecks ? try WebViewAudit.run(project: plan, devices: devices, categories: categories)
            : WebViewAudit()
        let run = plan.checks.auditor.run(AuditInput(styles: styleObservations(), fonts: try fontObservations(collected.ink),
                                                     strings: plan.stringObservations, web: web.observations,
                                                     ui: plan.ui.observations, uiRows: plan.ui.rows))
        grouper.add(plan.checks.apply(run))
        let baseline = try options.baselinePath.map { (try Baseline.load(path: $0), path: options.baselineDisplayPath ?? $0) }
        let failOn = options.failOn ?? plan.checks.failOn
        // One snapshot per screen, device, category and locale: the first in key order, so a
        // string variant with findings is drawn rather than a variant without.
        let kept = Self.onePerPlace(collected.snapshots)
        // Each screen's rows as its snapshots list them (repeated rows repeated), whichever snapshots were kept.
        var rows: [String: [String]] = [:]
        for screen in plan.screens where rows[screen.name] == nil {
            rows[screen.name] = screen.rows.flatMap { repeatElement($0.name, count: $0.repeatCount) }
        }
        let scope = Scope(screens: plan.screens.map(\.name), rows: rows, categories: categories.map(\.uikitName),
                          devices: devices.flatMap { d in plan.orientations.map { plan.deviceName(d, $0) } },
                          locales: locales.map { plan.locales[$0] },
                          lists: plan.screens.filter { $0.minimumRowsVisible != nil || $0.rows.contains { $0.repeatCount > 1 } }.map(\.name))
        // Where each label is defined (its config entry, or its storyboard or Swift line), for the roll-ups.
        var elementSources: [ElementKey: SourceLocation] = [:]
        for screen in plan.screens {
            for row in screen.rows {
                for label in row.labels where !label.location.file.isEmpty && label.location.line >= 1 {
                    elementSources[ElementKey(screen: screen.name, row: row.name, label: label.name)] =
                        SourceLocation(file: displayPath(label.location.file), line: label.location.line)
                }
            }
        }
        // Every font: the mockups' selection keeps those its mockups draw.
        let fonts = plan.fonts.map { Reports.FontInfo(id: $0.name, family: $0.info.family, style: $0.info.style, path: $0.displayPath) }
        var document = ReportAssembler.assemble(
            tool: ToolInfo(version: TypeFitVersion.string), config: options.configDisplayPath ?? plan.config.file,
            scope: scope, checks: plan.checks.auditor.descriptors, grouper: consume grouper,
            rowsVisible: Self.series(collected.rowsVisible, scope: scope), screens: kept,
            fonts: fonts,
            baseline: baseline, failOn: failOn, generatedAt: options.timestamp, elementSources: elementSources)
        // Mockups go to the worst groups first, up to the cap: places the snapshots kept miss are laid out again.
        let drawn = Set(document.screens.map(HTMLReporter.anchor))
        var missing: [HTMLReporter.MockupPlace] = []
        for w in HTMLReporter.wantedMockups(document).prefix(document.mockups.cap)
        where !drawn.contains(HTMLReporter.anchor(screen: w.screen, device: w.device, category: w.category, locale: w.locale)) {
            missing.append(w)
        }
        if !missing.isEmpty && options.runChecks {
            document.screens += Self.onePerPlace(try snapshots(at: snapshotPlaces(missing)))
            document.fonts = fonts
            document = document.selectingMockups()
        }
        let (fontInfos, fontData) = embeddedFonts(document.screens)
        document.fonts = document.fonts.filter { f in fontInfos.contains { $0.id == f.id } }
        if !web.renderings.isEmpty { document.webPages = web.snapshots(findings: document.findings) }
        document.systemText = systemText()
        return AuditRun(document: document, exitCode: document.exitCode, fontData: fontData,
                        layouts: collected.layouts,
                        diagnostics: plan.diagnostics + web.warnings.map { Diagnostic(location: nil, code: .web, message: $0) }
                            + Self.baselineRemarks(baseline),
                        rowsVisible: collected.rowsVisible, snapshotsLeftOut: collected.snapshotsLeftOut)
    }

    /// Said once when the baseline predates today's keys (`Baseline.predatesStableKeys`).
    static func baselineRemarks(_ baseline: (Baseline, path: String)?) -> [Diagnostic] {
        guard let (file, path) = baseline, file.predatesStableKeys else { return [] }
        return [Diagnostic(location: path, code: .config, message:
            "the baseline (schema \(file.schemaVersion)) keys SwiftUI elements by reading order and line, which "
            + "today's keys no longer use: their groups are reported as new and fixed; `typefit audit --update-baseline` renews it")]
    }

    /// One snapshot per screen, device, category and locale: the first in key order.
    static func onePerPlace(_ snapshots: [KeyedSnapshot]) -> [ScreenSnapshot] {
        var places = Set<[String]>()
        return snapshots.sorted { $0.key < $1.key }.map(\.snapshot)
            .filter { places.insert([$0.screen, $0.device, $0.category, $0.locale]).inserted }
    }

    /// The fonts the mockups draw, embedded reduced to the characters they draw (hb-subset).
    func embeddedFonts(_ mockups: [ScreenSnapshot]) -> (infos: [Reports.FontInfo], data: [String: Data]) {
        var characters: [String: Set<Unicode.Scalar>] = [:]
        for snapshot in mockups {
            for row in snapshot.rows {
                for label in row.labels {
                    for line in label.lines { characters[label.font, default: []].formUnion(line.unicodeScalars) }
                }
            }
        }
        var fontInfos: [Reports.FontInfo] = []
        var fontData: [String: Data] = [:]
        for font in plan.fonts where characters[font.name] != nil {
            fontInfos.append(Reports.FontInfo(id: font.name, family: font.info.family, style: font.info.style,
                                              path: font.displayPath))
            // SF Pro is Apple's: never copied into a report (the HTML report draws its text in a
            // fallback font).
            if font.system?.method == .sfPro { continue }
            let chars = characters[font.name, default: []].union("…".unicodeScalars)
            if let data = FontSubsetter.subset(path: font.info.path, faceIndex: font.info.faceIndex, characters: chars)
                ?? FileManager.default.contents(atPath: font.info.path) {
                fontData[font.name] = data
            }
        }
        return (fontInfos, fontData)
    }

    /// Rows visible per screen, device and locale, one value per category of the scope (from
    /// every layout, not only the snapshots kept).
    static func series(_ screens: [ScreenObservation], scope: Scope) -> [RowsVisibleSeries] {
        struct Key: Hashable { var screen: String, device: String, locale: String }
        var order: [Key] = []
        var values: [Key: [Double?]] = [:]
        let position = Dictionary(uniqueKeysWithValues: scope.categories.enumerated().map { ($1, $0) })
        for s in screens {
            let key = Key(screen: s.screen, device: s.device, locale: s.locale)
            if values[key] == nil {
                order.append(key)
                values[key] = Array(repeating: nil, count: scope.categories.count)
            }
            if let i = position[s.category.uikitName] { values[key]?[i] = s.rowsVisible }
        }
        return order.map { RowsVisibleSeries(screen: $0.screen, device: $0.device, locale: $0.locale, values: values[$0] ?? []) }
    }

    /// What measured the audit's system text and its error band over the sizes its styles take
    /// on the devices and categories audited; nil when no style draws in the system font.
    func systemText() -> SystemTextMeasurement? {
        var measuredWith: String?
        var bands: [Double] = []
        for style in plan.styles {
            guard let source = plan.font(style.font).system else { continue }
            measuredWith = measuredWith ?? source.measuredWith
            for device in devices {
                for category in categories {
                    bands.append(source.method.errorBandPercent(size: style.size(at: category, scale: device.scale).pointSize))
                }
            }
        }
        guard let measuredWith, let low = bands.min(), let high = bands.max() else { return nil }
        return SystemTextMeasurement(measuredWith: measuredWith, minimumBandPercent: low, maximumBandPercent: high)
    }

    func styleObservations() -> [StyleObservation] {
        let scale = devices.first?.scale ?? 3
        let fallbacks = plan.config.fallbackFonts.map(\.font)
        return plan.styles.map { style in
            let font = plan.font(style.font).name
            var observation = StyleObservation(style: style.name, font: font, model: style.modelName,
                                    pointSizes: ContentSizeCategory.allCases.map { style.size(at: $0, scale: scale).pointSize },
                                    maximumPointSize: style.maximum, minimumPointSize: style.minimum,
                                    isCustomFont: plan.font(style.font).system == nil,
                                    fallbackFonts: fallbacks.filter { $0 != font })
            observation.fromAppUI = style.fromAppUI
            return observation
        }
    }

    /// The fonts' tables (read from a face opened here) and the ink of the texts audited in them.
    /// The system font has none: its vertical metrics are iOS's, not those of the face measuring it.
    func fontObservations(_ ink: [FontID: UnitObservation.InkRange]) throws -> [FontObservation] {
        try plan.fonts.filter { $0.system == nil }.map { font in
            let range = ink[font.id].map { (yMin: $0.yMin, yMax: $0.yMax) }
            return FontObservation(face: try font.open(), id: font.name, path: font.displayPath, ink: range)
        }
    }
}
