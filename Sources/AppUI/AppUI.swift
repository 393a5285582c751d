import DynamicType

// The app's own UI as TypeFit reads it from the app's files: the vocabulary shared by the Interface
// Builder reader (storyboards, XIBs) and the SwiftUI reader. Each reader turns its files into
// `UIScreenSource`s; the audit plans them into the same screens, rows and labels a typefit.yml
// describes, and the `ui.*` checks read the elements directly. Nothing here parses or measures.

/// Where something is written in the app's repository: a path relative to the app's root folder,
/// 1-based line and column.
public struct UISourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: UISourcePosition, b: UISourcePosition) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// A text element's identity, stable across runs and edits elsewhere in the file: an Interface
/// Builder object id (`"XYZ-ab-123"`, unique in its file) or, for SwiftUI, the view type and the
/// element's ordinal in that type's body. Bindings in typefit.yml (`ui: { bind: … }`) name it.
public struct UIElementID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file the element is in (relative to the app's root).
    public var file: String
    /// The object id (IB) or `ViewType#ordinal` (SwiftUI).
    public var local: String

    public init(file: String, local: String) {
        self.file = file
        self.local = local
    }

    public var description: String { local }

    public static func < (a: UIElementID, b: UIElementID) -> Bool { (a.file, a.local) < (b.file, b.local) }
}

/// What draws the text.
public enum UIElementKind: String, Sendable, Hashable, CaseIterable {
    case label, button, textField, textView, segment, navigationTitle
    case toggle, link, navigationLink, sectionHeader, sectionFooter, alertTitle, toolbarItem
}

/// Where the element's string comes from.
public enum UIText: Sendable, Hashable {
    /// A localized string: its table (`Localizable`, `Main` for a storyboard's own strings, …) and key,
    /// with the development-language text written beside the key when the source has it.
    case localized(table: String, key: String, developmentText: String?)
    /// Text shown as written, not localized (`Text(verbatim:)`, a non-localizable IB string).
    case verbatim(String)
    /// Run-time data: a model value, user input, a value formatted or interpolated at run time.
    /// TypeFit measures it only with sample text a binding in typefit.yml gives (`ui: bind`).
    /// `reason` says what was found.
    case runtime(reason: String)
    /// Set by code TypeFit could not follow (a name it found no declaration of, a placeholder
    /// replaced in code it did not read): the text may well be a localized string. `reason` says
    /// what was found; a binding in typefit.yml lays it out.
    case unresolved(reason: String)

    /// Why the text is not known before the app runs; nil for a localized or verbatim text.
    public var unknownReason: String? {
        switch self {
        case .localized, .verbatim: nil
        case let .runtime(reason), let .unresolved(reason): reason
        }
    }
}

/// The face of an element's font.
public enum UIFontFace: Sendable, Hashable {
    /// iOS's system font (San Francisco) at a weight.
    case system(FontWeight)
    /// A font named by PostScript or family name (Interface Builder's `name`/`family`,
    /// SwiftUI's `.custom("Name", …)`).
    case named(String)
}

/// How an element's font size is set.
public enum UIFontSize: Sendable, Hashable {
    /// A text style: scales with Dynamic Type.
    case textStyle(TextStyle)
    /// A point size that never changes (Interface Builder's system/custom font at a size,
    /// `.system(size:)`, `.custom(_:fixedSize:)`).
    case fixed(Double)
    /// A point size scaled like a text style (`.custom(_:size:relativeTo:)`; `.custom(_:size:)`
    /// scales relative to body).
    case relative(Double, to: TextStyle)
}

/// An element's font as the source states it.
public enum UIFontSpec: Sendable, Hashable {
    case font(face: UIFontFace, size: UIFontSize)
    /// The source names a font TypeFit cannot resolve (an app font token with no mapping, a font
    /// computed at run time): `reason` says what was found.
    case unknown(reason: String)
}

/// A relation of a layout constraint.
public enum UIRelation: String, Sendable, Hashable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// A size constraint on an element (Auto Layout's width/height constraint, SwiftUI's `.frame`).
public struct UISizeConstraint: Sendable, Hashable {
    public var relation: UIRelation
    public var constant: Double
    /// Auto Layout priority (1000 = required).
    public var priority: Double
    public var position: UISourcePosition?
    /// Whether text taller than the height is cut off. UIKit's label draws its text within its
    /// bounds (and a button's title label within the button's), so an Auto Layout height clips;
    /// a SwiftUI `.frame(height:)` lets its text draw past it unless `.clipped()`, `.clipShape(…)`,
    /// `.cornerRadius(…)` or `.mask(…)` follows it in the same chain (docs/layout.md).
    public var clipsText: Bool

    public init(relation: UIRelation, constant: Double, priority: Double = 1000, position: UISourcePosition? = nil,
                clipsText: Bool = true) {
        self.relation = relation
        self.constant = constant
        self.priority = priority
        self.position = position
        self.clipsText = clipsText
    }

    public var isRequired: Bool { priority >= 1000 }
}

/// How the width available to an element follows the device. The planner re-solves it for each
/// device; readers record what the source says and why.
public enum UIWidthRule: Sendable, Hashable {
    /// The container's width minus fixed insets (pinned to both sides; a list row; full width
    /// minus padding). `leading`/`trailing` are points from the container's edges.
    case inset(leading: Double, trailing: Double)
    /// A fixed width in points.
    case fixed(Double)
    /// A share of the container's width after fixed insets (a stack view filling equally,
    /// `fraction` of the width between the insets).
    case fraction(Double, leading: Double, trailing: Double)
    /// The width cannot be determined from the files: `reason` says why (listed in the summary).
    case unknown(reason: String)
}

/// Where an element's width rule comes from, and so how much a finding resting on it may be
/// trusted (docs/layout.md, "Where a width comes from").
public enum UIWidthSource: Sendable, Hashable {
    /// The source fixes it: Interface Builder's constraints, frames and autoresizing masks (re-solved
    /// per device), an explicit SwiftUI `.frame(width:)`, a `ui: layouts` width, a typefit.yml row.
    case constraint
    /// A documented container rule (`rule` names it: "an inset-grouped list row", "a large
    /// navigation title"): how UIKit lays the container out, not the element's own constraint.
    case container(rule: String)
    /// TypeFit's guess where the source decides nothing (a share of an `HStack`, one of three
    /// toolbar slots, a view whose call site is not read): `reason` says which.
    case estimate(reason: String)

    /// The estimate's reason, nil for a constraint or a container rule.
    public var estimateReason: String? {
        if case .estimate(let reason) = self { reason } else { nil }
    }
}

/// A line-break / truncation mode as the source names it (mapped to Layout's LineBreakMode).
public enum UILineBreak: String, Sendable, Hashable {
    case wordWrap, charWrap, clip, truncateHead, truncateMiddle, truncateTail
}

/// One text element of the app.
public struct UIElement: Sendable, Hashable {
    public var id: UIElementID
    public var kind: UIElementKind
    /// Where the element is written (its XML element's line; its Swift expression's line).
    public var position: UISourcePosition
    public var text: UIText
    /// Placeholder text (text fields), when any.
    public var placeholder: UIText?
    public var font: UIFontSpec
    /// Where the font was set (the `.font(…)` modifier or `fontDescription`), when it was.
    public var fontPosition: UISourcePosition?
    /// `adjustsFontForContentSizeCategory` (IB); SwiftUI text always adjusts: true.
    public var adjustsForContentSizeCategory: Bool
    /// Lines the element may use: 0 = unlimited; SwiftUI `.lineLimit(a...b)` records b.
    public var lines: Int
    /// Lines reserved even when the text is shorter (`.lineLimit(n, reservesSpace: true)`).
    public var reservedLines: Int?
    public var lineBreak: UILineBreak
    /// Autoshrink: the smallest scale factor (`minimumScaleFactor`, or minimumFontSize / size).
    public var minimumScaleFactor: Double?
    /// The categories the element allows (`.dynamicTypeSize(...)`); nil = all.
    public var categories: ClosedRange<ContentSizeCategory>?
    /// Where the categories are limited (the `.dynamicTypeSize(…)` modifier), when they are.
    public var categoriesPosition: UISourcePosition?
    public var width: UIWidthRule
    /// Where `width` (and `regularWidth`) comes from.
    public var widthSource: UIWidthSource
    /// The width on a device in the regular horizontal size class (an iPad), where the source's
    /// defaults differ from `width` (SwiftUI list insets follow the 20 pt layout margins there);
    /// nil: `width` holds on every device.
    public var regularWidth: UIWidthRule?
    public var height: UISizeConstraint?
    /// The element this one is another control state of, in the same font (a button's selected
    /// title beside its normal one): its text is laid out, but the `ui.*` checks, which judge the
    /// control's font and size, judge the control once.
    public var stateOf: UIElementID?
    /// Drawn by the system, not laid out as the app's scaling text (a bar item, a menu, an alert):
    /// the reason, as the summary lists it under "not laid out" (docs/layout.md, "Drawn by the system").
    public var drawnBy: String?
    /// In a `ScrollView` (not a list row): the text scrolls with its container, so it is never a
    /// row taller than the screen.
    public var inScrollView: Bool
    /// The owner's property an Interface Builder outlet connects to this element (`titleLabel`):
    /// the owner's code may set its text, font and lines at run time, so what the file says about
    /// them is a design-time value and a finding resting on it is estimated.
    public var outlet: String?
    /// The class whose outlet `outlet` is (the scene's or File's Owner's `customClass`, a cell's or
    /// a view's class): the code TypeFit reads for what it sets on the outlet.
    public var outletOwner: String?
    /// Where the owner's code sets the text this element shows (`titleLabel.text = L10n.title`),
    /// when TypeFit followed it: the text is the code's, not the file's.
    public var textFromCode: UISourcePosition?
    /// A letter case the code applies to the text (`L10n.title.localizedUppercase`,
    /// `title.uppercased()`): the text is laid out in that case.
    public var letterCase: LetterCase = .regular

    public init(id: UIElementID, kind: UIElementKind, position: UISourcePosition, text: UIText,
                placeholder: UIText? = nil, font: UIFontSpec, fontPosition: UISourcePosition? = nil,
                adjustsForContentSizeCategory: Bool, lines: Int, reservedLines: Int? = nil,
                lineBreak: UILineBreak = .truncateTail, minimumScaleFactor: Double? = nil,
                categories: ClosedRange<ContentSizeCategory>? = nil, categoriesPosition: UISourcePosition? = nil,
                width: UIWidthRule, widthSource: UIWidthSource = .constraint,
                regularWidth: UIWidthRule? = nil, height: UISizeConstraint? = nil, drawnBy: String? = nil,
                inScrollView: Bool = false) {
        self.widthSource = widthSource
        self.id = id
        self.kind = kind
        self.position = position
        self.text = text
        self.placeholder = placeholder
        self.font = font
        self.fontPosition = fontPosition
        self.adjustsForContentSizeCategory = adjustsForContentSizeCategory
        self.lines = lines
        self.reservedLines = reservedLines
        self.lineBreak = lineBreak
        self.minimumScaleFactor = minimumScaleFactor
        self.categories = categories
        self.categoriesPosition = categoriesPosition
        self.width = width
        self.regularWidth = regularWidth
        self.height = height
        self.drawnBy = drawnBy
        self.inScrollView = inScrollView
    }
}

/// How a row's height is set (a table's `rowHeight`, a SwiftUI `.frame(height:)` on the row).
public enum UIRowHeight: Sendable, Hashable {
    /// Self-sizing (automatic dimension; SwiftUI rows).
    case automatic(estimated: Double?)
    /// A fixed height in points, where it is set.
    case fixed(Double, position: UISourcePosition?)
}

/// A group of elements laid out as one table or list row (a cell prototype, a static cell, a
/// `List`/`Form` row), stacked top to bottom.
public struct UIRowSource: Sendable, Hashable {
    public var name: String
    public var position: UISourcePosition
    public var height: UIRowHeight
    /// Width taken by a leading image and a trailing accessory or control, in points.
    public var leadingWidth: Double?
    public var trailingWidth: Double?
    public var elements: [UIElement]
    /// A storyboard's static cell: the controller class that owns its table and its section's
    /// index, so the controller's `tableView(_:cellForRowAt:)` can be read for whether it shows it.
    public var staticCell: UIStaticCell?

    public init(name: String, position: UISourcePosition, height: UIRowHeight, leadingWidth: Double? = nil,
                trailingWidth: Double? = nil, elements: [UIElement], staticCell: UIStaticCell? = nil) {
        self.name = name
        self.position = position
        self.height = height
        self.leadingWidth = leadingWidth
        self.trailingWidth = trailingWidth
        self.elements = elements
        self.staticCell = staticCell
    }
}

/// Where a static cell sits: its scene's controller class (`customClass`), the 0-based index of
/// its `tableViewSection` in the table and its own index in the section.
public struct UIStaticCell: Sendable, Hashable {
    public var controller: String
    public var section: Int
    public var row: Int

    public init(controller: String, section: Int, row: Int) {
        self.controller = controller
        self.section = section
        self.row = row
    }
}

/// What a screen is in the source.
public enum UIScreenKind: String, Sendable, Hashable {
    /// A storyboard scene (a view controller).
    case scene
    /// A XIB file's top-level view.
    case xib
    /// A SwiftUI `View` type.
    case swiftUIView
}

/// A screen read from the app: a storyboard scene, a XIB, or a SwiftUI view type.
public struct UIScreenSource: Sendable, Hashable {
    /// A name a person recognises: the scene's title or storyboard identifier, the XIB's name, the
    /// view type's name.
    public var name: String
    public var kind: UIScreenKind
    public var position: UISourcePosition
    /// Large or inline navigation title, when the screen has one.
    public var navigationTitle: UIElement?
    public var rows: [UIRowSource]
    /// Elements outside any row (a scene's own labels and buttons), top to bottom.
    public var elements: [UIElement]

    public init(name: String, kind: UIScreenKind, position: UISourcePosition, navigationTitle: UIElement? = nil,
                rows: [UIRowSource] = [], elements: [UIElement] = []) {
        self.name = name
        self.kind = kind
        self.position = position
        self.navigationTitle = navigationTitle
        self.rows = rows
        self.elements = elements
    }

    /// Every element of the screen: the title, then each row's, then the free ones.
    public var allElements: [UIElement] {
        (navigationTitle.map { [$0] } ?? []) + rows.flatMap(\.elements) + elements
    }
}

/// A remark of a UI reader about a file it could read only in part (a recovered parse, an
/// unknown element): the place and the words. Never fatal on its own.
public struct UIReadWarning: Sendable, Hashable, CustomStringConvertible {
    public var position: UISourcePosition
    public var message: String

    public init(position: UISourcePosition, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): warning: \(message)" }
}

/// What a UI reader read from a set of files.
public struct UIReadResult: Sendable {
    public var screens: [UIScreenSource]
    public var warnings: [UIReadWarning]

    public init(screens: [UIScreenSource] = [], warnings: [UIReadWarning] = []) {
        self.screens = screens
        self.warnings = warnings
    }
}

/// Why an element is drawn by the system and not laid out (`UIElement.drawnBy`); docs/layout.md,
/// "Drawn by the system", gives Apple's source for each.
public enum UISystemDrawn {
    /// A navigation-bar, toolbar or tab-bar item: UIKit and SwiftUI keep bar items at one size and
    /// show the Large Content Viewer on a long press instead.
    public static let bar = "drawn by the bar: bar items keep their size at every Dynamic Type size (Large Content Viewer)"
    /// A menu's items (`Menu`, a context menu, a title menu, a `ControlGroup`, a picker's options).
    public static let menu = "drawn by the system: a menu's items are laid out by the menu, not as rows of the screen"
    /// An alert's or confirmation dialog's title, message and buttons.
    public static let alert = "drawn by the system: an alert or confirmation dialog lays out (and scrolls) its own text"
    /// A list row's swipe actions.
    public static let swipeAction = "drawn by the system: swipe actions are buttons the list draws beside the row"
    /// The menu bar (`Commands`): not a screen of an iPhone or iPad app.
    public static let menuBar = "drawn by the system: the menu bar (Commands) is not a screen"
    /// `.labelStyle(.iconOnly)`: the label shows its icon and no text.
    public static let iconOnly = "shows no text: .labelStyle(.iconOnly) draws the icon alone"
}
