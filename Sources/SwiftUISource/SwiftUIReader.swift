import AppUI
import Foundation
import SwiftSyntax
import TypeFitSupport

/// Reads an app's SwiftUI views into `UIScreenSource`s: one screen per view type, one element per
/// `Text`, `Label`, `Button`, `Toggle`, `TextField`, `Link`, `NavigationLink`, section header and
/// footer, navigation title, toolbar item and alert title, with its string, font, lines and an
/// estimated width (docs/ui-sources.md).
///
/// Two passes: the first parses every file (views, SwiftGen output, other declarations) and keeps
/// its static properties — constants, font tokens, SwiftGen accessors — so a view may name one
/// declared anywhere; the second reads the view types of `files`.
public enum SwiftUIReader {
    /// Files larger than this (bytes) are not read, one warning each.
    public static let largestFile = 2_000_000
    /// SwiftGen's output is read up to this size (its accessors are what `L10n.a.b` resolves
    /// through; the largest of six real apps is 0.5 MB); a larger one is not read, one warning.
    public static let largestSwiftGenFile = 8_000_000

    /// Reads `files` (the app target's Swift files). `swiftGen`: SwiftGen's generated Swift files
    /// (their `tr("Table", "key")` accessors resolve `L10n.a.b`); `declarations`: other Swift files
    /// whose constants and font tokens views use (a design-system package), read for declarations only.
    /// `fontTokens` (typefit.yml `ui: fontTokens`) maps a token as written — `appBody` or
    /// `DesignSystem.Font.body` — to a font; `layouts` (`ui: layouts`) gives, by the type's name, the
    /// width of every text of a view type or the container the view is a row of. Paths in positions are relative to `root`.
    public static func read(files: [URL], root: URL, swiftGen: [URL] = [], declarations: [URL] = [],
                            fontTokens: [String: UIFontSpec] = [:], layouts: [String: SwiftUILayout] = [:],
                            outlets: [String: Set<String>] = [:], stringKeys: [String] = [],
                            threads: Int = 0, boundary: RepositoryBoundary? = nil) -> SwiftUIReading {
        let boundary = boundary ?? RepositoryBoundary(root: root)
        let viewFiles = unique(files)
        let viewSet = Set(viewFiles.map(\.standardizedFileURL.path))
        let others = unique(swiftGen + declarations).filter { !viewSet.contains($0.standardizedFileURL.path) }
        let generated = Set(swiftGen.map(\.standardizedFileURL.path))
        let all = viewFiles + others
        let rootPath = root.standardizedFileURL.path
        let pool = WorkerPool(threads: threads)

        // Pass 1: declarations of every file; which view files have view types.
        typealias Declared = (properties: [DeclaredProperty], members: [DeclaredMember], parameters: [[String]: Set<String>],
                              owners: Bool)
        let first = pool.map(all.count) { _, i -> (declared: Declared, hasViews: Bool, warning: UIReadWarning?, read: Bool) in
            let path = relativePath(all[i].standardizedFileURL.path, to: rootPath)
            let limit = generated.contains(all[i].standardizedFileURL.path) ? largestSwiftGenFile : largestFile
            let (file, warning) = SourceFile.load(all[i], path: path, sizeLimit: limit, boundary: boundary)
            guard let file else { return (([], [], [:], false), false, warning, false) }
            let collector = DeclarationCollector(file: path)
            collector.walk(file.tree)
            let hasViews = i < viewFiles.count && !ViewTypes.find(in: file.tree).isEmpty
            let owners = !collector.classes.isDisjoint(with: outlets.keys)
            return ((collector.properties, collector.members, collector.parameters, owners), hasViews, warning, true)
        }
        let index = DeclarationIndex(first.flatMap(\.declared.properties), members: first.flatMap(\.declared.members),
                                     parameters: first.reduce(into: [:]) { all, file in
                                         all.merge(file.declared.parameters) { $0.union($1) }
                                     }, stringKeys: stringKeys)

        // Pass 2: the view types of the view files.
        let withViews = viewFiles.indices.filter { first[$0].hasViews }
        let second = pool.map(withViews.count) { _, i -> [ScreenReading] in
            let url = viewFiles[withViews[i]]
            guard let file = SourceFile.load(url, path: relativePath(url.standardizedFileURL.path, to: rootPath), sizeLimit: largestFile, boundary: boundary).file else { return [] }
            let types = ViewTypes.find(in: file.tree)
            // The file's view types by name (a name two types share is left out): read where the
            // file calls them with their texts, and then not as screens of their own.
            var byName: [String: ViewType] = [:], shared: Set<String> = []
            for type in types {
                guard let last = type.name.last else { continue }
                if byName[last] != nil { shared.insert(last) } else { byName[last] = type }
            }
            for name in shared { byName[name] = nil }
            let readings = types.map { type in
                read(type, file: file, index: index, fontTokens: fontTokens, layouts: layouts, localTypes: byName)
            }
            let inlined = readings.reduce(into: Set<String>()) { $0.formUnion($1.inlinedTypes) }
            return zip(types, readings).filter { !inlined.contains($0.0.name.joined(separator: ".")) }.map(\.1)
        }

        // Pass 3: what outlets' owner classes set on them (docs/ui-sources.md, "Outlets set in code").
        let withOwners = all.indices.filter { first[$0].declared.owners }
        let third = pool.map(withOwners.count) { _, i -> [OutletKey: OutletSettings] in
            let url = all[withOwners[i]]
            let limit = generated.contains(url.standardizedFileURL.path) ? largestSwiftGenFile : largestFile
            guard let file = SourceFile.load(url, path: relativePath(url.standardizedFileURL.path, to: rootPath), sizeLimit: limit,
                                             boundary: boundary).file else { return [:] }
            let finder = OutletAssignmentFinder(owners: outlets, file: file) { owner in
                var resolver = ValueResolver(declarations: index, fontTokens: fontTokens, scope: [owner])
                resolver.propertiesArePassed = false
                return resolver
            }
            finder.walk(file.tree)
            return finder.found
        }

        var reading = SwiftUIReading()
        for settings in third {
            for (key, found) in settings { reading.outlets[key, default: OutletSettings()].append(found) }
        }
        reading.result.warnings = first.compactMap(\.warning)
        reading.summary.filesRead = first.filter(\.read).count
        reading.summary.declarations = index.count
        for screen in second.joined() {
            reading.result.warnings += screen.warnings
            reading.textViews += screen.textViews
            guard !screen.screen.allElements.isEmpty else { continue }
            reading.result.screens.append(screen.screen)
        }
        reading.result.warnings.sort { $0.position < $1.position }
        reading.summary.count(reading.result.screens, textViews: reading.textViews)
        return reading
    }

    /// One view type read into its screen.
    struct ScreenReading: Sendable {
        var screen: UIScreenSource
        var textViews: [SwiftUITextView]
        var warnings: [UIReadWarning]
        /// The view types this one's body read at their call sites.
        var inlinedTypes: Set<String> = []
    }

    private static func read(_ type: ViewType, file: SourceFile, index: DeclarationIndex,
                             fontTokens: [String: UIFontSpec], layouts: [String: SwiftUILayout],
                             localTypes: [String: ViewType] = [:]) -> ScreenReading {
        let name = type.name.joined(separator: ".")
        let builder = ScreenBuilder(name: name, file: file, position: file.position(of: type.node), members: type.members)
        let walker = ViewWalker(screen: builder, values: ValueResolver(declarations: index, fontTokens: fontTokens, scope: type.name),
                                localTypes: localTypes)
        let layout = layouts[name] ?? layouts[type.name.last ?? name]
        // A view that is a row of a list (`ui: layouts`) starts in that container, not the screen.
        let start: SwiftUIContainer = if case .row(let container) = layout { container } else { .screen }
        var environment = ViewEnvironment(container: start)
        // A `Commands` type is the menu bar; a `ToolbarContent` type is a bar's items (docs/layout.md).
        let conformances = ViewTypes.conformances(of: type.node)
        if conformances.contains("Commands") {
            environment.drawnBy = UISystemDrawn.menuBar
        } else if conformances.contains("ToolbarContent") {
            environment = ViewEnvironment(container: .toolbarItem)
            environment.kind = .toolbarItem
            environment.drawnBy = UISystemDrawn.bar
        }
        // `body` first, then the members it did not use, each once.
        for index in type.members.indices where builder.readMembers.insert(index).inserted {
            walker.walk(type.members[index].statements, environment, depth: 0)
        }
        var screen = builder.screen
        if case .width(let points) = layout {
            let rule = UIWidthRule.fixed(points)
            screen.rows = screen.rows.map { row in
                var row = row
                row.elements = row.elements.map { overriding($0, width: rule) }
                return row
            }
            screen.elements = screen.elements.map { overriding($0, width: rule) }
        }
        return ScreenReading(screen: screen, textViews: builder.textViews, warnings: builder.warnings,
                             inlinedTypes: builder.inlinedTypes)
    }

    private static func overriding(_ element: UIElement, width: UIWidthRule) -> UIElement {
        var element = element
        element.width = width
        element.widthSource = .constraint
        element.regularWidth = nil
        return element
    }

    private static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}

/// What `SwiftUIReader.read` returns: the screens and warnings, the string of every `Text` view
/// (for counting how many are bound to strings the app has), and a summary whose counts add up.
public struct SwiftUIReading: Sendable {
    public var result = UIReadResult()
    /// What the owner classes named in `outlets` set on their outlets, in file order.
    public var outlets: [OutletKey: OutletSettings] = [:]
    public var textViews: [SwiftUITextView] = []
    public var summary = SwiftUISummary()
}

/// One `Text` view: its string and where it is written.
public struct SwiftUITextView: Sendable, Hashable {
    public var text: UIText
    public var position: UISourcePosition
}

/// Counts a person reads after `typefit init`: each group adds up to its total.
public struct SwiftUISummary: Sendable, Hashable {
    public var filesRead = 0
    /// Static properties found in the first pass (constants, font tokens, SwiftGen accessors).
    public var declarations = 0
    /// `Text` views = localized (a key in a strings table) + verbatim + run-time data + unresolved.
    public var textViews = 0
    public var textViewsLocalized = 0
    public var textViewsVerbatim = 0
    public var textViewsRuntime = 0
    public var textViewsUnresolved = 0
    /// Elements (every kind) = with a font + font unknown; = width estimated + width unknown.
    public var elements = 0
    public var elementsByKind: [UIElementKind: Int] = [:]
    public var fontUnknown = 0
    public var widthUnknown = 0

    mutating func count(_ screens: [UIScreenSource], textViews texts: [SwiftUITextView]) {
        textViews = texts.count
        for view in texts {
            switch view.text {
            case .localized: textViewsLocalized += 1
            case .verbatim: textViewsVerbatim += 1
            case .runtime: textViewsRuntime += 1
            case .unresolved: textViewsUnresolved += 1
            }
        }
        for element in screens.flatMap(\.allElements) {
            elements += 1
            elementsByKind[element.kind, default: 0] += 1
            if case .unknown = element.font { fontUnknown += 1 }
            if case .unknown = element.width { widthUnknown += 1 }
        }
    }
}
