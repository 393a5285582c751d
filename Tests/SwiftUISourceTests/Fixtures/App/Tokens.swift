import SwiftUI

// App font tokens declared in another file than the views that use them.
extension Font {
    static let appBody = Font.custom("Inter", size: 17, relativeTo: .body)
    static var scaledFootnote: Font { .footnote }
}

enum DesignSystem {
    enum Font {
        static let caption: SwiftUI.Font = .caption
        static let largeTitle: SwiftUICore.Font = .largeTitle
    }
}

enum Constants {
    static let settingsTitle = NSLocalizedString("settings.title", value: "Settings", comment: "")
    static let plain = "Plain words"
    static let key: LocalizedStringKey = "constant.key"
    static let chained = settingsTitle
}
