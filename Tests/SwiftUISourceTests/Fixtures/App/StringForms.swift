import SwiftUI

struct StringForms: View {
    let name: String

    var body: some View {
        VStack {
            Text("literal.key")
            Text("table.key", tableName: "Settings")
            Text(verbatim: "As written")
            Text(name)
            Text("Hello \(name)")
            Text(String(localized: "localized.key", defaultValue: "Localized"))
            Text(NSLocalizedString("ns.key", tableName: "Other", value: "NS value", comment: ""))
            Text(LocalizedStringResource("resource.key"))
            Text(L10n.Settings.title)
            Text(L10n.requiresVersion("17"))
            Text(Constants.settingsTitle)
            Text(Constants.plain)
            Text(Constants.key)
            Text(Constants.chained)
            Text(Date(), style: .time)
        }
    }
}
