import DynamicType
import Foundation

/// TypographyKit.json / .plist: parsing, `extends` and colour resolution, then every style's
/// scaling at all twelve content size categories (hostile sizes must not trap).
func fuzzTypographyKit(_ data: Data) {
    do {
        let config = try TypographyKitConfig.parse(data: data)
        for name in config.styles.keys.sorted() {
            for mode in [nil] + TypographyKitScalingMode.allCases.map(Optional.some) {
                guard let scaling = config.scaling(forStyle: name, mode: mode) else { continue }
                for category in ContentSizeCategory.allCases {
                    _ = scaling.size(at: category)
                }
            }
            if let fontName = config.styles[name]?.fontName { _ = fontName.resolved(systemStandIn: "Inter") }
        }
    } catch {
        requireOneLine(error, .typographykit)
    }
}
