import Foundation
import TestSupport
import Testing
@testable import Localization

/// `.strings` files in property-list form (XML or binary), which Xcode accepts as well as the
/// old-style `"key" = "value";` text, and the guard in front of `PropertyListSerialization`.
@Suite struct PropertyListStringsTests {
    /// An XML property list as tools that generate InfoPlist.strings write it (text written here).
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDisplayName</key>
        \t<string>Gartenplaner</string>
        \t<key>NSCameraUsageDescription</key>
        \t<string>Fotos von Beeten &amp; Pflanzen aufnehmen</string>
        </dict>
        </plist>

        """

    @Test func anXMLPropertyListIsReadWithTheLinesOfItsKeys() throws {
        let result = try StringsFile.parse(Data(Self.xml.utf8), file: "de.lproj/InfoPlist.strings", locale: "de")
        // Keys on lines 5 and 7 of the text above (1: <?xml, 2: DOCTYPE, 3: <plist>, 4: <dict>).
        #expect(result.entries.map(\.key) == ["CFBundleDisplayName", "NSCameraUsageDescription"])
        #expect(result.entries.map(\.line) == [5, 7])
        // `&amp;` is the XML entity for "&".
        #expect(result.entries.map(\.value) == ["Gartenplaner", "Fotos von Beeten & Pflanzen aufnehmen"])
        #expect(result.entries.allSatisfy { $0.locale == "de" && $0.file == "de.lproj/InfoPlist.strings" })
        #expect(result.warnings.isEmpty)
    }

    @Test func anXMLPropertyListWithAByteOrderMarkAndLeadingSpaceIsReadToo() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(("\n  " + Self.xml).utf8)
        let result = try StringsFile.parse(data, file: "InfoPlist.strings", locale: "en")
        #expect(result.entries.count == 2)
    }

    @Test func aBinaryPropertyListIsRead() throws {
        // Written by Foundation's own binary writer, the format Xcode's build also produces.
        let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleDisplayName": "Planificateur"],
                                                      format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let result = try StringsFile.parse(data, file: "fr.lproj/InfoPlist.strings", locale: "fr")
        #expect(result.entries.map(\.key) == ["CFBundleDisplayName"])
        #expect(result.entries.map(\.value) == ["Planificateur"])
        #expect(result.entries.map(\.line) == [0])  // a binary list keeps no lines
    }

    @Test func aValueThatIsNotAStringIsAnErrorAtItsKeyOrSkippedWhenLenient() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>title</key><string>Beete</string>
            <key>count</key><integer>3</integer>
            </dict>
            </plist>
            """
        do {
            _ = try StringsFile.parse(Data(xml.utf8), file: "x.strings", locale: "en")
            Issue.record("an integer value was accepted")
        } catch {
            // `count` is on line 5.
            #expect(error.description == #"x.strings:5:1: key "count": the value is not a string"#)
        }
        let lenient = try StringsFile.parse(Data(xml.utf8), file: "x.strings", locale: "en", mode: .lenient)
        #expect(lenient.entries.map(\.key) == ["title"])
        #expect(lenient.warnings.map(\.description) == [#"x.strings:5:1: warning: key "count": the value is not a string; entry skipped"#])
    }

    @Test func aRootThatIsNotADictionaryIsOneLine() {
        let xml = #"<?xml version="1.0"?><plist version="1.0"><array><string>a</string></array></plist>"#
        do {
            _ = try StringsFile.parse(Data(xml.utf8), file: "a.strings", locale: "en")
            Issue.record("an array root was accepted")
        } catch {
            #expect(error.description == "a.strings: a .strings property list must be a dictionary of strings")
        }
    }

    @Test func aTruncatedXMLPropertyListIsOneLine() {
        let cut = String(Self.xml.prefix(200))
        do {
            _ = try StringsFile.parse(Data(cut.utf8), file: "cut.strings", locale: "en")
            Issue.record("a truncated property list was accepted")
        } catch {
            #expect(error.description.hasPrefix("cut.strings: not a valid property list ("))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func oldStyleTextIsStillReadByItsOwnParser() throws {
        // A comment first, then an unquoted key: not a property list in XML form.
        let text = "/* Title */\ntitle = \"Beete\";\n"
        let result = try StringsFile.parse(Data(text.utf8), file: "t.strings", locale: "en")
        #expect(result.entries.map(\.value) == ["Beete"])
        #expect(result.entries.map(\.comment) == ["Title"])
    }

    // MARK: The binary property list guard

    @Test func sharedObjectsThatWouldExpandExponentiallyAreRefused() {
        // 28 levels of two references each: 2^29 − 1 objects as a tree, from 102 bytes of objects,
        // past the limit max(100,000, 2 × 150 bytes) = 100,000.
        let bomb = binaryPlistOfSharedArrays(depth: 28)
        do {
            _ = try StringsFile.parse(bomb, file: "bomb.strings", locale: "en")
            Issue.record("the bomb was accepted")
        } catch {
            #expect(error.description == "bomb.strings: not a valid .strings property list (the binary property list's shared references expand to more than 100000 objects; refusing what looks like a reference bomb)")
        }
        do {
            _ = try StringsDictFile.parse(bomb, file: "bomb.stringsdict", locale: "en")
            Issue.record("the bomb was accepted as a .stringsdict")
        } catch {
            #expect(error.description.hasPrefix("bomb.stringsdict: not a valid .stringsdict (the binary property list's shared references"))
        }
    }

    @Test func aFewSharedObjectsPassTheGuard() {
        // Depth 4: 2^5 − 1 = 31 objects as a tree, far under the limit; Foundation reads it, and the
        // value under "k" is an array, not a string.
        let small = binaryPlistOfSharedArrays(depth: 4)
        #expect((try? PropertyListSerialization.propertyList(from: small, options: [], format: nil)) is [String: Any])
        do {
            _ = try StringsFile.parse(small, file: "s.strings", locale: "en")
            Issue.record("an array value was accepted")
        } catch {
            #expect(error.description == #"s.strings: key "k": the value is not a string"#)
        }
    }

    @Test func anObjectThatContainsItselfIsRefused() {
        do {
            _ = try StringsFile.parse(binaryPlistOfSharedArrays(depth: 3, cycle: true), file: "c.strings", locale: "en")
            Issue.record("a cycle was accepted")
        } catch {
            #expect(error.description == "c.strings: not a valid .strings property list (the binary property list's objects refer to themselves)")
        }
    }

    @Test func aSetIsStillRefused() {
        do {
            _ = try StringsFile.parse(binaryPlistWithSet(), file: "set.strings", locale: "en")
            Issue.record("a set was accepted")
        } catch {
            #expect(error.description == "set.strings: not a valid .strings property list (the binary property list contains a set)")
        }
    }
}
