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

/// What `typefit audit` with no CONFIG audits, and where its reports go.
///
/// - The current folder's `typefit.yml` (or `typefit.yaml`, `typefit.json`) into `./Reports`, against
///   `./typefit-baseline.json` when that file exists.
/// - Only when there is none, the bundled example: from the package root into its `Reports/` (the
///   committed reports); from any other folder nothing is written into the tool's checkout — the
///   report goes to the terminal, and `--update-baseline` needs an explicit `--baseline`.
public struct DefaultAuditTarget: Sendable, Equatable {
    /// Config names looked for in the current folder, in this order.
    public static let configNames = ["typefit.yml", "typefit.yaml", "typefit.json"]
    /// The baseline looked for beside a config found in the current folder.
    public static let baselineName = "typefit-baseline.json"

    public var config: String
    /// Folder for report files, or nil for the terminal only.
    public var output: String?
    /// Baseline to compare against, or nil.
    public var baseline: String?
    /// Whether `--update-baseline` may write `baseline` without being told the file.
    public var baselineWritable: Bool
    /// What was chosen, for stderr (nil when the current folder's config is used).
    public var note: String?

    public struct Ambiguous: Error, CustomStringConvertible, Sendable {
        public var names: [String]
        public var description: String {
            "no CONFIG given and \(names.joined(separator: " and ")) are both here; pass the one to audit"
        }
    }

    public struct NotFound: Error, CustomStringConvertible, Sendable {
        public var description: String {
            "no CONFIG given, no \(DefaultAuditTarget.configNames.joined(separator: ", ")) in the current folder and the bundled example (\(BundledExample.configRelativePath)) was not found; pass a typefit.yml"
        }
    }

    /// The target for `currentDirectory`.
    public static func resolve(currentDirectory: String = FileManager.default.currentDirectoryPath,
                               executablePath: String? = CommandLine.arguments.first) throws -> DefaultAuditTarget {
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: currentDirectory)
        let found = configNames.filter { fm.fileExists(atPath: cwd.appendingPathComponent($0).path) }
        if found.count > 1 { throw Ambiguous(names: found) }
        if let name = found.first {
            let baseline = fm.fileExists(atPath: cwd.appendingPathComponent(baselineName).path) ? baselineName : nil
            return DefaultAuditTarget(config: name, output: "Reports", baseline: baseline, baselineWritable: true, note: nil)
        }
        guard let root = BundledExample.packageRoot(currentDirectory: currentDirectory, executablePath: executablePath) else {
            throw NotFound()
        }
        let config = root.appendingPathComponent(BundledExample.configRelativePath).path
        let baseline = root.appendingPathComponent(BundledExample.baselineRelativePath).path
        if root.standardizedFileURL.path == cwd.standardizedFileURL.path {
            return DefaultAuditTarget(config: config, output: root.appendingPathComponent(BundledExample.reportsRelativePath).path,
                                      baseline: baseline, baselineWritable: true,
                                      note: "no typefit.yml here: auditing the bundled example \(BundledExample.configRelativePath)")
        }
        return DefaultAuditTarget(
            config: config, output: nil, baseline: baseline, baselineWritable: false,
            note: "no typefit.yml, typefit.yaml or typefit.json here: auditing the bundled example \(config) "
                + "(terminal report only; pass --output DIR for report files, or your typefit.yml)")
    }
}
