import AppUI
import Audit
import Foundation
import Reports
import Testing
@testable import TypeFit

/// Interface Builder outlets followed to their owner's Swift code (docs/ui-sources.md, "Outlets set
/// in code"). An app written here into a temporary folder: Profile.xib, whose File's Owner is
/// `ProfileViewController`, four elements connected to its outlets, each showing Interface
/// Builder's placeholder; ProfileViewController.swift sets them: a localized key (and a font, and
/// `adjustsFontForContentSizeCategory`), a constant over `NSLocalizedString` upper-cased through
/// `setTitle(_:for: .normal)`, a model value, and one of two keys chosen in an `if`.
@Suite("Outlets set in code")
struct OutletCodeTests {
    static let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="ProfileViewController" customModule="App">
                <connections>
                    <outlet property="view" destination="pro-00-001" id="out-00-001"/>
                    <outlet property="greetingLabel" destination="lbl-05-001" id="out-00-002"/>
                    <outlet property="nameLabel" destination="lbl-05-002" id="out-00-003"/>
                    <outlet property="statusLabel" destination="lbl-05-003" id="out-00-004"/>
                    <outlet property="saveButton" destination="btn-05-001" id="out-00-005"/>
                </connections>
            </placeholder>
            <view contentMode="scaleToFill" id="pro-00-001">
                <rect key="frame" x="0.0" y="0.0" width="390" height="300"/>
                <subviews>
                    <label text="Label" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-05-001">
                        <constraints>
                            <constraint firstAttribute="width" constant="300" id="con-05-001"/>
                        </constraints>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    <label text="Label" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-05-002">
                        <constraints>
                            <constraint firstAttribute="width" constant="300" id="con-05-002"/>
                        </constraints>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </label>
                    <label text="Label" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-05-003">
                        <constraints>
                            <constraint firstAttribute="width" constant="300" id="con-05-003"/>
                        </constraints>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </label>
                    <button contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-05-001">
                        <constraints>
                            <constraint firstAttribute="width" constant="300" id="con-05-004"/>
                        </constraints>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                        <state key="normal" title="Button"/>
                    </button>
                </subviews>
            </view>
        </objects>
    </document>

    """

    static let swift = """
    import UIKit

    enum Strings {
        static let save = NSLocalizedString("profile.save", comment: "The save button")
    }

    final class ProfileViewController: UIViewController {
        @IBOutlet private weak var greetingLabel: UILabel!
        @IBOutlet private weak var nameLabel: UILabel!
        @IBOutlet private weak var statusLabel: UILabel!
        @IBOutlet private weak var saveButton: UIButton!
        var user: User?

        override func viewDidLoad() {
            super.viewDidLoad()
            greetingLabel.text = NSLocalizedString("profile.greeting", comment: "")
            greetingLabel.font = UIFont.preferredFont(forTextStyle: .headline)
            greetingLabel.adjustsFontForContentSizeCategory = true
            saveButton.setTitle(Strings.save.localizedUppercase, for: .normal)
        }
    }

    extension ProfileViewController {
        func configure(online: Bool) {
            nameLabel.text = user?.name
            if online {
                statusLabel.text = NSLocalizedString("profile.online", comment: "")
            } else {
                statusLabel.text = NSLocalizedString("profile.offline", comment: "")
            }
        }
    }

    """

    static let english = """
    "profile.greeting" = "Welcome back";
    "profile.save" = "Save";
    "profile.online" = "Online";
    "profile.offline" = "Offline";

    """

    static func german(greeting: String) -> String {
        "\"profile.greeting\" = \"\(greeting)\";\n\"profile.save\" = \"Sichern\";\n"
    }

    func app() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-outlets-\(UUID().uuidString)")
        let fm = FileManager.default
        for folder in ["App/en.lproj", "App/de.lproj"] {
            try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Self.xib.write(to: dir.appendingPathComponent("App/Profile.xib"), atomically: true, encoding: .utf8)
        try Self.swift.write(to: dir.appendingPathComponent("App/ProfileViewController.swift"), atomically: true, encoding: .utf8)
        try Self.english.write(to: dir.appendingPathComponent("App/en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try Self.german(greeting: "Willkommen").write(to: dir.appendingPathComponent("App/de.lproj/Localizable.strings"),
                                                      atomically: true, encoding: .utf8)
        return dir
    }

    /// The 1-based line and column of `fragment` in the Swift source above.
    func position(_ fragment: String) throws -> UISourcePosition {
        let lines = Self.swift.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(fragment) })
        let column = lines[index].distance(from: lines[index].startIndex, to: lines[index].range(of: fragment)!.lowerBound) + 1
        return UISourcePosition(file: "App/ProfileViewController.swift", line: index + 1, column: column)
    }

    @Test func theOwnersCodeGivesTextFontAndScaling() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try AppInit.run(directory: dir.path, force: false)
        let plan = try AuditPlan.load(path: outcome.configPath)
        let ui = plan.ui
        let accounts = Dictionary(uniqueKeysWithValues: ui.accounts.map { ($0.element.local, $0) })
        // The greeting and the save button: laid out with the code's text, at the code's line.
        #expect(accounts["lbl-05-001"]?.status == .laidOut)
        #expect(accounts["lbl-05-001"]?.textFromCode == (try position("greetingLabel.text")))
        #expect(accounts["btn-05-001"]?.textFromCode == (try position("saveButton.setTitle")))
        // A model value: run-time data, naming the line that sets it.
        #expect(accounts["lbl-05-002"]?.status
            == .runtimeData(reason: "set in code (\(try position("nameLabel.text"))): `user?.name`, computed at run time"))
        // Two keys in two branches: chosen at run time.
        #expect(accounts["lbl-05-003"]?.status
            == .runtimeData(reason: "one of 2 texts the code (\(try position("statusLabel.text"))) chooses at run time"))
        #expect(outcome.summary.contains("Elements: 4 found = 2 laid out + 2 run-time data + 0 unresolved + 0 not laid out"))
        #expect(outcome.summary.contains("  laid out with the text their owner's code sets on the outlet: 2"))

        let labels = Dictionary(uniqueKeysWithValues: plan.screens.flatMap { $0.rows.flatMap(\.labels) }.map { ($0.name, $0) })
        let de = try #require(plan.locales.firstIndex(of: "de"))
        let en = try #require(plan.locales.firstIndex(of: "en"))
        let greeting = try #require(labels["lbl-05-001"])
        #expect(greeting.texts[en].first?.text == "Welcome back")
        #expect(greeting.texts[de].first?.text == "Willkommen")
        #expect(labels["btn-05-001"]?.texts[de].first?.text == "Sichern")
        // `.localizedUppercase`: laid out upper-cased ("SICHERN"), the greeting as written.
        #expect(plan.style(try #require(labels["btn-05-001"]).style).letterCase == .upper)
        #expect(plan.style(greeting.style).letterCase == .regular)
        // `.font = UIFont.preferredFont(forTextStyle: .headline)` replaces the file's fixed 17 pt:
        // the headline style; `adjustsFontForContentSizeCategory = true` makes it scale.
        let style = plan.style(greeting.style)
        #expect(style.textStyle == .headline)
        #expect(style.modelName == "apple")
        let observation = try #require(ui.observations.first { $0.element == "lbl-05-001" })
        #expect(observation.adjustsForContentSizeCategory)
    }

    /// A longer German greeting (90 "W"s: wider than 300 pt at any size) makes exactly the
    /// greeting's groups new against a baseline of the first run.
    @Test func aLongerTranslationMakesOnlyItsGroupNew() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try AppInit.run(directory: dir.path, force: false).configPath
        func audit(baseline: String? = nil) throws -> AuditRun {
            var options = AuditOptions(configDisplayPath: "typefit.yml", baselinePath: baseline)
            options.threads = 1
            return try AuditPipeline(plan: try AuditPlan.load(path: config), options: options).run()
        }
        let first = try audit()
        let baseline = dir.appendingPathComponent("typefit-baseline.json").path
        try Baseline(groups: first.document.groups, toolVersion: "test").write(to: baseline)
        #expect(try audit(baseline: baseline).document.groups.allSatisfy { $0.status == .baselined })

        let long = "Willkommen zurück " + String(repeating: "W", count: 90)
        try Self.german(greeting: long).write(to: dir.appendingPathComponent("App/de.lproj/Localizable.strings"),
                                              atomically: true, encoding: .utf8)
        let second = try audit(baseline: baseline)
        let new = second.document.groups.filter { $0.status != .baselined }
        #expect(!new.isEmpty)
        #expect(new.allSatisfy { $0.key.label == "lbl-05-001" && $0.checkId.hasPrefix("text.") }, "\(new.map(\.key))")
        #expect(second.document.fixed.isEmpty)
    }
}
