import Testing
@testable import DynamicType

/// Expected values derived by hand from LetterCase 2.0.0's documented behaviour (StringAdditions.swift):
/// split on " " (empty pieces dropped), each word = first char upper/lower + rest lower-cased, joined with the
/// conjunction ("" camel, "-" kebab, "_" snake/macro, " " otherwise); kebab/snake/macro/camel then drop every
/// character that is not a letter, digit or the conjunction; upper/macro upper-case the result at the end;
/// `letterCase(.train)` falls into `default` and returns the text unchanged.
@Suite struct LetterCaseTests {
    @Test func allTenOnOneSample() {
        let s = "hello wORLD  foo-bar"
        #expect(LetterCase.regular.apply(s) == s)
        #expect(LetterCase.capitalized.apply(s) == "Hello World Foo-bar") // double space collapses
        #expect(LetterCase.kebab.apply(s) == "hello-world-foo-bar")     // '-' is the conjunction, kept
        #expect(LetterCase.lower.apply(s) == "hello world foo-bar")
        #expect(LetterCase.lowerCamel.apply(s) == "helloWorldFoobar")   // "HelloWorldFoo-bar" minus '-', first lower
        #expect(LetterCase.macro.apply(s) == "HELLO_WORLD_FOOBAR")
        #expect(LetterCase.train.apply(s) == s)                          // library quirk
        #expect(LetterCase.snake.apply(s) == "hello_world_foobar")
        #expect(LetterCase.upper.apply(s) == "HELLO WORLD FOO-BAR")
        #expect(LetterCase.upperCamel.apply(s) == "HelloWorldFoobar")
        #expect(LetterCase.trainCased(s) == "HELLO-WORLD-FOO-BAR")
    }

    @Test func punctuationDigitsAndUnicode() {
        let s = " Don't stop, 2 go! "
        #expect(LetterCase.capitalized.apply(s) == "Don't Stop, 2 Go!")  // punctuation kept, outer spaces gone
        #expect(LetterCase.kebab.apply(s) == "dont-stop-2-go")
        #expect(LetterCase.snake.apply(s) == "dont_stop_2_go")
        #expect(LetterCase.upperCamel.apply(s) == "DontStop2Go")
        #expect(LetterCase.lowerCamel.apply(s) == "dontStop2Go")
        #expect(LetterCase.upper.apply("straße élan") == "STRASSE ÉLAN")       // Swift full case mapping
        #expect(LetterCase.capitalized.apply("éLAN vital") == "Élan Vital")
        #expect(LetterCase.kebab.apply("a\tb c") == "ab-c")                    // tab does not split; stripped
        #expect(LetterCase.upperCamel.apply("") == "" && LetterCase.lowerCamel.apply("   ") == "")
    }

    @Test func parsing() throws {
        #expect(LetterCase.allCases.map(\.rawValue) ==
                ["regular", "capitalized", "kebab", "lower", "lower-camel", "macro", "train", "snake", "upper", "upper-camel"])
        #expect(try LetterCase(parsing: "Upper-Camel") == .upperCamel)
        #expect(throws: DynamicTypeError.self) { try LetterCase(parsing: "title") }
    }
}
