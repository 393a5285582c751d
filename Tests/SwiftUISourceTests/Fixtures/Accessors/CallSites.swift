import SwiftUI

// A view of the app's own called with its texts (written for TypeFit's tests).

struct SettingsRow: View {
    let title: LocalizedStringKey
    let detail: String
    var note: String?

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(detail)
        }
    }
}

struct SyncSettings: View {
    let account: Account

    var body: some View {
        List {
            SettingsRow(title: "settings.sync", detail: "Every hour")
            SettingsRow(title: "settings.storage", detail: account.usage)
        }
    }
}

struct DetailScreen: View {
    let heading: String

    var body: some View {
        Text(heading)
            .navigationTitle(heading)
    }
}

struct OpensDetail: View {
    var body: some View {
        VStack {
            DetailScreen(heading: "Details")
        }
    }
}
