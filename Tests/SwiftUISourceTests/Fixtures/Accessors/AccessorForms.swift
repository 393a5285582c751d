import SwiftUI
import UIKit

struct AccessorForms: View {
    let title: String
    var item: Item
    @State private var query = ""

    var body: some View {
        VStack {
            Text("profile.title".localized)
            Text("settings.header".settingsLocalized)
            Text("other.key".bundleLocalized())
            Text(LocalString.doneButton.text)
            Text(LocalString.cancel.text)
            Text(LocalString.doneButton.resource)
            Text(NSLocalizedString(LocalString.doneButton.rawValue, comment: ""))
            Text(Keys.welcome)
            Text(Keys.default)
            Text(Keys.computed)
            Text(Keys.welcome.localizedUppercase)
            Text(LocalString.cancel.text).textCase(.uppercase)
            VStack {
                Text(Keys.default.uppercased())
            }
            .textCase(nil)
            Text("shout.key".shouted)
            Text(title)
            Text(query)
            Text(item.name)
            Text(Missing.title)
            Text(UIDevice.current.name)
            Text(.missingMember)
        }
    }
}
