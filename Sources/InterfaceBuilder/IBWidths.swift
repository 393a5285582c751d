import AppUI
import Foundation

/// The width rule of a view from its constraints, stack views, autoresizing mask and
/// design-time frame, relative to its screen (a scene's root view, a cell: the device's width):
///
/// - a required width constraint (`=`, no second item): that width, fixed;
/// - both sides anchored (leading and trailing constraints, to the superview, its margins or
///   guides, or siblings), or a flexible-width autoresizing mask, or a label a table cell style
///   lays out: the design-time insets from the superview, kept on every device;
/// - an arranged subview of a stack view: the stack's width (vertical), a share of it
///   (horizontal, fill equally), the rest after fixed-width siblings (horizontal, one flexible view);
/// - a fixed autoresizing mask: the design-time width;
/// - otherwise the width comes from the content (one side pinned, centred): unknown, with the reason.
///
/// Each rule is composed with the superview's, up to the screen. Every view's rule is worked out
/// once (`Memo`), without recursion: a file of 30,000 labels in one stack view is read in linear time.
struct IBWidths {
    struct Constraint {
        var first: String
        var firstAttribute: String
        var second: String?
        var secondAttribute: String?
        var relation: UIRelation
        var constant: Double
        var multiplier: Double
        var priority: Double
        var node: IBNode
    }

    /// Constraints by the ids of the items they relate.
    private var byItem: [String: [Constraint]] = [:]
    /// Layout guides (safe area, margins) by id → the view they belong to.
    private var guideOwner: [String: String] = [:]
    /// Elements by id (the first of an id written twice).
    private var byID: [String: IBNode] = [:]
    /// Views a XIB's File's Owner holds as its `view` outlet: a view controller's root view.
    private var ownerViews: Set<String> = []

    /// What has been worked out: each view's rule, each horizontal stack view's arranged subviews.
    private final class Memo {
        var rules: [ObjectIdentifier: UIWidthRule] = [:]
        /// Why a view's rule rests on a design-time value rather than on what holds on every device.
        var estimates: [ObjectIdentifier: String] = [:]
        var stacks: [ObjectIdentifier: Stack] = [:]
    }

    /// A stack view's visible arranged subviews: how many, how many have a fixed width (their own
    /// required width constraint) and the sum of those widths.
    private struct Stack {
        var count = 0
        var flexible: Set<ObjectIdentifier> = []
        var fixedTotal = 0.0
    }

    private let memo = Memo()

    /// Views nested deeper than this (from the screen's top) have no known width.
    static let deepestNesting = 64

    init(root: IBNode) {
        root.forEachDescendant { node in
            if let id = node["id"], byID[id] == nil { byID[id] = node }
            if node.name == "viewLayoutGuide", let id = node["id"], let owner = node.parent?["id"] { guideOwner[id] = owner }
            if node.name == "outlet", node["property"] == "view", let destination = node["destination"] { ownerViews.insert(destination) }
            guard node.name == "constraint", let list = node.parent, list.name == "constraints",
                  let owner = list.parent?["id"] else { return }
            let relation: UIRelation = switch node["relation"] {
            case "lessThanOrEqual": .lessThanOrEqual
            case "greaterThanOrEqual": .greaterThanOrEqual
            default: .equal
            }
            let c = Constraint(first: node["firstItem"] ?? owner, firstAttribute: node["firstAttribute"] ?? "",
                               second: node["secondItem"], secondAttribute: node["secondAttribute"], relation: relation,
                               constant: node.double("constant") ?? 0, multiplier: Self.multiplier(node["multiplier"]),
                               priority: node.double("priority") ?? 1000, node: node)
            byItem[c.first, default: []].append(c)
            if let second = c.second, second != c.first { byItem[second, default: []].append(c) }
        }
    }

    /// `"2"`, `"1:2"` (a ratio) → the value.
    static func multiplier(_ text: String?) -> Double {
        guard let text else { return 1 }
        let parts = text.split(separator: ":").compactMap { Double($0) }
        if parts.count == 2, parts[1] != 0 { return parts[0] / parts[1] }
        return parts.first ?? 1
    }

    static let leadingAttributes: Set<String> = ["leading", "left", "leadingMargin", "leftMargin"]
    static let trailingAttributes: Set<String> = ["trailing", "right", "trailingMargin", "rightMargin"]

    /// The view's superview element (nil at the screen's top).
    static func superview(_ node: IBNode) -> IBNode? {
        guard let parent = node.parent else { return nil }
        if parent.name == "subviews" { return parent.parent }
        if FileReader.cellNames.contains(node.name) {
            return node.ancestor { $0.name == "tableView" || $0.name == "collectionView" }
        }
        if node["key"] == "contentView" { return parent }
        return nil
    }

    static func frame(_ node: IBNode) -> (x: Double, width: Double)? {
        guard let rect = node.child("rect", key: "frame"), let x = rect.double("x"), let width = rect.double("width") else { return nil }
        return (x, width)
    }

    /// The view's own required height constraint (`=` or `≤`, no second item), else its first height constraint.
    func heightConstraint(_ node: IBNode, path: String) -> UISizeConstraint? {
        guard let id = node["id"] else { return nil }
        let own = (byItem[id] ?? []).filter { $0.first == id && $0.firstAttribute == "height" && $0.second == nil }
        guard let c = own.first(where: { $0.priority >= 1000 && $0.relation != .greaterThanOrEqual }) ?? own.first else { return nil }
        return UISizeConstraint(relation: c.relation, constant: c.constant, priority: c.priority,
                                position: UISourcePosition(file: path, line: c.node.line, column: c.node.column))
    }

    /// The width rule of `node` relative to its screen: the views from `node` up to the screen's
    /// top (or a view already worked out), then their rules composed from the top down.
    func rule(_ node: IBNode) -> UIWidthRule {
        if let known = memo.rules[ObjectIdentifier(node)] { return known }
        var chain: [(view: IBNode, superview: IBNode)] = []
        var current = node
        var outer: UIWidthRule
        var outerEstimate: String?
        var complete = true
        while true {
            if let known = memo.rules[ObjectIdentifier(current)] {
                outer = known
                outerEstimate = memo.estimates[ObjectIdentifier(current)]
                break
            }
            guard let superview = Self.superview(current) else {
                outer = Self.topRule(current)
                outerEstimate = topEstimate(current)
                memo.rules[ObjectIdentifier(current)] = outer
                memo.estimates[ObjectIdentifier(current)] = outerEstimate
                break
            }
            guard chain.count < Self.deepestNesting else {
                outer = .unknown(reason: "views nested too deeply")
                complete = false
                break
            }
            chain.append((current, superview))
            current = superview
        }
        for (view, superview) in chain.reversed() {
            var estimate: String?
            let own = ownRule(view, superview: superview, estimate: &estimate)
            switch own {
            case .fixed, .unknown: outer = own; outerEstimate = estimate
            default: outer = Self.compose(own, in: outer); outerEstimate = estimate ?? outerEstimate
            }
            // A rule cut off by the nesting bound is not kept: a view nearer the top may reach the top.
            if complete {
                memo.rules[ObjectIdentifier(view)] = outer
                memo.estimates[ObjectIdentifier(view)] = outerEstimate
            }
        }
        return outer
    }

    /// Why `node`'s rule (`rule(node)`, worked out first) rests on a design-time value: nil when
    /// it holds on every device.
    func estimate(_ node: IBNode) -> String? {
        _ = rule(node)
        return memo.estimates[ObjectIdentifier(node)]
    }

    /// Why the screen's top has no width known on every device: a collection view cell (its layout
    /// sizes it at run time), a view of its own XIB that is no view controller's view (its width is
    /// where it is used, which the file does not say).
    func topEstimate(_ node: IBNode) -> String? {
        if node.name == "collectionViewCell" || node.name == "collectionReusableView" {
            return Self.collectionCellEstimate(node)
        }
        guard node.name == "view", node["key"] == nil, !ownerViews.contains(node["id"] ?? "") else { return nil }
        let taken = if case .fixed(let width) = Self.topRule(node) { "its design-time \(Self.points(width)) pt taken" } else { "the screen's width assumed" }
        return "a view of its own XIB, used where the file does not say: \(taken)"
    }

    /// A design-time length as a reason writes it ("100", "36.5").
    static func points(_ value: Double) -> String { String(format: "%g", value) }

    static func collectionCellEstimate(_ cell: IBNode) -> String {
        let width = frame(cell).map { Self.points($0.width) + " pt" } ?? "its design-time size"
        return "a collection view cell: the collection view's layout sizes it at run time, the design-time \(width) taken"
    }

    /// The rule of the screen's top: a scene's root view or table, a XIB's top-level view or cell.
    static func topRule(_ node: IBNode) -> UIWidthRule {
        if node.name == "view", node["key"] == nil, let frame = frame(node), frame.width < 320 {
            return .fixed(frame.width)
        }
        return .inset(leading: 0, trailing: 0)
    }

    /// The view's own required width constant (`=`, no second item), nil when it has none.
    private func fixedWidth(_ node: IBNode) -> Double? {
        guard let id = node["id"] else { return nil }
        return byItem[id]?.first(where: {
            $0.first == id && $0.firstAttribute == "width" && $0.second == nil && $0.relation == .equal && $0.priority >= 1000
        })?.constant
    }

    /// The arranged subviews of `stack`, worked out once.
    private func arranged(_ stack: IBNode) -> Stack {
        if let known = memo.stacks[ObjectIdentifier(stack)] { return known }
        var found = Stack()
        for view in stack.child("subviews")?.children ?? [] where view["id"] != nil && view["hidden"] != "YES" {
            found.count += 1
            if let width = fixedWidth(view) { found.fixedTotal += width } else { found.flexible.insert(ObjectIdentifier(view)) }
        }
        memo.stacks[ObjectIdentifier(stack)] = found
        return found
    }

    /// The sibling of a view in `superview` with id `id`.
    private func sibling(_ id: String, in superview: IBNode) -> IBNode? {
        guard let node = byID[id], let list = node.parent, list.name == "subviews", list.parent === superview else { return nil }
        return node
    }

    /// The rule of `node` relative to `superview`.
    private func ownRule(_ node: IBNode, superview: IBNode, estimate: inout String?) -> UIWidthRule {
        let id = node["id"] ?? ""
        let constraints = byItem[id] ?? []
        // A required width constant.
        if let width = fixedWidth(node) { return .fixed(width) }
        // A cell's content view, a cell in a table: design-time insets.
        if node["key"] == "contentView" || FileReader.cellNames.contains(node.name) {
            if node.name == "collectionViewCell" || node.name == "collectionReusableView" {
                estimate = Self.collectionCellEstimate(node)
            }
            return insets(node, in: superview) ?? .inset(leading: 0, trailing: 0)
        }
        // Arranged subviews of a stack view.
        if superview.name == "stackView" {
            // Interface Builder writes `axis="vertical"`; horizontal, UIStackView's default, is not written.
            if superview["axis"] == "vertical" { return .inset(leading: 0, trailing: 0) }
            let stack = arranged(superview)
            let spacing = superview.double("spacing") ?? 0
            let n = Double(stack.count)
            if stack.count <= 1 { return .inset(leading: 0, trailing: 0) }
            if superview["distribution"] == "fillEqually" {
                return .fraction(1 / n, leading: 0, trailing: (n - 1) * spacing)
            }
            // One flexible view beside fixed-width ones (each its own width constraint) takes the rest.
            let othersFlexible = stack.flexible.count - (stack.flexible.contains(ObjectIdentifier(node)) ? 1 : 0)
            guard othersFlexible == 0 else {
                return .unknown(reason: "shares a horizontal stack view with views sized by their content")
            }
            return .inset(leading: 0, trailing: stack.fixedTotal + (n - 1) * spacing)
        }
        // A width proportional to the superview's.
        if let share = constraints.first(where: {
            $0.firstAttribute == "width" && $0.secondAttribute == "width" && $0.relation == .equal
                && (($0.first == id && $0.second == superview["id"]) || ($0.second == id && $0.first == superview["id"]))
        }) {
            let f = share.first == id ? share.multiplier : 1 / share.multiplier
            return .fraction(f, leading: 0, trailing: 0)
        }
        let usesAutoLayout = node["translatesAutoresizingMaskIntoConstraints"] == "NO"
        if usesAutoLayout || !constraints.isEmpty {
            let leading = constraints.first { anchors($0, id, Self.leadingAttributes) }
            let trailing = constraints.first { anchors($0, id, Self.trailingAttributes) }
            if let leading, let trailing {
                guard let frame = Self.frame(node), let outer = Self.frame(superview) else {
                    return .unknown(reason: "no design-time frame")
                }
                // Beside a sibling that hugs its content less, the view keeps its content's width.
                for c in [leading, trailing] {
                    let other = c.first == id ? c.second : c.first
                    if let other, let sibling = sibling(other, in: superview),
                       Self.hugging(node) > Self.hugging(sibling) {
                        return .unknown(reason: "sized by its text beside a view that stretches (content hugging)")
                    }
                }
                let l = side(leading, id, frame: frame, outer: outer, superview: superview, isLeading: true, estimate: &estimate)
                let t = side(trailing, id, frame: frame, outer: outer, superview: superview, isLeading: false, estimate: &estimate)
                guard l + t < outer.width else {
                    return .unknown(reason: "its constraints leave it no width (conflicting or cyclic constraints)")
                }
                return .inset(leading: l, trailing: t)
            }
            if leading != nil || trailing != nil { return .unknown(reason: "one side pinned: its width comes from its text") }
            return .unknown(reason: "no leading and trailing constraints: its width comes from its text")
        }
        // Laid out by a table cell style (textLabel, detailTextLabel).
        if let cell = node.ancestor(where: { $0.name == "tableViewCell" }),
           cell["textLabel"] == id || cell["detailTextLabel"] == id {
            return insets(node, in: superview) ?? .unknown(reason: "no design-time frame")
        }
        // Autoresizing.
        let mask = node.child("autoresizingMask", key: "autoresizingMask")
        if mask?.bool("widthSizable") ?? false { return insets(node, in: superview) ?? .unknown(reason: "no design-time frame") }
        if let frame = Self.frame(node) { return .fixed(frame.width) }
        return .unknown(reason: "no constraints and no design-time frame")
    }

    /// Horizontal content hugging priority (Interface Builder's default 250).
    static func hugging(_ node: IBNode) -> Double { node.double("horizontalHuggingPriority") ?? 250 }

    /// Whether `c` anchors side `attributes` of view `id` to another item.
    private func anchors(_ c: Constraint, _ id: String, _ attributes: Set<String>) -> Bool {
        guard c.second != nil else { return false }
        if c.first == id { return attributes.contains(c.firstAttribute) }
        if c.second == id { return attributes.contains(c.secondAttribute ?? "") }
        return false
    }

    /// The inset of one side of view `id` (design-time `frame` in a superview `outer` wide) that
    /// constraint `c` anchors. Anchored to the superview (or its margins, safe area) with `=`: the
    /// design-time inset. With `≤`/`≥` the view may grow up to the anchor: the constant (plus the
    /// superview's default 8 pt margin for a margin attribute). Anchored to a sibling: up to the
    /// sibling's edge, less the constant.
    /// A sibling's edge holds on every device when the sibling's side toward that edge's own side of
    /// the superview is pinned to it (`=`) and, for its far edge, its width is fixed; otherwise the
    /// edge is where the canvas drew it, and `estimate` says so.
    private func side(_ c: Constraint, _ id: String, frame: (x: Double, width: Double), outer: (x: Double, width: Double),
                      superview: IBNode, isLeading: Bool, estimate: inout String?) -> Double {
        let designed = isLeading ? frame.x : max(0, outer.width - frame.x - frame.width)
        let other = c.first == id ? c.second : c.first
        let otherAttribute = (c.first == id ? c.secondAttribute : c.firstAttribute) ?? ""
        guard let other else { return designed }
        let superID = superview["id"]
        if other == superID || guideOwner[other] == superID {
            if c.relation == .equal { return designed }
            return abs(c.constant) + (otherAttribute.hasSuffix("Margin") ? 8 : 0)
        }
        guard let sibling = sibling(other, in: superview), let f = Self.frame(sibling) else {
            estimate = estimate ?? "anchored to a view outside its superview: the design-time edge taken"
            return designed
        }
        let gap = abs(c.constant)
        // The sibling lies on this view's leading side (for its leading edge) or trailing side.
        let farEdge = isLeading ? Self.trailingAttributes.contains(otherAttribute) : Self.leadingAttributes.contains(otherAttribute)
        if !pinned(sibling, toLeading: isLeading, of: superview) || (farEdge && fixedWidth(sibling) == nil) {
            estimate = estimate ?? "its \(isLeading ? "leading" : "trailing") edge is a sibling's, drawn on the design-time canvas (\(Self.points(frame.width)) pt wide there)"
        }
        if isLeading {
            let edge = farEdge ? f.x + f.width : f.x
            return max(0, edge + gap)
        }
        let edge = farEdge ? f.x : f.x + f.width
        return max(0, outer.width - edge + gap)
    }

    /// Whether `view`'s leading (or trailing) side is pinned with `=` to `superview` (its margins, guides).
    private func pinned(_ view: IBNode, toLeading leading: Bool, of superview: IBNode) -> Bool {
        guard let id = view["id"] else { return false }
        let attributes = leading ? Self.leadingAttributes : Self.trailingAttributes
        let superID = superview["id"]
        return (byItem[id] ?? []).contains { c in
            guard c.relation == .equal, c.priority >= 1000, anchors(c, id, attributes) else { return false }
            let other = c.first == id ? c.second : c.first
            return other == superID || guideOwner[other ?? ""] == superID
        }
    }

    /// Design-time insets of `node` in `superview`.
    private func insets(_ node: IBNode, in superview: IBNode) -> UIWidthRule? {
        guard let frame = Self.frame(node), let outer = Self.frame(superview) else { return nil }
        return .inset(leading: frame.x, trailing: max(0, outer.width - frame.x - frame.width))
    }

    /// A rule relative to a superview whose own rule is `outer`, made relative to the screen.
    static func compose(_ inner: UIWidthRule, in outer: UIWidthRule) -> UIWidthRule {
        switch (inner, outer) {
        case (.fixed, _), (.unknown, _): return inner
        case (_, .unknown): return outer
        case (.inset(let l, let t), .inset(let L, let T)): return .inset(leading: L + l, trailing: T + t)
        case (.inset(let l, let t), .fixed(let W)): return .fixed(max(0, W - l - t))
        case (.inset(let l, let t), .fraction(let f, let L, let T)): return .fraction(f, leading: L + l / f, trailing: T + t / f)
        case (.fraction(let g, let l, let t), .inset(let L, let T)): return .fraction(g, leading: L + l, trailing: T + t)
        case (.fraction(let g, let l, let t), .fixed(let W)): return .fixed(max(0, g * (W - l - t)))
        case (.fraction(let g, let l, let t), .fraction(let f, let L, let T)):
            return .fraction(g * f, leading: L + l / f, trailing: T + t / f)
        }
    }
}
