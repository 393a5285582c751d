import AppUI
import DynamicType
import Foundation

/// A button's texts: a button configuration's title and subtitle (iOS 15 buttons), or else the
/// title of each control state written in the file.
extension FileReader {
    /// The control states a storyboard writes titles for, in the order UIKit falls back to them
    /// (a state without a title shows the normal one).
    static let buttonStates = ["normal", "highlighted", "selected", "disabled"]

    /// The button's text elements. The first keeps the button's object id (bindings name it);
    /// the others are `<id>.<state>Title` or `<id>.configuration.subtitle`, their strings keys.
    /// A state's title is its own text to lay out: UIKit shows it in that state, in the same frame.
    func buttonTitles(_ node: IBNode, id: String,
                      make: (UIElementKind, UIText, UIText?, Int, IBNode?, String?) -> UIElement) -> [UIElement] {
        let lines = node.child("buttonConfiguration")?["titleLineBreakMode"] == nil ? 1 : 0
        func text(_ title: String?, attributed: IBNode?, key: String) -> UIText? {
            if let title, !title.isEmpty {
                return Self.isPlaceholder(title) ? .unresolved(reason: "Interface Builder's placeholder \"\(title)\": its title is set in code")
                    : .localized(table: table, key: key, developmentText: title)
            }
            if let attributed { return .localized(table: table, key: key, developmentText: Self.attributedText(attributed)) }
            return nil
        }
        // A configuration with a title draws it (and its subtitle); the states' titles beside it are not shown.
        if let configuration = node.child("buttonConfiguration"),
           let title = text(configuration["title"], attributed: configuration.child("attributedString", key: "attributedTitle"),
                            key: "\(id).configuration.title") {
            var made = [make(.button, title, nil, lines, nil, nil)]
            if let subtitle = text(configuration["subtitle"], attributed: configuration.child("attributedString", key: "attributedSubtitle"),
                                   key: "\(id).configuration.subtitle") {
                var element = make(.button, subtitle, nil, lines, configuration, "\(id).configuration.subtitle")
                if let description = configuration.child("fontDescription", key: "subtitleFontDescription") {
                    element.font = Self.font(description)
                    element.fontPosition = position(description)
                }
                made.append(element)
            }
            return made
        }
        // A configuration with an image and no title is an image button: UIKit draws the
        // configuration, not the `state` title Interface Builder still writes beside it ("Button").
        if let configuration = node.child("buttonConfiguration"),
           configuration.children.contains(where: { $0.name == "imageReference" && $0["key"] == "image" }) {
            return []
        }
        var made: [UIElement] = []
        let states = node.children.filter { $0.name == "state" }
        for name in Self.buttonStates {
            guard let state = states.first(where: { $0["key"] == name }),
                  let title = text(state["title"], attributed: state.child("attributedString", key: "attributedTitle")
                                       ?? state.child("attributedString"), key: "\(id).\(name)Title") else { continue }
            var element = make(.button, title, nil, lines, made.isEmpty ? nil : state, made.isEmpty ? nil : "\(id).\(name)Title")
            element.stateOf = made.first?.id
            // An attributed title carries its own font (then the state is judged on its own).
            if node.child("fontDescription", key: "fontDescription") == nil,
               let attributed = state.child("attributedString", key: "attributedTitle") ?? state.child("attributedString"),
               let font = attributed.children.lazy.compactMap({ $0.child("attributes")?.child("font", key: "NSFont") }).first {
                element.font = Self.attributedFont(font)
                element.fontPosition = position(font)
                element.stateOf = nil
            }
            made.append(element)
        }
        return made  // none: an image-only button draws no text
    }
}
