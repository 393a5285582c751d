import Foundation

/// The example app bundled with TypeFit (Examples/Focus): what `typefit audit` audits when given
/// no config, into the package's Reports/ folder, against its committed baseline.
public enum BundledExample {
    /// The example's config, relative to the package root.
    public static let configRelativePath = "Examples/Focus/typefit.yml"
    /// Its baseline, relative to the package root.
    public static let baselineRelativePath = "Examples/Focus/typefit-baseline.json"
    /// Where its reports go, relative to the package root.
    public static let reportsRelativePath = "Reports"

    /// The package root: the current folder when it holds the example, else the folder above the
    /// executable (…/.build/debug/typefit) that holds Package.swift and the example.
    public static func packageRoot(currentDirectory: String = FileManager.default.currentDirectoryPath,
                                   executablePath: String? = CommandLine.arguments.first) -> URL? {
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: currentDirectory)
        if fm.fileExists(atPath: cwd.appendingPathComponent(configRelativePath).path) { return cwd }
        guard let executablePath else { return nil }
        var url = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if fm.fileExists(atPath: url.appendingPathComponent(configRelativePath).path),
               fm.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
