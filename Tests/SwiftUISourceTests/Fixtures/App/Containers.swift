import SwiftUI

struct SettingsScreen: View {
    @State private var on = false

    var body: some View {
        List {
            Section("General") {
                Text("row.plain")
                HStack {
                    Image(systemName: "wifi")
                    Text("row.icon")
                    Spacer()
                    Toggle("", isOn: $on).labelsHidden()
                }
                Toggle("row.toggle", isOn: $on)
                NavigationLink("row.link", destination: EmptyView())
            }
            Section {
                Text("row.footer.section")
            } header: {
                Text("header.text")
            } footer: {
                Text("footer.text")
            }
        }
        .navigationTitle("screen.title")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("toolbar.done") {}
            }
        }
        .alert("alert.title", isPresented: $on) {
            Button("alert.ok") {}
        } message: {
            Text("alert.message")
        }
    }
}

struct PlainScreen: View {
    var body: some View {
        ScrollView {
            VStack {
                Text("scroll.text").frame(height: 40)
                Text("clipped.frame").frame(height: 40).clipped()
                Text("clipped.inside").clipped().frame(height: 40)
                Text("rounded.frame").frame(height: 40).cornerRadius(8)
                Text("padded").padding()
                HStack {
                    Text("left")
                    Text("right")
                }
                .padding(.horizontal, 20)
                Text("fixed").frame(width: 100).minimumScaleFactor(0.5).truncationMode(.middle)
                Text("ranged").lineLimit(2...4)
                Text("reserved").lineLimit(3, reservesSpace: true)
            }
        }
        .listStyle(.plain)
        .navigationTitle(Text("inline.title"))
        .navigationBarTitleDisplayMode(.inline)
    }
}

struct PlainList: View {
    let items: [String]
    var body: some View {
        List(items, id: \.self) { item in
            Label("label.row", systemImage: "star")
        }
        .listStyle(.plain)
    }
}
