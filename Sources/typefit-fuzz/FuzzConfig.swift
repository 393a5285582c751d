import Foundation
import TypeFit

/// `typefit.yml` through Yams and the validating parser (paths resolve against a fixed folder,
/// so file-existence checks see the same tree on every run).
func fuzzConfig(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    do {
        _ = try TypeFitConfig.parse(yaml: text, file: "fuzz/typefit.yml", baseDirectory: FuzzPaths.configBase)
    } catch {
        requireOneLine(error, .config)
    }
}

enum FuzzPaths {
    /// `Examples/Contacts` under the working directory (scripts/fuzz runs from the package root), so
    /// the relative font paths of the example seed (`../../Fonts/...`) resolve to real files.
    static let configBase = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        .appendingPathComponent("Examples/Contacts", isDirectory: true)
}
