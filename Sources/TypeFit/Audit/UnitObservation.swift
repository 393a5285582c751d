import Audit
import DynamicType
import Layout
import Reports

/// What the checks see of one screen layout: its labels, rows and screen, plus the ink of the
/// texts by font (for the font checks). A pure function of the layout and the texts' facts.
struct UnitObservation {
    var labels: [LabelObservation] = []
    var rows: [RowObservation] = []
    var screen: ScreenObservation?
    /// Lowest and highest ink (font units, y up) of the texts drawn with each font (a fallback
    /// font's glyphs count for the fallback).
    var ink: [FontID: InkRange] = [:]

    struct InkRange: Sendable {
        var yMin: Double
        var yMax: Double
        func union(_ other: InkRange) -> InkRange { InkRange(yMin: min(yMin, other.yMin), yMax: max(yMax, other.yMax)) }
    }

    /// What a variant pass of a unit shows, the same on every device and at every category, so
    /// built once per pass: each label's subject (nil for a label this pass does not observe) and
    /// the ink by font of the texts it observes.
    struct Pass {
        var subjects: [[LabelSubject?]]
        var ink: [FontID: InkRange]
        /// The labels observed (subjects that are not nil).
        var labelCount: Int
    }

    /// The pass `pass` of `screen` in locale `localeIndex`, whose texts' facts are `facts`.
    static func pass(_ pass: Int, screen: PlannedScreen, plan: AuditPlan, localeIndex: Int,
                     facts: [[TextFacts]]) -> Pass {
        let locale = plan.locales[localeIndex]
        var ink: [FontID: InkRange] = [:]
        let subjects = screen.rows.enumerated().map { r, row in
            row.labels.enumerated().map { l, label -> LabelSubject? in
                let variants = label.texts[localeIndex]
                guard pass == 0 || variants.count > pass else { return nil }
                let text = variants[min(pass, variants.count - 1)]
                let style = plan.style(label.style)
                let fact = facts[r][l]
                let planned = plan.font(style.font)
                let font = planned.name
                // iOS cascades the system font to SF Arabic, PingFang, Hiragino, Apple SD Gothic Neo,
                // Apple Color Emoji…: system text never lacks a glyph. Characters the stand-in lacks are
                // measured in the configured fallbacks, unverified (docs/layout.md).
                let system = planned.system
                let missing = system == nil ? fact.missing : []
                var scriptFallback = fact.fontsUsed.first { $0 != font }
                if system != nil, scriptFallback == nil, !fact.missing.isEmpty {
                    scriptFallback = fact.fallback ?? "an iOS fallback font (none installed here)"
                }
                let inkUnverified: String? = if let system, system.method != .sfPro {
                    "measured with the outlines of \(system.measuredWith), a stand-in for San Francisco"
                } else if label.location.file.hasSuffix(".swift") {
                    "a SwiftUI Text is not clipped to its frame"
                } else { nil }
                for (font, box) in fact.inkByFont {
                    let range = InkRange(yMin: box.yMin, yMax: box.yMax)
                    ink[font] = ink[font].map { $0.union(range) } ?? range
                }
                return LabelSubject(
                    screen: screen.name, row: row.name, label: label.name, id: label.id, locale: locale, style: style.name,
                    font: font, stringKey: text.key, variant: text.variant, source: text.source,
                    text: style.letterCase.apply(text.text), lineBreakMode: label.lineBreak,
                    missingCharacters: missing.map { String(format: "U+%04X", $0.value) },
                    fallbackFont: missing.isEmpty ? nil : fact.fallback, literalText: text.isLiteral,
                    scriptFallback: scriptFallback, inkUnverified: inkUnverified, estimate: label.estimate)
            }
        }
        return Pass(subjects: subjects, ink: ink, labelCount: subjects.reduce(0) { $0 + $1.count { $0 != nil } })
    }

    /// Observes `unit`, one layout of the variant pass `observed` (`UnitObservation.pass`) in
    /// `locale`. With `pass > 0` (a string-variant pass) only the labels whose text changed are
    /// observed; rows and the screen were observed in pass 0.
    static func observe(_ unit: UnitLayout, screen: PlannedScreen, locale: String, device: String,
                        pass observed: Pass) -> UnitObservation {
        var result = UnitObservation()
        result.ink = observed.ink
        let category = unit.place.category
        let pass = unit.place.pass
        result.labels.reserveCapacity(observed.labelCount)
        if pass == 0 { result.rows.reserveCapacity(screen.rows.count) }
        var tallest: (name: String, id: RowID, height: Double)?
        // Rows, labels and frames are read in place (not copied out of their arrays): this runs
        // once per label layout.
        let rows = unit.layout.rows
        for r in screen.rows.indices {
            let rowLayout = rows[unit.firstRow[r]]
            let fixedHeight = screen.rows[r].fixedHeight
            if pass == 0 {
                if !screen.rows[r].scrolls, tallest == nil || rowLayout.height > tallest!.height { tallest = (screen.rows[r].name, screen.rows[r].id, rowLayout.height) }
                result.rows.append(RowObservation(
                    screen: screen.name, row: screen.rows[r].name, id: screen.rows[r].id, device: device, category: category,
                    locale: locale, height: rowLayout.height, fixedHeight: fixedHeight,
                    contentHeight: rowLayout.contentHeight, clippedBy: rowLayout.clippedBy))
            }
            let subjects = observed.subjects[r]
            for l in subjects.indices {
                guard let subject = subjects[l] else { continue }
                var observation = LabelObservation(
                    subject: subject, device: device, category: category,
                    neededWidth: rowLayout.labels[l].label.drawnWidth, availableWidth: rowLayout.labels[l].width,
                    lines: rowLayout.labels[l].label.neededLineCount,
                    maxLines: screen.rows[r].labels[l].lines, truncated: rowLayout.labels[l].label.truncation != nil,
                    height: rowLayout.labels[l].label.height,
                    availableHeight: fixedHeight == nil ? nil : rowLayout.labels[l].height,
                    pointSize: rowLayout.labels[l].label.pointSize,
                    requestedPointSize: unit.requestedPointSize(r, l), largePointSize: unit.largePointSize(r, l),
                    inkOverflow: rowLayout.labels[l].label.inkOverflow)
                if unit.unit.labels[r][l].systemMethod != nil {
                    // Laid out again only when the text does not fit: is it within the band?
                    let o = observation
                    let short = o.truncated || o.pointSize < o.requestedPointSize || (o.maxLines > 0 && o.lines > o.maxLines)
                        || (o.maxLines == 1 && o.neededWidth > o.availableWidth)
                    observation.widthEstimate = unit.unit.widthEstimate(r, l, at: unit.place, width: o.availableWidth,
                                                                        needsCheck: short, fallbackFont: o.scriptFallback)
                }
                result.labels.append(observation)
            }
        }
        if pass == 0 {
            // Every copy of a repeated row counts for rows visible; the tallest row is named once.
            result.screen = ScreenObservation(
                screen: screen.name, id: screen.id, device: device, category: category, locale: locale,
                contentHeight: unit.layout.contentHeight, rowCount: unit.layout.rows.count,
                rowsVisible: unit.layout.visibleRows, fullyVisibleRows: unit.layout.fullyVisibleRows,
                tallestRow: tallest?.name, tallestRowID: tallest?.id, tallestRowHeight: tallest?.height ?? 0,
                minimumRowsVisible: screen.minimumRowsVisible)
        }
        return result
    }
}
