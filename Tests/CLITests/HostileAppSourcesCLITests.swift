import Foundation
import TestSupport
import Testing

/// `typefit init` then `typefit audit` on app folders whose storyboards and Swift files are built to
/// break the readers (generated here, no Xcode project: the files are found by walking the folder).
/// Each run ends in exit 0 or 1 (the audit's verdict), a bad file named in one warning at its line,
/// the rest of the app audited.
@Suite(.serialized) struct HostileAppSourcesCLITests {
    func app(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-app-\(UUID().uuidString)")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    /// init, then audit in the folder: both exit 0 or 1, nothing crashed; returns both runs' stdout + stderr.
    func initAndAudit(_ dir: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let made = try CLIRunner.run(["init", dir.path])
        #expect(made.status == 0, "init: \(made.status) \(made.stderr)", sourceLocation: sourceLocation)
        let audit = try CLIRunner.run(["audit"], directory: dir)
        #expect(audit.status == 0 || audit.status == 1, "audit: \(audit.status) \(audit.stderr)", sourceLocation: sourceLocation)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Reports/report.json").path),
                sourceLocation: sourceLocation)
        return made.stdout + made.stderr + audit.stdout + audit.stderr
    }

    /// A storyboard scene: a horizontal stack view of two labels sized by their text (the pattern
    /// that overflowed the stack of the width solver), a label whose font size is `nan`, and a
    /// label pinned to both sides that is audited. The `nan` label is pinned too, so only its font
    /// keeps it from being laid out.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <scenes>
                <scene sceneID="sc1">
                    <objects>
                        <viewController title="Profile" id="vc1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                                <subviews>
                                    <stackView opaque="NO" spacing="6" translatesAutoresizingMaskIntoConstraints="NO" id="row">
                                        <rect key="frame" x="16" y="80" width="358" height="21"/>
                                        <subviews>
                                            <label text="Display name" translatesAutoresizingMaskIntoConstraints="NO" id="name">
                                                <rect key="frame" x="0.0" y="0.0" width="120" height="21"/>
                                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                            </label>
                                            <label text="Edit" translatesAutoresizingMaskIntoConstraints="NO" id="edit">
                                                <rect key="frame" x="126" y="0.0" width="40" height="21"/>
                                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                            </label>
                                        </subviews>
                                    </stackView>
                                    <label text="Broken size" translatesAutoresizingMaskIntoConstraints="NO" id="nan">
                                        <rect key="frame" x="16" y="120" width="358" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="nan"/>
                                    </label>
                                    <label text="A description long enough to wrap onto a second line at the larger text sizes" numberOfLines="0" adjustsFontForContentSizeCategory="YES" translatesAutoresizingMaskIntoConstraints="NO" id="about">
                                        <rect key="frame" x="16" y="160" width="358" height="42"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                    </label>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="row" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="k1"/>
                                    <constraint firstAttribute="trailing" secondItem="row" secondAttribute="trailing" constant="16" id="k2"/>
                                    <constraint firstItem="about" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="k3"/>
                                    <constraint firstAttribute="trailing" secondItem="about" secondAttribute="trailing" constant="16" id="k4"/>
                                    <constraint firstItem="nan" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="k5"/>
                                    <constraint firstAttribute="trailing" secondItem="nan" secondAttribute="trailing" constant="16" id="k6"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func stackOfContentSizedViewsAndANaNFontSize() throws {
        let dir = try app(["App/Base.lproj/Profile.storyboard": Self.storyboard])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try initAndAudit(dir)
        // The `nan` font's line, counted in the text above.
        let line = try #require(Self.storyboard.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("pointSize=\"nan\"") }.map { $0 + 1 })
        #expect(output.contains("App/Base.lproj/Profile.storyboard:\(line):"), "\(output)")
        #expect(output.contains("pointSize \"nan\" is not a font size"))
        #expect(output.contains("Elements: 4 found = 1 laid out + 0 run-time data + 0 unresolved + 3 not laid out"), "\(output)")
        // The pinned label is laid out and audited: report.json names it.
        let report = try String(contentsOf: dir.appendingPathComponent("Reports/report.json"), encoding: .utf8)
        #expect(report.contains("Profile.storyboard"))
    }

    /// A Swift view file of 100,000 chained modifiers (0.8 MB, under the 2 MB limit) beside a view
    /// that is read: the first is named in one warning and skipped, the second audited.
    @Test func chainedModifiersBesideAGoodView() throws {
        let chained = "import SwiftUI\nstruct Chained: View {\n    var body: some View {\n        Text(\"Chained\")"
            + String(repeating: "\n.bold()", count: 100_000) + "\n    }\n}\n"
        let good = """
            import SwiftUI
            struct Greeting: View {
                var body: some View {
                    Text("Welcome back to the app, we kept your place in the list").font(.body)
                }
            }
            """
        let dir = try app(["App/Chained.swift": chained, "App/Greeting.swift": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try initAndAudit(dir)
        #expect(output.contains("App/Chained.swift:4:"), "\(output)")
        #expect(output.contains("nested deeper than 2000 syntax levels"))
    }

    /// A XIB of 5,001 labels, one per line from line 4: the audit plans the first 5,000 text
    /// elements of the app and names the 5,001st (line 4 + 5,000) in one warning.
    @Test func moreTextElementsThanTheAppLimit() throws {
        let labels = (0..<5_001).map { "<label text=\"Row \($0)\" id=\"r\($0)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"100\" height=\"20\"/></label>" }
        let xib = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n"
            + "<objects><view id=\"top\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"390\" height=\"844\"/><subviews>\n"
            + labels.joined(separator: "\n") + "\n</subviews></view></objects>\n</document>\n"
        let dir = try app(["App/Rows.xib": xib])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try initAndAudit(dir)
        #expect(output.contains("App/Rows.xib:5004:1: more than 5000 text elements in the app's storyboards, XIBs and SwiftUI views"), "\(output.prefix(3000))")
    }
}
