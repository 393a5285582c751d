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
    /// The baseline as reports show it (default: `baselinePath`).
    public var baselineDisplayPath: String?
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
    /// The most screen snapshots the run keeps while laying out, for mockups: those with findings
    /// first, then the development locale's, each in plan order. The rest are counted, not kept;
    /// the worst groups' mockup places (up to the mockup cap) it missed are laid out again at the end.
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
