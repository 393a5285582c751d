import Foundation
import TypeFitSupport

/// The example app bundled with TypeFit (Examples/Wayfell, a hiking app made up for it, with
/// strings written for it): what `typefit audit` audits when given no config, into the package's
/// Reports/ folder, against its committed baseline.
public enum BundledExample {
    /// The example's config, relative to the package root.
    public static let configRelativePath = "Examples/Wayfell/typefit.yml"
    /// Its baseline, relative to the package root.
    public static let baselineRelativePath = "Examples/Wayfell/typefit-baseline.json"
    /// Where its reports go, relative to the package root.
    public static let reportsRelativePath = "Reports"

    /// Whether `folder` is TypeFit's own checkout: its Package.swift declares the package
    /// `TypeFit` (read with a 1 MB bound) and it holds the example's config. An app repository
    /// that happens to hold an `Examples/Wayfell/typefit.yml` is not it.
    public static func isCheckout(_ folder: URL) -> Bool {
        let fm = FileManager.default
        guard fm.fileExists(atPath: folder.appendingPathComponent(configRelativePath).path),
              let data = try? BoundedRead.data(atPath: folder.appendingPathComponent("Package.swift").path, limit: 1 << 20),
              let text = String(data: data, encoding: .utf8) else { return false }
        return text.contains("name: \"TypeFit\"")
    }

    /// The package root: the current folder when it is the checkout (`isCheckout`), else the
    /// checkout above the executable (…/.build/debug/typefit, symbolic links resolved).
    public static func packageRoot(currentDirectory: String = FileManager.default.currentDirectoryPath,
                                   executablePath: String? = TypeFitSupport.executablePath()) -> URL? {
        let cwd = URL(fileURLWithPath: currentDirectory)
        if isCheckout(cwd) { return cwd }
        guard let executablePath else { return nil }
        var url = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if isCheckout(url) { return url }
            url.deleteLastPathComponent()
        }
        return nil
    }
}

/// What `typefit audit` audits, where its reports go and which baseline it reads and writes, when
/// the command line does not say (`--output`, `--baseline` always win).
///
/// - `typefit audit CONFIG`: the reports in `Reports` and the baseline `typefit-baseline.json` in
///   CONFIG's folder — what `typefit audit` run in that folder does. The baseline is compared with
///   when the file exists, and the first `--update-baseline` creates it.
/// - `typefit audit` with no CONFIG: the current folder's `typefit.yml` (or `typefit.yaml`,
///   `typefit.json`), as above.
/// - When there is none: in TypeFit's own checkout (`BundledExample.isCheckout`), the bundled
///   example into its `Reports/` (the committed reports); anywhere else an error (`NoConfig`),
///   so that an app's CI never passes by auditing the wrong app.
/// - `--bundled-example` (`bundledExample`): the bundled example of the checkout holding the
///   executable, from any folder; from outside the checkout nothing is written into it — the
///   report goes to the terminal, and `--update-baseline` needs an explicit `--baseline`.
public struct DefaultAuditTarget: Sendable, Equatable {
    /// Config names looked for in the current folder, in this order.
    public static let configNames = ["typefit.yml", "typefit.yaml", "typefit.json"]
    /// The baseline beside a config.
    public static let baselineName = "typefit-baseline.json"
    /// The reports folder beside a config.
    public static let reportsName = "Reports"

    public var config: String
    /// Folder for report files, or nil for the terminal only.
    public var output: String?
    /// The default baseline: compared with when it exists, written by `--update-baseline` when
    /// `baselineWritable`.
    public var baseline: String
    /// Whether `baseline` exists (when the target was resolved).
    public var baselineExists: Bool
    /// Whether `--update-baseline` may write `baseline` without being told the file.
    public var baselineWritable: Bool
    /// What was chosen, for stderr (nil when the config was given or found in the current folder).
    public var note: String?
    /// The repository whose files the run reads and writes without being told: the config's folder
    /// (nil), or the checkout holding the bundled example, whose Reports/ lie beside its config's folder.
    public var repository: String? = nil

    public struct Ambiguous: Error, CustomStringConvertible, Sendable {
        public var names: [String]
        public var description: String {
            "no CONFIG given and \(names.joined(separator: " and ")) are both here; pass the one to audit"
        }
    }

    /// No config in the current folder, which is not TypeFit's checkout.
    public struct NoConfig: Error, CustomStringConvertible, Sendable {
        public var description: String { "no typefit.yml here; `typefit init` writes one" }
    }

    public struct NotFound: Error, CustomStringConvertible, Sendable {
        public var description: String {
            "--bundled-example: the bundled example (\(BundledExample.configRelativePath)) was not found beside the executable; pass a typefit.yml"
        }
    }

    /// The baseline a run compares with or writes: `given` (`--baseline`) when there is one; else,
    /// when `updating`, `baseline` if it may be written (nil: the caller says what to pass); else
    /// `baseline` when it exists.
    public func baseline(given: String?, updating: Bool) -> String? {
        if let given { return given }
        if updating { return baselineWritable ? baseline : nil }
        return baselineExists ? baseline : nil
    }

    /// The target of `typefit audit config`: its folder's `Reports` and `typefit-baseline.json`,
    /// written as paths beside `config` as given (relative paths stay relative to `currentDirectory`).
    public static func beside(config: String,
                              currentDirectory: String = FileManager.default.currentDirectoryPath) -> DefaultAuditTarget {
        let folder = (config as NSString).deletingLastPathComponent
        func inFolder(_ name: String) -> String { folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name) }
        let baseline = inFolder(baselineName)
        let absolute = baseline.hasPrefix("/") ? baseline : (currentDirectory as NSString).appendingPathComponent(baseline)
        return DefaultAuditTarget(config: config, output: inFolder(reportsName), baseline: baseline,
                                  baselineExists: FileManager.default.fileExists(atPath: absolute), baselineWritable: true,
                                  note: nil)
    }

    /// The target of `typefit audit` with no CONFIG in `currentDirectory` (`bundledExample`:
    /// `--bundled-example`, the bundled example whatever the folder holds).
    public static func resolve(currentDirectory: String = FileManager.default.currentDirectoryPath,
                               executablePath: String? = TypeFitSupport.executablePath(),
                               bundledExample: Bool = false) throws -> DefaultAuditTarget {
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: currentDirectory)
        if !bundledExample {
            let found = configNames.filter { fm.fileExists(atPath: cwd.appendingPathComponent($0).path) }
            if found.count > 1 { throw Ambiguous(names: found) }
            if let name = found.first { return beside(config: name, currentDirectory: currentDirectory) }
            guard BundledExample.isCheckout(cwd) else { throw NoConfig() }
        }
        guard let root = BundledExample.packageRoot(currentDirectory: currentDirectory, executablePath: executablePath) else {
            throw NotFound()
        }
        let config = root.appendingPathComponent(BundledExample.configRelativePath).path
        let baseline = root.appendingPathComponent(BundledExample.baselineRelativePath).path
        let exists = fm.fileExists(atPath: baseline)
        if root.standardizedFileURL.path == cwd.standardizedFileURL.path {
            return DefaultAuditTarget(config: config, output: root.appendingPathComponent(BundledExample.reportsRelativePath).path,
                                      baseline: baseline, baselineExists: exists, baselineWritable: true,
                                      note: bundledExample ? "auditing the bundled example \(BundledExample.configRelativePath)"
                                          : "no typefit.yml here: auditing the bundled example \(BundledExample.configRelativePath)",
                                      repository: root.path)
        }
        return DefaultAuditTarget(
            config: config, output: nil, baseline: baseline, baselineExists: exists, baselineWritable: false,
            note: "auditing the bundled example \(config) "
                + "(terminal report only; pass --output DIR for report files)")
    }
}
