import DynamicType
import Testing
import WebAudit

/// The `-apple-system-*` rewrite against the HIG table (Apple HIG "Dynamic Type sizes", iOS: body
/// 14 pt at xS, 17 pt at L, 53 pt at AX5; headline 17 pt semibold at L; caption2 11 pt at L).
@Suite struct AppleSystemFontsTests {
    @Test func bodyKeywordBecomesTheHIGBodySize() {
        let css = "body { font: -apple-system-body; font-family: \"Inter\", -apple-system, sans-serif; }"
        #expect(AppleSystemFonts.rewrite(css, at: .accessibilityExtraExtraExtraLarge)
                == "body { font: 400 53px/normal -apple-system, system-ui, sans-serif; font-family: \"Inter\", -apple-system, sans-serif; }")
        #expect(AppleSystemFonts.rewrite(css, at: .extraSmall).contains("font: 400 14px/normal"))
        #expect(AppleSystemFonts.rewrite(css, at: .large).contains("font: 400 17px/normal"))
    }

    @Test func otherStylesAndVariants() {
        #expect(AppleSystemFonts.cssFont(forKeyword: "headline", at: .large) == "600 17px/normal -apple-system, system-ui, sans-serif")
        #expect(AppleSystemFonts.cssFont(forKeyword: "short-caption1", at: .large)?.hasPrefix("400 12px") == true)
        #expect(AppleSystemFonts.cssFont(forKeyword: "title0", at: .large)?.hasPrefix("400 34px") == true)
        #expect(AppleSystemFonts.textStyle(forKeyword: "tall-body") == .body)
    }

    @Test func unknownKeywordsStayAndAreListed() {
        let css = "h1 { font: -apple-system-title4 } p { font: -apple-system-body }"
        #expect(AppleSystemFonts.rewrite(css, at: .large).hasPrefix("h1 { font: -apple-system-title4 }"))
        #expect(AppleSystemFonts.unknownKeywords(in: css) == ["-apple-system-title4"])
    }
}
