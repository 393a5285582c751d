import Foundation

// String accessors an app writes itself, as TypeFit's tests need them (written for these tests).

extension String {
    /// The key itself, looked up in Localizable.strings.
    var localized: String { NSLocalizedString(self, comment: "") }

    /// The key looked up in Settings.strings.
    var settingsLocalized: String {
        return NSLocalizedString(self, tableName: "Settings", comment: "")
    }

    /// The key looked up through the bundle, in Other.strings.
    func bundleLocalized() -> String {
        Bundle.main.localizedString(forKey: self, value: nil, table: "Other")
    }

    /// Not a localizer: it returns the key changed, not looked up.
    var shouted: String { self + "!" }
}

/// Keys as an enum's raw values; the case without a raw value is its own key.
enum LocalString: String {
    case doneButton = "common_button_done"
    case cancel

    var text: String { NSLocalizedString(rawValue, comment: "") }
    var resource: String { String(localized: String.LocalizationValue(self.rawValue), table: "Buttons") }
}

enum Keys {
    static let welcome = "welcome.title".localized
    static let `default` = NSLocalizedString("default.key", comment: "")
    static var computed: String { LocalString.cancel.text }
}
