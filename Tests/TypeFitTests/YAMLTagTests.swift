import Foundation
import TestSupport
import Testing
import Yams
@testable import TypeFit

/// A config is composed without Yams' tag rules when nothing in it can share a node
/// (`TypeFitConfig.compose`), and its values get the default resolver's tags from
/// `ConfigCursor.tagName(of:)`: what the config means is what Yams' default reading gives.
@Suite struct YAMLTagTests {
    /// Yams' own answer, from a scalar of its own (resolution is cached in the tag object, so
    /// the two sides never share one).
    static func yams(_ string: String) -> String { Node.scalar(.init(string)).tag.rawValue }

    static func ours(_ string: String) -> String { ConfigCursor.tagName(of: Node.Scalar(string)) }

    @Test func everyRuleOfTheDefaultResolverAgrees() {
        let samples = [
            "", "~", "null", "Null", "NULL", "nULL", "yes", "Yes", "YES", "y", "n", "no", "No", "NO", "true", "True",
            "TRUE", "tRUE", "false", "False", "on", "On", "ON", "off", "Off", "OFF", "0", "-0", "+12", "1_000", "0b101",
            "0o17", "017", "0x1F", "0xg", "190:20:30", "1.5", "-.5", ".5", "1e3", "1.0e+3", ".inf", "-.Inf", "+.INF", ".nan",
            ".NaN", ".", "<<", "<", "=", "==", "2024-01-01", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
            "text", "headline", "truncateTail", "about.title", "r12", "Screen 1", "nothing", "offline", "yes no",
            "é", "日本", "#x", "@x", "%d", "x\n", "true\n", "1\n", " 1", "\t", "_1", "[]", "{}", "!x",
            // ICU's `$` matches before a final line terminator: these are null, as Yams says.
            "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{2026}",
        ]
        for sample in samples {
            #expect(Self.ours(sample) == Self.yams(sample), "\(sample.debugDescription)")
        }
    }

    /// 20,000 strings of up to 6 characters from an alphabet rich in the rules' characters.
    @Test func randomStringsAgree() {
        let alphabet = Array("yYnNtTfFoOeEsSuUlLrRaAxXbB0123456789+-._:<=~ aiz\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}é")
        var generator = SystemRandomNumberGenerator()
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...6, using: &generator)
            let string = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if Self.ours(string) != Self.yams(string) { disagreements.append(string) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Explicit and quoted tags are the ones written (a quoted "yes" is a string, `!!str 12` too).
    @Test func explicitAndQuotedTagsAreKept() throws {
        let yaml = "a: \"yes\"\nb: !!str 12\nc: !!int 12\nd: 'null'\ne: yes\nf: hello\ng: ~\nh: 1.5\n"
        for root in [try TypeFitConfig.compose(yaml), try Yams.compose(yaml: yaml)] {
            guard case .mapping(let mapping)? = root else { Issue.record("not a mapping"); return }
            let tags = mapping.map { pair -> String in
                guard case .scalar(let scalar) = pair.value else { return "?" }
                return ConfigCursor.tagName(of: scalar)
            }
            #expect(tags == [Tag.Name.str, .str, .int, .str, .bool, .str, .null, .float].map(\.rawValue))
        }
    }

    /// Keys that only their tags tell apart ("1" quoted and 1 plain) are two keys, as with the
    /// default resolver; keys written twice are still an error.
    @Test func duplicateKeysAreYamsDefault() throws {
        let root = try #require(try TypeFitConfig.compose("\"1\": a\n1: b\n"))
        guard case .mapping(let mapping) = root else { Issue.record("not a mapping"); return }
        #expect(mapping.count == 2)
        #expect(throws: YamlError.self) { _ = try TypeFitConfig.compose("a: 1\nb: 2\na: 3\n") }
        #expect(ConfigFixtures.error("a: 1\na: 2\n")?.contains("\"a\"") == true)
    }

    /// Every example config reads the same composed without tag rules as with Yams' default
    /// resolver (a trailing comment with "&" sends a text down the default path).
    @Test func exampleConfigsReadTheSameBothWays() throws {
        let root = Repository.root
        var fast = 0
        for path in ["Examples/Contacts/typefit.yml", "Examples/Wayfell/typefit.yml", "Examples/Web/typefit.yml"] {
            let url = root.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            if !text.contains("&") && !text.contains("*") && !text.contains("<<") { fast += 1 }
            let folder = url.deletingLastPathComponent()
            let a = try TypeFitConfig.parse(yaml: text, file: path, baseDirectory: folder)
            let b = try TypeFitConfig.parse(yaml: text + "\n# & sends this text down Yams' default path\n", file: path, baseDirectory: folder)
            #expect(a == b, "\(path)")
        }
        #expect(fast > 0)
    }

    /// Numbers, booleans and nulls in a config mean the same both ways, and a wrong type is the
    /// same error.
    @Test func typedValuesReadTheSameBothWays() throws {
        let yaml = """
        fonts:
          text: { file: Fonts/Inter/Inter-Regular.otf }
        styles:
          body: { font: text, model: apple, textStyle: body, letterSpacing: 0.5, lineHeightMultiple: 1.2 }
        locales: ~
        screens:
          - name: Settings
            tabBar: yes
            rows:
              - name: title
                height: 60
                labels:
                  - { name: title, style: body, text: "Hi", lines: 2, autoshrink: .5 }
        """
        let a = try ConfigFixtures.parse(yaml)
        let b = try ConfigFixtures.parse(yaml + "\n# &\n")
        #expect(a == b)
        let bad = yaml.replacingOccurrences(of: "lines: 2", with: "lines: two")
        #expect(ConfigFixtures.error(bad) != nil)
        #expect(ConfigFixtures.error(bad) == ConfigFixtures.error(bad + "\n# &\n"))
    }
}
