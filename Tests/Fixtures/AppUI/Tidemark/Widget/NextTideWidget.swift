import SwiftUI
import WidgetKit

/// The next high and low water at the home station.
struct NextTideWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NextTide", provider: NextTideProvider()) { entry in
            NextTideView(entry: entry)
        }
        .configurationDisplayName("Next Tide")
        .description("High and low water at your home station.")
    }
}

struct NextTideView: View {
    var entry: NextTideEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text("High water")
                .font(.caption)
            Text(entry.highWater, style: .time)
                .font(.title2)
        }
    }
}
