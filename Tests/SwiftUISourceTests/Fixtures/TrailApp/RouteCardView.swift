import SwiftUI

/// A card for one route: a title, a distance line, badges and a multi-line note.
struct RouteCardView: View {
    struct Route {
        var name: String
        var kilometres: Double
        var climb: Int
        var note: String?
        var badges: [String]
    }

    let route: Route

    private var distance: String {
        String(format: "%.1f km", route.kilometres)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(route.name)
                .font(.headline)
                .lineLimit(2)
            HStack(spacing: 12) {
                Label {
                    Text(distance)
                } icon: {
                    Image(systemName: "figure.walk")
                }
                Text("route.card.climb \(route.climb)")
                    .monospacedDigit()
            }
            .font(.subheadline)
            if let note = route.note {
                Text(note)
                    .font(.body)
                    .fixedSize(horizontal: false, vertical: true)
            }
            ScrollView(.horizontal) {
                HStack {
                    ForEach(route.badges, id: \.self) { badge in
                        Text(LocalizedStringKey(badge))
                            .padding(4)
                            .background(Capsule().fill(.thinMaterial))
                    }
                }
            }
            let hint = "Text(\"inside a string\") is not a view"
            Text(verbatim: hint)
                .font(.caption2)
        }
        .padding()
    }
}

struct RouteCardView_Previews: PreviewProvider {
    static var previews: some View {
        RouteCardView(route: .init(name: "Ridge loop", kilometres: 12.4, climb: 640, note: nil, badges: []))
        Text("Preview only")
    }
}
