import AppUI
import DynamicType
import Foundation
import InterfaceBuilder
import Layout
import Testing

/// The fixtures shared by the UI readers' tests (Tests/Fixtures/AppUI, written here; each folder's
/// NOTICE.md says what it holds).
enum AppUIFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AppUI")
    static let localized = root.appendingPathComponent("Localized")
    static let tidemark = root.appendingPathComponent("Tidemark")
    static let controls = root.appendingPathComponent("Controls")
}

/// An independent count of an Interface Builder file's text elements, by regular expressions over
/// its text (not the XML parser the reader uses): `<label`, `<textField`, `<textView` start tags;
/// in each `<button>…</button>` block, a `<buttonConfiguration … title=…>` (and its `subtitle=…`)
/// (none when the configuration has an image and no title), or else each
/// `<state key="normal|highlighted|selected|disabled" title=…>` and each state holding
/// an attributed title; `<segment title=…>` with a title; navigation items with a title; bar button
/// items and tab bar items with a title or a system item that shows a word. A count of the same
/// kinds with XPath instead (`xmllint --xpath 'count(//label|//textField|//textView)
/// + count(//button[not(buttonConfiguration)]/state[(@key="normal" or @key="highlighted" or
/// @key="selected" or @key="disabled") and (string-length(@title)>0 or attributedString)])
/// + count(//button/buttonConfiguration[string-length(@title)>0])
/// + count(//button/buttonConfiguration[string-length(@title)>0 and string-length(@subtitle)>0])
/// + count(//segment[string-length(@title)>0]) + count(//navigationItem[string-length(@title)>0])
/// + count((//barButtonItem|//tabBarItem)[string-length(@title)>0 or @systemItem="done" or
/// @systemItem="cancel" or @systemItem="edit" or @systemItem="save" or @systemItem="undo" or
/// @systemItem="redo"])'`) gives: Localized Main 13; Controls 10; Tidemark Main 19, AddStation 14,
/// Preferences 12, PreferenceSwitchCell 2, StationDetail 5, DebugMenu 2, ShareSheet 2.
func independentCount(_ text: String) -> Int {
    func count(_ pattern: String, in text: String, options: NSRegularExpression.Options = []) -> [NSTextCheckingResult] {
        let regex = try! NSRegularExpression(pattern: pattern, options: options)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
    }
    let ns = text as NSString
    let buttons = count("<button\\s.*?</button>", in: text, options: .dotMatchesLineSeparators).reduce(0) { sum, match in
        let block = ns.substring(with: match.range)
        if let configuration = count("<buttonConfiguration [^>]*>", in: block).first.map({ (block as NSString).substring(with: $0.range) }) {
            if configuration.range(of: " title=\"[^\"]+\"", options: .regularExpression) != nil {
                return sum + 1 + (configuration.range(of: " subtitle=\"[^\"]+\"", options: .regularExpression) == nil ? 0 : 1)
            }
            // A configuration with an image and no title: an image button.
            if block.contains("<imageReference key=\"image\"") { return sum }
        }
        return sum + count("<state key=\"(normal|highlighted|selected|disabled)\" title=\"[^\"]+\"", in: block).count
            + count("<state key=\"[a-z]+\">\\s*<attributedString key=\"attributedTitle\">", in: block).count
    }
    return count("<label\\s", in: text).count + count("<textField\\s", in: text).count + count("<textView\\s", in: text).count
        + buttons + count("<segment title=\"[^\"]+\"", in: text).count + count("<navigationItem [^>]*title=\"[^\"]+\"", in: text).count
        // Bar items with a title, or a system item that shows a word (UIBarButtonItem.SystemItem).
        + count("<(barButtonItem|tabBarItem)\\s[^>]*(title=\"[^\"]+\"|systemItem=\"(done|cancel|edit|save|undo|redo)\")", in: text).count
}

/// The 1-based line of the first line containing `needle` (an independent way to find an element's line).
func line(of needle: String, in text: String) -> Int? {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
}

@Suite("Interface Builder reader")
struct InterfaceBuilderReaderTests {
    func read(_ root: URL, _ path: String) throws -> ([UIScreenSource], [UIReadWarning], InterfaceBuilderReader.FileOutcome) {
        InterfaceBuilderReader.read(path: path, root: root)
    }

    /// Every text element of every iOS file is read: the reader's count equals the independent scan's.
    @Test(arguments: [
        (AppUIFixtures.localized, "Base.lproj/Main.storyboard"),
        (AppUIFixtures.tidemark, "iOS/Base.lproj/Main.storyboard"),
        (AppUIFixtures.tidemark, "iOS/Stations/AddStation.storyboard"),
        (AppUIFixtures.tidemark, "iOS/Preferences/Preferences.storyboard"),
        (AppUIFixtures.tidemark, "iOS/Preferences/PreferenceSwitchCell.xib"),
        (AppUIFixtures.tidemark, "iOS/Station/StationDetail.storyboard"),
        (AppUIFixtures.tidemark, "iOS/Debug/DebugMenu.storyboard"),
        (AppUIFixtures.tidemark, "Share/Base.lproj/ShareSheet.storyboard"),
        (AppUIFixtures.controls, "Base.lproj/Controls.storyboard"),
    ])
    func everyElementIsRead(root: URL, path: String) throws {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let (screens, warnings, outcome) = try read(root, path)
        #expect(outcome == .read)
        #expect(warnings.isEmpty)
        #expect(screens.reduce(0) { $0 + $1.allElements.count } == independentCount(text))
        // Each element sits at the line of its XML element: a button's other titles at their
        // `<state>` or `<buttonConfiguration>`, after the button's own line.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for element in screens.flatMap(\.allElements) where element.kind != .segment {
            let local = element.id.local
            if let dot = local.firstIndex(of: ".") {
                let part = local[local.index(after: dot)...]
                let tag = part.hasPrefix("configuration") ? "<buttonConfiguration " : "<state key=\"\(part.dropLast("Title".count))\""
                #expect(lines[element.position.line - 1].contains(tag), "\(element.id)")
                #expect(element.position.line > line(of: "id=\"\(local[..<dot])\"", in: text) ?? .max, "\(element.id)")
            } else {
                #expect(element.position.line == line(of: "id=\"\(local)\"", in: text), "\(element.id)")
            }
        }
    }

    /// A macOS XIB is left out, by its targetRuntime.
    @Test func macOSFilesAreLeftOut() throws {
        let (screens, warnings, outcome) = try read(AppUIFixtures.tidemark, "Mac/Preferences/GeneralPane.xib")
        #expect(screens.isEmpty && warnings.isEmpty)
        #expect(outcome == .otherPlatform("MacOSX.Cocoa"))
    }

    /// What the Localized fixture's elements say about fonts, lines, autoshrink, adjusting and height.
    @Test func elementProperties() throws {
        let (screens, _, _) = try read(AppUIFixtures.localized, "Base.lproj/Main.storyboard")
        #expect(screens.map(\.name) == ["Main/Settings", "Main/Profile"])
        let all = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0) })
        let notifications = try #require(all["lbl-01-001"])
        #expect(notifications.font == .font(face: .system(.regular), size: .textStyle(.body)))
        #expect(notifications.adjustsForContentSizeCategory)
        #expect(notifications.text == .localized(table: "Main", key: "lbl-01-001.text", developmentText: "Notifications"))
        let sounds = try #require(all["lbl-01-002"])
        #expect(sounds.font == .font(face: .system(.regular), size: .fixed(15)))
        #expect(sounds.lines == 2 && sounds.lineBreak == .wordWrap)
        let title = try #require(all["lbl-02-001"])
        #expect(title.minimumScaleFactor == 0.5 && !title.adjustsForContentSizeCategory)
        let button = try #require(all["btn-02-001"])
        #expect(button.text == .localized(table: "Main", key: "btn-02-001.normalTitle", developmentText: "Continue"))
        #expect(button.height?.constant == 44 && button.height?.relation == .equal && button.height?.isRequired == true)
        #expect(try #require(all["lbl-02-004"]).font == .font(face: .named("Avenir-Book"), size: .fixed(14)))
        if case .unresolved = try #require(all["lbl-02-005"]).text {} else { Issue.record("\"Label\" is a placeholder") }
        #expect(all["seg-02-001.segmentTitles[1]"]?.text == .localized(table: "Main", key: "seg-02-001.segmentTitles[1]", developmentText: "Week"))
        // The table's fixed row height.
        #expect(screens[0].rows.first?.height == .fixed(44, position: UISourcePosition(file: "Base.lproj/Main.storyboard", line: 9, column: 21)))
        #expect(screens[1].navigationTitle?.text == .localized(table: "Main", key: "nav-02-001.title", developmentText: "Profile"))
    }

    /// Width rules, and the widths they give on two devices, computed by hand from the fixture's frames
    /// and constraints (the scene is 390 pt wide at design time).
    @Test func widthsPerDevice() throws {
        let (screens, _, _) = try read(AppUIFixtures.localized, "Base.lproj/Main.storyboard")
        let all = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0) })
        // Pinned 20 pt to the safe area on both sides.
        #expect(all["lbl-02-001"]?.width == .inset(leading: 20, trailing: 20))
        // In a cell: pinned to the content view's margins; frame x 20, width 350 of 390 → 20 / 20.
        #expect(all["lbl-01-001"]?.width == .inset(leading: 20, trailing: 20))
        // A width constraint of 120.
        #expect(all["lbl-02-004"]?.width == .fixed(120))
        // A horizontal stack filling equally, 16 pt from each side, spacing 8: half of (width − 16 − 16 − 8).
        #expect(all["lbl-02-002"]?.width == .fraction(0.5, leading: 16, trailing: 24))
        // Only the leading side pinned: the width comes from the text.
        if case .unknown = all["lbl-02-006"]?.width {} else { Issue.record("one side pinned is unknown") }

        func width(_ rule: UIWidthRule, deviceWidth: Double) -> Double {
            let layout: RowLabelWidth = switch rule {
            case .inset(let l, let t): .share(1, leading: l, trailing: t)
            case .fraction(let f, let l, let t): .share(f, leading: l, trailing: t)
            case .fixed(let w): .fixed(w)
            case .unknown: .content
            }
            return layout.resolve(contentWidth: -1, in: RowContext(width: deviceWidth))
        }
        // iPhone SE (3rd generation) is 375 pt wide, iPhone 16 Pro Max 440 pt.
        let pinned = try #require(all["lbl-02-001"]).width, stacked = try #require(all["lbl-02-002"]).width
        #expect(width(pinned, deviceWidth: 375) == 335)      // 375 − 20 − 20
        #expect(width(pinned, deviceWidth: 440) == 400)      // 440 − 20 − 20
        #expect(width(stacked, deviceWidth: 375) == 167.5)   // (375 − 16 − 16 − 8) / 2
        #expect(width(stacked, deviceWidth: 440) == 200)     // (440 − 16 − 16 − 8) / 2
        #expect(width(try #require(all["lbl-02-004"]).width, deviceWidth: 440) == 120)
    }

    /// A label whose trailing side is anchored (≥) to a switch beside it may grow up to the switch.
    /// Tidemark's Preferences.storyboard: "Show Spring Tides" (Pf1-lb-004) at x 20 (its leading = the
    /// content view's leading margin) in a 361 pt content view, the switch at x 290,
    /// `switch.leading ≥ label.trailing + 8`: trailing inset 361 − 290 + 8 = 79.
    @Test func siblingAnchor() throws {
        let (screens, _, _) = try read(AppUIFixtures.tidemark, "iOS/Preferences/Preferences.storyboard")
        let label = try #require(screens.flatMap(\.allElements).first { $0.id.local == "Pf1-lb-004" })
        // The cell is inset 16 pt in the 393 pt table (x 16, width 361: 393 − 16 − 361 = 16), its content
        // view fills it (x 0, width 361): leading 16 + 0 + 20 = 36, trailing 16 + 0 + 79 = 95.
        #expect(label.width == .inset(leading: 36, trailing: 95))
    }

    /// A cell's accessory narrows its label through the content view's design-time frame. Tidemark's
    /// Preferences.storyboard, "Add Station" (Pf1-lb-001, the text label of a disclosure-indicator cell):
    /// the cell at x 16, 361 pt wide in the 393 pt table (16 each side); its content view 330.5 pt wide
    /// (the accessory takes 361 − 330.5 = 30.5); the label at x 20, 302.5 pt wide in it:
    /// leading 16 + 0 + 20 = 36, trailing 16 + 30.5 + (330.5 − 20 − 302.5 = 8) = 54.5.
    /// "Metres" (Pf1-lb-003), the detail label of the value-1 cell below it (same cell and content
    /// view frames), at x 258.5, 52 pt wide: leading 16 + 0 + 258.5 = 274.5,
    /// trailing 16 + 30.5 + (330.5 − 258.5 − 52 = 20) = 66.5.
    @Test func accessoryNarrowsTheLabel() throws {
        let (screens, _, _) = try read(AppUIFixtures.tidemark, "iOS/Preferences/Preferences.storyboard")
        let all = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0) })
        #expect(all["Pf1-lb-001"]?.width == .inset(leading: 36, trailing: 54.5))
        #expect(all["Pf1-lb-003"]?.width == .inset(leading: 274.5, trailing: 66.5))
    }

    /// A truncated file: one warning naming the file, line and column; the elements before the cut are read.
    @Test func truncatedFile() throws {
        let (screens, warnings, outcome) = try read(AppUIFixtures.localized, "Broken.storyboard")
        #expect(outcome == .read)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.position.file == "Broken.storyboard" && warning.position.line > 1)
        #expect(warning.description.hasPrefix("Broken.storyboard:\(warning.position.line):\(warning.position.column): warning: "))
        #expect(!warning.description.contains("\n"))
        #expect(screens.flatMap(\.allElements).map(\.id.local).contains("lbl-01-001"))
    }

    /// Not XML at all, and an unknown element: one line, nothing read; unknown elements are ignored.
    @Test func badInput() {
        let (screens, warnings, outcome) = InterfaceBuilderReader.read(data: Data("not xml <<<".utf8), path: "X.storyboard")
        #expect(screens.isEmpty && outcome == .unreadable && warnings.count == 1)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document targetRuntime="iOS.CocoaTouch"><objects><view id="v1"><rect key="frame" x="0" y="0" width="390" height="100"/>
            <subviews><gizmo id="g1"/><label text="Hello" id="l1" wobble="3"><rect key="frame" x="0" y="0" width="390" height="20"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES"/></label></subviews></view></objects></document>
            """
        let (read, other, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Y.xib")
        #expect(other.isEmpty)
        #expect(read.flatMap(\.allElements).map(\.id.local) == ["l1"])
        #expect(read.first?.allElements.first?.width == .inset(leading: 0, trailing: 0))
        // Unknown values of attributes the reader uses: one warning each, at the line, the element still read.
        let values = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document targetRuntime="iOS.CocoaTouch"><objects><view id="v1"><rect key="frame" x="0" y="0" width="390" height="100"/>
            <subviews><label text="Hello" id="l1" lineBreakMode="wobble"><rect key="frame" x="0" y="0" width="390" height="20"/>
            <fontDescription key="fontDescription" type="fancySystem" pointSize="12"/></label>
            <label text="Bye" id="l2"><fontDescription key="fontDescription" style="UICTFontTextStyleHuge"/></label></subviews></view></objects></document>
            """
        let (valueScreens, valueWarnings, _) = InterfaceBuilderReader.read(data: Data(values.utf8), path: "Z.xib")
        #expect(valueScreens.flatMap(\.allElements).map(\.id.local) == ["l1", "l2"])
        #expect(valueWarnings.map(\.description) == [
            "Z.xib:3:11: warning: unknown lineBreakMode \"wobble\" of <label>: read as UIKit's default",
            "Z.xib:4:1: warning: unknown font type \"fancySystem\": read as the system font",
            "Z.xib:5:27: warning: unknown text style \"UICTFontTextStyleHuge\": the element is not laid out",
        ])
    }

    /// A constraint cycle (each label's trailing anchored to the other's leading) does not stop the
    /// reader: each side's inset comes from the sibling's design-time edge. Label a at x 0…100 and b at
    /// 120…220 in a 300 pt view: a's trailing inset 300 − 120 + 8 = 188; b's leading 0 + 100 + 8 = 108.
    @Test func constraintCycle() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document targetRuntime="iOS.CocoaTouch"><objects><view id="v"><rect key="frame" x="0" y="0" width="300" height="100"/>
            <subviews>
            <label text="A" id="a" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="0" y="0" width="100" height="20"/></label>
            <label text="B" id="b" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="120" y="0" width="100" height="20"/></label>
            </subviews><constraints>
            <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="c1"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="trailing" constant="8" id="c2"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="b" secondAttribute="leading" constant="-8" id="c3"/>
            <constraint firstItem="b" firstAttribute="trailing" secondItem="a" secondAttribute="leading" constant="8" id="c4"/>
            </constraints></view></objects></document>
            """
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Cycle.xib")
        #expect(warnings.isEmpty)
        let widths = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0.width) })
        // A XIB's top-level view narrower than any iPhone keeps its width: 300 − 0 − 188 = 112.
        #expect(widths["a"] == .fixed(112))
        // b's trailing is anchored to a's leading edge (x 0): 300 − 0 + 8 = 308, more than the view: no width
        // left, so b's width is unknown (listed with the reason, not laid out at zero width).
        if case .unknown(let reason) = widths["b"] { #expect(reason.contains("conflicting or cyclic")) } else {
            Issue.record("b has no width")
        }
    }

    /// Hugging and nesting. A 390 pt scene: a text field pinned 20 pt from the leading side and a
    /// "Show" button after it (8 pt), pinned 20 pt from the trailing side; the button hugs its content
    /// (priority 251 > the field's 250), so its width is its text's (unknown), and the field stretches
    /// up to the button (x 312): trailing inset 390 − 312 + 8 = 86. A vertical stack pinned 16 pt on
    /// both sides holds a label: the stack's width, 16 / 16 from the scene.
    @Test func huggingAndNesting() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document targetRuntime="iOS.CocoaTouch"><scenes><scene sceneID="s"><objects>
            <viewController id="vc" title="Login" sceneMemberID="viewController"><view key="view" id="v">
            <rect key="frame" x="0" y="0" width="390" height="844"/><subviews>
            <textField placeholder="Password" id="f" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="20" y="100" width="284" height="21"/>
            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></textField>
            <button horizontalHuggingPriority="251" id="b" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="312" y="94" width="58" height="33"/>
            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/><state key="normal" title="Show"/></button>
            <stackView axis="vertical" id="st" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="16" y="200" width="358" height="40"/>
            <subviews><label text="Forgot your password?" id="l" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="0" y="0" width="358" height="20"/></label></subviews></stackView>
            </subviews><constraints>
            <constraint firstItem="f" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="20" id="c1"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="f" secondAttribute="trailing" constant="8" id="c2"/>
            <constraint firstAttribute="trailing" secondItem="b" secondAttribute="trailing" constant="20" id="c3"/>
            <constraint firstItem="st" firstAttribute="leading" secondItem="v" secondAttribute="leading" constant="16" id="c4"/>
            <constraint firstAttribute="trailing" secondItem="st" secondAttribute="trailing" constant="16" id="c5"/>
            </constraints></view></viewController></objects></scene></scenes></document>
            """
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Login.storyboard")
        #expect(warnings.isEmpty)
        let widths = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0.width) })
        #expect(widths["f"] == .inset(leading: 20, trailing: 86))
        if case .unknown(let reason) = widths["b"] { #expect(reason.contains("content hugging")) } else { Issue.record("b hugs") }
        #expect(widths["l"] == .inset(leading: 16, trailing: 16))
        #expect(screens.first?.name == "Login/Login")
    }

    /// A standalone XIB cell drawn 81 pt tall on its canvas: no table holds it in the file, so the
    /// height is the table's to decide (the one that registers it may use automatic dimension).
    @Test func aStandaloneCellsRowHeightIsItsCanvas() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-xib-cell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <tableViewCell contentMode="scaleToFill" rowHeight="81" id="Tg1-ce-001" customClass="TagCell">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="81"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="Tg1-ce-001" id="Tg1-cv-001">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="81"/>
                            <subviews>
                                <label opaque="NO" contentMode="left" text="Tag" adjustsFontForContentSizeCategory="YES" id="Tg1-lb-001">
                                    <rect key="frame" x="16" y="30" width="288" height="21"/>
                                    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                </label>
                            </subviews>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>

            """
        try Data(xib.utf8).write(to: dir.appendingPathComponent("TagCell.xib"))
        let (screens, _, _) = try read(dir, "TagCell.xib")
        let row = try #require(screens.first?.rows.first)
        #expect(row.height == .automatic(estimated: 81))
        #expect(row.elements.map(\.id.local) == ["Tg1-lb-001"])
    }

    /// Buttons' titles per control state and configurations, segments and navigation titles, as
    /// Controls.storyboard writes them (checked against the file by hand: line numbers below).
    @Test func buttonTitlesSegmentsAndNavigationTitles() throws {
        let (screens, warnings, _) = try read(AppUIFixtures.controls, "Base.lproj/Controls.storyboard")
        #expect(warnings.isEmpty)
        let all = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0) })
        func text(_ id: String) -> UIText? { all[id]?.text }
        // A title per state; the highlighted state (line 16) sets only a colour: no element of its own.
        #expect(text("btn-03-001") == .localized(table: "Controls", key: "btn-03-001.normalTitle", developmentText: "Follow"))
        #expect(text("btn-03-001.selectedTitle") == .localized(table: "Controls", key: "btn-03-001.selectedTitle",
                                                                developmentText: "Following this publication"))
        #expect(text("btn-03-001.disabledTitle") == .localized(table: "Controls", key: "btn-03-001.disabledTitle", developmentText: "Unavailable"))
        #expect(all["btn-03-001.highlightedTitle"] == nil)
        #expect(all["btn-03-001.selectedTitle"]?.position.line == 19)
        // Every state shares the button's font and width, and is a state of the normal title's element.
        #expect(all["btn-03-001.disabledTitle"]?.font == .font(face: .system(.regular), size: .fixed(17)))
        #expect(all["btn-03-001.disabledTitle"]?.stateOf == all["btn-03-001"]?.id && all["btn-03-001"]?.stateOf == nil)
        #expect(all["btn-03-001.disabledTitle"]?.width == .inset(leading: 20, trailing: 20))
        // A configuration's title and subtitle with their fonts; the legacy "Button" state beside it is not drawn.
        let subscribe = try #require(all["btn-03-002"])
        #expect(subscribe.text == .localized(table: "Controls", key: "btn-03-002.configuration.title", developmentText: "Subscribe"))
        #expect(subscribe.font == .font(face: .system(.regular), size: .textStyle(.headline)))
        #expect(subscribe.fontPosition?.line == 29 && subscribe.width == .fixed(200))
        let subtitle = try #require(all["btn-03-002.configuration.subtitle"])
        #expect(subtitle.text == .localized(table: "Controls", key: "btn-03-002.configuration.subtitle", developmentText: "Cancel anytime"))
        #expect(subtitle.font == .font(face: .system(.regular), size: .fixed(12)) && subtitle.position.line == 28)
        // A configuration without a font: UIKit's, the body style, following Dynamic Type.
        let learn = try #require(all["btn-03-003"])
        #expect(learn.font == .font(face: .system(.regular), size: .textStyle(.body)) && learn.adjustsForContentSizeCategory)
        // An attributed title and its font.
        let terms = try #require(all["btn-03-004"])
        #expect(terms.text == .localized(table: "Controls", key: "btn-03-004.normalTitle", developmentText: "Terms of service"))
        #expect(terms.font == .font(face: .named("Georgia"), size: .fixed(13)) && terms.fontPosition?.line == 47)
        // An image-only configured button (line 53): UIKit draws the configuration's image; the
        // "Button" state title Interface Builder writes beside it is not shown, so no element.
        #expect(all.keys.filter { $0.hasPrefix("btn-03-005") }.isEmpty)
        // Segments with a title (the third has none), and the navigation title.
        #expect(all.keys.filter { $0.hasPrefix("seg-03-001") }.sorted() == ["seg-03-001.segmentTitles[0]", "seg-03-001.segmentTitles[1]"])
        #expect(screens.first?.navigationTitle?.text == .localized(table: "Controls", key: "nav-03-001.title", developmentText: "Plans"))
        #expect(screens.map(\.name) == ["Controls/Plans"])
    }

    /// Tidemark's StationDetail.storyboard: "Forget Station" (Sd1-bt-001, line 85 by `grep -n`) has a
    /// normal state with a title and a colour (line 88) and a highlighted state with a colour and no
    /// title (line 91): one element, at the button's line.
    @Test func highlightedStateWithOnlyAColour() throws {
        let (screens, _, _) = try read(AppUIFixtures.tidemark, "iOS/Station/StationDetail.storyboard")
        let ids = screens.flatMap(\.allElements).map(\.id.local)
        #expect(ids.filter { $0.hasPrefix("Sd1-bt-001") } == ["Sd1-bt-001"])
        let forget = try #require(screens.flatMap(\.allElements).first { $0.id.local == "Sd1-bt-001" })
        #expect(forget.text == .localized(table: "StationDetail", key: "Sd1-bt-001.normalTitle", developmentText: "Forget Station"))
        #expect(forget.position.line == 85)
    }

    /// The per-storyboard strings of a localized storyboard.
    @Test func localizationFiles() {
        let found = IBLocalization.stringsFiles(for: "Base.lproj/Main.storyboard",
                                                among: ["Base.lproj/Main.storyboard", "de.lproj/Main.strings", "de.lproj/Other.strings"])
        #expect(found.map(\.path) == ["de.lproj/Main.strings"] && found.map(\.locale) == ["de"])
    }

    /// Bar items keep their size at every Dynamic Type size and offer the Large Content Viewer
    /// (Apple: UIBarButtonItem, UILargeContentViewerInteraction; docs/layout.md): a bar button
    /// item's title, a system item, a tab bar item and a button inside a bar are read, not laid out.
    @Test func barItemsAreDrawnByTheBar() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch"><scenes><scene sceneID="s1"><objects>
            <viewController title="Compose" id="vc" sceneMemberID="viewController"><view key="view" id="v"><rect key="frame" x="0" y="0" width="390" height="844"/>
            <subviews><label text="Body text" id="body" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="16" y="100" width="358" height="20"/></label>
            <toolbar id="tb"><rect key="frame" x="0" y="800" width="390" height="44"/><items>
            <barButtonItem title="Attach" id="attach"/>
            <barButtonItem systemItem="flexibleSpace" id="space"/>
            </items></toolbar></subviews></view>
            <navigationItem key="navigationItem" title="Compose" id="nav">
            <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="cancel"/>
            <barButtonItem key="rightBarButtonItem" id="custom"><button key="customView" id="send"><rect key="frame" x="0" y="0" width="60" height="30"/>
            <state key="normal" title="Send"/></button></barButtonItem>
            </navigationItem>
            <tabBarItem key="tabBarItem" title="Mail" id="tab"/>
            </viewController></objects></scene></scenes></document>
            """
        let (screens, _, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Compose.storyboard")
        let all = Dictionary(uniqueKeysWithValues: screens.flatMap(\.allElements).map { ($0.id.local, $0) })
        #expect(all["attach"]?.text == .localized(table: "Compose", key: "attach.title", developmentText: "Attach"))
        for id in ["attach", "cancel", "send", "tab"] {
            #expect(all[id]?.drawnBy == UISystemDrawn.bar, "\(id)")
        }
        // A flexible space shows no text; the view's own label is laid out.
        #expect(all["space"] == nil)
        #expect(all["body"]?.drawnBy == nil)
        #expect(screens.first?.navigationTitle?.text == .localized(table: "Compose", key: "nav.title", developmentText: "Compose"))
    }
}
