import Foundation
import TestSupport
import Testing
@testable import TypeFit

/// What `typefit audit` with no CONFIG audits.
@Suite struct DefaultAuditTargetTests {
    let root = Repository.root.standardizedFileURL

    @Test func theCurrentFoldersConfigWins() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("fonts: {}\n".utf8).write(to: folder.appendingPathComponent("typefit.json"))
        var target = try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: nil)
        #expect(target == DefaultAuditTarget(config: "typefit.json", output: "Reports", baseline: "typefit-baseline.json",
                                             baselineExists: false, baselineWritable: true, note: nil))
        // No baseline file yet: nothing to compare with, and --update-baseline creates ./typefit-baseline.json.
        #expect(target.baseline(given: nil, updating: false) == nil)
        #expect(target.baseline(given: nil, updating: true) == "typefit-baseline.json")
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("typefit-baseline.json"))
        target = try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: nil)
        #expect(target.baseline(given: nil, updating: false) == "typefit-baseline.json")
        #expect(target.baseline(given: "other.json", updating: false) == "other.json")
    }

    /// `typefit audit DIR/typefit.yml` uses DIR's Reports and baseline, as `typefit audit` run in DIR
    /// (the paths written beside the config as given).
    @Test func aConfigGivenUsesItsOwnFolder() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("fonts: {}\n".utf8).write(to: app.appendingPathComponent("typefit.yml"))
        let fromAbove = DefaultAuditTarget.beside(config: "app/typefit.yml", currentDirectory: folder.path)
        #expect(fromAbove == DefaultAuditTarget(config: "app/typefit.yml", output: "app/Reports", baseline: "app/typefit-baseline.json",
                                                baselineExists: false, baselineWritable: true, note: nil))
        let inside = try DefaultAuditTarget.resolve(currentDirectory: app.path, executablePath: nil)
        #expect(inside == DefaultAuditTarget(config: "typefit.yml", output: "Reports", baseline: "typefit-baseline.json",
                                             baselineExists: false, baselineWritable: true, note: nil))
        try Data("{}\n".utf8).write(to: app.appendingPathComponent("typefit-baseline.json"))
        #expect(DefaultAuditTarget.beside(config: "app/typefit.yml", currentDirectory: folder.path).baselineExists)
        let absolute = DefaultAuditTarget.beside(config: app.appendingPathComponent("typefit.yml").path, currentDirectory: "/")
        #expect(absolute.output == app.appendingPathComponent("Reports").path && absolute.baselineExists)
    }

    @Test func theBundledExampleFromTheCheckoutWritesItsReports() throws {
        let target = try DefaultAuditTarget.resolve(currentDirectory: root.path, executablePath: nil)
        #expect(target.config == root.appendingPathComponent("Examples/Wayfell/typefit.yml").path)
        #expect(target.output == root.appendingPathComponent("Reports").path)
        #expect(target.baseline == root.appendingPathComponent("Examples/Wayfell/typefit-baseline.json").path)
        #expect(target.baselineWritable)
    }

    /// Outside the checkout a folder without a config is an error (an app's CI must not pass by
    /// auditing the example); `--bundled-example` audits it there, writing nothing into the checkout.
    @Test func theBundledExampleFromElsewhereOnlyWhenAskedAndWritesNothing() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = root.appendingPathComponent(".build/debug/typefit").path
        #expect(throws: DefaultAuditTarget.NoConfig.self) {
            try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: executable)
        }
        #expect(String(describing: DefaultAuditTarget.NoConfig()) == "no typefit.yml here; `typefit init` writes one")
        let target = try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: executable, bundledExample: true)
        #expect(target.config == root.appendingPathComponent("Examples/Wayfell/typefit.yml").path)
        #expect(target.output == nil && !target.baselineWritable)
        #expect(throws: DefaultAuditTarget.NotFound.self) {
            try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: "/nonexistent/bin/typefit", bundledExample: true)
        }
    }

    /// A folder holding an Examples/Wayfell/typefit.yml is not TypeFit's checkout unless its
    /// Package.swift declares the package TypeFit.
    @Test func onlyTypeFitsOwnCheckoutAuditsTheExampleByDefault() throws {
        let folder = try ConfigFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Examples/Wayfell"), withIntermediateDirectories: true)
        try Data("version: 1\n".utf8).write(to: folder.appendingPathComponent("Examples/Wayfell/typefit.yml"))
        #expect(!BundledExample.isCheckout(folder))
        try Data("// swift-tools-version: 6.0\nlet package = Package(\n    name: \"GardenApp\"\n)\n".utf8)
            .write(to: folder.appendingPathComponent("Package.swift"))
        #expect(!BundledExample.isCheckout(folder))
        #expect(throws: DefaultAuditTarget.NoConfig.self) {
            try DefaultAuditTarget.resolve(currentDirectory: folder.path, executablePath: nil)
        }
        #expect(BundledExample.isCheckout(root))
    }
}
