import AppUI
import Audit
import DynamicType
import FontEngine
import Foundation
import InterfaceBuilder
import Layout
import Localization
import Reports
import SwiftUISource
import TypeFitSupport
import XcodeProject

// The app's UI files planned into the audit (docs/ui-sources.md): each storyboard scene or XIB
// with laid-out text becomes a screen, each cell a row, each element whose text, font and width
// are known a label, with its texts in every locale of the plan. Every element, laid out or not,
// becomes an observation for the `ui.*` checks.

extension AuditPlan {
    /// Reads `config.ui` and adds its screens, styles and fonts to the plan.
    mutating func planUI(fonts: inout FontPlanner, resolver: TextResolver) throws {
        guard let ui = config.ui else { return }
        var plan = UIPlan()
        let projectPath: String? = if case .path(let p) = ui.project { p } else { nil }
        // The repository is the config's folder: nothing outside it is read (docs/robustness.md).
        let boundary = RepositoryBoundary(root: config.baseDirectory)
        let repository = AppRepository.discover(root: ui.root, projectPath: projectPath, targetName: ui.target,
                                                useProject: ui.project != .none, boundary: boundary)
        if let name = ui.target, repository.target == nil {
            // Auditing the whole folder instead would audit what the config does not mean.
            let location = ui.targetLocation ?? ui.location
            guard let project = repository.project else {
                throw location.error(ui.project == .none
                    ? "target \"\(name)\" needs an Xcode project, and `project: none` reads none"
                    : "target \"\(name)\": no Xcode project found under \(displayPath(ui.root.path))")
            }
            let names = project.targets.map(\.name)
            var message = "no target named \"\(name)\" in \(project.path)"
            if let near = nearest(name, in: names) { message += "; did you mean \"\(near)\"?" }
            else { message += " (targets: \(names.joined(separator: ", ")))" }
            throw location.error(message)
        }
        plan.repository = repository
        plan.warnings += repository.warnings
        let kept = { (path: String) in !ui.exclude.contains { $0.matches(path) } }
        let ibPaths: [String] = switch ui.interfaceBuilder {
        case .auto: repository.interfaceBuilderFiles.filter(kept)
        case .none: []
        case .list(let paths): paths.filter(kept)
        }
        plan.swiftFiles = switch ui.swift {
        case .auto: repository.swiftFiles.filter(kept)
        case .none: []
        case .list(let paths): paths.filter(kept)
        }
        var (read, outcomes) = InterfaceBuilderReader.read(paths: ibPaths, root: ui.root, boundary: boundary)
        read.screens = Self.hidingReplacedStaticCells(read.screens, root: ui.root, repository: repository, boundary: boundary)
        plan.warnings += read.warnings.map { "\($0.position): \($0.message)" }  // "warning:" is the diagnostic's
        var budget = UIPlanner.mostElements
        var firstLeftOut: UISourcePosition?
        read.screens = UIPlanner.capped(read.screens, budget: &budget, firstLeftOut: &firstLeftOut)
        var elementCounts: [String: Int] = [:]
        for screen in read.screens { elementCounts[screen.position.file, default: 0] += screen.allElements.count }
        for path in ibPaths {
            plan.interfaceBuilderFiles.append(UIPlan.FileCount(path: path, outcome: outcomes[path] ?? .unreadable,
                                                               elements: elementCounts[path] ?? 0))
        }
        var swiftUIScreens: [UIScreenSource] = []
        if !plan.swiftFiles.isEmpty {
            var owners: [String: Set<String>] = [:]
            for e in read.screens.flatMap(\.allElements) {
                if let owner = e.outletOwner, let outlet = e.outlet { owners[owner, default: []].insert(outlet) }
            }
            let reading = Self.readSwiftUI(ui: ui, repository: repository, viewFiles: plan.swiftFiles, table: resolver.table,
                                           development: locales.first ?? "en", boundary: boundary, outlets: owners,
                                           warnings: &plan.warnings)
            swiftUIScreens = UIPlanner.capped(reading.screens, budget: &budget, firstLeftOut: &firstLeftOut)
            plan.swiftUI = reading.counts
            read.screens = read.screens.map { Self.followingOutlets($0, reading.outlets) }
        }
        if let firstLeftOut {
            plan.warnings.append("\(firstLeftOut): more than \(UIPlanner.mostElements) text elements in the app's storyboards, XIBs "
                                 + "and SwiftUI views; this one and the rest are not read")
        }
        // Nothing to audit at all: no screen in the config, no web view, no SwiftUI view with
        // text, and no text element in any Interface Builder file that could be read.
        if config.screens.isEmpty, config.webViews.isEmpty, read.screens.isEmpty, swiftUIScreens.isEmpty {
            let unreadable = ibPaths.filter { if case .unreadable = outcomes[$0] ?? .unreadable { true } else { false } }
            if let first = read.warnings.first, !unreadable.isEmpty {
                throw ConfigError(file: first.position.description,
                                  message: "\(first.message); no other Interface Builder file has text: nothing to audit")
            }
            throw ConfigError(file: ui.root.path, message: "no iOS storyboard, XIB or Swift file with text found: nothing to audit"
                              + (repository.warnings.first.map { " (\($0))" } ?? ""))
        }
        var planner = UIPlanner(plan: self, fonts: fonts, resolver: resolver, ui: ui, repository: repository)
        for screen in read.screens { planner.add(screen) }
        for screen in swiftUIScreens { planner.add(screen) }
        plan.warnings += Self.unmatchedBindings(ui, screens: read.screens + swiftUIScreens)
        fonts = planner.fonts
        self.fonts = fonts.fonts
        self.styles = planner.styles
        self.screens += planner.screens
        self.stringObservations += planner.stringObservations
        plan.observations = planner.observations
        plan.rows = planner.rowObservations
        plan.accounts = planner.accounts
        plan.repeatedLocales = planner.repeated
        plan.warnings += planner.warnings
        // A font only the UI's styles use is used after all.
        let used = Set(styles.map { self.fonts[$0.font.index].name })
        var nowUsed: Set<String> = []
        for warning in config.warnings { if case .unusedFont(let id) = warning.code, used.contains(id) { nowUsed.insert(warning.location.description) } }
        diagnostics.removeAll { $0.code == .unusedFont && nowUsed.contains($0.location ?? "") }
        diagnostics += plan.warnings.map { Diagnostic(location: nil, code: .ui, message: $0) }
        self.ui = plan
    }
}

extension AuditPlan {
    /// The screen with what the owners' code sets on its outlets (docs/ui-sources.md, "Outlets set in
    /// code"): a text every assignment agrees on replaces the file's; texts that differ, or one
    /// computed at run time, make the element run-time data (or unresolved, when the code names
    /// what TypeFit could not follow); a font, a line count and `adjustsFontForContentSizeCategory`
    /// every assignment agrees on replace the file's.
    static func followingOutlets(_ screen: UIScreenSource, _ code: [OutletKey: OutletSettings]) -> UIScreenSource {
        guard !code.isEmpty else { return screen }
        var screen = screen
        func follow(_ e: inout UIElement) {
            guard let owner = e.outletOwner, let outlet = e.outlet,
                  let settings = code[OutletKey(owner: owner, property: outlet)] else { return }
            // A text field's `.text` is what the user types; a control state's title is not the
            // `.normal` one the code sets.
            if let first = settings.texts.first, e.kind != .textField, e.stateOf == nil {
                if let agreed = OutletSettings.agreed(settings.texts), agreed.value.text.unknownReason == nil {
                    e.text = agreed.value.text
                    e.letterCase = agreed.value.letterCase
                    e.textFromCode = agreed.position
                } else if let unknown = settings.texts.first(where: { $0.value.text.unknownReason != nil }) {
                    let reason = "set in code (\(unknown.position)): \(unknown.value.text.unknownReason!)"
                    if case .unresolved = unknown.value.text { e.text = .unresolved(reason: reason) } else { e.text = .runtime(reason: reason) }
                } else {
                    e.text = .runtime(reason: "one of \(Set(settings.texts.map(\.value)).count) texts the code (\(first.position)) chooses at run time")
                }
            }
            if let font = settings.fonts.first {
                if let agreed = OutletSettings.agreed(settings.fonts) {
                    e.font = agreed.value
                    e.fontPosition = agreed.position
                } else {
                    e.font = .unknown(reason: "one of \(Set(settings.fonts.map(\.value)).count) fonts the code (\(font.position)) chooses at run time")
                    e.fontPosition = font.position
                }
            }
            if let lines = OutletSettings.agreed(settings.lines), let count = lines.value { e.lines = count }
            if let adjusts = OutletSettings.agreed(settings.adjusts), let flag = adjusts.value { e.adjustsForContentSizeCategory = flag }
        }
        for r in screen.rows.indices { for i in screen.rows[r].elements.indices { follow(&screen.rows[r].elements[i]) } }
        for i in screen.elements.indices { follow(&screen.elements[i]) }
        return screen
    }

    /// Static cells their controller's `tableView(_:cellForRowAt:)` replaces with another cell are
    /// never on screen: their elements are read and counted, not laid out (docs/layout.md).
    static func hidingReplacedStaticCells(_ screens: [UIScreenSource], root: URL, repository: AppRepository,
                                          boundary: RepositoryBoundary?) -> [UIScreenSource] {
        let controllers = Set(screens.flatMap { $0.rows.compactMap(\.staticCell?.controller) })
        guard !controllers.isEmpty else { return screens }
        let files = repository.allFiles.filter { $0.hasSuffix(".swift") && !isTestFile($0) }.map { root.appendingPathComponent($0) }
        let codes = StaticCellCode.read(classNames: controllers, files: files, root: root, boundary: boundary)
        return screens.map { screen in
            var screen = screen
            for r in screen.rows.indices {
                guard let cell = screen.rows[r].staticCell, let code = codes[cell.controller],
                      code.replaces(section: cell.section, row: cell.row) else { continue }
                let reason = "not shown: \(cell.controller).tableView(_:cellForRowAt:) (\(code.position)) "
                    + "returns another cell in place of this static cell"
                for e in screen.rows[r].elements.indices { screen.rows[r].elements[e].drawnBy = reason }
            }
            return screen
        }
    }

    /// One warning per `ui.bind` entry that names no element read, at its line, with the nearest id.
    static func unmatchedBindings(_ ui: ConfigUI, screens: [UIScreenSource]) -> [String] {
        guard !ui.bind.isEmpty else { return [] }
        var ids: Set<String> = []
        for screen in screens {
            for e in screen.allElements {
                ids.insert(e.id.local)
                ids.insert("\(e.id.file):\(e.id.local)")
            }
        }
        let sorted = ids.sorted()
        return ui.bind.keys.sorted().filter { !ids.contains($0) }.map { key in
            let location = ui.bindLocations[key] ?? ui.location
            var message = "\(location): ui.bind: no element has the id \(quotedInput(key))"
            if let near = nearest(key, in: sorted) { message += "; did you mean \(quotedInput(near))?" }
            else { message += " (an Interface Builder object id, FILE:ID, or a SwiftUI id such as SettingsView.label(item.name))" }
            return message
        }
    }
}

/// Plans the screens read from the app's files, one at a time.
struct UIPlanner {
    let base: AuditPlan
    var fonts: FontPlanner
    let resolver: TextResolver
    let ui: ConfigUI
    let repository: AppRepository
    var styles: [PlannedStyle]
    var screens: [PlannedScreen] = []
    var stringObservations: [StringObservation] = []
    var observations: [UIElementObservation] = []
    var rowObservations: [UIRowObservation] = []
    var accounts: [UIPlan.Account] = []
    var repeated: [UIPlan.RepeatedLocale] = []
    var warnings: [String] = []
    /// Styles made for the UI's fonts, by face and size.
    var styleIDs: [UIStyleKey: StyleID] = [:]
    /// Fonts that could not be found, by face (reported once).
    var missingFaces: [UIFontFace: String] = [:]
    /// The strings tables of each Interface Builder file.
    private var ibTables: [String: StringTable] = [:]
    /// The app's strings files by folder and name (made when the first Interface Builder file needs it).
    private var ibStrings: IBLocalization.Index?

    init(plan: AuditPlan, fonts: FontPlanner, resolver: TextResolver, ui: ConfigUI, repository: AppRepository) {
        self.base = plan
        self.fonts = fonts
        self.resolver = resolver
        self.ui = ui
        self.repository = repository
        self.styles = plan.styles
    }

    /// Text elements read from the app's files at most (Home Assistant, the largest of six real
    /// apps, has 1,402): the audit's time and memory grow with each one laid out.
    static let mostElements = 5_000

    /// `screens` with at most `budget` elements in all (the first ones, in order), `budget` less
    /// what they keep; `firstLeftOut` is where the first element left out is, when one is.
    static func capped(_ screens: [UIScreenSource], budget: inout Int, firstLeftOut: inout UISourcePosition?) -> [UIScreenSource] {
        var kept: [UIScreenSource] = []
        for var screen in screens {
            let count = screen.allElements.count
            if count <= budget {
                budget -= count
                kept.append(screen)
                continue
            }
            if firstLeftOut == nil { firstLeftOut = screen.allElements[budget].position }
            guard budget > 0 else { continue }
            if screen.navigationTitle != nil { budget -= 1 }
            for i in screen.rows.indices {
                let take = min(budget, screen.rows[i].elements.count)
                screen.rows[i].elements.removeSubrange(take...)
                budget -= take
            }
            screen.rows.removeAll { $0.elements.isEmpty }
            screen.elements.removeSubrange(min(budget, screen.elements.count)...)
            budget = 0
            kept.append(screen)
        }
        return kept
    }

    /// Insets of a cell's content above and below its text (UITableViewCell's default layout margins).
    static let cellInset = 11.0

    mutating func add(_ screen: UIScreenSource) {
        let screenID = ScreenID(base.screens.count + screens.count)
        var rows: [PlannedRow] = []
        if let title = screen.navigationTitle {
            observe(title, screen: screen.name, row: nil)
            account(title, laid: false, bound: false, reason: "drawn by the navigation bar")
        }
        for row in screen.rows {
            let rowID = RowID(screen: screenID, index: rows.count)
            var labels: [PlannedLabel] = []
            var needed: [Double]?
            var tallest = ""
            for element in row.elements {
                let observation = observe(element, screen: screen.name, row: row.name)
                if let o = observation {
                    let heights = o.lineHeights.indices.map { o.neededHeight(at: $0) + 2 * Self.cellInset }
                    if needed == nil || heights.last! > needed!.last! { needed = heights; tallest = element.id.local }
                }
                if let label = label(element, id: LabelID(row: rowID, index: labels.count), screen: screen.name, row: row.name) {
                    labels.append(label)
                }
            }
            if case .fixed(let height, let position) = row.height, let needed {
                rowObservations.append(UIRowObservation(screen: screen.name, row: row.name, fixedHeight: height,
                                                        source: position.map(Self.location), neededHeights: needed,
                                                        tallestElement: tallest))
            }
            guard !labels.isEmpty else { continue }
            let fixed: Double? = if case .fixed(let h, _) = row.height { h } else { nil }
            rows.append(PlannedRow(id: rowID, name: row.name, repeatCount: 1, labels: labels, hasPair: false,
                                   stackAtAccessibilitySizes: false,
                                   height: fixed.map { .fixed($0) } ?? .automatic(minimum: 44), fixedHeight: fixed,
                                   spacing: 0, leadingImageWidth: nil, accessoryWidth: nil,
                                   insetTop: Self.cellInset, insetBottom: Self.cellInset, layoutMargin: nil))
        }
        // The screen's own elements: one row each, top to bottom, sized by their text.
        for element in screen.elements {
            observe(element, screen: screen.name, row: nil)
            let rowID = RowID(screen: screenID, index: rows.count)
            guard let label = label(element, id: LabelID(row: rowID, index: 0), screen: screen.name, row: element.id.local) else { continue }
            rows.append(PlannedRow(id: rowID, name: element.id.local, repeatCount: 1, labels: [label], hasPair: false,
                                   stackAtAccessibilitySizes: false, height: .automatic(minimum: 0), fixedHeight: nil,
                                   spacing: 0, leadingImageWidth: nil, accessoryWidth: nil, insetTop: 4, insetBottom: 4,
                                   layoutMargin: nil, scrolls: element.inScrollView))
        }
        guard !rows.isEmpty else { return }
        screens.append(PlannedScreen(id: screenID, name: screen.name,
                                     navigationBar: screen.navigationTitle == nil ? .none : .standard,
                                     tabBar: false, toolbar: false, minimumRowsVisible: nil, rows: rows,
                                     repeatedLocales: Self.repeatedLocales(rows.flatMap(\.labels), locales: base.locales.count)))
        for (locale, earlier) in screens[screens.count - 1].repeatedLocales.sorted(by: { $0.key < $1.key }) {
            repeated.append(UIPlan.RepeatedLocale(screen: screen.name, locale: base.locales[locale], sameAs: base.locales[earlier]))
        }
    }

    /// For each locale after the first, the first earlier locale (itself laid out) in which every
    /// label has the same texts (text and variant): a file without translations shows its
    /// development texts in every locale it lacks, and the same texts give the same layout.
    static func repeatedLocales(_ labels: [PlannedLabel], locales: Int) -> [Int: Int] {
        var repeated: [Int: Int] = [:]
        for locale in 0..<locales {
            func same(_ a: [PlannedText], _ b: [PlannedText]) -> Bool {
                a.count == b.count && zip(a, b).allSatisfy { $0.text == $1.text && $0.variant == $1.variant }
            }
            if let earlier = (0..<locale).first(where: { e in
                repeated[e] == nil && labels.allSatisfy { same($0.texts[locale], $0.texts[e]) }
            }) {
                repeated[locale] = earlier
            }
        }
        return repeated
    }

    static func location(_ p: UISourcePosition) -> SourceLocation { SourceLocation(file: p.file, line: p.line) }

    private mutating func account(_ e: UIElement, laid: Bool, bound: Bool, reason: String?) {
        let status: UIPlan.Status
        if laid { status = bound ? .bound : .laidOut }
        else if !bound, e.drawnBy == nil, case .runtime(let why) = e.text { status = .runtimeData(reason: why) }
        else if !bound, e.drawnBy == nil, case .unresolved(let why) = e.text { status = .unresolved(reason: why) }
        else { status = .notLaidOut(reason: reason ?? "unknown") }
        accounts.append(UIPlan.Account(element: e.id, position: e.position, status: status, textFromCode: e.textFromCode))
    }

    /// The `ui.bind` entry naming `id`: `FILE:ID` (the file relative to the app's folder, for an id
    /// two files share, as Interface Builder object ids can), else the id alone.
    static func bindKey(_ id: UIElementID, in bind: [String: ConfigUI.Binding]) -> String? {
        let qualified = "\(id.file):\(id.local)"
        if bind[qualified] != nil { return qualified }
        return bind[id.local] == nil ? nil : id.local
    }

    /// The label for `e`, or nil (accounted for with the reason) when its text, width or font is unknown.
    private mutating func label(_ e: UIElement, id: LabelID, screen: String, row: String) -> PlannedLabel? {
        let bindKey = Self.bindKey(e.id, in: ui.bind)
        let binding = bindKey.flatMap { ui.bind[$0] }
        if let system = e.drawnBy {
            // A bar item, a menu, an alert: the system draws it at its own size (docs/layout.md).
            account(e, laid: false, bound: false, reason: system)
            return nil
        }
        let width: RowLabelWidth
        switch Self.labelWidth(e.width) {
        case .success(let known): width = known
        case .failure(let unknown):
            account(e, laid: false, bound: binding != nil, reason: "width unknown: \(unknown.reason)")
            return nil
        }
        let style: StyleID
        switch self.style(e.font, letterCase: e.letterCase) {
        case .success(let s): style = s
        case .failure(let reason):
            account(e, laid: false, bound: binding != nil, reason: reason.message)
            return nil
        }
        guard let texts = texts(e, id: id, binding: binding, bindKey: bindKey, screen: screen, row: row) else {
            account(e, laid: false, bound: false, reason: nil)
            return nil
        }
        account(e, laid: true, bound: binding != nil, reason: nil)
        let lineBreak = LineBreakMode(rawValue: e.lineBreak.rawValue) ?? .truncateTail
        return PlannedLabel(id: id, name: e.id.local, style: style, lines: e.lines, lineBreak: lineBreak,
                            autoshrink: e.minimumScaleFactor.map { max(0.01, $0) },
                            location: ConfigLocation(file: e.position.file, line: e.position.line, column: e.position.column, path: ""),
                            texts: texts, width: width,
                            regularWidth: e.regularWidth.flatMap { try? Self.labelWidth($0).get() },
                            estimate: Self.estimate(e, bound: binding != nil))
    }

    /// What a finding about `e` rests on that is estimated (`PlannedLabel.estimate`): its width, or
    /// a text field's placeholder standing in for the text typed (unless a binding gives the text).
    /// A font unknown is never laid out, so never an estimate here.
    static func estimate(_ e: UIElement, bound: Bool) -> String? {
        var parts: [String] = []
        if let reason = e.widthSource.estimateReason { parts.append("width estimated: \(reason)") }
        if !bound, let outlet = e.outlet {
            switch e.text {
            case .localized, .verbatim:
                if let code = e.textFromCode {
                    parts.append("text from the code at \(code): other code may set the outlet `\(outlet)` too")
                } else {
                    parts.append("text and font from the file: code may set them through the outlet `\(outlet)`")
                }
            case .runtime, .unresolved: break
            }
        }
        if !bound, e.text.unknownReason != nil, e.placeholder != nil {
            parts.append("text a placeholder: it stands in for what the user types")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A width rule unknown to the reader, and why.
    struct UnknownWidth: Error {
        var reason: String
    }

    /// A reader's width rule as a label's width in its row.
    static func labelWidth(_ rule: UIWidthRule) -> Result<RowLabelWidth, UnknownWidth> {
        switch rule {
        case .inset(let l, let t): .success(.share(1, leading: l, trailing: t))
        case .fixed(let w): .success(.fixed(w))
        case .fraction(let f, let l, let t): .success(.share(f, leading: l, trailing: t))
        case .unknown(let reason): .failure(UnknownWidth(reason: reason))
        }
    }

    /// The element's texts in every locale of the plan: a binding's, the file's translations, the development text.
    private mutating func texts(_ e: UIElement, id: LabelID, binding: ConfigUI.Binding?, bindKey: String?, screen: String,
                                row: String) -> [[PlannedText]]? {
        let source = Self.location(e.position)
        switch binding {
        case .text(let literal):
            // The same text in every locale: its findings form one group across locales.
            let text = PlannedText(text: resolver.samples.substitute(literal).text, key: nil, variant: nil, source: source,
                                   isLiteral: true)
            return Array(repeating: [text], count: base.locales.count)
        case .key(let key):
            let label = ConfigLabel(name: e.id.local, style: "", content: .key(key), lines: e.lines, lineBreak: .truncateTail,
                                    autoshrink: nil, checks: nil,
                                    location: bindKey.flatMap { ui.bindLocations[$0] } ?? ui.location)
            let (texts, observations) = resolver.texts(label, id: id, screen: screen, row: row)
            stringObservations += observations
            return texts.map { $0.map { var t = $0; t.source = source; return t } }
        case nil:
            break
        }
        let content: UIText
        if e.text.unknownReason != nil, let placeholder = e.placeholder { content = placeholder } else { content = e.text }
        switch content {
        case .runtime, .unresolved: return nil
        case .verbatim(let text):
            let planned = PlannedText(text: resolver.samples.substitute(text).text, key: nil, variant: nil, source: source,
                                      isLiteral: true)
            return Array(repeating: [planned], count: base.locales.count)
        case .localized(let table, let key, let development):
            // A text the owner's code sets is looked up in the app's strings, not the file's own.
            let isIB = ["storyboard", "xib"].contains(URL(fileURLWithPath: e.id.file).pathExtension) && e.textFromCode == nil
            let tables = isIB ? ibTable(for: e.id.file) : resolver.table
            var translated = false
            let texts = base.locales.map { locale in
                let chain = LocaleID.fallbackChain(locale)
                var found = tables.variants(key: key, fallbackChain: chain)
                if found.isEmpty, !isIB { found = resolver.table.variants(key: key, fallbackChain: chain) }
                if found.isEmpty {
                    let text = development ?? key
                    return [PlannedText(text: resolver.samples.substitute(text).text, key: "\(table).\(key)", variant: nil, source: source)]
                }
                translated = true
                return found.map {
                    PlannedText(text: resolver.samples.substitute($0.value).text, key: "\(table).\(key)", variant: $0.variant, source: source,
                                device: $0.device)
                }
            }
            // A key no strings file has shows the source's text in every locale: like a literal,
            // its findings form one group across locales.
            return translated ? texts : texts.map { $0.map { var t = $0; t.isLiteral = true; return t } }
        }
    }

    /// The translations of an Interface Builder file (`<locale>.lproj/<Name>.strings`, `<Name>.xcstrings`).
    private mutating func ibTable(for file: String) -> StringTable {
        if let known = ibTables[file] { return known }
        var table = StringTable()
        let index = ibStrings ?? IBLocalization.Index(files: repository.allFiles)
        ibStrings = index
        let boundary = RepositoryBoundary(root: base.config.baseDirectory)
        for (locale, path) in index.stringsFiles(for: file) {
            let url = ui.root.appendingPathComponent(path)
            if let escape = boundary.escape(url.path) {
                warnings.append("\(quotedInput(path)): \(escape)")
                continue
            }
            do { try table.load(contentsOf: url, locale: locale) } catch {
                warnings.append("\(path): \(error)")
            }
        }
        ibTables[file] = table
        return table
    }
}
