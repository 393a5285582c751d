import SwiftUI

// Every font form the reader resolves, one Text per line (the tests name them by line).
struct FontForms: View {
    var body: some View {
        VStack {
            Text("style").font(.body)
            Text("bold title").font(.title.bold())
            Text("weighted").font(.footnote.weight(.semibold))
            Text("system style").font(.system(.body, design: .monospaced, weight: .bold))
            Text("system size").font(.system(size: 14))
            Text("custom").font(.custom("Inter", size: 17))
            Text("custom relative").font(.custom("Inter", size: 15, relativeTo: .headline))
            Text("custom fixed").font(.custom("Inter", fixedSize: 12))
            Text("token").font(.appBody)
            Text("scaled token").font(.scaledFootnote)
            Text("design system").font(DesignSystem.Font.caption)
            Text("design system bold").font(DesignSystem.Font.largeTitle.bold())
            Text("mapped token").font(Theme.headlineFont)
            Text("run time").font(model.font)
            Text("explicit type").font(Font.caption2)
            Text("constant size").font(.system(size: Self.iconSize, weight: .semibold))
            Text("no font")
            Image(systemName: "star").font(.system(size: 60))
        }
    }

    static let iconSize: CGFloat = 22
}
