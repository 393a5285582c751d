import SwiftUI

/// Settings of an invented hiking app: a form with sections, toggles, a picker and a footer.
struct TrailSettingsView: View {
    @State private var units = Units.metric
    @State private var offlineMaps = true
    @State private var reminderHour = 7
    let accountName: String

    enum Units: String, CaseIterable, Identifiable {
        case metric, imperial
        var id: String { rawValue }
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    HStack {
                        Image(systemName: "person.crop.circle")
                        Text(accountName)
                        Spacer()
                        Text("settings.account.signed_in")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }
                } header: {
                    Text("settings.account.header")
                }

                Section {
                    Picker("settings.units.title", selection: $units) {
                        ForEach(Units.allCases) { unit in
                            Text(verbatim: unit.rawValue.capitalized).tag(unit)
                        }
                    }
                    Toggle(isOn: $offlineMaps) {
                        Text("settings.maps.offline")
                    }
                    Stepper(value: $reminderHour, in: 5...11) {
                        Text("Morning reminder at \(reminderHour):00")
                    }
                } footer: {
                    // A comment that mentions Text("not a view") is not counted.
                    Text("settings.maps.footer")
                        .font(.caption)
                }

                #if os(watchOS)
                Text("settings.watch.only")
                #else
                Section {
                    Button(role: .destructive) {
                    } label: {
                        Text("settings.account.sign_out")
                    }
                }
                #endif
            }
            .navigationTitle(Text("settings.title"))
        }
    }
}

#Preview {
    TrailSettingsView(accountName: "Preview Walker")
}
