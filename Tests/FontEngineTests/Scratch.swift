import Testing
import Foundation
@testable import FontEngine

@Test func scratch() throws {
    let root = "/work/wt/engine/Fonts/"
    for f in ["Inter/Inter-Regular.otf","Inter/Inter.var.ttf","Roboto/Roboto-Regular.ttf","OpenSans/OpenSans-Regular.ttf","Noto/NotoSansArabic-Regular.ttf"] {
        let face = try FontFace(path: root + f)
        print(face.info)
        let s = try Shaper(face: face)
        let m = s.measure("AV Wave Office fi Ồ")
        print(m, s.scriptRuns(of: "AV Wave Office fi Ồ"))
    }
    let v = try FontFace(path: root + "Inter/Inter.var.ttf", variations: [VariationSetting(tag: "wght", value: 600)])
    print(v.info.axes, v.info.namedInstances, v.info.postScriptName, try Shaper(face: v).measure("Hello"))
    let cat = FontCatalog(directories: [root])
    print(try cat.resolve("Inter:weight=600"))
    print(try? cat.resolve("NoSuchFamily"))
    print(cat.fallback(for: ["\u{05D0}"]) as Any)
}
