import SwiftUI

// Text passed around: joined with +, a search prompt, an alert built with `.init`, a local
// `let`, an argument of the app's own view.
struct PassedTexts: View {
    @State private var query = ""
    @State private var failed = false

    var body: some View {
        let label = VStack {
            Text("local.let")
        }
        VStack {
            label
            Text("joined.first")
                +
                Text(verbatim: " ")
                +
                Text("joined.last")
            CustomRow(title: Text("custom.argument"))
            TextField(text: $query) {
                Text("field.label")
            }
            NavigationLink("nav.title") {
                Text("destination.text")
            }
        }
        .searchable(text: $query, prompt: Text("search.prompt"))
        .alert(isPresented: $failed) {
            .init(title: Text("old.title"), dismissButton: .default(Text("old.ok")))
        }
    }
}
