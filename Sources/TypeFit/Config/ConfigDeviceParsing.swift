import DynamicType
import Foundation

extension ConfigParser {
    func parseCustomDevices(_ node: ConfigCursor, catalogNames: [ConfigDeviceName]) throws -> [ConfigCustomDevice] {
        var names = Set(catalogNames.map(\.name))
        return try node.list(what: "a list of devices").map { item in
            let map = try item.mapping(allowed: ["name", "width", "height", "scale", "safeArea", "statusBar", "homeIndicator"],
                                       what: "a device")
            let nameNode = try map.required("name")
            let name = try nameNode.string(what: "a device name")
            guard names.insert(name).inserted else { throw nameNode.fail("duplicate device name \"\(name)\"") }
            let scaleNode = try map.required("scale")
            let scale = try scaleNode.integer(minimum: 1)
            guard (1...3).contains(scale) else { throw scaleNode.fail("expected a scale of 1, 2 or 3, got \(scaleNode.shown)") }
            var safeArea = ConfigEdgeInsets(top: 0, bottom: 0, left: 0, right: 0)
            if let node = map["safeArea"] {
                let edges = try node.mapping(allowed: ["top", "bottom", "left", "right"], what: "insets {top, bottom, left, right}")
                safeArea = ConfigEdgeInsets(
                    top: try edges["top"]?.number(minimum: 0) ?? 0, bottom: try edges["bottom"]?.number(minimum: 0) ?? 0,
                    left: try edges["left"]?.number(minimum: 0) ?? 0, right: try edges["right"]?.number(minimum: 0) ?? 0)
            }
            return ConfigCustomDevice(
                name: name, width: try map.required("width").number(minimum: 0, exclusive: true),
                height: try map.required("height").number(minimum: 0, exclusive: true), scale: scale, safeArea: safeArea,
                statusBar: try map["statusBar"]?.number(minimum: 0) ?? 0,
                homeIndicator: try map["homeIndicator"]?.bool() ?? false, location: item.location)
        }
    }

    /// `categories:`: `all`, a range like `xS...AX5`, one category or a list, in category order.
    func parseCategories(_ node: ConfigCursor) throws -> [ContentSizeCategory] {
        if case .sequence = node.node {
            let items = try node.stringList(what: "a category name")
            guard !items.isEmpty else { throw node.fail("expected at least one category") }
            return Set(try items.map { try $0.1.category($0.0) }).sorted()
        }
        let text = try node.string(what: "all, a range like \"xS...AX5\" or a list of categories")
        if text == "all" { return ContentSizeCategory.allCases }
        if text.contains("...") { return try node.categoryRange(text).categories }
        return [try node.category(text)]
    }
}

extension ConfigCursor {
    /// A content size category written as `text` (L, large, accessibilityMedium, AX1, …), or an
    /// error at this node.
    func category(_ text: String) throws -> ContentSizeCategory {
        do { return try ContentSizeCategory(parsing: text) } catch { throw fail(error.description) }
    }

    /// A category range written as `text` (e.g. `xS...AX3`), or an error at this node.
    func categoryRange(_ text: String) throws -> CategoryRange {
        do { return try CategoryRange(parsing: text) } catch { throw fail(error.description) }
    }
}
