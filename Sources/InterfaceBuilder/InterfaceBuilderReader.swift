import AppUI
import DynamicType
import Foundation
import TypeFitSupport

/// Reads the text elements of iOS storyboards and XIBs into `UIScreenSource`s: each storyboard
/// scene or XIB is a screen, each table view cell a row, each label, button title, text field,
/// text view, segment and navigation title an element with its font, lines, autoshrink, width
/// rule (IBWidths.swift), height constraint, text and localization key, at its line.
public enum InterfaceBuilderReader {
    /// The outcome of reading one file.
    public enum FileOutcome: Sendable, Hashable {
        /// An iOS file, read (maybe in part: see the warnings).
        case read
        /// Interface Builder file for another platform (its `targetRuntime`), left out.
        case otherPlatform(String)
        /// Could not be read at all (the warning says why).
        case unreadable
    }

    /// Reads the files at `paths` (relative to `root`), in order; a file that resolves outside
    /// `boundary` (default: `root`) is not read.
    public static func read(paths: [String], root: URL,
                            boundary: RepositoryBoundary? = nil) -> (result: UIReadResult, outcomes: [String: FileOutcome]) {
        let boundary = boundary ?? RepositoryBoundary(root: root)
        var result = UIReadResult()
        var outcomes: [String: FileOutcome] = [:]
        var names: Set<String> = []
        for path in paths {
            var (screens, warnings, outcome) = read(path: path, root: root, boundary: boundary)
            // Files of one name in several folders: their screens are named by the file's path.
            let table = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let qualified = String(path.dropLast(URL(fileURLWithPath: path).pathExtension.count + 1))
            for i in screens.indices where !names.insert(screens[i].name).inserted {
                screens[i].name = qualified + screens[i].name.dropFirst(table.count)
                names.insert(screens[i].name)
            }
            result.screens += screens
            result.warnings += warnings
            outcomes[path] = outcome
        }
        return (result, outcomes)
    }

    /// The largest storyboard or XIB read (bytes): a hundred times the largest of six real apps
    /// (120 KB); a larger file is left out with one warning.
    public static let largestFile = 16 << 20

    /// Reads one storyboard or XIB.
    public static func read(path: String, root: URL,
                            boundary: RepositoryBoundary? = nil) -> ([UIScreenSource], [UIReadWarning], FileOutcome) {
        let data: Data
        do {
            data = try (boundary ?? RepositoryBoundary(root: root)).read(root.appendingPathComponent(path).path, limit: largestFile)
        } catch {
            let message = switch error {
            case .unreadable: "cannot read the file"
            case .outsideRepository: "\(error)"
            default: "\(error); file skipped"
            }
            return ([], [UIReadWarning(position: UISourcePosition(file: path, line: 1), message: message)], .unreadable)
        }
        return read(data: data, path: path)
    }

    /// Reads the XML `data` of a file named `path` (relative to the app's root).
    public static func read(data: Data, path: String) -> ([UIScreenSource], [UIReadWarning], FileOutcome) {
        let document = IBDocument.parse(data)
        var warnings: [UIReadWarning] = []
        if let error = document.error {
            warnings.append(UIReadWarning(position: UISourcePosition(file: path, line: error.line, column: error.column),
                                          message: error.message))
        }
        guard let root = document.root else { return ([], warnings, .unreadable) }
        guard root.name == "document" else {
            warnings.append(UIReadWarning(position: UISourcePosition(file: path, line: root.line, column: root.column),
                                          message: "not an Interface Builder document (root element <\(root.name)>)"))
            return ([], warnings, .unreadable)
        }
        let runtime = root["targetRuntime"] ?? ""
        if !runtime.hasPrefix("iOS") { return ([], warnings, .otherPlatform(runtime.isEmpty ? "unknown" : runtime)) }
        var reader = FileReader(path: path, root: root)
        let screens = reader.screens()
        return (screens, warnings + reader.warnings, .read)
    }
}

/// Reads one parsed iOS document.
struct FileReader {
    let path: String
    let root: IBNode
    /// The file's name without extension: the strings table of its localizations.
    let table: String
    var warnings: [UIReadWarning] = []
    let widths: IBWidths
    /// The owner's property each outlet connects, by the id of the element it connects to
    /// (`<outlet property="titleLabel" destination="…"/>`, and outlet collections).
    let outlets: [String: String]
    /// The owner's class (`customClass` of the object whose `<connections>` hold the outlet), by
    /// the id of the element the outlet connects to.
    let outletOwners: [String: String]

    init(path: String, root: IBNode) {
        self.path = path
        self.root = root
        self.table = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.widths = IBWidths(root: root)
        var outlets: [String: String] = [:]
        var owners: [String: String] = [:]
        root.forEachDescendant { node in
            guard node.name == "outlet" || node.name == "outletCollection",
                  let destination = node["destination"], let property = node["property"], outlets[destination] == nil else { return }
            outlets[destination] = property
            if node.name == "outlet", let owner = node.parent?.parent?["customClass"] { owners[destination] = owner }
        }
        self.outlets = outlets
        self.outletOwners = owners
    }

    func position(_ node: IBNode) -> UISourcePosition { UISourcePosition(file: path, line: node.line, column: node.column) }

    /// Views that are the top of a screen.
    static let cellNames: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]

    mutating func screens() -> [UIScreenSource] {
        var screens: [UIScreenSource] = []
        var names: [String: Int] = [:]
        func unique(_ name: String) -> String {
            names[name, default: 0] += 1
            return names[name]! == 1 ? name : "\(name) (\(names[name]!))"
        }
        if let scenes = root.child("scenes") {
            for scene in scenes.children where scene.name == "scene" {
                guard let objects = scene.child("objects"),
                      let controller = objects.children.first(where: { $0["sceneMemberID"] == "viewController" }) else { continue }
                var screen = self.screen(controller, kind: .scene)
                screen.name = unique("\(table)/\(sceneName(controller, scene: scene))")
                if !screen.allElements.isEmpty { screens.append(screen) }
            }
        } else if let objects = root.child("objects") {
            let tops = objects.children.filter { $0["id"] != nil && !$0.name.hasPrefix("placeholder") }
            for top in tops {
                var screen = self.screen(top, kind: .xib)
                screen.name = unique(tops.count > 1 ? "\(table)/\(top["customClass"] ?? top.name)" : table)
                if !screen.allElements.isEmpty { screens.append(screen) }
            }
        }
        return screens
    }

    /// A scene's name: the controller's title, its navigation item's title, its storyboard identifier, its class.
    func sceneName(_ controller: IBNode, scene: IBNode) -> String {
        if let title = controller["title"], !title.isEmpty { return title }
        if let item = controller.child("navigationItem"), let title = item["title"], !title.isEmpty { return title }
        if let id = controller["storyboardIdentifier"], !id.isEmpty { return id }
        if let custom = controller["customClass"], !custom.isEmpty { return custom }
        return "\(controller.name) \(scene["sceneID"] ?? controller["id"] ?? "")"
    }

    /// The screen of a view controller or XIB top-level object: cells become rows, other text elements the screen's own.
    mutating func screen(_ top: IBNode, kind: UIScreenKind) -> UIScreenSource {
        var screen = UIScreenSource(name: "", kind: kind, position: position(top))
        var rows: [UIRowSource] = []
        var free: [UIElement] = []
        // Cells (a XIB's top-level cell is a row too).
        var cells: [IBNode] = []
        if Self.cellNames.contains(top.name) { cells.append(top) }
        top.forEachDescendant { if Self.cellNames.contains($0.name) { cells.append($0) } }
        var cellOf: [ObjectIdentifier: Int] = [:]
        var rowNames: [String: Int] = [:]
        for (i, cell) in cells.enumerated() {
            cellOf[ObjectIdentifier(cell)] = i
            // Rows are named by reuse identifier (static cells by id); a name used again gets its ordinal.
            var name = cell["reuseIdentifier"] ?? cell["id"] ?? "cell"
            rowNames[name, default: 0] += 1
            if rowNames[name]! > 1 { name += " (\(rowNames[name]!))" }
            rows.append(UIRowSource(name: name, position: position(cell), height: rowHeight(cell), elements: [],
                                    staticCell: staticCell(cell, controller: top)))
        }
        var visit: [IBNode] = [top]
        top.forEachDescendant { visit.append($0) }
        for node in visit {
            if node.name == "navigationItem" {
                if let title = node["title"], !title.isEmpty, let id = node["id"] {
                    screen.navigationTitle = UIElement(
                        id: UIElementID(file: path, local: id), kind: .navigationTitle, position: position(node),
                        text: .localized(table: table, key: "\(id).title", developmentText: title),
                        font: .font(face: .system(.semibold), size: .textStyle(.headline)),
                        adjustsForContentSizeCategory: true, lines: 1,
                        width: .unknown(reason: "drawn by the navigation bar"))
                }
                continue
            }
            if Self.barItemNames.contains(node.name), let id = node["id"] {
                // A bar button item's or tab bar item's title: drawn by the bar at its own size.
                let text: UIText? = node["title"].flatMap { $0.isEmpty ? nil : .localized(table: table, key: "\(id).title", developmentText: $0) }
                    ?? node["systemItem"].flatMap { Self.titledSystemItems.contains($0) ? .verbatim($0) : nil }
                if let text {
                    free.append(UIElement(
                        id: UIElementID(file: path, local: id), kind: .toolbarItem, position: position(node), text: text,
                        font: .font(face: .system(.regular), size: .fixed(17)), adjustsForContentSizeCategory: false, lines: 1,
                        width: .unknown(reason: "drawn by the bar"), drawnBy: UISystemDrawn.bar))
                }
                continue
            }
            var made = elements(node)
            guard !made.isEmpty else { continue }
            // A custom view in a bar (a bar button item's button, a title view): the bar keeps it at its size.
            if node.ancestor(where: { Self.barNames.contains($0.name) }) != nil {
                made = made.map { var e = $0; e.drawnBy = UISystemDrawn.bar; return e }
            }
            warnings += unknownValues(node)
            let cell = Self.cellNames.contains(node.name) ? nil
                : node.ancestor(where: { Self.cellNames.contains($0.name) }).flatMap { cellOf[ObjectIdentifier($0)] }
            if let cell { rows[cell].elements += made } else { free += made }
        }
        screen.rows = rows.filter { !$0.elements.isEmpty }
        screen.elements = free
        return screen
    }

    /// The system bar button items that show a word (UIBarButtonItem.SystemItem); the others are icons or space.
    static let titledSystemItems: Set<String> = ["done", "cancel", "edit", "save", "undo", "redo"]
    /// Bar items with a title of their own.
    static let barItemNames: Set<String> = ["barButtonItem", "tabBarItem"]
    /// Bars and their items: text inside them is drawn by the bar (docs/layout.md, "Drawn by the system").
    static let barNames: Set<String> = ["navigationBar", "toolbar", "tabBar", "barButtonItem", "navigationItem", "tabBarItem"]

    /// A static table's cell (`dataMode="static"`) in a scene whose controller has a class: the
    /// class, the index of the cell's section and the cell's index in it.
    func staticCell(_ cell: IBNode, controller: IBNode) -> UIStaticCell? {
        guard cell.name == "tableViewCell", let custom = controller["customClass"], !custom.isEmpty,
              let table = cell.ancestor(where: { $0.name == "tableView" }), table["dataMode"] == "static",
              let section = cell.ancestor(where: { $0.name == "tableViewSection" }),
              let sections = table.child("sections")?.children.filter({ $0.name == "tableViewSection" }),
              let index = sections.firstIndex(where: { $0 === section }),
              let row = section.child("cells")?.children.filter({ $0.name == "tableViewCell" }).firstIndex(where: { $0 === cell })
        else { return nil }
        return UIStaticCell(controller: custom, section: index, row: row)
    }

    /// A cell's height: the cell's own `rowHeight`, else its table's; -1 (automatic dimension) or none: self-sizing.
    func rowHeight(_ cell: IBNode) -> UIRowHeight {
        let table = cell.ancestor { $0.name == "tableView" }
        let estimated = (cell.double("estimatedRowHeight") ?? table?.double("estimatedRowHeight")).flatMap { $0 > 0 ? $0 : nil }
        // A standalone XIB cell has no table: its `rowHeight` is the canvas it was drawn on, and the
        // table that registers it (its rowHeight, automatic dimension, heightForRowAt) decides.
        if cell.name == "tableViewCell", table == nil {
            return .automatic(estimated: cell.double("rowHeight").flatMap { $0 > 0 ? $0 : nil })
        }
        if let own = cell.double("rowHeight"), own > 0 { return .fixed(own, position: position(cell)) }
        if cell.name == "tableViewCell", let table, let height = table.double("rowHeight"), height > 0 {
            return .fixed(height, position: position(table))
        }
        if cell.name != "tableViewCell" {
            // A collection view's layout sizes its cells; the design-time height is an estimate.
            return .automatic(estimated: cell.child("rect", key: "frame")?.double("height"))
        }
        return .automatic(estimated: estimated)
    }
}
