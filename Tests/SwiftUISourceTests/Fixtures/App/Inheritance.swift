import SwiftUI

struct InheritedFonts: View {
    var body: some View {
        VStack {
            Text("inherits caption")
            HStack {
                Text("inherits caption too")
                Text("own headline").font(.headline)
            }
            .lineLimit(2)
            Text("nearest wins").font(.title3)
        }
        .font(.caption)
        .bold()
        .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
    }
}
