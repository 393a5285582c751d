import SwiftUI

struct PlatformBranches: View {
    var body: some View {
        VStack {
            #if os(watchOS)
            Text("watch only")
            #elseif os(macOS)
            Text("mac only")
            #else
            Text("iOS branch")
            #endif
            #if !os(watchOS)
            Text("not watch")
            #endif
            Text("modified")
            #if os(iOS)
                .font(.headline)
            #else
                .font(.caption)
            #endif
        }
    }
}

#if os(watchOS)
struct WatchOnlyView: View {
    var body: some View { Text("watch view") }
}
#endif

#Preview {
    Text("preview text")
}

struct PlatformBranches_Previews: PreviewProvider {
    static var previews: some View {
        Text("provider preview")
    }
}
