import AppUI
import Foundation
@testable import InterfaceBuilder
import Testing

/// Storyboards and XIBs built to break the reader: each is read with at most one warning naming
/// the file (and the line where the problem is), never a crash, a hang or unbounded memory; the
/// other elements of the file, and the other files, are still read. Every fixture is generated here.
@Suite struct HostileInterfaceBuilderTests {
    /// A storyboard of one scene whose root view holds `subviews` (XML written inside `<subviews>`).
    static func storyboard(_ subviews: String, rootConstraints: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <scenes>
                <scene sceneID="scene-1">
                    <objects>
                        <viewController title="Hostile" id="vc-1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root-1">
                                <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                                <subviews>
        \(subviews)
                                </subviews>
                                <constraints>
        \(rootConstraints)
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    /// A label with `id` and `text`; `width` adds its own required width constraint.
    static func label(_ id: String, _ text: String, width: Double? = nil, font: String = "type=\"system\" pointSize=\"17\"") -> String {
        let constraint = width.map { "<constraints><constraint firstAttribute=\"width\" constant=\"\($0)\" id=\"w-\(id)\"/></constraints>" } ?? ""
        return "<label text=\"\(text)\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"\(id)\">"
            + "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"100\" height=\"20\"/>"
            + "<fontDescription key=\"fontDescription\" \(font)/>\(constraint)</label>"
    }

    /// A horizontal stack view (UIStackView's default axis, not written) 350 wide holding `arranged`.
    static func stack(_ arranged: String, spacing: Double = 8) -> String {
        "<stackView opaque=\"NO\" spacing=\"\(spacing)\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"stack-1\">"
            + "<rect key=\"frame\" x=\"20\" y=\"100\" width=\"350\" height=\"20\"/><subviews>\(arranged)</subviews></stackView>"
    }

    /// The stack's constraints to the root view: leading and trailing 20 pt.
    static let stackPinned = """
        <constraint firstItem="stack-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" constant="20" id="c-l"/>
        <constraint firstAttribute="trailing" secondItem="stack-1" secondAttribute="trailing" constant="20" id="c-t"/>
        """

    static func elements(_ screens: [UIScreenSource]) -> [String: UIElement] {
        Dictionary(screens.flatMap(\.allElements).map { ($0.id.local, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Two labels sized by their text side by side in a horizontal stack view (the pattern that sent
    /// the width solver from each sibling to the other until the stack overflowed): neither width is
    /// known — UIStackView's fill distribution splits by intrinsic content size, which is the text's.
    @Test func twoContentSizedViewsInAHorizontalStack() {
        let xml = Self.storyboard(Self.stack(Self.label("a", "Title") + Self.label("b", "Detail")), rootConstraints: Self.stackPinned)
        let (screens, warnings, outcome) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Stack.storyboard")
        #expect(outcome == .read)
        #expect(warnings.isEmpty)
        let all = Self.elements(screens)
        for id in ["a", "b"] {
            guard case .unknown(let reason)? = all[id]?.width else { Issue.record("\(id): \(String(describing: all[id]?.width))"); continue }
            #expect(reason.contains("horizontal stack view"))
        }
    }

    /// One flexible label beside a 44 pt fixed one, spacing 8, in a stack inset 20 pt each side:
    /// on a 390 pt screen the label is 390 − 20 − 20 − 44 − 8 = 298 pt wide.
    @Test func oneFlexibleViewBesideAFixedOneTakesTheRest() {
        let xml = Self.storyboard(Self.stack(Self.label("icon", "★", width: 44) + Self.label("text", "Name")), rootConstraints: Self.stackPinned)
        let (screens, _, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Rest.storyboard")
        let all = Self.elements(screens)
        #expect(all["icon"]?.width == .fixed(44))
        guard let rule = all["text"]?.width, case .inset(let leading, let trailing) = rule else {
            Issue.record("\(String(describing: all["text"]?.width))")
            return
        }
        #expect(390 - leading - trailing == 298)
    }

    /// 30,000 labels in one stack view: each label's rule is worked out once per stack, not by going
    /// through its 29,999 siblings (that was 9 × 10⁸ steps).
    @Test func thirtyThousandLabelsInOneStack() {
        let count = 30_000
        let arranged = (0..<count).map { "<label text=\"Item \($0)\" id=\"l\($0)\"/>" }.joined()
        let xml = Self.storyboard(Self.stack(arranged), rootConstraints: Self.stackPinned)
        let start = ContinuousClock.now
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Many.storyboard")
        let elapsed = ContinuousClock.now - start
        #expect(warnings.isEmpty)
        let all = screens.flatMap(\.allElements)
        #expect(all.count == count)
        #expect(all.allSatisfy { if case .unknown = $0.width { true } else { false } })
        // Linear: a debug build reads 30,000 labels in a few seconds; the quadratic solver took minutes.
        #expect(elapsed < .seconds(60), "\(elapsed)")
    }

    /// Views nested 20,000 deep: the reading stops at 512 levels with one warning at the element
    /// that is too deep (its line counted here: one element per line), and the tree read before it
    /// is released without recursion.
    @Test func storyboardNested20000Deep() throws {
        let depth = 20_000
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">"#,
                     "<scenes>", #"<scene sceneID="s">"#, "<objects>", #"<viewController id="vc" sceneMemberID="viewController">"#,
                     #"<view key="view" id="v0">"#]
        for i in 1...depth { lines.append(#"<subviews><view id="v\#(i)">"#) }
        for _ in 1...depth { lines.append("</view></subviews>") }
        lines += ["</view>", "</viewController>", "</objects>", "</scene>", "</scenes>", "</document>"]
        let (_, warnings, outcome) = InterfaceBuilderReader.read(data: Data(lines.joined(separator: "\n").utf8), path: "Deep.storyboard")
        #expect(outcome == .read)
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.message.contains("nested deeper than 512"))
        // <document> is element 1 (line 2) … <view key="view"> element 6 (line 7); line 7 + k holds
        // elements 6 + 2k − 1 (<subviews>) and 6 + 2k (<view>): element 513 is the <subviews> of k = 254.
        #expect(warning.position.file == "Deep.storyboard")
        #expect(warning.position.line == 7 + 254)
    }

    /// A tree 200,000 levels deep built directly (deeper than any stack holds nested deinits) is
    /// released, and walked, without recursion.
    @Test func deepTreeIsReleasedIteratively() {
        var root: IBNode? = IBNode(name: "document", attributes: [:], parent: nil, line: 1, column: 1)
        var tip = root!
        for i in 0..<200_000 {
            let child = IBNode(name: "view", attributes: [:], parent: tip, line: i + 2, column: 1)
            tip.children.append(child)
            tip = child
        }
        var visited = 0
        root!.forEachDescendant { _ in visited += 1 }
        #expect(visited == 200_000)
        root = nil  // a recursive release would overflow the stack here
    }

    /// `pointSize="nan"` on one label: a warning at that `<fontDescription>`'s line, the label not
    /// laid out (font unknown), the label beside it read as usual.
    @Test func nanPointSize() throws {
        let xml = Self.storyboard(Self.label("bad", "Broken size", font: #"type="system" pointSize="nan""#) + "\n"
                                  + Self.label("good", "Fine", font: #"type="system" pointSize="15""#))
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Sizes.storyboard")
        let all = Self.elements(screens)
        guard case .unknown? = all["bad"]?.font else { Issue.record("\(String(describing: all["bad"]?.font))"); return }
        #expect(all["good"]?.font == .font(face: .system(.regular), size: .fixed(15)))
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.message.contains("pointSize \"nan\" is not a font size"))
        #expect(warning.position.line == line(of: "id=\"bad\"", in: xml))
    }

    /// Numbers past what fits: a line count of 2⁶³ − 1 is no limit (0, as UIKit's 0), an infinite
    /// frame or constant reads as absent; nothing traps.
    @Test func numbersOutOfRange() {
        let xml = Self.storyboard("""
            <label text="Many lines" numberOfLines="9223372036854775807" translatesAutoresizingMaskIntoConstraints="NO" id="many"><rect key="frame" x="inf" y="0" width="1e308" height="20"/></label>
            <label text="Negative" numberOfLines="-3" id="neg"><rect key="frame" x="0" y="0" width="100" height="20"/></label>
            """, rootConstraints: """
            <constraint firstItem="many" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" constant="1e309" id="c1"/>
            <constraint firstAttribute="trailing" secondItem="many" secondAttribute="trailing" constant="nan" id="c2"/>
            """)
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Numbers.storyboard")
        let all = Self.elements(screens)
        #expect(all["many"]?.lines == 0)
        #expect(all["neg"]?.lines == 1)
        #expect(warnings.map(\.message) == ["numberOfLines \"-3\" of <label> is not a line count: read as 1"])
        // Without a frame the anchored label's insets cannot be worked out.
        guard case .unknown? = all["many"]?.width else { Issue.record("\(String(describing: all["many"]?.width))"); return }
    }

    /// A storyboard written on one line of 6 MB (30,000 labels): columns are counted on from the
    /// previous tag, not from the line's start for every tag. The error at the end names the column
    /// of the stray `</label>`, which is the line's length before it plus one.
    @Test func oneLineSixMegabytes() throws {
        let labels = (0..<30_000).map { Self.label("x\($0)", "Text number \($0)") }.joined()
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\"><objects><view id=\"top\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"390\" height=\"844\"/><subviews>"
        let before = head + labels + "</subviews>"
        let xml = before + "</label></view></objects></document>"
        #expect(xml.utf8.count > 6_000_000)
        let start = ContinuousClock.now
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "OneLine.xib")
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(screens.flatMap(\.allElements).count == 30_000)
        let warning = try #require(warnings.first)
        #expect(warning.message.contains("</label> closes <view>"))
        #expect(warning.position.line == 1)
        #expect(warning.position.column == before.count + 1)
    }

    /// A XIB of 50,000 top-level views with a label each: 50,000 screens, named by class and
    /// numbered when a name repeats, without going through the top-level objects again for each.
    @Test func fiftyThousandTopLevelObjects() {
        let count = 50_000
        let tops = (0..<count).map { i in
            "<view id=\"t\(i)\"><subviews><label text=\"Row \(i)\" id=\"t\(i)-l\"/></subviews></view>"
        }.joined(separator: "\n")
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n<objects>\n<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\"/>\n\(tops)\n</objects>\n</document>\n"
        let start = ContinuousClock.now
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Tops.xib")
        #expect(ContinuousClock.now - start < .seconds(60))
        #expect(warnings.isEmpty)
        #expect(screens.count == count)
        #expect(Set(screens.map(\.name)).count == count)
        #expect(screens.first?.name == "Tops/view")
        #expect(screens.last?.name == "Tops/view (\(count))")
    }

    /// A file over the size limit (a sparse file: no disk used) is named in one warning and not
    /// read; the file beside it is.
    @Test func fileOverTheSizeLimit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ib-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("Huge.storyboard")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data(Self.storyboard("").utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(InterfaceBuilderReader.largestFile) + 1)
        try handle.close()
        try Data(Self.storyboard(Self.label("ok", "Still read")).utf8).write(to: dir.appendingPathComponent("Small.storyboard"))
        let (result, outcomes) = InterfaceBuilderReader.read(paths: ["Huge.storyboard", "Small.storyboard"], root: dir)
        #expect(result.warnings.map(\.message) == ["is larger than 16 MB, the most TypeFit reads for it; file skipped"])
        #expect(result.warnings.map(\.position.file) == ["Huge.storyboard"])
        #expect(outcomes["Huge.storyboard"] == .unreadable)
        #expect(Self.elements(result.screens)["ok"] != nil)
    }

    /// Past 1,000,000 XML elements the reading stops with one warning at the element after the
    /// limit; what was read before is kept. (The smallest elements, `<a/>`: 4 MB of them.)
    @Test func elementCountLimit() throws {
        var xml = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n<objects>\n"
        xml += Self.label("first", "Read") + "\n"
        // Elements so far: document, objects, label, rect, fontDescription = 5.
        xml += String(repeating: "<a/>", count: IBXMLScanner.mostElements - 5) + "\n"
        xml += "<a/>\n</objects>\n</document>\n"
        let (screens, warnings, _) = InterfaceBuilderReader.read(data: Data(xml.utf8), path: "Count.xib")
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.message.contains("more than 1000000 XML elements"))
        // Lines: 1 <?xml, 2 <document>, 3 <objects>, 4 the label, 5 the filler, 6 the element past the limit.
        #expect(warning.position.line == 6)
        #expect(Self.elements(screens)["first"] != nil)
    }

    /// Each storyboard finds its strings files through one index of the app's files: the same
    /// files as going through the list, for files beside a Base.lproj, at the root, and catalogs.
    @Test func stringsFilesIndex() {
        let files = ["App/Base.lproj/Main.storyboard", "App/de.lproj/Main.strings", "App/fr.lproj/Main.strings",
                     "App/Base.lproj/Main.strings", "App/de.lproj/Other.strings", "App/Main.xcstrings", "Other/de.lproj/Main.strings",
                     "Root.xib", "de.lproj/Root.strings", "Root.strings", "App/sub/de.lproj/Main.strings"]
        let index = IBLocalization.Index(files: files)
        let main = index.stringsFiles(for: "App/Base.lproj/Main.storyboard")
        #expect(main.map(\.path) == ["App/de.lproj/Main.strings", "App/fr.lproj/Main.strings", "App/Main.xcstrings"])
        #expect(main.map(\.locale) == ["de", "fr", nil])
        #expect(index.stringsFiles(for: "Root.xib").map(\.path) == ["de.lproj/Root.strings"])
        // 2,000 localized storyboards among 60,000 files: one pass over the files, then a look-up each.
        var many: [String] = []
        for i in 0..<2_000 {
            many.append("F\(i)/Base.lproj/S\(i).storyboard")
            for locale in ["de", "fr", "ja", "es", "it", "ko", "nl", "pt", "ru", "sv", "tr", "zh-Hans", "zh-Hant", "pl", "uk", "cs",
                           "da", "fi", "nb", "el", "he", "hu", "id", "ms", "ro", "sk", "th", "vi", "ar"] {
                many.append("F\(i)/\(locale).lproj/S\(i).strings")
            }
        }
        let start = ContinuousClock.now
        let big = IBLocalization.Index(files: many)
        let found = (0..<2_000).reduce(0) { $0 + big.stringsFiles(for: "F\($1)/Base.lproj/S\($1).storyboard").count }
        #expect(found == 2_000 * 29)
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
