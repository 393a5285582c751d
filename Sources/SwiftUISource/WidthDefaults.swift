import AppUI

/// Where a SwiftUI text sits, for its width estimate.
public enum SwiftUIContainer: String, Sendable, Hashable, CaseIterable {
    /// A view's body outside any list: the full width of the safe area.
    case screen
    /// A `List` row in `.plain` style (also `.inset` and `.grouped`): the cell's layout margins.
    case listPlain
    /// A `List` row in `.insetGrouped` style (iOS's default for `List`) or `.sidebar`, and every `Form` row:
    /// the section's inset plus the cell's layout margins.
    case listInsetGrouped
    /// A large navigation title.
    case navigationTitleLarge
    /// An inline navigation title, between the bar's buttons.
    case navigationTitleInline
    /// A toolbar or navigation-bar item.
    case toolbarItem
    /// An alert's title, message and buttons (270 pt wide alert, 16 pt insets).
    case alert
    /// A confirmation dialog (an action sheet at the bottom of an iPhone, a popover on an iPad).
    case confirmationDialog
}

/// TypeFit's documented width defaults for SwiftUI (docs/ui-sources.md has the same table).
/// SwiftUI decides widths at run time; these follow UIKit's layout margins — 16 pt in compact
/// width (iPhones), 20 pt in regular width (iPads) — which list cells and bars use for their
/// content. `ui: { layouts: … }` in typefit.yml replaces them per view type.
public enum SwiftUIWidthDefaults {
    /// The width rule of a text placed directly in `container`, on a compact-width device (an
    /// iPhone) and on a regular-width one (an iPad).
    public static func rule(_ container: SwiftUIContainer) -> (compact: UIWidthRule, regular: UIWidthRule) {
        switch container {
        case .screen: (.inset(leading: 0, trailing: 0), .inset(leading: 0, trailing: 0))
        case .listPlain: (.inset(leading: 16, trailing: 16), .inset(leading: 20, trailing: 20))
        case .listInsetGrouped: (.inset(leading: 32, trailing: 32), .inset(leading: 40, trailing: 40))
        case .navigationTitleLarge: (.inset(leading: 16, trailing: 16), .inset(leading: 20, trailing: 20))
        case .navigationTitleInline: (.inset(leading: 68, trailing: 68), .inset(leading: 72, trailing: 72))
        case .toolbarItem: (.fraction(1.0 / 3, leading: 16, trailing: 16), .fraction(1.0 / 3, leading: 20, trailing: 20))
        case .alert: (.fixed(238), .fixed(238))
        case .confirmationDialog: (.inset(leading: 24, trailing: 24), .fixed(272))
        }
    }

    /// Where the width of a text placed directly in `container` comes from: a documented rule of
    /// UIKit's (docs/layout.md) or, where SwiftUI decides at run time, TypeFit's estimate.
    public static func source(_ container: SwiftUIContainer) -> UIWidthSource {
        switch container {
        case .screen: .estimate(reason: "a view read on its own: where it is used is not read, the full width assumed")
        case .listPlain: .container(rule: "a plain list row: the cell's layout margins")
        case .listInsetGrouped: .container(rule: "an inset-grouped list or form row: the section's inset and the cell's layout margins")
        case .navigationTitleLarge: .container(rule: "a large navigation title: the bar's layout margins")
        case .navigationTitleInline: .container(rule: "an inline navigation title: between the bar's buttons")
        case .toolbarItem: .estimate(reason: "one of three toolbar slots")
        case .alert: .container(rule: "an alert: 270 pt wide, 16 pt insets")
        case .confirmationDialog: .container(rule: "a confirmation dialog: an action sheet's insets, a popover on an iPad")
        }
    }

    /// `.padding()` without a length: 16 pt on each side.
    public static let padding: Double = 16
    /// An `HStack`'s spacing between two children when it sets none.
    public static let stackSpacing: Double = 8
    /// An image or SF Symbol beside a text (in an `HStack` or a `Label`) when no frame sets its size.
    public static let iconWidth: Double = 24
    /// A `Toggle`'s switch.
    public static let toggleWidth: Double = 51
    /// A `Stepper`'s − / + control.
    public static let stepperWidth: Double = 94
    /// The disclosure chevron of a `NavigationLink` in a list, with its spacing.
    public static let disclosureWidth: Double = 20
    /// A list row's trailing value (`Picker`, `LabeledContent`, `DatePicker`): the title keeps this share.
    public static let titleShareBesideValue: Double = 0.5
}

extension UIWidthRule {
    /// This width less `leading` and `trailing` points (padding, a control beside the text).
    func inset(_ leading: Double, _ trailing: Double) -> UIWidthRule {
        switch self {
        case let .inset(l, t): .inset(leading: l + leading, trailing: t + trailing)
        case let .fixed(w): .fixed(max(0, w - leading - trailing))
        case let .fraction(f, l, t): .fraction(f, leading: l + leading / f, trailing: t + trailing / f)
        case .unknown: self
        }
    }

    /// A `share` of this width after `taken` points (siblings' fixed widths and spacing).
    func share(_ share: Double, after taken: Double) -> UIWidthRule {
        switch self {
        case let .inset(l, t): share == 1 ? .inset(leading: l + taken, trailing: t) : .fraction(share, leading: l + taken, trailing: t)
        case let .fixed(w): .fixed(max(0, (w - taken) * share))
        case let .fraction(f, l, t): .fraction(f * share, leading: l + taken / f, trailing: t)
        case .unknown: self
        }
    }
}

/// What `ui: layouts` says of a view type, where the reader cannot know it: where the view is
/// used decides its width, and the reader reads each view type on its own.
public enum SwiftUILayout: Sendable, Hashable {
    /// Every text of the view is this wide, on every device.
    case width(Double)
    /// The view is a row of this container (a `List` row, a toolbar item): its texts start from the
    /// container's widths (`SwiftUIWidthDefaults.rule`) instead of the screen's.
    case row(SwiftUIContainer)
}
