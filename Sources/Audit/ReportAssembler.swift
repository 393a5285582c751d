import Foundation
import Reports

/// Builds the `ReportDocument` of a run: groups the findings, applies the baseline, picks the
/// mockups, and normalizes with Reports' one normalizer (`ReportDocument.normalized()`).
///
/// The pipeline calls `assemble` once, with every finding (occurrence) of the run in any order
/// (from any number of units or threads): the document does not depend on the order.
public enum ReportAssembler {
    /// The document for one run.
    ///
    /// - Parameters:
    ///   - findings: every occurrence; or pass a `FindingGrouper` filled along the way to `assemble(grouper:…)`.
    ///   - rowsVisible: rows visible per screen, device, locale and category; when empty they are taken
    ///     from `screens`.
    ///   - scope: what was audited; `scope.rows` of a screen not given is taken from its first snapshot.
    ///   - screens: candidate snapshots for mockups. The document keeps those at the worst occurrence of
    ///     each new group, worst group first, at most `mockupCap`; the others wanted are counted in
    ///     `mockups.omitted` (also when the producer did not keep that snapshot).
    ///   - fonts: fonts; the document keeps those its mockups use.
    ///   - baseline: the baseline to compare with, and the path reports show.
    public static func assemble(tool: ToolInfo, config: String, scope: Scope, checks: [CheckDescriptor],
                                findings: [Finding], rowsVisible: [RowsVisibleSeries] = [], screens: [ScreenSnapshot],
                                fonts: [FontInfo], baseline: (Baseline, path: String)? = nil, failOn: Severity,
                                generatedAt: String? = nil, mockupCap: Int = ReportDocument.defaultMockupCap,
                                elementSources: [ElementKey: SourceLocation] = [:]) -> ReportDocument {
        var grouper = FindingGrouper()
        grouper.add(findings)
        return assemble(tool: tool, config: config, scope: scope, checks: checks, grouper: grouper,
                        rowsVisible: rowsVisible, screens: screens, fonts: fonts, baseline: baseline, failOn: failOn,
                        generatedAt: generatedAt, mockupCap: mockupCap, elementSources: elementSources)
    }

    /// `assemble` from findings already collected in a `FindingGrouper` (the occurrences need not be kept).
    public static func assemble(tool: ToolInfo, config: String, scope: Scope, checks: [CheckDescriptor],
                                grouper: FindingGrouper, rowsVisible: [RowsVisibleSeries] = [],
                                screens: [ScreenSnapshot], fonts: [FontInfo], baseline: (Baseline, path: String)? = nil,
                                failOn: Severity, generatedAt: String? = nil,
                                mockupCap: Int = ReportDocument.defaultMockupCap,
                                elementSources: [ElementKey: SourceLocation] = [:]) -> ReportDocument {
        // Row order of the screens the producer did not give, from the first snapshot of each.
        var scope = scope
        for s in screens where scope.rows[s.screen] == nil { scope.rows[s.screen] = s.rows.map(\.name) }
        var groups = grouper.groups(scope: scope, checks: checks)
        for i in groups.indices { groups[i].status = .new }
        var doc = ReportDocument(
            tool: tool, generatedAt: generatedAt, config: config, scope: scope, checks: checks, groups: groups,
            rowsVisible: rowsVisible.isEmpty ? RowsVisibleSeries.from(screens, scope: scope) : rowsVisible,
            screens: screens, mockups: MockupSummary(cap: mockupCap), fonts: fonts, failOn: failOn)
        doc.elementSources = elementSources
        return applying(baseline, to: doc)
    }

    /// `document` compared with `baseline` (nil: every group new, no fixed groups), its mockups picked
    /// again from its screens (baselined groups' after the new groups'), its new groups rolled up
    /// (`rollingUp`, with the document's `elementSources`), normalized. `--update-baseline`
    /// uses it to show the run against the baseline it just made, without auditing twice.
    public static func applying(_ baseline: (Baseline, path: String)?, to document: ReportDocument) -> ReportDocument {
        var doc = document
        if let (b, path) = baseline {
            (doc.groups, doc.fixed) = b.apply(to: doc.groups)
            doc.baseline = path
        } else {
            for i in doc.groups.indices {
                doc.groups[i].status = .new
                doc.groups[i].worseIn = nil
            }
            doc.fixed = []
            doc.baseline = nil
        }
        return doc.selectingMockups().rollingUp(elementSources: doc.elementSources).withLargerText()
    }
}

/// Writes what a run produces: the report set, then (when asked) the baseline, in that order, so
/// a failed report write never leaves a rewritten baseline behind.
public enum AuditOutput {
    /// Refuses a baseline inside the output folder (reports and baselines have different lives:
    /// the folder is replaced as a set, the baseline changes only when asked).
    public static func checkBaseline(_ baselinePath: String, outsideOf outputDirectory: String) throws {
        let folder = resolved(outputDirectory)
        let file = resolved(baselinePath)
        if file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
            throw AuditError.writeFailed(
                path: baselinePath, reason: "the baseline is inside the output folder \(outputDirectory); keep it outside the reports")
        }
    }

    /// Writes the reports of `document` (every format with a file) into `directory` as one set,
    /// then `baseline` to its path. Nothing is written to the baseline when the reports fail.
    /// `normalized`: `document` is already `normalized()`.
    @discardableResult
    public static func write(_ document: ReportDocument, formats: Set<ReportFormat>, to directory: String?,
                             fontData: [String: Data] = [:], extraSections: [HTMLSection] = [],
                             baseline: (Baseline, path: String)? = nil, normalized: Bool = false) throws -> [URL] {
        var written: [URL] = []
        let fileFormats = formats.filter { $0.fileName != nil }
        if let directory {
            if let baseline { try checkBaseline(baseline.path, outsideOf: directory) }
            if !fileFormats.isEmpty {
                written = try ReportWriter.write(document, formats: fileFormats, to: URL(fileURLWithPath: directory),
                                                 fontData: fontData, extraSections: extraSections, normalized: normalized)
            }
        }
        if let (b, path) = baseline { try b.write(to: path) }
        return written
    }

    /// An absolute, standardized path with symlinks resolved as far as the path exists.
    static func resolved(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
            rest.insert(url.lastPathComponent, at: 0)
            url.deleteLastPathComponent()
        }
        var base = url.resolvingSymlinksInPath().path
        for part in rest { base = (base as NSString).appendingPathComponent(part) }
        return base
    }
}
