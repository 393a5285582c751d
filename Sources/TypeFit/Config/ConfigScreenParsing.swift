import Foundation
import Layout
import TypeFitSupport
import Yams

extension ConfigParser {
    func parseScreens(_ node: ConfigCursor) throws -> [ConfigScreen] {
        var names: Set<String> = []
        return try node.list(what: "a list of screens").map { item in
            let map = try item.mapping(allowed: ["name", "devices", "width", "navigationBar", "tabBar", "toolbar",
                                                 "minimumRowsVisible", "rows", "checks"],
                                       what: "a screen")
            let nameNode = try map.required("name")
            let name = try nameNode.string(what: "a screen name")
            guard names.insert(name).inserted else { throw nameNode.fail("duplicate screen name \"\(name)\"") }
            let rowsNode = try map.required("rows")
            let rowItems = try rowsNode.list(what: "a list of rows")
            guard !rowItems.isEmpty else { throw rowsNode.fail("expected at least one row") }
            var rowNames: Set<String> = []
            var rows: [ConfigRow] = []
            for rowItem in rowItems {
                let row = try parseRow(rowItem)
                guard rowNames.insert(row.name).inserted else {
                    throw nameCursor(rowItem).fail("duplicate row name \"\(row.name)\"")
                }
                rows.append(row)
            }
            var devices: [ConfigDeviceName]?
            if let node = map["devices"] {
                let names = try node.stringList(what: "a device name")
                guard !names.isEmpty else { throw node.fail("expected at least one device (leave devices out for every device)") }
                devices = names.map { ConfigDeviceName(name: $0.0, location: $0.1.location) }
            }
            return ConfigScreen(
                name: name, devices: devices, width: try map["width"]?.number(minimum: 0, exclusive: true),
                navigationBar: try map["navigationBar"].map(parseNavigationBar) ?? .standard,
                tabBar: try map["tabBar"]?.bool() ?? false, toolbar: try map["toolbar"]?.bool() ?? false,
                minimumRowsVisible: try map["minimumRowsVisible"]?.integer(minimum: 0), rows: rows,
                checks: try map["checks"].map(parseCheckScope), location: item.location)
        }
    }

    /// `navigationBar:` as written in the config (`standard`, `large`, `none`).
    func parseNavigationBar(_ node: ConfigCursor) throws -> NavigationBarStyle {
        let written: [(String, NavigationBarStyle)] = [("standard", .standard), ("large", .largeTitle), ("none", .none)]
        let names = written.map(\.0)
        let text = try node.string(what: names.joined(separator: " | "))
        guard let style = written.first(where: { $0.0 == text })?.1 else {
            throw node.fail("expected one of \(names.joined(separator: " | ")), got \(node.shown)"
                + (nearest(text, in: names).map { "; did you mean \"\($0)\"?" } ?? ""))
        }
        return style
    }

    /// The `name` value of a mapping (for duplicate-name errors), or the mapping itself.
    private func nameCursor(_ item: ConfigCursor) -> ConfigCursor {
        guard let map = try? item.mapping(), let name = map["name"] else { return item }
        return name
    }

    static let rowKeys = ["name", "repeat", "height", "insets", "leadingImage", "accessory", "spacing", "labels", "pair",
                          "checks"]

    /// The largest `repeat` of a row: a list screen taller than any device needs no more, and the
    /// limit is checked while parsing, before any layout work starts.
    static let maximumRepeat = 1000

    func parseRow(_ item: ConfigCursor) throws -> ConfigRow {
        let map = try item.mapping(allowed: Self.rowKeys, what: "a row")
        let name = try map.required("name").string(what: "a row name")
        var height = ConfigRowHeight.automatic
        if let node = map["height"] {
            if case .scalar(let scalar) = node.node, scalar.string == "automatic" { height = .automatic }
            else if node.isNumber {
                height = .points(try node.number(minimum: 0, exclusive: true))
            } else {
                throw node.fail("expected automatic or a finite number > 0 (points), got \(node.shown)")
            }
        }
        var insets: ConfigRowInsets?
        if let node = map["insets"] {
            let edges = try node.mapping(allowed: ["top", "bottom", "leading", "trailing"], what: "insets {top, bottom, leading, trailing}")
            insets = ConfigRowInsets(
                top: try edges["top"]?.number(minimum: 0), bottom: try edges["bottom"]?.number(minimum: 0),
                leading: try edges["leading"]?.number(minimum: 0), trailing: try edges["trailing"]?.number(minimum: 0))
        }
        var labelNames: Set<String> = []
        var labels: [ConfigLabel] = []
        if let node = map["labels"] {
            for labelItem in try node.list(what: "a list of labels") {
                let label = try parseLabel(labelItem)
                guard labelNames.insert(label.name).inserted else {
                    throw nameCursor(labelItem).fail("duplicate label name \"\(label.name)\"")
                }
                labels.append(label)
            }
        }
        var pair: ConfigLabelPair?
        if let node = map["pair"] {
            let pairMap = try node.mapping(allowed: ["title", "value", "stackAtAccessibilitySizes"], what: "a pair {title, value}")
            let titleNode = try pairMap.required("title"), valueNode = try pairMap.required("value")
            let title = try parseLabel(titleNode), value = try parseLabel(valueNode)
            for (label, labelNode) in [(title, titleNode), (value, valueNode)] {
                guard labelNames.insert(label.name).inserted else {
                    throw nameCursor(labelNode).fail("duplicate label name \"\(label.name)\"")
                }
            }
            pair = ConfigLabelPair(title: title, value: value,
                                   stackAtAccessibilitySizes: try pairMap["stackAtAccessibilitySizes"]?.bool() ?? true,
                                   location: node.location)
        }
        guard !labels.isEmpty || pair != nil else { throw item.fail("a row needs \"labels\" or a \"pair\"") }
        return ConfigRow(
            name: name, repeatCount: try map["repeat"].map(parseRepeat) ?? 1, height: height, insets: insets,
            leadingImage: try map["leadingImage"]?.number(minimum: 0), accessory: try map["accessory"]?.number(minimum: 0),
            spacing: try map["spacing"]?.number(minimum: 0), labels: labels, pair: pair,
            checks: try map["checks"].map(parseCheckScope), location: item.location)
    }

    func parseRepeat(_ node: ConfigCursor) throws -> Int {
        let count = try node.integer(minimum: 1)
        guard count <= Self.maximumRepeat else {
            throw node.fail("repeat \(count) is more than \(Self.maximumRepeat) rows (no device shows that many)")
        }
        return count
    }

    func parseLabel(_ item: ConfigCursor) throws -> ConfigLabel {
        let map = try item.mapping(allowed: ["name", "style", "text", "key", "lines", "lineBreak", "autoshrink", "checks"],
                                   what: "a label")
        let name = try map.required("name").string(what: "a label name")
        let styleNode = try map.required("style")
        let style = try styleNode.string(what: "a style name")
        styleReferences.append((style, styleNode))
        let content: ConfigLabelContent
        switch (map["text"], map["key"]) {
        case let (text?, nil): content = .text(try text.text())
        case let (nil, key?): content = .key(try key.string(what: "a string key"))
        case (_?, _?):
            // Point at whichever of the two keys comes second in the file.
            let second = map.entries.last { $0.key == "text" || $0.key == "key" }?.keyCursor ?? item
            throw second.fail("a label has either \"text\" (literal) or \"key\" (string key), not both")
        case (nil, nil): throw item.fail("a label needs \"text\" (literal) or \"key\" (string key)")
        }
        return ConfigLabel(
            name: name, style: style, content: content, lines: try map["lines"]?.integer(minimum: 0) ?? 1,
            lineBreak: try map["lineBreak"]?.choice(LineBreakMode.self) ?? .truncateTail,
            autoshrink: try map["autoshrink"]?.number(minimum: 0, exclusive: true, maximum: 1),
            checks: try map["checks"].map(parseCheckScope), location: item.location)
    }
}
