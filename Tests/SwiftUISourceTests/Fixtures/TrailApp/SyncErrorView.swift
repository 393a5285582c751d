import SwiftUI

/// What the app shows when a sync fails: a message, the details in a disclosure group, and actions.
struct SyncErrorView: View {
    let error: String
    let server: URL
    let attempts: Int
    @State private var showsDetails = false

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Image(systemName: "exclamationmark.icloud")
                    .font(.system(size: 44))
                Text("sync.error.title")
                    .font(.title2.bold())
                    .multilineTextAlignment(.center)
                Text("sync.error.message \(server.host() ?? "")")
                    .multilineTextAlignment(.center)
                DisclosureGroup(isExpanded: $showsDetails) {
                    VStack(alignment: .leading) {
                        Text(error)
                            .font(.footnote.monospaced())
                        Text("sync.error.attempts \(attempts)")
                        #if targetEnvironment(macCatalyst)
                        Text("sync.error.mac_hint")
                        #endif
                    }
                } label: {
                    Text("sync.error.details")
                }
                /* Text("an old design") */
                HStack {
                    Button {
                    } label: {
                        Text("sync.error.retry")
                            .frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)
                    Button("sync.error.later") {}
                }
                #if os(iOS) && !os(visionOS)
                Text("sync.error.cellular_hint")
                    .font(.caption)
                #elseif os(macOS)
                Text("sync.error.desktop_hint")
                #endif
            }
            .padding()
        }
    }
}
