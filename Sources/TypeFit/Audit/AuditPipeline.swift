import Audit
import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import Reports
import TypeFitSupport

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
    /// Keep every screen layout in the result (the `layout` command); an audit keeps none.
    public var keepLayouts: Bool
    /// Observe the layouts and run the checks (false: only the plan and layout stages, as
    /// `typefit layout` runs them).
    public var runChecks: Bool = true
    /// Threads to lay out with (nil: every core). Results do not depend on it.
    public var threads: Int?
    /// The most screen snapshots the report keeps for mockups: those with findings first, then
    /// the development locale's, each in plan order. The rest are counted, not kept.
    public var snapshotLimit: Int
    /// Called with (done, total) screen layouts, for a progress bar.
    public var progress: (@Sendable (Int, Int) -> Void)?

    /// The default `snapshotLimit`.
    public static let defaultSnapshotLimit = 500

    public init(configDisplayPath: String? = nil, baselinePath: String? = nil, failOn: Severity? = nil,
                timestamp: String? = nil, devices: [String]? = nil, categories: [ContentSizeCategory]? = nil,
                locales: [String]? = nil, keepLayouts: Bool = false, threads: Int? = nil,
                snapshotLimit: Int = AuditOptions.defaultSnapshotLimit,
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
        self.snapshotLimit = snapshotLimit
        self.progress = progress
    }
}

/// One screen laid out on one device, orientation, locale and category (kept for `typefit layout`).
public struct ScreenRun: Sendable {
    public var screen: String
    public var device: String
    public var orientation: Orientation
    public var locale: String
    public var category: ContentSizeCategory
    /// The planned row of each layout row (copies of a repeated row share it).
    public var rows: [RowID]
    /// The planned row names, by `RowID.index`.
    public var rowNames: [String]
    public var layout: ScreenLayout
}

/// The result of an audit: the findings (before the baseline), the figures and snapshots kept,
/// and the report document with the baseline applied.
public struct AuditRun: Sendable {
    public var document: ReportDocument
    /// 0: no new finding at or above failOn; 1: failing findings.
    public var exitCode: Int32
    /// Font file bytes by font id (for the self-contained HTML report).
    public var fontData: [String: Data]
    public var layouts: [ScreenRun]
    public var diagnostics: [Diagnostic]
    /// Every finding (occurrence), as before a baseline was applied (every one new), in group order.
    /// Made from the document's groups when asked for; the run keeps only the groups.
    public var findings: [Finding] {
        document.groups.flatMap { group in
            var group = group
            group.status = .new
            return group.findings
        }
    }
    /// How many occurrences the run found (every group's).
    public var occurrenceCount: Int { document.groups.reduce(0) { $0 + $1.occurrences.count } }
    /// Rows visible of every screen × device × category × locale audited, in plan order.
    public var rowsVisible: [ScreenObservation]
    /// Snapshots that had a place in the report but were left out by `snapshotLimit`.
    public var snapshotsLeftOut: Int

    /// The run compared with `baseline` (written at `path`), without laying anything out again:
    /// what `--update-baseline` shows after writing the file.
    public func applying(_ baseline: Baseline, path: String) -> AuditRun {
        var run = self
        run.document = ReportAssembler.applying((baseline, path: path), to: document)
        run.exitCode = run.document.exitCode
        return run
    }

    /// The config's and the web views' remarks, one line each (what `typefit audit` prints on stderr).
    public var warnings: [String] { diagnostics.map(\.description) }
}

/// Audits the typefit.yml at `configPath`: every screen × device × orientation × locale × content
/// size category is laid out with the real fonts and strings, the checks run over the layouts,
/// styles and fonts, and the findings are compared with the baseline. Called as `TypeFit.audit(…)`.
public func audit(configPath: String, options: AuditOptions = AuditOptions()) throws -> AuditRun {
    try AuditPipeline(plan: AuditPlan.load(path: configPath), options: options).run()
}

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
        plan.units(locales: locales, devices: devices.count, categories: categories.count)
    }

    public func run() throws -> AuditRun {
        try finish(collect(units))
    }

    /// Lays out, observes and checks `units`, numbered `orders` (default: their positions) by
    /// their place in `self.units`, so a shard's results merge with the others' in plan order.
    func collect(_ units: [AuditUnit], orders: [Int]? = nil) throws -> Collected {
        let layoutsPerUnit = devices.count * plan.orientations.count * categories.count
        let collector = Collector(snapshotLimit: options.snapshotLimit, categories: categories.map(\.uikitName),
                                  total: units.count * layoutsPerUnit,
                                  progress: options.progress)
        let threads = max(1, min(options.threads ?? Processors.available, units.count))
        let next = UnitScheduler(units, workers: threads)
        let pipeline = self
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
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

    /// One unit: every device, orientation, category and variant pass of one screen in one locale.
    func run(_ unit: AuditUnit, order: Int, runner: UnitRunner, collector: Collector) throws {
        let screen = plan.screen(unit.screen)
        let localeID = plan.locales[unit.locale]
        let passes = runner.passes(screen, locale: unit.locale)
        var output = UnitOutput(order: order)
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
        // Whether each label's text of each pass is right-to-left, found when a snapshot first asks.
        var rightToLeft: [[[Bool?]]] = Array(repeating: screen.rows.map { Array(repeating: nil, count: $0.labels.count) },
                                             count: passes)
        // What each pass's labels show (text, key, font, missing characters): built once per
        // pass and shared by its observations on every device and at every category.
        let observedPasses = factsByPass.enumerated().map { pass, facts in
            UnitObservation.pass(pass, screen: screen, plan: plan, localeIndex: unit.locale, facts: facts)
        }
        for (d, device) in devices.enumerated() {
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
                        let facts = factsByPass[pass]
                        let observed = UnitObservation.observe(laid, screen: screen, locale: localeID,
                                                               device: deviceName, pass: observedPasses[pass])
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
                                                                   facts: facts, rightToLeft: &rightToLeft[pass])))
                        }
                    }
                }
            }
        }
        collector.add(output)
    }

    /// The snapshot the HTML report draws for one layout (the texts of its variant pass).
    func snapshot(_ laid: UnitLayout, screen: PlannedScreen, device: Device, deviceName: String, locale: String,
                  facts: [[TextFacts]], rightToLeft: inout [[Bool?]]) -> ScreenSnapshot {
        var rows: [RowSnapshot] = []
        for (r, row) in screen.rows.enumerated() {
            let rowLayout = laid.layout.rows[laid.firstRow[r]]
            var labels: [LabelSnapshot] = []
            for (l, label) in row.labels.enumerated() {
                let frame = rowLayout.labels[l]
                let laidOut = frame.label
                let style = plan.style(label.style)
                let primary = plan.font(style.font).name
                // A text drawn by a fallback font is drawn in that font in the mockup.
                let font = facts[r][l].fontsUsed.first { $0 != primary } ?? primary
                // Lines of different heights (fallback fonts): each line's baseline from Layout.
                let uniform = laidOut.lines.allSatisfy { abs($0.height - laidOut.lineHeight) < 1e-9 }
                let isRightToLeft = rightToLeft[r][l] ?? ScriptProfile(laid.text(r, l).text).isRightToLeft
                rightToLeft[r][l] = isRightToLeft
                labels.append(LabelSnapshot(name: label.name, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                     font: font, pointSize: laidOut.pointSize, lineHeight: laidOut.lineHeight,
                                     baselineOffset: laidOut.lines.first?.baseline ?? 0, lines: laidOut.lines.map(\.text),
                                     lineWidths: laidOut.lines.map(\.width),
                                     rightToLeft: isRightToLeft,
                                     truncated: laidOut.truncated, clipped: rowLayout.clips(frame),
                                     inkOverflow: laidOut.inkOverflow.maximum, hasFindings: false,
                                     lineBaselines: uniform ? nil : laidOut.lines.map(\.baseline),
                                     lineHeights: uniform ? nil : laidOut.lines.map(\.height)))
            }
            let snapshotRow = RowSnapshot(name: row.name, height: rowLayout.height, clippedBy: rowLayout.clippedBy,
                                          labels: labels)
            rows.append(contentsOf: repeatElement(snapshotRow, count: row.repeatCount))
        }
        let size = device.size(laid.place.orientation)
        return ScreenSnapshot(screen: screen.name, device: deviceName, category: laid.place.category.uikitName,
                              locale: locale, width: size.width, height: size.height, scale: device.scale,
                              contentTop: laid.layout.contentTop, contentHeight: laid.layout.contentHeight, rows: rows,
                              rowsVisible: laid.layout.visibleRows, fullyVisibleRows: laid.layout.fullyVisibleRows)
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
        let baseline = try options.baselinePath.map { (try Baseline.load(path: $0), path: $0) }
        let failOn = options.failOn ?? plan.checks.failOn
        // One snapshot per screen, device, category and locale: the first in key order, so a
        // string variant with findings is drawn rather than a variant without.
        var places = Set<[String]>()
        let kept = collected.snapshots.map(\.snapshot).filter { places.insert([$0.screen, $0.device, $0.category, $0.locale]).inserted }
        // Fonts the mockups draw, embedded reduced to the characters they draw (hb-subset).
        var characters: [String: Set<Unicode.Scalar>] = [:]
        for snapshot in kept {
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
            let chars = characters[font.name, default: []].union("…".unicodeScalars)
            if let data = FontSubsetter.subset(path: font.info.path, faceIndex: font.info.faceIndex, characters: chars)
                ?? FileManager.default.contents(atPath: font.info.path) {
                fontData[font.name] = data
            }
        }
        let scope = Scope(screens: plan.screens.map(\.name), categories: categories.map(\.uikitName),
                          devices: devices.flatMap { d in plan.orientations.map { plan.deviceName(d, $0) } },
                          locales: locales.map { plan.locales[$0] })
        var document = ReportAssembler.assemble(
            tool: ToolInfo(version: TypeFitVersion.string), config: options.configDisplayPath ?? plan.config.file,
            scope: scope, checks: plan.checks.auditor.descriptors, grouper: consume grouper,
            rowsVisible: Self.series(collected.rowsVisible, scope: scope), screens: kept, fonts: fontInfos,
            baseline: baseline, failOn: failOn, generatedAt: options.timestamp)
        if !web.renderings.isEmpty { document.webPages = web.snapshots(findings: document.findings) }
        return AuditRun(document: document, exitCode: document.exitCode, fontData: fontData,
                        layouts: collected.layouts,
                        diagnostics: plan.diagnostics + web.warnings.map { Diagnostic(location: nil, code: .web, message: $0) },
                        rowsVisible: collected.rowsVisible, snapshotsLeftOut: collected.snapshotsLeftOut)
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
            if let i = position[s.category] { values[key]?[i] = s.rowsVisible }
        }
        return order.map { RowsVisibleSeries(screen: $0.screen, device: $0.device, locale: $0.locale, values: values[$0] ?? []) }
    }

    func styleObservations() -> [StyleObservation] {
        let scale = devices.first?.scale ?? 3
        let fallbacks = plan.config.fallbackFonts.map(\.font)
        return plan.styles.map { style in
            let font = plan.font(style.font).name
            return StyleObservation(style: style.name, font: font, model: style.modelName,
                                    pointSizes: ContentSizeCategory.allCases.map { style.size(at: $0, scale: scale).pointSize },
                                    maximumPointSize: style.maximum, minimumPointSize: style.minimum, isCustomFont: true,
                                    fallbackFonts: fallbacks.filter { $0 != font })
        }
    }

    /// The fonts' tables (read from a face opened here) and the ink of the texts audited in them.
    func fontObservations(_ ink: [FontID: UnitObservation.InkRange]) throws -> [FontObservation] {
        try plan.fonts.map { font in
            let range = ink[font.id].map { (yMin: $0.yMin, yMax: $0.yMax) }
            return FontObservation(face: try font.open(), id: font.name, path: font.displayPath, ink: range)
        }
    }
}

/// Where a snapshot stands in the report's order: layouts with findings first, then plan order.
struct SnapshotKey: Comparable, Sendable, Codable {
    var hasFindings: Bool
    var screen: Int
    var locale: Int
    var device: Int
    var orientation: Orientation
    var category: ContentSizeCategory
    var pass: Int

    static func < (a: SnapshotKey, b: SnapshotKey) -> Bool {
        if a.hasFindings != b.hasFindings { return a.hasFindings }
        let x = (a.screen, a.locale, a.device, a.orientation == .portrait ? 0 : 1, a.category.position, a.pass)
        let y = (b.screen, b.locale, b.device, b.orientation == .portrait ? 0 : 1, b.category.position, b.pass)
        return x < y
    }
}

/// What one unit hands to the collector.
struct UnitOutput: @unchecked Sendable {
    // ScreenSnapshot, ScreenRun and the observations are values; the tuple array is not inferred Sendable.
    var order: Int
    var findings: [Finding] = []
    /// Group keys of the unit's findings that have no category or device.
    var placeless: Set<GroupKey> = []
    var rowsVisible: [ScreenObservation] = []
    var ink: [FontID: UnitObservation.InkRange] = [:]
    var snapshots: [(SnapshotKey, ScreenSnapshot)] = []
    var layouts: [ScreenRun] = []

    init(order: Int) { self.order = order }

    /// What the report needs of the unit besides its findings (the collector groups those, and
    /// keeps the snapshots).
    var record: UnitRecord {
        UnitRecord(order: order, rowsVisible: rowsVisible,
                   ink: ink.sorted { $0.key < $1.key }.map { InkRecord(font: $0.key.index, yMin: $0.value.yMin, yMax: $0.value.yMax) })
    }
}

/// The results of one unit the report is made from besides its findings: its rows-visible
/// figures and ink. Codable: a shard writes them to its part file and `typefit merge` reads them back.
struct UnitRecord: Codable, Sendable {
    /// The unit's place in the run's unit list (plan order).
    var order: Int
    var rowsVisible: [ScreenObservation]
    var ink: [InkRecord]
}

/// The ink of a unit's texts measured with one font (`FontID.index`).
struct InkRecord: Codable, Sendable {
    var font: Int
    var yMin: Double
    var yMax: Double
}

/// A snapshot kept for mockups with its place in the report's order.
struct KeyedSnapshot: Codable, Sendable {
    var key: SnapshotKey
    var snapshot: ScreenSnapshot
}

/// Everything kept from a run's units, in plan order: one run's, or the parts of a sharded run
/// merged (`merging`), which gives the same value as the unsharded run.
struct Collected: Codable, Sendable {
    var units: [UnitRecord]
    /// Every occurrence of the units, compactly (grouped, strings interned).
    var grouper: FindingGrouper
    /// The snapshots kept, smallest keys first, at most the snapshot limit.
    var snapshots: [KeyedSnapshot]
    /// Snapshots that wanted a place (kept or not).
    var candidates: Int
    /// Screen layouts (`typefit layout`); not part of a shard's part.
    var layouts: [ScreenRun] = []

    enum CodingKeys: String, CodingKey { case units, grouper, snapshots, candidates }

    var rowsVisible: [ScreenObservation] { units.flatMap(\.rowsVisible) }
    var snapshotsLeftOut: Int { max(0, candidates - snapshots.count) }
    var ink: [FontID: UnitObservation.InkRange] {
        var ink: [FontID: UnitObservation.InkRange] = [:]
        for unit in units {
            for r in unit.ink {
                let range = UnitObservation.InkRange(yMin: r.yMin, yMax: r.yMax)
                ink[FontID(r.font)] = ink[FontID(r.font)].map { $0.union(range) } ?? range
            }
        }
        return ink
    }

    /// `parts` as one: units in plan order, the `snapshotLimit` smallest snapshots of all (each
    /// part kept its own smallest, so these are the run's), candidates added up.
    static func merging(_ parts: [Collected], snapshotLimit: Int) -> Collected {
        var snapshots = parts.flatMap(\.snapshots).sorted { $0.key < $1.key }
        if snapshots.count > max(0, snapshotLimit) { snapshots.removeLast(snapshots.count - max(0, snapshotLimit)) }
        var grouper = FindingGrouper()
        for part in parts { grouper.merge(part.grouper) }
        return Collected(units: parts.flatMap(\.units).sorted { $0.order < $1.order }, grouper: grouper,
                         snapshots: snapshots, candidates: parts.map(\.candidates).reduce(0, +))
    }
}

/// Hands out unit indices to worker threads.
final class UnitScheduler: @unchecked Sendable {
    /// Each worker's own units, in plan order, front first; a worker that has run out takes from
    /// the back of the longest other queue.
    private var queues: [ArraySlice<Int>]
    private let lock = NSLock()

    /// Locale affinity: each worker gets whole locales (greedily, the costliest locale first to
    /// the least loaded worker), so the words of a locale are shaped, measured and laid out in
    /// one worker's caches rather than in every worker's. With units dealt out in plan order
    /// (screen by screen, locale by locale) both threads of the whole-app audit shaped and
    /// cached every word; `--threads 2` cost 0.7–1.2 s more CPU than `--threads 1`. Which
    /// worker runs a unit never changes what the unit gives (tests compare 1 and 2 threads).
    init(_ units: [AuditUnit], workers: Int) {
        let workers = max(1, workers)
        var costByLocale: [Int: Int] = [:]
        for unit in units { costByLocale[unit.locale, default: 0] += unit.cost }
        var load = Array(repeating: 0, count: workers)
        var workerOfLocale: [Int: Int] = [:]
        for (locale, cost) in costByLocale.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let w = load.indices.min(by: { (load[$0], $0) < (load[$1], $1) }) ?? 0
            workerOfLocale[locale] = w
            load[w] += cost
        }
        var queues = Array(repeating: [Int](), count: workers)
        for (i, unit) in units.enumerated() { queues[workerOfLocale[unit.locale] ?? 0].append(i) }
        self.queues = queues.map { $0[...] }
    }

    func take(worker: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if queues.indices.contains(worker), let index = queues[worker].popFirst() { return index }
        guard let victim = queues.indices.max(by: { queues[$0].count < queues[$1].count }),
              let index = queues[victim].popLast() else { return nil }
        return index
    }
}

/// Gathers unit outputs from worker threads behind a lock, keeping at most `snapshotLimit`
/// snapshots (the smallest keys, so the set does not depend on thread timing).
final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private let snapshotLimit: Int
    private var records: [UnitRecord] = []
    private var grouper: FindingGrouper
    private var layouts: [(Int, [ScreenRun])] = []
    private var snapshots: [(SnapshotKey, ScreenSnapshot)] = []
    private var candidates = 0
    private var error: (any Error)?
    private var done = 0
    private let total: Int
    private let progress: (@Sendable (Int, Int) -> Void)?

    /// `categories`: the run's, in scope order (the grouper keeps only messages that can be a group's worst).
    init(snapshotLimit: Int, categories: [String], total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
        self.snapshotLimit = max(0, snapshotLimit)
        grouper = FindingGrouper(categories: categories)
        self.total = total
        self.progress = progress
    }

    /// Whether a snapshot with `key` could still be kept (so a unit need not build it otherwise).
    func wouldKeep(_ key: SnapshotKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        candidates += 1
        guard snapshotLimit > 0 else { return false }
        guard snapshots.count >= snapshotLimit, let worst = snapshots.last?.0 else { return true }
        return key < worst
    }

    func add(_ output: UnitOutput) {
        lock.lock()
        defer { lock.unlock() }
        var output = output
        if !output.snapshots.isEmpty {
            // Kept sorted: each new snapshot goes in at its place; the largest keys fall off the end.
            for item in output.snapshots {
                var low = 0, high = snapshots.count
                while low < high {
                    let mid = (low + high) / 2
                    if snapshots[mid].0 < item.0 { low = mid + 1 } else { high = mid }
                }
                if low < snapshotLimit { snapshots.insert(item, at: low) }
                if snapshots.count > snapshotLimit { snapshots.removeLast() }
            }
            output.snapshots = []
        }
        grouper.add(output.findings)
        records.append(output.record)
        if !output.layouts.isEmpty { layouts.append((output.order, output.layouts)) }
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

    func result() throws -> Collected {
        lock.lock()
        defer { lock.unlock() }
        if let error { throw error }
        return Collected(units: records.sorted { $0.order < $1.order }, grouper: grouper,
                         snapshots: snapshots.map { KeyedSnapshot(key: $0.0, snapshot: $0.1) }, candidates: candidates,
                         layouts: layouts.sorted { $0.0 < $1.0 }.flatMap(\.1))
    }
}
