import AppUI
import Foundation
import SwiftUISource
import Testing
@testable import TypeFit

/// A storyboard's static cells that the controller's `tableView(_:cellForRowAt:)` replaces with
/// another cell are never on screen (docs/layout.md, "Static cells replaced in code"). The
/// fixture is written here: a static table of three sections, and a controller that switches on
/// `Section(rawValue: indexPath.section)` — `.account` dequeues a cell from another XIB, `.about`
/// returns `super`'s, and `default` (section 1, `.display`) calls a helper that dequeues.
@Suite("Static cells replaced in code")
struct StaticCellCodeTests {
    static func cell(_ n: Int, _ text: String) -> String {
        """
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" textLabel="St1-lb-00\(n)" style="IBUITableViewCellStyleDefault" id="St1-ce-00\(n)">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="St1-ce-00\(n)" id="St1-cv-00\(n)">
                                            <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <subviews>
                                                <label opaque="NO" contentMode="left" text="\(text)" lineBreakMode="tailTruncation" adjustsFontForContentSizeCategory="YES" id="St1-lb-00\(n)">
                                                    <rect key="frame" x="20" y="0.0" width="353" height="44"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                                </label>
                                            </subviews>
                                        </tableViewCellContentView>
                                    </tableViewCell>

        """
    }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="St1-tv-ctl">
            <scenes>
                <scene sceneID="St1-sc-001">
                    <objects>
                        <tableViewController title="Options" id="St1-tv-ctl" customClass="OptionsViewController" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="static" style="insetGrouped" rowHeight="-1" estimatedRowHeight="44" id="St1-tv-001">
                                <sections>
                                    <tableViewSection id="St1-sn-001">
                                        <cells>
        \(cell(1, "Add Account"))
                                        </cells>
                                    </tableViewSection>
                                    <tableViewSection id="St1-sn-002">
                                        <cells>
        \(cell(2, "Text Size"))
                                        </cells>
                                    </tableViewSection>
                                    <tableViewSection id="St1-sn-003">
                                        <cells>
        \(cell(3, "Acknowledgements"))
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    static let controller = """
        import UIKit

        final class OptionsViewController: UITableViewController {
            enum Section: Int {
                case account, display, about
            }

            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                switch Section(rawValue: indexPath.section) {
                case .account:
                    let cell = tableView.dequeueReusableCell(withIdentifier: "AccountCell", for: indexPath)
                    cell.textLabel?.text = NSLocalizedString("Add Account", comment: "")
                    return cell
                case .about:
                    return super.tableView(tableView, cellForRowAt: indexPath)
                default:
                    return makeSizeCell(tableView)
                }
            }

            func makeSizeCell(_ tableView: UITableView) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "SizeCell")!
            }
        }

        """

    func app(controller: String = Self.controller) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-static-cells-\(UUID().uuidString)")
        let files = ["App/Base.lproj/Options.storyboard": Self.storyboard, "App/OptionsViewController.swift": controller]
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    func plan(_ dir: URL) throws -> AuditPlan {
        let path = dir.appendingPathComponent("typefit.yml").path
        try Data("ui:\n  project: none\n".utf8).write(to: URL(fileURLWithPath: path))
        return try AuditPlan.load(path: path)
    }

    @Test func theControllerReadsAsTheSectionsItReplaces() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let codes = StaticCellCode.read(classNames: ["OptionsViewController"],
                                        files: [dir.appendingPathComponent("App/OptionsViewController.swift")], root: dir)
        let code = try #require(codes["OptionsViewController"])
        // .account = 0 and .about = 2 by Swift's implicit raw values; default covers 1.
        #expect(code.named == [0, 2] && code.replaced == [0] && code.othersReplaced)
        #expect((0..<3).map { code.replaces(section: $0, row: 0) } == [true, true, false])
        // The override's name, line 8 column 19 of the file above.
        #expect(code.position == UISourcePosition(file: "App/OptionsViewController.swift", line: 8, column: 19))
    }

    @Test func replacedStaticCellsAreReadButNotLaidOut() throws {
        let dir = try app()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try plan(dir)
        func status(_ id: String) -> UIPlan.Status? { plan.ui.accounts.first { $0.element.local == id }?.status }
        #expect(status("St1-lb-003") == .laidOut)
        for id in ["St1-lb-001", "St1-lb-002"] {
            guard case .notLaidOut(let reason) = status(id) else { Issue.record("\(id): \(String(describing: status(id)))"); continue }
            #expect(reason.hasPrefix("not shown: OptionsViewController.tableView(_:cellForRowAt:) (App/OptionsViewController.swift:8:19)"))
        }
    }

    /// `if indexPath.row == 1 { dequeue } else { super }`: the second cell of every section is replaced.
    @Test func aRowTestReplacesThatRow() throws {
        let byRow = """
            import UIKit

            final class OptionsViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    if indexPath.row == 1 {
                        return tableView.dequeueReusableCell(withIdentifier: "FolderCell", for: indexPath)
                    } else {
                        return super.tableView(tableView, cellForRowAt: indexPath)
                    }
                }
            }

            """
        let dir = try app(controller: byRow)
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = try #require(StaticCellCode.read(classNames: ["OptionsViewController"],
                                                    files: [dir.appendingPathComponent("App/OptionsViewController.swift")],
                                                    root: dir)["OptionsViewController"])
        #expect([(0, 0), (0, 1), (2, 1), (2, 2)].map { code.replaces(section: $0.0, row: $0.1) } == [false, true, true, false])
        // The fixture's sections have one cell each (row 0): all three are shown.
        let plan = try plan(dir)
        #expect(plan.ui.accounts.filter { $0.element.local.hasPrefix("St1-lb") }.allSatisfy { $0.status == .laidOut })
    }

    @Test func anOverrideThatOnlyAsksSuperKeepsThem() throws {
        let keeps = """
            import UIKit

            final class OptionsViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = super.tableView(tableView, cellForRowAt: indexPath)
                    cell.textLabel?.textColor = .label
                    return cell
                }
            }

            """
        let dir = try app(controller: keeps)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try plan(dir)
        #expect(plan.ui.accounts.filter { $0.element.local.hasPrefix("St1-lb") }.allSatisfy { $0.status == .laidOut })
        #expect(plan.ui.accounts.count { $0.element.local.hasPrefix("St1-lb") } == 3)
    }
}
