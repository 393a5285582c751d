import AppUI
import Foundation
@testable import InterfaceBuilder
import Testing

/// Interface Builder's design-time values that are not run-time values (docs/layout.md,
/// "Design-time values"): what a finding resting on them is told. Every fixture is written here.
@Suite struct DesignTimeValueTests {
    static func elements(_ xml: String, path: String) -> [String: UIElement] {
        let (screens, _, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: path)
        return HostileInterfaceBuilderTests.elements(screens)
    }

    /// A label an outlet connects to (`<outlet property="nameLabel" destination="lbl-name"/>`) is
    /// one its owner's code may set; a label without an outlet is only what the file says.
    @Test func outletsAreNamed() {
        let xml = HostileInterfaceBuilderTests.storyboard(
            HostileInterfaceBuilderTests.label("lbl-name", "Placeholder name") + "\n"
                + HostileInterfaceBuilderTests.label("lbl-static", "Units")
        ).replacingOccurrences(of: "</viewController>", with:
            "<connections><outlet property=\"nameLabel\" destination=\"lbl-name\" id=\"out-1\"/></connections></viewController>")
        let found = Self.elements(xml, path: "Outlets.storyboard")
        #expect(found["lbl-name"]?.outlet == "nameLabel")
        #expect(found["lbl-static"] != nil && found["lbl-static"]?.outlet == nil)
    }

    /// A label in a collection view cell: the collection view's layout (its `itemSize`, or the
    /// delegate's `collectionView(_:layout:sizeForItemAt:)`) sizes the cell at run time
    /// (UICollectionViewFlowLayout), so the 100 pt the canvas drew is an estimate.
    @Test func collectionViewCellWidthIsEstimated() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <objects>
                <collectionViewCell reuseIdentifier="Chip" id="cell-1">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                    <view key="contentView" id="content-1">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <subviews>
                            <label text="Chip" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-chip">
                                <rect key="frame" x="8" y="10" width="84" height="20"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="lbl-chip" firstAttribute="leading" secondItem="content-1" secondAttribute="leading" constant="8" id="c-1"/>
                            <constraint firstAttribute="trailing" secondItem="lbl-chip" secondAttribute="trailing" constant="8" id="c-2"/>
                        </constraints>
                    </view>
                </collectionViewCell>
            </objects>
        </document>
        """
        let chip = Self.elements(xml, path: "Chip.xib")["lbl-chip"]
        #expect(chip?.widthSource.estimateReason?.hasPrefix("a collection view cell") == true)
    }

    /// A label whose trailing edge is a sibling's leading edge: re-solved on every device when the
    /// sibling has a fixed width (44 pt) and is pinned to the superview's trailing side (16 pt):
    /// by hand, the label's trailing inset is 16 + 44 + 8 = 68 pt on every width, no estimate. The
    /// same sibling without its width constraint ends where the canvas drew it: an estimate.
    @Test func siblingEdgesAreReSolvedOrEstimated() {
        func xml(siblingWidth: Bool) -> String {
            let button = """
            <button translatesAutoresizingMaskIntoConstraints="NO" id="btn-1">
                <rect key="frame" x="330" y="0.0" width="44" height="44"/>
                \(siblingWidth ? "<constraints><constraint firstAttribute=\"width\" constant=\"44\" id=\"w-btn\"/></constraints>" : "")
                <state key="normal" image="gear"/>
            </button>
            """
            let label = """
            <label text="Station name" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-1">
                <rect key="frame" x="16" y="0.0" width="306" height="20"/>
                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
            </label>
            """
            return HostileInterfaceBuilderTests.storyboard(label + "\n" + button, rootConstraints: """
                <constraint firstItem="lbl-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" constant="16" id="c-1"/>
                <constraint firstItem="btn-1" firstAttribute="leading" secondItem="lbl-1" secondAttribute="trailing" constant="8" id="c-2"/>
                <constraint firstAttribute="trailing" secondItem="btn-1" secondAttribute="trailing" constant="16" id="c-3"/>
                """)
        }
        let pinned = Self.elements(xml(siblingWidth: true), path: "Pinned.storyboard")["lbl-1"]
        #expect(pinned?.width == .inset(leading: 16, trailing: 68))
        #expect(pinned?.widthSource == .constraint)
        let drawn = Self.elements(xml(siblingWidth: false), path: "Drawn.storyboard")["lbl-1"]
        #expect(drawn?.widthSource.estimateReason?.contains("sibling") == true)
    }
}
