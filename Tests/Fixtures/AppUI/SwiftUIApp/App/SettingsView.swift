import SwiftUI

struct SettingsView: View {
    @State private var sync = true
    let userName: String

    var body: some View {
        List {
            Section {
                Text("settings.notifications")
                    .lineLimit(1)
                Toggle("settings.sync.description", isOn: $sync)
                    .lineLimit(1)
                HStack {
                    Image(systemName: "info.circle")
                        .font(.system(size: 40))
                    Text(Strings.about)
                        .font(
                            .system(size: 13)
                        )
                }
                Text(userName)
                    .minimumScaleFactor(0.5)
            }
            Text("settings.title")
                .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
        }
        .navigationTitle("settings.title")
    }
}
