import Foundation

enum Strings {
    static let about = NSLocalizedString("settings.about", comment: "")
}
